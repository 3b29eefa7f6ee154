/* Rulecraft combat results tables: wires the calculator render/dice_grid.py writes hidden (data: the box's
   data-rc-crt JSON, every chance worked out at build time by dice/grid_odds.py). Loaded by dice.lazy.js on a page
   that shows one, and links crt.css. It finds the column as dice/grid.py does (the ratio's rounding, the
   shifts, the edge rule), says how in words, looks up each result's chance and rolls.
   Test mode: ?rc-seed=N, as dice.lazy.js: the same seed, the same rolls. */
(() => {
  const src = document.currentScript && document.currentScript.src,
    seed = new URLSearchParams(location.search).get("rc-seed"), b = new Uint32Array(1);
  let a = seed >>> 0;
  const random = n => { // integer in [0, n)
    if (seed != null && seed !== "") { // mulberry32
      a = a + 0x6D2B79F5 | 0;
      let t = Math.imul(a ^ a >>> 15, 1 | a);
      t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t;
      return Math.floor(((t ^ t >>> 14) >>> 0) / 2 ** 32 * n);
    }
    do crypto.getRandomValues(b); while (b[0] >= 2 ** 32 - 2 ** 32 % n); // no modulo bias
    return b[0] % n;
  };
  // As render/dice.py's percent() and dice/modifiers.py's signed().
  const pct = (n, d, t = Math.floor(1000 * n / d + .5)) =>
    !n ? "0%" : n >= d ? "100%" : t < 1 ? "<0.1%" : t > 999 ? ">99.9%" : t / 10 + "%";
  const signed = v => (v < 0 ? "−" + -v : v ? "+" + v : "0");
  const cols = n => (Math.abs(n) == 1 ? "one column" : Math.abs(n) + " columns") + (n < 0 ? " left" : " right");
  const el = (tag, text, cls) => Object.assign(document.createElement(tag), { textContent: text, className: cls || "" });
  // dice/grid.py's rounded_ratio: steps from 1-1 (2-1 is 1, 1-2 is -1).
  const steps = (o, u, r) => {
    if (o >= u) return Math.max(r == "nearest" ? Math.floor(o / u + .5) : Math.floor(o / u), 1) - 1;
    const x = u / o, n = r == "defender" ? Math.ceil(x) : r == "down" ? Math.floor(x) : Math.floor(x + .5);
    return n > 1 ? 1 - n : 0;
  };
  const ratio = s => s >= 0 ? s + 1 + "-1" : "1-" + (1 - s);
  const two = x => String(Math.round(x * 100) / 100);

  const amt = (v, n) => v[n] ?? v * n; // per count, or a formula's amount by count (render/modifier_value.py)
  const wire = box => {
    const calc = box.querySelector(".rc-crt-calc");
    if (!calc || box.dataset.rcWired) return; // idempotent: instant navigation calls init again
    box.dataset.rcWired = 1;
    const d = JSON.parse(box.dataset.rcCrt), $ = s => calc.querySelector(s), n = d.values.length,
      over = $(".rc-crt-over input"), under = $(".rc-crt-under input"), pick = $(".rc-crt-pick select"),
      said = $(".rc-crt-column"), body = $(".rc-crt-chances tbody"), out = $(".rc-out"),
      values = Object.fromEntries([...d.shifts, ...d.mods].map(m => [m.id, m.value]));
    const count = (input, write) => {
      if (input.type == "checkbox") return +input.checked;
      const v = Math.min(+input.max, Math.max(+input.min, Math.round(input.value) || 0));
      if (write) input.value = v;
      return v;
    };
    const total = (attr, write) => [...calc.querySelectorAll(`[${attr}]`)]
      .reduce((s, i) => s + amt(values[i.getAttribute(attr)], count(i, write)), 0);
    const meaning = r => r.split(/\s*[\/,]\s*|\s+/).map(t => d.meanings[t]).filter(Boolean).join(" ");
    // Where the inputs put the column (past an edge: below 0 or from n on), and how, in words.
    const base = write => {
      if (pick) return [+pick.value, d.heads[+pick.value]];
      const o = count(over, write), u = count(under, write);
      if (d.axis == "difference") {
        const x = o - u, r = d.ranges;
        let p = r.findIndex(([lo, hi]) => (lo == null || x >= lo) && (hi == null || x <= hi));
        if (p < 0) p = x < r[0][0] ? x - r[0][0] : n - 1 + x - r[n - 1][1];
        return [p, `${o} minus ${u} is ${signed(x)}` + (p >= 0 && p < n ? `: ${d.heads[p]}` : "")];
      }
      const s = steps(o, u, d.rounding), st = d.steps, big = Math.max(o, u) / Math.min(o, u),
        odds = (o >= u ? two(big) + " to 1" : "1 to " + two(big)) + (Number.isInteger(big) ? "" : ", " + d.words);
      const p = s < st[0] ? s - st[0] : s > st[n - 1] ? n - 1 + s - st[n - 1] : st.findLastIndex(v => v <= s);
      return [p, `${o} against ${u} is ${odds}: ${p >= 0 && p < n ? d.heads[p] : ratio(s)}`];
    };
    // dice/grid.py's resolve(): a column, or a stated result past an edge.
    const edge = p => {
      if (p >= 0 && p < n) return { col: p };
      const side = p < 0 ? "low" : "high", rule = d.beyond, stated = rule && rule != "clamp" ? rule[side] : null,
        end = d.heads[p < 0 ? 0 : n - 1], past = `beyond the ${end} column`;
      return stated != null ? { stated, text: `${past}: ${stated}` } : { col: p < 0 ? 0 : n - 1, text: `${past}, so ${end}` };
    };
    let at; // the column (or stated result) and the die's modifier now shown
    const update = write => {
      const [p, how] = base(write), k = total("data-shift", write), die = total("data-mod", write), e = edge(p + k);
      let text = how;
      if (k) text += `; ${cols(k)}` + (e.text ? "" : `: ${d.heads[e.col]}`);
      if (e.text) text += "; " + e.text;
      said.textContent = "Column: " + text + ".";
      const i = d.dies.indexOf(die), rows = e.stated != null ? [[e.stated, d.den]] : d.odds[e.col][i];
      body.replaceChildren(...rows.map(([r, w]) => {
        const tr = el("tr");
        tr.append(el("th", r, "rc-crt-code"), el("td", meaning(r)), el("td", pct(w, d.den), "rc-pct"));
        tr.firstChild.scope = "row";
        return tr;
      }));
      box.querySelectorAll("[data-col]").forEach(c => c.classList.toggle("rc-crt-on", +c.dataset.col === e.col));
      at = { e, i, die };
    };
    const roll = () => {
      const { e, i, die } = at;
      let r = random(d.den), t = 0;
      while (r >= d.dist[t][1]) r -= d.dist[t++][1];
      const rolled = d.dist[t][0], result = e.stated != null ? e.stated : d.rolls[e.col][i][t];
      const sum = die ? ` ${signed(die)} = ${rolled + die}` : "", where = e.col != null ? ` on ${d.heads[e.col]}` : "";
      out.replaceChildren(el("div", `Rolled ${rolled}${sum}${where}: ${result}`), el("div", meaning(result)));
    };
    calc.addEventListener("click", e => {
      const btn = e.target.closest(".rc-dec, .rc-inc"), input = btn && btn.parentNode.querySelector("input");
      if (!btn) return;
      input.value = +input.value + (btn.classList.contains("rc-inc") ? 1 : -1);
      update(1);
    });
    calc.addEventListener("input", () => update());
    calc.addEventListener("change", () => update(1));
    $(".rc-crt-roll").addEventListener("click", roll);
    update(1);
    calc.hidden = false;
  };

  // A grid wider than its box (a phone) scrolls in it: a shade at the edge it can still scroll towards says so,
  // and the axis label keeps clear of the sticky roll column (crt.css).
  const edges = scroll => {
    const roll = scroll.querySelector(".rc-crt-roll");
    if (roll) scroll.style.setProperty("--rc-roll-w", roll.offsetWidth + "px");
    // Only a box that scrolls is measured: one that hugs its grid would narrow the label, then itself, then the label.
    if (scroll.scrollWidth > scroll.clientWidth) scroll.style.setProperty("--rc-box-w", scroll.clientWidth + "px");
    else scroll.style.removeProperty("--rc-box-w");
    const more = [scroll.scrollLeft > 1 && "left", scroll.scrollLeft + scroll.clientWidth < scroll.scrollWidth - 1 && "right"];
    scroll.dataset.rcMore = more.filter(Boolean).join(" ");
  };
  const watch = scroll => {
    if (scroll.dataset.rcWatched) return;
    scroll.dataset.rcWatched = 1;
    scroll.addEventListener("scroll", () => edges(scroll), { passive: true });
    new ResizeObserver(() => edges(scroll)).observe(scroll);
  };

  const init = () => {
    const boxes = document.querySelectorAll("[data-rc-crt]");
    if (boxes.length && !document.querySelector("link[data-rc-crt-css]")) {
      document.head.appendChild(Object.assign(document.createElement("link"),
        { rel: "stylesheet", href: src.replace(/crt\.lazy\.js([?#].*)?$/, "crt.css") })).dataset.rcCrtCss = 1;
    }
    boxes.forEach(wire);
    document.querySelectorAll(".rc-crt-scroll").forEach(watch);
  };
  if (window.document$) document$.subscribe(init); // Material: replays the page now, then every navigation
  else init();
})();
