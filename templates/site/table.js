// The table page's script: a group's game on printed sheets, dealt from a table code.
//
// The deal is the engine's (generator/browser/table.py with generator/rules/dealer.py) running in
// Pyodide: this script hands it the address's fragment as text and draws the answer, the start
// card, the assignments and the open faces of the turn. The fragment (code, game, cards,
// assignments, turn, races taken) is read by the Python parser only; a damaged one gets one line
// and a fresh setup. Nothing of the address is ever run or put into the page as markup.
//
// Written by `citytrip site` with its [[messages]] in the site's language (generator/site/template_messages.py).

import { keepForOffline, keepSnapshot, loadEngine } from "./engine.js";
import { newCode as newTableCode } from "./tablecode.js";
import { fill } from "./words.js";

const data = JSON.parse(document.getElementById("table-data").textContent);
const body = document.body;
const $ = (id) => document.getElementById(id);
const LANG = document.documentElement.lang || "en";
const GAMES = { basic: "[[Basic game]]", advanced: "[[Game for advanced players]]" };
const TASKS = { none: "[[None]]", 123: "[[Types 1, 2 and 3]]", 345: "[[Types 3, 4 and 5]]" };

let table = null; // the Python module generator.browser.table
let qr = null; // the print's QR encoder, run here (generator/render/screen_qr.py); null when it failed to load
const SVG = "http://www.w3.org/2000/svg";
let deal = null; // the deal of the fragment, as table_view answers it

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function say(text, illegal = true) {
  $("message").textContent = text || "";
  $("message").classList.toggle("illegal", Boolean(text) && illegal);
}

function newCode() {
  return newTableCode(data.deal.alphabet, data.deal.code_length);
}

function icon(type, cls = "icon") {
  return `<svg class="${cls}" aria-hidden="true"><use href="#icon-${type}"/></svg>`; // a type the engine named
}

function fragment(turn, taken) {
  const o = deal.options;
  return `code=${o.code}&game=${o.game}&cards=${o.cards}&tasks=${o.tasks}&turn=${turn}` +
    (taken.length ? `&taken=${taken.join("+")}` : "");
}

// The address follows the game (the turn and the races taken), so a reload keeps it.
function goTo(turn, taken) {
  history.replaceState(null, "", "#" + fragment(turn, taken));
  show();
}

function drawDeck() {
  const { turn } = deal.options;
  const turns = deal.turns.length;
  const over = turn > turns;
  const faces = deal.turns[Math.min(turn, turns) - 1];
  $("turn-label").textContent = over ? "[[End of the game]]" : fill("[[Turn {turn} of {turns}]]", { turn, turns });
  const holder = $("faces");
  holder.replaceChildren();
  for (const column of ["L", "R"]) {
    const face = document.createElement("div");
    face.className = "big-face";
    for (const row of [1, 2, 3]) {
      const name = column + row;
      const box = faces.boxes[name];
      const cell = document.createElement("div");
      cell.className = `big-box type-${box.type}`;
      cell.dataset.box = name;
      cell.setAttribute("aria-label", fill("[[{box}: {action} {value}]]", { box: name, action: data.actions[box.type], value: box.value }));
      cell.innerHTML = `${icon(box.type)}<span class="value">${Number(box.value)}</span>`;
      face.appendChild(cell);
    }
    holder.appendChild(face);
  }
  holder.hidden = over;
  const next = $("next-icons");
  next.replaceChildren();
  next.hidden = over || !faces.next.length;
  if (!next.hidden) {
    const label = document.createElement("span");
    label.textContent = "[[Next face:]]" + " ";
    next.appendChild(label);
    for (const type of faces.next) {
      const half = document.createElement("span");
      half.className = `half type-${type}`;
      half.innerHTML = icon(type);
      half.setAttribute("role", "img"); // a span may carry a label only with a role (axe: aria-prohibited-attr)
      half.setAttribute("aria-label", data.actions[type]);
      next.appendChild(half);
    }
  }
  $("over").hidden = !over;
  $("back").disabled = turn <= 1;
  $("forward").disabled = over;
  $("forward").textContent = turn === turns ? "[[End of the game]]" : "[[Next]]";
}

function drawCards() {
  const start = data.starts[String(deal.start_card)];
  $("start-name").textContent = start.name;
  $("start-at").textContent = start.at;
  $("start-description").textContent = start.description;
  const url = /^https?:\/\//.test(start.url) ? start.url : "";
  $("start-url").href = url || "#";
  drawQr($("start-qr"), url, start.name);
  $("assignments-heading").textContent = capital(data.words.assignments);
  const list = $("assignments");
  list.replaceChildren();
  if (!deal.assignments.length) {
    const item = document.createElement("li");
    item.textContent = fill("[[No {assignments} in this game.]]", { assignments: data.words.assignments });
    list.appendChild(item);
  }
  for (const id of deal.assignments) {
    const card = data.assignments[id];
    const item = document.createElement("li");
    item.dataset.id = id;
    const title = document.createElement("strong");
    title.textContent = `${id} · ${card.title}`;
    const what = document.createElement("span");
    what.textContent = card.what + " · "; // under the title (no colon to place in each language)
    const points = document.createElement("span");
    points.className = "points";
    points.textContent = card.race
      ? fill("[[first {first}, second {second}, later {later} points]]", { first: card.values[0], second: card.values[1], later: card.values[2] })
      : card.type === 2 ? fill("[[{points} points per set]]", { points: card.values[0] })
        : fill("[[{points} points for the most]]", { points: card.values[0] });
    item.append(title, what, points);
    if (card.race) {
      const taken = deal.options.taken.includes(id);
      const button = document.createElement("button");
      button.type = "button";
      button.className = "taken";
      button.dataset.id = id;
      button.setAttribute("aria-pressed", String(taken));
      button.textContent = taken ? "[[Taken]]" : "[[Mark as taken]]";
      item.classList.toggle("is-taken", taken);
      item.append(" ", button);
    }
    list.appendChild(item);
  }
}

// A QR code (the link for the other players, the start card's link), drawn from the encoder's
// rows of 0 and 1 into `box`.
function drawQr(box, link, label, caption = "") {
  box.replaceChildren();
  box.hidden = !qr || !link;
  if (box.hidden) return;
  const rows = String(qr.matrix_rows(link)).split("/");
  const quiet = 4; // modules of white around the code
  const size = rows.length + 2 * quiet;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.dataset.rows = rows.join("/");
  const background = document.createElementNS(SVG, "rect");
  background.setAttribute("width", size);
  background.setAttribute("height", size);
  background.setAttribute("fill", "white");
  svg.appendChild(background);
  let path = "";
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === "1") path += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  });
  const dark = document.createElementNS(SVG, "path");
  dark.setAttribute("d", path);
  svg.appendChild(dark);
  box.appendChild(svg);
  if (caption) {
    const line = document.createElement("p");
    line.className = "hint";
    line.textContent = caption;
    box.appendChild(line);
  }
}

async function loadQr(pyodide) {
  try {
    const sources = await (await fetch(new URL("qr.json", import.meta.url))).json();
    for (const [path, text] of Object.entries(sources)) {
      const file = "/qr/" + path;
      pyodide.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
      pyodide.FS.writeFile(file, text);
    }
    pyodide.runPython("import sys; sys.path.insert(0, '/qr')");
    return pyodide.pyimport("screen_qr");
  } catch (error) {
    console.warn("citytrip: no QR code on screen:", error); // the link and the code still work
    return null;
  }
}

function show() {
  const text = location.hash.slice(1);
  if (!text) {
    deal = null;
    $("game").hidden = true;
    $("setup").hidden = false;
    return;
  }
  const answer = JSON.parse(table.table_view(JSON.stringify(data.deal.base), JSON.stringify(data.deal.cards), text, LANG));
  if (answer.error) {
    say(fill("[[{problem} Choose a game to start.]]", { problem: answer.error }));
    history.replaceState(null, "", location.pathname + location.search);
    deal = null;
    $("game").hidden = true;
    $("setup").hidden = false;
    return;
  }
  deal = answer;
  say("");
  const o = deal.options;
  $("setup").hidden = true;
  $("game").hidden = false;
  $("code").textContent = o.code;
  const link = location.href.split("#")[0] + "#" + fragment(1, []);
  $("link").href = link;
  drawQr($("qr"), link, "[[QR code of the link for the other players]]", "[[Scan it to join this table.]]");
  $("options").textContent = [GAMES[o.game], fill("[[{cards} cards]]", { cards: o.cards }),
    fill("[[{Assignments}: {which}]]", { Assignments: capital(data.words.assignments), which: TASKS[o.tasks] })].join(" · ");
  drawDeck();
  drawCards();
}

function wire() {
  $("tasks-legend").textContent = capital(data.words.assignments);
  $("setup").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = new FormData($("setup"));
    const typed = $("code-input").value.replace(/[\s-]/g, "").toUpperCase();
    const code = typed || newCode();
    location.hash = `code=${encodeURIComponent(code)}&game=${form.get("game")}&cards=${form.get("cards")}&tasks=${form.get("tasks")}&turn=1`;
  });
  $("new-setup").addEventListener("click", () => {
    $("code-input").value = "";
    history.pushState(null, "", location.pathname + location.search);
    show();
  });
  $("back").addEventListener("click", () => goTo(deal.options.turn - 1, deal.options.taken));
  $("forward").addEventListener("click", () => goTo(deal.options.turn + 1, deal.options.taken));
  $("assignments").addEventListener("click", (event) => {
    const button = event.target.closest("button.taken");
    if (!button) return;
    const id = button.dataset.id;
    const taken = deal.options.taken.includes(id) ? deal.options.taken.filter((t) => t !== id) : [...deal.options.taken, id];
    goTo(deal.options.turn, taken);
  });
  window.addEventListener("hashchange", show);
  window.addEventListener("popstate", show);
}

try {
  await keepForOffline();
  const pyodide = await loadEngine(LANG);
  table = pyodide.pyimport("generator.browser.table");
  qr = await loadQr(pyodide);
  wire();
  say("");
  show();
  body.dataset.state = "ready";
  keepSnapshot(); // meanwhile, the table plays
} catch (error) {
  body.dataset.state = "failed";
  say("[[The cards could not be dealt in this browser.]]");
  console.error(error);
}
