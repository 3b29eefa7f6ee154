/* Names for Material widgets axe-core flags as unnamed (search dialog). */
(function () {
  function label() {
    var search = document.querySelector('.md-search[role="dialog"]');
    if (search && !search.hasAttribute("aria-label")) search.setAttribute("aria-label", "Search");
  }
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(label);
  else document.addEventListener("DOMContentLoaded", label);
})();
