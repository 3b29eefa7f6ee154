/* Search results of the game being read come first. Loaded in <head>, before Material's bundle
   creates its search worker: the worker's result messages are reordered (a stable partition of the
   result groups, best match first within each part) before Material renders them. Any other worker
   is left alone. On the home page and outside a game's folder the order stays as it is. */
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
  const reorder = (e) => {
    const m = e.data;
    if (!m || m.type !== 3 || !m.data || !Array.isArray(m.data.items)) return; // 3: a result
    const own = section();
    if (!own) return;
    const mine = (group) => String((group[0] || {}).location || "").replace(/^(\.\.\/)+|^\.?\//, "").startsWith(own);
    const items = m.data.items;
    items.splice(0, items.length, ...items.filter(mine), ...items.filter((g) => !mine(g)));
  };
  class RcWorker extends Base {
    constructor(url, options) {
      super(url, options);
      // Registered before Material's listener: listeners share one event, so it sees the new order.
      if (/search/.test(String(url))) this.addEventListener("message", reorder);
    }
  }
  RcWorker.rcSearchOrder = true;
  window.Worker = RcWorker;
})();
