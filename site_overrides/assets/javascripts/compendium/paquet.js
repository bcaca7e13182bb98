// Combat-card deck editor, for calculation parameters of type « paquet » (HAMI).
//
// The official composition of the Combat cards is missing from the book's text, so there is
// no default deck: the editor starts empty (or with the deck kept in « Mon matériel ») and the
// calculations wait until the player has described it. The deck is typed by kinds of card: one
// row per kind, with how many cards of that kind the deck holds and the number of symbols on each
// half (Jour Lumière, Jour Ombre, Nuit Lumière, Nuit Ombre; an empty cell counts as 0). A deck
// of 12 cards in 4 kinds is 4 rows, not 48 cells.
//
// The deck is kept in « Mon matériel » (materiel.js, key: the declaration's `stockage`, else
// "paquet"), even half typed, and shared by every editor of every page. The engine still gets
// one card per card: `lire` repeats each kind as many times as its count.
// On a tool page the editor is framed (materiel.js `cadre`); `{materiel: true}` draws it bare.
//
//   window.CompendiumParametres.paquet.rendre(conteneur, declaration[, {materiel}])  // draw the editor
//   window.CompendiumParametres.paquet.lire(conteneur)     // -> [{nom, jour, nuit}], one per card
//   window.CompendiumParametres.paquet.manque(conteneur)   // -> French message, or "" when complete
//   window.CompendiumParametres.paquet.resume(conteneur)   // -> « 12 cartes en 4 sortes »
//
// Every change fires a bubbling « change » event, so the surrounding form recomputes.
// User text only ever goes into input values and text nodes, never into HTML.
(function () {
  "use strict";

  const MAX_CARTES = 60; // the engine's bound (hami_probas.MAX_CARTES)
  const MAX_SORTES = 60;
  const MAX_SYMBOLES = 20;
  const CARTES_DU_JEU = 12; // « les 12 cartes Combat » of the book (l. 130); only the count, never their symbols
  const CHAMPS = [
    ["jour", "lumiere", "Jour — Lumière"],
    ["jour", "ombre", "Jour — Ombre"],
    ["nuit", "lumiere", "Nuit — Lumière"],
    ["nuit", "ombre", "Nuit — Ombre"],
  ];
  const declarations = new WeakMap();
  const cadres = new WeakMap();

  // The DOM helper shared by the tool pages (moteur.js, loaded before this file).
  const el = (...args) => window.Compendium.el(...args);

  function jeuDe(conteneur) {
    const porteur = conteneur.closest("[data-jeu]");
    return (porteur && porteur.dataset.jeu) || "jeu";
  }

  function cleDe(conteneur) {
    const decl = declarations.get(conteneur) || {};
    return String(decl.stockage || "paquet");
  }

  function magasin(conteneur) {
    return window.Compendium.materiel.pour(jeuDe(conteneur));
  }

  // --- « Mon matériel »: never throws ---------------------------------------------------------------

  /** The kept kinds as typed: [{nom, nombre, jour: {lumiere, ombre}, nuit: {…}}] with text values. */
  function lireStockage(conteneur) {
    const sortes = magasin(conteneur).lire("paquets", cleDe(conteneur));
    return Array.isArray(sortes) ? sortes.slice(0, MAX_SORTES) : [];
  }

  function ecrireStockage(conteneur, sortes) {
    magasin(conteneur).ecrire("paquets", cleDe(conteneur), sortes, conteneur);
  }

  // --- The editor ------------------------------------------------------------------------------

  function signaler(conteneur) {
    conteneur.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function sortesTapees(conteneur) {
    return Array.from(conteneur.querySelectorAll("tbody tr")).map((ligne) => {
      const sorte = { nom: ligne.querySelector(".cpd-paquet-nom").value, nombre: ligne.querySelector(".cpd-paquet-nombre").value,
        jour: {}, nuit: {} };
      ligne.querySelectorAll(".cpd-paquet-symboles").forEach((champ) => {
        sorte[champ.dataset.moitie][champ.dataset.symbole] = champ.value;
      });
      return sorte;
    });
  }

  /** A whole number typed in a cell: "" counts as `vide`; anything else not a number is returned as typed. */
  function entier(texte, vide) {
    const brut = String(texte === undefined || texte === null ? "" : texte).trim();
    if (brut === "") return vide;
    return /^\d+$/.test(brut) ? Number(brut) : brut;
  }

  function total(conteneur) {
    return sortesTapees(conteneur).reduce((somme, s) => {
      const n = entier(s.nombre, 0);
      return somme + (typeof n === "number" ? n : 0);
    }, 0);
  }

  function renumeroter(conteneur) {
    const lignes = conteneur.querySelectorAll("tbody tr");
    lignes.forEach((ligne, i) => {
      const rang = i + 1;
      ligne.querySelector("th").textContent = String(rang);
      const nom = ligne.querySelector(".cpd-paquet-nom");
      nom.setAttribute("aria-label", `Sorte ${rang} — nom (facultatif)`);
      nom.placeholder = "sorte " + rang;
      ligne.querySelector(".cpd-paquet-nombre").setAttribute("aria-label", `Sorte ${rang} — nombre de cartes`);
      ligne.querySelectorAll(".cpd-paquet-symboles").forEach((champ, k) => {
        champ.setAttribute("aria-label", `Sorte ${rang} — ${CHAMPS[k][2]}`);
      });
      ligne.querySelector(".cpd-paquet-retirer").setAttribute("aria-label", `Retirer la sorte ${rang}`);
    });
    const table = conteneur.querySelector("[data-role=paquet]");
    if (table) table.closest(".cpd-tableau").hidden = lignes.length === 0;
    const compte = conteneur.querySelector("[data-role=paquet-compte]");
    const message = manque(conteneur);
    if (compte) {
      const n = total(conteneur);
      const ecart = lignes.length && n && n !== CARTES_DU_JEU
        ? ` Le livre annonce ${CARTES_DU_JEU} cartes Combat par joueur ; le calcul prend votre paquet tel quel.` : "";
      compte.textContent = lignes.length ? `${resume(conteneur)}.${ecart} ${message}` : "";
    }
    const ajouter = conteneur.querySelector("[data-role=paquet-ajouter]");
    if (ajouter) ajouter.disabled = lignes.length >= MAX_SORTES;
    const vider = conteneur.querySelector("[data-role=paquet-vider]");
    if (vider) vider.hidden = lignes.length === 0;
    const leCadre = cadres.get(conteneur);
    if (leCadre) leCadre.maj(message || resume(conteneur), !message);
  }

  function ligneSorte(conteneur, sorte) {
    const nombre = el("input", { type: "number", inputmode: "numeric", classe: "cpd-paquet-nombre", min: 1, max: MAX_CARTES, step: 1 });
    nombre.value = sorte.nombre;
    const nom = el("input", { type: "text", classe: "cpd-paquet-nom", maxlength: 60, spellcheck: "false" });
    nom.value = sorte.nom;
    const cellules = CHAMPS.map(([moitie, symbole]) => {
      const champ = el("input", {
        type: "number", inputmode: "numeric", classe: "cpd-paquet-symboles", min: 0, max: MAX_SYMBOLES, step: 1, placeholder: "0",
        "data-moitie": moitie, "data-symbole": symbole,
      });
      champ.value = sorte[moitie][symbole];
      return el("td", { classe: "cpd-nombre" }, champ);
    });
    const retirer = el("button", { type: "button", classe: "cpd-paquet-retirer", title: "Retirer cette sorte de carte" }, "×");
    const ligne = el("tr", {}, el("th", { scope: "row" }, ""), el("td", { classe: "cpd-nombre" }, nombre), el("td", {}, nom), cellules,
      el("td", {}, retirer));
    retirer.addEventListener("click", () => {
      ligne.remove();
      modifie(conteneur);
    });
    return ligne;
  }

  function sorteVide() {
    return { nom: "", nombre: "", jour: { lumiere: "", ombre: "" }, nuit: { lumiere: "", ombre: "" } };
  }

  function remplir(conteneur, sortes) {
    const corps = conteneur.querySelector("tbody");
    corps.replaceChildren(...sortes.slice(0, MAX_SORTES).map((sorte) => ligneSorte(conteneur, sorte)));
    renumeroter(conteneur);
  }

  function modifie(conteneur) {
    renumeroter(conteneur);
    ecrireStockage(conteneur, sortesTapees(conteneur));
    signaler(conteneur);
  }

  /** Draw the deck editor inside `conteneur`: the deck of « Mon matériel », or nothing yet. */
  function rendre(conteneur, declaration, options) {
    declarations.set(conteneur, declaration || {});
    conteneur.classList.add("cpd-paquet");
    // The deck table needs the whole width of the parameters grid.
    const bloc = conteneur.closest(".cpd-parametre");
    if (bloc) bloc.style.gridColumn = "1 / -1";
    const table = el(
      "table",
      { classe: "cpd-table cpd-paquet-table", "data-role": "paquet" },
      el("caption", {}, "Vos cartes Combat, par sorte : combien de cartes, et combien de symboles sur chaque moitié (case vide : 0)"),
      // Two header rows (Jour / Nuit over Lumière / Ombre) keep the columns narrow; each input
      // still carries its full label (« Sorte 3 — Nuit — Ombre »).
      el("thead", {},
        el("tr", {},
          el("th", { scope: "col", rowspan: 2 }, "N°"),
          el("th", { scope: "col", rowspan: 2, classe: "cpd-nombre" }, "Cartes"),
          el("th", { scope: "col", rowspan: 2 }, "Nom"),
          el("th", { scope: "colgroup", colspan: 2, classe: "cpd-paquet-moitie" }, "Jour"),
          el("th", { scope: "colgroup", colspan: 2, classe: "cpd-paquet-moitie" }, "Nuit"),
          el("th", { scope: "col", rowspan: 2 }, el("span", { classe: "cpd-cache" }, "Action"))),
        el("tr", {}, CHAMPS.map(([, symbole]) =>
          el("th", { scope: "col", classe: "cpd-nombre" }, symbole === "lumiere" ? "Lumière" : "Ombre")))),
      el("tbody", {}),
    );
    const ajouter = el("button", { type: "button", classe: "md-button", "data-role": "paquet-ajouter" }, "Ajouter une sorte de carte");
    const vider = el("button", { type: "button", classe: "md-button", "data-role": "paquet-vider" }, "Effacer le paquet");
    const morceaux = [
      // On « Mon matériel » the page's introduction already says why the deck is the player's own.
      el("p", { classe: "cpd-aide cpd-paquet-avertissement", "data-role": "paquet-avertissement" },
        ...(options && options.materiel ? [] : [el("strong", {}, "Décrivez votre paquet"),
          ` : la composition officielle des ${CARTES_DU_JEU} cartes n'est imprimée que sur les cartes, nous ne l'inventons pas. `]),
        "Une ligne par sorte de carte : les cartes identiques ne se saisissent qu'une fois, avec leur nombre."),
      el("div", { classe: "cpd-tableau" }, table),
      el("p", { classe: "cpd-actions" }, ajouter, " ", vider, " ",
        el("span", { classe: "cpd-aide", "data-role": "paquet-compte", "aria-live": "polite" }, "")),
    ];
    if (options && options.materiel) {
      conteneur.replaceChildren(...morceaux);
    } else {
      const leCadre = window.Compendium.materiel.cadre(conteneur, (declaration && declaration.nom) || "Votre paquet", cleDe(conteneur));
      cadres.set(conteneur, leCadre);
      leCadre.corps.replaceChildren(...morceaux);
    }
    remplir(conteneur, lireStockage(conteneur));
    conteneur.addEventListener("input", (evenement) => {
      if (evenement.target.matches("tbody input")) {
        renumeroter(conteneur);
        ecrireStockage(conteneur, sortesTapees(conteneur)); // never lose a keystroke
      }
    });
    const surChangement = (evenement) => {
      const { genre, cle, source } = evenement.detail || {};
      if (!conteneur.isConnected) {
        magasin(conteneur).removeEventListener("change", surChangement);
        return;
      }
      if (source === conteneur || (genre !== "*" && (genre !== "paquets" || cle !== cleDe(conteneur)))) return;
      const sortes = lireStockage(conteneur);
      if (JSON.stringify(sortes) === JSON.stringify(sortesTapees(conteneur))) return;
      remplir(conteneur, sortes);
      signaler(conteneur);
    };
    magasin(conteneur).addEventListener("change", surChangement);
    ajouter.addEventListener("click", () => {
      const corps = conteneur.querySelector("tbody");
      if (corps.childElementCount >= MAX_SORTES) return;
      corps.append(ligneSorte(conteneur, sorteVide()));
      modifie(conteneur);
      const champ = corps.lastElementChild.querySelector(".cpd-paquet-nombre");
      if (champ) champ.focus();
    });
    vider.addEventListener("click", () => {
      remplir(conteneur, []);
      modifie(conteneur);
      ajouter.focus();
    });
  }

  /** What is missing before a calculation can run, in French; "" when the deck can be read. */
  function manque(conteneur) {
    const sortes = sortesTapees(conteneur);
    if (!sortes.length) {
      return "Décrivez d'abord votre paquet (« Ajouter une sorte de carte ») : la composition officielle n'est pas " +
        "dans le livre, aucun calcul ne tourne sans vos cartes.";
    }
    const sansNombre = [];
    for (const [i, s] of sortes.entries()) {
      const n = entier(s.nombre, null);
      if (n === null) sansNombre.push(i + 1);
      else if (typeof n !== "number" || n < 1 || n > MAX_CARTES) {
        return `Sorte ${i + 1} : le nombre de cartes doit être un entier de 1 à ${MAX_CARTES} (reçu : ${String(s.nombre).slice(0, 20)}).`;
      }
    }
    if (sansNombre.length) {
      return `Paquet incomplet : indiquez le nombre de cartes de la sorte ${sansNombre.slice(0, 4).join(", ")}` +
        `${sansNombre.length > 4 ? "…" : ""}.`;
    }
    const n = total(conteneur);
    if (n > MAX_CARTES) return `Votre paquet compte ${n} cartes : ${MAX_CARTES} au plus.`;
    return "";
  }

  /** « 12 cartes en 4 sortes » */
  function resume(conteneur) {
    const n = total(conteneur);
    const k = conteneur.querySelectorAll("tbody tr").length;
    return `${n} carte${n > 1 ? "s" : ""} en ${k} sorte${k > 1 ? "s" : ""}`;
  }

  /** The deck as the engine expects it, one card per card; values that are not whole numbers go as typed (the engine explains). */
  function lire(conteneur) {
    const cartes = [];
    sortesTapees(conteneur).forEach((tapee, i) => {
      const n = entier(tapee.nombre, 0);
      const carte = { nom: tapee.nom.trim() || "sorte " + (i + 1), jour: {}, nuit: {} };
      for (const [moitie, symbole] of CHAMPS) carte[moitie][symbole] = entier(tapee[moitie][symbole], 0);
      for (let k = 0; k < (typeof n === "number" ? Math.min(n, MAX_CARTES) : 0); k++) cartes.push(structuredClone(carte));
    });
    return cartes;
  }

  window.CompendiumParametres = window.CompendiumParametres || {};
  window.CompendiumParametres.paquet = { rendre, lire, manque, resume };
})();
