/*
 * Search scope, on every page: which game the search looks in, and the switch « Tous les jeux ».
 *
 * main.html loads this file before Material's bundle, which starts the search worker
 * (compendium/recherche.js). This file:
 *
 * - keeps a hand on that worker (the page's `Worker` is wrapped until it starts) and adds
 *   the scope to each query Material sends it: `compendium: {jeu, tous}`, where `jeu` is
 *   the game of the open page (`<meta name="compendium-jeu">`, which Material's instant
 *   navigation swaps with the page) and `tous` the switch;
 * - shows the scope above the results, with the switch « Tous les jeux » on a game's page
 *   (outside every game the search covers every game); turning it sends the query again;
 * - asks the worker to read the scope's index as soon as the search opens.
 *
 * The switch is kept for the tab (sessionStorage). Tab moves between the search box and
 * the switch (Material would close the search); Space or Enter turns it.
 */
"use strict";

(function () {
  const QUERY = 2;  // Material's query message
  const PREPARER = "compendium:preparer";
  const CLE = "compendium.recherche.tous";
  let travailleur = null;
  let tousEnMemoire = false;  // when sessionStorage is refused

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
    } catch (erreur) {
      // storage refused: the choice lasts for this page
    }
  }

  /** The scope sent with each query. */
  function portee() {
    const jeu = jeuDeLaPage();
    return { jeu: jeu ? jeu.id : null, tous: !jeu || tousDemande() };
  }

  /** A scope as a string, to compare two. */
  function cle(quoi) {
    return `${quoi.jeu}|${quoi.tous}`;
  }

  let porteeEnvoyee = "";  // scope of the last query sent

  /** Add the scope to Material's queries to this worker. */
  function suivre(travailleurRecherche) {
    travailleur = travailleurRecherche;
    const poster = travailleur.postMessage.bind(travailleur);
    travailleur.postMessage = function (message, ...reste) {
      if (message && message.type === QUERY) {
        const quoi = portee();
        porteeEnvoyee = cle(quoi);
        return poster({ ...message, compendium: quoi }, ...reste);
      }
      return poster(message, ...reste);
    };
  }

  const Origine = window.Worker;
  if (typeof Origine === "function") {
    window.Worker = class extends Origine {
      constructor(url, options) {
        super(url, options);
        if (!travailleur && /\/compendium\/recherche\.js(?:\?|$)/.test(String(url))) {
          suivre(this);
        }
      }
    };
  }

  function champ() {
    return document.querySelector("input.md-search__input");
  }

  function bascule() {
    return document.querySelector("[data-cpd-recherche-tous]");
  }

  /** Redraw the scope line for the open page and the switch. */
  function afficher() {
    const bloc = document.querySelector("[data-cpd-recherche-portee]");
    if (!bloc) {
      return;
    }
    const jeu = jeuDeLaPage();
    const tous = !jeu || tousDemande();
    const ici = bloc.querySelector("[data-role=ici]");
    ici.textContent = !jeu ? "Recherche dans tous les jeux"
      : tous ? `Recherche dans tous les jeux, ${jeu.nom} d'abord`
        : `Recherche dans ${jeu.nom}`;
    bloc.dataset.portee = tous ? "tous" : "jeu";
    const interrupteur = bascule();
    interrupteur.checked = tous;
    interrupteur.closest("label").hidden = !jeu;
  }

  /** Ask the worker to read the scope's index before the first query (once per scope). */
  let prepare = "";
  function preparer() {
    const quoi = portee();
    if (travailleur && cle(quoi) !== prepare) {
      prepare = cle(quoi);
      travailleur.postMessage({ type: PREPARER, compendium: quoi });
    }
  }

  /** Send the text typed again, with the scope now chosen. */
  function relancer() {
    const texte = champ() ? champ().value : "";
    if (travailleur && texte.trim()) {
      travailleur.postMessage({ type: QUERY, data: texte });
    }
  }

  /** The search opens (or its box gets the focus): scope shown, index read, results of this page's scope. */
  function ouvrir() {
    afficher();
    preparer();
    // Instant navigation keeps the text typed on another page: it is searched again in this page's scope.
    if (cle(portee()) !== porteeEnvoyee) {
      relancer();
    }
  }

  function construire() {
    const conteneur = document.querySelector(".md-search__scrollwrap");
    if (!conteneur || document.querySelector("[data-cpd-recherche-portee]")) {
      return;
    }
    const bloc = document.createElement("div");
    bloc.className = "cpd-recherche-portee";
    bloc.setAttribute("data-cpd-recherche-portee", "");
    const ici = document.createElement("span");
    ici.className = "cpd-recherche-portee__ici";
    ici.dataset.role = "ici";
    ici.setAttribute("aria-live", "polite");
    const etiquette = document.createElement("label");
    etiquette.className = "cpd-recherche-portee__bascule";
    const interrupteur = document.createElement("input");
    interrupteur.type = "checkbox";
    interrupteur.setAttribute("role", "switch");
    interrupteur.setAttribute("data-cpd-recherche-tous", "");
    etiquette.append(interrupteur, " Tous les jeux");
    bloc.append(ici, etiquette);
    conteneur.insertBefore(bloc, conteneur.firstChild);

    interrupteur.addEventListener("change", () => {
      demanderTous(interrupteur.checked);
      afficher();
      relancer();
    });
    const recherche = document.getElementById("__search");
    if (recherche) {
      recherche.addEventListener("change", () => {
        if (recherche.checked) {
          ouvrir();
        }
      });
    }
    const saisie = champ();
    if (saisie) {
      saisie.addEventListener("focus", ouvrir);
    }
    // Material's keys in the open search: Tab would close it, Space would go back to the box.
    document.addEventListener("keydown", (evenement) => {
      const cible = evenement.target;
      const visible = !interrupteur.closest("label").hidden;
      if (evenement.key === "Tab" && !evenement.shiftKey && cible === saisie && visible) {
        interrupteur.focus();
      } else if (cible === interrupteur && evenement.key === "Tab") {
        saisie.focus();
      } else if (cible === interrupteur && (evenement.key === " " || evenement.key === "Enter")) {
        if (evenement.key === "Enter") {
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
