/* Rulecraft formula calculators (.rc-formula): loaded by player.js on pages that have one. Each box carries
   its formula as a JSON tree (expr/serial.py); this works it out over exact fractions (BigInt numerator and
   denominator), never with eval, exactly as the Python evaluator does (tests/unit/expr/test_formula_js.py
   compares them over every input of the fixture's formulas). The player's numbers are checked against the
   ranges the rules allow; the result is announced (aria-live). It also links formula.css. */
(() => {
  const Z = 0n, ONE = 1n;
  const gcd = (a, b) => { a = a < Z ? -a : a; b = b < Z ? -b : b; while (b) [a, b] = [b, a % b]; return a; };
  const q = (n, d = ONE) => {
    if (d == Z) throw new Error("this divides by zero");
    if (d < Z) { n = -n; d = -d; }
    const g = gcd(n, d) || ONE;
    return [n / g, d / g];
  };
  const num = s => { const [n, d] = String(s).split("/"); return q(BigInt(n), BigInt(d || 1)); };
  const floor = ([n, d]) => [n / d - (n % d != Z && n < Z ? ONE : Z), ONE]; // BigInt division truncates
  const neg = ([n, d]) => [-n, d];
  const ceil = x => neg(floor(neg(x)));
  const add = (a, b) => q(a[0] * b[1] + b[0] * a[1], a[1] * b[1]);
  const mul = (a, b) => q(a[0] * b[0], a[1] * b[1]);
  const div = (a, b) => q(a[0] * b[1], a[1] * b[0]);
  const cmp = (a, b) => { const x = a[0] * b[1] - b[0] * a[1]; return x < Z ? -1 : x > Z ? 1 : 0; };
  const HALF = [ONE, 2n];
  const isNum = x => Array.isArray(x);
  const must = x => { if (!isNum(x)) throw new Error("a condition where a number belongs"); return x; };
  const truth = x => { if (isNum(x)) throw new Error("a number where a condition belongs"); return x; };
  const OPS = { "+": add, "-": (a, b) => add(a, neg(b)), "*": mul, "/": div };
  const CMP = { "==": c => c == 0, "!=": c => c != 0, "<": c => c < 0, "<=": c => c <= 0, ">": c => c > 0, ">=": c => c >= 0 };
  const FN = {
    half: (x, w) => { const h = mul(must(x), HALF); return w ? (w == "up" ? ceil(h) : floor(h)) : h; },
    round_up: x => ceil(must(x)), round_down: x => floor(must(x)), round: x => floor(add(must(x), HALF)),
    per: (x, n) => { if (cmp(must(n), [Z, ONE]) <= 0) throw new Error("per counts groups of a positive size"); return floor(div(must(x), n)); },
    min: (...xs) => xs.map(must).reduce((a, b) => cmp(b, a) < 0 ? b : a),
    max: (...xs) => xs.map(must).reduce((a, b) => cmp(b, a) > 0 ? b : a),
  };
  const ROUND = { up: ceil, down: floor, nearest: x => floor(add(x, HALF)) };

  // The value of a tree: [numerator, denominator] (BigInt) or a truth value; `values`: name -> "p/q" or number.
  const evaluate = (t, values) => {
    const ev = t => {
      if ("n" in t) return num(t.n);
      if ("v" in t) { if (!(t.v in values)) throw new Error(`${t.v} has no value`); return num(values[t.v]); }
      if ("w" in t) return t.w;
      if ("neg" in t) return neg(must(ev(t.neg)));
      if ("not" in t) return !truth(ev(t.not));
      if ("and" in t) return truth(ev(t.and[0])) && truth(ev(t.and[1]));
      if ("or" in t) return truth(ev(t.or[0])) || truth(ev(t.or[1]));
      if ("o" in t) return OPS[t.o](must(ev(t.l)), must(ev(t.r)));
      if ("c" in t) return CMP[t.c](cmp(must(ev(t.l)), must(ev(t.r))));
      if ("f" in t) return FN[t.f](...t.a.map(ev));
      throw new Error("unknown node");
    };
    return ev(t);
  };
  // `view`: the way to play the variant switch shows (variants.lazy.js), whose numbers replace the base game's.
  const rounded = (data, values, view) => {
    const x = must(evaluate(data.tree, { ...data.consts, ...(data.views || {})[view], ...values }));
    return data.round ? ROUND[data.round](x) : x;
  };
  // As expr/words.py writes a number: 7, 3 1/2, −1/2.
  const shown = ([n, d]) => {
    const sign = n < Z ? "\u2212" : "", a = n < Z ? -n : n;
    if (d == ONE) return sign + a;
    const whole = a / d, part = `${a % d}/${d}`;
    return sign + (whole ? `${whole} ${part}` : part);
  };
  window.rcFormula = { evaluate, rounded, shown };

  const src = typeof document != "undefined" && document.currentScript && document.currentScript.src;
  const wire = box => {
    if (box.dataset.rcWired) return;
    box.dataset.rcWired = 1;
    const data = JSON.parse(box.dataset.rcFormula), form = box.querySelector(".rc-calc"), out = form.querySelector("output");
    const update = () => {
      const values = {};
      for (const input of form.querySelectorAll("input")) {
        const v = input.type == "checkbox" ? +input.checked : input.value.trim();
        const lo = +input.min, hi = +input.max, bad = input.type != "checkbox" && !(/^-?\d+$/.test(v) && +v >= lo && +v <= hi);
        input.setAttribute("aria-invalid", bad);
        if (bad) { out.textContent = `${input.dataset.rcLabel}: a whole number from ${lo} to ${hi}`; return; }
        values[input.name] = String(v);
      }
      const view = document.documentElement.dataset.rcView;
      try { out.textContent = `${data.name}: ${shown(rounded(data, values, view))}${data.unit ? " " + data.unit : ""}`; }
      catch (e) { out.textContent = `${data.name}: ${e.message}`; }
    };
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    document.addEventListener("rc-view", update);
    update();
    form.hidden = false;
  };
  window.rcFormulas = () => {
    const css = src && src.replace(/formula\.lazy\.js([?#].*)?$/, "formula.css");
    if (css && ![...document.querySelectorAll("link[rel=stylesheet]")].some(l => l.href == css))
      document.head.appendChild(Object.assign(document.createElement("link"), { rel: "stylesheet", href: css }));
    document.querySelectorAll(".rc-formula[data-rc-formula]").forEach(wire);
  };
  if (typeof document != "undefined" && document.querySelector) window.rcFormulas();
})();
