// The index page's script: "Your days", the player's record kept in this browser (record.js),
// per city of this site: dailies and minis apart, as played, won, streaks and medals; and the
// button that clears it. Without a record the section stays hidden; without this script the index
// is the plain list of puzzles it always was.
//
// Written by `citytrip site` with its [[messages]] in the site's language (generator/site/template_messages.py).

import { cityStats, clearRecord, loadRecord } from "./record.js";
import { fill } from "./words.js";

const $ = (id) => document.getElementById(id);
// The site's cities, key → name in the page's language, as JSON data (never run).
const CITIES = JSON.parse($("site-cities").textContent);

function won(stats) {
  return stats.played ? fill("[[{won} ({percent} %)]]", stats) : "0";
}

// One city's table: a row per statistic, a column for dailies and one for minis (a mini's win is
// its proven maximum, another thing than a daily's target, so their percentages stay apart;
// streaks count dailies only).
function cityTable(key, name, stats) {
  const table = document.createElement("table");
  table.className = "days";
  table.dataset.city = key;
  table.createCaption().textContent = name;
  const head = table.createTHead().insertRow();
  for (const title of ["", "[[Daily puzzles]]", "[[Minis]]"]) {
    const cell = document.createElement("th");
    cell.textContent = title;
    head.appendChild(cell);
  }
  const { daily, mini } = stats;
  const rows = [
    ["played", "[[Played]]", daily.played, mini.played],
    ["won", "[[Won]]", won(daily), won(mini)],
    ["current", "[[Current streak]]", daily.current, "–"],
    ["longest", "[[Longest streak]]", daily.longest, "–"],
    ["gold", "[[Gold]]", daily.medals.gold, mini.medals.gold],
    ["silver", "[[Silver]]", daily.medals.silver, mini.medals.silver],
    ["bronze", "[[Bronze]]", daily.medals.bronze, mini.medals.bronze],
  ];
  const body = table.createTBody();
  for (const [stat, label, ofDailies, ofMinis] of rows) {
    const row = body.insertRow();
    row.dataset.stat = stat;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = label;
    row.appendChild(th);
    row.insertCell().textContent = ofDailies;
    row.insertCell().textContent = ofMinis;
    row.cells[1].className = "daily";
    row.cells[2].className = "mini";
  }
  return table;
}

function show() {
  const record = loadRecord();
  const tables = Object.entries(CITIES)
    .map(([key, name]) => [key, name, cityStats(record, key)])
    .filter(([, , stats]) => stats.daily.played + stats.mini.played > 0)
    .map(([key, name, stats]) => cityTable(key, name, stats));
  $("days-cities").replaceChildren(...tables);
  $("your-days").hidden = tables.length === 0;
}

$("clear-days").addEventListener("click", () => {
  if (window.confirm("[[Clear your record of the days you played, in this browser? This cannot be undone.]]")) {
    clearRecord();
    show();
  }
});

show();
