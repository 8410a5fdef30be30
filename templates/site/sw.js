// The site's service worker: once a puzzle page has been opened, the site keeps working without
// a network. Every request of the site goes to the network first (a new day's page is always
// fresh), and what arrives is kept; without a network, the kept copy answers.
//
// Written by `citytrip site` (generator/site/assets.py): $version is a hash of the site's shared
// files, so a new site's worker drops the old copies.

const CACHE = "citytrip-$version";

self.addEventListener("install", () => self.skipWaiting());

// The site's pages a puzzle page links to: kept at once, so that without a network its "All
// puzzles" and "How to play" links still open (the index lists what was published by then), and
// the index's script with the record it reads, so that it shows the player's days there too
// (the puzzle page fetched record.js before this worker ran, so it was not kept then).
const LINKED = ["index.html", "how-to-play.html", "assets/index.js", "assets/record.js"];

// The page that registered this worker was fetched before the worker ran: keep it too.
async function keepOpenPages() {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const cache = await caches.open(CACHE);
  const pages = [...windows.map((w) => w.url.split("#")[0]), ...LINKED.map((name) => new URL(name, self.registration.scope).href)];
  await Promise.all(pages.map((url) => cache.add(url).catch(() => {})));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("citytrip-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(keepOpenPages)
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true }).then((kept) => kept || Response.error())),
  );
});
