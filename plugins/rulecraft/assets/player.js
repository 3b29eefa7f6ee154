/* Player view: the header's "Designer notes" switch (off by default; remembered; ?notes=1/0 sets it)
   toggles <html class="rc-notes-on">, which shows .rc-dnote; the header names the game and the page; a skip
   link to the dice tables. Lazy scripts, each loaded only on pages that have their element (loaded once, run
   again on later pages): on pages of a game with variants (.rc-variants), variants.lazy.js: the variant
   switch; with a formula (.rc-formula), formula.lazy.js: its calculator; on the play view (.rc-play),
   play.lazy.js: the phase stepper; with a dice table (.rc-dice), dice.lazy.js: the roll panels; on a glossary
   (.rc-gfilter), gfilter.lazy.js: its filter box; with rules changed in a version (.rc-since), since.lazy.js:
   "show changes since"; where an open question has rulings (.rc-rulings), rulings.lazy.js: the group's pick. */
(() => {
  const src = document.currentScript && document.currentScript.src;
  // Dice test mode (dice.lazy.js): ?rc-seed=N holds from the first URL opened, though the dice tables' script
  // may load pages later, after instant navigation has left that URL behind.
  const seed = new URLSearchParams(location.search).get("rc-seed");
  if (seed != null && window.rulecraftSeed == null) window.rulecraftSeed = seed;
  const vl = {};
  const K = "rulecraft.notes", h = document.documentElement, q = new URLSearchParams(location.search).get("notes"),
    ls = v => { try { return v == null ? localStorage.getItem(K) : localStorage.setItem(K, v); } catch (e) { } };
  if (q == "1" || q == "0") ls(q);
  let on = (ls() ?? q) == "1";
  const show = () => {
    h.classList.toggle("rc-notes-on", on);
    document.querySelectorAll(".rc-notes-switch").forEach(b => b.setAttribute("aria-checked", on));
  };
  const header = (bar = document.querySelector(".md-header__inner")) => {
    if (!bar || bar.querySelector(".rc-notes-switch")) return;
    const b = document.createElement("button");
    b.className = "md-header__button md-icon rc-notes-switch";
    b.type = "button";
    b.setAttribute("role", "switch");
    b.title = "Designer notes";
    b.setAttribute("aria-label", b.title);
    b.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M14 10H3v2h11zm0-4H3v2h11zM3 16h7v-2H3zm11.4-.6 1.4-1.4 2.2 2.1 4.2-4.2 1.4 1.4-5.6 5.7z"/></svg>';
    b.insertAdjacentHTML("beforeend", '<span class="rc-notes-label" aria-hidden="true">Notes</span>');
    b.onclick = () => { on = !on; ls(on ? "1" : "0"); show(); };
    bar.insertBefore(b, bar.querySelector(".md-header__option, .md-search"));
  };
  // The header names the game and the page ("John Company" over "Turn sequence"), not the site: both topics
  // (Material shows the second once the page's heading scrolls away), so a phone always says where it is.
  const where = () => {
    const topics = document.querySelectorAll(".md-header__topic .md-ellipsis");
    const title = document.title.replace(/ - [^-]*$/, ""), [pageName, game] = title.split(" — ");
    const tab = document.querySelector(".md-tabs__item--active .md-tabs__link");
    const gameName = game || (tab && tab.textContent.trim() === pageName ? pageName : "");
    if (!gameName || topics.length < 2) return;
    // A name's aside ("Straits (working title)") gives way on a narrow header: the name itself stays whole.
    const [, main, aside] = gameName.match(/^(.*?)(\s*\([^)]*\))?$/);
    for (const t of topics) {
      t.textContent = "";
      const g = t.appendChild(Object.assign(document.createElement("span"), { className: "rc-h-game", textContent: main, title: gameName }));
      if (aside) g.append(Object.assign(document.createElement("span"), { className: "rc-h-aside", textContent: aside }));
      t.append(Object.assign(document.createElement("span"), { className: "rc-h-page", textContent: game ? pageName : "Overview" }));
      t.closest(".md-header__topic").classList.add("rc-h-where");
      if (g.scrollWidth > g.clientWidth) g.classList.add("rc-h-tight"); // still cut: a size smaller
    }
    const item = tab && tab.closest(".md-tabs__item"); // its game's tab in view in the scrolling row
    for (let box = item && item.parentElement; box && !box.matches(".md-tabs"); box = box.parentElement)
      if (box.scrollWidth > box.clientWidth) { box.scrollLeft = item.offsetLeft - box.offsetLeft - 8; break; }
    const row = document.querySelector(".md-tabs");
    if (item && row && row.scrollWidth > row.clientWidth) row.scrollLeft = item.offsetLeft - 8;
  };
  const lazy = (c, f) => src && document.querySelector(".rc-" + c) && (window[f] ? window[f]() : vl[c] ||
    (vl[c] = document.head.appendChild(Object.assign(document.createElement("script"),
      { src: src.replace(/player\.js([?#].*)?$/, c + ".lazy.js") }))));
  // Keyboard: a skip link, next to Material's "Skip to content", to the page's first dice table.
  const skip = (first = document.querySelector(".rc-dice [id]"), to = document.querySelector(".md-skip")) => {
    document.querySelectorAll(".rc-skip-dice").forEach(old => old.remove()); // instant navigation keeps it
    if (!first || !to) return;
    const a = Object.assign(document.createElement("a"), { className: "md-skip rc-skip-dice", href: "#" + first.id,
      textContent: "Skip to the dice tables" });
    a.onclick = e => { // ours alone: instant navigation would load the page again and drop the focus
      e.preventDefault();
      e.stopPropagation();
      const fold = first.closest("details"), ui = first.closest(".rc-dice").querySelector(".rc-dice-ui"),
        go = () => (ui && !ui.hidden && ui.querySelector("button, input") || first).focus();
      if (fold) fold.open = true;
      first.tabIndex = -1;
      history.pushState(history.state, "", "#" + first.id);
      go();
      if (ui && ui.hidden) new MutationObserver((_, o) => { // the panel shows once dice.lazy.js has run
        o.disconnect();
        if (document.activeElement == first) go();
      }).observe(ui, { attributes: true });
    };
    to.after(a);
  };
  const init = () => {
    header(); where(); skip(); show();
    lazy("variants", "rcVariants"); lazy("formula", "rcFormulas"); lazy("play", "rcPlay"); lazy("since", "rcSince");
    lazy("dice", "rcDice"); lazy("gfilter", "rcGfilter"); lazy("rulings", "rcRulings");
  };
  if (window.document$) document$.subscribe(init); else addEventListener("DOMContentLoaded", init);
  // Paper is white: a page printed from the dark scheme prints in the light one (rulecraft.css resets only the
  // page's own colours; the dark scheme's pale link tint, badges and code stayed, under 2:1 on white).
  let screenScheme = null;
  addEventListener("beforeprint", () => {
    const scheme = document.body.getAttribute("data-md-color-scheme");
    if (!scheme || scheme == "default") return;
    screenScheme = scheme;
    document.body.setAttribute("data-md-color-scheme", "default");
  });
  addEventListener("afterprint", () => {
    if (screenScheme) document.body.setAttribute("data-md-color-scheme", screenScheme);
    screenScheme = null;
  });
})();
