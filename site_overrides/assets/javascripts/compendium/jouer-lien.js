// « Composer et vérifier »: the « Jouer cette liste » link hands the list in the text view to the
// « Jouer » page (jouer.js reads localStorage "compendium.jouer.<jeu>.demande"), which starts a game
// with it, or asks first when a game is in progress. Without storage the link still opens the page.
(function () {
  "use strict";

  function brancher() {
    document.querySelectorAll('[data-role="jouer"][data-jeu]').forEach((lien) => {
      if (lien.dataset.branche === "oui") return;
      lien.dataset.branche = "oui";
      lien.addEventListener("click", () => {
        const zone = document.querySelector('[data-compendium-outil] [data-role="texte"]');
        const texte = zone ? zone.value : "";
        if (!texte.trim()) return;
        const nom = (texte.match(/^nom:\s*["']?(.*?)["']?\s*$/m) || [])[1] || "";
        try {
          window.localStorage.setItem("compendium.jouer." + lien.dataset.jeu + ".demande",
            JSON.stringify({ texte, nom, t: new Date().toISOString() }));
        } catch (e) {
          /* storage refused: the page opens on its own start screen */
        }
      });
    });
  }

  if (window.Compendium && window.Compendium.surPage) window.Compendium.surPage(brancher);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", brancher, { once: true });
  else brancher();
})();
