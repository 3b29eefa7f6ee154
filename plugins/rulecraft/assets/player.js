/* Player view. "Designer notes" switch (header): off by default, remembered (localStorage), ?notes=1 or
   ?notes=0 in a shared link sets it; notes carry .rc-dnote and show while <html> has .rc-notes-on.
   Glossary filter: the hidden box render/glossary.py writes, shown and wired here. */
(() => {
  const K = "rulecraft.notes", h = document.documentElement, q = new URLSearchParams(location.search).get("notes");
  const get = () => { try { return localStorage.getItem(K); } catch (e) { return null; } };
  const set = v => { try { localStorage.setItem(K, v); } catch (e) { /* private mode: this page only */ } };
  if (q == "1" || q == "0") set(q);
  let on = (get() ?? q) == "1";
  const show = () => {
    h.classList.toggle("rc-notes-on", on);
    document.querySelectorAll(".rc-notes-switch").forEach(b => b.setAttribute("aria-checked", on));
  };
  const header = () => {
    const bar = document.querySelector(".md-header__inner");
    if (!bar || bar.querySelector(".rc-notes-switch")) return;
    const b = document.createElement("button");
    b.className = "md-header__button md-icon rc-notes-switch";
    b.type = "button";
    b.setAttribute("role", "switch");
    b.title = "Designer notes";
    b.setAttribute("aria-label", "Designer notes");
    b.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M14 10H3v2h11zm0-4H3v2h11zM3 16h7v-2H3zm11.4-.6 1.4-1.4 2.2 2.1 4.2-4.2 1.4 1.4-5.6 5.7z"/></svg>';
    b.onclick = () => { on = !on; set(on ? "1" : "0"); show(); };
    bar.insertBefore(b, bar.querySelector(".md-header__option, .md-search") || null);
  };
  const filter = () => {
    const box = document.querySelector(".rc-gfilter[hidden]");
    if (!box) return;
    const input = box.querySelector("input"), out = box.querySelector("output"),
      entries = [...document.querySelectorAll(".rc-term-entry")];
    const run = () => {
      const t = input.value.trim().toLowerCase();
      let n = 0;
      entries.forEach(e => { const hit = !t || e.dataset.rcWords.includes(t); e.hidden = !hit; n += hit; });
      document.querySelectorAll(".rc-letter").forEach(l => {
        const list = l.nextElementSibling;
        l.hidden = list.hidden = ![...list.children].some(e => !e.hidden);
      });
      out.textContent = t ? `${n} of ${entries.length} terms` : "";
    };
    input.oninput = run;
    input.onkeydown = e => {
      if (e.key == "Escape") { input.value = ""; run(); }
      if (e.key == "Enter") { const f = entries.find(x => !x.hidden); f && f.querySelector("h3").scrollIntoView(); }
    };
    box.hidden = false;
  };
  const init = () => { header(); show(); filter(); };
  if (window.document$) document$.subscribe(init); else if (document.readyState == "loading")
    document.addEventListener("DOMContentLoaded", init); else init();
})();
