// Drawing of an exact result, shared by « Probabilités » (probas.js) and « Dés libres » (des-libres.js):
// percentages first (exact fractions on demand), « au moins N » for numeric values, negligible
// tails folded into one row, a plain SVG bar chart, the expected value; one result, or A and B
// side by side on one chart.
//
//   const D = window.CompendiumProbasDessin;
//   D.serie(resultatDuMoteur, titre)   // -> a series (rows of the engine's answer)
//   D.afficher(zone, [serieA, serieB?], nomCalcul, sortie, actions)
//
// A result's `note_troncature` (text) replaces the default note on explosions stopped at the
// engine's depth (written for Khârn-Âges' exploding 10s).
(function () {
  "use strict";
  if (window.CompendiumProbasDessin) return; // loaded twice (instant navigation)

  const C = () => window.Compendium;
  const SVG = "http://www.w3.org/2000/svg";
  const NEGLIGEABLE = 0.00005; // shown as « < 0,01 % »: runs of such values at either end fold into one row
  const ID_TRONCATURE = "troncature"; // the mass of explosions stopped at the engine's depth: a note, not an outcome

  // --- Exact fractions (BigInt): folded rows and « au moins N » stay exact ----------------------

  function pgcd(a, b) {
    a = a < 0n ? -a : a;
    b = b < 0n ? -b : b;
    while (b) [a, b] = [b, a % b];
    return a || 1n;
  }

  function lireFraction(texte) {
    const m = /^\s*(-?\d+)\s*(?:\/\s*(\d+))?\s*$/.exec(String(texte));
    if (!m) return null;
    return [BigInt(m[1]), BigInt(m[2] || "1")];
  }

  function somme(a, b) {
    if (!a || !b) return null;
    const n = a[0] * b[1] + b[0] * a[1];
    const d = a[1] * b[1];
    const g = pgcd(n, d);
    return [n / g, d / g];
  }

  /** The fraction as a float, exact to 15 digits even when both terms overflow a double. */
  function valeurFraction(f, approchee) {
    if (!f || f[1] === 0n) return approchee;
    const echelle = 10n ** 15n;
    return Number((f[0] * echelle) / f[1]) / 1e15;
  }

  function texteFraction(f) {
    if (!f) return "—";
    return f[1] === 1n ? String(f[0]) : `${f[0]}/${f[1]}`;
  }

  // --- A result as rows ------------------------------------------------------------------------

  /**
   * {sortie, distribution: [{cle, libelle, court, frac, p}], issues: [...], numerique, esperance, troncature}
   * from the engine's answer.
   */
  function serie(resultat, titre) {
    // What the values are: the engine names them (a « Valeur étudiée » picks them for some calculations).
    const sortie = typeof resultat.sortie === "string" && resultat.sortie ? resultat.sortie : null;
    const issues = [];
    let troncature = null;
    for (const i of Array.isArray(resultat.issues) ? resultat.issues : []) {
      const point = { cle: String(i.id), libelle: String(i.nom || i.id), court: String(i.nom || i.id),
        fracTexte: String(i.fraction), frac: lireFraction(i.fraction), p: Number(i.probabilite) };
      if (point.cle === ID_TRONCATURE) troncature = point;
      else issues.push(point);
    }
    const brute = Array.isArray(resultat.distribution) ? resultat.distribution : [];
    const numerique = brute.length > 0 && brute.every((d) => typeof d.valeur === "number" && Number.isFinite(d.valeur));
    const distribution = brute.map((d) => ({ cle: String(d.valeur), valeur: d.valeur, libelle: String(d.valeur),
      court: String(d.valeur), fracTexte: String(d.fraction), frac: lireFraction(d.fraction), p: Number(d.probabilite) }));
    if (numerique) distribution.sort((a, b) => a.valeur - b.valeur);
    const noteTroncature = typeof resultat.note_troncature === "string" ? resultat.note_troncature : null;
    return { titre, sortie, issues, distribution, numerique, esperance: resultat.esperance || null, troncature, noteTroncature };
  }

  /**
   * Rows shared by one or two series: union of the keys in order; with `plier`, runs of
   * negligible values at either end become one row « ≤ v » / « ≥ v » with their exact total.
   * Each row: {cle, libelle, court, valeurs: [{frac, fracTexte, p} | null per series], plie}.
   */
  function lignesCommunes(series, quoi, plier) {
    const cles = [];
    const vues = new Set();
    for (const s of series) {
      for (const point of s[quoi]) {
        if (!vues.has(point.cle)) {
          vues.add(point.cle);
          cles.push(point);
        }
      }
    }
    if (plier) cles.sort((a, b) => a.valeur - b.valeur);
    const parCle = series.map((s) => new Map(s[quoi].map((point) => [point.cle, point])));
    const lignes = cles.map((modele) => ({
      cle: modele.cle, valeur: modele.valeur, libelle: modele.libelle, court: modele.court, plie: false,
      valeurs: parCle.map((m) => m.get(modele.cle) || { frac: [0n, 1n], fracTexte: "0", p: 0 }),
    }));
    if (!plier) return lignes;
    const negligeable = (ligne) => ligne.valeurs.every((v) => v.p < NEGLIGEABLE);
    let debut = 0;
    while (debut < lignes.length && negligeable(lignes[debut])) debut++;
    let fin = lignes.length;
    while (fin > debut && negligeable(lignes[fin - 1])) fin--;
    const plie = (morceau, signe, borne) => {
      const valeurs = series.map((_, k) => {
        let frac = [0n, 1n];
        let p = 0;
        for (const ligne of morceau) {
          frac = somme(frac, ligne.valeurs[k].frac);
          p += ligne.valeurs[k].p;
        }
        return { frac, fracTexte: texteFraction(frac), p: valeurFraction(frac, p) };
      });
      return { cle: signe + borne.cle, valeur: borne.valeur, libelle: `${signe} ${borne.libelle}`,
        court: signe + borne.court, plie: true, nombre: morceau.length, valeurs };
    };
    const sortie = [];
    if (debut >= 2) sortie.push(plie(lignes.slice(0, debut), "≤", lignes[debut - 1]));
    else sortie.push(...lignes.slice(0, debut));
    sortie.push(...lignes.slice(debut, fin));
    if (lignes.length - fin >= 2) sortie.push(plie(lignes.slice(fin), "≥", lignes[fin]));
    else sortie.push(...lignes.slice(fin));
    return sortie;
  }

  /** P(X ≥ v) for every row of a numeric table, exact, for series k. */
  function auMoins(lignes, k) {
    const sortie = new Array(lignes.length);
    let frac = [0n, 1n];
    let p = 0;
    for (let i = lignes.length - 1; i >= 0; i--) {
      frac = somme(frac, lignes[i].valeurs[k].frac);
      p += lignes[i].valeurs[k].p;
      sortie[i] = { frac, p: Math.min(valeurFraction(frac, p), 1) };
    }
    return sortie;
  }

  // --- Drawing ---------------------------------------------------------------------------------

  function svg(tag, attributs, ...enfants) {
    const noeud = document.createElementNS(SVG, tag);
    for (const [cle, valeur] of Object.entries(attributs || {})) noeud.setAttribute(cle, String(valeur));
    for (const enfant of enfants) {
      if (enfant === null || enfant === undefined) continue;
      noeud.append(enfant instanceof Node ? enfant : document.createTextNode(String(enfant)));
    }
    return noeud;
  }

  /** Plain SVG bar chart, one bar per series and row; the tables are the accessible version. */
  let tablesNumerotees = 0; // ids of the result tables, unique in the page (several forms)

  function graphique(lignes, series, titre, axe, decrit) {
    const n = lignes.length;
    const nb = series.length;
    const largeur = 680; // viewBox units; the SVG scales to the column's width
    // On a phone the chart is drawn at about half its size: larger labels (CSS), fewer of them, a wider margin.
    const etroit = Boolean(window.matchMedia && window.matchMedia("(max-width: 30em)").matches);
    const hauteur = etroit ? 240 : 220;
    const marge = { haut: 12, bas: etroit ? 40 : 28, gauche: etroit ? 84 : 52, droite: 8 };
    const largeurGroupe = Math.min(80, (largeur - marge.gauche - marge.droite) / Math.max(n, 1));
    const max = Math.max(...lignes.flatMap((l) => l.valeurs.map((v) => v.p)), 1e-12);
    const echelle = (hauteur - marge.haut - marge.bas) / max;
    const pasEtiquette = Math.ceil(n / (etroit ? 12 : 24));
    // The chart's text equivalent is its table (each value, its percentage and « au moins »).
    const racine = svg("svg", { class: etroit ? "cpd-graphique cpd-graphique--etroit" : "cpd-graphique", viewBox: `0 0 ${largeur} ${hauteur}`, role: "img",
      "aria-label": titre, "aria-describedby": (decrit || []).join(" "), preserveAspectRatio: "xMinYMin meet" });
    racine.append(svg("title", {}, titre));
    const y0 = hauteur - marge.bas;
    const droite = marge.gauche + n * largeurGroupe;
    racine.append(svg("line", { class: "cpd-axe", x1: marge.gauche, y1: y0, x2: droite, y2: y0 }));
    for (const part of [0.5, 1]) {
      const y = y0 - max * part * echelle;
      racine.append(svg("line", { class: "cpd-grille", x1: marge.gauche, y1: y, x2: droite, y2: y }));
      racine.append(svg("text", { class: "cpd-graduation", x: marge.gauche - 4, y: y + (etroit ? 7 : 4), "text-anchor": "end" },
        C().pourcentage(max * part)));
    }
    const ecart = Math.min(2, largeurGroupe * 0.15);
    const largeurBarre = (largeurGroupe - ecart) / nb;
    lignes.forEach((l, i) => {
      const x = marge.gauche + i * largeurGroupe + ecart / 2;
      l.valeurs.forEach((v, k) => {
        const h = Math.max(v.p * echelle, v.p > 0 ? 1 : 0);
        const barre = svg("rect", { class: `cpd-barre cpd-barre--${"ab"[k]}`, "data-serie": "AB"[k],
          x: x + k * largeurBarre, y: y0 - h, width: largeurBarre, height: h });
        const nom = nb > 1 ? `${"AB"[k]} — ` : "";
        barre.append(svg("title", {}, `${nom}${l.libelle} : ${C().pourcentage(v.p)} (${v.fracTexte})`));
        racine.append(barre);
      });
      if (i % pasEtiquette === 0) {
        racine.append(svg("text", { class: "cpd-graduation", x: x - ecart / 2 + largeurGroupe / 2, y: y0 + (etroit ? 24 : 14),
          "text-anchor": "middle" }, l.court));
      }
    });
    const { el } = C();
    const legende = nb > 1
      ? el("ul", { classe: "cpd-legende", "data-role": "legende" }, series.map((s, k) =>
        el("li", {}, el("span", { classe: `cpd-pastille cpd-pastille--${"ab"[k]}`, "aria-hidden": "true" }),
          el("strong", {}, "AB"[k]), " : ", s.titre)))
      : null;
    return el("figure", { classe: "cpd-figure" }, el("div", { classe: "cpd-figure-defilement" }, racine), legende,
      el("figcaption", {}, axe + " (horizontalement) et probabilité (verticalement)"));
  }

  /** One series' table: percentage first, « au moins » for numbers, the exact fraction on demand. */
  function tableau(titreColonne, lignes, k, legende, numerique, id, nomRegion) {
    const { el } = C();
    const cumul = numerique ? auMoins(lignes, k) : null;
    const enTete = el("tr", {},
      el("th", { scope: "col" }, titreColonne),
      el("th", { scope: "col", classe: "cpd-nombre" }, "Probabilité"),
      numerique ? el("th", { scope: "col", classe: "cpd-nombre" }, "Au moins cette valeur") : null,
      el("th", { scope: "col", classe: "cpd-nombre cpd-col-fraction" }, "Fraction exacte"));
    const corps = lignes.map((l, i) => {
      const v = l.valeurs[k];
      const attributs = { "data-fraction": v.fracTexte };
      if (!numerique) attributs["data-issue"] = l.cle;
      if (l.plie) {
        attributs["data-plie"] = String(l.nombre);
        attributs.title = `${l.nombre} valeurs regroupées, chacune sous 0,01 %`;
      }
      return el("tr", attributs,
        el("th", { scope: "row" }, l.libelle),
        el("td", { classe: "cpd-nombre cpd-pourcentage" }, C().pourcentage(v.p)),
        numerique ? el("td", { classe: "cpd-nombre cpd-au-moins", title: "Fraction exacte : " + texteFraction(cumul[i].frac) },
          C().pourcentage(cumul[i].p)) : null,
        el("td", { classe: "cpd-nombre cpd-fraction cpd-col-fraction" }, v.fracTexte));
    });
    // A table wider than a phone scrolls in its frame, which the keyboard can reach (a named region).
    return el("div", { classe: "cpd-tableau", tabindex: "0", role: "region", "aria-label": nomRegion || legende },
      el("table", { classe: "cpd-table", id, "data-role": numerique ? "distribution" : "issues" },
        el("caption", {}, legende), el("thead", {}, enTete), el("tbody", {}, corps)));
  }

  function noteTroncature(s) {
    const { el } = C();
    if (!s.troncature || !(s.troncature.p > 0)) return null;
    const fraction = el("span", { classe: "cpd-col-fraction" }, " (", el("span", { classe: "cpd-fraction" },
      s.troncature.fracTexte), ")");
    if (s.noteTroncature) {
      // The engine's own wording (« Dés libres »), followed by the probability.
      return el("p", { classe: "cpd-aide cpd-note-troncature", "data-role": "troncature" },
        s.noteTroncature, " ", C().pourcentage(s.troncature.p), fraction, ".");
    }
    // The engine stops an explosion at its depth and counts it with the value it reached (its
    // last 10 added): that mass is inside the rows (the folded last row of a total), never left out.
    return el("p", { classe: "cpd-aide cpd-note-troncature", "data-role": "troncature" },
      "Les dés qui explosent sont suivis jusqu'à une profondeur maximale ; une explosion l'atteint avec la probabilité ",
      C().pourcentage(s.troncature.p), fraction, ". Ce cas n'est pas mis à part : l'explosion s'arrête là et compte pour la valeur ",
      "atteinte, dernier 10 compris ; il figure donc dans la ligne de cette valeur (pour un total, la dernière ligne, ",
      "souvent regroupée en « ≥ … »), et la somme des lignes vaut 1.");
  }

  function esperance(s) {
    const { el } = C();
    if (!s.esperance) return null;
    const valeur = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 4 }).format(Number(s.esperance.valeur));
    return el("p", { classe: "cpd-esperance", "data-role": "esperance" }, "Espérance : ", el("strong", {}, valeur),
      el("span", { classe: "cpd-col-fraction" }, " (", el("span", { classe: "cpd-fraction", "data-role": "esperance-fraction" },
        String(s.esperance.fraction)), ")"));
  }

  /**
   * Draw one result, or A and B side by side (one chart, two sets of tables). With
   * `options.lignesPropres`, each series' table has its own values only (two different pools),
   * instead of the rows both share (two settings of one calculation).
   */
  function afficher(zone, series, nomCalcul, sortieDeclaree, actions, options) {
    const { el } = C();
    const blocs = [];
    const nb = series.length;
    const sortieDe = (s) => s.sortie || sortieDeclaree;
    const sorties = series.map(sortieDe);
    const sortie = sorties.every((x) => x === sorties[0]) ? sorties[0]
      : sorties.map((x, k) => `${"AB"[k]} : ${x}`).join(" ; ");
    const avecDistribution = series.some((s) => s.distribution.length);
    const numerique = avecDistribution && series.every((s) => !s.distribution.length || s.numerique);
    const lignesIssues = lignesCommunes(series, "issues", false);
    const lignesDistribution = avecDistribution ? lignesCommunes(series, "distribution", numerique) : [];
    const ids = series.map(() => ({ issues: `cpd-table-${++tablesNumerotees}`, distribution: `cpd-table-${++tablesNumerotees}` }));
    if (avecDistribution) {
      blocs.push(graphique(lignesDistribution, series, "Distribution de « " + sortie + " » — " + nomCalcul, sortie,
        ids.map((i) => i.distribution)));
    } else if (nb > 1 && lignesIssues.length) {
      blocs.push(graphique(lignesIssues, series, "Probabilité de chaque issue — " + nomCalcul, "Issue", ids.map((i) => i.issues)));
    }
    const colonnes = series.map((s, k) => {
      const titre = nb > 1 ? el("h4", { classe: "cpd-serie-titre" }, el("strong", {}, "AB"[k]), " — ", s.titre) : null;
      // Each table's frame is a region named once in the page: its calculation, and A or B.
      const region = (nom) => `${nom} — ${nomCalcul}${nb > 1 ? ` (${"AB"[k]})` : ""}`;
      const regionDistribution = region("Distribution de « " + sortieDe(s) + " »");
      return el("div", { classe: "cpd-serie", "data-serie": nb > 1 ? "AB"[k] : "" }, titre,
        lignesIssues.length ? tableau("Issue", lignesIssues, k, "Probabilité de chaque issue — " + nomCalcul, false, ids[k].issues,
          region("Probabilité de chaque issue")) : null,
        lignesDistribution.length ? (options && options.lignesPropres
          ? tableau(sortieDe(s), lignesCommunes([s], "distribution", numerique), 0, "Distribution — " + sortieDe(s), numerique,
            ids[k].distribution, regionDistribution)
          : tableau(sortieDe(s), lignesDistribution, k, "Distribution — " + sortieDe(s), numerique, ids[k].distribution,
            regionDistribution)) : null,
        esperance(s), noteTroncature(s));
    });
    blocs.push(nb > 1 ? el("div", { classe: "cpd-comparaison", "data-role": "comparaison" }, colonnes) : colonnes[0]);
    if (!lignesIssues.length && !lignesDistribution.length) blocs.push(el("p", {}, "Le calcul n'a rien renvoyé."));
    const bascule = el("input", { type: "checkbox", "data-role": "voir-fractions" });
    bascule.checked = zone.classList.contains("cpd-avec-fractions");
    bascule.addEventListener("change", () => zone.classList.toggle("cpd-avec-fractions", bascule.checked));
    blocs.push(el("p", { classe: "cpd-actions cpd-actions-resultat" },
      el("label", { classe: "cpd-bascule" }, bascule, " Afficher les fractions exactes"), " ", actions));
    zone.replaceChildren(...blocs);
    zone.dataset.etat = "resultat";
  }

  const SEUIL_PROGRESSION_S = 0.5; // below this, a calculation shows no timer

  /**
   * A long exact calculation shows the seconds spent so far, above the previous (dimmed) result,
   * while `encours()` holds (the calculation is still the latest one). Returns the interval to clear.
   */
  function progression(zone, encours) {
    const { el } = C();
    const debut = performance.now();
    return setInterval(() => {
      const secondes = (performance.now() - debut) / 1000;
      if (secondes < SEUIL_PROGRESSION_S || !encours()) return;
      let ligne = zone.querySelector("[data-role=progression]");
      if (!ligne) {
        ligne = el("p", { classe: "cpd-aide cpd-progression", "data-role": "progression" });
        zone.prepend(ligne);
      }
      ligne.textContent = `Calcul exact en cours… ${secondes.toFixed(1).replace(".", ",")} s`;
    }, 250);
  }

  window.CompendiumProbasDessin = { serie, afficher, lignesCommunes, auMoins, graphique, tableau, lireFraction, texteFraction,
    progression };
})();
