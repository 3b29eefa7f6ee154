/* The play view (render/play.py; loaded by player.js on a page with .rc-play): one step of the turn per screen.
   data-rc-play lists the steps in order with when each is played: "from" (a round), "optional" (the id of the
   optional phase it belongs to: the table unticks it in the setup), "when" (an only_when condition as a tree:
   ["s", id] a state, ["e", id] an event, ["r"] the round, ["k", id] a constant a variant changes: its value in
   the rules the variant switch shows, [op, ...] operators and rounding functions). A
   step the variant switch hides ([data-rc-variant][hidden]) is passed by too. Next after the end of the round
   starts the next round. Where the table is (?r=round&at=step, with the states that differ from the start)
   is in the URL, so a reload or a shared link opens the same screen; the setup is remembered per game. */
(() => {
  const wire = root => {
    if (!root || root.dataset.rcWired) return;
    root.dataset.rcWired = 1;
    const data = JSON.parse(root.dataset.rcPlay), steps = data.steps, key = "rulecraft.play." + data.game,
      $ = s => root.querySelector(s), $$ = s => [...root.querySelectorAll(s)],
      els = steps.map(s => root.querySelector(`[data-step="${CSS.escape(s.id)}"]`)),
      bar = $(".rc-play-bar"), prev = $(".rc-play-prev"), next = $(".rc-play-next"), where = $(".rc-play-where"),
      setup = $(".rc-play-setup"), roundIn = $("[data-rc-play-round]"), stateIns = $$("[data-rc-state]"),
      eventIns = $$("[data-rc-event]"), optIns = $$("[data-rc-optional]"),
      store = v => { try { return v == null ? JSON.parse(localStorage.getItem(key) || "{}") : localStorage.setItem(key, JSON.stringify(v)); } catch (e) { return {}; } };
    const q = new URLSearchParams(location.search), saved = store();
    let r = Math.max(1, Math.round(+q.get("r") || +saved.r || 1)), i = 0;
    // The setup: the URL's first (a shared link), else what this device remembers, else the start of the game.
    const pairs = s => Object.fromEntries((s || "").split(",").filter(Boolean).map(p => p.split(":")));
    const st = Object.fromEntries(stateIns.map(x => [x.dataset.rcState, x.value])),
      ev = new Set(q.has("e") ? q.get("e").split(",").filter(Boolean) : saved.e || []),
      off = new Set(q.has("off") ? q.get("off").split(",").filter(Boolean) : saved.off || []);
    Object.assign(st, saved.s || {}, pairs(q.get("s")));
    const initial = Object.fromEntries(stateIns.map(x => [x.dataset.rcState, x.querySelector("[selected]")?.value ?? x.value]));
    const val = t => {
      if (!Array.isArray(t)) return t;
      const [op, ...a] = t;
      if (op == "s") return st[a[0]];
      if (op == "e") return ev.has(a[0]);
      if (op == "r") return r;
      if (op == "k") { const c = data.consts[a[0]]; return c.views[document.documentElement.dataset.rcView] ?? c.base; }
      const x = a.map(val), [p, y] = x;
      switch (op) {
        case "not": return !p;
        case "neg": return -p;
        case "and": return x.every(Boolean);
        case "or": return x.some(Boolean);
        case "==": return p == y;
        case "!=": return p != y;
        case "<": return p < y;
        case "<=": return p <= y;
        case ">": return p > y;
        case ">=": return p >= y;
        case "+": return p + y;
        case "-": return p - y;
        case "*": return p * y;
        case "/": return p / y;
        case "half": return y == "up" ? Math.ceil(p / 2) : y == "down" ? Math.floor(p / 2) : p / 2;
        case "round_up": return Math.ceil(p);
        case "round_down": return Math.floor(p);
        case "round": return Math.floor(p + .5);
        case "per": return Math.floor(p / y);
        case "min": return Math.min(...x);
        case "max": return Math.max(...x);
      }
      return false;
    };
    const plays = (j, round = r) => {
      const s = steps[j], was = r;
      if (!els[j] || els[j].hidden || s.from && round < s.from || s.optional && off.has(s.optional)) return false;
      r = round; // a condition on the round reads the round asked about
      const ok = !s.when || !!val(s.when);
      r = was;
      return ok;
    };
    const played = (round = r) => steps.map((_, j) => j).filter(j => plays(j, round));
    const at = q.get("at") || (q.has("r") ? null : saved.at), found = steps.findIndex(s => s.id == at);
    i = found >= 0 && plays(found) ? found : played()[0];
    const url = () => {
      const u = new URLSearchParams(location.search);
      u.set("r", r);
      u.set("at", steps[i].id);
      const s = Object.entries(st).filter(([k, v]) => v != initial[k]).map(p => p.join(":")).join(",");
      for (const [k, v] of [["s", s], ["e", [...ev].join(",")], ["off", [...off].join(",")]]) v ? u.set(k, v) : u.delete(k);
      history.replaceState(history.state, "", "?" + u + location.hash);
    };
    const show = (scroll) => {
      const list = played(), k = list.indexOf(i) + 1, s = steps[i];
      els.forEach((e, j) => e && e.classList.toggle("rc-play-current", j == i));
      where.replaceChildren();
      const b = document.createElement("strong");
      b.textContent = "Round " + r;
      const n = document.createElement("span");
      n.textContent = (s.n ? "Phase " + s.n : s.name) + " · " + k + " of " + list.length;
      where.append(b, " ", n);
      root.dataset.rcAt = s.id;
      root.dataset.rcRound = r;
      prev.disabled = r == 1 && list[0] == i;
      next.textContent = i == steps.length - 1 ? "Round " + (r + 1) : "Next";
      roundIn.value = r;
      store({ r, at: s.id, s: st, e: [...ev], off: [...off] });
      url();
      if (scroll && root.getBoundingClientRect().top < 0) root.scrollIntoView({ block: "start" });
    };
    const move = d => {
      const list = played(), k = list.indexOf(i);
      if (d > 0 && k < list.length - 1) i = list[k + 1];
      else if (d > 0) { r++; i = played()[0]; }
      else if (k > 0) i = list[k - 1];
      else if (r > 1) { r--; const l = played(); i = l[l.length - 1]; }
      else return;
      show(1);
    };
    const refit = () => { // a setting changed: stay on this step if it is still played, else the next one that is
      if (!plays(i)) i = played().find(j => j > i) ?? played()[0];
      show();
    };
    prev.onclick = () => move(-1);
    next.onclick = () => move(1);
    stateIns.forEach(x => { x.value = st[x.dataset.rcState]; x.onchange = () => { st[x.dataset.rcState] = x.value; refit(); }; });
    eventIns.forEach(x => { x.checked = ev.has(x.dataset.rcEvent); x.onchange = () => { ev[x.checked ? "add" : "delete"](x.dataset.rcEvent); refit(); }; });
    optIns.forEach(x => { x.checked = !off.has(x.dataset.rcOptional); x.onchange = () => { off[x.checked ? "delete" : "add"](x.dataset.rcOptional); refit(); }; });
    roundIn.onchange = () => { r = Math.max(1, Math.round(+roundIn.value) || 1); refit(); };
    const keys = e => {
      if (!root.isConnected) return removeEventListener("keydown", keys);
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.target.closest("input, select, textarea, [contenteditable]")) return;
      if (e.key == "ArrowRight") { e.preventDefault(); move(1); }
      if (e.key == "ArrowLeft") { e.preventDefault(); move(-1); }
    };
    addEventListener("keydown", keys);
    let t0;
    root.addEventListener("touchstart", e => { t0 = e.target.closest("input, select, table, .rc-dice-ui") ? null : e.changedTouches[0]; }, { passive: true });
    root.addEventListener("touchend", e => {
      const t = e.changedTouches[0], dx = t0 && t.clientX - t0.clientX, dy = t0 && t.clientY - t0.clientY;
      if (t0 && Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(dy)) move(dx < 0 ? 1 : -1);
    }, { passive: true });
    document.addEventListener("change", e => { if (root.isConnected && e.target.closest(".rc-variants")) refit(); });
    document.addEventListener("rc-view", () => { if (root.isConnected) refit(); }); // variants.lazy.js, once loaded
    document.addEventListener("click", e => { // a link to a phase on this page (the table of contents): its screen
      const a = e.target.closest("a[href^='#']"), t = a && document.getElementById(decodeURIComponent(a.hash.slice(1))),
        j = t ? els.indexOf(t.closest(".rc-play-step")) : -1;
      if (root.isConnected && j >= 0 && j != i) { i = j; show(); }
    });
    root.classList.add("rc-play--on");
    bar.hidden = setup.hidden = false;
    show();
  };
  window.rcPlay = () => wire(document.querySelector(".rc-play[data-rc-play]"));
  rcPlay();
})();
