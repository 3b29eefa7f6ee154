/* Rulecraft cheat sheet: show the Print button and make it print. The button is rendered hidden (it
   does nothing without script); Material's instant navigation swaps pages without reloading, so this
   runs again through document$ on every page. */
(function () {
  function init() {
    document.querySelectorAll("button[data-rc-print]").forEach(function (button) {
      button.hidden = false;
      button.onclick = function () { window.print(); };
    });
  }
  if (typeof document$ !== "undefined" && document$.subscribe) {
    document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
