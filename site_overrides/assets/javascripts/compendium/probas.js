// « Probabilités »: wires the forms generated from the calculation declarations
// (probas.md.j2) to the engine running in the Web Worker, and draws the result:
// percentages first (exact fractions on demand), « au moins N » for numeric values,
// negligible tails folded into one row, a plain SVG bar chart, the expected value.
// « Comparer » keeps a result as A; the next one is drawn as B beside it, on one chart.
// The result for the default values is embedded by the build and drawn at once, marked as such.
(function () {
  "use strict";

  const C = () => window.Compendium;
  const SVG = "http://www.w3.org/2000/svg";
  const DELAI_CHANGEMENT_MS = 250;
  const SEUIL_PROGRESSION_S = 0.5; // below this, a calculation shows no timer
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

  /** What a deck or die parameter still lacks (French), or "" when every one of the form is complete. */
  function paquetManquant(formulaire) {
    for (const champ of formulaire.querySelectorAll('input[data-type="entier"]')) {
      if (champ.value.trim()) continue;
      const label = champ.id && formulaire.querySelector(`label[for="${CSS.escape(champ.id)}"]`);
      const nom = label ? label.firstChild.textContent.trim() : champ.dataset.parametre;
      return `Indiquez « ${nom} » : ce calcul n'a pas de valeur par défaut pour ce champ.`;
    }
    for (const champ of formulaire.querySelectorAll(EDITEURS)) {
      const outil = editeur(champ.dataset.type);
      if (!outil) return `${NOMS_EDITEURS[champ.dataset.type]} n'a pas pu se charger.`;
      const manque = outil.manque(champ);
      if (manque) return manque;
    }
    return "";
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
      } else if (champ.dataset.type === "paquet") {
        morceaux.push(`${nom} (${champ.querySelectorAll("tbody tr").length} cartes)`);
      } else if (champ.dataset.type === "des" || champ.dataset.type === "pile") {
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
    return { titre, sortie, issues, distribution, numerique, esperance: resultat.esperance || null, troncature };
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
    const hauteur = 220;
    const marge = { haut: 12, bas: 28, gauche: 52, droite: 8 };
    const largeurGroupe = Math.min(80, (largeur - marge.gauche - marge.droite) / Math.max(n, 1));
    const max = Math.max(...lignes.flatMap((l) => l.valeurs.map((v) => v.p)), 1e-12);
    const echelle = (hauteur - marge.haut - marge.bas) / max;
    const pasEtiquette = Math.ceil(n / 24);
    // The chart's text equivalent is its table (each value, its percentage and « au moins »).
    const racine = svg("svg", { class: "cpd-graphique", viewBox: `0 0 ${largeur} ${hauteur}`, role: "img",
      "aria-label": titre, "aria-describedby": decrit.join(" "), preserveAspectRatio: "xMinYMin meet" });
    racine.append(svg("title", {}, titre));
    const y0 = hauteur - marge.bas;
    const droite = marge.gauche + n * largeurGroupe;
    racine.append(svg("line", { class: "cpd-axe", x1: marge.gauche, y1: y0, x2: droite, y2: y0 }));
    for (const part of [0.5, 1]) {
      const y = y0 - max * part * echelle;
      racine.append(svg("line", { class: "cpd-grille", x1: marge.gauche, y1: y, x2: droite, y2: y }));
      racine.append(svg("text", { class: "cpd-graduation", x: marge.gauche - 4, y: y + 4, "text-anchor": "end" },
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
        racine.append(svg("text", { class: "cpd-graduation", x: x - ecart / 2 + largeurGroupe / 2, y: y0 + 14,
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
    return el("div", { classe: "cpd-tableau", tabindex: "0", role: "region", "aria-label": nomRegion },
      el("table", { classe: "cpd-table", id, "data-role": numerique ? "distribution" : "issues" },
        el("caption", {}, legende), el("thead", {}, enTete), el("tbody", {}, corps)));
  }

  function noteTroncature(s) {
    const { el } = C();
    if (!s.troncature || !(s.troncature.p > 0)) return null;
    // The engine stops an explosion at its depth and counts it with the value it reached (its
    // last 10 added): that mass is inside the rows (the folded last row of a total), never left out.
    return el("p", { classe: "cpd-aide cpd-note-troncature", "data-role": "troncature" },
      "Les dés qui explosent sont suivis jusqu'à une profondeur maximale ; une explosion l'atteint avec la probabilité ",
      C().pourcentage(s.troncature.p), el("span", { classe: "cpd-col-fraction" }, " (", el("span", { classe: "cpd-fraction" },
        s.troncature.fracTexte), ")"), ". Ce cas n'est pas mis à part : l'explosion s'arrête là et compte pour la valeur ",
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

  /** Draw one result, or A and B side by side (one chart, two sets of tables). */
  function afficher(zone, series, nomCalcul, sortieDeclaree, actions) {
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
      return el("div", { classe: "cpd-serie", "data-serie": nb > 1 ? "AB"[k] : "" }, titre,
        lignesIssues.length ? tableau("Issue", lignesIssues, k, "Probabilité de chaque issue — " + nomCalcul, false, ids[k].issues,
          region("Probabilité de chaque issue")) : null,
        lignesDistribution.length ? tableau(sortieDe(s), lignesDistribution, k, "Distribution — " + sortieDe(s), numerique,
          ids[k].distribution, region("Distribution de « " + sortieDe(s) + " »")) : null,
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
      const manque = paquetManquant(formulaire);
      if (manque) {
        zone.replaceChildren(el("p", { classe: "cpd-aide cpd-attente-paquet", "data-role": "attente-paquet" }, manque));
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
      const minuteur = progression(zone, ma);
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

    /** A long exact calculation shows the seconds spent so far, above the previous (dimmed) result. */
    function progression(zone, ma) {
      const debut = performance.now();
      return setInterval(() => {
        const secondes = (performance.now() - debut) / 1000;
        if (secondes < SEUIL_PROGRESSION_S || ma !== generation) return;
        let ligne = zone.querySelector("[data-role=progression]");
        if (!ligne) {
          ligne = el("p", { classe: "cpd-aide cpd-progression", "data-role": "progression" });
          zone.prepend(ligne);
        }
        ligne.textContent = `Calcul exact en cours… ${secondes.toFixed(1).replace(".", ",")} s`;
      }, 250);
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
    const construction = paquetManquant(formulaire) || presetApplique ? null : resultatConstruction(formulaire);
    if (construction) {
      zone.dataset.origine = "construction";
      actuelle = serie(construction, resumeParametres(formulaire));
      dessiner();
    }
    if (paquetManquant(formulaire) || presetApplique) lancer();
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
