/* Rulecraft dice, loaded by dice.lazy.js only on pages with tables that need it (data.more): rolls with
   numbered custom faces, keep, reroll and explode (render/dice.py roll_data), and the roll forms of
   render/dice_forms.py: opposed rolls, target numbers, success pools with their exact chances. */
window.rulecraftDiceMore = ({ random, el, signed, inRow, sum, pct }) => {
  const pick = f => f[random(f.length)];
  const once = R => { // one physical roll, rerolled once or until another value (never every face: checked)
    let v = pick(R.faces), t = "" + v, n = 0;
    if (R.reroll && R.reroll[0].includes(v)) {
      do v = pick(R.faces); while (!R.reroll[1] && R.reroll[0].includes(v) && ++n < 1e3);
      t += "→" + v;
    }
    return [v, t];
  };
  const roll = R => {
    const dice = Array.from({ length: R.count }, () => {
      let [v, text] = once(R), value = v, k = 0;
      while (R.explode && R.explode[0].includes(v) && k++ < R.explode[1]) { // at most depth extra dice
        const [w, t] = once(R);
        v = w;
        value += w;
        text += "+" + t;
      }
      return { value, text };
    });
    const s = [...dice].sort((a, b) => a.value - b.value), K = R.keep,
      kept = !K ? dice : K[0] == "highest" ? s.slice(-K[1]) : s.slice(0, K[1]);
    dice.forEach(x => x.drop = !kept.includes(x)); // dropped dice stay on show, struck through
    return { dice, total: sum(kept.map(x => x.value)) + R.bonus };
  };
  // '3 + 1 +1 = 5': the dice, what is added, the total.
  const show = (line, r, add) => {
    const drops = r.dice.some(y => y.drop);
    r.dice.forEach((x, j) => line.append(j ? (drops ? " " : " + ") : "", el("span", x.text, x.drop ? "rc-drop" : "")));
    if (add) line.append(" " + signed(add));
    if (r.dice.length > 1 || add || /\D/.test(r.dice[0].text)) line.append(" = ", el("strong", r.total + add));
  };
  const outcome = (box, name) => { // what the rules say happens: the <dd> after the <dt> of that name
    const dt = [...box.querySelectorAll(".rc-dice-outcomes dt")].find(e => e.textContent.trim() == name);
    return dt ? ": " + dt.nextElementSibling.textContent.trim() : "";
  };
  const said = (box, name) => {
    const w = el("div", "");
    w.append(el("strong", name), outcome(box, name));
    return w;
  };
  const fill = (td, x, den, most) => {
    td.querySelector(".rc-frac").textContent = x ? x + "/" + den : "0";
    td.querySelector(".rc-pct").textContent = pct(x, den);
    const bar = td.querySelector(".rc-bar");
    if (bar) bar.style.setProperty("--rc-w", 100 * x / (most || 1) + "%");
  };
  const api = {
    roll, show,
    // A target's or chart's chances under the modifiers' total: worked out in Python for every reachable total.
    live: (d, box, off) => {
      const w = d.chances[off] || [];
      box.querySelectorAll(".rc-dice-table > tbody > tr").forEach((tr, i) => {
        fill(tr.querySelector(".rc-odds"), w[i] || 0, d.den, d.den);
        tr.classList.toggle("rc-zero", !w[i]);
      });
      box.querySelector(".rc-col-odds").textContent = off ? `Success (${signed(off)})` : "Success";
    },
    // A pool's exact chances for n dice: binomial weights over faces^n, reduced by their common divisor, so
    // the page shows the same fractions as the printed table (Python's smallest common denominator).
    pool: (d, box, btn, n, off) => {
      const F = d.faces.length, s = d.faces.filter(v => v + off >= d.threshold).length, w = [],
        rows = box.querySelectorAll(".rc-dice-table > tbody > tr"), cap = box.querySelector(".rc-pool-caption"),
        need = d.threshold - off, what = n == 1 ? "die" : "dice";
      for (let k = 0, c = 1; k <= n; c = c * (n - k) / ++k) w.push(c * s ** k * (F - s) ** (n - k));
      let g = F ** n;
      w.forEach(x => { for (let b = x; b; [g, b] = [b, g % b]); });
      const den = F ** n / g, x = (d.rows || w.map((_, k) => [k, k])).map(r => sum(w.map((v, k) => inRow(r, k) ? v / g : 0))),
        most = Math.max(...x);
      rows.forEach((tr, i) => {
        tr.hidden = !d.rows && i > n;
        fill(tr.querySelector(".rc-odds"), x[i], den, most);
        if (!d.rows) fill(tr.cells[2], sum(x.slice(i)), den);
        tr.classList.toggle("rc-zero", !x[i]);
      });
      btn.textContent = `Roll ${n} ${what}`;
      cap.firstChild.textContent = `Chances with ${n} ${what}`;
      cap.children[0].textContent = need <= Math.min(...d.faces) ? " (every die succeeds)"
        : need > Math.max(...d.faces) ? " (no die can succeed)" : ` (success on ${need}+)`;
    },
    // Each form rolls for n, its stepper's value (a difference, a row, a pool size), and the modifiers' off.
    forms: {
      opposed: (d, box, n) => {
        const lines = [];
        let r;
        do { // ties rerolled: the same contest again, each shown
          const x = roll(d.att), y = roll(d.def), line = el("div", d.names[0] + " "), a = x.total + n;
          show(line, x, n);
          line.append(` vs ${d.names[1]} `);
          show(line, y, 0);
          r = a > y.total ? 0 : a < y.total ? 1 : d.ties == "reroll" ? -1 : d.ties == "attacker" ? 0 : 1;
          if (r < 0) line.append(": tie, both roll again");
          lines.push(line);
        } while (r < 0 && lines.length < 100);
        const who = d.wins[r];
        return { row: n - d.diffs[0], lines: [...lines, said(box, who)], summary: `${signed(n)}: ${who}` };
      },
      // A target or a chart: natural results first ("a 6 always fails"), then the row's test; rolling under,
      // the modifiers add to the value, else to the dice (render/dice_target.py, dice/target_odds.py).
      target: (d, box, n, off) => {
        const u = box.querySelector(".rc-pick-under input"); // a chart by S − T: n is S, this T
        if (u) n -= Math.min(+u.max, Math.max(+u.min, Math.round(u.value) || 0));
        const rows = box.querySelectorAll(".rc-dice-table > tbody > tr"), i = Math.max(0, d.rows.findIndex(r =>
            n >= r[0] && n <= r[1])), b = d.rows[i][2], r = roll(d.roll), nat = r.total - d.roll.bonus,
          e = d.earlier && roll(d.earlier), fixed = d.natural[nat], under = d.test == "under", line = el("div", ""),
          ok = b == null ? false : fixed != null ? !!fixed : under ? r.total <= b + off
            : e ? r.total + off + b >= e.total : r.total + off >= b, word = ok ? "Success" : "Failure";
        show(line, r, under ? 0 : off + (e ? d.rows[i][0] : 0));
        if (e) {
          line.append(" vs the earlier roll ");
          show(line, e, 0);
        } else line.append(` (dice must show: ${rows[i].cells[1].textContent}${under && off ? `, ${signed(off)} to the value` : ""})`);
        if (b != null && fixed != null) line.append(`: a natural ${nat} always ${fixed ? "succeeds" : "fails"}`);
        return { row: i, lines: [line, said(box, word)], summary: `${r.total}${e ? " vs " + e.total : ""}: ${word}` };
      },
      pool: (d, box, n, off) => {
        const dice = Array.from({ length: n }, () => pick(d.faces)), line = el("div", n + " dice: "),
          k = dice.filter(v => v + off >= d.threshold).length, word = k == 1 ? "1 success" : k + " successes",
          what = el("div", ""), each = k ? outcome(box, "Each success") : "";
        dice.forEach(v => line.append(el("span", v, v + off >= d.threshold ? "rc-success" : "rc-drop"), " "));
        if (off) line.append(`(${signed(off)} each)`);
        what.append(el("strong", word), each + (each && k > 1 ? ` (×${k})` : ""));
        return { row: d.rows ? d.rows.findIndex(r => inRow(r, k)) : k, lines: [line, what], summary: `${word} of ${n}` };
      },
    },
  };
  api.forms.chart = api.forms.target; // a chart is a target whose rows are the chart's values
  return api;
};
