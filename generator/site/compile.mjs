// The site's Python, compiled: made by `citytrip site` (generator/site/assets.py) in Node:
//
//     node compile.mjs PYODIDE_DIR STDLIB_LIST ENGINE_JSON OUT_DIR
//
// A page that starts CPython compiles every module it imports, and on a phone (the CPU four times
// slower than this machine's) that was most of its start. Here the pinned Pyodide compiles, once:
//
// - each file of STDLIB_LIST (stdlib.txt) from Pyodide's own standard library zip, into
//   OUT_DIR/stdlib/NAME.pyc: unchecked hash-based pycs (PEP 552), which zipimport loads without
//   their sources and without comparing any time stamp, each code object named as the page's
//   import of the source would name it (/lib/python314.zip/json/__init__.py);
// - each of the engine's sources (ENGINE_JSON, the site's assets/engine.json) into
//   OUT_DIR/engine/generator/…/NAME.pyc: plain pycs that the page puts where the sources would be,
//   under /engine, and CPython imports without sources (named /engine/generator/…/NAME.py).
//
// The same inputs must give the same bytes: PYTHONHASHSEED=0 fixes the order in which a frozenset
// constant is written (`x in {"a", "b"}`), and the files are compiled one by one in a fixed order
// in a fresh interpreter. The caller runs Node with TZ=UTC and an otherwise empty environment.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, list, engineJson, out] = process.argv.slice(2);

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  env: { PYTHONHASHSEED: "0" },
  _sysExecutable: "/python",
});
const names = fs.readFileSync(list, "utf8").split("\n").filter((line) => line && !line.startsWith("#"));
pyodide.globals.set("names", pyodide.toPy(names));
pyodide.globals.set("engine", fs.readFileSync(engineJson, "utf8"));
const compiled = pyodide.runPython(`
import importlib.util, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc, _code_to_timestamp_pyc

stdlib = next(p for p in sys.path if p.endswith(".zip"))  # /lib/python314.zip: Pyodide's own, in full
compiled = []
with zipfile.ZipFile(stdlib) as sources:
    for name in names:
        source = sources.read(name)
        code = compile(source, f"{stdlib}/{name}", "exec", dont_inherit=True)
        compiled.append((f"stdlib/{name}c", bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))))
for name, source in sorted(json.loads(engine).items()):
    code = compile(source, f"/engine/{name}", "exec", dont_inherit=True)
    # A pyc without its source is never checked against it: its time stamp and size are left 0.
    compiled.append((f"engine/{name}c", bytes(_code_to_timestamp_pyc(code, 0, 0))))
compiled
`).toJs();
for (const [name, bytes] of compiled) {
  const file = path.join(out, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
}
