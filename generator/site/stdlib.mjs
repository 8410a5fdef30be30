// The site's standard library, compiled: made by `citytrip site` (generator/site/assets.py) in Node:
//
//     node stdlib.mjs PYODIDE_DIR LIST OUT_DIR
//
// Pyodide's python_stdlib.zip holds the standard library's sources, and a page that starts CPython
// compiles every module it imports: on a phone (the CPU four times slower than this machine's)
// most of the start. Here the pinned Pyodide compiles each file of LIST (stdlib.txt) once, as its
// own import would, into OUT_DIR/NAME.pyc: unchecked hash-based pycs (PEP 552), which zipimport
// loads without their sources and without comparing any time stamp. Each code object is named
// as the page's import of the source would name it (/lib/python314.zip/json/__init__.py), so a
// traceback reads the same.
//
// The same inputs must give the same bytes: PYTHONHASHSEED=0 fixes the order in which a frozenset
// constant is written (`x in {"a", "b"}`), and the files are compiled one by one in LIST's order in
// a fresh interpreter. The caller runs Node with TZ=UTC and an otherwise empty environment.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, list, out] = process.argv.slice(2);

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  env: { PYTHONHASHSEED: "0" },
  _sysExecutable: "/python",
});
const names = fs.readFileSync(list, "utf8").split("\n").filter((line) => line && !line.startsWith("#"));
pyodide.globals.set("names", pyodide.toPy(names));
const compiled = pyodide.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

stdlib = next(p for p in sys.path if p.endswith(".zip"))  # /lib/python314.zip: Pyodide's own, in full
with zipfile.ZipFile(stdlib) as sources:
    compiled = []
    for name in names:
        source = sources.read(name)
        code = compile(source, f"{stdlib}/{name}", "exec", dont_inherit=True)
        compiled.append((name + "c", bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))))
compiled
`).toJs();
for (const [name, bytes] of compiled) {
  const file = path.join(out, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
}
