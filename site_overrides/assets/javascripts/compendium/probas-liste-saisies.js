/* « Vos données » of « Probabilités de ma liste »: what the player types where the book is silent.
 *
 * The engine's odds matrix lists, in `saisies`, the inputs it can use (declarations shaped like the
 * parameters of calculs.yaml): a die's faces (`des`, des.js), a Combat deck (`paquet`, paquet.js) or
 * a number (`entier`, such as a figure's dice). This file draws one editor per declaration and sends
 * the complete ones back, keyed like the engine's `cle_saisie` (the declaration's `stockage`, else
 * its `id`). Everything typed here is kept in « Mon matériel » (materiel.js), which every tool of
 * the game reads: a die typed on the « Probabilités » page or on « Mon matériel » is already here,
 * and the other way round. Numbers (a figure's dice) are kept there with their name.
 *
 *   const s = Compendium.probasSaisies.creer(jeu, auChangement);
 *   s.element;                 // a <form> to place in the view
 *   s.definir(declarations);   // draw the editors (kept as they are when the declarations are the same)
 *   s.valeurs();               // -> {cle: valeur} for every complete input
 */
(function () {
  "use strict";
  const C = () => window.Compendium;
  const EDITEURS = { des: "des", paquet: "paquet" };

  /** An input the engine can do without: a number with a default, or one marked `facultatif`. */
  function facultative(declaration) {
    return declaration.facultatif === true || (declaration.type === "entier" && Number.isInteger(declaration.defaut));
  }

  function cle(declaration) {
    return String(declaration.stockage || declaration.id || "");
  }

  function editeur(type) {
    return window.CompendiumParametres && window.CompendiumParametres[EDITEURS[type]];
  }

  /** A number kept in « Mon matériel » (as typed), or "". */
  function lireEntier(jeu, cleValeur) {
    const v = C().materiel.pour(jeu).lire("valeurs", cleValeur);
    return v && typeof v.valeur === "string" ? v.valeur : "";
  }

  function ecrireEntier(jeu, declaration, valeur, source) {
    const nom = String(declaration.nom || cle(declaration));
    C().materiel.pour(jeu).ecrire("valeurs", cle(declaration), valeur ? { valeur, nom } : null, source);
  }

  function creer(jeu, auChangement) {
    const { el } = C();
    const liste = el("div", { classe: "cpd-parametres cpd-pl-saisies-liste" });
    const resume = el("span", { classe: "cpd-pl-saisies-resume", "data-role": "probas-saisies-resume" });
    const repli = el("details", { open: true },
      el("summary", {}, el("strong", { id: "cpd-pl-saisies-titre" }, "Vos données"), " ", resume),
      el("p", { classe: "cpd-aide" }, "Le livre ne donne pas ces valeurs (imprimées sur les cartes ou en icônes) : saisissez celles de votre "
        + "matériel. Elles sont gardées dans ce navigateur, dans ", lienMateriel(), ", et servent à tous les outils du jeu."),
      liste);
    const element = el("form", { classe: "cpd-pl-saisies", "data-jeu": jeu, "data-role": "probas-saisies", hidden: true,
      "aria-labelledby": "cpd-pl-saisies-titre", onsubmit: (ev) => ev.preventDefault() }, repli);
    let signature = "";
    let champs = []; // [{declaration, noeud}]

    /** « Mon matériel », linked when the page names it (`data-materiel` of the tool). */
    function lienMateriel() {
      const porteur = document.querySelector(`[data-compendium-outil][data-jeu="${CSS.escape(jeu)}"][data-materiel]`);
      return porteur ? el("a", { href: porteur.dataset.materiel, "data-role": "materiel-lien" }, "« Mon matériel »") : "« Mon matériel »";
    }

    function champ(declaration, rang) {
      const id = `cpd-pl-saisie-${rang}`;
      const aide = declaration.aide ? el("p", { classe: "cpd-aide", id: id + "-aide" }, declaration.aide) : null;
      if (declaration.type === "entier") {
        const entree = el("input", { type: "number", inputmode: "numeric", id, step: "1", "data-role": "probas-saisie",
          "data-cle": cle(declaration), min: declaration.min ?? null, max: declaration.max ?? null,
          "aria-describedby": aide ? id + "-aide" : null });
        if (Number.isInteger(declaration.defaut)) entree.placeholder = String(declaration.defaut);
        entree.value = lireEntier(jeu, cle(declaration));
        if (entree.value) C().materiel.pour(jeu).nommer(cle(declaration), String(declaration.nom || ""));
        entree.addEventListener("input", () => {
          ecrireEntier(jeu, declaration, entree.value.trim(), entree);
          auChangement();
        });
        return { declaration, noeud: entree,
          bloc: el("div", { classe: "cpd-parametre" }, el("label", { for: id }, declaration.nom || cle(declaration)), entree, aide) };
      }
      const outil = editeur(declaration.type);
      const titre = el("span", { classe: "cpd-etiquette", id: id + "-titre" }, declaration.nom || cle(declaration));
      const noeud = el("div", { id, role: "group", "aria-labelledby": id + "-titre", "data-type": declaration.type, "data-jeu": jeu,
        "data-role": "probas-saisie", "data-cle": cle(declaration), "aria-describedby": aide ? id + "-aide" : null });
      const bloc = el("div", { classe: "cpd-parametre cpd-parametre--" + declaration.type }, titre, noeud, aide);
      // Drawn once in the page (dessiner): the editor links to « Mon matériel » from where it stands.
      const dessiner = () => {
        if (outil) outil.rendre(noeud, declaration);
        else noeud.append(el("p", { classe: "cpd-panneau-erreur", role: "alert" }, "L'éditeur de cette donnée n'a pas pu se charger."));
      };
      return { declaration, noeud, bloc, dessiner };
    }

    function definir(declarations) {
      const valides = (Array.isArray(declarations) ? declarations : [])
        .filter((d) => d && typeof d === "object" && cle(d) && (d.type === "entier" || EDITEURS[d.type]));
      const nouvelle = JSON.stringify(valides);
      if (nouvelle === signature) return;
      signature = nouvelle;
      champs = valides.map(champ);
      liste.replaceChildren(...champs.map((c) => c.bloc));
      champs.forEach((c) => c.dessiner && c.dessiner());
      element.hidden = champs.length === 0;
      repli.open = manquantes() > 0; // folded away once everything needed is typed
      resumer();
    }

    /** The inputs still needed: not typed, and without a default. */
    function manquantes() {
      const donnees = valeurs();
      return champs.filter(({ declaration }) => !facultative(declaration) && !(cle(declaration) in donnees)).length;
    }

    function resumer() {
      const n = manquantes();
      resume.textContent = n ? `(${n} à compléter sur ${champs.length})`
        : `(${champs.length} donnée${champs.length > 1 ? "s" : ""}, rien ne manque)`;
    }

    function valeurs() {
      const sortie = {};
      for (const { declaration, noeud } of champs) {
        if (declaration.type === "entier") {
          const brut = noeud.value.trim();
          if (/^-?\d+$/.test(brut)) sortie[cle(declaration)] = Number(brut);
          continue;
        }
        const outil = editeur(declaration.type);
        if (outil && !outil.manque(noeud)) sortie[cle(declaration)] = outil.lire(noeud);
      }
      return sortie;
    }

    // A number changed elsewhere (« Mon matériel », another tab): shown here, and computed with.
    C().materiel.pour(jeu).addEventListener("change", (ev) => {
      const { genre, cle: quelle, source } = ev.detail || {};
      if (genre !== "*" && genre !== "valeurs") return;
      let change = false;
      for (const { declaration, noeud } of champs) {
        if (declaration.type !== "entier" || noeud === source || (genre !== "*" && cle(declaration) !== quelle)) continue;
        const v = lireEntier(jeu, cle(declaration));
        if (noeud.value !== v) {
          noeud.value = v;
          change = true;
        }
      }
      if (change) {
        resumer();
        auChangement();
      }
    });

    // des.js and paquet.js fire a bubbling « change » on every edit.
    element.addEventListener("change", (ev) => {
      resumer();
      if (!(ev.target && ev.target.matches && ev.target.matches('input[type="number"][data-role="probas-saisie"]'))) auChangement();
    });
    element.addEventListener("input", resumer);
    return { element, definir, valeurs };
  }

  window.Compendium = window.Compendium || {};
  window.Compendium.probasSaisies = { creer };
})();
