// The player's record of days played ("Your days"), kept in this browser's own storage and
// nowhere else: no cookie, nothing sent. Used by play.js (a game finished by taps is added) and
// index.js (the index shows the statistics and clears the record).
//
// One storage key, versioned; its value is a small JSON object:
//
//   {"version": 1, "games": [{"city": "antwerpen", "date": "2026-11-30", "mini": false,
//                             "won": true, "medal": "gold", "score": 42}, …]}
//
// A puzzle (city, date, daily or mini) is in it at most once: the first finished play counts, as
// in Wordle, because the answer key is one tap away on the same page and a replay after reading it
// would otherwise turn any loss into a gold.
//
// What storage holds is data, never code, and is checked whole before use: anything that is not
// exactly this shape (garbage, another version, a wrong type, an impossible date) is ignored
// with one console warning, and the page goes on with an empty record; nothing here throws.

export const KEY = "citytrip-days-v1";
const VERSION = 1;
const MEDALS = ["gold", "silver", "bronze"];
const MAX_GAMES = 20000; // fifty years of two cities' dailies and minis
const CITY = /^[a-z][a-z0-9-]{0,39}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const GAME_KEYS = ["city", "date", "medal", "mini", "score", "won"];

let warned = false;

function warn(why) {
  if (!warned) console.warn(`citytrip: the record of days played in this browser is ignored (${why}); starting a fresh one`);
  warned = true;
}

export function emptyRecord() {
  return { version: VERSION, games: [] };
}

// A real calendar date between 2000 and 2999, written yyyy-mm-dd.
function isDate(text) {
  const match = typeof text === "string" && DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 2999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isPlainObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// The reason a game entry is not one, or "" when it is.
function gameProblem(game) {
  if (!isPlainObject(game)) return "a game is not an object";
  if (Object.keys(game).sort().join() !== GAME_KEYS.join()) return "a game has other fields";
  if (typeof game.city !== "string" || !CITY.test(game.city)) return "a game's city is not a city";
  if (!isDate(game.date)) return "a game's date is not a date";
  if (typeof game.mini !== "boolean" || typeof game.won !== "boolean") return "a game's mini or won is not true or false";
  if (!Number.isInteger(game.score) || Math.abs(game.score) > 9999) return "a game's score is not a score";
  if (game.medal !== null && !(game.won && MEDALS.includes(game.medal))) return "a game's medal is not a medal";
  return "";
}

// The record held by `text` (the stored string, or null when nothing is stored); a damaged or
// foreign one gives a warning and an empty record.
export function parseRecord(text) {
  if (text === null || text === undefined) return emptyRecord();
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    warn("not JSON");
    return emptyRecord();
  }
  if (!isPlainObject(record) || Object.keys(record).sort().join() !== "games,version") {
    warn("not a record");
    return emptyRecord();
  }
  if (record.version !== VERSION) {
    warn(`version ${JSON.stringify(record.version)}, not ${VERSION}`);
    return emptyRecord();
  }
  if (!Array.isArray(record.games) || record.games.length > MAX_GAMES) {
    warn("no list of games");
    return emptyRecord();
  }
  const seen = new Set();
  for (const game of record.games) {
    const problem = gameProblem(game) || (seen.has(puzzleKey(game)) ? "a puzzle is in it twice" : "");
    if (problem) {
      warn(problem);
      return emptyRecord();
    }
    seen.add(puzzleKey(game));
  }
  return record;
}

function puzzleKey(game) {
  return `${game.city}/${game.date}/${game.mini ? "mini" : "daily"}`;
}

// `record` with `game` added, unless its puzzle is in it already (the first play counts);
// a new object, `record` unchanged.
export function withGame(record, game) {
  if (gameProblem(game)) throw new Error(`citytrip: not a game for the record: ${JSON.stringify(game)}`);
  if (record.games.some((kept) => puzzleKey(kept) === puzzleKey(game))) return record;
  return { version: VERSION, games: [...record.games, { ...game }] };
}

// Whether `record` holds a play of the puzzle (city, date, mini).
export function hasPlayed(record, city, date, mini) {
  return record.games.some((game) => puzzleKey(game) === puzzleKey({ city, date, mini }));
}

// The days after each other: "2026-11-30" then "2026-12-01".
function nextDate(date) {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

// A city's statistics, dailies and minis apart. Streaks count daily puzzles by puzzle date (not
// the clock, so yesterday's daily played today still counts for yesterday): the current streak is
// the run of dates won in a row that ends at the latest date played (0 when that one was lost),
// the longest the longest such run; a date not played breaks a run.
export function cityStats(record, city) {
  const games = record.games.filter((game) => game.city === city);
  const count = (list) => {
    const won = list.filter((game) => game.won).length;
    const medals = Object.fromEntries(MEDALS.map((medal) => [medal, list.filter((game) => game.medal === medal).length]));
    return { played: list.length, won, percent: list.length ? Math.round((100 * won) / list.length) : 0, medals };
  };
  const dailies = games.filter((game) => !game.mini).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let run = 0;
  let longest = 0;
  let previous = null;
  for (const game of dailies) {
    run = !game.won ? 0 : previous !== null && nextDate(previous) === game.date ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = game.date;
  }
  return { daily: { ...count(dailies), current: run, longest }, mini: count(games.filter((game) => game.mini)) };
}

// The cities in `record`, in alphabetical order.
export function citiesPlayed(record) {
  return [...new Set(record.games.map((game) => game.city))].sort();
}

// --- the browser's storage -----------------------------------------------------------------------

function storage() {
  try {
    return window.localStorage; // throws where storage is switched off
  } catch {
    return null;
  }
}

// The record kept in this browser (an empty one when none, or when it cannot be read).
export function loadRecord() {
  try {
    return parseRecord(storage()?.getItem(KEY) ?? null);
  } catch (error) {
    warn(`storage cannot be read: ${error}`);
    return emptyRecord();
  }
}

// Keep `record`; false when the browser refuses (storage off or full), with a warning.
export function saveRecord(record) {
  try {
    storage().setItem(KEY, JSON.stringify(record));
    return true;
  } catch (error) {
    console.warn("citytrip: the record of days played could not be kept in this browser:", error);
    return false;
  }
}

// Forget the record.
export function clearRecord() {
  try {
    storage()?.removeItem(KEY);
  } catch (error) {
    console.warn("citytrip: the record of days played could not be cleared:", error);
  }
}
