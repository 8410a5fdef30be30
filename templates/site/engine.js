// The site's pages' one way to start the rules engine (play.js, table.js): Pyodide with
// citytrip's own Python imported, restored from the site's snapshot or started plain, with the
// page's language's catalog written where generator/language.py looks for it; and the service
// worker that keeps the site for visits without a network.

const body = document.body;

// Pyodide with the engine imported, restored from the site's snapshot (assets/engine-snapshot.bin.gz,
// made by `citytrip site`, docs/site.md): CPython's memory as it was after the engine's import, so
// neither CPython's start nor the import runs again. Any failure (no snapshot, a damaged one, another
// Pyodide build, no DecompressionStream, Pyodide issue #6254's RangeError) gives null, with a warning
// in the console, and the page starts Pyodide and imports the engine as without a snapshot.
async function restoreEngine(loadPyodide, indexURL, snapshotFetched) {
  try {
    // A missing snapshot is known from the answer's status, before Pyodide fetches its runtime:
    // a failed restore would have it fetched twice.
    const response = await snapshotFetched;
    if (!response.ok) throw new Error(`engine-snapshot.bin.gz: ${response.status}`);
    // Gzipped in the file (not by the server: a plain static server sends it as it is); it is
    // unzipped while Pyodide fetches and compiles its runtime.
    const unzipped = response.body.pipeThrough(new DecompressionStream("gzip"));
    const snapshot = new Response(unzipped).arrayBuffer().then((buffer) => new Uint8Array(buffer));
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

// Pyodide started and the engine imported from its sources (assets/engine.json), as a page did
// before the snapshot.
async function startPlain(loadPyodide, indexURL) {
  const sourcesFetched = fetch(new URL("engine.json", import.meta.url)); // meanwhile
  const pyodide = await loadPyodide({ indexURL });
  const sources = await (await sourcesFetched).json();
  for (const [path, text] of Object.entries(sources)) {
    const file = "/engine/" + path;
    pyodide.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
    pyodide.FS.writeFile(file, text);
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/engine'); import generator.browser.game, generator.browser.table");
  return pyodide;
}

export async function loadEngine(LANG) {
  const snapshotFetched = fetch(new URL("engine-snapshot.bin.gz", import.meta.url)); // meanwhile
  snapshotFetched.catch(() => {}); // a failure is handled where it is awaited
  // The compiled catalog of the page's language, written where generator/language.py looks for it.
  const catalog = `locale/${LANG}/LC_MESSAGES/citytrip.mo`;
  const catalogFetched = LANG === "en" ? null : fetch(new URL(catalog, import.meta.url));
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", import.meta.url).href);
  performance.mark("citytrip-loader");
  const indexURL = new URL("pyodide/", import.meta.url).href;
  let pyodide = await restoreEngine(loadPyodide, indexURL, snapshotFetched);
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

// Keep the site's files for visits without a network (sw.js). The worker is asked for before the
// engine loads, so that Pyodide's files pass through it once and are kept as they arrive (a copy
// fetched apart would download the 9.6-MB runtime twice). A browser without service workers, or
// a page opened as a file, plays the same.
export async function keepForOffline() {
  if (!("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return;
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

