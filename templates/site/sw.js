// The site's service worker: once a puzzle page has been opened, the site keeps working without
// a network. Every request of the site goes to the network first (a new day's page is always
// fresh), and what arrives is kept; without a network, the kept copy answers. Pyodide's files
// alone come from the kept copy first (below).
//
// Written by `citytrip site` (generator/site/assets.py): $version is a hash of the site's shared
// files, so a new site's worker drops the old copies. (A string.Template: no template literals.)
//
// Pyodide's largest files travel gzipped: the site holds `pyodide.asm.wasm.gz` beside
// `pyodide.asm.wasm` (9.6 MB, 3.6 MB gzipped), and this worker answers the page's request for the
// plain file with the gzipped one unzipped (DecompressionStream), so a host that compresses nothing
// still sends little. A gzipped copy that is missing, truncated or not gzip is a console warning,
// and the plain file is fetched instead; a page the worker does not control fetches the plain files.

const CACHE = "citytrip-$version";
// The files sent gzipped (their names under assets/pyodide/), with the type the page expects:
// WebAssembly.instantiateStreaming refuses a runtime that is not application/wasm.
const PACKED = $packed;

self.addEventListener("install", () => self.skipWaiting());

// Kept at once: the site's pages a puzzle page links to, so that without a network its "All
// puzzles" and "How to play" links still open (the index lists what was published by then), and
// the site's scripts, style sheet and fonts, which the page fetched before this worker ran (so they
// did not pass through it), so that an index or a page opened without a network has them (the
// index's script shows the player's days) whatever the browser's own cache kept.
const KEPT_AT_ONCE = $kept;

// The page that registered this worker was fetched before the worker ran: keep it too.
async function keepOpenPages() {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const cache = await caches.open(CACHE);
  const pages = [...windows.map((w) => w.url.split("#")[0]), ...KEPT_AT_ONCE.map((name) => new URL(name, self.registration.scope).href)];
  await Promise.all(pages.map((url) => cache.add(url).catch(() => {})));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("citytrip-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()) // first: the page waits for the worker before loading the engine
      .then(keepOpenPages),
  );
});

// The engine's snapshot travels gzipped too (assets/engine-snapshot.bin.gz, 5 MB for a 31-MB
// heap), and only gzipped: the page asks for the plain name, and this worker answers, and keeps,
// it unzipped, so that each later visit restores it without unzipping 31 MB first (the restore
// took 3.3 s instead of 4.3 in an alternated run at CPU 4x: docs/site.md, "The engine's snapshot").
const SNAPSHOT = "/assets/engine-snapshot.bin";

// The gzipped copy, unzipped in full before it answers: a truncated file fails here, where the
// plain file can still be fetched, and not half-way through the page's compiling it.
async function unpacked(request, type) {
  const url = new URL(request.url);
  url.pathname += ".gz"; // before the query: the snapshot's address carries its digest
  const response = await fetch(url);
  if (!response.ok) throw new Error(response.url + ": " + response.status);
  const body = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  return new Response(body, { status: 200, headers: { "Content-Type": type } });
}

function packedType(path) {
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (path.endsWith("/assets/pyodide/" + name) && Object.hasOwn(PACKED, name)) return PACKED[name];
  return path.endsWith(SNAPSHOT) ? "application/octet-stream" : null;
}

function fromNetwork(request) {
  const path = new URL(request.url).pathname;
  const type = packedType(path);
  if (!type) return fetch(request);
  return unpacked(request, type).catch((error) => {
    console.warn("citytrip: the gzipped " + path + " could not be used; fetching the plain file:", error);
    return fetch(request);
  });
}

// The network first; what arrives is kept, and without a network the kept copy answers.
function networkFirst(event) {
  const request = event.request;
  return fromNetwork(request)
    .then((response) => {
      if (response.ok) {
        const copy = response.clone();
        event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
      }
      return response;
    })
    .catch(() => caches.match(request, { ignoreSearch: true }).then((kept) => kept || Response.error()));
}

// Pyodide's own files (assets/pyodide/) are the pinned release's, and a site with others has
// another worker and another cache: they come from this cache first, so a repeat visit does not
// ask the network for them (each a round trip on a phone line, and 9.6 MB where the browser's own
// cache did not keep the runtime).
function pinned(request) {
  return new URL(request.url).pathname.includes("/assets/pyodide/");
}

// The results service's API (`citytrip serve --site` puts it beside the site) is never kept: its
// figures are for now, and a play that cannot be sent waits in the page's own queue (results.js).
function api(request) {
  return new URL(request.url).pathname.includes("/api/v1/");
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin || api(request)) return;
  if (!pinned(request)) {
    event.respondWith(networkFirst(event));
    return;
  }
  event.respondWith(caches.open(CACHE).then((cache) => cache.match(request)).then((kept) => kept || networkFirst(event)));
});
