/* « Probabilités de ma liste » on the « Composer et vérifier » page (issue 16, part 1).
 *
 * Listens to the `compendium:rapport` event of the tool root (verifier.js: detail {rapport, texte},
 * the report carries the parsed `liste`), asks the engine for the odds matrix of the list
 * (moteur.composer(jeu, {action: "probas", liste, adverse?, saisies?}, catalogue)) and shows it: one row per
 * entry, one column per target, a small inline SVG bar chart per cell, the expected value, the chance
 * of at least one success, and the exact fractions on demand. Every text comes from the engine or
 * from here in French; names from the list only reach the page through textContent (el()).
 * The inputs the book does not give (dice faces, a deck, figures' dice) are typed in « Vos données »
 * (probas-liste-saisies.js); the opposing list is offered when the engine says the game reads one.
 */
(function () {
  "use strict";
  const C = () => window.Compendium;
  const SVG = "http://www.w3.org/2000/svg";
  const TAILLE_MAX_ADVERSE = 2 * 1024 * 1024;
  const decimales = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  /** A bar chart of a distribution [{valeur, probabilite}] as inline SVG with a title. */
  function graphique(distribution, titre, grand) {
    const largeur = grand ? 320 : 64;
    const hauteur = grand ? 120 : 22;
    const marge = grand ? 16 : 0;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${largeur} ${hauteur + marge}`);
    svg.setAttribute("width", String(largeur));
    svg.setAttribute("height", String(hauteur + marge));
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", titre);
    svg.setAttribute("class", grand ? "cpd-pl-graphique cpd-pl-graphique--grand" : "cpd-pl-graphique");
    const t = document.createElementNS(SVG, "title");
    t.textContent = titre;
    svg.append(t);
    if (!distribution.length) return svg;
    const max = Math.max(...distribution.map((d) => d.probabilite)) || 1;
    const premiere = distribution[0].valeur;
    const n = distribution[distribution.length - 1].valeur - premiere + 1;
    const pas = largeur / n;
    for (const d of distribution) {
      const h = Math.max(1, (d.probabilite / max) * (hauteur - 2));
      const r = document.createElementNS(SVG, "rect");
      r.setAttribute("x", ((d.valeur - premiere) * pas + pas * 0.1).toFixed(2));
      r.setAttribute("y", (hauteur - h).toFixed(2));
      r.setAttribute("width", Math.max(0.5, pas * 0.8).toFixed(2));
      r.setAttribute("height", h.toFixed(2));
      r.setAttribute("class", "cpd-pl-barre");
      svg.append(r);
    }
    if (grand) {
      const graduations = n <= 12 ? distribution.map((d) => d.valeur) : [premiere, Math.round(premiere + (n - 1) / 2), premiere + n - 1];
      for (const v of graduations) {
        const tx = document.createElementNS(SVG, "text");
        tx.setAttribute("x", ((v - premiere) * pas + pas / 2).toFixed(2));
        tx.setAttribute("y", String(hauteur + marge - 3));
        tx.setAttribute("text-anchor", "middle");
        tx.setAttribute("class", "cpd-pl-graduation");
        tx.textContent = String(v);
        svg.append(tx);
      }
    }
    return svg;
  }

  /** The bars of a cell: its exact distribution, or the rounded `graphique` of the matrix. */
  function barres(cellule) {
    if (cellule.distribution) return cellule.distribution;
    const g = cellule.graphique;
    return g.probabilites.map((p, i) => ({ valeur: g.depuis + i, probabilite: p }));
  }


  function initialiser(racine) {
    if (racine.dataset.probasListe) return;
    racine.dataset.probasListe = "1";
    const { el } = C();
    const jeu = racine.dataset.jeu;
    const moteur = C().moteur(C().racine(racine.dataset.base || ""));
    let avecAdverse = false; // set from the engine's answer (`adverse`)
    const saisies = C().probasSaisies.creer(jeu, () => relancer());

    let liste = null; // the last list read by verifier.js
    let catalogue = null; // the player's profile catalogue text, if any
    let matrice = null;
    let groupe = null; // the target group shown (and computed): one column set at a time
    let avaitAdverse = false;
    let requeteFaite = null; // the request of the matrix shown, for the fractions of one cell
    let generation = 0;

    const bouton = el("button", { type: "button", classe: "md-button", "aria-expanded": "false", "aria-controls": "cpd-pl-vue", "data-role": "probas-ouvrir" },
      "Afficher les probabilités de ma liste");
    const etat = el("p", { classe: "cpd-aide", role: "status", "aria-live": "polite", "data-role": "probas-etat" });
    const contenu = el("div", { "data-role": "probas-contenu" });
    const detail = el("div", { classe: "cpd-pl-detail", "data-role": "probas-detail", "aria-live": "polite" });
    const notes = el("ul", { classe: "cpd-pl-notes", "data-role": "probas-notes" });
    const adverseTexte = el("textarea", { id: "cpd-pl-adverse", classe: "cpd-texte", rows: "6", spellcheck: "false", autocomplete: "off",
      "data-role": "probas-adverse", placeholder: `jeu: ${jeu}\nnom: Liste adverse\nentrees:\n  - nom: …` });
    const adverseFichier = el("input", { type: "file", classe: "cpd-cache", accept: ".yaml,.yml,.json,.txt", tabindex: "-1", "aria-hidden": "true",
      "data-role": "probas-adverse-fichier" });
    const adverseEtat = el("p", { classe: "cpd-aide", role: "status", "aria-live": "polite" });
    const blocAdverse = el("details", { classe: "cpd-pl-adverse", "data-role": "probas-adverse-bloc", hidden: true },
        el("summary", {}, "Ma liste contre la sienne (liste adverse)"),
        el("label", { classe: "cpd-etiquette", for: "cpd-pl-adverse" }, "Liste adverse au format YAML ou JSON"),
        adverseTexte,
        el("div", { classe: "cpd-barre-outils" },
          el("button", { type: "button", classe: "md-button", onclick: () => adverseFichier.click() }, "Importer la liste adverse…"),
          adverseFichier),
        adverseEtat);
    const vue = el("div", { id: "cpd-pl-vue", hidden: true },
      el("p", { classe: "cpd-aide", "data-role": "probas-intro" }, "Pour chaque entrée, la loi exacte de ses actions principales contre des cibles tirées des règles : "
        + "cliquez une case pour voir son graphique et ses fractions exactes."),
      saisies.element, blocAdverse, etat, contenu, detail, notes);
    const section = el("section", { classe: "cpd-probas-liste", "aria-labelledby": "cpd-pl-titre", "data-role": "probas-liste" },
      el("h2", { id: "cpd-pl-titre", classe: "cpd-titre-resultats" }, "Probabilités de ma liste"), bouton, vue);
    const resultats = racine.querySelector(".cpd-resultats");
    if (resultats) resultats.after(section);
    else racine.append(section);

    function ouvert() {
      return bouton.getAttribute("aria-expanded") === "true";
    }

    async function calculer() {
      if (!ouvert()) return;
      const ma = ++generation;
      if (!liste) {
        matrice = null;
        contenu.replaceChildren();
        detail.replaceChildren();
        notes.replaceChildren();
        etat.textContent = "Aucune liste lisible : composez, collez ou ouvrez une liste plus haut.";
        return;
      }
      etat.textContent = "Calcul des probabilités…";
      // The matrix comes with floats only; the exact fractions of a cell are asked when opened.
      const requete = { action: "probas", liste, fractions: false };
      const valeurs = saisies.valeurs();
      if (Object.keys(valeurs).length) requete.saisies = valeurs;
      const avecListeAdverse = avecAdverse && !!adverseTexte.value.trim();
      if (avecListeAdverse) requete.adverse = adverseTexte.value;
      // "" asks for the game's first group: a newly given opposing list is shown at once.
      if (avecListeAdverse !== avaitAdverse) groupe = "";
      avaitAdverse = avecListeAdverse;
      requete.groupe = groupe || "";
      try {
        const resultat = await moteur.composer(jeu, requete, catalogue);
        if (ma !== generation) return;
        matrice = resultat;
        requeteFaite = requete;
        afficher();
      } catch (e) {
        if (ma !== generation) return;
        matrice = null;
        notes.replaceChildren();
        contenu.replaceChildren(el("div", { classe: "cpd-panneau-erreur", role: "alert", "data-role": "probas-erreur" },
          el("p", { classe: "cpd-panneau-titre" }, "Probabilités impossibles à calculer"),
          el("p", {}, e && e.message ? e.message : String(e))));
        detail.replaceChildren();
        etat.textContent = "";
      }
    }

    function selecteurGroupes() {
      if (matrice.groupes.length < 2) return null;
      const select = el("select", { id: "cpd-pl-groupe", "data-role": "probas-groupe",
        onchange: (ev) => { groupe = ev.target.value; calculer(); } },
      matrice.groupes.map((g) => el("option", { value: g.id, selected: g.id === groupe }, g.nom)));
      return el("span", { classe: "cpd-champ" }, el("label", { for: "cpd-pl-groupe" }, "Cibles"), select);
    }

    function afficher() {
      const m = matrice;
      detail.replaceChildren();
      saisies.definir(m.saisies);
      // Editors drawn for the first time are filled from the browser's storage: ask again with them.
      if (JSON.stringify(saisies.valeurs()) !== JSON.stringify((requeteFaite && requeteFaite.saisies) || {})) relancer();
      avecAdverse = m.adverse === true;
      blocAdverse.hidden = !avecAdverse;
      const blocs = [];
      // What the book leaves out is described once in « Mon matériel », for every tool of the game.
      const materiel = racine.dataset.materiel
        ? el("p", {}, el("a", { href: racine.dataset.materiel, "data-role": "materiel-lien" }, "Décrire mon matériel dans « Mon matériel »"),
          " : il servira aussi à la page « Probabilités » et au compositeur.")
        : null;
      for (const texte of m.manquant) {
        blocs.push(el("div", { classe: "admonition warning", "data-role": "probas-manquant" },
          el("p", { classe: "admonition-title" }, "Ce qui ne peut pas être calculé"), el("p", {}, texte), materiel && materiel.cloneNode(true)));
      }
      notes.replaceChildren();
      vue.querySelector("[data-role=probas-intro]").hidden = !m.calculable;
      if (!m.calculable) {
        notes.replaceChildren(...m.notes.map((n) => el("li", {}, n)));
        etat.textContent = "";
        contenu.replaceChildren(...blocs);
        return;
      }
      if (m.cibles.length) groupe = m.cibles[0].groupe;
      const colonnes = m.cibles.map((c, i) => ({ c, i }));
      const entete = el("tr", {}, el("th", { scope: "col" }, "Entrée"),
        colonnes.map(({ c }) => el("th", { scope: "col", title: c.detail }, c.nom, c.figurines > 1 ? el("span", { classe: "cpd-pl-sous" }, c.detail) : null)));
      const lignes = m.entrees.map((entree) => el("tr", {},
        el("th", { scope: "row" }, entree.nom,
          entree.actions.map((a) => el("span", { classe: "cpd-pl-sous" }, a.detail)),
          entree.remarques.map((r) => el("span", { classe: "cpd-pl-sous cpd-pl-remarque" }, r))),
        colonnes.map(({ c, i }) => el("td", {}, entree.actions.length ? entree.actions.map((a) => {
          const cellule = a.cellules[i];
          if (!cellule) return el("span", { classe: "cpd-pl-vide" }, "—");
          const esperance = "E\u00a0" + decimales.format(cellule.esperance.valeur);
          const auMoinsUn = "≥1\u00a0" + C().pourcentage(cellule.au_moins_un.probabilite);
          // The button is named by what it shows (WCAG 2.5.3): the action, the chart (named after the
          // entry and the target), the two figures, and what is not shown, for screen readers only.
          const horsDeCombat = c.figurines > 1
            ? el("span", { classe: "cpd-cache" }, `, ${m.hors_de_combat.toLowerCase()} ${C().pourcentage(cellule.hors_de_combat.probabilite)}`) : null;
          return el("button", { type: "button", classe: "cpd-pl-cellule", "data-role": "probas-cellule",
            "data-entree": String(entree.index), "data-action": a.id, "data-cible": c.id,
            onclick: () => montrer(entree, a, c, cellule) },
          el("span", { classe: "cpd-pl-action" }, a.nom),
          graphique(barres(cellule), `${m.resultat} : ${a.nom} de ${entree.nom} contre ${c.nom}`, false),
          el("span", { classe: "cpd-pl-valeur" }, esperance),
          el("span", { classe: "cpd-pl-valeur" }, auMoinsUn), horsDeCombat);
        }) : el("span", { classe: "cpd-pl-vide" }, "—")))));
      const table = el("table", { classe: "cpd-pl-matrice", "data-role": "probas-matrice" },
        el("caption", {}, `${m.resultat} : espérance (E) et chance d'${m.succes.toLowerCase()} (≥1), liste « ${m.nom_liste} »`),
        el("thead", {}, entete), el("tbody", {}, lignes));
      blocs.push(el("div", { classe: "cpd-barre-outils" }, selecteurGroupes()),
        el("div", { classe: "cpd-pl-defilement", tabindex: "0", role: "region", "aria-label": "Matrice des probabilités (défilement horizontal)" }, table));
      notes.replaceChildren(...m.notes.map((n) => el("li", {}, n)));
      contenu.replaceChildren(...blocs);
      etat.textContent = `Probabilités calculées pour ${m.entrees.length} entrée${m.entrees.length > 1 ? "s" : ""} et ${colonnes.length} cible${colonnes.length > 1 ? "s" : ""}.`;
    }

    function montrer(entree, action, cible, cellule) {
      const m = matrice;
      const titre = `${entree.nom} — ${action.nom} contre ${cible.nom}`;
      const chiffres = [el("li", {}, `Espérance : ${decimales.format(cellule.esperance.valeur)} (${cellule.esperance.fraction})`),
        el("li", {}, `${m.succes} : ${C().pourcentage(cellule.au_moins_un.probabilite)}`)];
      if (cible.figurines > 1) chiffres.push(el("li", {}, `${m.hors_de_combat} (${cible.figurines} ${m.unite || "figurines"}) : ${C().pourcentage(cellule.hors_de_combat.probabilite)}`));
      const fractions = el("details", { classe: "cpd-pl-fractions", "data-role": "probas-fractions" },
        el("summary", {}, "Fractions exactes"));
      const zoneFractions = el("div", { classe: "cpd-pl-fractions-zone", "aria-live": "polite" });
      fractions.append(zoneFractions);
      const requete = requeteFaite;
      let demandees = false;
      fractions.addEventListener("toggle", async () => {
        if (!fractions.open || demandees) return;
        demandees = true;
        zoneFractions.replaceChildren(el("p", { classe: "cpd-aide" }, "Calcul des fractions exactes…"));
        try {
          const exacte = (await moteur.composer(jeu, { ...requete, cellule: { entree: entree.index, action: action.id, cible: cible.id } },
            catalogue)).cellule;
          zoneFractions.replaceChildren(el("table", { classe: "cpd-tableau", "data-role": "probas-fractions-table" },
            el("thead", {}, el("tr", {}, el("th", { scope: "col" }, m.resultat), el("th", { scope: "col" }, "Fraction exacte"), el("th", { scope: "col" }, "Probabilité"))),
            el("tbody", {}, exacte.distribution.map((d) => el("tr", {}, el("td", {}, String(d.valeur)), el("td", {}, d.fraction), el("td", {}, C().pourcentage(d.probabilite))))),
            el("tfoot", {}, el("tr", {}, el("th", { scope: "row" }, m.succes), el("td", {}, exacte.au_moins_un.fraction), el("td", {}, C().pourcentage(exacte.au_moins_un.probabilite))))));
        } catch (e) {
          demandees = false;
          zoneFractions.replaceChildren(el("p", { classe: "cpd-panneau-erreur", role: "alert" }, e && e.message ? e.message : String(e)));
        }
      });
      detail.replaceChildren(el("h3", {}, titre), el("p", { classe: "cpd-aide" }, action.detail + (cible.detail ? " ; cible : " + cible.detail : "")),
        graphique(barres(cellule), `${m.resultat} : ${titre}`, true), el("ul", {}, chiffres), fractions);
      detail.scrollIntoView({ block: "nearest" });
    }

    bouton.addEventListener("click", () => {
      const ouvrir = !ouvert();
      bouton.setAttribute("aria-expanded", String(ouvrir));
      bouton.textContent = ouvrir ? "Masquer les probabilités de ma liste" : "Afficher les probabilités de ma liste";
      vue.hidden = !ouvrir;
      if (ouvrir) calculer();
    });
    const relancer = C().debounce(calculer, 300);
    racine.addEventListener("compendium:rapport", (ev) => {
      const rapport = ev.detail && ev.detail.rapport;
      liste = rapport && rapport.liste && typeof rapport.liste === "object" ? rapport.liste : null;
      relancer();
    });
    const blocCatalogue = racine.querySelector('[data-role="catalogue-bloc"]');
    if (blocCatalogue) {
      blocCatalogue.addEventListener("compendium:catalogue", (ev) => {
        catalogue = ev.detail && typeof ev.detail.texte === "string" ? ev.detail.texte : null;
        relancer();
      });
    }
    adverseTexte.addEventListener("input", relancer);
    adverseFichier.addEventListener("change", () => {
      const f = adverseFichier.files && adverseFichier.files[0];
      if (!f) return;
      if (f.size > TAILLE_MAX_ADVERSE) {
        adverseEtat.textContent = `Le fichier « ${f.name} » est trop volumineux (2 Mo au plus).`;
        return;
      }
      f.text().then((texte) => {
        adverseTexte.value = texte;
        adverseEtat.textContent = `Liste adverse importée depuis « ${f.name} ».`;
        calculer();
      }, () => { adverseEtat.textContent = `Le fichier « ${f.name} » n'a pas pu être lu.`; });
      adverseFichier.value = "";
    });
  }

  C().surPage(() => {
    document.querySelectorAll('[data-compendium-outil="verifier"]').forEach(initialiser);
  });
})();
