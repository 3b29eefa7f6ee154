/* Offline use (see mkdocs_plugin/offline.py). In <head>, before Material's bundle:
   * opened from disk (file://): a Worker cannot start there, and Material's bundle stops at its search
     worker (so did every script waiting for its document$: Roll buttons, the notes switch). The worker's
     script runs in a hidden iframe of this page instead, with the same messages. Links to a folder (the
     site's directory URLs) get the index.html a web server would add.
   * served over http(s): registers the site's service worker, asks it to keep the game being read, and
     says when that game is available offline and when a newer version of the rules is ready. */
(() => {
  const d = document, src = d.currentScript && d.currentScript.src;
  if (!src) return;
  const root = new URL("../../", src).href; // this file is <site>/assets/rulecraft/offline.js

  if (location.protocol === "file:") {
    // Instant navigation cannot fetch pages from disk; Material then ends its document$ before the page's
    // first emission, and nothing waiting for it (its own search, header, Roll buttons) ever starts. So the
    // feature is taken out of the page's __config, as the parser ends that element (a microtask checkpoint
    // runs at every </script>: before Material's bundle reads it).
    const seen = new MutationObserver(() => {
      const c = d.getElementById("__config");
      if (!c || !d.querySelector("#__config ~ *")) return; // not yet, or not yet whole
      seen.disconnect();
      const config = JSON.parse(c.textContent);
      config.features = (config.features || []).filter((f) => !f.startsWith("navigation.instant"));
      c.textContent = JSON.stringify(config);
    });
    seen.observe(d.documentElement, { childList: true, subtree: true });
    const W = window.Worker, load = (w, url) => new Promise((ok, fail) =>
      w.document.head.append(Object.assign(w.document.createElement("script"), { src: url, onload: ok, onerror: fail })));
    // Another shim (Material's offline plugin's) is already in place: it is kept.
    if (W && /\[native code\]/.test(Function.prototype.toString.call(W))) {
      window.Worker = class extends EventTarget {
        constructor(url) {
          super();
          const f = this.frame = d.createElement("iframe"), href = new URL(url, location.href).href;
          f.hidden = true;
          f.tabIndex = -1;
          d.body.append(f);
          const w = this.win = f.contentWindow, queue = this.queue = [];
          w.postMessage = (data) => setTimeout(() => this.dispatchEvent(new MessageEvent("message", { data })));
          // The worker awaits what importScripts returns (its lunr languages): scripts loaded in turn.
          w.importScripts = (...urls) => urls.reduce((p, u) => p.then(() => load(w, new URL(u, href).href)), Promise.resolve());
          load(w, href).then(() => { this.queue = null; queue.forEach((m) => this.postMessage(m)); });
        }
        postMessage(data) { // messages sent before its script ran wait for it
          if (this.queue) this.queue.push(data);
          else setTimeout(() => this.win.dispatchEvent(new this.win.MessageEvent("message", { data })));
        }
        terminate() { this.frame.remove(); }
      };
    }
    const fix = (a) => {
      const u = a.href ? new URL(a.href) : null;
      if (u && u.protocol === "file:" && u.pathname.endsWith("/")) { u.pathname += "index.html"; a.href = u.href; }
    };
    const fixTarget = (e) => { const a = e.target.closest && e.target.closest("a[href]"); if (a) fix(a); };
    // Before anything follows a link: the search's results are made while typing, so every click is looked at.
    ["pointerdown", "click", "focusin"].forEach((t) => d.addEventListener(t, fixTarget, true));
    d.addEventListener("DOMContentLoaded", () => d.querySelectorAll("a[href]").forEach(fix));
    return;
  }
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  d.head.append(Object.assign(d.createElement("link"), { rel: "manifest", href: root + "manifest.webmanifest" }));

  const sw = navigator.serviceWorker, kept = new Set();
  let box, reg;
  const say = (text, action) => { // a short notice at the foot of the screen, read out by screen readers
    if (!box) {
      box = Object.assign(d.createElement("div"), { className: "rc-offline" });
      box.setAttribute("role", "status");
    }
    box.replaceChildren(text);
    if (action) box.append(action);
    d.body.append(box); // instant navigation replaces the body's content, not this
    // The page's foot scrolls clear of the notice (its height below the content) while it is shown.
    d.documentElement.style.setProperty("--rc-notice", box.offsetHeight + 16 + "px");
    clearTimeout(box.timer);
    if (!action) box.timer = setTimeout(() => { box.remove(); d.documentElement.style.removeProperty("--rc-notice"); }, 6000);
  };
  // The page says, on every page of a kept game, that it is kept: a mark in the header's row of buttons, and
  // one on the game's tab, shown instead on a phone (player.css), where the row leaves the header's game
  // name no room to spare ("Corporate Warf…" beside the mark at 390 px).
  const MARK = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M19.4 10A7.5 7.5 0 0 0 5.4 8 6 6 0 0 0 6 20h13a5 5 0 0 0 .4-10M10 17l-3.5-3.5 1.4-1.4 2.1 2.1 5.2-5.2 1.4 1.4z"/></svg>';
  const mark = (className) => {
    const b = Object.assign(d.createElement("span"), { className, title: "Available offline", innerHTML: MARK });
    b.setAttribute("role", "img");
    b.setAttribute("aria-label", b.title);
    return b;
  };
  const badge = () => {
    const game = location.href.slice(root.length).split("/")[0], bar = d.querySelector(".md-header__inner");
    d.querySelectorAll(".rc-offline-badge, .rc-offline-tab").forEach((old) => old.remove());
    if (!bar || !kept.has(game)) return;
    bar.insertBefore(mark("md-header__button md-icon rc-offline-badge"), bar.querySelector(".md-header__option, .md-search"));
    const tab = d.querySelector(".md-tabs__item--active .md-tabs__link");
    if (tab) tab.append(mark("rc-offline-tab"));
  };
  sw.addEventListener("message", ({ data: m }) => {
    if (!m || m.rc !== "kept") return;
    kept.add(m.game);
    badge();
    if (m.fresh) say(`${m.title} is available offline.`);
  });
  let wanted = false, first = true;
  const ready = () => { // a newer worker has stored the newer version: the player chooses when to reload
    const b = Object.assign(d.createElement("button"), { type: "button", textContent: "Reload" });
    b.onclick = () => { wanted = true; if (reg.waiting) reg.waiting.postMessage({ rc: "activate" }); };
    say("A newer version of the rules is ready. ", b);
  };
  // The new worker took over after "Reload" (not the first worker claiming the page it was installed from).
  sw.addEventListener("controllerchange", () => wanted && location.reload());
  const keep = () => sw.ready.then((r) => r.active.postMessage({ rc: "keep", url: location.href }));
  addEventListener("load", () => sw.register(root + "sw.js").then((r) => {
    reg = r;
    if (r.waiting && sw.controller) ready();
    r.addEventListener("updatefound", () => {
      const w = r.installing;
      w.addEventListener("statechange", () => { if (w.state === "installed" && sw.controller) ready(); });
    });
    const each = () => { badge(); keep(); if (!first) r.update(); first = false; }; // instant navigation: no page load asks for updates
    if (window.document$) window.document$.subscribe(each); else each();
  }, () => { /* no worker on this server (`mkdocs serve`): the site works online only */ }));
})();
