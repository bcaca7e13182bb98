// Pile editor, for calculation parameters of type « pile » (the generic draw calculation `pioche`).
//
// The books seldom print what a deck, a bag of tokens or a set of tiles holds, so a pile has no
// default: the player types one row per kind (its name, how many the pile holds, how many are
// already out of it, and, where the pile is shuffled again when empty, how many of those are in
// the discard) and ticks the kinds he wants. A named preset may write the kinds and the counts
// the book gives; the other counts stay empty until the player types them.
//
// The pile is kept in localStorage (per game and per `stockage` key, or per calculation), even
// half typed.
//
//   window.CompendiumParametres.pile.rendre(conteneur, declaration)  // draw the editor
//   window.CompendiumParametres.pile.lire(conteneur)                 // -> [{nom, nombre, sorties, defaussees, voulue}]
//   window.CompendiumParametres.pile.manque(conteneur)               // -> French message, or "" when complete
//   window.CompendiumParametres.pile.resume(conteneur)               // -> « 3 sortes, 13 éléments, 1 voulue »
//   window.CompendiumParametres.pile.ecrire(conteneur, sortes)       // a preset: [{nom, nombre?, voulue?}]
//
// Every change fires a bubbling « change » event, so the surrounding form recomputes.
// User text only ever goes into input values and text nodes, never into HTML.
(function () {
  "use strict";

  const MAX_SORTES = 12;
  const MAX_NOM = 40;
  const CLE = "compendium.pile."; // + game id + "." + storage key
  const declarations = new WeakMap();

  // The DOM helper shared by the tool pages (moteur.js, loaded before this file).
  const el = (...args) => window.Compendium.el(...args);

  function declarationDe(conteneur) {
    return declarations.get(conteneur) || {};
  }

  function maxSortes(decl) {
    return Math.min((decl.sortes && decl.sortes.max) || MAX_SORTES, MAX_SORTES);
  }

  function cleDe(conteneur) {
    const formulaire = conteneur.closest("form");
    const jeu = (formulaire && formulaire.dataset.jeu) || "jeu";
    const decl = declarationDe(conteneur);
    return CLE + jeu + "." + (decl.stockage || (formulaire && formulaire.dataset.compendiumCalcul) || decl.id || "pile");
  }

  function colonnes(decl) {
    const out = [["nombre", "Nombre"], ["sorties", "Déjà sorties"]];
    if (decl.remelange) out.push(["defaussees", "Dont défaussées"]);
    return out;
  }

  // --- Browser storage: never throws (private browsing, full storage) --------------------------

  function texte(valeur) {
    return valeur === null || valeur === undefined ? "" : String(valeur).slice(0, 60);
  }

  function sorteTapee(sorte) {
    const s = sorte && typeof sorte === "object" ? sorte : {};
    return { nom: texte(s.nom).slice(0, MAX_NOM), nombre: texte(s.nombre), sorties: texte(s.sorties),
      defaussees: texte(s.defaussees), voulue: s.voulue === true };
  }

  function lireStockage(cle) {
    try {
      const brut = window.localStorage.getItem(cle);
      const sortes = brut ? JSON.parse(brut) : [];
      return Array.isArray(sortes) ? sortes.slice(0, MAX_SORTES).map(sorteTapee) : [];
    } catch (e) {
      return [];
    }
  }

  function ecrireStockage(cle, sortes) {
    try {
      if (sortes.length) window.localStorage.setItem(cle, JSON.stringify(sortes));
      else window.localStorage.removeItem(cle);
    } catch (e) {
      /* storage refused: the pile still works on this page */
    }
  }

  // --- The editor ------------------------------------------------------------------------------

  function signaler(conteneur) {
    conteneur.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function sortesTapees(conteneur) {
    return Array.from(conteneur.querySelectorAll("tbody tr")).map((ligne) => {
      const sorte = { nom: ligne.querySelector(".cpd-pile-nom").value, voulue: ligne.querySelector(".cpd-pile-voulue").checked };
      ligne.querySelectorAll(".cpd-pile-nombre").forEach((champ) => {
        sorte[champ.dataset.champ] = champ.value;
      });
      return sorte;
    });
  }

  function nomDe(ligne, rang) {
    return ligne.querySelector(".cpd-pile-nom").value.trim() || "sorte " + rang;
  }

  function renumeroter(conteneur) {
    const decl = declarationDe(conteneur);
    const lignes = conteneur.querySelectorAll("tbody tr");
    lignes.forEach((ligne, i) => {
      const rang = i + 1;
      ligne.querySelector("th").textContent = String(rang);
      const nom = ligne.querySelector(".cpd-pile-nom");
      nom.setAttribute("aria-label", `Sorte ${rang} — nom`);
      nom.placeholder = "sorte " + rang;
      const champs = colonnes(decl);
      ligne.querySelectorAll(".cpd-pile-nombre").forEach((champ, k) => {
        champ.setAttribute("aria-label", `Sorte ${rang} — ${champs[k][1]}`);
      });
      ligne.querySelector(".cpd-pile-voulue").setAttribute("aria-label", `Sorte ${rang} — voulue`);
      ligne.querySelector(".cpd-pile-retirer").setAttribute("aria-label", `Retirer la sorte ${rang}`);
    });
    const table = conteneur.querySelector("[data-role=pile]");
    if (table) table.closest(".cpd-tableau").hidden = lignes.length === 0;
    const compte = conteneur.querySelector("[data-role=pile-compte]");
    if (compte) compte.textContent = lignes.length ? `${resume(conteneur)}. ${manque(conteneur)}` : "";
    const ajouter = conteneur.querySelector("[data-role=pile-ajouter]");
    if (ajouter) ajouter.disabled = lignes.length >= maxSortes(decl);
    const vider = conteneur.querySelector("[data-role=pile-vider]");
    if (vider) vider.hidden = lignes.length === 0;
  }

  function ligneSorte(conteneur, sorte) {
    const decl = declarationDe(conteneur);
    const plafond = Math.min(decl.cartes_max || 1000, 1000);
    const nom = el("input", { type: "text", classe: "cpd-pile-nom", maxlength: MAX_NOM, spellcheck: "false" });
    nom.value = sorte.nom;
    const cellules = colonnes(decl).map(([champ]) => {
      const entree = el("input", { type: "number", inputmode: "numeric", classe: "cpd-pile-nombre", min: 0, max: plafond,
        step: 1, "data-champ": champ });
      entree.value = sorte[champ] || "";
      if (champ !== "nombre") entree.placeholder = "0";
      return el("td", { classe: "cpd-nombre" }, entree);
    });
    const voulue = el("input", { type: "checkbox", classe: "cpd-pile-voulue" });
    voulue.checked = sorte.voulue;
    const retirer = el("button", { type: "button", classe: "cpd-paquet-retirer cpd-pile-retirer", title: "Retirer cette sorte" }, "×");
    const ligne = el("tr", {}, el("th", { scope: "row" }, ""), el("td", {}, nom), cellules,
      el("td", { classe: "cpd-pile-case" }, voulue), el("td", {}, retirer));
    retirer.addEventListener("click", () => {
      ligne.remove();
      modifie(conteneur);
    });
    return ligne;
  }

  function remplir(conteneur, sortes) {
    const corps = conteneur.querySelector("tbody");
    corps.replaceChildren(...sortes.slice(0, maxSortes(declarationDe(conteneur))).map((s) => ligneSorte(conteneur, s)));
    renumeroter(conteneur);
  }

  function modifie(conteneur) {
    renumeroter(conteneur);
    ecrireStockage(cleDe(conteneur), sortesTapees(conteneur));
    signaler(conteneur);
  }

  /** Draw the pile editor inside `conteneur`: the pile this browser remembers, or nothing yet. */
  function rendre(conteneur, declaration) {
    declarations.set(conteneur, declaration || {});
    conteneur.classList.add("cpd-pile");
    const bloc = conteneur.closest(".cpd-parametre");
    if (bloc) bloc.style.gridColumn = "1 / -1"; // the table needs the whole width of the parameters grid
    const table = el(
      "table",
      { classe: "cpd-table cpd-paquet-table cpd-pile-table", "data-role": "pile" },
      el("caption", {}, "Votre pile : une ligne par sorte"),
      el("thead", {}, el("tr", {},
        el("th", { scope: "col" }, "N°"),
        el("th", { scope: "col" }, "Sorte"),
        colonnes(declarationDe(conteneur)).map(([, titre]) => el("th", { scope: "col", classe: "cpd-nombre" }, titre)),
        el("th", { scope: "col" }, "Voulue"),
        el("th", { scope: "col" }, el("span", { classe: "cpd-cache" }, "Action")))),
      el("tbody", {}),
    );
    const ajouter = el("button", { type: "button", classe: "md-button", "data-role": "pile-ajouter" }, "Ajouter une sorte");
    const vider = el("button", { type: "button", classe: "md-button", "data-role": "pile-vider" }, "Effacer la pile");
    conteneur.replaceChildren(
      el("p", { classe: "cpd-aide", "data-role": "pile-avertissement" },
        el("strong", {}, "Décrivez votre pile"),
        " : le livre ne donne pas toujours ce qu'elle contient ; aucun nombre n'est inventé à votre place."),
      el("div", { classe: "cpd-tableau" }, table),
      el("p", { classe: "cpd-actions" }, ajouter, " ", vider, " ",
        el("span", { classe: "cpd-aide", "data-role": "pile-compte", "aria-live": "polite" }, "")),
    );
    remplir(conteneur, lireStockage(cleDe(conteneur)));
    conteneur.addEventListener("input", (evenement) => {
      if (evenement.target.matches("input")) {
        renumeroter(conteneur);
        ecrireStockage(cleDe(conteneur), sortesTapees(conteneur)); // never lose a keystroke
      }
    });
    ajouter.addEventListener("click", () => {
      const corps = conteneur.querySelector("tbody");
      if (corps.childElementCount >= maxSortes(declarationDe(conteneur))) return;
      corps.append(ligneSorte(conteneur, sorteTapee({})));
      modifie(conteneur);
      corps.lastElementChild.querySelector(".cpd-pile-nom").focus();
    });
    vider.addEventListener("click", () => {
      remplir(conteneur, []);
      modifie(conteneur);
    });
  }

  /** A preset's kinds: names, the counts the book gives (the others stay empty), the wanted ones. */
  function ecrire(conteneur, sortes) {
    remplir(conteneur, (Array.isArray(sortes) ? sortes : []).map((s) => sorteTapee({ nom: s && s.nom,
      nombre: s && Number.isInteger(s.nombre) ? s.nombre : "", voulue: Boolean(s && s.voulue) })));
    ecrireStockage(cleDe(conteneur), sortesTapees(conteneur));
  }

  function entier(brut) {
    const t = String(brut).trim();
    return /^\d+$/.test(t) ? Number(t) : null;
  }

  /** « 3 sortes, 13 éléments, 1 voulue » (counts not typed yet are left out). */
  function resume(conteneur) {
    const sortes = sortesTapees(conteneur);
    const total = sortes.reduce((n, s) => n + (entier(s.nombre) || 0), 0);
    const voulues = sortes.filter((s) => s.voulue).length;
    return `${sortes.length} sorte${sortes.length > 1 ? "s" : ""}, ${total} élément${total > 1 ? "s" : ""}, ` +
      `${voulues} voulue${voulues > 1 ? "s" : ""}`;
  }

  /** What is missing before a calculation can run, in French; "" when the pile is complete. */
  function manque(conteneur) {
    const lignes = Array.from(conteneur.querySelectorAll("tbody tr"));
    if (!lignes.length) {
      return "Décrivez d'abord la pile (bouton « Ajouter une sorte », ou un réglage ci-dessus) : " +
        "le calcul ne tourne pas sans ses nombres.";
    }
    const sansNombre = lignes.map((l, i) => [l, i + 1]).filter(([l]) => !l.querySelector('[data-champ="nombre"]').value.trim());
    if (sansNombre.length) {
      const noms = sansNombre.slice(0, 3).map(([l, rang]) => `« ${nomDe(l, rang)} »`).join(", ");
      return `Indiquez le nombre de ${noms}${sansNombre.length > 3 ? "…" : ""} : le livre ne le donne pas, ` +
        "comptez-le dans votre boîte.";
    }
    if (!lignes.some((l) => l.querySelector(".cpd-pile-voulue").checked)) {
      return "Cochez au moins une sorte voulue.";
    }
    return "";
  }

  /** The pile as the engine expects it; values that are not whole numbers go as typed (the engine explains). */
  function lire(conteneur) {
    const decl = declarationDe(conteneur);
    return sortesTapees(conteneur).map((tapee, i) => {
      const sorte = { nom: tapee.nom.trim() || "sorte " + (i + 1), voulue: tapee.voulue };
      for (const [champ] of colonnes(decl)) {
        const brut = String(tapee[champ]).trim();
        if (champ !== "nombre" && !brut) continue;
        sorte[champ] = /^\d+$/.test(brut) ? Number(brut) : brut;
      }
      return sorte;
    });
  }

  window.CompendiumParametres = window.CompendiumParametres || {};
  window.CompendiumParametres.pile = { rendre, lire, manque, resume, ecrire };
})();
