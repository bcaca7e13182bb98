// « Composer et vérifier »: drawing the engine's report (messages with their rule links, costs,
// creatures). Every name coming from a list is written with textContent (through Compendium.el).
// Loaded before verifier.js; everything is on Compendium.verifierRapport.
(function () {
  "use strict";

  const PAR_PAGE = 200; // messages and cost rows drawn at once; « Afficher … de plus » draws the next ones
  // --- Report rendering -------------------------------------------------------------------

  const C = () => window.Compendium;

  /** "/entrees/2/sorts/0" -> "entrée 3 « Lanciers »": the entry a message is about (its fields are named in the message). */
  function libelleChemin(chemin, liste) {
    const morceaux = String(chemin || "").split("/").slice(1);
    if (morceaux[0] !== "entrees") return "";
    if (!/^\d+$/.test(morceaux[1] || "")) return "entrées";
    const rang = Number(morceaux[1]);
    const nom = liste && liste[rang] && liste[rang].nom ? " « " + liste[rang].nom + " »" : "";
    return "entrée " + (rang + 1) + nom;
  }

  function entreesDetail(rapport) {
    const d = rapport.details || {};
    const entrees = d.entrees || d.couts || [];
    return Array.isArray(entrees) ? entrees : [];
  }

  const joli = (texte) => {
    const t = String(texte).replace(/[-_]+/g, " ");
    return t.charAt(0).toUpperCase() + t.slice(1);
  };
  const clesDuChamp = (pointeur) => {
    const cles = String(pointeur || "").split("/").slice(1).map((m) => m.replace(/~1/g, "/").replace(/~0/g, "~"));
    const dernier = cles.reduce((d, m, i) => (/^(\d+|-)$/.test(m) ? i : d), -1);
    return cles.slice(dernier + 1).filter((m) => !/^(\d+|-)$/.test(m));
  };
  const yaml = (v) => (Array.isArray(v) ? "[" + v.map(yaml).join(", ") + "]"
    : v !== null && typeof v === "object" ? "{" + Object.entries(v).map(([k, x]) => k + ": " + yaml(x)).join(", ") + "}" : String(v));

  /**
   * A message in the player's words when the builder is not there to name fields and values
   * (it failed to load its data): keys and values made readable, never as the YAML file writes them.
   */
  function texteSansCompositeur(v) {
    const parties = Array.isArray(v.parties) && v.parties.length ? v.parties : [String(v.message || "")];
    const morceaux = parties.map((p) => {
      if (typeof p === "string") return p;
      if (!p || typeof p !== "object") return "";
      if (typeof p.entree === "number") return (p.nom || "Entrée " + (p.entree + 1)) + " — ";
      const titre = joli(clesDuChamp(p.champ).pop() || "");
      const nom = (x) => (x === true ? "coché" : x === false ? "non coché" : Array.isArray(x) ? x.map(nom).join(", ") : joli(x));
      if (Array.isArray(p.valeurs)) return p.valeurs.map(nom).join(p.liaison === "et" ? " et " : " ou ");
      if ("valeur" in p) return typeof p.valeur === "boolean" ? `« ${titre} » ${nom(p.valeur)}` : `« ${titre} : ${nom(p.valeur)} »`;
      return `« ${titre} »`;
    });
    const texte = morceaux.join("").trim();
    return texte.charAt(0).toUpperCase() + texte.slice(1);
  }

  /** The fields a message names, as the YAML file writes them (`meneur: true`), for the text view. */
  function champsYaml(v) {
    const vus = new Set();
    for (const p of Array.isArray(v.parties) ? v.parties : []) {
      if (!p || typeof p !== "object" || typeof p.champ !== "string") continue;
      const cles = clesDuChamp(p.champ);
      if (!cles.length) continue;
      let texte = "valeur" in p ? yaml(p.valeur) : null;
      if (texte !== null) for (const cle of cles.slice(1).reverse()) texte = `{${cle}: ${texte}}`;
      vus.add(texte === null ? cles.join(".") : `${cles[0]}: ${texte}`);
    }
    return [...vus];
  }

  /**
   * One message of the report. `texteJoueur(v)`: the builder's words for it (fields by their
   * labels, values by their names); the fields as the YAML file writes them follow, set apart and
   * labelled « Champ YAML », for who edits the text view.
   */
  function violation(v, base, entrees, classe, texteJoueur) {
    const { el } = C();
    const lien = C().lienSur(base, v.regle);
    const ou = libelleChemin(v.chemin, entrees);
    const champs = champsYaml(v);
    return el(
      "li",
      { classe: "cpd-violation " + classe, "data-code": v.code },
      el("span", { classe: "cpd-violation-message" }, texteJoueur ? texteJoueur(v) : texteSansCompositeur(v)),
      " ",
      el(
        "span",
        { classe: "cpd-violation-meta" },
        ou ? el("span", { classe: "cpd-chemin" }, ou) : null,
        ou && lien ? " · " : null,
        lien ? el("a", { href: lien }, "voir la règle") : null,
      ),
      champs.length
        ? el("span", { classe: "cpd-champ-yaml", "data-role": "champ-yaml" },
          (champs.length > 1 ? "Champs YAML : " : "Champ YAML : "),
          champs.map((c, i) => [i ? ", " : "", el("code", {}, c)]))
        : null,
      // The stable code is not shown to players: it stays in data-code (tests, tools); the CLI keeps it.
    );
  }

  /** Codes such as « (D6_HEROS_MAX) » written in an example's description: players do not need them. */
  function sansCodes(texte) {
    return String(texte || "").replace(/\s*\((?:[A-Z][A-Z0-9]*_[A-Z0-9_]+(?:,\s*)?)+\)/g, "");
  }

  /**
   * Draw `elements` into `conteneur` PAR_PAGE at a time: a list of 40 000 violations must not
   * freeze the page. A button after them draws the next ones.
   */
  function afficherParPaquets(conteneur, elements, dessiner, nomPluriel) {
    const { el } = C();
    let affiches = 0;
    let suite = null;
    const plus = () => {
      const fin = Math.min(elements.length, affiches + PAR_PAGE);
      const nouveaux = [];
      for (let i = affiches; i < fin; i++) nouveaux.push(dessiner(elements[i], i));
      conteneur.append(...nouveaux);
      affiches = fin;
      if (suite) suite.remove();
      suite = null;
      const reste = elements.length - affiches;
      if (reste > 0) {
        suite = el("p", { classe: "cpd-suite", "data-role": "suite" },
          `… et ${C().nombre(reste)} autre${reste > 1 ? "s" : ""} ${nomPluriel} non affiché${reste > 1 ? "s" : ""}. `,
          el("button", { type: "button", classe: "md-button", onclick: plus },
            `Afficher les ${C().nombre(Math.min(reste, PAR_PAGE))} suivant${Math.min(reste, PAR_PAGE) > 1 ? "s" : ""}`));
        const apres = conteneur.closest(".cpd-tableau") || conteneur;
        apres.after(suite);
      }
    };
    plus();
  }

  const LIBELLES = {
    mouvement: "Mouvement", melee: "Mêlée", tir: "Tir", armure: "Armure", puissante: "Puissante",
    profil: "Profil", retire: "Équipement retiré", ajoute: "Équipement ajouté", grimoire: "Grimoire",
    sorts_grimoire: "Sorts de grimoire", munitions: "Munitions",
  };

  /** "Mouvement 9 : 1 · Mêlée 2 ×2 : 8 · …" from the engine's per-field costs, when it gives them. */
  function detailCout(couts) {
    if (!couts || typeof couts !== "object") return "";
    const morceaux = [];
    for (const [cle, v] of Object.entries(couts)) {
      const libelle = LIBELLES[cle] || cle;
      if (v && typeof v === "object") {
        const fois = v.attaques && v.attaques > 1 ? " ×" + v.attaques : "";
        const valeur = v.valeur === undefined ? "" : " " + String(v.valeur);
        morceaux.push(`${libelle}${valeur}${fois} : ${v.total ?? v.cout}`);
      } else if (typeof v === "number" && v !== 0) {
        morceaux.push(`${libelle} : ${v}`);
      }
    }
    return morceaux.join(" · ");
  }

  /** Final characteristics of each creature, when the game's report gives them (HAMI). */
  function tableauCreatures(creatures, base) {
    const { el } = C();
    if (!Array.isArray(creatures) || !creatures.length) return null;
    const texte = (v) => (v === undefined || v === null || v === "" ? "—" : String(v));
    const bonus = (c) => {
      const b = c.bonus_individuel;
      if (!b) return "—";
      const lien = C().lienSur(base, b.regle);
      const nom = (b.nom || "") + " : " + (b.texte || "");
      return lien ? el("a", { href: lien }, nom) : nom;
    };
    const colonnes = ["Créature", "M", "C", "T", "E", "Actions", "Ajustements", "Bonus de tribu"];
    return el(
      "div",
      { classe: "cpd-tableau" },
      el(
        "table",
        { classe: "cpd-table", "data-role": "creatures" },
        el("caption", {}, "Caractéristiques finales de chaque créature"),
        el("thead", {}, el("tr", {}, colonnes.map((t) => el("th", { scope: "col" }, t)))),
        el(
          "tbody",
          {},
          creatures.map((c) =>
            el("tr", {},
              el("td", {}, el("span", { classe: "cpd-nom" }, texte(c.nom))),
              ["M", "C", "T", "E", "actions"].map((k) => el("td", { classe: "cpd-nombre" }, texte(c[k]))),
              el("td", {}, texte((c.ajustements || []).join(" ; "))),
              el("td", {}, bonus(c)))),
        ),
      ),
    );
  }

  /** "Guerrier Mongo (niveau II) 75 · − Mkuki −8 · + Guisarme 22" from the engine's cost lines. */
  function lignesCout(lignes) {
    return lignes
      .filter((l) => l && typeof l === "object")
      .map((l) => {
        const cout = typeof l.cout === "number" ? (l.cout < 0 ? "−" + C().nombre(-l.cout) : C().nombre(l.cout)) : "";
        return String(l.libelle ?? "") + (cout ? " : " + cout : "");
      })
      .join(" · ");
  }

  function tableauCouts(entrees, unite) {
    const { el, nombre } = C();
    if (!entrees.length) return null;
    const valeur = (e, ...cles) => {
      for (const c of cles) if (e[c] !== undefined && e[c] !== null) return e[c];
      return "";
    };
    const chiffre = (v) => (typeof v === "number" ? nombre(v) : String(v));
    const avecDetail = entrees.some((e) => e.couts);
    const tableau = el(
      "div",
      { classe: "cpd-tableau" },
      el(
        "table",
        { classe: "cpd-table cpd-table-couts", "data-role": "couts" },
        el("caption", {}, "Coût de chaque entrée (" + unite + ")"),
        el(
          "thead",
          {},
          el("tr", {}, el("th", { scope: "col" }, "N°"), el("th", { scope: "col" }, "Entrée"), el("th", { scope: "col" }, "Rôle"),
            el("th", { scope: "col", classe: "cpd-nombre" }, "Nombre"), el("th", { scope: "col", classe: "cpd-nombre" }, "Coût unitaire"),
            el("th", { scope: "col", classe: "cpd-nombre" }, "Coût")),
        ),
        el("tbody", {}),
      ),
    );
    // data-libelle names each cell on a phone, where the table is drawn as one block per entry.
    const ligne = (e, i) =>
      el(
        "tr",
        {},
        el("td", { classe: "cpd-rang", "data-libelle": "N°" }, String((typeof e.index === "number" ? e.index : i) + 1)),
        el("td", { classe: "cpd-entree" }, el("span", { classe: "cpd-nom" }, String(valeur(e, "nom") || "—")),
          Array.isArray(e.lignes_cout) && e.lignes_cout.length
            ? el("span", { classe: "cpd-detail" }, lignesCout(e.lignes_cout))
            : avecDetail && e.couts ? el("span", { classe: "cpd-detail" }, detailCout(e.couts)) : null),
        el("td", { classe: "cpd-role", "data-libelle": "Rôle" }, ROLES[e.role] || String(valeur(e, "role"))),
        el("td", { classe: "cpd-nombre", "data-libelle": "Nombre" }, chiffre(valeur(e, "nombre"))),
        el("td", { classe: "cpd-nombre", "data-libelle": "Coût unitaire" }, chiffre(valeur(e, "cout_figure", "cout_unitaire"))),
        el("td", { classe: "cpd-nombre cpd-cout", "data-libelle": "Coût" }, chiffre(valeur(e, "cout_total", "cout"))),
      );
    return { bloc: tableau, remplir: () => afficherParPaquets(tableau.querySelector("tbody"), entrees, ligne, "entrées") };
  }

  const ROLES = { troupe: "Troupe", heros: "Héros", sorcier: "Sorcier", leader: "Leader" };

  window.Compendium = window.Compendium || {};
  window.Compendium.verifierRapport = {
    C, entreesDetail, violation, sansCodes, afficherParPaquets, tableauCreatures, tableauCouts,
  };
})();
