// The puzzle page's script: it draws and forwards taps; the rules engine decides.
//
// The engine is citytrip's own Python (generator/rules, generator/browser/game.py) running
// unchanged in Pyodide. Every tap goes to the Python `Game`, which judges it with the engine and
// answers with the whole view as JSON; this script only draws that view. Nothing from the page's
// address is ever run: the fragment is read as text and handed to the engine's notation reader.
//
// The words are in the page's language: `citytrip site --lang` writes this file with every
// [[message]] string translated (generator/site/template_messages.py), and the engine's own messages come
// translated from the Python side, which reads the language's compiled catalog.
//
// A game finished here by taps is added to the player's record in this browser (record.js) and,
// on a site built with a results service (`citytrip site --results-url`), sent there (results.js);
// a shared route (#plan=…) replayed, even if finished by taps afterwards, is neither. A daily game in
// progress is kept in this browser too (keepPlay), so a reload takes it up where it was.

import { cityStats, hasPlayed, loadRecord, saveRecord, withGame } from "./record.js";
import { keepForOffline, keepSnapshot, loadEngine } from "./engine.js";
import { newCode as newTableCode } from "./tablecode.js";
import { fill } from "./words.js";

const data = JSON.parse(document.getElementById("puzzle-data").textContent);
const body = document.body;
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const MAX_FRAGMENT = 4000; // characters: a 19-turn play in the notation is well under 2000
const LANG = document.documentElement.lang || "en";

const LEVEL = Boolean(data.deal); // a level page: the deal comes from the code in the address
let game = null;
let view = null;
let gameModule = null; // generator.browser.game
let tableModule = null; // generator.browser.table, on a level page
let levelNote = ""; // a level page's line about a damaged address
let levelDeal = ""; // a level page's deal in its address (code, level, cards), without the play
let levelPlay = { plan: "", draft: "" }; // the play the address kept, for the engine to replay
const LEVELS_TITLE = data.page.title;
if (LEVEL) {
  for (const [level, shown] of Object.entries(data.levels)) {
    const option = document.createElement("option");
    option.value = level;
    option.textContent = fill("[[Level {level} (target {target})]]", { level, target: shown.target });
    $("level").appendChild(option);
  }
}
// results.js, loaded only on a site with a results service: it sends the plays kept from an
// earlier visit at once, and this page's when it is finished.
// Opening the answer key marks this puzzle's play as revealed (sent, never counted).
const RESULTS = !LEVEL && data.page.results ? import("./results.js") : null;
RESULTS?.then((results) => results.flush(data.page.results), (error) => console.warn("citytrip: no results script:", error));
if (RESULTS) {
  const key = `${data.page.city}/${data.page.date}/${data.page.mini ? "mini" : "daily"}`;
  $("answer").addEventListener("toggle", () => $("answer").open && RESULTS.then((results) => results.markRevealed(key)));
}
let replayed = false; // this game came from a shared route: not the player's own
let daysNote = ""; // the end of the game's line about the record
const timings = []; // milliseconds per judged tap, for benchmarks/site.py
window.citytripTimings = timings;

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// A refused tap or a damaged address is `illegal` (in red); a plain note is not.
function say(text, illegal = true) {
  $("message").textContent = text || "";
  $("message").classList.toggle("illegal", Boolean(text) && illegal);
}

// --- the engine ----------------------------------------------------------------------------------

async function startEngine() {
  const pyodide = await loadEngine(LANG);
  gameModule = pyodide.pyimport("generator.browser.game");
  if (LEVEL) {
    tableModule = pyodide.pyimport("generator.browser.table");
    dealLevel();
  }
  const loaded = newGame();
  performance.mark("citytrip-engine");
  return loaded;
}

function newGame() {
  return gameModule.Game.from_json(JSON.stringify({ puzzle: data.puzzle, page: data.page, words: data.words }), LANG);
}

// --- a level's deal (levels.html): the deck dealt in the engine from the code in the address ------

function newCode() {
  return newTableCode(data.deal.alphabet, data.deal.code_length);
}

function freshFragment(level, cards) {
  return `code=${newCode()}&level=${level}&cards=${cards}`;
}

// The puzzle of the address's fragment (read by the engine's parser only); a missing or damaged
// one is replaced by a fresh deal of the first level, with the parser's line said. The fragment
// may also keep the play so far (plan, draft: see keepLevelPlay), which takeUpLevel replays.
function dealLevel() {
  let text = location.hash.slice(1);
  let problem = "";
  let dealt = text ? JSON.parse(tableModule.level_deal(JSON.stringify(data.deal.base), JSON.stringify(data.deal.cards), text, LANG)) : null;
  if (!dealt || dealt.error) {
    problem = dealt ? dealt.error : "";
    text = freshFragment(Object.keys(data.levels)[0], 16);
    history.replaceState(null, "", "#" + text);
    dealt = JSON.parse(tableModule.level_deal(JSON.stringify(data.deal.base), JSON.stringify(data.deal.cards), text, LANG));
  }
  data.puzzle = dealt.puzzle;
  data.page.code = dealt.code;
  const { code, level, cards } = dealt.options;
  levelDeal = `code=${code}&level=${level}&cards=${cards}`;
  levelPlay = { plan: dealt.options.plan || "", draft: dealt.options.draft || "" };
  const shown = data.levels[String(level)];
  data.page.title = fill("[[{title} · level {level}]]", { title: LEVELS_TITLE, level });
  $("level").value = String(level);
  $("cards").value = String(cards);
  $("code").textContent = code;
  $("deal-link").href = location.href.split("#")[0] + "#" + `code=${code}&level=${level}&cards=${cards}`;
  $("verify-code").textContent = dealt.code;
  $("target-text").textContent = fill("[[Level {level}: target {target}]]", { level, target: shown.target });
  $("start-text").textContent = shown.start;
  $("statement-heading").textContent = shown.heading;
  $("statement").replaceChildren(...shown.lines.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  levelNote = problem ? fill("[[{problem} A new deal of level {level}.]]", { problem, level }) : "";
}

// A level's new game, with the play its address kept replayed by the engine (a play it refuses
// starts the level afresh, and the engine's reason is the page's note).
function takeUpLevel() {
  game = newGame();
  view = JSON.parse(levelPlay.plan || levelPlay.draft ? game.restore(levelPlay.plan, levelPlay.draft) : game.view());
  if (!levelNote && view.message) levelNote = view.message;
  keepLevelPlay();
}

// Keep the level's play in the address (the deal, then the turns played and the turn being
// written, in the notation), so that a reload takes the game up where it was.
function keepLevelPlay() {
  let text = levelDeal;
  if (view.notation) text += "&plan=" + encodeURIComponent(view.notation);
  if (view.draft) text += "&draft=" + encodeURIComponent(view.draft);
  if (location.hash.slice(1) !== text) history.replaceState(null, "", "#" + text);
}

function ask(method, ...args) {
  const begin = performance.now();
  const wasOver = Boolean(view?.over);
  view = JSON.parse(game[method](...args));
  const judged = performance.now();
  if (view.over && !wasOver && !replayed && !LEVEL) {
    remember();
    const plan = view.notation;
    RESULTS?.then((results) => results.finished(data.page.results, data.page, plan, $("standing")))
      .catch((error) => console.warn("citytrip: the standing could not be shown:", error));
  }
  if (LEVEL) keepLevelPlay();
  else if (!replayed && method !== "restart") keepPlay();
  draw();
  timings.push({ judge: judged - begin, total: performance.now() - begin });
  announceTap(method, args);
}

// --- the map overlay: route, ticks and tap targets -------------------------------------------

const map = document.getElementById("map");
// The drawing (the sheet's map) is one picture; what a keyboard and a screen reader use is the
// overlay's nodes: the map becomes a group of node buttons with one tab stop (a roving cursor).
for (const child of map.children) child.setAttribute("aria-hidden", "true");
map.setAttribute("role", "group");
map.setAttribute("tabindex", "-1"); // the tab stop is the cursor's node, not the drawing
map.setAttribute("aria-label", fill("[[Map of {city}: arrow keys move between the nodes, Enter or Space taps the node]]",
  { city: data.page.city_name }));
const overlay = document.createElementNS(SVG, "g");
overlay.setAttribute("class", "overlay");
map.appendChild(overlay);
const routeLayer = document.createElementNS(SVG, "g");
const markLayer = document.createElementNS(SVG, "g");
const targetLayer = document.createElementNS(SVG, "g");
overlay.append(routeLayer, markLayer, targetLayer);
const cell = data.map.cell;

// The nodes inside the drawing (a mini's map shows its square only), by column and row of the
// drawing, for the arrow keys.
const [, , viewWidth, viewHeight] = map.getAttribute("viewBox").split(/[ ,]+/).map(Number);
const shown = Object.entries(data.map.nodes).filter(([, [x, y]]) => x >= 0 && y >= 0 && x <= viewWidth && y <= viewHeight);
const xs = [...new Set(shown.map(([, [x]]) => x))].sort((a, b) => a - b);
const ys = [...new Set(shown.map(([, [, y]]) => y))].sort((a, b) => a - b);
const nodeAt = new Map(shown.map(([at, [x, y]]) => [`${xs.indexOf(x)},${ys.indexOf(y)}`, at]));
const targets = {};
for (const [at, [x, y]] of shown) {
  const target = document.createElementNS(SVG, "circle");
  target.setAttribute("cx", x);
  target.setAttribute("cy", y);
  target.setAttribute("r", cell * 0.5);
  target.setAttribute("class", "target");
  target.setAttribute("role", "button");
  target.setAttribute("tabindex", "-1");
  target.dataset.at = at;
  const label = document.createElementNS(SVG, "title"); // the name on hover
  target.appendChild(label);
  targetLayer.appendChild(target);
  targets[at] = target;
}
let cursor = data.puzzle ? data.puzzle.start : shown[0][0]; // the node the map's tab stop is on

function point(at) {
  return data.map.nodes[at].join(",");
}

function line(nodes, cls) {
  if (nodes.length < 2) return;
  const path = document.createElementNS(SVG, "polyline");
  path.setAttribute("points", nodes.map(point).join(" "));
  path.setAttribute("class", cls);
  path.setAttribute("stroke-width", cell * 0.16);
  routeLayer.appendChild(path);
}

function ring(at, cls, radius) {
  const [x, y] = data.map.nodes[at];
  const mark = document.createElementNS(SVG, "circle");
  mark.setAttribute("cx", x);
  mark.setAttribute("cy", y);
  mark.setAttribute("r", cell * radius);
  mark.setAttribute("class", cls);
  markLayer.appendChild(mark);
}

// --- the nodes' names and the keyboard's cursor ------------------------------------------------

// What a node is now: "K12, Belfort: Photograph famous historical buildings, 2 photo; on the path,
// end a". The place's part is the page's (generator/site/pages.py, place_names), the rest the view's.
function nodeName(at) {
  const states = [];
  const ends = view.directions === 1 ? ["[[the path's end]]"] : ["[[end a]]", "[[end b]]"];
  if (at === view.start) states.push("[[the start]]");
  const onPath = view.path.some((nodes) => nodes.includes(at));
  const drafted = view.draft_path.findIndex((nodes) => nodes.includes(at));
  if (onPath) states.push("[[on the path]]");
  if (drafted >= 0) {
    const nodes = view.draft_path[drafted];
    const unpaid = nodes.indexOf(at) >= nodes.length - view.unpaid_steps[drafted];
    states.push(unpaid ? "[[a step of this turn, not paid yet]]" : "[[a step of this turn]]");
  }
  if (!view.over) view.heads.forEach((head, end) => {
    if (head === at && ends[end]) states.push(ends[end] + (view.directions === 2 && end === view.active_end ? " " + "[[(extended now)]]" : ""));
  });
  if (view.achieved.some((done) => done.at === at)) states.push("[[ticked in an earlier turn]]");
  if (view.ticked.includes(at)) states.push(view.unpaid_goals.includes(at) ? "[[ticked this turn, not paid yet]]" : "[[ticked this turn]]");
  if (view.tickable.includes(at)) states.push("[[can be ticked]]");
  const place = data.map.places[at];
  return (place ? `${at}, ${place}` : at) + (states.length ? "; " + states.join(", ") : "");
}

let stated = new Set(); // the nodes whose name said a state at the last draw

// Name the nodes whose state may have changed: those with one now or at the last draw (the
// others keep their place's name, written once).
function nameNodes() {
  const now = new Set([view.start, ...view.path.flat(), ...view.draft_path.flat(), ...view.heads,
    ...view.achieved.map((done) => done.at), ...view.ticked, ...view.tickable]);
  const changed = stated.size ? new Set([...stated, ...now]) : Object.keys(targets);
  stated = now;
  for (const at of changed) {
    const target = targets[at];
    if (!target) continue;
    const name = nodeName(at);
    if (target.getAttribute("aria-label") !== name) {
      target.setAttribute("aria-label", name);
      target.firstChild.textContent = name;
    }
  }
  if (targets[cursor]?.getAttribute("tabindex") !== "0") moveCursor(cursor, false);
}

// The map's one tab stop on node `at` (focused when `focus`), its name shown under the map.
function moveCursor(at, focus = true) {
  if (!targets[at]) return;
  targets[cursor]?.setAttribute("tabindex", "-1");
  cursor = at;
  targets[at].setAttribute("tabindex", "0");
  if (focus) {
    targets[at].focus();
    showPlace(at);
  }
}

function showPlace(at) {
  const place = $("place");
  place.textContent = at ? targets[at].getAttribute("aria-label") : "";
  if (!at) return;
  const frame = place.parentElement.getBoundingClientRect();
  const node = targets[at].getBoundingClientRect();
  place.classList.toggle("top", node.top + node.height / 2 > frame.top + frame.height / 2); // away from the node
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// The next node from the cursor in an arrow's direction (skipping a gap in the grid, if any).
function neighbour(at, [dx, dy]) {
  const [x, y] = data.map.nodes[at];
  let column = xs.indexOf(x) + dx;
  let row = ys.indexOf(y) + dy;
  while (column >= 0 && row >= 0 && column < xs.length && row < ys.length) {
    const found = nodeAt.get(`${column},${row}`);
    if (found) return found;
    column += dx;
    row += dy;
  }
  return at;
}

function announceTap(method, args) {
  if (view.message) return announce(""); // the message says it (role="alert")
  const count = $("left").textContent;
  if (method === "tap_node" || method === "choose_goal") {
    announce(view.choosing ? fill("[[Which goal at {at}?]]", { at: view.choosing.at }) : nodeName(args[0]) + (count ? ". " + count : ""));
  } else if (method === "next_turn" || method === "undo") {
    announce(view.over ? $("verdict").textContent + " " + $("medal-text").textContent
      : fill("[[Turn {turn} of {turns}, score {score}.]]", { turn: view.turn, turns: view.turns, score: view.score.total }) + " " + count);
  } else if (method === "tap_box" || method === "use_bonus" || method === "select_end") {
    announce(count);
  }
}

// Tell a screen reader what a tap changed (the page's live region): a refusal is the message's
// own alert; a taken tap on the map says the node as it is now, and the turn's count.
function announce(text) {
  $("announce").textContent = text;
}

function drawMap() {
  routeLayer.replaceChildren();
  markLayer.replaceChildren();
  for (const end of [0, 1]) {
    const played = [view.start, ...view.path[end]];
    line(played, "route");
    // This turn's steps: those the actions chosen so far pay, then the end's last steps they do
    // not pay yet (dashed in another colour: Next says whether the whole turn pays).
    const drafted = [played[played.length - 1], ...view.draft_path[end]];
    const paid = drafted.length - view.unpaid_steps[end];
    line(drafted.slice(0, paid), "route draft");
    line(drafted.slice(paid - 1), "route draft unpaid");
  }
  if (LEVEL) ring(view.start, "start", 0.62); // the level's start, which the shared map leaves open
  for (const done of view.achieved) ring(done.at, "achieved", 0.5);
  for (const at of view.ticked) ring(at, view.unpaid_goals.includes(at) ? "ticked unpaid" : "ticked", 0.5);
  for (const at of view.tickable) ring(at, "tickable", 0.56);
  if (!view.over) {
    view.heads.forEach((at, end) => {
      if (end === 1 && view.directions === 1) return;
      // a ring around the node, not a dot on it: a dot hid the place's icon on a mini's large cells
      ring(at, end === view.active_end ? "head active" : "head", 0.7);
    });
  }
}

// --- this turn's boxes, choices and bonus actions ------------------------------------------------

// A node tapped (or Enter/Space on the map's cursor); a place with a choice of goals moves the
// focus to the question's first answer.
function tapNode(at) {
  const fromKeyboard = document.activeElement === targets[at];
  ask("tap_node", at);
  if (view.choosing && fromKeyboard) $("choice").querySelector("button")?.focus();
}

function icon(type) {
  return `<svg class="icon" aria-hidden="true"><use href="#icon-${type}"/></svg>`;
}

function drawFaces() {
  const faces = $("this-turn");
  faces.replaceChildren();
  for (const column of ["L", "R"]) {
    const group = document.createElement("div");
    group.className = "face";
    for (const row of [1, 2, 3]) {
      const name = column + row;
      const box = view.faces[name];
      const button = document.createElement("button");
      button.type = "button";
      button.className = `box type-${box.type}`;
      button.dataset.box = name;
      button.setAttribute("aria-pressed", String(view.boxes.includes(name)));
      button.setAttribute("aria-label", fill("[[{box}: {action} {value}]]", { box: name, action: data.actions[box.type], value: box.value }));
      button.innerHTML = `${icon(box.type)}<span>${box.value}</span>`; // our own markup: type and number
      button.disabled = view.over;
      group.appendChild(button);
    }
    faces.appendChild(group);
  }
  if (view.next.length && !view.over) {
    const next = document.createElement("div");
    next.className = "next-icons";
    const label = document.createElement("span");
    label.textContent = "[[Next face:]]" + " "; // as on the table page: the half icons alone puzzled
    next.append(label);
    for (const type of view.next) {
      const half = document.createElement("span");
      half.className = `half type-${type}`;
      half.setAttribute("role", "img"); // the half icon's text alternative: the action's word
      half.setAttribute("aria-label", data.actions[type]);
      half.innerHTML = icon(type); // a known type only
      next.appendChild(half);
    }
    faces.appendChild(next);
  }
  drawCount();
}

// The running count: per action type, what the boxes and bonus actions give against what the
// steps and places tapped ask ("plan 2 + bonus 2 for 4 steps"), a line short of actions in red.
function drawCount() {
  const left = $("left");
  left.replaceChildren();
  if (view.over) return;
  if (!view.ready) {
    left.textContent = fill("[[Choose two boxes that share a side (three for a {hunted_turn}: {left} left).]]",
      { hunted_turn: data.words.hunted_turn, left: view.hunts_left });
    return;
  }
  left.append("[[Actions this turn:]]" + " ");
  view.count.forEach((item, index) => {
    if (index > 0) left.append(" · ");
    const part = document.createElement("span");
    part.className = item.short ? `count type-${item.action} short` : `count type-${item.action}`;
    part.textContent = item.text;
    left.appendChild(part);
  });
}

function drawChoice() {
  const panel = $("choice");
  panel.replaceChildren();
  panel.hidden = !view.choosing;
  if (!view.choosing) return;
  const question = document.createElement("span");
  question.textContent = fill("[[Which goal at {at}?]]", { at: view.choosing.at }) + " ";
  panel.appendChild(question);
  for (const goal of view.choosing.options) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = data.labels[goal] || goal;
    button.dataset.goal = goal;
    button.addEventListener("click", () => {
      ask("choose_goal", view.choosing.at, goal);
      if (!view.choosing) targets[cursor].focus(); // back to the map's cursor
    });
    panel.appendChild(button);
  }
}

function drawBonus() {
  const panel = $("bonus");
  panel.replaceChildren();
  panel.hidden = view.bonus_options.length === 0;
  if (panel.hidden) return;
  const label = document.createElement("span");
  label.textContent = "[[Use a bonus action:]]" + " ";
  panel.appendChild(label);
  for (const option of view.bonus_options) {
    const button = document.createElement("button");
    button.type = "button";
    button.innerHTML = `+${option.value} ${icon(option.action)}`; // digits and a known type only
    button.setAttribute("aria-label", fill("[[bonus {value} {action}]]", { value: option.value, action: data.actions[option.action] }));
    button.dataset.value = option.value;
    button.dataset.action = option.action;
    button.addEventListener("click", () => ask("use_bonus", option.value, option.action));
    panel.appendChild(button);
  }
}

// --- score, table of turns and the end of the game ---------------------------------------------

function drawBreakdown() {
  const rows = [];
  const score = view.score;
  for (const [strip, points] of Object.entries(score.strips)) {
    const label = data.labels[strip] || strip;
    rows.push([strip === "eat" && score.eat_doubled ? fill("[[{label} (doubled by a restaurant)]]", { label }) : label, points]);
  }
  for (const [id, points] of Object.entries(score.assignments)) {
    const fields = { Assignment: capital(data.words.assignment), id };
    rows.push([fill(score.assignments_complete[id] ? "[[{Assignment} {id}]]" : "[[{Assignment} {id} (not complete)]]", fields), points]);
  }
  rows.push([capital(data.words.hunted_actions), score.hunted]);
  rows.push(["[[Total]]", score.total]);
  const tbody = $("breakdown").tBodies[0];
  tbody.replaceChildren();
  for (const [name, points] of rows) {
    const row = tbody.insertRow();
    row.insertCell().textContent = name;
    row.insertCell().textContent = points;
  }
}

function drawTurnTable() {
  const played = view.notation.trim() ? view.notation.trim().split("\n") : [];
  document.querySelectorAll("#turn-table tbody tr").forEach((row) => {
    const turn = Number(row.dataset.turn);
    row.classList.toggle("current", !view.over && turn === view.turn);
    const chosen = turn <= played.length ? played[turn - 1].split(" ").filter((t) => /^[LR][123]$/.test(t))
      : turn === view.turn ? view.boxes : [];
    row.querySelectorAll("td").forEach((box) => box.classList.toggle("chosen", chosen.includes(box.dataset.box)));
  });
}

const MEDAL_TEXT = {
  gold: "[[Gold: you reached the par.]]",
  silver: "[[Silver: more than half way from the target to the par.]]",
  bronze: "[[Bronze: you reached the target.]]",
};

function drawResult() {
  $("result").hidden = !view.over;
  if (!view.over) return;
  const beyond = view.par !== null && view.score.total > view.par;
  $("verdict").textContent = fill(view.won ? "[[You won with {score}!]]" : "[[Final score {score}]]", { score: view.score.total });
  let text = view.medal ? MEDAL_TEXT[view.medal] : "";
  if (!view.won) {
    const incomplete = Object.keys(view.score.assignments_complete).find((id) => !view.score.assignments_complete[id]);
    text = incomplete ? fill("[[Not won: {Assignment} {id} is not complete.]]", { Assignment: capital(data.words.assignment), id: incomplete })
      : fill("[[Not won: the target is {target}.]]", { target: view.target });
  }
  if (beyond) text += " " + "[[Beyond par! You found a better route than ours: please share it.]]";
  $("medal-text").textContent = text;
  $("days").textContent = LEVEL ? "" : replayed ? "[[A shared route: it is not added to your record.]]" : daysNote;
  const link = location.href.split("#")[0] + "#plan=" + encodeURIComponent(view.notation);
  $("route-link").hidden = LEVEL; // a level's deal is in its address already
  // A level's share names its deal (code, level, cards), so a friend plays the same deck.
  const page = LEVEL ? $("deal-link").href : location.href.split("#")[0];
  $("share").value = view.share + (location.protocol.startsWith("http") ? "\n" + page : "");
  $("route-link").href = link;
  $("notation").textContent = view.notation;
}

// --- the record of days played (record.js) -----------------------------------------------------

// The line about the player's days in this city: the daily streak, and for a mini the minis too.
function daysLine(record) {
  const { daily, mini } = cityStats(record, data.page.city);
  const fields = { city: data.page.city_name, current: daily.current, longest: daily.longest,
    played: daily.played, percent: daily.percent };
  if (!data.page.mini) {
    return fill("[[Your days in {city}: current streak {current}, longest {longest}; {played} played, {percent} % won.]]", fields);
  }
  return fill("[[Your minis in {city}: {played} played, {won} won. Your daily streak there: {current}.]]",
    { ...fields, played: mini.played, won: mini.won });
}

// Add the game just finished to the record (the first play of a puzzle is the one kept).
function remember() {
  const { city, date, mini } = data.page;
  try {
    const record = loadRecord();
    const first = !hasPlayed(record, city, date, mini);
    const added = withGame(record, { city, date, mini, won: view.won, medal: view.medal ?? null, score: view.score.total });
    if (first && !saveRecord(added)) {
      daysNote = "[[This browser did not keep the game in your record.]]";
      return;
    }
    daysNote = (first ? "" : "[[Your first play of this puzzle is the one in your record.]]" + " ") + daysLine(added);
  } catch (error) {
    daysNote = "";
    console.warn("citytrip: the game was not added to the record:", error);
  }
}

// On a zoomed map, keep the end being extended in sight: the board scrolls (not the page) to
// bring it to the middle when it nears the board's edge (`centre`: in any case).
function followHead(centre = false) {
  const board = $("board");
  if (!board.classList.contains("zoomed") || !view) return;
  const head = targets[view.heads[view.active_end]];
  if (!head) return;
  const frame = board.getBoundingClientRect();
  const node = head.getBoundingClientRect();
  const x = node.left + node.width / 2 - frame.left;
  const y = node.top + node.height / 2 - frame.top;
  const margin = centre ? Infinity : 2 * node.width;
  if (x < margin || x > frame.width - margin) board.scrollLeft += x - frame.width / 2;
  if (y < margin || y > frame.height - margin) board.scrollTop += y - frame.height / 2;
}

// Bigger map (zoomed: twice the width, panned in its own box) or the whole map.
function zoom(zoomed) {
  $("board").classList.toggle("zoomed", zoomed);
  $("zoom").setAttribute("aria-pressed", String(zoomed));
  $("zoom").textContent = zoomed ? "[[Whole map]]" : "[[Bigger map]]";
  followHead(true);
}

// A node's width on the screen, in CSS px: under 24 px (WCAG 2.2's target size, 2.5.8) the map
// opens zoomed, around the end being extended; the whole map stays one tap away.
function nodeWidth() {
  return map.getBoundingClientRect().width / viewWidth * cell;
}

// Where the keyboard's focus is, as something that survives a redraw (the boxes, choices and
// bonus buttons are drawn anew after each tap), and back there after it.
function focusKey() {
  const active = document.activeElement;
  if (!active || active === body) return null;
  if (active.dataset?.box) return `#this-turn button[data-box="${active.dataset.box}"]`;
  if (active.dataset?.goal) return "#choice button";
  if (active.dataset?.action) return `#bonus button[data-value="${active.dataset.value}"][data-action="${active.dataset.action}"]`;
  return null;
}

let cursorPlaced = false;

function draw() {
  const focused = focusKey();
  if (!cursorPlaced) {
    cursor = view.heads[view.active_end] || view.start;
    cursorPlaced = true;
  }
  $("turn").textContent = view.turn;
  $("turns").textContent = view.turns;
  $("score").textContent = view.score.total;
  say(view.message);
  drawMap();
  drawFaces();
  drawChoice();
  drawBonus();
  drawBreakdown();
  drawTurnTable();
  drawResult();
  $("ends").hidden = view.directions === 1 || view.over;
  $("bonus-hint").hidden = !view.advanced;
  document.querySelectorAll("#ends button").forEach((b) =>
    b.setAttribute("aria-pressed", String(Number(b.dataset.end) === view.active_end)));
  $("next").disabled = view.over;
  $("next").classList.toggle("complete", Boolean(view.complete)); // the whole turn pays: Next plays it
  $("next").textContent = view.turn === view.turns ? "[[Finish]]" : "[[Next turn]]";
  nameNodes();
  requestAnimationFrame(() => followHead()); // reads the layout: after this draw's changes, not in the middle of them
  if (focused && !document.activeElement?.isConnected || focused && document.activeElement === body) {
    (document.querySelector(focused) || (focused.startsWith("#bonus") && document.querySelector("#bonus button"))
      || (focused.startsWith("#choice") ? targets[cursor] : $("next"))).focus();
  }
}

// --- a daily game in progress, kept in this browser ---------------------------------------------

// One storage key per puzzle: the turns played and the turn being written, in the notation, as the
// view writes them. Data, never code: the engine replays it as it judges taps, and anything it
// refuses starts the puzzle afresh. A finished game is dropped (the record keeps its result).
const PLAY_KEY = `citytrip-play-v1:${data.page.city}:${data.page.date}:${data.page.mini ? "mini" : "daily"}`;

function keepPlay() {
  try {
    if (view.over || (!view.notation && !view.draft)) localStorage.removeItem(PLAY_KEY);
    else localStorage.setItem(PLAY_KEY, JSON.stringify({ plan: view.notation, draft: view.draft }));
  } catch (error) {
    console.warn("citytrip: this browser did not keep the game in progress:", error); // private mode, full
  }
}

// Take up the game this browser kept for this puzzle, if any, unless the address holds a shared
// route (not the player's own game): the page's note about it, or null.
function takeUpPlay() {
  if (/(^#|&)plan=/.test(location.hash)) return null;
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(PLAY_KEY) || "null");
  } catch {
    kept = null;
  }
  const shaped = kept && typeof kept === "object" && typeof kept.plan === "string" && typeof kept.draft === "string"
    && kept.plan.length + kept.draft.length <= MAX_FRAGMENT;
  if (!shaped || !(kept.plan || kept.draft)) {
    if (kept !== null) keepPlay(); // not a kept game: dropped
    return null;
  }
  view = JSON.parse(game.restore(kept.plan, kept.draft));
  if (view.message) {
    view = JSON.parse(game.restart());
    keepPlay();
    return { text: "[[The game this browser kept could not be taken up, so the puzzle starts from the beginning.]]", illegal: true };
  }
  return { text: "[[Your game so far, taken up where you left it.]]", illegal: false };
}

// --- the page's address: #code=… (a printed QR code), #plan=… (a shared route) ---------------

function readFragment() {
  const text = location.hash.slice(1);
  if (!text) return {};
  if (text.length > MAX_FRAGMENT) throw new Error("[[The address is too long to be a play of this puzzle.]]");
  const parts = {};
  for (const part of text.split("&")) {
    const at = part.indexOf("=");
    const key = at < 0 ? part : part.slice(0, at);
    if (key !== "code" && key !== "plan") throw new Error("[[The address has a part this page does not know.]]");
    try {
      parts[key] = decodeURIComponent(part.slice(at + 1));
    } catch {
      throw new Error("[[The address is damaged: its play cannot be read.]]");
    }
  }
  return parts;
}

function applyFragment() {
  let parts;
  try {
    parts = readFragment();
  } catch (error) {
    say(fill("[[{problem} The puzzle starts from the beginning.]]", { problem: error.message }));
    return;
  }
  if (parts.plan !== undefined) {
    replayed = true;
    ask("load_plan", parts.plan);
    if (!view.message) say(view.over ? "[[A shared route, replayed.]]" : "[[A shared route, replayed so far.]]", false);
  }
  if (parts.code !== undefined && parts.code.trim().toUpperCase() !== data.page.code) {
    say("[[This address names another puzzle than this page's. Here is this page's puzzle.]]");
  }
}

// --- wiring ------------------------------------------------------------------------------------

function wire() {
  $("zoom").hidden = data.page.mini; // a mini's square is large enough as it is
  $("this-turn").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-box]");
    if (button) ask("tap_box", button.dataset.box);
  });
  map.addEventListener("click", (event) => {
    const target = event.target.closest("[data-at]");
    if (!target) return;
    moveCursor(target.dataset.at, false);
    if (!view.over) tapNode(target.dataset.at);
  });
  // The keyboard's cursor: arrow keys move it, Home goes to the end being extended, Enter and
  // Space tap the node (as a tap does).
  map.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (ARROWS[event.key]) moveCursor(neighbour(cursor, ARROWS[event.key]));
    else if (event.key === "Home") moveCursor(view.heads[view.active_end]);
    else if (event.key === "Enter" || event.key === " ") {
      if (!view.over) tapNode(cursor);
    } else return;
    event.preventDefault();
  });
  map.addEventListener("focusin", (event) => showPlace(event.target.dataset?.at));
  map.addEventListener("focusout", () => showPlace(null));
  map.addEventListener("pointerover", (event) => { if (event.target.dataset?.at) showPlace(event.target.dataset.at); });
  map.addEventListener("pointerleave", () => showPlace(map.contains(document.activeElement) ? cursor : null));
  document.querySelectorAll("#ends button").forEach((b) =>
    b.addEventListener("click", () => ask("select_end", Number(b.dataset.end))));
  $("zoom").addEventListener("click", () => zoom(!$("board").classList.contains("zoomed")));
  $("undo").addEventListener("click", () => ask("undo"));
  $("next").addEventListener("click", () => ask("next_turn"));
  $("copy-share").addEventListener("click", () => navigator.clipboard?.writeText($("share").value));
  if (LEVEL) {
    window.addEventListener("hashchange", () => { dealLevel(); takeUpLevel(); draw(); say(levelNote); });
    $("setup").addEventListener("submit", (event) => {
      event.preventDefault();
      location.hash = freshFragment($("level").value, $("cards").value);
    });
    return;
  }
  window.addEventListener("hashchange", () => {
    ask("restart");
    replayed = false;
    const note = takeUpPlay(); // back to the player's own game
    if (note) {
      draw();
      say(note.text, note.illegal);
    }
    applyFragment();
  });
}

try {
  await keepForOffline();
  performance.mark("citytrip-worker");
  game = await startEngine();
  let playNote = null;
  if (LEVEL) takeUpLevel();
  else {
    view = JSON.parse(game.view());
    playNote = takeUpPlay();
  }
  wire();
  draw();
  if (!data.page.mini && nodeWidth() < 24) zoom(true); // a phone: the nodes a thumb can hit
  performance.mark("citytrip-drawn");
  if (LEVEL) say(levelNote);
  else {
    if (playNote) say(playNote.text, playNote.illegal);
    applyFragment();
  }
  body.dataset.state = "ready";
  keepSnapshot(); // meanwhile, the player plays
} catch (error) {
  body.dataset.state = "failed";
  say("[[The rules could not be loaded in this browser, so this page cannot check a play. The printed sheet works on paper.]]");
  console.error(error);
}
