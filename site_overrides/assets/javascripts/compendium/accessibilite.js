// Every page (issue 27): a table wider than the screen scrolls inside Material's wrapper
// (.md-typeset__scrollwrap); keyboard users must be able to reach it to scroll it. Only the
// wrappers that really scroll become a named, focusable region, and again when the width changes
// (a ResizeObserver reports each wrapper once when observed, then at each change of its size).
(function () {
  "use strict";
  if (!("ResizeObserver" in window)) return;

  function nom(zone) {
    var legende = zone.querySelector("caption");
    if (legende && legende.textContent.trim()) return legende.textContent.trim();
    // Else the nearest heading before the table.
    for (var n = zone; n && n !== document.body; n = n.parentElement) {
      for (var p = n.previousElementSibling; p; p = p.previousElementSibling) {
        if (/^H[1-6]$/.test(p.tagName)) return p.textContent.replace(/¶\s*$/, "").trim();
      }
    }
    return "";
  }

  function marquer(zone, defile) {
    if (defile && !zone.hasAttribute("tabindex")) {
      var titre = nom(zone);
      zone.setAttribute("tabindex", "0");
      zone.setAttribute("role", "region");
      zone.setAttribute("aria-label", "Tableau" + (titre ? " « " + titre + " »" : "") + ", défilement horizontal");
    } else if (!defile && zone.hasAttribute("tabindex")) {
      zone.removeAttribute("tabindex");
      zone.removeAttribute("role");
      zone.removeAttribute("aria-label");
    }
  }

  // Every width is read before any attribute is written: a write between two reads would make the
  // browser compute the page's style and layout again for the next read.
  var observateur = new ResizeObserver(function (entrees) {
    var defilent = entrees.map(function (e) { return e.target.scrollWidth > e.target.clientWidth + 1; });
    entrees.forEach(function (e, i) { marquer(e.target, defilent[i]); });
  });
  function parcourir() {
    document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (zone) { observateur.observe(zone); });
  }
  // Material wraps the tables when it starts (document$, also after an instant navigation).
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(parcourir);
  else document.addEventListener("DOMContentLoaded", parcourir);
})();
