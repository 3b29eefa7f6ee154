/* Group rulings (loaded by player.js on pages with .rc-rulings): each open question's marker
   (render/rulings.py) gets a Pick button per candidate ruling; the pick is remembered on the device
   (localStorage, per game) and set by a link's ?ruling-<question>=<id>. Picked, the marker shows the ruling's
   words at the rule (with Change), {const:id} spans show its value (data-rc-ruled) and a table it changes is
   swapped for the table as it reads it (a hidden copy after it, odds worked out at build time), then
   wired again by dice.lazy.js. Print shows what the screen shows. */
(() => {
  document.head.appendChild(document.createElement("style")).textContent =
    ".md-typeset .rc-ruling{margin:.4em 0 .8em;font-size:.85em}.md-typeset details.rc-ruling-open{margin:0;" +
    "font-size:inherit;border:1px dashed var(--md-default-fg-color--lighter);box-shadow:none;background:none}" +
    ".md-typeset details.rc-ruling-open>summary{background:none;padding-left:.8rem;font-weight:400;" +
    "color:var(--md-default-fg-color--light)}.md-typeset details.rc-ruling-open>summary::before{display:none}" +
    ".md-typeset details.rc-ruling-open[open]>summary{margin-bottom:0}.rc-ruling-open.rc-off{display:none}" +
    ".md-typeset .rc-ruling-options{list-style:none;margin:.4em 0;padding:0}" +
    ".md-typeset .rc-ruling-option{margin:0 0 .5em;padding:.3em .6em;" +
    "border-left:2px solid var(--md-default-fg-color--lightest)}.rc-ruling-text p{margin:.2em 0}" +
    ".rc-ruling button{font:inherit;min-height:2.2rem;padding:0 .8em;margin:.2em .4em 0 0;" +
    "border:1px solid var(--md-accent-fg-color);border-radius:.2rem;background:var(--md-default-bg-color);" +
    "color:var(--md-default-fg-color);cursor:pointer}.rc-ruling button:focus-visible{outline:2px solid " +
    "var(--md-accent-fg-color);outline-offset:2px}.md-typeset .rc-ruling-chosen{padding:.4em .7em;" +
    "border-left:3px solid var(--md-accent-fg-color);background:var(--md-code-bg-color)}" +
    ".rc-ruling-chosen p{margin:.2em 0}.rc-ruled-value{text-decoration:underline dotted}" +
    "@media (pointer:coarse),(max-width:44.9em){.rc-ruling button{min-height:44px}}" +
    "@media print{.rc-ruling button,.rc-ruling-open{display:none}}";
  const K = "rulecraft.rulings",
    load = () => { try { return JSON.parse(localStorage.getItem(K)) || {}; } catch (e) { return {}; } },
    save = all => { try { localStorage.setItem(K, JSON.stringify(all)); } catch (e) { } };
  const picks = game => load()[game] || {};
  const setPick = (game, q, id) => {
    const all = load(), mine = all[game] = all[game] || {};
    if (id) mine[q] = id; else delete mine[q];
    save(all);
  };
  const data = el => JSON.parse(el.dataset.rcRuling);
  // The table a marker stands before (render/dice.py: the question's markers, then the table).
  const tableAfter = marker => {
    let box = marker.nextElementSibling;
    while (box && box.matches(".rc-ruling")) box = box.nextElementSibling;
    return box && box.matches(".rc-dice") ? box : null;
  };
  const swap = (marker, q, id) => {
    const box = tableAfter(marker), copies = box && box.nextElementSibling;
    // Only the question whose rulings change this table swaps it (another may arise at it in words only).
    if (!copies || !copies.matches(".rc-ruled-copies") || !copies.querySelector(`[data-rc-ruling^="${q}:"]`)) return;
    const original = box.rcOriginal || box, shown = box.dataset.rcRuledBy || "",
      copy = id && copies.querySelector(`.rc-ruled-table[data-rc-ruling="${q}:${id}"]`);
    if ((copy ? id : "") == shown) return;
    let next = original;
    if (copy) {
      next = copy.firstElementChild.cloneNode(true);
      next.className = next.className.replace(/\brc-dice-ruled\b/, "rc-dice");
      next.dataset.rcDice = next.dataset.rcDiceRuled;
      delete next.dataset.rcDiceRuled;
      const head = original.firstElementChild; // the page's heading (and its anchor) stays
      if (head && /^H[1-6]$/.test(head.tagName)) next.prepend(head.cloneNode(true));
      if (original.id) next.id = original.id; // a table in a phase has the phase's id
      next.dataset.rcRuledBy = id;
      next.rcOriginal = original;
    }
    box.replaceWith(next);
    if (window.rcDice) rcDice();
  };
  const show = () => {
    document.querySelectorAll(".rc-ruling[data-rc-ruling]").forEach(marker => {
      const d = data(marker), id = picks(d.game)[d.question], chosen = marker.querySelector(".rc-ruling-chosen"),
        fold = marker.querySelector(".rc-ruling-open"),
        option = id && marker.querySelector(`.rc-ruling-option[data-rc-pick="${id}"]`);
      chosen.hidden = !option;
      fold.classList.toggle("rc-off", !!option); // Material shows a <details> whatever [hidden] says
      chosen.textContent = "";
      if (option) {
        const head = chosen.appendChild(document.createElement("p"));
        head.append(Object.assign(document.createElement("strong"), { textContent: "Our group's ruling: " }),
          option.querySelector(".rc-ruling-label").textContent);
        chosen.append(option.querySelector(".rc-ruling-text").cloneNode(true));
        const change = chosen.appendChild(Object.assign(document.createElement("button"),
          { type: "button", textContent: "Change", className: "rc-ruling-change" }));
        change.setAttribute("aria-label", "Change the ruling: " + option.querySelector(".rc-ruling-label").textContent);
        change.onclick = () => {
          setPick(d.game, d.question, null); show();
          const f = marker.querySelector(".rc-ruling-open"); f.open = true; f.querySelector("button")?.focus();
        };
      }
      swap(marker, d.question, option ? id : null);
    });
    document.querySelectorAll("[data-rc-ruled]").forEach(span => {
      const d = JSON.parse(span.dataset.rcRuled), id = picks(d.game)[d.question];
      if (span.rcBase == null) span.rcBase = span.textContent;
      span.textContent = id in d.values ? d.values[id] : span.rcBase;
      span.classList.toggle("rc-ruled-value", id in d.values);
    });
  };
  window.rcRulings = () => {
    const q = new URLSearchParams(location.search);
    document.querySelectorAll(".rc-ruling[data-rc-ruling]").forEach(marker => {
      const d = data(marker), asked = q.get("ruling-" + d.question);
      if (asked && d.rulings.includes(asked)) setPick(d.game, d.question, asked);
      marker.querySelectorAll(".rc-ruling-option").forEach(li => {
        if (li.querySelector("button")) return; // instant navigation: wired already
        const b = document.createElement("button"), label = li.querySelector(".rc-ruling-label").textContent;
        b.type = "button";
        b.textContent = "Pick";
        b.setAttribute("aria-label", "Pick this ruling: " + label);
        b.onclick = () => {
          setPick(d.game, d.question, li.dataset.rcPick); show();
          marker.querySelector(".rc-ruling-change")?.focus();
        };
        li.append(b);
      });
    });
    show();
  };
  rcRulings();
})();
