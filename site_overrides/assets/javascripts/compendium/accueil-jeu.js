// A game's home page (jeu.md.j2): « Reprendre la partie » before the tool buttons, when a game is in
// progress in this browser (issue 34).
//
// The « Jouer » page (jouer.js) keeps the game in localStorage "compendium.jouer.<jeu>" as JSON
// {v, nom, tour, ...}. Any parseable object there is a game to resume; its list name and turn, when
// present, are said on the button. Storage that is refused, absent or holds anything else adds nothing:
// this script never throws and never hides the other buttons. Text goes in with textContent only.
(function () {
  "use strict";

  const CLE = "compendium.jouer.";
  const NOM_MAX = 60;

  function partieGardee(jeu) {
    try {
      const texte = window.localStorage.getItem(CLE + jeu);
      if (texte === null) return null;
      const partie = JSON.parse(texte);
      return partie !== null && typeof partie === "object" && !Array.isArray(partie) ? partie : null;
    } catch (e) {
      return null;
    }
  }

  // « Ma liste · tour 3 », from what the stored game says (each part left out when absent or odd).
  function detail(partie) {
    const parts = [];
    if (typeof partie.nom === "string" && partie.nom.trim()) {
      const nom = partie.nom.trim().replace(/\s+/g, " ");
      parts.push(nom.length > NOM_MAX ? nom.slice(0, NOM_MAX - 1) + "…" : nom);
    }
    const tour = typeof partie.tour === "number" ? partie.tour : NaN;
    if (Number.isInteger(tour) && tour > 0) parts.push("tour " + tour);
    return parts.join(" · ");
  }

  function ajouter() {
    try {
      const barre = document.querySelector("[data-role=outils-jeu]");
      const jouer = barre && barre.querySelector("a[data-outil=jouer]");
      if (!jouer || !barre.dataset.jeu || barre.querySelector("[data-role=reprendre-partie]")) return;
      const partie = partieGardee(barre.dataset.jeu);
      if (!partie) return;
      const lien = document.createElement("a");
      lien.className = "md-button md-button--primary cpd-reprendre";
      lien.href = jouer.getAttribute("href");
      lien.dataset.role = "reprendre-partie";
      const titre = document.createElement("span");
      titre.textContent = "Reprendre la partie";
      lien.appendChild(titre);
      const precision = detail(partie);
      if (precision) {
        const petit = document.createElement("span");
        petit.className = "cpd-reprendre__detail";
        petit.textContent = precision;
        lien.append(" ", petit); // the space: the button's accessible name reads as two phrases
      }
      // First in the row, beside the other buttons (Markdown puts them in one paragraph).
      jouer.parentNode.insertBefore(lien, jouer.parentNode.firstChild);
    } catch (e) {
      // Nothing added: the tool buttons stay as the page drew them.
    }
  }

  // Loaded right after the buttons: added before the page is first drawn, so nothing moves.
  if (document.querySelector("[data-role=outils-jeu]")) ajouter();
  else document.addEventListener("DOMContentLoaded", ajouter);
})();
