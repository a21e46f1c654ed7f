// Cardavia service worker (template: scripts/build/build_site.py fills in VERSION and ASSETS).
// Precaches the whole site under a content-hashed cache name; serves from the cache
// first (matching with ignoreSearch), so that after one visit the site works offline.
// A new deployment installs beside the old one and waits: the page shows
// "Update available" and posts {type: "skip-waiting"} when the user accepts.
const VERSION = "__VERSION__";
const ASSETS = [/*__ASSETS__*/];
// the first BOOT_COUNT assets are what the engine worker loads: once they are cached (and so
// in the HTTP cache too), a first-visit page may start the worker without a second download
const BOOT_COUNT = /*__BOOT_COUNT__*/0;
const CACHE = "cardavia-" + VERSION;
const PREFIX = "cardavia-";

async function broadcast(msg) {
  const all = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const c of all) c.postMessage(msg);
}

// a violation of the site's policy here is told to the pages (tests watch for it)
self.addEventListener("securitypolicyviolation", (e) => {
  broadcast({ type: "csp", directive: e.effectiveDirective, blocked: String(e.blockedURI) });
});

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    let done = 0;
    const total = ASSETS.length;
    let bootLeft = BOOT_COUNT;
    // a few at a time: progress for the page, and no stampede on slow links
    const queue = ASSETS.slice();
    async function worker() {
      while (queue.length) {
        const index = total - queue.length;
        const url = queue.shift();
        // "no-cache": revalidate with the server (fresh), but files the page already loaded come back as 304s
        const res = await fetch(new Request(url, { cache: "no-cache" }));
        if (!res.ok) throw new Error(`precache ${url}: HTTP ${res.status}`);
        await cache.put(url, res);
        done += 1;
        if (index < BOOT_COUNT) bootLeft -= 1;
        broadcast({ type: "precache", done, total, version: VERSION, bootReady: BOOT_COUNT > 0 && bootLeft === 0 });
      }
    }
    await Promise.all([worker(), worker(), worker(), worker()]);
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    let hit = await cache.match(req, { ignoreSearch: true });
    if (!hit && req.mode === "navigate") {
      // a navigation to a sub-path ("./") or with a query: serve the page itself
      const path = new URL(req.url).pathname;
      hit = await cache.match(path.endsWith("/") ? "./index.html" : req, { ignoreSearch: true });
    }
    if (hit) return hit;
    return fetch(req);
  })());
});
