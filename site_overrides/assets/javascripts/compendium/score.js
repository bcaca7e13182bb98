// « Scores et aides de partie »: builds the table of rows of each form (score.md.j2) from its
// declaration, remembers what the players typed (localStorage), sends the document
// {joueurs: [{nom, …}], …} to the engine (Web Worker) and draws the ranking with its details.
// Names typed by the players only ever become text nodes or input values, never HTML.
(function () {
  "use strict";

  const C = () => window.Compendium;
  const DELAI_CHANGEMENT_MS = 400;
  const PREFIXE_STOCKAGE = "compendium-score:";

  // --- localStorage (private browsing or a full quota must not break the page) ------------------

  function lireStockage(cle) {
    try {
      const texte = window.localStorage.getItem(PREFIXE_STOCKAGE + cle);
      const valeur = texte ? JSON.parse(texte) : null;
      return valeur && typeof valeur === "object" ? valeur : null;
    } catch (e) {
      return null;
    }
  }

  function ecrireStockage(cle, valeur) {
    try {
      if (valeur === null) window.localStorage.removeItem(PREFIXE_STOCKAGE + cle);
      else window.localStorage.setItem(PREFIXE_STOCKAGE + cle, JSON.stringify(valeur));
    } catch (e) {
      /* nothing to do: the values simply will not be remembered */
    }
  }

  /** « joueurs », « niveaux ». */
  function pluriel(mot) {
    return /(au|eu)$/.test(mot) ? mot + "x" : /[sxz]$/.test(mot) ? mot : mot + "s";
  }

  // --- Fields ---------------------------------------------------------------------------------

  /** The value of one input as the engine reads it; undefined when left empty. */
  function valeurChamp(champ) {
    if (champ.dataset.type === "booleen") return champ.checked;
    const brut = champ.value.trim();
    if (!brut) return undefined;
    if (champ.dataset.type === "entier") return /^-?\d+$/.test(brut) ? Number(brut) : brut;
    return brut; // liste: the engine reads « 12, 18 25 »
  }

  function poserValeur(champ, valeur) {
    if (valeur === undefined || valeur === null) return;
    if (champ.dataset.type === "booleen") champ.checked = Boolean(valeur);
    else champ.value = String(valeur);
  }

  function champLigne(c, ligneId, valeur) {
    const { el } = C();
    const attributs = { "data-champ": c.id, "data-type": c.type, "aria-label": c.nom, title: c.aide || null };
    let champ;
    if (c.type === "booleen") {
      champ = el("input", Object.assign({ type: "checkbox" }, attributs));
      champ.checked = Boolean(c.defaut);
    } else {
      champ = el("input", Object.assign({ type: "number", inputmode: "numeric", step: "1", min: c.min, max: c.max,
        classe: "cps-nombre" }, attributs));
      if (c.defaut !== undefined) champ.value = String(c.defaut);
    }
    champ.id = `${ligneId}-${c.id}`;
    poserValeur(champ, valeur);
    return el("td", { "data-colonne": c.id }, champ);
  }

  // --- A form ---------------------------------------------------------------------------------

  function initialiserFormulaire(formulaire) {
    if (formulaire.dataset.pret === "oui") return;
    formulaire.dataset.pret = "oui";
    const { el } = C();
    let decl = {};
    try {
      decl = JSON.parse(formulaire.dataset.declaration || "{}");
    } catch (e) {
      decl = {};
    }
    const jeu = formulaire.dataset.jeu;
    const score = formulaire.dataset.compendiumScore;
    const cleStockage = `${jeu}:${score}`;
    const moteur = C().moteur(C().racine(formulaire.dataset.base || ""));
    const zone = formulaire.querySelector("[data-role=resultat]");
    const conteneur = formulaire.querySelector("[data-role=lignes]");
    const bornes = decl.joueurs || { min: 0, max: 0 };
    const libelle = decl.ligne || "Joueur";
    const champs = Array.isArray(decl.champs_joueur) ? decl.champs_joueur : [];
    const minimum = Math.max(bornes.min, bornes.max > 0 ? 1 : 0);
    let compteur = 0;
    let generation = 0;
    let corps = null;
    let ajouter = null;

    function lignes() {
      return corps ? [...corps.querySelectorAll("tr[data-ligne]")] : [];
    }

    function majBoutons() {
      const n = lignes().length;
      if (ajouter) ajouter.disabled = n >= bornes.max;
      lignes().forEach((tr, i) => {
        const bouton = tr.querySelector("[data-role=retirer]");
        bouton.disabled = n <= minimum;
        tr.querySelector("input[data-champ=nom]").placeholder = `${libelle} ${i + 1}`;
        // Each input names its column and its row for screen readers (« Haine, joueur 2 »).
        tr.querySelectorAll("[data-champ]").forEach((champ) => {
          const c = champs.find((x) => x.id === champ.dataset.champ);
          champ.setAttribute("aria-label", `${c ? c.nom : "Nom"}, ${libelle.toLowerCase()} ${i + 1}`);
        });
      });
    }

    function ajouterLigne(valeurs) {
      const id = `cps-${score}-${++compteur}`;
      const nom = el("input", { type: "text", "data-champ": "nom", "aria-label": `Nom (${libelle.toLowerCase()})`,
        maxlength: "60", spellcheck: "false", classe: "cps-nom", id: `${id}-nom` });
      if (valeurs && typeof valeurs.nom === "string") nom.value = valeurs.nom;
      const retirer = el("button", { type: "button", classe: "md-button cps-retirer", "data-role": "retirer",
        title: "Retirer cette ligne", "aria-label": "Retirer cette ligne" }, "×");
      const tr = el("tr", { "data-ligne": "" }, el("td", {}, nom),
        champs.map((c) => champLigne(c, id, valeurs ? valeurs[c.id] : undefined)), el("td", {}, retirer));
      retirer.addEventListener("click", () => {
        if (lignes().length <= minimum) return;
        tr.remove();
        majBoutons();
        changement();
      });
      corps.append(tr);
      majBoutons();
      return tr;
    }

    function construireTableau(sauve) {
      if (!conteneur) return;
      const enTete = el("tr", {}, el("th", { scope: "col" }, libelle),
        champs.map((c) => el("th", { scope: "col", title: c.aide || null }, c.nom)),
        el("th", { scope: "col" }, el("span", { classe: "cps-invisible" }, "Retirer")));
      corps = el("tbody", {});
      ajouter = el("button", { type: "button", classe: "md-button", "data-role": "ajouter" },
        `Ajouter un ${libelle.toLowerCase()}`);
      ajouter.addEventListener("click", () => {
        if (lignes().length >= bornes.max) return;
        ajouterLigne(null).querySelector("input").focus();
        changement();
      });
      conteneur.replaceChildren(
        el("div", { classe: "cps-defilement" }, el("table", { classe: "cpd-table cps-saisie" },
          el("caption", {}, `${bornes.min} à ${bornes.max} ${pluriel(libelle.toLowerCase())}`), el("thead", {}, enTete), corps)),
        el("p", { classe: "cpd-actions" }, ajouter));
      const depart = sauve && Array.isArray(sauve.joueurs) ? sauve.joueurs.slice(0, bornes.max) : [];
      while (depart.length < minimum) depart.push(null);
      depart.forEach((v) => ajouterLigne(v && typeof v === "object" ? v : null));
    }

    /** The document sent to the engine, and whether a value is still missing. */
    function documentSaisi() {
      const document = {};
      let incomplet = false;
      formulaire.querySelectorAll("fieldset [data-champ]").forEach((champ) => {
        const valeur = valeurChamp(champ);
        if (valeur !== undefined) document[champ.dataset.champ] = valeur;
      });
      if (conteneur) {
        document.joueurs = lignes().map((tr) => {
          const ligne = {};
          tr.querySelectorAll("[data-champ]").forEach((champ) => {
            const valeur = valeurChamp(champ);
            if (valeur !== undefined) ligne[champ.dataset.champ] = valeur;
            else if (champ.dataset.champ !== "nom" && champ.dataset.type === "entier") {
              const c = champs.find((x) => x.id === champ.dataset.champ);
              if (c && c.defaut === undefined && c.obligatoire !== false) incomplet = true;
            }
          });
          return ligne;
        });
      }
      formulaire.querySelectorAll("fieldset [data-champ]").forEach((champ) => {
        if (champ.dataset.type === "entier" && !champ.value.trim()) incomplet = true;
      });
      return { document, incomplet };
    }

    function sauver() {
      const { document } = documentSaisi();
      ecrireStockage(cleStockage, document);
    }

    function afficherErreur(message) {
      zone.replaceChildren(el("div", { classe: "cpd-panneau-erreur", role: "alert", "data-role": "erreur" },
        el("p", { classe: "cpd-panneau-titre" }, "Calcul impossible"), el("p", {}, message)));
      zone.dataset.etat = "erreur";
    }

    function afficher(resultat) {
      const classement = Array.isArray(resultat.classement) ? resultat.classement : [];
      const avecRang = classement.some((l) => l.rang !== null && l.rang !== undefined);
      const colonnes = avecRang ? 3 : 2;
      const enTete = el("tr", {}, avecRang ? el("th", { scope: "col", classe: "cpd-nombre" }, "Rang") : null,
        el("th", { scope: "col" }, libelle), el("th", { scope: "col", classe: "cpd-nombre" }, String(resultat.sortie || "Total")));
      // One row per line of the ranking, then its detail on a full-width row (readable on a phone).
      const rangees = classement.flatMap((l) => {
        const principale = el("tr", { "data-nom": String(l.nom) },
          avecRang ? el("td", { classe: "cpd-nombre", "data-role": "rang" }, l.rang === null ? "—" : String(l.rang)) : null,
          el("th", { scope: "row", "data-role": "nom" }, String(l.nom)),
          el("td", { classe: "cpd-nombre", "data-role": "total" }, String(l.total)));
        const detail = Array.isArray(l.detail) ? l.detail : [];
        if (!detail.length) return [principale];
        return [principale, el("tr", { classe: "cps-ligne-detail" }, el("td", { colspan: String(colonnes) },
          el("ul", { classe: "cps-detail", "aria-label": "Détail : " + String(l.nom) }, detail.map((d) => el("li", {},
            String(d.poste), d.points === "" ? null : " : ",
            d.points === "" ? null : el("strong", {}, typeof d.points === "number" && d.points > 0 ? "+" + d.points : String(d.points)))))))];
      });
      const blocs = [el("div", { classe: "cps-defilement" }, el("table", { classe: "cpd-table", "data-role": "classement" },
        el("caption", {}, String(resultat.nom || formulaire.dataset.titre || "")), el("thead", {}, enTete), el("tbody", {}, rangees)))];
      if (resultat.vainqueur !== null && resultat.vainqueur !== undefined) {
        blocs.unshift(el("p", { classe: "cps-vainqueur", "data-role": "vainqueur" },
          String(resultat.designe || "Vainqueur"), " : ", el("strong", {}, String(resultat.vainqueur))));
      }
      const notes = Array.isArray(resultat.notes) ? resultat.notes : [];
      if (notes.length) blocs.push(el("ul", { classe: "cps-notes", "data-role": "notes" }, notes.map((n) => el("li", {}, String(n)))));
      zone.replaceChildren(...blocs);
      zone.dataset.etat = "resultat";
    }

    async function lancer(explicite) {
      const ma = ++generation;
      const { document, incomplet } = documentSaisi();
      if (incomplet && !explicite) {
        zone.replaceChildren(el("p", { classe: "cpd-aide", "data-role": "attente" },
          "Remplissez les cases vides, puis « Calculer »."));
        zone.dataset.etat = "attente";
        return;
      }
      const garder = zone.dataset.etat === "resultat"; // the previous result stays, dimmed, while computing
      zone.dataset.etat = "calcul";
      zone.setAttribute("aria-busy", "true");
      if (!garder) {
        zone.replaceChildren(el("p", { classe: "cpd-aide" }, moteur.etat.pret ? "Calcul en cours…" : "Calcul dès que le moteur est prêt…"));
      }
      try {
        const resultat = await moteur.score(jeu, score, document);
        if (ma === generation) afficher(resultat);
      } catch (e) {
        if (ma === generation) afficherErreur(e.message);
      } finally {
        if (ma === generation) zone.removeAttribute("aria-busy");
      }
    }

    const plusTard = C().debounce(() => lancer(false), DELAI_CHANGEMENT_MS);
    function changement() {
      sauver();
      plusTard();
    }

    const sauve = lireStockage(cleStockage);
    construireTableau(sauve);
    if (sauve) {
      formulaire.querySelectorAll("fieldset [data-champ]").forEach((champ) => {
        const valeur = sauve[champ.dataset.champ];
        poserValeur(champ, typeof valeur === "object" ? undefined : valeur);
      });
    }
    formulaire.addEventListener("submit", (evenement) => {
      evenement.preventDefault();
      plusTard.annuler();
      sauver();
      lancer(true);
    });
    formulaire.addEventListener("input", (evenement) => {
      if (evenement.target.closest("[data-role=resultat]")) return;
      changement();
    });
    formulaire.addEventListener("change", (evenement) => {
      if (evenement.target.closest("[data-role=resultat]")) return;
      changement();
    });
    formulaire.querySelector("[data-role=effacer]").addEventListener("click", () => {
      ecrireStockage(cleStockage, null);
      formulaire.querySelectorAll("fieldset [data-champ]").forEach((champ) => {
        if (champ.dataset.type === "booleen") champ.checked = champ.defaultChecked;
        else champ.value = champ.defaultValue;
      });
      construireTableau(null);
      zone.replaceChildren();
      delete zone.dataset.etat;
    });
    if (sauve) {
      moteur.preparer(jeu).then(() => lancer(false)).catch(() => {});
    }
  }

  C().surPage(() => {
    document.querySelectorAll('[data-compendium-outil="score"]').forEach((outil) => {
      if (outil.dataset.pret === "oui") return;
      outil.dataset.pret = "oui";
      const moteur = C().moteur(C().racine(outil.dataset.base || ""));
      C().indicateur(outil.querySelector("[data-role=chargement]"), moteur);
      moteur.preparer(outil.dataset.jeu).catch(() => {});
    });
    document.querySelectorAll("form[data-compendium-score]").forEach(initialiserFormulaire);
  });
})();
