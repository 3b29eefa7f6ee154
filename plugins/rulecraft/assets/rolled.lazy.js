/* "I rolled …": physical dice read on every dice table (loaded by dice.lazy.js on pages with one). Under a table's
   roll panel the player types what the dice show (each die, or the total) with the panel's modifiers
   ticked; the row that applies is highlighted and said, with its chance, in a live region.
   One lookup per table form (data-rc-dice's "kind"): fields(d, box) lists the numbers to ask for,
   read(d, box, values, off) gives the row and the words. Another script adds a form with
   window.rcRolledForms[kind] = {fields, read} before or after this one loads (rcRolled() rewires). */
(() => {
  const forms = window.rcRolledForms = window.rcRolledForms || {};
  document.head.appendChild(document.createElement("style")).textContent =
    ".rc-rolled{display:flex;flex-wrap:wrap;align-items:end;gap:.4em .8em;margin:.6em 0 0;padding:.3em .6em .5em;" +
    "border:1px solid var(--md-default-fg-color--lightest);border-radius:.2rem}.rc-rolled legend{font-weight:700;padding:0 .3em}" +
    ".rc-rolled label{display:flex;flex-direction:column;font-size:.9em}.rc-rolled input,.rc-rolled select{font:inherit;" +
    "min-height:2.2rem;width:5em;padding:0 .4em;border:1px solid var(--md-default-fg-color--light);border-radius:.2rem;" +
    "background:var(--md-default-bg-color);color:var(--md-default-fg-color)}.rc-rolled input[type=text],.rc-rolled select{width:9em}" +
    ".rc-rolled :focus-visible{outline:2px solid var(--md-accent-fg-color);outline-offset:1px}" +
    ".md-typeset .rc-rolled-out{flex-basis:100%;margin:.2em 0 0;font-weight:700}.rc-rolled-out:empty{display:none}" +
    "@media (pointer:coarse),(max-width:44.9em){.rc-rolled input,.rc-rolled select{min-height:44px}}@media print{.rc-rolled{display:none}}";
  const inRow = ([lo, hi], t) => (lo == null || t >= lo) && (hi == null || t <= hi);
  const signed = v => (v < 0 ? "−" + -v : "+" + v);
  const rowsOf = box => box.querySelectorAll(".rc-dice-table > tbody > tr");
  const cellText = (box, i, s) => { // a total's result is stated once, above its grid (render/dice.py)
    const c = rowsOf(box)[i] && (rowsOf(box)[i].querySelector(s) || box.querySelector(".rc-dice-number " + s));
    return c ? c.textContent.trim() : "";
  };
  const chance = (box, i, col = 0) => rowsOf(box)[i]?.querySelectorAll(".rc-pct")[col]?.textContent || "";
  const stepper = (box, cls) => box.querySelector(`.rc-step.${cls} input`);
  const field = (name, label, min, max) => ({ name, label, min, max });
  const count = x => x.type == "checkbox" ? +x.checked : Math.min(+x.max, Math.max(+x.min, Math.round(x.value) || 0));
  const plainDice = d => !d.more && d.kind == "sum" && d.count <= 6;
  // Rows keyed by a total: the total (typed, or the dice added up with the bonus) plus the modifiers.
  const byTotal = (d, box, v, off) => {
    const dice = Object.keys(v).filter(k => k[0] == "d").map(k => v[k]),
      base = v.total ?? (dice.length == d.count ? dice.reduce((s, x) => s + x, 0) + (d.bonus || 0) : null);
    if (base == null) return null;
    const total = base + off, row = d.rows.findIndex(r => inRow(r, total));
    return { row, said: (off ? `${base} ${signed(off)} = ${total}` : `${total}`) };
  };
  // Each die (one field for one die); with two or more plain dice the total may be typed instead, but not
  // on a table keyed by conditions on the dice, whose rows need the faces.
  const eachDie = d => {
    const lo = d.cond ? Math.min(...d.cond.values) : 1, hi = d.cond ? Math.max(...d.cond.values) : d.sides;
    return d.count == 1 ? [field("d0", "The die shows", lo, hi)]
      : [...Array.from({ length: d.count }, (_, j) => field("d" + j, "Die " + (j + 1), lo, hi)),
        ...(d.cond ? [] : [field("total", "or the dice's total", d.count, d.count * d.sides)])];
  };
  // Rows keyed by conditions on the dice (render/dice_conditions.py): the faces' outcome index picks the row
  // under the modifiers' total, as dice.lazy.js finds a rolled row.
  const byDice = (d, box, v, off) => {
    const c = d.cond, dice = Array.from({ length: d.count }, (_, j) => v["d" + j]), at = c.off.indexOf(off);
    if (dice.some(x => x == null)) return null;
    const total = dice.reduce((s, x) => s + x, 0) + (d.bonus || 0) + off,
      said = dice.join(" + ") + (d.bonus ? " " + signed(d.bonus) : "") + (off ? " " + signed(off) : "") +
        (dice.length > 1 || d.bonus || off ? " = " + total : "");
    if (at < 0 || dice.some(x => !c.values.includes(x))) return { row: -1, said };
    return { row: c.rows[at][dice.reduce((s, x) => s * c.values.length + c.values.indexOf(x), 0)], said };
  };
  // A target or a chart, read as dice-more.lazy.js rolls one: the row by the stepper's value (a chart by S − T:
  // the second stepper is T), natural results first, then the row's test; rolling under, the modifiers add to
  // the value, else to the dice; a roll "from" an earlier one is tested against that roll, typed beside it
  // (the row's bound is added to the dice: −1 when they must beat it).
  const test = {
    fields: d => [field("total", "The dice show", null, null), ...(d.earlier ? [field("e", "The earlier roll", null, null)] : [])],
    read: (d, box, v, off) => {
      if (v.total == null || d.earlier && v.e == null) return null;
      const p = stepper(box, "rc-pick"), u = stepper(box, "rc-pick-under"), n = (p ? count(p) : 0) - (u ? count(u) : 0),
        row = Math.max(0, d.rows.findIndex(r => n >= r[0] && n <= r[1])), b = d.rows[row][2],
        total = v.total + d.roll.bonus, fixed = d.natural[v.total], under = d.test == "under",
        ok = b == null ? false : fixed != null ? !!fixed : under ? total <= b + off
          : d.earlier ? total + off + b >= v.e : total + off >= b;
      const shown = off && !under ? `${total} ${signed(off)} = ${total + off}` : "" + total,
        need = d.earlier ? ` vs the earlier roll ${v.e}`
          : ` (must show ${cellText(box, row, ".rc-need")}${under && off ? `, ${signed(off)} to the value` : ""})`,
        natural = b != null && fixed != null ? `, a natural ${v.total} always ${fixed ? "succeeds" : "fails"}` : "";
      return { row, said: `${shown}${need}${natural}: ${ok ? "Success" : "Failure"}`, col: 0, not: !ok };
    },
  };
  Object.assign(forms, {
    sum: { // a table keyed by conditions on the dice needs each die: no total-only field
      fields: d => d.cond || plainDice(d) ? eachDie(d) : [field("total", "Total of the dice", null, null)],
      read: (d, ...a) => (d.cond ? byDice : byTotal)(d, ...a),
    },
    d66: {
      fields: () => [field("d0", "Tens die", 1, 6), field("d1", "Units die", 1, 6)],
      read: (d, box, v) => v.d0 == null || v.d1 == null ? null
        : { row: d.rows.findIndex(r => inRow(r, v.d0 * 10 + v.d1)), said: "" + (v.d0 * 10 + v.d1) },
    },
    custom: {
      fields: d => [{ name: "face", label: "The die shows", faces: d.faces.map(f => [f.id, f.label]) }],
      read: (d, box, v) => v.face == null ? null : { row: d.rows.indexOf(v.face), said: d.faces.find(f => f.id == v.face).label },
    },
    opposed: {
      fields: d => [field("a", d.names[0][0].toUpperCase() + d.names[0].slice(1) + " rolled", null, null),
        field("b", d.names[1][0].toUpperCase() + d.names[1].slice(1) + " rolled", null, null)],
      read: (d, box, v) => {
        if (v.a == null || v.b == null) return null;
        const n = +(stepper(box, "rc-diff")?.value || 0), a = v.a + n, row = n - d.diffs[0],
          w = a > v.b ? 0 : a < v.b ? 1 : d.ties == "reroll" ? -1 : d.ties == "attacker" ? 0 : 1;
        const said = `${d.names[0]} ${v.a}${n ? " " + signed(n) + " = " + a : ""} vs ${d.names[1]} ${v.b}: ` +
          (w < 0 ? "tie, both roll again" : d.wins[w]);
        return { row, said, col: w < 0 ? -1 : w };
      },
    },
    target: test,
    chart: test, // a chart is a target whose rows are the chart's values
    pool: {
      fields: () => [{ name: "faces", label: "The dice show (each, with spaces)", list: true },
        field("k", "or the successes", 0, null)],
      read: (d, box, v, off) => {
        const each = v.faces && v.faces.length ? v.faces : null;
        const k = v.k ?? (each ? each.filter(x => x + off >= d.threshold).length : null);
        if (k == null) return null;
        return { row: d.rows ? d.rows.findIndex(r => inRow(r, k)) : k, said: k == 1 ? "1 success" : k + " successes" };
      },
    },
  });

  const amt = (v, n) => v[n] ?? v * n; // per count, or a formula's amount by count (render/modifier_value.py)
  const wire = box => {
    const ui = box.querySelector(".rc-dice-ui"), d = ui && JSON.parse(box.dataset.rcDice), form = d && forms[d.kind];
    if (!form || box.dataset.rcRolled) return;
    box.dataset.rcRolled = 1;
    const mods = [...ui.querySelectorAll("[data-mod]")], values = Object.fromEntries((d.mods || []).map(m => [m.id, m.value])),
      offset = () => d.kind == "custom" ? 0 : mods.reduce((s, m) => s + amt(values[m.dataset.mod], count(m)), 0);
    const wrap = document.createElement("fieldset"), legend = document.createElement("legend"),
      out = document.createElement("p"), name = (box.querySelector("h2, h3, h4")?.firstChild?.textContent ||
        box.closest("details")?.querySelector("summary")?.textContent || d.id).trim();
    wrap.className = "rc-rolled";
    legend.textContent = "I rolled…";
    out.className = "rc-rolled-out";
    out.setAttribute("role", "status");
    out.setAttribute("aria-live", "polite");
    wrap.append(legend);
    const inputs = form.fields(d, box).map(f => {
      const label = document.createElement("label"), span = document.createElement("span");
      span.textContent = f.label;
      let input;
      if (f.faces) {
        input = document.createElement("select");
        input.add(new Option("—", ""));
        f.faces.forEach(([id, text]) => input.add(new Option(text, id)));
      } else {
        input = document.createElement("input");
        Object.assign(input, f.list ? { type: "text", inputMode: "numeric", size: 8 } : { type: "number", inputMode: "numeric", step: 1 });
        if (f.min != null) input.min = f.min;
        if (f.max != null) input.max = f.max;
      }
      input.dataset.rolled = f.name;
      input.setAttribute("aria-label", `${f.label}: ${name}`);
      label.append(span, input);
      wrap.append(label);
      return input;
    });
    wrap.append(out);
    ui.append(wrap);
    const read = () => {
      const v = {};
      inputs.forEach(x => {
        const t = x.value.trim();
        if (!t) return;
        if (x.tagName == "SELECT") v[x.dataset.rolled] = t;
        else if (x.type == "text") v[x.dataset.rolled] = t.split(/[\s,;]+/).filter(Boolean).map(Number).filter(n => !isNaN(n));
        else if (!isNaN(+t)) v[x.dataset.rolled] = +t;
      });
      // Each die or the total: typing one clears the other, so the two never disagree.
      return v;
    };
    const run = () => {
      const r = form.read(d, box, read(), offset()), rows = rowsOf(box);
      if (!r) return out.textContent = ""; // nothing typed: a virtual roll's highlight stays
      rows.forEach(tr => tr.classList.remove("rc-hit"));
      if (r.row < 0 || r.row >= rows.length) return out.textContent = `${r.said}: no row of this table.`;
      rows[r.row].classList.add("rc-hit");
      const label = cellText(box, r.row, ".rc-roll-label"), result = cellText(box, r.row, ".rc-result");
      const p = r.col == null ? chance(box, r.row) : r.col < 0 ? "" : chance(box, r.row, r.col);
      let text = `${r.said} → ${d.kind == "opposed" || d.test && !d.earlier ? "row " + label : label}` + (result ? ": " + result : "");
      if (!/[.!?]$/.test(text)) text += ".";
      out.textContent = text + (p ? ` Chance${r.not ? " of success" : ""}: ${p}.` : "");
    };
    wrap.addEventListener("input", e => {
      const n = e.target.dataset.rolled;
      if (n == "total" || n == "k") inputs.forEach(x => { if (x.dataset.rolled[0] == "d" || x.dataset.rolled == "faces") x.value = ""; });
      else if (n && (n[0] == "d" || n == "faces")) inputs.forEach(x => { if (x.dataset.rolled == "total" || x.dataset.rolled == "k") x.value = ""; });
      run();
    });
    for (const type of ["input", "change", "click"]) // a modifier ticked or stepped: dice.lazy.js updates them first
      ui.addEventListener(type, e => { if (!wrap.contains(e.target) && !e.target.closest(".rc-roll-btn")) setTimeout(run); });
  };
  window.rcRolled = () => document.querySelectorAll(".rc-dice[data-rc-dice]").forEach(wire);
  rcRolled();
})();
