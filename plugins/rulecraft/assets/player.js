/* Player view: the header's "Designer notes" switch (off by default; remembered; ?notes=1/0 sets it)
   toggles <html class="rc-notes-on">, which shows .rc-dnote; the glossary filter box; and, on pages of a
   game with variants (.rc-variants), variants.lazy.js, loaded once: the variant switch; on pages with a
   formula (.rc-formula), formula.lazy.js: its calculator; on the play view (.rc-play), play.lazy.js: the phase
   stepper; where an open question has rulings (.rc-rulings), rulings.lazy.js: the group's pick (each lazy: loaded once, run again on later pages). */
(() => {
  const src = document.currentScript && document.currentScript.src;
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
    for (const t of topics) {
      t.textContent = "";
      t.append(Object.assign(document.createElement("span"), { className: "rc-h-game", textContent: gameName }));
      t.append(Object.assign(document.createElement("span"), { className: "rc-h-page", textContent: game ? pageName : "Overview" }));
      t.closest(".md-header__topic").classList.add("rc-h-where");
    }
    const item = tab && tab.closest(".md-tabs__item"); // its game's tab in view in the scrolling row
    for (let box = item && item.parentElement; box && !box.matches(".md-tabs"); box = box.parentElement)
      if (box.scrollWidth > box.clientWidth) { box.scrollLeft = item.offsetLeft - box.offsetLeft - 8; break; }
    const row = document.querySelector(".md-tabs");
    if (item && row && row.scrollWidth > row.clientWidth) row.scrollLeft = item.offsetLeft - 8;
  };
  const filter = (box = document.querySelector(".rc-gfilter[hidden]")) => {
    if (!box) return;
    const input = box.querySelector("input"), all = [...document.querySelectorAll(".rc-term-entry")];
    // A term is found by its name, its other wordings and its definition; the match is highlighted there
    // (CSS Custom Highlight API: no change to the page's text, so the term links stay as they are).
    const shown = e => [...e.querySelectorAll(".rc-term-title, .rc-short, .rc-definition")];
    const words = new Map(all.map(e => [e, e.dataset.rcWords + " | " + shown(e).map(x => x.textContent).join(" ").toLowerCase()]));
    const mark = t => {
      if (!window.CSS || !CSS.highlights || !window.Highlight) return;
      const ranges = [];
      if (t) for (const e of all) if (!e.hidden) for (const x of shown(e)) {
        const walk = document.createTreeWalker(x, NodeFilter.SHOW_TEXT);
        for (let node; (node = walk.nextNode());) {
          const low = node.data.toLowerCase();
          for (let i = low.indexOf(t); i >= 0; i = low.indexOf(t, i + t.length)) {
            const r = new Range(); r.setStart(node, i); r.setEnd(node, i + t.length); ranges.push(r);
          }
        }
      }
      CSS.highlights.set("rc-gmatch", new Highlight(...ranges));
    };
    const run = (t = input.value.trim().toLowerCase(), n = 0) => {
      all.forEach(e => n += !(e.hidden = !words.get(e).includes(t)));
      mark(t);
      document.querySelectorAll(".rc-letter").forEach(l => {
        l.hidden = l.nextElementSibling.hidden = ![...l.nextElementSibling.children].some(e => !e.hidden);
      });
      box.querySelector("output").textContent = t ? `${n} of ${all.length} terms` : "";
    };
    input.oninput = () => run();
    input.onkeydown = e => {
      if (e.key == "Escape") { input.value = ""; run(); }
      if (e.key == "Enter") all.find(x => !x.hidden)?.querySelector("h3").scrollIntoView();
    };
    box.hidden = false;
  };
  const lazy = (c, f) => src && document.querySelector(".rc-" + c) && (window[f] ? window[f]() : vl[c] ||
    (vl[c] = document.head.appendChild(Object.assign(document.createElement("script"),
      { src: src.replace(/player\.js([?#].*)?$/, c + ".lazy.js") }))));
  // Keyboard: a skip link, next to Material's "Skip to content", to the page's first dice table (opening the
  // phase's fold that holds it).
  const skip = (first = document.querySelector(".rc-dice [id]"), to = document.querySelector(".md-skip")) => {
    document.querySelectorAll(".rc-skip-dice").forEach(old => old.remove()); // instant navigation keeps it
    if (!first || !to) return;
    const a = Object.assign(document.createElement("a"), { className: "md-skip rc-skip-dice", href: "#" + first.id,
      textContent: "Skip to the dice tables" });
    a.onclick = e => {
      // Ours alone: Material's instant navigation would take this #link as a page to fetch and inject again,
      // dropping the focus we set.
      e.preventDefault();
      e.stopPropagation();
      const fold = first.closest("details");
      if (fold) fold.open = true;
      if (!first.hasAttribute("tabindex")) first.setAttribute("tabindex", "-1");
      history.pushState(history.state, "", "#" + first.id);
      const ui = first.closest(".rc-dice").querySelector(".rc-dice-ui"),
        go = () => (ui && !ui.hidden && ui.querySelector("button, input") || first).focus();
      go();
      // The roll panel shows once dice.js (and its lazy part) has run: move on to it then, unless the reader
      // has moved on.
      if (ui && ui.hidden) new MutationObserver((_, seen) => {
        seen.disconnect();
        if (document.activeElement == first) go();
      }).observe(ui, { attributes: true, attributeFilter: ["hidden"] });
    };
    to.after(a);
  };
  const init = () => {
    header(); where(); skip(); show(); filter();
    lazy("variants", "rcVariants"); lazy("formula", "rcFormulas"); lazy("play", "rcPlay");
    lazy("rulings", "rcRulings");
  };
  if (window.document$) document$.subscribe(init); else addEventListener("DOMContentLoaded", init);
})();
