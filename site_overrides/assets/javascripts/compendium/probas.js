// « Probabilités »: wires the forms generated from the calculation declarations
// (probas.md.j2) to the engine running in the Web Worker, and draws the result:
// table (value, fraction, percentage), plain SVG bar chart, expected value.
(function () {
  "use strict";

  const C = () => window.Compendium;
  const SVG = "http://www.w3.org/2000/svg";
  const DELAI_CHANGEMENT_MS = 250;

  function svg(tag, attributs, ...enfants) {
    const noeud = document.createElementNS(SVG, tag);
    for (const [cle, valeur] of Object.entries(attributs || {})) noeud.setAttribute(cle, String(valeur));
    for (const enfant of enfants) {
      if (enfant === null || enfant === undefined) continue;
      noeud.append(enfant instanceof Node ? enfant : document.createTextNode(String(enfant)));
    }
    return noeud;
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
      } else if (champ.dataset.type === "paquet" && window.CompendiumParametres && window.CompendiumParametres.paquet) {
        sortie[id] = window.CompendiumParametres.paquet.lire(champ);
      } else {
        sortie[id] = champ.value;
      }
    }
    return sortie;
  }

  /** Plain SVG bar chart; the table next to it is the accessible version. */
  function graphique(lignes, titre, axe) {
    const n = lignes.length;
    const largeur = 680; // viewBox units; the SVG scales to the column's width
    const hauteur = 220;
    const marge = { haut: 12, bas: 28, gauche: 52, droite: 8 };
    const largeurBarre = Math.min(80, (largeur - marge.gauche - marge.droite) / Math.max(n, 1));
    const max = Math.max(...lignes.map((l) => l.probabilite), 1e-12);
    const echelle = (hauteur - marge.haut - marge.bas) / max;
    const pasEtiquette = Math.ceil(n / 24);
    const racine = svg("svg", {
      class: "cpd-graphique",
      viewBox: `0 0 ${largeur} ${hauteur}`,
      role: "img",
      "aria-label": titre,
      preserveAspectRatio: "xMinYMin meet",
    });
    racine.append(svg("title", {}, titre));
    // axes and two gridlines (0 and max)
    const y0 = hauteur - marge.bas;
    const droite = marge.gauche + n * largeurBarre;
    racine.append(svg("line", { class: "cpd-axe", x1: marge.gauche, y1: y0, x2: droite, y2: y0 }));
    for (const fraction of [0.5, 1]) {
      const y = y0 - max * fraction * echelle;
      racine.append(svg("line", { class: "cpd-grille", x1: marge.gauche, y1: y, x2: droite, y2: y }));
      racine.append(svg("text", { class: "cpd-graduation", x: marge.gauche - 4, y: y + 4, "text-anchor": "end" }, C().pourcentage(max * fraction)));
    }
    lignes.forEach((l, i) => {
      const h = Math.max(l.probabilite * echelle, l.probabilite > 0 ? 1 : 0);
      const x = marge.gauche + i * largeurBarre;
      const ecart = Math.min(2, largeurBarre * 0.15);
      const barre = svg("rect", { class: "cpd-barre", x: x + ecart / 2, y: y0 - h, width: largeurBarre - ecart, height: h });
      barre.append(svg("title", {}, `${l.libelle} : ${C().pourcentage(l.probabilite)} (${l.fraction})`));
      racine.append(barre);
      if (i % pasEtiquette === 0) {
        racine.append(svg("text", { class: "cpd-graduation", x: x + largeurBarre / 2, y: y0 + 14, "text-anchor": "middle" }, l.court));
      }
    });
    return C().el("figure", { classe: "cpd-figure" }, C().el("div", { classe: "cpd-figure-defilement" }, racine),
      C().el("figcaption", {}, axe + " (horizontalement) et probabilité (verticalement)"));
  }

  function tableau(titreColonne, lignes, legende) {
    const { el } = C();
    return el(
      "div",
      { classe: "cpd-tableau" },
      el(
        "table",
        { classe: "cpd-table", "data-role": "distribution" },
        el("caption", {}, legende),
        el("thead", {}, el("tr", {},
          el("th", { scope: "col" }, titreColonne),
          el("th", { scope: "col", classe: "cpd-nombre" }, "Fraction exacte"),
          el("th", { scope: "col", classe: "cpd-nombre" }, "Pourcentage"))),
        el("tbody", {}, lignes.map((l) => el("tr", l.id ? { "data-issue": l.id, "data-fraction": l.fraction } : {},
          el("th", { scope: "row" }, l.libelle),
          el("td", { classe: "cpd-nombre cpd-fraction" }, l.fraction),
          el("td", { classe: "cpd-nombre" }, C().pourcentage(l.probabilite))))),
      ),
    );
  }

  function afficherResultat(zone, resultat, nomCalcul, sortie) {
    const { el } = C();
    const blocs = [];
    if (Array.isArray(resultat.issues) && resultat.issues.length) {
      const lignes = resultat.issues.map((i) => ({ id: String(i.id), libelle: String(i.nom || i.id), court: String(i.nom || i.id), fraction: String(i.fraction), probabilite: Number(i.probabilite) }));
      blocs.push(tableau("Issue", lignes, "Probabilité de chaque issue — " + nomCalcul));
    }
    if (Array.isArray(resultat.distribution) && resultat.distribution.length) {
      const lignes = resultat.distribution.map((d) => ({
        libelle: String(d.valeur),
        court: String(d.valeur),
        fraction: String(d.fraction),
        probabilite: Number(d.probabilite),
      }));
      blocs.push(graphique(lignes, "Distribution de « " + sortie + " » — " + nomCalcul, sortie));
      blocs.push(tableau(sortie, lignes, "Distribution exacte — " + sortie));
    }
    if (resultat.esperance) {
      const e = resultat.esperance;
      const valeur = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 4 }).format(Number(e.valeur));
      blocs.push(el("p", { classe: "cpd-esperance", "data-role": "esperance" },
        "Espérance : ", el("strong", {}, valeur), " (", el("span", { classe: "cpd-fraction", "data-role": "esperance-fraction" }, String(e.fraction)), ")"));
    }
    if (!blocs.length) blocs.push(el("p", {}, "Le calcul n'a rien renvoyé."));
    zone.replaceChildren(...blocs);
    zone.dataset.etat = "resultat";
  }

  function initialiserFormulaire(formulaire) {
    if (formulaire.dataset.pret === "oui") return;
    formulaire.dataset.pret = "oui";
    formulaire.querySelectorAll('[data-type="paquet"]').forEach((c) => {
      const outil = window.CompendiumParametres && window.CompendiumParametres.paquet;
      if (outil) outil.rendre(c, JSON.parse(c.dataset.declaration || "{}"));
    });
    const jeu = formulaire.dataset.jeu;
    const calcul = formulaire.dataset.compendiumCalcul;
    const base = formulaire.dataset.base || "";
    const moteur = C().moteur(C().racine(base));
    const zone = formulaire.querySelector("[data-role=resultat]");
    const nomCalcul = formulaire.dataset.titre || calcul;
    const sortie = formulaire.dataset.sortie || "Valeur";
    let generation = 0;

    async function lancer() {
      const ma = ++generation;
      zone.dataset.etat = "calcul";
      zone.setAttribute("aria-busy", "true");
      if (!zone.childElementCount || zone.querySelector(".cpd-panneau-erreur")) {
        zone.replaceChildren(C().el("p", { classe: "cpd-aide" }, moteur.etat.pret ? "Calcul en cours…" : "Calcul dès que le moteur est prêt…"));
      }
      try {
        const resultat = await moteur.calculer(jeu, calcul, parametres(formulaire));
        if (ma === generation) afficherResultat(zone, resultat, nomCalcul, sortie);
      } catch (e) {
        if (ma === generation) {
          zone.replaceChildren(C().el("div", { classe: "cpd-panneau-erreur", role: "alert" },
            C().el("p", { classe: "cpd-panneau-titre" }, "Calcul impossible"), C().el("p", {}, e.message)));
          zone.dataset.etat = "erreur";
        }
      } finally {
        if (ma === generation) zone.removeAttribute("aria-busy");
      }
    }

    const plusTard = C().debounce(lancer, DELAI_CHANGEMENT_MS);
    formulaire.addEventListener("submit", (evenement) => {
      evenement.preventDefault();
      // An explicit « Calculer » supersedes a pending recalculation on change.
      plusTard.annuler();
      lancer();
    });
    formulaire.addEventListener("change", plusTard);
    // Show the result for the default values as soon as the engine is ready.
    moteur
      .preparer(jeu)
      .then(() => {
        if (!zone.childElementCount) lancer();
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
