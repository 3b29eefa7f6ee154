/* Rulecraft dice tables: loaded by player.js only on pages that show one (.rc-dice), so other pages stay
   small; run again by it (window.rcDice) after instant navigation. Wires the hidden roll panel render/dice.py
   writes (data: data-rc-dice JSON), and
   loads crt.lazy.js on a page showing a combat results table ([data-rc-crt]), which wires its calculator.
   Test mode: ?rc-seed=N in the first URL opened, or window.rulecraftSeed = N before the first roll,
   replaces crypto.getRandomValues by mulberry32(N): the same seed, the same rolls. Pages with a table also
   load rolled.lazy.js: "I rolled …", physical dice read on the table. window.rcDice() wires tables again
   (rulings.lazy.js swaps in a table as a group's ruling reads it). */
(() => {
  const urlSeed = new URLSearchParams(location.search).get("rc-seed");
  let rng;
  const random = n => { // integer in [0, n)
    if (!rng) {
      const seed = urlSeed ?? window.rulecraftSeed, b = new Uint32Array(1);
      let a = seed >>> 0;
      rng = seed != null && seed !== "" ? m => { // mulberry32
        a = a + 0x6D2B79F5 | 0;
        let t = Math.imul(a ^ a >>> 15, 1 | a);
        t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t;
        return Math.floor(((t ^ t >>> 14) >>> 0) / 2 ** 32 * m);
      } : m => { // rejection sampling: no modulo bias
        do crypto.getRandomValues(b); while (b[0] >= 2 ** 32 - 2 ** 32 % m);
        return b[0] % m;
      };
    }
    return rng(n);
  };
  // As render/dice.py's percent().
  const pct = (n, d, t = Math.floor(1000 * n / d + .5)) =>
    !n ? "0%" : n >= d ? "100%" : t < 1 ? "<0.1%" : t > 999 ? ">99.9%" : t / 10 + "%";
  const signed = v => (v < 0 ? "−" + -v : "+" + v);
  const inRow = ([lo, hi], t) => (lo == null || t >= lo) && (hi == null || t <= hi);
  const el = (tag, text, cls) => {
    const e = document.createElement(tag);
    e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };
  const sum = a => a.reduce((s, x) => s + x, 0);
  const amt = (v, n) => v[n] ?? v * n; // render/modifier_value.py
  // Tables with data.more (opposed, target, pool, keep / reroll / explode, numbered custom faces) need
  // dice-more.lazy.js: loaded once, only by pages that have one, so other pages stay small.
  const src = document.currentScript && document.currentScript.src;
  let more, loading, crt, rolled;

  const wire = box => {
    const ui = box.querySelector(".rc-dice-ui"), d = ui && JSON.parse(box.dataset.rcDice);
    if (!ui || box.dataset.rcWired || d.more && !more) return; // idempotent: instant navigation calls init again
    box.dataset.rcWired = 1;
    const $ = s => ui.querySelector(s), custom = d.kind == "custom", form = more && more.forms[d.kind],
      rows = box.querySelectorAll(".rc-dice-table > tbody > tr"), btn = $(".rc-roll-btn"), out = $(".rc-out"),
      hist = $(".rc-hist"), times = $(".rc-times input"), label = btn.textContent,
      step = $(".rc-step:not(.rc-mod):not(.rc-times) input"), mods = [...ui.querySelectorAll("[data-mod]")],
      values = Object.fromEntries((d.mods || []).map(m => [m.id, m.value])),
      // A table whose result is the total states it once, above its grid (render/dice.py _render_number).
      text = (i, s) => i < 0 ? "no row" : (rows[i].querySelector(s) || box.querySelector(".rc-dice-number " + s))
        .textContent.trim(),
      c = d.cond, at = off => c.off.indexOf(off); // rows keyed by conditions on the dice: render/dice_conditions.py
    // Clamped to the field's range; written back unless the field is being typed in.
    const count = (input, write) => {
      if (input.type == "checkbox") return +input.checked;
      const v = Math.min(+input.max, Math.max(+input.min, Math.round(input.value) || 0));
      if (write) input.value = v;
      return v;
    };
    const offset = write => sum(mods.map(m => amt(values[m.dataset.mod], count(m, write))));
    const update = write => {
      const k = times ? count(times, write) : 1, off = offset(write);
      btn.textContent = k > 1 ? label + " ×" + k : label;
      if (d.kind == "pool") return more.pool(d, box, btn, count(step, write), off);
      if (d.chances) return more.live(d, box, off); // targets and charts: chances per modifier total
      if (!d.dist) return;
      const w = c ? c.w[at(off)] : d.rows.map(r => sum(d.dist.map(([t, n]) => inRow(r, t + off) ? n : 0))),
        most = Math.max(...w);
      rows.forEach((tr, i) => {
        tr.querySelector(".rc-frac").textContent = w[i] ? w[i] + "/" + d.den : "0";
        tr.querySelector(".rc-pct").textContent = pct(w[i], d.den);
        tr.querySelector(".rc-bar").style.setProperty("--rc-w", 100 * w[i] / (most || 1) + "%");
        tr.classList.toggle("rc-zero", !w[i]);
      });
      box.querySelector(".rc-col-odds").textContent = off ? `Chance (${signed(off)})` : "Chance";
    };
    const rollOnce = off => {
      if (custom) {
        let r = random(d.den), i = 0;
        while ((r -= d.faces[i].weight) >= 0) i++;
        const f = d.faces[i];
        return { dice: [f.glyph || f.label], total: f.label, row: d.rows.indexOf(f.id) };
      }
      const x = d.more && more.roll(d.roll), dice = x ? [] : Array.from({ length: d.count }, () => 1 + random(d.sides)),
        total = (x ? x.total : d.kind == "d66" ? dice[0] * 10 + dice[1] : sum(dice) + d.bonus) + off;
      return { x, dice, total, row: c ? c.rows[at(off)][(x ? x.dice.map(y => y.value) : dice) // the outcome's index
        .reduce((s, v) => s * c.values.length + c.values.indexOf(v), 0)] : d.rows.findIndex(r => inRow(r, total)) };
    };
    const roll = () => {
      const off = custom ? 0 : offset(1), k = times ? count(times, 1) : 1, hits = new Map();
      let lines, summary;
      if (form) {
        const f = form(d, box, step && count(step, 1), off);
        ({ lines, summary } = f);
        hits.set(f.row, 1);
      } else {
        const res = Array.from({ length: k }, () => rollOnce(off)), line = el("div", k > 1 ? k + " rolls: " : ""),
          what = el("div", "");
        res.forEach(r => hits.set(r.row, (hits.get(r.row) || 0) + 1));
        if (k == 1) {
          const r = res[0];
          if (r.x) more.show(line, r.x, off);
          else {
            r.dice.forEach((v, j) => line.append(j && d.kind == "sum" ? " + " : "", el("span", v)));
            if (d.bonus) line.append(" " + signed(d.bonus));
            if (off) line.append(" " + signed(off));
            if (!custom && (r.dice.length > 1 || off || d.bonus)) line.append(" = ", el("strong", r.total));
          }
          what.append(el("strong", text(r.row, ".rc-roll-label")), r.row < 0 ? "" : ": " + text(r.row, ".rc-result"));
          summary = (custom ? "" : r.total + " → ") + text(r.row, ".rc-roll-label");
        } else {
          res.forEach(r => line.append(el("span", custom ? r.dice[0] : r.total), " "));
          if (off) line.append(`(${signed(off)} each)`);
          what.append(summary = [...hits.keys()].sort((a, b) => (a < 0) - (b < 0) || a - b)
            .map(i => text(i, ".rc-roll-label") + " ×" + hits.get(i)).join(", "));
          summary = k + " rolls: " + summary;
        }
        lines = [line, what];
      }
      rows.forEach((tr, i) => {
        tr.classList.toggle("rc-hit", hits.has(i));
        if (k > 1 && hits.has(i)) tr.cells[0].dataset.hits = "×" + hits.get(i); else delete tr.cells[0].dataset.hits;
      });
      out.replaceChildren(...lines);
      hist.prepend(el("li", summary));
      while (hist.children.length > 5) hist.lastChild.remove();
    };
    ui.addEventListener("click", e => {
      const b = e.target.closest(".rc-dec, .rc-inc"), input = b && b.parentNode.querySelector("input");
      if (!b) return;
      input.value = +input.value + (b.classList.contains("rc-inc") ? 1 : -1);
      update(1);
    });
    ui.addEventListener("input", () => update());
    ui.addEventListener("change", () => update(1));
    btn.addEventListener("click", roll);
    if (d.kind == "pool" || d.chances) update(1);
    ui.hidden = false;
  };

  const load = (name, onload) => document.head.appendChild(Object.assign(document.createElement("script"),
    { src: src.replace(/dice\.lazy\.js([?#].*)?$/, name), onload }));
  const init = () => {
    const boxes = document.querySelectorAll(".rc-dice[data-rc-dice]");
    crt ||= document.querySelector("[data-rc-crt]") && load("crt.lazy.js");
    boxes.forEach(wire);
    if (boxes.length) window.rcRolled ? rcRolled() : rolled ||= load("rolled.lazy.js"); // "I rolled …"
    if (more || loading || ![...boxes].some(b => JSON.parse(b.dataset.rcDice).more)) return;
    loading = load("dice-more.lazy.js", () => { more = window.rulecraftDiceMore({ random, el, signed, inRow, sum, pct }); init(); });
  };
  window.rcDice = init; // player.js calls it on every later page with a table (instant navigation)
  init();
})();
