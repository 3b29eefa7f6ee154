/* The glossary's filter box (render/glossary.py writes it hidden: no dead box without JavaScript): loaded by
   player.js only on a page that has one (.rc-gfilter), run again by it (window.rcGfilter) after instant
   navigation. */
(() => {
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
  window.rcGfilter = () => filter();
  filter();
})();
