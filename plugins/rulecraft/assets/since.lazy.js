/* "Show changes since version …" (loaded by player.js on pages with rules marked changed, .rc-since): fills
   the slot render put under the title with a labelled <select> of the game's versions (data-rc-versions,
   oldest first). Choosing one highlights every rule changed in a later version ([data-rc-changed], versions
   space-separated) and says how many the page has. The choice is remembered per game (localStorage), so
   every page of the game follows it; "no highlight" is the default and what the page shows without script. */
(() => {
  const css = document.head.appendChild(document.createElement("style"));
  css.textContent = ".rc-since{display:flex;align-items:center;gap:.6em;flex-wrap:wrap;margin:0 0 1em}" +
    ".rc-since label{font-weight:700}" +
    ".rc-since select{font:inherit;min-height:2.2rem;padding:0 .5em;" +
    "border:1px solid var(--md-default-fg-color--light);border-radius:.2rem;" +
    "background:var(--md-default-bg-color);color:var(--md-default-fg-color)}" +
    ".rc-since select:focus-visible{outline:2px solid var(--md-accent-fg-color);outline-offset:2px}" +
    "@media (pointer:coarse),(max-width:44.9em){.rc-since select{min-height:44px}}" +
    ".rc-since output{color:var(--md-default-fg-color--light)}" +
    ".rc-since-hit{box-shadow:inset .25rem 0 0 var(--md-accent-fg-color);" +
    "background:var(--md-accent-fg-color--transparent);padding-left:.6rem;border-radius:.1rem}" +
    // a table row (a catalog item, a constant): its cells carry the tint, their own backgrounds would hide it
    "tr.rc-since-hit>*{background:var(--md-accent-fg-color--transparent)}" +
    "@media print{.rc-since{display:none}}";
  window.rcSince = () => {
    const box = document.querySelector(".rc-since[hidden]");
    if (!box) return;
    const key = "rulecraft.since." + box.dataset.rcGame, versions = JSON.parse(box.dataset.rcVersions),
      store = v => {
        try { return v == null ? localStorage.getItem(key) : localStorage.setItem(key, v); } catch (e) { }
      },
      label = document.createElement("label"), select = document.createElement("select"),
      out = document.createElement("output");
    select.id = "rc-since-" + box.dataset.rcGame;
    label.htmlFor = select.id;
    label.textContent = "Show changes since";
    out.setAttribute("aria-live", "polite");
    select.add(new Option("— (no highlight)", ""));
    versions.slice(0, -1).forEach(v => select.add(new Option("version " + v, v)));
    select.value = store() || "";
    if (select.selectedIndex < 0) select.value = "";
    const apply = (v = select.value, n = 0) => {
      const from = versions.indexOf(v);
      document.querySelectorAll("[data-rc-changed]").forEach(e => {
        const hit = !!v && e.dataset.rcChanged.split(" ").some(x => versions.indexOf(x) > from);
        e.classList.toggle("rc-since-hit", hit);
        n += hit;
      });
      out.textContent = v ? (n == 1 ? "1 rule" : n + " rules") + " on this page changed since " + v : "";
    };
    select.onchange = () => { store(select.value); apply(); };
    box.append(label, select, out);
    box.hidden = false;
    apply();
  };
  rcSince();
})();
