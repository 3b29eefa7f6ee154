/* Player view: the header's "Designer notes" switch (off by default; remembered; ?notes=1/0 sets it)
   toggles <html class="rc-notes-on">, which shows .rc-dnote; the glossary filter box; and, on pages of a
   game with variants (.rc-variants), variants.lazy.js, loaded once: the variant switch; on the play view
   (.rc-play), play.lazy.js: the phase stepper. */
(() => {
  const src = document.currentScript && document.currentScript.src;
  let vl, pl;
  const K = "rulecraft.notes", h = document.documentElement, q = new URLSearchParams(location.search).get("notes"),
    ls = v => { try { return v == null ? localStorage.getItem(K) : localStorage.setItem(K, v); } catch (e) { } };
  if (q == "1" || q == "0") ls(q);
  let on = (ls() ?? q) == "1";
  const show = () => {
    h.classList.toggle("rc-notes-on", on);
    document.querySelectorAll(".rc-notes-switch").forEach(b => b.setAttribute("aria-checked", on));
  };
  const header = (bar = document.querySelector(".md-header__inner")) => {
    if (!bar || bar.querySelector(".rc-notes-switch")) return;
    const b = document.createElement("button");
    b.className = "md-header__button md-icon rc-notes-switch";
    b.type = "button";
    b.setAttribute("role", "switch");
    b.title = "Designer notes";
    b.setAttribute("aria-label", b.title);
    b.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M14 10H3v2h11zm0-4H3v2h11zM3 16h7v-2H3zm11.4-.6 1.4-1.4 2.2 2.1 4.2-4.2 1.4 1.4-5.6 5.7z"/></svg>';
    b.onclick = () => { on = !on; ls(on ? "1" : "0"); show(); };
    bar.insertBefore(b, bar.querySelector(".md-header__option, .md-search"));
  };
  const filter = (box = document.querySelector(".rc-gfilter[hidden]")) => {
    if (!box) return;
    const input = box.querySelector("input"), all = [...document.querySelectorAll(".rc-term-entry")];
    const run = (t = input.value.trim().toLowerCase(), n = 0) => {
      all.forEach(e => n += !(e.hidden = !e.dataset.rcWords.includes(t)));
      document.querySelectorAll(".rc-letter").forEach(l => {
        l.hidden = l.nextElementSibling.hidden = ![...l.nextElementSibling.children].some(e => !e.hidden);
      });
      box.querySelector("output").textContent = t ? `${n} of ${all.length} terms` : "";
    };
    input.oninput = () => run();
    input.onkeydown = e => {
      if (e.key == "Escape") { input.value = ""; run(); }
      if (e.key == "Enter") all.find(x => !x.hidden)?.querySelector("h3").scrollIntoView();
    };
    box.hidden = false;
  };
  const variants = () => src && document.querySelector(".rc-variants") && (window.rcVariants ? rcVariants() : vl ||
    (vl = document.head.appendChild(Object.assign(document.createElement("script"),
      { src: src.replace(/player\.js([?#].*)?$/, "variants.lazy.js") }))));
  const play = () => src && document.querySelector(".rc-play") && (window.rcPlay ? rcPlay() : pl ||
    (pl = document.head.appendChild(Object.assign(document.createElement("script"),
      { src: src.replace(/player\.js([?#].*)?$/, "play.lazy.js") }))));
  const init = () => { header(); show(); filter(); variants(); play(); };
  if (window.document$) document$.subscribe(init); else addEventListener("DOMContentLoaded", init);
})();
