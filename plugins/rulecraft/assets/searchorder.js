/* Before Material's bundle: reorders its search worker's results (see mkdocs_plugin/searchindex.py); with
   Designer notes off, leaves out the games' Status pages. */
(() => {
  const W = window.Worker, t = document.createElement("textarea");
  if (!W || W.rc) return;
  const loc = (i) => String(i && i.location).replace(/^(\.\.\/)+|^\.?\//, "");
  const norm = (h) => { t.innerHTML = String(h).replace(/<[^>]*>/g, ""); return t.value.toLowerCase().replace(/\s+/g, " ").trim(); };
  const game = () => { // first folder of this page below the site root
    const c = document.getElementById("__config"), root = new URL(c ? JSON.parse(c.textContent).base : ".", location).pathname,
      p = location.pathname.startsWith(root) ? location.pathname.slice(root.length) : "", f = p.split("/")[0];
    return f && p.includes("/") ? f + "/" : "";
  };
  // A game's Status page is the designers' (open questions, notes): with Designer notes off it is not a result.
  const status = (g) => /^[^/#]+\/status\/(#|$)/.test(loc(g[0]));
  const reorder = (items, query) => {
    if (!document.documentElement.classList.contains("rc-notes-on"))
      for (let i = items.length - 1; i >= 0; i--) if (items[i].length && status(items[i])) items.splice(i, 1);
    const q = norm(query), own = game(), rank = new Map();
    for (const g of items) {
      const top = Math.max(...g.map((i) => i.score || 0));
      let hit = 0;
      for (const i of g) if (q && loc(i).includes("#") && [i.title, ...(i.rc_words || [])].some((w) => norm(w) === q)) i.score = top + 1, hit = 1;
      if (hit) g.sort((a, b) => b.score - a.score);
      rank.set(g, (!own || loc(g[0]).startsWith(own) ? 0 : 2) + !hit);
    }
    items.sort((a, b) => rank.get(a) - rank.get(b));
  };
  class RcWorker extends W {
    constructor(url, o) {
      super(url, o);
      if (!/search/.test(url)) return;
      this.rcQ = []; // queries, answered in order
      this.addEventListener("message", ({ data: m }) => { // before Material's listener, same data
        if (m && m.type === 3) { const q = this.rcQ.shift(); if (m.data && Array.isArray(m.data.items)) reorder(m.data.items, q); }
      });
    }
    postMessage(m, ...r) { if (this.rcQ && m && m.type === 2) this.rcQ.push(m.data); return super.postMessage(m, ...r); }
  }
  RcWorker.rc = 1;
  window.Worker = RcWorker;
})();
