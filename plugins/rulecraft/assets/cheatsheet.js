/* Rulecraft cheat sheet: link cheatsheet.css on the pages that show a sheet (other pages never load
   it), show the Print button and make it print. The button is rendered hidden (it does nothing without
   script); Material's instant navigation swaps pages without reloading, so this runs again through
   document$ on every page. It also runs at once (it is linked at the end of the body, so the sheet is
   parsed): a stylesheet linked before the load event holds that event back, so printing waits for it. */
(function () {
  var src = document.currentScript && document.currentScript.src;
  var css = src && src.replace(/cheatsheet\.js([?#].*)?$/, "cheatsheet.css");
  function init() {
    var linked = [].some.call(document.querySelectorAll("link[rel=stylesheet]"), function (l) { return l.href === css; });
    if (css && !linked && document.querySelector(".rc-cheatsheet")) {
      var link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = css;
      document.head.appendChild(link);
    }
    document.querySelectorAll("button[data-rc-print]").forEach(function (button) {
      button.hidden = false;
      button.onclick = function () { window.print(); };
    });
  }
  init();
  if (typeof document$ !== "undefined" && document$.subscribe) {
    document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  }
})();
