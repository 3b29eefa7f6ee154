/* Rulecraft's service worker: every game a player opens is kept for use without a network.
   Written to the site's root (its scope is the whole site) by mkdocs_plugin/offline.py, which puts this
   build's games in GAMES: {id: {version, title}}; a version is a hash of every file the game's pages use, so
   a build that changes a rule changes this file, and the browser installs the new worker.
   * A page of a game asks (message "keep") for that game: its list, offline/<game>.json, is fetched and
     every file on it is stored in one cache, rulecraft-<game>-<version>, at once or not at all.
   * Requests are answered from the kept games' caches first (a basement has no signal to wait for), else
     from the network; a PDF fetched is kept in its game's cache (cheat sheets: on first open, not before).
   * A new worker fetches the new version of each game kept, then waits: the page says a newer version is
     ready and reloads once the player agrees (message "activate"); the old caches are deleted then. */
const GAMES = {} /*GAMES*/;
const ROOT = new URL("./", self.location).href;
const PREFIX = "rulecraft-";
const cacheName = (game) => `${PREFIX}${game}-${GAMES[game].version}`;
const current = new Set(Object.keys(GAMES).map(cacheName));

// The game of a URL of this site: its first folder, when that is a game of this build.
const gameOf = (url) => {
  const path = url.startsWith(ROOT) ? url.slice(ROOT.length).split(/[?#]/)[0] : "";
  const first = path.split("/")[0];
  return path.includes("/") && Object.hasOwn(GAMES, first) ? first : null;
};

// Games the player kept, as the caches' names say (any version: a new worker renews them).
const keptGames = async () => (await caches.keys()).filter((n) => n.startsWith(PREFIX))
  .map((n) => n.slice(PREFIX.length, n.lastIndexOf("-"))).filter((g) => Object.hasOwn(GAMES, g));

// Store a game's files; true when this call stored them, false when they were stored already.
async function keep(game) {
  const cache = await caches.open(cacheName(game)), list = `${ROOT}offline/${game}.json`;
  if (await cache.match(list)) return false; // the list is stored with the files: they are all there
  const manifest = await (await fetch(list, { cache: "no-cache" })).json();
  // The site was rebuilt since this worker was installed: the newer worker will store the newer files.
  if (manifest.version !== GAMES[game].version) throw new Error(`${game}: the site has a newer version`);
  // "no-cache": revalidated with the server, never a copy the browser's HTTP cache kept of an older build.
  await cache.addAll([...manifest.files, `offline/${game}.json`].map((f) => new Request(ROOT + f, { cache: "no-cache" })));
  return true;
}

self.addEventListener("install", (event) => {
  event.waitUntil(keptGames().then((games) => Promise.all(games.map(keep))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith(PREFIX) && !current.has(name)) await caches.delete(name);
    await self.clients.claim(); // the page that installed the worker is served by it from now on
  })());
});

self.addEventListener("message", (event) => {
  const message = event.data || {}, client = event.source;
  if (message.rc === "activate") self.skipWaiting();
  const game = message.rc === "keep" && gameOf(String(message.url));
  if (!game) return;
  event.waitUntil(keep(game).then(
    (fresh) => client.postMessage({ rc: "kept", game, title: GAMES[game].title, fresh }),
    (error) => client.postMessage({ rc: "not-kept", game, error: String(error) })));
});

// A response from this version's caches: the URL's own game's first (its pages), then any (shared files).
async function fromCache(request, navigate) {
  const game = gameOf(request.url), names = (await caches.keys()).filter((n) => current.has(n));
  names.sort((a, b) => (game && b === cacheName(game)) - (game && a === cacheName(game)));
  for (const name of names) {
    const hit = await (await caches.open(name)).match(request, { ignoreSearch: navigate }); // ?notes=1 is the same page
    if (hit) return hit;
  }
  return null;
}

const offlinePage = async () => {
  const games = await keptGames(), links = games.map((g) => `<li><a href="${ROOT}${g}/">${GAMES[g].title}</a></li>`);
  return new Response("<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
    "<title>Offline</title><body style='font:1rem/1.5 system-ui,sans-serif;margin:2rem'>" +
    "<h1>This page is not kept for offline use</h1>" + (links.length ? `<p>Kept on this device:</p><ul>${links.join("")}</ul>` :
      "<p>Open a game's pages once with a network: they are then kept on this device.</p>"),
  { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
};

async function respond(request) {
  const navigate = request.mode === "navigate", hit = await fromCache(request, navigate);
  if (hit) return hit;
  try {
    const response = await fetch(request);
    const game = gameOf(request.url);
    if (game && response.ok && new URL(request.url).pathname.endsWith(".pdf")) {
      await (await caches.open(cacheName(game))).put(request, response.clone());
    }
    return response;
  } catch (error) {
    if (navigate) return offlinePage();
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  // Another site's request, a form's, or a range of a file: the network's as usual.
  if (request.method !== "GET" || !request.url.startsWith(ROOT) || request.headers.has("range")) return;
  event.respondWith(respond(request));
});
