/* Rulecraft dice tables: wires the hidden roll panel render/dice.py writes (data: data-rc-dice JSON).
   Test mode: ?rc-seed=N in the first URL opened, or window.rulecraftSeed = N before the first roll,
   replaces crypto.getRandomValues by mulberry32(N): the same seed, the same rolls. */
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
  const el = (tag, text) => {
    const e = document.createElement(tag);
    e.textContent = text;
    return e;
  };
  // One physical die of a roll (render/dice.py roll_data): reroll, then explode, as the page's "How" says.
  const pick = faces => faces[random(faces.length)];
  const rollDie = R => {
    const once = () => {
      let v = pick(R.faces), text = String(v);
      if (R.reroll && R.reroll[0].includes(v)) {
        let n = 0;
        do v = pick(R.faces); while (!R.reroll[1] && R.reroll[0].includes(v) && ++n < 1000); // checker: never all
        text += "→" + v;
      }
      return [v, text];
    };
    let [v, text] = once(), value = v, k = 0;
    while (R.explode && R.explode[0].includes(v) && k++ < R.explode[1]) {
      const [w, t] = once();
      v = w;
      value += w;
      text += "+" + t;
    }
    return { value, text };
  };
  // The whole roll: every die, the kept ones added (dropped dice stay on show, struck through).
  const rollExpr = R => {
    const dice = Array.from({ length: R.count }, () => rollDie(R));
    let kept = dice;
    if (R.keep) {
      const sorted = [...dice].sort((a, b) => a.value - b.value);
      kept = R.keep[0] == "highest" ? sorted.slice(-R.keep[1]) : sorted.slice(0, R.keep[1]);
    }
    dice.forEach(x => { x.dropped = !kept.includes(x); });
    return { dice, total: kept.reduce((s, x) => s + x.value, 0) + R.bonus };
  };
  const chips = (line, r, sep = " + ") => r.dice.forEach((x, j) => {
    const c = el("span", x.text);
    if (x.dropped) c.className = "rc-drop";
    line.append(j ? (r.dice.some(y => y.dropped) ? " " : sep) : "", c);
  });
  const gcd = (a, b) => { while (b) [a, b] = [b, a % b]; return a; };
  const choose = (n, k) => { let c = 1; for (let i = 1; i <= k; i++) c = c * (n - k + i) / i; return c; };

  const wire = box => {
    const ui = box.querySelector(".rc-dice-ui");
    if (!ui || box.dataset.rcWired) return; // idempotent: instant navigation calls init again
    box.dataset.rcWired = 1;
    if (FORMS[JSON.parse(box.dataset.rcDice).kind]) return wireForm(box, ui);
    const d = JSON.parse(box.dataset.rcDice), $ = s => ui.querySelector(s), custom = d.kind == "custom",
      rows = box.querySelectorAll(".rc-dice-table > tbody > tr"), btn = $(".rc-roll-btn"), out = $(".rc-out"),
      hist = $(".rc-hist"), times = $(".rc-times input"), label = btn.textContent,
      mods = (d.mods || []).map(m => [ui.querySelector(`[data-mod="${m.id}"]`), m]),
      text = (i, s) => i < 0 ? "no row" : rows[i].querySelector(s).textContent.trim();
    // Clamped to the modifier's declared range; written back unless the field is being typed in.
    const count = (input, write, m = { min: +input.min, max: +input.max }) => {
      if (input.type == "checkbox") return +input.checked;
      const v = Math.min(m.max, Math.max(m.min, Math.round(input.value) || 0));
      if (write) input.value = v;
      return v;
    };
    const offset = write => mods.reduce((s, [input, m]) => s + m.value * count(input, write, m), 0);
    const update = write => {
      const k = times ? count(times, write) : 1;
      btn.textContent = k > 1 ? label + " ×" + k : label;
      if (custom) return;
      const off = offset(write), w = d.rows.map(r => d.dist.reduce((s, [t, n]) => inRow(r, t + off) ? s + n : s, 0)),
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
      if (d.roll) {
        const r = rollExpr(d.roll), total = r.total + off;
        return { dice: r.dice.map(x => x.text), expr: r, total, row: d.rows.findIndex(row => inRow(row, total)) };
      }
      const dice = Array.from({ length: 2 }, () => 1 + random(d.sides)), total = dice[0] * 10 + dice[1] + off;
      return { dice, total, row: d.rows.findIndex(r => inRow(r, total)) };
    };
    const roll = () => {
      const off = custom ? 0 : offset(1), k = times ? count(times, 1) : 1, hits = new Map(),
        res = Array.from({ length: k }, () => rollOnce(off)), line = el("div", k > 1 ? k + " rolls: " : ""),
        what = el("div", ""), chip = v => el("span", v);
      res.forEach(r => hits.set(r.row, (hits.get(r.row) || 0) + 1));
      rows.forEach((tr, i) => {
        tr.classList.toggle("rc-hit", hits.has(i));
        if (k > 1 && hits.has(i)) tr.cells[0].dataset.hits = "×" + hits.get(i); else delete tr.cells[0].dataset.hits;
      });
      let summary;
      if (k == 1) {
        const r = res[0];
        if (r.expr) chips(line, r.expr); else r.dice.forEach(v => line.append(chip(v)));
        if (d.bonus) line.append(" " + signed(d.bonus));
        if (off) line.append(" " + signed(off));
        if (!custom && (r.dice.length > 1 || off || d.bonus || /\D/.test(r.dice[0]))) line.append(" = ", el("strong", r.total));
        what.append(el("strong", text(r.row, ".rc-roll-label")), r.row < 0 ? "" : ": " + text(r.row, ".rc-result"));
        summary = (custom ? "" : r.total + " → ") + text(r.row, ".rc-roll-label");
      } else {
        res.forEach(r => line.append(chip(custom ? r.dice[0] : r.total), " "));
        if (off) line.append(`(${signed(off)} each)`);
        what.append(summary = [...hits.keys()].sort((a, b) => (a < 0) - (b < 0) || a - b)
          .map(i => text(i, ".rc-roll-label") + " ×" + hits.get(i)).join(", "));
        summary = k + " rolls: " + summary;
      }
      out.replaceChildren(line, what);
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
    ui.hidden = false;
  };

  // Clamped to the input's range; written back unless the field is being typed in.
  const valueOf = (input, write) => {
    if (input.type == "checkbox") return +input.checked;
    const v = Math.min(+input.max, Math.max(+input.min, Math.round(input.value) || 0));
    if (write) input.value = v;
    return v;
  };
  const outcome = (box, name) => { // what the rules say happens: the <dd> after the <dt> named so
    const dt = [...box.querySelectorAll(".rc-dice-outcomes dt")].find(e => e.textContent.trim() == name);
    return dt ? dt.nextElementSibling.textContent.trim() : "";
  };
  const total = (line, r, extra) => {
    chips(line, r);
    if (r.dice.length > 1 || extra || r.dice.some(x => /\D/.test(x.text))) {
      if (extra) line.append(" " + signed(extra));
      line.append(" = ", el("strong", r.total + extra));
    }
  };

  // Opposed rolls, target numbers and pools: a stepper picks the row (or the pool size), Roll rolls it.
  const FORMS = {
    opposed: (d, box, ui, input) => {
      const diff = valueOf(input, 1), out = [], [a, b] = d.names;
      let r;
      do {
        const x = rollExpr(d.att), y = rollExpr(d.def), line = el("div", a + " ");
        total(line, x, diff);
        line.append(` vs ${b} `);
        total(line, y, 0);
        const at = x.total + diff;
        r = at > y.total ? 0 : at < y.total ? 1 : d.ties == "reroll" ? -1 : d.ties == "attacker" ? 0 : 1;
        if (r < 0) line.append(": tie, both roll again");
        out.push(line);
      } while (r < 0 && out.length < 100);
      const who = d.names[r] + " wins", what = el("div", "");
      what.append(el("strong", who), outcome(box, who) ? ": " + outcome(box, who) : "");
      return { row: diff - d.diffs[0], lines: [...out, what], summary: `${signed(diff)}: ${who}` };
    },
    target: (d, box, ui, input) => {
      const value = valueOf(input, 1), i = d.rows.findIndex(r => r[0] == value), need = d.rows[i][1],
        r = rollExpr(d.roll), line = el("div", ""), ok = r.total >= need, word = ok ? "Success" : "Failure",
        what = el("div", ""), must = box.querySelectorAll(".rc-dice-table > tbody > tr")[i].cells[1].textContent;
      total(line, r, 0);
      line.append(` (dice must show: ${must})`);
      what.append(el("strong", word), outcome(box, word) ? ": " + outcome(box, word) : "");
      return { row: i, lines: [line, what], summary: `${r.total} (${must}): ${word}` };
    },
    pool: (d, box, ui, input, off) => {
      const n = valueOf(input, 1), dice = Array.from({ length: n }, () => pick(d.faces)),
        hits = dice.filter(v => v + off >= d.threshold).length, line = el("div", n + " dice: "),
        what = el("div", ""), each = outcome(box, "Each success");
      dice.forEach(v => {
        const c = el("span", String(v));
        c.className = v + off >= d.threshold ? "rc-success" : "rc-drop";
        line.append(c, " ");
      });
      if (off) line.append(`(${signed(off)} each)`);
      const label = hits == 1 ? "1 success" : hits + " successes";
      what.append(el("strong", label), each && hits ? ": " + each + (hits > 1 ? " (×" + hits + ")" : "") : "");
      const row = d.rows ? d.rows.findIndex(r => inRow(r, hits)) : hits;
      return { row, lines: [line, what], summary: `${label} of ${n}` };
    },
  };
  // A pool's exact chances for n dice: binomial weights over faces^n, reduced (dice.js and Python agree).
  const poolOdds = (d, box, n, off) => {
    const F = d.faces.length, s = d.faces.filter(v => v + off >= d.threshold).length,
      w = Array.from({ length: n + 1 }, (_, k) => choose(n, k) * s ** k * (F - s) ** (n - k));
    let den = F ** n;
    const g = w.reduce(gcd, den);
    den /= g;
    const exact = w.map(x => x / g), rows = box.querySelectorAll(".rc-dice-table > tbody > tr"),
      fill = (td, x, most) => {
        td.querySelector(".rc-frac").textContent = x ? x + "/" + den : "0";
        td.querySelector(".rc-pct").textContent = pct(x, den);
        const bar = td.querySelector(".rc-bar");
        if (bar) bar.style.setProperty("--rc-w", 100 * x / (most || 1) + "%");
      };
    if (d.rows) {
      const rw = d.rows.map(r => exact.reduce((t, x, k) => inRow(r, k) ? t + x : t, 0)), most = Math.max(...rw);
      rows.forEach((tr, i) => { fill(tr.cells[2], rw[i], most); tr.classList.toggle("rc-zero", !rw[i]); });
    } else {
      const most = Math.max(...exact);
      rows.forEach((tr, k) => {
        tr.hidden = k > n;
        if (k > n) return;
        fill(tr.cells[1], exact[k], most);
        fill(tr.cells[2], exact.slice(k).reduce((a, b) => a + b, 0));
        tr.classList.toggle("rc-zero", !exact[k]);
      });
    }
    const need = d.threshold - off, caption = box.querySelector(".rc-pool-caption");
    caption.firstChild.textContent = `Chances with ${n} ${n == 1 ? "die" : "dice"}`;
    caption.querySelector(".rc-pool-threshold").textContent = need <= Math.min(...d.faces) ? " (every die succeeds)"
      : need > Math.max(...d.faces) ? " (no die can succeed)" : ` (success on ${need}+)`;
  };
  const wireForm = (box, ui) => {
    const d = JSON.parse(box.dataset.rcDice), $ = s => ui.querySelector(s), btn = $(".rc-roll-btn"),
      out = $(".rc-out"), hist = $(".rc-hist"), input = $(".rc-step:not(.rc-mod) input"),
      rows = box.querySelectorAll(".rc-dice-table > tbody > tr"),
      mods = (d.mods || []).map(m => [ui.querySelector(`[data-mod="${m.id}"]`), m]),
      offset = write => mods.reduce((s, [el, m]) => s + m.value * valueOf(el, write), 0);
    const update = write => {
      if (d.kind == "pool") {
        const n = valueOf(input, write);
        btn.textContent = `Roll ${n} ${n == 1 ? "die" : "dice"}`;
        poolOdds(d, box, n, offset(write));
      }
    };
    btn.addEventListener("click", () => {
      const r = FORMS[d.kind](d, box, ui, input, offset(1));
      rows.forEach((tr, i) => tr.classList.toggle("rc-hit", i == r.row));
      out.replaceChildren(...r.lines);
      hist.prepend(el("li", r.summary));
      while (hist.children.length > 5) hist.lastChild.remove();
    });
    ui.addEventListener("click", e => {
      const b = e.target.closest(".rc-dec, .rc-inc"), field = b && b.parentNode.querySelector("input");
      if (!b) return;
      field.value = +field.value + (b.classList.contains("rc-inc") ? 1 : -1);
      valueOf(field, 1);
      update(1);
    });
    ui.addEventListener("input", () => update());
    ui.addEventListener("change", () => update(1));
    update(1);
    ui.hidden = false;
  };

  const init = () => document.querySelectorAll(".rc-dice[data-rc-dice]").forEach(wire);
  if (window.document$) document$.subscribe(init); // Material: every page, instant navigation included
  else if (document.readyState == "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
