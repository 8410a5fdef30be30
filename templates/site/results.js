// The page's side of the results service (`citytrip site --results-url URL`, docs/results.md):
// a finished daily or mini is posted once to URL/api/v1/plays, and the player's standing is shown
// with the puzzle's histogram of scores. play.js imports this module only on a site built with
// a results address; without one the page sends nothing and says nothing about results.
//
// What is sent: the puzzle code, the play in the one-line notation, whether the answer key was
// opened, and a random id this browser makes once (never a name, an address or an account). The
// server replays the play with the rules engine and keeps the first play per player and puzzle.
//
// Kept in this browser (one localStorage key, data checked whole before use, as record.js does):
//
//   {"version": 1, "queue": [{"key": "antwerpen/2026-12-14/daily", "code": "CT2/…", "plan": "1. …",
//                             "revealed": false}, …],
//    "sent": {"antwerpen/2026-12-14/daily": 96, …},       the puzzles answered, with the score counted
//    "revealed": ["antwerpen/2026-12-14/daily", …]}      the puzzles whose answer key was opened
//
// A play waits in the queue until the server has answered it: a post that fails (offline, a
// server error, 429 or 503: try later) leaves it there, and the next visit sends it. An answer,
// 201 or "already counted" 200, or a refusal (another 4xx: the play will never be taken, so it is
// logged, not shown) takes it out and into `sent`, so that a puzzle is posted once; the server
// counts the first play of a player anyway.
//
// Written by `citytrip site` with its [[messages]] in the site's language (generator/site/template_messages.py).

import { fill } from "./words.js";

const KEY = "citytrip-results-v1";
const PLAYER_KEY = "citytrip-player-v1";
const PLAYER = /^[A-Za-z0-9_-]{8,64}$/; // as the server's judge.py takes it
const MAX_QUEUE = 100;
const MAX_KEPT = 5000; // puzzles sent or revealed: years of two cities' dailies and minis
const LANG = document.documentElement.lang || "en";
const number = new Intl.NumberFormat(LANG); // 1,204 · 1.204 · 1 204

// A share as the site's other lines write one ("100 % won" in "Your days"): "64 %", the French
// with a narrow no-break space, so that the standing and the days agree on one screen.
function percent(share) {
  return fill("[[{percent} %]]", { percent: number.format(Math.round(100 * share)) });
}

function empty() {
  return { version: 1, queue: [], sent: {}, revealed: [] };
}

function isEntry(entry) {
  return entry !== null && typeof entry === "object" && Object.keys(entry).sort().join() === "code,key,plan,revealed"
    && typeof entry.key === "string" && typeof entry.code === "string" && typeof entry.plan === "string"
    && typeof entry.revealed === "boolean" && entry.code.length + entry.plan.length < 8000;
}

// The state kept in this browser; anything not exactly its shape is dropped with one warning.
function load() {
  let state;
  try {
    state = JSON.parse(localStorage.getItem(KEY) ?? "null");
  } catch {
    state = undefined;
  }
  if (state === null) return empty();
  const sent = state?.sent;
  if (state?.version !== 1 || !Array.isArray(state.queue) || state.queue.length > MAX_QUEUE || !state.queue.every(isEntry)
      || sent === null || typeof sent !== "object" || Array.isArray(sent) || Object.keys(sent).length > MAX_KEPT
      || !Object.values(sent).every((score) => score === null || Number.isInteger(score))
      || !Array.isArray(state.revealed) || state.revealed.length > MAX_KEPT
      || !state.revealed.every((key) => typeof key === "string")) {
    console.warn("citytrip: the results kept in this browser are not readable; starting afresh");
    return empty();
  }
  return state;
}

function save(state) {
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch (error) {
    console.warn("citytrip: this browser did not keep the play to send:", error); // private mode, full
  }
}

// This browser's random player id, made once: 16 random bytes, base64url.
function playerId() {
  let id = null;
  try {
    id = localStorage.getItem(PLAYER_KEY);
  } catch {
    id = null;
  }
  if (id && PLAYER.test(id)) return id;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  try {
    localStorage.setItem(PLAYER_KEY, id);
  } catch {
    // a browser that keeps nothing sends each play under a new id: the server cannot tell them apart
  }
  return id;
}

// The answer key of `key`'s puzzle was opened: a play finished after that is sent as revealed
// (stored by the server, never counted).
export function markRevealed(key) {
  const state = load();
  if (!state.revealed.includes(key)) {
    state.revealed = [...state.revealed, key].slice(-MAX_KEPT);
    save(state);
  }
}

// Queue the finished play of `key`'s puzzle, unless this browser has sent or queued one already.
function enqueue(key, code, plan) {
  const state = load();
  if (Object.hasOwn(state.sent, key) || state.queue.some((entry) => entry.key === key)) return;
  state.queue = [...state.queue, { key, code, plan, revealed: state.revealed.includes(key) }].slice(-MAX_QUEUE);
  save(state);
}

let sending = Promise.resolve(new Map());

// Post every queued play, one at a time, oldest first, once per page at a time; resolves to the
// answers got, key → {status, answer}. A failed post (no network, 5xx, 429) stops the round and
// leaves the rest for the next visit.
export function flush(base) {
  sending = sending.then(() => sendQueue(base), () => sendQueue(base));
  return sending;
}

async function sendQueue(base) {
  const answers = new Map();
  const player = playerId();
  for (const entry of load().queue) {
    let status;
    let answer = {};
    try {
      const response = await fetch(`${base}/api/v1/plays`, {
        method: "POST", headers: { "Content-Type": "application/json" }, credentials: "omit", cache: "no-store",
        body: JSON.stringify({ code: entry.code, plan: entry.plan, player, revealed: entry.revealed }),
      });
      status = response.status;
      answer = await response.json().catch(() => ({}));
    } catch (error) {
      console.info("citytrip: the results service cannot be reached; the play is kept and sent on a later visit:", error);
      break;
    }
    if (status >= 500 || status === 429) {
      console.info(`citytrip: the results service answered ${status}; the play is kept and sent on a later visit`);
      break;
    }
    if (status >= 400) console.warn(`citytrip: the results service refused the play of ${entry.key} (${status}):`, answer.error);
    const state = load();
    state.queue = state.queue.filter((kept) => kept.key !== entry.key);
    // the score counted for this player: null when the play was refused or not counted (revealed)
    state.sent[entry.key] = status < 300 && answer.counted === true && Number.isInteger(answer.score) ? answer.score : null;
    const keys = Object.keys(state.sent);
    if (keys.length > MAX_KEPT) delete state.sent[keys[0]];
    save(state);
    answers.set(entry.key, { status, answer });
  }
  return answers;
}

// --- the standing, shown at the end of the game ----------------------------------------------------

// Today on the player's calendar, yyyy-mm-dd.
function today() {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, "0")).join("-");
}

function standingLine(answer, page) {
  const { percentile, played, won } = answer.standing;
  const fields = { score: number.format(answer.score), percentile: percent(percentile / 100),
    played: number.format(played), won: percent(won / played) };
  if (played === 1) return fill("[[{score} points: you are the first player of this puzzle.]]", fields);
  return fill(page.date === today() ? "[[{score} points: better than {percentile} of {played} players today; {won} won.]]"
    : "[[{score} points: better than {percentile} of {played} players of this puzzle; {won} won.]]", fields);
}

// The day's histogram (bins of 5 points) as bars, the bar of `mine` (a score, or null) marked, and
// the same figures in words for a screen reader.
function histogram(figures, mine) {
  const bins = new Map(figures.histogram.map((bin) => [bin.from, bin.plays]));
  const mineFrom = mine === null ? null : Math.floor(mine / 5) * 5;
  if (mineFrom !== null && !bins.has(mineFrom)) bins.set(mineFrom, 1); // figures a second old may lack this play
  if (!bins.size) return null;
  const froms = [...bins.keys()];
  const low = Math.min(...froms);
  const high = Math.max(...froms);
  const most = Math.max(...bins.values());
  const figure = document.createElement("figure");
  figure.className = "histogram";
  const bars = document.createElement("div");
  bars.className = "bars";
  bars.setAttribute("role", "img");
  const words = [];
  for (let from = low; from <= high; from += 5) {
    const plays = bins.get(from) || 0;
    const bar = document.createElement("span");
    bar.className = from === mineFrom ? "bar mine" : "bar";
    bar.style.height = `${plays ? Math.max(4, Math.round((100 * plays) / most)) : 0}%`;
    bars.appendChild(bar);
    if (plays) {
      const range = { from: number.format(from), to: number.format(from + 4), plays: number.format(plays) };
      words.push(fill(from === mineFrom ? "[[{from} to {to} points: {plays} (your score)]]" : "[[{from} to {to} points: {plays}]]", range));
    }
  }
  bars.setAttribute("aria-label", fill("[[Players by score: {bins}.]]", { bins: words.join("; ") }));
  const axis = document.createElement("figcaption");
  axis.setAttribute("aria-hidden", "true"); // the bars' label says it
  for (const text of [number.format(low), "[[points]]", number.format(high + 4)]) {
    const part = document.createElement("span");
    part.textContent = text;
    axis.appendChild(part);
  }
  figure.style.maxWidth = `${Math.max(9, ((high - low) / 5 + 1) * 1.6)}rem`; // a bar at most 1.6 rem wide
  figure.append(bars, axis);
  return figure;
}

async function dayFigures(base, page) {
  try {
    const kind = page.mini ? "mini" : "daily";
    const response = await fetch(`${base}/api/v1/days/${encodeURIComponent(page.city)}/${page.date}?kind=${kind}`,
      { credentials: "omit", cache: "no-store" });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

// The game of `page` (the page's data) is over with the play `plan`: queue it (the first play of
// this puzzle only), send what waits, and show in `place` how it went.
export async function finished(base, page, plan, place) {
  const key = `${page.city}/${page.date}/${page.mini ? "mini" : "daily"}`;
  enqueue(key, page.code, plan);
  const answers = await flush(base);
  const got = answers.get(key);
  const waiting = load().queue.some((entry) => entry.key === key);
  const lines = [];
  let mine = null;
  if (waiting) {
    lines.push("[[Your result is kept in this browser and counted with the other players' on your next visit.]]");
  } else if (got && got.status < 300 && got.answer.counted === false) {
    lines.push("[[You opened the answer key before the end, so this play is not counted with the other players'.]]");
  } else if (got && got.status < 300 && got.answer.standing) {
    if (got.status === 200) lines.push("[[Your first play of this puzzle is the one counted.]]");
    lines.push(standingLine(got.answer, page));
    mine = got.answer.score;
  } else if (!got && Number.isInteger(load().sent[key])) {
    lines.push("[[Your first play of this puzzle is the one counted.]]"); // this one was not sent
    mine = load().sent[key];
  } else {
    return; // refused now or before (logged by the round), or not counted: nothing alarming for the player
  }
  const figures = waiting ? null : await dayFigures(base, page);
  place.replaceChildren();
  const text = document.createElement("p");
  text.id = "standing-text";
  text.textContent = lines.join(" ");
  place.appendChild(text);
  const chart = figures && histogram(figures, mine);
  if (chart) place.appendChild(chart);
  place.hidden = false;
}
