// The engine's memory snapshot, made by `citytrip site` (generator/site/assets.py) in Node:
//
//     node snapshot.mjs PYODIDE_DIR ENGINE_JSON STDLIB_ZIP OUT
//
// Pyodide starts with the site's own standard library zip (only the files a page imports), the engine's sources (the site's assets/engine.json) are written where play.js
// writes them and `generator.browser.game` is imported as play.js imports it; then Pyodide's
// memory (the WebAssembly heap and a little JSON) is written to OUT. A page restores it instead
// of starting CPython and importing the engine again (docs/site.md, "The engine's snapshot").
//
// The same inputs must give the same bytes (the site builds byte-identically), so everything the
// start-up reads from the machine is fixed here (docs/site.md says why each one):
// the clocks, Node's version string, the interpreter's path, the hash seed and the random
// module's state. The caller also runs Node with TZ=UTC and an otherwise empty environment.
//
// `_makeSnapshot` and `makeMemorySnapshot` are Pyodide's private API: the snapshot holds the
// build's BUILD_ID, and only that exact build of Pyodide (package.json's pin) restores it.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, enginePath, stdlib, out] = process.argv.slice(2);

let tick = 0;
performance.now = () => (tick += 1); // a counter: start-up reads it to time itself
Date.now = () => 1767225600000; // 2026-01-01T00:00:00Z
// Node's version string is copied into the heap, and its length moves what follows.
Object.defineProperty(process, "version", { value: "v0.0.0" });

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  stdLibURL: stdlib, // the page's zip: the heap holds zipimport's table of its files
  _makeSnapshot: true,
  env: { PYTHONHASHSEED: "0" },
  _sysExecutable: "/python",
});

// As play.js does: the sources under /engine, /engine on sys.path, the game imported.
const sources = JSON.parse(fs.readFileSync(enginePath, "utf8"));
for (const [name, text] of Object.entries(sources)) {
  const file = "/engine/" + name;
  pyodide.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
  pyodide.FS.writeFile(file, text);
}
pyodide.runPython("import sys; sys.path.insert(0, '/engine'); import generator.browser.game, generator.browser.table");
// The random module seeded itself from the machine's entropy; the page reseeds it after restoring.
pyodide.runPython("import random; random.seed(0)");

fs.writeFileSync(out, pyodide.makeMemorySnapshot());
