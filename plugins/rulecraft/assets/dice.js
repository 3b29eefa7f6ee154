/* Rulecraft dice tables: Roll button, modifier steppers with live odds, a short roll history.
   Progressive enhancement of the static tables render/dice.py writes: each .rc-dice holds its data as
   JSON in data-rc-dice (whole-number outcome weights from dice_math, as the checker computes them) and a
   hidden .rc-dice-ui panel that this script shows and wires. Runs again after Material's instant
   navigation (document$); a wired table is marked, so it is never wired twice.
   Test mode: ?rc-seed=N in the URL the site is opened with, or window.rulecraftSeed = N set before the
   first roll, replaces crypto.getRandomValues by mulberry32(N): the same seed gives the same rolls. */
(() => {
  "use strict";
  const urlSeed = new URLSearchParams(location.search).get("rc-seed");
  let rng;
  const random = n => { // uniform integer in [0, n)
    if (!rng) {
      const seed = urlSeed ?? window.rulecraftSeed;
      if (seed != null && seed !== "") {
        let a = Number(seed) >>> 0;
        rng = m => { // mulberry32
          a = a + 0x6D2B79F5 | 0;
          let t = Math.imul(a ^ a >>> 15, 1 | a);
          t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t;
          return Math.floor(((t ^ t >>> 14) >>> 0) / 4294967296 * m);
        };
      } else {
        const b = new Uint32Array(1);
        rng = m => { // rejection sampling: no modulo bias
          const lim = 4294967296 - 4294967296 % m;
          do crypto.getRandomValues(b); while (b[0] >= lim);
          return b[0] % m;
        };
      }
    }
    return rng(n);
  };
  // Same rounding as render/dice.py's percent(): half up to tenths, never 0% or 100% unless certain.
  const pct = (n, d) => {
    const t = Math.floor(1000 * n / d + .5);
    return !n ? "0%" : n >= d ? "100%" : t < 1 ? "<0.1%" : t > 999 ? ">99.9%" : t / 10 + "%";
  };
  const signed = v => (v < 0 ? "−" + -v : "+" + v);
  const inRow = ([lo, hi], t) => (lo == null || t >= lo) && (hi == null || t <= hi);
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    e.className = cls;
    e.textContent = text;
    return e;
  };

  const wire = box => {
    const ui = box.querySelector(".rc-dice-ui");
    if (!ui || box.dataset.rcWired) return;
    box.dataset.rcWired = 1;
    const d = JSON.parse(box.dataset.rcDice), $ = s => ui.querySelector(s),
      rows = [...box.querySelectorAll(".rc-dice-table > tbody > tr")], head = box.querySelector(".rc-col-odds"),
      btn = $(".rc-roll-btn"), out = $(".rc-out"), hist = $(".rc-hist"), times = $(".rc-times input"),
      label = btn.textContent, mods = [...ui.querySelectorAll("[data-mod]")],
      text = (i, s) => i < 0 ? "no row" : rows[i].querySelector(s).textContent.trim();
    // A count within its modifier's declared range (JSON), written back unless the field is being typed in.
    const count = (input, write) => {
      if (input.type == "checkbox") return +input.checked;
      const m = (d.mods || []).find(m => m.id == input.dataset.mod) || { min: +input.min, max: +input.max },
        v = Math.min(m.max, Math.max(m.min, Math.round(input.value) || 0));
      if (write) input.value = v;
      return v;
    };
    const offset = write => mods.reduce((s, i) => s + count(i, write) * d.mods.find(m => m.id == i.dataset.mod).value, 0);
    const update = write => {
      const k = times ? count(times, write) : 1;
      btn.textContent = k > 1 ? label + " ×" + k : label;
      if (d.kind == "custom") return;
      const off = offset(write), w = d.rows.map(r => d.dist.reduce((s, [t, n]) => s + (inRow(r, t + off) ? n : 0), 0)),
        most = Math.max(...w), none = d.den - w.reduce((a, b) => a + b, 0);
      rows.forEach((tr, i) => {
        tr.querySelector(".rc-frac").textContent = w[i] ? w[i] + "/" + d.den : "0";
        tr.querySelector(".rc-pct").textContent = pct(w[i], d.den);
        tr.querySelector(".rc-bar").style.setProperty("--rc-w", (most ? 100 * w[i] / most : 0) + "%");
        tr.classList.toggle("rc-zero", !w[i]);
      });
      head.textContent = "Chance" + (off ? " (" + signed(off) + ")" : "") + (none > 0 ? "; no row " + pct(none, d.den) : "");
    };
    const rollOnce = off => {
      if (d.kind == "custom") {
        let r = random(d.den), i = 0;
        while ((r -= d.faces[i].weight) >= 0) i++;
        const f = d.faces[i];
        return { dice: [f.glyph || f.label], total: f.label, row: d.rows.indexOf(f.id) };
      }
      const dice = Array.from({ length: d.kind == "d66" ? 2 : d.count }, () => 1 + random(d.sides)),
        total = (d.kind == "d66" ? dice[0] * 10 + dice[1] : dice.reduce((a, b) => a + b) + d.bonus) + off;
      return { dice, total, row: d.rows.findIndex(r => inRow(r, total)) };
    };
    const roll = () => {
      const off = d.kind == "custom" ? 0 : offset(1), k = times ? count(times, 1) : 1,
        res = Array.from({ length: k }, () => rollOnce(off)), hits = new Map();
      res.forEach(r => hits.set(r.row, (hits.get(r.row) || 0) + 1));
      rows.forEach((tr, i) => {
        tr.classList.toggle("rc-hit", hits.has(i));
        if (k > 1 && hits.has(i)) tr.dataset.hits = "×" + hits.get(i); else delete tr.dataset.hits;
      });
      const line = el("div", "rc-roll-line", k > 1 ? k + " rolls: " : ""), what = el("div", "rc-roll-res", "");
      let summary;
      if (k == 1) {
        const r = res[0];
        r.dice.forEach((v, j) => {
          if (j && d.kind == "sum") line.append(" + ");
          line.append(el("span", "rc-die", v));
        });
        if (d.bonus) line.append(" " + signed(d.bonus));
        if (off) line.append(" " + signed(off));
        if (d.kind != "custom" && (r.dice.length > 1 || off || d.bonus)) line.append(" = ", el("strong", "", r.total));
        what.append(el("strong", "", text(r.row, ".rc-roll-label")), r.row < 0 ? "" : ": " + text(r.row, ".rc-result"));
        summary = (d.kind == "custom" ? "" : r.total + " → ") + text(r.row, ".rc-roll-label");
      } else {
        res.forEach(r => line.append(el("span", "rc-die", d.kind == "custom" ? r.dice[0] : r.total), " "));
        if (off) line.append("(" + signed(off) + " each)");
        summary = [...hits.keys()].sort((a, b) => (a < 0) - (b < 0) || a - b)
          .map(i => text(i, ".rc-roll-label") + " ×" + hits.get(i)).join(", ");
        what.append(summary);
        summary = k + " rolls: " + summary;
      }
      out.replaceChildren(line, what);
      hist.prepend(el("li", "", summary));
      while (hist.children.length > 5) hist.lastChild.remove();
    };
    ui.addEventListener("click", e => {
      const b = e.target.closest(".rc-dec, .rc-inc");
      if (!b) return;
      const input = b.parentNode.querySelector("input");
      input.value = count(input) + (b.classList.contains("rc-inc") ? 1 : -1);
      update(1);
    });
    ui.addEventListener("input", () => update(0));
    ui.addEventListener("change", () => update(1));
    btn.addEventListener("click", roll);
    ui.hidden = false;
  };

  const init = () => document.querySelectorAll(".rc-dice[data-rc-dice]").forEach(wire);
  if (window.document$) window.document$.subscribe(init);
  else if (document.readyState == "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
