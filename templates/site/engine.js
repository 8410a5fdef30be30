// The site's pages' one way to start the rules engine (play.js, table.js): Pyodide with
// citytrip's own Python imported, restored from the snapshot the service worker kept or started
// plain, with the page's language's catalog written where generator/language.py looks for it; and
// the service worker that keeps the site for visits without a network.

const body = document.body;

// The engine's snapshot (assets/engine-snapshot.bin.gz, made by `citytrip site`, docs/site.md):
// CPython's memory as it was after the engine's import, restored instead of starting CPython and
// importing the engine. It is 5.2 MB, as much as the rest of the page: a first visit starts CPython
// from the site's compiled standard library and engine (5.8 MB in all, and ready sooner on a phone
// line), and once the page is ready it has the service worker keep the snapshot for the next
// visits, which restore it from the worker's copy without the network. The page asks for the plain
// name, which only the worker answers (it fetches the gzipped file and keeps it unzipped, sw.js).
// Its address carries its digest (filled in by `citytrip site`): a copy kept of another build is
// never restored here.
const SNAPSHOT = new URL("engine-snapshot.bin?v=@snapshot-digest@", import.meta.url);

// The worker's copy of the snapshot, or null (none kept yet, or no Cache API: a page opened as a file).
async function keptSnapshot() {
  try {
    return (await globalThis.caches?.match(SNAPSHOT.href)) ?? null;
  } catch {
    return null;
  }
}

// Once the page is ready, if it started CPython: have the worker keep the snapshot (it keeps what
// passes through it), unless the player asked the browser to save data or no worker controls the
// page. `data-snapshot` says how it went.
export async function keepSnapshot() {
  if (body.dataset.engine !== "plain" || !navigator.serviceWorker?.controller || navigator.connection?.saveData) return;
  try {
    const response = await fetch(SNAPSHOT.href);
    if (response.ok) await response.arrayBuffer(); // read to the end: the worker keeps the whole
    body.dataset.snapshot = response.ok ? "kept" : "missing";
  } catch {
    body.dataset.snapshot = "missing"; // the next visit starts CPython again, as this one did
  }
}

// Pyodide with the engine imported, restored from the snapshot kept (`response`). Any failure (a
// damaged snapshot, another Pyodide build, no DecompressionStream, Pyodide issue #6254's RangeError)
// gives null, with a warning in the console, and the page starts Pyodide and imports the engine as
// a first visit does.
async function restoreEngine(loadPyodide, indexURL, response) {
  try {
    // Kept unzipped by the worker; read while Pyodide compiles its runtime.
    const snapshot = response.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    snapshot.catch(() => {}); // a failure is handled where loadPyodide awaits it
    const pyodide = await loadPyodide({ indexURL, _loadSnapshot: snapshot });
    // The snapshot's random module was seeded with 0 to make it reproducible: seed it afresh.
    pyodide.runPython("import random; random.seed()");
    return pyodide;
  } catch (error) {
    console.warn("citytrip: the engine's snapshot could not be restored; starting Pyodide without it:", error);
    return null;
  }
}

// Pyodide started and the engine imported, compiled: assets/engine.zip holds the engine's modules
// compiled by the site's build (generator/site/compile.mjs), unpacked under /engine where their
// sources (assets/engine.json) would be, so that CPython imports them without compiling.
async function startPlain(loadPyodide, indexURL) {
  const compiledFetched = fetch(new URL("engine.zip", import.meta.url)); // meanwhile
  const pyodide = await loadPyodide({ indexURL });
  const response = await compiledFetched;
  if (!response.ok) throw new Error(`engine.zip: ${response.status}`);
  pyodide.FS.writeFile("/engine.zip", new Uint8Array(await response.arrayBuffer()));
  pyodide.runPython(`
import sys, zipfile
zipfile.ZipFile("/engine.zip").extractall("/engine")
sys.path.insert(0, "/engine")
import generator.browser.game, generator.browser.table`);
  return pyodide;
}

export async function loadEngine(LANG) {
  const kept = keptSnapshot(); // meanwhile
  // The compiled catalog of the page's language, written where generator/language.py looks for it.
  const catalog = `locale/${LANG}/LC_MESSAGES/citytrip.mo`;
  const catalogFetched = LANG === "en" ? null : fetch(new URL(catalog, import.meta.url));
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", import.meta.url).href);
  performance.mark("citytrip-loader");
  const indexURL = new URL("pyodide/", import.meta.url).href;
  const snapshot = await kept;
  let pyodide = snapshot && await restoreEngine(loadPyodide, indexURL, snapshot);
  body.dataset.engine = pyodide ? "snapshot" : "plain";
  pyodide ??= await startPlain(loadPyodide, indexURL);
  performance.mark("citytrip-pyodide");
  if (catalogFetched) {
    const response = await catalogFetched;
    if (!response.ok) throw new Error(`${catalog}: ${response.status}`);
    pyodide.FS.mkdirTree("/engine/generator/" + catalog.slice(0, catalog.lastIndexOf("/")));
    pyodide.FS.writeFile("/engine/generator/" + catalog, new Uint8Array(await response.arrayBuffer()));
  }
  return pyodide;
}

// A first visit waits about a second for the worker (on a phone line), and meanwhile the line would
// idle: the page asks for the two largest files the engine's start needs itself, so that they are
// on their way, and then in the browser's HTTP cache, when the worker asks for them (the browser
// answers the worker's request from that copy, or from the request still under way).
function startDownloads() {
  if (navigator.serviceWorker.controller) return; // a later visit: the worker has them
  for (const name of ["pyodide/pyodide.asm.wasm.gz", "pyodide/python_stdlib.zip"]) {
    fetch(new URL(name, import.meta.url)).then((response) => response.arrayBuffer()).catch(() => {});
  }
}

// Keep the site's files for visits without a network (sw.js). The worker is asked for before the
// engine loads, so that Pyodide's files pass through it once and are kept as they arrive (a copy
// fetched apart would download the 9.6-MB runtime twice). A browser without service workers, or
// a page opened as a file, plays the same.
export async function keepForOffline() {
  if (!("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return;
  startDownloads();
  try {
    await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
    if (!navigator.serviceWorker.controller) {
      await Promise.race([
        new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true })),
        new Promise((resolve) => setTimeout(resolve, 1000)), // never hold the game up for long
      ]);
    }
  } catch {
    // no worker: nothing is kept, and the page plays as well
  }
}
