/* Variant switch (loaded by player.js on pages of a game with variants): fills the .rc-variants slot
   render put under the title with a labelled <select>: every rule (variants badged, base numbers; what
   the page shows without script), the base game, one variant or a combination of variants. The choice hides items of other
   variants ([data-rc-variant], ids space-separated, "base": the base game only) and puts a variant's
   numbers into [data-rc-vals]. It is remembered per game (localStorage), so every page of the game
   follows it; cheat sheets ([data-rc-fixed]) show one way to play and are left alone. On paper the
   switch gives way to a line saying which rules the page shows (a printout hides the same rules). */
(() => {
  const css = document.head.appendChild(document.createElement("style"));
  css.textContent = "[data-rc-variant][hidden]{display:none!important}" +
    ".rc-variants{display:flex;align-items:center;gap:.6em;flex-wrap:wrap;margin:0 0 1em}" +
    ".rc-variants label{font-weight:700}" +
    ".rc-variants select{font:inherit;min-height:2.2rem;padding:0 .5em;border:1px solid var(--md-default-fg-color--light);" +
    "border-radius:.2rem;background:var(--md-default-bg-color);color:var(--md-default-fg-color)}" +
    ".rc-variants select:focus-visible{outline:2px solid var(--md-accent-fg-color);outline-offset:2px}" +
    "@media (pointer:coarse),(max-width:44.9em){.rc-variants select{min-height:44px}}" +
    ".rc-const--variant{text-decoration:underline dotted}.rc-variants-shown{display:none;margin:0}" +
    "@media print{.rc-variants label,.rc-variants select{display:none}.rc-variants-shown{display:block}}";
  window.rcVariants = () => {
    const box = document.querySelector(".rc-variants[hidden]");
    if (!box) return;
    const key = "rulecraft.variant." + box.dataset.rcGame,
      store = v => { try { return v == null ? localStorage.getItem(key) : localStorage.setItem(key, v); } catch (e) { } },
      label = document.createElement("label"), select = document.createElement("select"),
      shown = document.createElement("p");
    shown.className = "rc-variants-shown";
    select.id = "rc-variant-" + box.dataset.rcGame;
    label.htmlFor = select.id;
    label.textContent = "Rules shown";
    const names = [["", "All, variants marked"], ["base", "Base game"], ...JSON.parse(box.dataset.rcVariants)];
    for (const [id, name, combined] of names)
      select.add(new Option(id && id != "base" ? (combined ? "Variants: " : "Variant: ") + name : name, id));
    select.value = store() || "";
    if (select.selectedIndex < 0) select.value = "";
    const apply = (v = select.value) => {
      shown.textContent = "Rules shown: " + Object.fromEntries(names)[v];
      document.documentElement.dataset.rcView = v; // formula calculators follow (formula.lazy.js)
      document.dispatchEvent(new Event("rc-view"));
      const free = e => !e.closest("[data-rc-fixed]");
      document.querySelectorAll("[data-rc-variant]").forEach(e => {
        if (free(e)) e.hidden = !!v && !e.dataset.rcVariant.split(" ").includes(v);
      });
      document.querySelectorAll("[data-rc-vals]").forEach(e => {
        if (!free(e)) return;
        const vals = JSON.parse(e.dataset.rcVals);
        e.dataset.rcBase ??= e.textContent;
        e.textContent = vals[v] ?? e.dataset.rcBase;
        e.classList.toggle("rc-const--variant", v in vals);
      });
      // The table of contents follows: no entry for a heading the choice hides.
      document.querySelectorAll(".md-nav--secondary a[href*='#']").forEach(a => {
        const t = document.getElementById(decodeURIComponent(a.hash.slice(1)));
        a.parentElement.hidden = !!(t && t.closest("[data-rc-variant][hidden]"));
      });
    };
    select.onchange = () => { store(select.value); apply(); };
    box.append(label, select, shown);
    box.hidden = false;
    apply();
  };
  rcVariants();
})();
