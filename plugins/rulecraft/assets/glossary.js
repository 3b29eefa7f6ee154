/* Glossary previews for a.rc-term (title, href, data-rc-term-name): hover/focus/first tap opens,
   Escape closes, pin keeps open. One tab stop per term: the preview's controls are tab stops only
   while pinned (ArrowDown pins). Document listeners survive instant navigation; document$ resets. */
(() => {
  if (window.rcGlossary) return;
  const d = document;
  const svg = (p) => `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="${p}"/></svg>`;
  const btn = (c, l, p) => `<button type="button" class="rc-tp-${c}" aria-label="${l}" title="${l}">${svg(p)}</button>`;
  const pop = d.createElement("span"); // sits right after its link, even in a <p>
  pop.className = "rc-term-preview";
  pop.setAttribute("role", "dialog");
  pop.innerHTML = '<span class="rc-tp-head"><a class="rc-tp-name"></a>' +
    btn("pin", "Pin preview", "M16 12V4h1V2H7v2h1v8l-2 2v2h5.2v6h1.6v-6H18v-2z") +
    btn("close", "Close (Esc)", "M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4l5.6 5.6L5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z") +
    '</span><span class="rc-tp-short" id="rc-tp-short"></span>' +
    '<span class="rc-tp-keys" aria-hidden="true">↓ pin · Esc close</span>';
  const controls = pop.querySelectorAll("a,button"), [name, pin, close] = controls;
  const short = pop.querySelector(".rc-tp-short");
  const top = !!pop.showPopover; // top layer: never clipped
  if (top) pop.popover = "manual";
  else pop.hidden = true;

  let link = null, pinned = false, timer = 0, touch = false, tapOpen = false, quiet = null, pointed = false;
  const later = (fn, ms) => { clearTimeout(timer); timer = setTimeout(fn, ms); };
  const inside = (el) => !!el && (pop.contains(el) || (!!link && link.contains(el)));
  const termOf = (el) => el && el.closest && el.closest("a.rc-term");
  const setPin = (on) => {
    pinned = on;
    pin.setAttribute("aria-pressed", on);
    pop.classList.toggle("rc-pinned", on);
    controls.forEach((c) => (on ? c.removeAttribute("tabindex") : (c.tabIndex = -1)));
  };
  setPin(false);
  const refocus = (a) => { if (a) { quiet = a; a.focus(); quiet = null; } };

  function place() {
    if (!link) return;
    const r = link.getClientRects()[0] || link.getBoundingClientRect();
    const h = pop.offsetHeight;
    let y = r.bottom + 6;
    if (y + h > innerHeight - 4 && r.top - h > 10) y = r.top - h - 6;
    pop.style.left = Math.max(8, Math.min(r.left, d.documentElement.clientWidth - pop.offsetWidth - 8)) + "px";
    pop.style.top = y + "px";
  }

  function hide() {
    clearTimeout(timer);
    setPin(false);
    if (top) { try { pop.hidePopover(); } catch (e) { /* detached */ } } else pop.hidden = true;
    if (!link) return;
    if (link.dataset.rcTitle != null) { link.title = link.dataset.rcTitle; delete link.dataset.rcTitle; }
    link.removeAttribute("aria-describedby");
    link = null;
  }

  function show(a, keys) {
    clearTimeout(timer);
    if (a === link || pinned || !a.isConnected) return;
    hide();
    link = a;
    const title = a.getAttribute("title"); // aside while shown: no double tooltip
    if (title != null) { a.dataset.rcTitle = title; a.removeAttribute("title"); }
    name.textContent = a.dataset.rcTermName || a.textContent;
    name.href = a.href;
    pop.setAttribute("aria-label", name.textContent);
    short.textContent = a.dataset.rcTitle || "";
    a.setAttribute("aria-describedby", short.id);
    pop.classList.toggle("rc-by-keys", !!keys); // the key hint, for keyboard users only
    a.after(pop); // Tab order: link, then the preview
    if (top) pop.showPopover(); else pop.hidden = false;
    place();
  }

  const on = (type, fn) => d.addEventListener(type, fn);
  on("pointerover", (e) => {
    const a = termOf(e.target);
    if (e.pointerType === "touch") return;
    if (inside(e.target)) clearTimeout(timer);
    else if (a && !pinned) later(() => show(a), 120);
  });
  on("pointerout", (e) => {
    if (e.pointerType === "touch" || pinned || inside(e.relatedTarget)) return;
    if (link && inside(e.target)) later(hide, 250);
    else if (!link && termOf(e.target)) clearTimeout(timer);
  });
  on("focusin", (e) => {
    const a = termOf(e.target);
    if (a && a !== quiet) show(a, !pointed); // a tap or click focuses the link too: no key hint then
  });
  on("focusout", (e) => {
    if (link && !pinned && inside(e.target) && !inside(e.relatedTarget)) later(() => pinned || hide(), 100);
  });
  on("pointerdown", (e) => {
    pointed = true;
    touch = e.pointerType === "touch";
    tapOpen = !!link && termOf(e.target) === link;
    if (link && !pinned && !inside(e.target)) hide(); // tap elsewhere
  });
  d.addEventListener("click", (e) => { // capture: before instant navigation
    const a = termOf(e.target);
    if (a && touch && !tapOpen) { e.preventDefault(); e.stopPropagation(); show(a); tapOpen = true; }
  }, true); // first tap previews
  on("keydown", (e) => {
    pointed = false;
    if (e.key === "ArrowDown" && link && e.target === link && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      setPin(true);
      name.focus();
      return;
    }
    if (e.key !== "Escape" || !link) return;
    const a = link, back = pop.contains(d.activeElement);
    hide();
    if (back) refocus(a);
  });
  pin.onclick = () => { clearTimeout(timer); setPin(!pinned); };
  close.onclick = () => { const a = link; hide(); refocus(a); };
  const follow = () => link && requestAnimationFrame(place);
  addEventListener("scroll", follow, { passive: true, capture: true });
  addEventListener("resize", follow, { passive: true });
  if (window.document$) window.document$.subscribe(hide);
  window.rcGlossary = { show, hide, pop };
})();
