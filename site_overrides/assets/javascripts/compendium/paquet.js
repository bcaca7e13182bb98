// Editable Combat-card deck, for calculation parameters of type « paquet » (HAMI).
//
// The official composition of the Combat cards is missing from the book's text, so there is
// no default deck: the editor starts empty (or with the deck this browser remembers) and the
// calculations wait until the player has typed every card. One row per card: a name and four
// numbers (Jour Lumière, Jour Ombre, Nuit Lumière, Nuit Ombre).
//
// The deck is kept in localStorage (one per game), even half typed, and shared by every form
// of the page that needs one: editing it in one form updates the others.
//
//   window.CompendiumParametres.paquet.rendre(conteneur, declaration)  // draw the editor
//   window.CompendiumParametres.paquet.lire(conteneur)                 // -> [{nom, jour, nuit}]
//   window.CompendiumParametres.paquet.manque(conteneur)               // -> French message, or "" when complete
//
// Every change fires a bubbling « change » event, so the surrounding form recomputes.
// User text only ever goes into input values and text nodes, never into HTML.
(function () {
  "use strict";

  const MAX_CARTES = 60;
  const MAX_SYMBOLES = 20;
  const CARTES_DU_JEU = 12; // « les 12 cartes Combat » of the book; only the count, never their symbols
  const CLE = "compendium.paquet."; // + game id
  const EVENEMENT = "compendium:paquet";
  const CHAMPS = [
    ["jour", "lumiere", "Jour — Lumière"],
    ["jour", "ombre", "Jour — Ombre"],
    ["nuit", "lumiere", "Nuit — Lumière"],
    ["nuit", "ombre", "Nuit — Ombre"],
  ];

  // The DOM helper shared by the tool pages (moteur.js, loaded before this file).
  const el = (...args) => window.Compendium.el(...args);

  // --- Browser storage: never throws (private browsing, full storage) --------------------------

  function jeuDe(conteneur) {
    const formulaire = conteneur.closest("form");
    return (formulaire && formulaire.dataset.jeu) || conteneur.dataset.jeu || "jeu";
  }

  /** The remembered deck as typed: [{nom, jour: {lumiere, ombre}, nuit: {…}}] with text values. */
  function lireStockage(jeu) {
    try {
      const brut = window.localStorage.getItem(CLE + jeu);
      const cartes = brut ? JSON.parse(brut) : [];
      return Array.isArray(cartes) ? cartes.slice(0, MAX_CARTES).map(carteTapee) : [];
    } catch (e) {
      return [];
    }
  }

  function ecrireStockage(jeu, cartes) {
    try {
      if (cartes.length) window.localStorage.setItem(CLE + jeu, JSON.stringify(cartes));
      else window.localStorage.removeItem(CLE + jeu);
    } catch (e) {
      /* storage refused: the deck still works on this page */
    }
  }

  function texte(valeur) {
    return valeur === null || valeur === undefined ? "" : String(valeur).slice(0, 60);
  }

  function carteTapee(carte) {
    const c = carte && typeof carte === "object" ? carte : {};
    const moitie = (m) => ({ lumiere: texte(m && m.lumiere), ombre: texte(m && m.ombre) });
    return { nom: texte(c.nom), jour: moitie(c.jour), nuit: moitie(c.nuit) };
  }

  // --- The editor ------------------------------------------------------------------------------

  function signaler(conteneur) {
    conteneur.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function cartesTapees(conteneur) {
    return Array.from(conteneur.querySelectorAll("tbody tr")).map((ligne) => {
      const carte = { nom: ligne.querySelector(".cpd-paquet-nom").value, jour: {}, nuit: {} };
      ligne.querySelectorAll(".cpd-paquet-symboles").forEach((champ) => {
        carte[champ.dataset.moitie][champ.dataset.symbole] = champ.value;
      });
      return carte;
    });
  }

  /** Keep the deck, then redraw the other editors of the page with it (they recompute). */
  function partager(conteneur) {
    const jeu = jeuDe(conteneur);
    ecrireStockage(jeu, cartesTapees(conteneur));
    window.dispatchEvent(new CustomEvent(EVENEMENT, { detail: { jeu, source: conteneur } }));
  }

  function renumeroter(conteneur) {
    const lignes = conteneur.querySelectorAll("tbody tr");
    lignes.forEach((ligne, i) => {
      const rang = i + 1;
      ligne.querySelector("th").textContent = String(rang);
      const nom = ligne.querySelector(".cpd-paquet-nom");
      nom.setAttribute("aria-label", `Carte ${rang} — nom`);
      nom.placeholder = "carte " + rang;
      ligne.querySelectorAll(".cpd-paquet-symboles").forEach((champ, k) => {
        champ.setAttribute("aria-label", `Carte ${rang} — ${CHAMPS[k][2]}`);
      });
      ligne.querySelector(".cpd-paquet-retirer").setAttribute("aria-label", `Retirer la carte ${rang}`);
    });
    const table = conteneur.querySelector("[data-role=paquet]");
    if (table) table.closest(".cpd-tableau").hidden = lignes.length === 0;
    const compte = conteneur.querySelector("[data-role=paquet-compte]");
    if (compte) {
      const message = manque(conteneur);
      compte.textContent = lignes.length ? `${lignes.length} carte${lignes.length > 1 ? "s" : ""}. ${message}` : "";
    }
    const ajouter = conteneur.querySelector("[data-role=paquet-ajouter]");
    if (ajouter) ajouter.disabled = lignes.length >= MAX_CARTES;
    const commencer = conteneur.querySelector("[data-role=paquet-commencer]");
    if (commencer) commencer.hidden = lignes.length > 0;
    const vider = conteneur.querySelector("[data-role=paquet-vider]");
    if (vider) vider.hidden = lignes.length === 0;
  }

  function ligneCarte(conteneur, carte) {
    const nom = el("input", { type: "text", classe: "cpd-paquet-nom", maxlength: 60, spellcheck: "false" });
    nom.value = carte.nom;
    const cellules = CHAMPS.map(([moitie, symbole]) => {
      const champ = el("input", {
        type: "number", inputmode: "numeric", classe: "cpd-paquet-symboles", min: 0, max: MAX_SYMBOLES, step: 1,
        "data-moitie": moitie, "data-symbole": symbole,
      });
      champ.value = carte[moitie][symbole];
      return el("td", { classe: "cpd-nombre" }, champ);
    });
    const retirer = el("button", { type: "button", classe: "cpd-paquet-retirer", title: "Retirer cette carte" }, "×");
    const ligne = el("tr", {}, el("th", { scope: "row" }, ""), el("td", {}, nom), cellules, el("td", {}, retirer));
    retirer.addEventListener("click", () => {
      ligne.remove();
      modifie(conteneur);
    });
    return ligne;
  }

  function carteVide() {
    return { nom: "", jour: { lumiere: "", ombre: "" }, nuit: { lumiere: "", ombre: "" } };
  }

  function remplir(conteneur, cartes) {
    const corps = conteneur.querySelector("tbody");
    corps.replaceChildren(...cartes.slice(0, MAX_CARTES).map((carte) => ligneCarte(conteneur, carte)));
    renumeroter(conteneur);
  }

  function modifie(conteneur) {
    renumeroter(conteneur);
    partager(conteneur);
    signaler(conteneur);
  }

  /** Draw the deck editor inside `conteneur`: the deck this browser remembers, or nothing yet. */
  function rendre(conteneur /* , declaration: its invented example deck, if any, is never used */) {
    conteneur.classList.add("cpd-paquet");
    // The deck table needs the whole width of the parameters grid.
    const bloc = conteneur.closest(".cpd-parametre");
    if (bloc) bloc.style.gridColumn = "1 / -1";
    const table = el(
      "table",
      { classe: "cpd-table cpd-paquet-table", "data-role": "paquet" },
      el("caption", {}, "Vos cartes Combat (nombre de symboles sur chaque moitié)"),
      // Two header rows (Jour / Nuit over Lumière / Ombre) keep the columns narrow enough for the
      // content column; each input still carries its full label (« Carte 3 — Nuit — Ombre »).
      el("thead", {},
        el("tr", {},
          el("th", { scope: "col", rowspan: 2 }, "N°"),
          el("th", { scope: "col", rowspan: 2 }, "Carte"),
          el("th", { scope: "colgroup", colspan: 2, classe: "cpd-paquet-moitie" }, "Jour"),
          el("th", { scope: "colgroup", colspan: 2, classe: "cpd-paquet-moitie" }, "Nuit"),
          el("th", { scope: "col", rowspan: 2 }, el("span", { classe: "cpd-cache" }, "Action"))),
        el("tr", {}, CHAMPS.map(([, symbole]) =>
          el("th", { scope: "col", classe: "cpd-nombre" }, symbole === "lumiere" ? "Lumière" : "Ombre")))),
      el("tbody", {}),
    );
    const commencer = el("button", { type: "button", classe: "md-button md-button--primary", "data-role": "paquet-commencer" },
      `Saisir mes ${CARTES_DU_JEU} cartes`);
    const ajouter = el("button", { type: "button", classe: "md-button", "data-role": "paquet-ajouter" }, "Ajouter une carte");
    const vider = el("button", { type: "button", classe: "md-button", "data-role": "paquet-vider" }, "Effacer le paquet");
    conteneur.replaceChildren(
      el("p", { classe: "cpd-aide cpd-paquet-avertissement", "data-role": "paquet-avertissement" },
        el("strong", {}, "Saisissez votre paquet"),
        " : aucun calcul ne tourne sans vos cartes (la composition officielle n'est imprimée que sur les cartes)."),
      el("div", { classe: "cpd-tableau" }, table),
      el("p", { classe: "cpd-actions" }, commencer, " ", ajouter, " ", vider, " ",
        el("span", { classe: "cpd-aide", "data-role": "paquet-compte", "aria-live": "polite" }, "")),
    );
    remplir(conteneur, lireStockage(jeuDe(conteneur)));
    conteneur.addEventListener("input", (evenement) => {
      if (evenement.target.matches("input")) {
        renumeroter(conteneur);
        ecrireStockage(jeuDe(conteneur), cartesTapees(conteneur)); // never lose a keystroke
      }
    });
    conteneur.addEventListener("change", (evenement) => {
      if (evenement.target !== conteneur) partager(conteneur); // typed in a field: share with the other forms
    });
    window.addEventListener(EVENEMENT, (evenement) => {
      const { jeu, source } = evenement.detail || {};
      if (source === conteneur || jeu !== jeuDe(conteneur) || !document.body.contains(conteneur)) return;
      remplir(conteneur, lireStockage(jeu));
      signaler(conteneur);
    });
    commencer.addEventListener("click", () => {
      remplir(conteneur, Array.from({ length: CARTES_DU_JEU }, carteVide));
      modifie(conteneur);
      const premier = conteneur.querySelector(".cpd-paquet-symboles");
      if (premier) premier.focus();
    });
    ajouter.addEventListener("click", () => {
      const corps = conteneur.querySelector("tbody");
      if (corps.childElementCount >= MAX_CARTES) return;
      corps.append(ligneCarte(conteneur, carteVide()));
      modifie(conteneur);
    });
    vider.addEventListener("click", () => {
      remplir(conteneur, []);
      modifie(conteneur);
    });
  }

  /** What is missing before a calculation can run, in French; "" when every card is filled in. */
  function manque(conteneur) {
    const lignes = Array.from(conteneur.querySelectorAll("tbody tr"));
    if (!lignes.length) {
      return `Saisissez d'abord votre paquet (bouton « Saisir mes ${CARTES_DU_JEU} cartes ») : ` +
        "la composition officielle n'est pas dans le livre, aucun calcul ne tourne sans vos cartes.";
    }
    const vides = [];
    lignes.forEach((ligne) => {
      ligne.querySelectorAll(".cpd-paquet-symboles").forEach((champ) => {
        if (!champ.value.trim()) vides.push(champ.getAttribute("aria-label"));
      });
    });
    if (!vides.length) return "";
    return `Paquet incomplet : ${vides.length} case${vides.length > 1 ? "s" : ""} à remplir ` +
      `(${vides.slice(0, 3).join(", ")}${vides.length > 3 ? "…" : ""}).`;
  }

  /** The deck as the engine expects it; values that are not whole numbers go as typed (the engine explains). */
  function lire(conteneur) {
    return cartesTapees(conteneur).map((tapee, i) => {
      const carte = { nom: tapee.nom.trim() || "carte " + (i + 1), jour: {}, nuit: {} };
      for (const [moitie, symbole] of CHAMPS) {
        const brut = String(tapee[moitie][symbole]).trim();
        carte[moitie][symbole] = /^\d+$/.test(brut) ? Number(brut) : brut;
      }
      return carte;
    });
  }

  window.CompendiumParametres = window.CompendiumParametres || {};
  window.CompendiumParametres.paquet = { rendre, lire, manque };
})();
