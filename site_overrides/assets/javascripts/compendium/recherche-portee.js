/*
 * Search scope, on every page. Loaded before Material's bundle (main.html), which starts the
 * search worker (compendium/recherche.js): `Worker` is wrapped until then, and each query
 * Material sends gets `compendium: {jeu, tous}`: the page's game (`<meta name="compendium-jeu">`,
 * swapped by instant navigation) and the switch (kept for the tab): « Tous les jeux » on a game's
 * page, « Texte intégral » outside every game (whose first search reads every game's overview). Above the
 * results: the scope and the switch; opening the search asks the worker to read the scope's index.
 * Tab goes from the box to the switch, Shift+Tab back; Tab from the switch leaves the search as
 * Material does (it closes it), so the keyboard is never trapped.
 */
"use strict";

(function () {
  const QUERY = 2;  // Material's query message
  const CLE = "compendium.recherche.tous";
  let travailleur = null;
  let tousEnMemoire = false;  // when sessionStorage is refused
  let envoyee = "";  // scope of the last query sent
  let preparee = "";  // scope whose index the worker was asked to read

  /** The open page's game, {id, nom}, or null outside every game. */
  function jeuDeLaPage() {
    const id = document.querySelector('meta[name="compendium-jeu"]');
    const nom = document.querySelector('meta[name="compendium-jeu-nom"]');
    return id && id.content ? { id: id.content, nom: nom ? nom.content : id.content } : null;
  }

  function tousDemande() {
    try {
      return sessionStorage.getItem(CLE) === "oui";
    } catch (erreur) {
      return tousEnMemoire;
    }
  }

  function demanderTous(oui) {
    tousEnMemoire = oui;
    try {
      sessionStorage.setItem(CLE, oui ? "oui" : "non");
    } catch (erreur) { /* storage refused: the choice lasts for this page */ }
  }

  /** The scope sent with each query, and as a string to compare two. */
  function portee() {
    const jeu = jeuDeLaPage();
    return { jeu: jeu ? jeu.id : null, tous: tousDemande() };
  }
  const cle = (quoi) => `${quoi.jeu}|${quoi.tous}`;

  const Origine = window.Worker;
  if (typeof Origine === "function") {
    window.Worker = class extends Origine {
      constructor(url, options) {
        super(url, options);
        if (!travailleur && /\/compendium\/recherche\.js(?:\?|$)/.test(String(url))) {
          travailleur = this;
          const poster = this.postMessage.bind(this);
          this.postMessage = (message, ...reste) => {
            if (!message || message.type !== QUERY) {
              return poster(message, ...reste);
            }
            const quoi = portee();
            envoyee = cle(quoi);
            return poster({ ...message, compendium: quoi }, ...reste);
          };
        }
      }
    };
  }

  const champ = () => document.querySelector("input.md-search__input");
  const bascule = () => document.querySelector("[data-cpd-recherche-tous]");

  /** Redraw the scope line and the switch for the open page. */
  function afficher() {
    const bloc = document.querySelector("[data-cpd-recherche-portee]");
    if (!bloc) {
      return;
    }
    const jeu = jeuDeLaPage();
    const tous = tousDemande();
    let ici = tous ? `Recherche dans tous les jeux, ${jeu ? jeu.nom : ""} d'abord` : `Recherche dans ${jeu ? jeu.nom : ""}`;
    if (!jeu) {  // outside every game: the overview (titles and first words), or the full text on demand
      ici = tous ? "Recherche dans le texte intégral de tous les jeux"
        : "Recherche dans les titres et les débuts de section de tous les jeux";
    }
    bloc.querySelector("[data-role=ici]").textContent = ici;
    bloc.querySelector("[data-role=bascule-texte]").textContent = jeu ? "Tous les jeux" : "Texte intégral";
    bascule().checked = tous;
  }

  /** Send the text typed again, with the scope now chosen. */
  function relancer() {
    const texte = champ() ? champ().value : "";
    if (travailleur && texte.trim()) {
      travailleur.postMessage({ type: QUERY, data: texte });
    }
  }

  /** The search opens: scope shown, its index read, and the text kept by instant navigation searched here. */
  function ouvrir() {
    afficher();
    const quoi = portee();
    if (travailleur && cle(quoi) !== preparee) {
      preparee = cle(quoi);
      travailleur.postMessage({ type: "compendium:preparer", compendium: quoi });
    }
    if (cle(quoi) !== envoyee) {
      relancer();
    }
  }

  function construire() {
    const conteneur = document.querySelector(".md-search__scrollwrap");
    if (!conteneur || bascule()) {
      return;
    }
    const bloc = document.createElement("div");
    bloc.className = "cpd-recherche-portee";
    bloc.setAttribute("data-cpd-recherche-portee", "");
    bloc.innerHTML = '<span class="cpd-recherche-portee__ici" data-role="ici" aria-live="polite"></span>' +
      '<label class="cpd-recherche-portee__bascule"><input type="checkbox" role="switch" data-cpd-recherche-tous> ' +
      '<span data-role="bascule-texte">Tous les jeux</span></label>';
    conteneur.insertBefore(bloc, conteneur.firstChild);
    // Material draws each result's game label (its `tags`) in a <nav>: a label, not a way through
    // the site, so no landmark (a landmark per result is one unnamed navigation region after another).
    const liste = document.querySelector(".md-search-result__list");
    if (liste && typeof MutationObserver === "function") {
      new MutationObserver(() => {
        liste.querySelectorAll("nav.md-tags:not([role])").forEach((nav) => nav.setAttribute("role", "none"));
      }).observe(liste, { childList: true, subtree: true });
    }
    const interrupteur = bascule();
    const saisie = champ();
    interrupteur.addEventListener("change", () => {
      demanderTous(interrupteur.checked);
      afficher();
      relancer();
    });
    const recherche = document.getElementById("__search");
    if (recherche) {
      recherche.addEventListener("change", () => recherche.checked && ouvrir());
    }
    if (saisie) {
      saisie.addEventListener("focus", ouvrir);
    }
    // Material's keys in the open search: Tab would close it, Space or Shift (any key but Tab, Escape
    // and the arrows) would go back to the box. Tab from the box reaches the switch, Shift+Tab from
    // the switch the box; Tab from the switch is Material's: the search closes and the focus moves
    // on (no keyboard trap).
    document.addEventListener("keydown", (evenement) => {
      const cible = evenement.target;
      const touche = evenement.key;
      if (touche === "Tab" && !evenement.shiftKey && cible === saisie) {
        interrupteur.focus();
      } else if (cible === interrupteur && touche === "Tab" && evenement.shiftKey) {
        saisie.focus();
      } else if (cible === interrupteur && (touche === " " || touche === "Enter" || touche === "Shift")) {
        if (touche === "Enter") {
          interrupteur.click();
          evenement.preventDefault();
        }
        evenement.stopPropagation();
        return;
      } else {
        return;
      }
      evenement.preventDefault();
      evenement.stopPropagation();
    }, true);
    afficher();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", construire);
  } else {
    construire();
  }
})();
