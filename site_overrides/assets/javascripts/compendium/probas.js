// « Probabilités »: wires the forms generated from the calculation declarations
// (probas.md.j2) to the engine running in the Web Worker, and draws the result:
// percentages first (exact fractions on demand), « au moins N » for numeric values,
// negligible tails folded into one row, a plain SVG bar chart, the expected value.
// « Comparer » keeps a result as A; the next one is drawn as B beside it, on one chart.
// The result for the default values is embedded by the build and drawn at once, marked as such.
(function () {
  "use strict";

  const C = () => window.Compendium;
  const DELAI_CHANGEMENT_MS = 250;

  // The drawing of a result (percentages, « au moins », chart): probas-dessin.js, loaded before this file.
  const { serie, afficher, progression } = window.CompendiumProbasDessin;

  // --- Parameters ------------------------------------------------------------------------------

  // Parameters typed in an editor of their own (a deck, a die's faces, a pile): paquet.js, des.js, pile.js.
  const EDITEURS = '[data-type="paquet"], [data-type="des"], [data-type="pile"]';
  const NOMS_EDITEURS = { paquet: "L'éditeur de paquet", des: "L'éditeur de dé", pile: "L'éditeur de pile" };

  function editeur(type) {
    return window.CompendiumParametres && window.CompendiumParametres[type];
  }

  function parametres(formulaire) {
    const sortie = {};
    for (const champ of formulaire.querySelectorAll("[data-parametre]")) {
      const id = champ.dataset.parametre;
      if (champ.dataset.type === "booleen") {
        sortie[id] = champ.checked;
      } else if (champ.dataset.type === "entier") {
        const brut = champ.value.trim();
        // Non-integers go to the engine as typed: it answers with a French message
        // naming the parameter and its range.
        sortie[id] = /^-?\d+$/.test(brut) ? Number(brut) : brut;
      } else if (NOMS_EDITEURS[champ.dataset.type] && editeur(champ.dataset.type)) {
        sortie[id] = editeur(champ.dataset.type).lire(champ);
      } else {
        sortie[id] = champ.value;
      }
    }
    return sortie;
  }

  /** {texte ("" when complete), materiel}: what the form lacks, and the editor when it is an item of « Mon matériel ». */
  function manquant(formulaire) {
    for (const champ of formulaire.querySelectorAll('input[data-type="entier"]')) {
      if (champ.value.trim()) continue;
      const label = champ.id && formulaire.querySelector(`label[for="${CSS.escape(champ.id)}"]`);
      const nom = label ? label.firstChild.textContent.trim() : champ.dataset.parametre;
      return { texte: `Indiquez « ${nom} » : ce calcul n'a pas de valeur par défaut pour ce champ.`, materiel: null };
    }
    for (const champ of formulaire.querySelectorAll(EDITEURS)) {
      const outil = editeur(champ.dataset.type);
      if (!outil) return { texte: `${NOMS_EDITEURS[champ.dataset.type]} n'a pas pu se charger.`, materiel: null };
      const manque = outil.manque(champ);
      if (manque) return { texte: manque, materiel: MATERIEL[champ.dataset.type] ? champ : null };
    }
    return { texte: "", materiel: null };
  }

  const MATERIEL = { paquet: true, des: true }; // items of « Mon matériel » (materiel.js): linked when missing
  /** The waiting message: what is missing, and where to describe it once for every tool. */
  function attente(formulaire, manque) {
    const { el } = C();
    const url = manque.materiel && C().materiel ? C().materiel.lien(formulaire, manque.materiel.dataset.materielCle) : null;
    return el("p", { classe: "cpd-aide cpd-attente-paquet", "data-role": "attente-paquet" }, manque.texte,
      url ? [" ", el("a", { href: url, "data-role": "materiel-lien" }, "Décrire mon matériel une fois pour tous les calculs"),
        " (ou « Saisir ici » ci-dessus)."] : null);
  }

  /** « Niveau 2, Seuil 12, Tireur » : the set-up of a result, for the comparison legend. */
  function resumeParametres(formulaire) {
    const morceaux = [];
    for (const champ of formulaire.querySelectorAll("[data-parametre]")) {
      const label = (champ.id && formulaire.querySelector(`label[for="${CSS.escape(champ.id)}"]`)) ||
        champ.closest(".cpd-parametre")?.querySelector(".cpd-etiquette");
      const nom = label ? label.firstChild.textContent.trim() : champ.dataset.parametre;
      const camp = champ.closest(".cpd-camp");
      const prefixe = camp ? camp.querySelector("legend").textContent.trim().slice(0, 3) + ". " : "";
      if (champ.dataset.type === "booleen") {
        if (champ.checked) morceaux.push(prefixe + nom);
      } else if (NOMS_EDITEURS[champ.dataset.type]) {
        const outil = editeur(champ.dataset.type);
        morceaux.push(`${nom} (${outil ? outil.resume(champ) : "?"})`);
      } else if (champ.tagName === "SELECT") {
        morceaux.push(`${prefixe}${nom} : ${champ.selectedOptions[0] ? champ.selectedOptions[0].textContent.trim() : champ.value}`);
      } else {
        morceaux.push(`${prefixe}${nom} ${champ.value}`);
      }
    }
    return morceaux.join(", ") || "paramètres de la règle";
  }

  // --- Named presets (data: preselections of the declaration) -----------------------------------

  /** Set the values a preset fixes; the other fields keep what the player typed. Says what was set. */
  function appliquerPreselection(formulaire, bouton) {
    const { el } = C();
    let valeurs = {};
    try {
      valeurs = JSON.parse(bouton.dataset.valeurs || "{}");
    } catch (e) {
      valeurs = {};
    }
    const fixes = [];
    for (const [id, valeur] of Object.entries(valeurs)) {
      const champ = formulaire.querySelector(`[data-parametre="${CSS.escape(id)}"]`);
      if (!champ) continue;
      const label = (champ.id && formulaire.querySelector(`label[for="${CSS.escape(champ.id)}"]`)) ||
        champ.closest(".cpd-parametre")?.querySelector(".cpd-etiquette");
      const nom = label ? label.firstChild.textContent.trim() : id;
      if (champ.dataset.type === "pile" && editeur("pile")) {
        editeur("pile").ecrire(champ, valeur);
        fixes.push(`${nom} : ${(Array.isArray(valeur) ? valeur : []).map((s) => s.nom).join(", ")}`);
      } else if (champ.dataset.type === "booleen") {
        champ.checked = Boolean(valeur);
        fixes.push(`${nom} ${valeur ? "oui" : "non"}`);
      } else {
        champ.value = String(valeur);
        fixes.push(`${nom} ${valeur}`);
      }
    }
    formulaire.querySelectorAll("button[data-preselection]").forEach((b) =>
      b.setAttribute("aria-pressed", String(b === bouton)));
    const ligne = bouton.closest("[data-preselection-ligne]");
    const note = ligne && ligne.querySelector("[data-role=preselection-note]");
    const message = formulaire.querySelector("[data-role=preselection-appliquee]");
    if (message) {
      message.replaceChildren(el("strong", {}, bouton.textContent.trim()), " : ", fixes.join(", "),
        ". Les autres paramètres n'ont pas changé.", note ? " " + note.textContent.trim() : "");
    }
  }

  // --- The result computed when the site was built ------------------------------------------------

  /** The engine's answer for the default values, embedded by the build (odds_defaults.py), or null. */
  function resultatConstruction(formulaire) {
    const script = formulaire.querySelector("script[data-role=resultat-construction]");
    if (!script) return null;
    try {
      return JSON.parse(script.textContent);
    } catch (e) {
      return null;
    }
  }

  /** Says the result on screen was computed at build time, until the engine computes one. */
  function marqueConstruction() {
    const { el } = C();
    return el("p", { classe: "cpd-aide cpd-construction", "data-role": "construction" },
      el("strong", {}, "Résultat pour les valeurs par défaut, calculé à la construction du site."),
      " Changez une valeur : le calcul est refait dans votre navigateur.");
  }

  // --- A form ----------------------------------------------------------------------------------

  function initialiserFormulaire(formulaire) {
    if (formulaire.dataset.pret === "oui") return;
    formulaire.dataset.pret = "oui";
    formulaire.querySelectorAll(EDITEURS).forEach((c) => {
      const outil = editeur(c.dataset.type);
      if (outil) outil.rendre(c, JSON.parse(c.dataset.declaration || "{}"));
    });
    const { el } = C();
    const jeu = formulaire.dataset.jeu;
    const calcul = formulaire.dataset.compendiumCalcul;
    const base = formulaire.dataset.base || "";
    const moteur = C().moteur(C().racine(base));
    const zone = formulaire.querySelector("[data-role=resultat]");
    const nomCalcul = formulaire.dataset.titre || calcul;
    const sortie = formulaire.dataset.sortie || "Valeur";
    let generation = 0;
    let actuelle = null; // the series on screen (B when comparing)
    let reference = null; // A, kept by « Comparer »

    function boutons() {
      if (reference) {
        return [
          el("button", { type: "button", classe: "md-button", "data-role": "garder-b", onclick: () => {
            reference = actuelle;
            dessiner();
          } }, "Garder B comme A"),
          " ",
          el("button", { type: "button", classe: "md-button", "data-role": "fin-comparaison", onclick: () => {
            reference = null;
            dessiner();
          } }, "Fin de la comparaison"),
        ];
      }
      return el("button", { type: "button", classe: "md-button", "data-role": "comparer",
        title: "Garde ce résultat comme A : le prochain calcul s'affiche en B, à côté, sur le même graphique",
        onclick: () => {
          reference = actuelle;
          dessiner();
        } }, "Comparer");
    }

    function dessiner() {
      if (!actuelle) return;
      const series = reference && reference !== actuelle ? [reference, actuelle] : [actuelle];
      afficher(zone, series, nomCalcul, sortie, boutons());
      if (zone.dataset.origine === "construction") zone.prepend(marqueConstruction());
      if (reference && reference === actuelle) {
        zone.prepend(el("p", { classe: "cpd-aide", "data-role": "attente-b" }, el("strong", {}, "A"), " : ", reference.titre,
          ". Changez les paramètres : le prochain résultat s'affichera en B, à côté de A."));
      }
    }

    async function lancer() {
      const ma = ++generation;
      const manque = manquant(formulaire);
      if (manque.texte) {
        zone.replaceChildren(attente(formulaire, manque));
        zone.dataset.etat = "attente";
        zone.removeAttribute("aria-busy");
        actuelle = null;
        reference = null;
        return;
      }
      zone.dataset.etat = "calcul";
      zone.setAttribute("aria-busy", "true");
      if (!zone.querySelector("table") || zone.querySelector(".cpd-panneau-erreur")) {
        zone.replaceChildren(el("p", { classe: "cpd-aide" }, moteur.etat.pret ? "Calcul en cours…" : "Calcul dès que le moteur est prêt…"));
      }
      const titre = resumeParametres(formulaire);
      const minuteur = progression(zone, () => ma === generation);
      try {
        const resultat = await moteur.calculer(jeu, calcul, parametres(formulaire));
        if (ma === generation) {
          delete zone.dataset.origine;
          actuelle = serie(resultat, titre);
          dessiner();
        }
      } catch (e) {
        if (ma === generation) {
          delete zone.dataset.origine;
          zone.replaceChildren(el("div", { classe: "cpd-panneau-erreur", role: "alert" },
            el("p", { classe: "cpd-panneau-titre" }, "Calcul impossible"), el("p", {}, e.message)));
          zone.dataset.etat = "erreur";
        }
      } finally {
        clearInterval(minuteur);
        zone.querySelectorAll("[data-role=progression]").forEach((p) => p.remove());
        if (ma === generation) zone.removeAttribute("aria-busy");
      }
    }


    const plusTard = C().debounce(lancer, DELAI_CHANGEMENT_MS);
    formulaire.querySelectorAll("button[data-preselection]").forEach((bouton) => {
      bouton.addEventListener("click", () => {
        appliquerPreselection(formulaire, bouton);
        plusTard.annuler();
        lancer();
      });
    });
    // A rule page links to « calculation--preset » (its hasard): that preset is applied on arrival.
    function presetDuLien() {
      let cible = "";
      try {
        cible = decodeURIComponent(window.location.hash.slice(1));
      } catch (e) {
        return false;
      }
      const ligne = cible && Array.from(formulaire.querySelectorAll("[data-preselection-ligne]")).find((l) => l.id === cible);
      const bouton = ligne && ligne.querySelector("button[data-preselection]");
      if (!bouton) return false;
      appliquerPreselection(formulaire, bouton);
      return true;
    }
    window.addEventListener("hashchange", () => {
      if (presetDuLien()) {
        plusTard.annuler();
        lancer();
      }
    });
    const presetApplique = presetDuLien();
    formulaire.addEventListener("submit", (evenement) => {
      evenement.preventDefault();
      // An explicit « Calculer » supersedes a pending recalculation on change.
      plusTard.annuler();
      lancer();
    });
    formulaire.addEventListener("change", (evenement) => {
      if (evenement.target.closest("[data-role=resultat]")) return; // the fractions toggle is not a parameter
      plusTard();
    });
    // The result for the default values: drawn at once when the build computed it, else as soon
    // as the engine is ready (a deck form asks first).
    const construction = manquant(formulaire).texte || presetApplique ? null : resultatConstruction(formulaire);
    if (construction) {
      zone.dataset.origine = "construction";
      actuelle = serie(construction, resumeParametres(formulaire));
      dessiner();
    }
    if (manquant(formulaire).texte || presetApplique) lancer();
    moteur
      .preparer(jeu)
      .then(() => {
        if (!zone.querySelector("table") && zone.dataset.etat !== "attente") lancer();
      })
      .catch(() => {});
  }

  C().surPage(() => {
    const outils = document.querySelectorAll('[data-compendium-outil="probas"]');
    outils.forEach((outil) => {
      if (outil.dataset.pret === "oui") return;
      outil.dataset.pret = "oui";
      const moteur = C().moteur(C().racine(outil.dataset.base || ""));
      C().indicateur(outil.querySelector("[data-role=chargement]"), moteur);
      moteur.preparer(outil.dataset.jeu).catch(() => {});
    });
    document.querySelectorAll("form[data-compendium-calcul]").forEach(initialiserFormulaire);
  });
})();
