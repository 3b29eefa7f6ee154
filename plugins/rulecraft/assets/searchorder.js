/* Search results, ordered for players. Loaded in <head>, before Material's bundle creates its search
   worker: each result message of that worker is reordered before Material renders it.
   1. On a game's pages that game's results come first (the first folder of the page's URL).
   2. An entry named exactly as typed (a glossary term by its name, alias or plural, a dice table by
      its title, a card by its name) leads its page's results, and that page leads its part.
   Otherwise the worker's order stands. Any other worker is left alone. */
(() => {
  const Base = window.Worker;
  if (!Base || Base.rcSearchOrder) return;
  const section = () => { // first folder of this page below the site root: the game's id
    const el = document.getElementById("__config");
    const root = el ? new URL(JSON.parse(el.textContent).base || ".", location.href).pathname : "/";
    const path = location.pathname.startsWith(root) ? location.pathname.slice(root.length) : "";
    const first = path.split("/")[0];
    return first && path.includes("/") ? first + "/" : "";
  };
  const text = document.createElement("textarea"); // decodes the index's HTML entities
  const norm = (html) => {
    text.innerHTML = String(html || "").replace(/<[^>]*>/g, "");
    return text.value.toLowerCase().replace(/\s+/g, " ").trim();
  };
  const where = (item) => String(item.location || "").replace(/^(\.\.\/)+|^\.?\//, "");
  const named = (item, q) => where(item).includes("#") &&
    (norm(item.title) === q || (item.rc_words || []).some((w) => norm(w) === q));

  function reorder(items, query) {
    const q = norm(query), own = section();
    const rank = new Map();
    for (const group of items) {
      const best = Math.max(...group.map((i) => i.score || 0));
      let exact = false;
      for (const item of group) if (q && named(item, q)) { item.score = best + 1; exact = true; }
      // Material shows the sections scoring as high as the first one; the rest fold under "more".
      if (exact) group.sort((a, b) => b.score - a.score);
      const mine = own && group.length && where(group[0]).startsWith(own);
      rank.set(group, (mine || !own ? 0 : 2) + (exact ? 0 : 1));
    }
    items.sort((a, b) => rank.get(a) - rank.get(b)); // stable: the worker's order within each part
  }

  const queries = new WeakMap(); // worker -> queries sent, answered in order
  class RcWorker extends Base {
    constructor(url, options) {
      super(url, options);
      if (!/search/.test(String(url))) return;
      queries.set(this, []);
      // Registered before Material's listener: listeners share one event, so it sees the new order.
      this.addEventListener("message", (e) => {
        const m = e.data;
        if (!m || m.type !== 3) return; // 3: a result, one per query (2)
        const query = queries.get(this).shift();
        if (m.data && Array.isArray(m.data.items)) reorder(m.data.items, query);
      });
    }

    postMessage(message, ...rest) {
      if (message && message.type === 2 && queries.has(this)) queries.get(this).push(message.data);
      return super.postMessage(message, ...rest);
    }
  }
  RcWorker.rcSearchOrder = true;
  window.Worker = RcWorker;
})();
