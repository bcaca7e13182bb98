// Editable Combat-card deck, for calculation parameters of type « paquet » (HAMI).
//
// The official composition of the 12 Combat cards is missing from the book's text: the
// form starts from the declaration's EXAMPLE deck (every card named « exemple N »), which
// the user edits: one row per card, a name and four numbers (Jour Lumière, Jour Ombre,
// Nuit Lumière, Nuit Ombre), buttons to add or remove cards and to restore the example.
//
//   window.CompendiumParametres.paquet.rendre(conteneur, declaration)  // draw the editor
//   window.CompendiumParametres.paquet.lire(conteneur)                 // -> [{nom, jour, nuit}]
//
// Every change fires a bubbling « change » event, so the surrounding form recomputes.
// User text only ever goes into input values and text nodes, never into HTML.
(function () {
  "use strict";

  const MAX_CARTES = 60;
  const MAX_SYMBOLES = 20;
  const CHAMPS = [
    ["jour", "lumiere", "Jour — Lumière"],
    ["jour", "ombre", "Jour — Ombre"],
    ["nuit", "lumiere", "Nuit — Lumière"],
    ["nuit", "ombre", "Nuit — Ombre"],
  ];

  function el(tag, attributs, ...enfants) {
    const noeud = document.createElement(tag);
    for (const [cle, valeur] of Object.entries(attributs || {})) {
      if (valeur === null || valeur === undefined || valeur === false) continue;
      if (cle === "classe") noeud.className = valeur;
      else noeud.setAttribute(cle, valeur === true ? "" : String(valeur));
    }
    for (const enfant of enfants.flat()) {
      if (enfant === null || enfant === undefined) continue;
      noeud.append(enfant instanceof Node ? enfant : document.createTextNode(String(enfant)));
    }
    return noeud;
  }

  function nombre(valeur) {
    const n = Number(valeur);
    return Number.isInteger(n) && n >= 0 ? n : 0;
  }

  function cartesExemple(declaration) {
    const exemple = declaration && Array.isArray(declaration.exemple) ? declaration.exemple : [];
    return exemple.map((carte, i) => ({
      nom: String((carte && carte.nom) || "exemple " + (i + 1)),
      jour: { lumiere: nombre(carte && carte.jour && carte.jour.lumiere), ombre: nombre(carte && carte.jour && carte.jour.ombre) },
      nuit: { lumiere: nombre(carte && carte.nuit && carte.nuit.lumiere), ombre: nombre(carte && carte.nuit && carte.nuit.ombre) },
    }));
  }

  function signaler(conteneur) {
    conteneur.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function renumeroter(conteneur) {
    const lignes = conteneur.querySelectorAll("tbody tr");
    lignes.forEach((ligne, i) => {
      const rang = i + 1;
      ligne.querySelector("th").textContent = String(rang);
      ligne.querySelector(".cpd-paquet-nom").setAttribute("aria-label", `Carte ${rang} — nom`);
      ligne.querySelectorAll(".cpd-paquet-symboles").forEach((champ, k) => {
        champ.setAttribute("aria-label", `Carte ${rang} — ${CHAMPS[k][2]}`);
      });
      ligne.querySelector(".cpd-paquet-retirer").setAttribute("aria-label", `Retirer la carte ${rang}`);
    });
    const compte = conteneur.querySelector("[data-role=paquet-compte]");
    if (compte) compte.textContent = `${lignes.length} carte${lignes.length > 1 ? "s" : ""}`;
    const ajouter = conteneur.querySelector("[data-role=paquet-ajouter]");
    if (ajouter) ajouter.disabled = lignes.length >= MAX_CARTES;
  }

  function ligneCarte(conteneur, carte) {
    const nom = el("input", { type: "text", classe: "cpd-paquet-nom", maxlength: 60, spellcheck: "false" });
    nom.value = carte.nom;
    const cellules = CHAMPS.map(([moitie, symbole]) => {
      const champ = el("input", {
        type: "number", inputmode: "numeric", classe: "cpd-paquet-symboles", min: 0, max: MAX_SYMBOLES, step: 1,
        "data-moitie": moitie, "data-symbole": symbole,
      });
      champ.value = String(carte[moitie][symbole]);
      return el("td", { classe: "cpd-nombre" }, champ);
    });
    const retirer = el("button", { type: "button", classe: "cpd-paquet-retirer", title: "Retirer cette carte" }, "×");
    const ligne = el("tr", {}, el("th", { scope: "row" }, ""), el("td", {}, nom), cellules, el("td", {}, retirer));
    retirer.addEventListener("click", () => {
      ligne.remove();
      renumeroter(conteneur);
      signaler(conteneur);
    });
    return ligne;
  }

  function remplir(conteneur, cartes) {
    const corps = conteneur.querySelector("tbody");
    corps.replaceChildren(...cartes.slice(0, MAX_CARTES).map((carte) => ligneCarte(conteneur, carte)));
    renumeroter(conteneur);
  }

  /** Draw the deck editor inside `conteneur`, prefilled with the declaration's example deck. */
  function rendre(conteneur, declaration) {
    const exemple = cartesExemple(declaration);
    conteneur.classList.add("cpd-paquet");
    // The deck table needs the whole width of the parameters grid.
    const bloc = conteneur.closest(".cpd-parametre");
    if (bloc) bloc.style.gridColumn = "1 / -1";
    const table = el(
      "table",
      { classe: "cpd-table cpd-paquet-table", "data-role": "paquet" },
      el("caption", {}, "Cartes du paquet (nombre de symboles sur chaque moitié)"),
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
    const ajouter = el("button", { type: "button", classe: "md-button", "data-role": "paquet-ajouter" }, "Ajouter une carte");
    const restaurer = el("button", { type: "button", classe: "md-button", "data-role": "paquet-exemple" },
      "Revenir au paquet d'exemple");
    conteneur.replaceChildren(
      el("p", { classe: "cpd-aide cpd-paquet-avertissement", "data-role": "paquet-avertissement" },
        el("strong", {}, "Paquet d'exemple, pas la composition officielle"),
        " : la composition des 12 cartes Combat n'est imprimée que sur les cartes. Remplacez les cartes « exemple » par les vôtres."),
      el("div", { classe: "cpd-tableau" }, table),
      el("p", { classe: "cpd-actions" }, ajouter, " ", restaurer, " ",
        el("span", { classe: "cpd-aide", "data-role": "paquet-compte", "aria-live": "polite" }, "")),
    );
    remplir(conteneur, exemple);
    ajouter.addEventListener("click", () => {
      const corps = conteneur.querySelector("tbody");
      if (corps.childElementCount >= MAX_CARTES) return;
      const rang = corps.childElementCount + 1;
      corps.append(ligneCarte(conteneur, { nom: "carte " + rang, jour: { lumiere: 0, ombre: 0 }, nuit: { lumiere: 0, ombre: 0 } }));
      renumeroter(conteneur);
      signaler(conteneur);
    });
    restaurer.addEventListener("click", () => {
      remplir(conteneur, exemple);
      signaler(conteneur);
    });
  }

  /** The deck as the engine expects it; values that are not whole numbers go as typed (the engine explains). */
  function lire(conteneur) {
    return Array.from(conteneur.querySelectorAll("tbody tr")).map((ligne, i) => {
      const carte = { nom: ligne.querySelector(".cpd-paquet-nom").value.trim() || "carte " + (i + 1), jour: {}, nuit: {} };
      ligne.querySelectorAll(".cpd-paquet-symboles").forEach((champ) => {
        const brut = champ.value.trim();
        carte[champ.dataset.moitie][champ.dataset.symbole] = /^\d+$/.test(brut) ? Number(brut) : brut;
      });
      return carte;
    });
  }

  window.CompendiumParametres = window.CompendiumParametres || {};
  window.CompendiumParametres.paquet = { rendre, lire };
})();
