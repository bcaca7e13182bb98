// Card editor for a player's profile catalogue (Khârn-Âges: the book has no unit cards).
//
// Everything is generated from the catalogue schema found in the game bundle
// (assets/data/<jeu>.json, key schemas.catalogue): the sections (profils, equipements,
// sorts), the card layout and the form fields with their bounds and French titles.
// The catalogue is kept in « Mon matériel » (materiel.js, item "catalogue": {nom, texte}). On the
// checker page it goes through a small hook in verifier.js (events on the catalogue block), which
// keeps it there: "compendium:catalogue-edite" (this editor → checker) and "compendium:catalogue"
// (checker → this editor, after a file, an example or « Retirer »). On « Mon matériel » (no
// checker) this editor keeps it there itself and follows its changes.
// Names typed by a player are always written with textContent, never as HTML.
// Files: cartes-champs.js (schema reading, generated form fields) and this one (storage, YAML
// writer, card display, the editor).
(function () {
  "use strict";

  const CLE_CARTES = "compendium.cartes."; // + game id: {texte, donnees}, the parsed copy of that text
  const NOM_PAR_DEFAUT = "Mon catalogue";
  const C = () => window.Compendium;
  // Schema reading and form fields: cartes-champs.js, loaded before this file.
  const { resoudre, typesDe, sections, nouveau, unAutre, champ, statsSeules } = window.Compendium.cartesChamps || {};

  // --- Storage (never throws: private browsing, full storage) -----------------------------------

  function lire(cle) {
    try {
      return JSON.parse(window.localStorage.getItem(cle) || "null");
    } catch (e) {
      return null;
    }
  }

  function ecrire(cle, valeur) {
    try {
      if (valeur === null) window.localStorage.removeItem(cle);
      else window.localStorage.setItem(cle, JSON.stringify(valeur));
    } catch (e) {
      /* the catalogue stays in memory for this visit */
    }
  }

  // --- A small YAML writer for plain data (objects, arrays, strings, numbers, booleans) ---------

  const RESERVES = /^(true|false|yes|no|on|off|null|~|y|n)$/i;
  const NOMBRE = /^[-+.]?(\d|\.\d)|^\.(inf|nan)$/i;
  const SIMPLE = /^[\p{L}\p{N}][\p{L}\p{N} '’().,/-]*$/u;

  function scalaireYaml(v) {
    if (typeof v === "number" || typeof v === "boolean") return String(v);
    if (v === null || v === undefined) return "null";
    const texte = String(v);
    const simple = SIMPLE.test(texte) && !/\s$/.test(texte) && !RESERVES.test(texte) && !NOMBRE.test(texte);
    return simple ? texte : JSON.stringify(texte);
  }

  function versYaml(valeur, retrait) {
    const espace = " ".repeat(retrait);
    const bloc = (v) => v !== null && typeof v === "object" && Object.keys(v).length > 0;
    if (Array.isArray(valeur)) {
      if (!valeur.length) return "[]";
      return valeur.map((e) => espace + "- " + (bloc(e) ? versYaml(e, retrait + 2).trimStart() : versYaml(e, 0))).join("\n");
    }
    if (valeur !== null && typeof valeur === "object") {
      const cles = Object.keys(valeur);
      if (!cles.length) return "{}";
      return cles
        .map((cle) => {
          const v = valeur[cle];
          const tete = espace + scalaireYaml(cle) + ":";
          return bloc(v) ? tete + "\n" + versYaml(v, Array.isArray(v) ? retrait : retrait + 2) : tete + " " + versYaml(v, 0);
        })
        .join("\n");
    }
    return scalaireYaml(valeur);
  }

  function slug(texte) {
    return String(texte || "")
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80);
  }

  // --- Card display ---------------------------------------------------------------------------------

  function texteValeur(ctx, n, v) {
    n = resoudre(ctx.schema, n || {});
    if (v === true) return "oui";
    if (v === false) return "non";
    if (Array.isArray(v)) {
      const item = n.items || {};
      return v.map((x) => texteValeur(ctx, item, x)).join(", ");
    }
    if (v && typeof v === "object") {
      const props = n.properties || {};
      const nom = typeof v.nom === "string" ? v.nom : typeof v.id === "string" ? v.id : null;
      const reste = Object.entries(v)
        .filter(([k]) => nom === null || (k !== "nom" && k !== "id"))
        .map(([k, x]) => {
          const t = (resoudre(ctx.schema, props[k] || {}).title || k).toLowerCase();
          if (x === true) return t;
          if (k === "cout" && typeof x === "number") return C().nombre(x) + " " + ctx.unite;
          return `${t} ${texteValeur(ctx, props[k], x)}`;
        });
      if (nom === null) return reste.join(", ");
      return reste.length ? `${nom} (${reste.join(", ")})` : nom;
    }
    if (typeof v === "number") return C().nombre(v);
    return ctx.libelle(v);
  }

  /** One card, laid out like a unit card: name and factions, stats row, the rest, cost. */
  function carte(ctx, section, element, actions) {
    const { el } = C();
    const props = section.element.properties || {};
    const titre = (k) => resoudre(ctx.schema, props[k] || {}).title || k;
    const vus = new Set(["id", "nom", "cout"]);
    const etiquettes = [];
    const stats = [];
    const lignes = [];
    for (const [cle, n0] of Object.entries(props)) {
      if (vus.has(cle) || element[cle] === undefined) continue;
      const n = resoudre(ctx.schema, n0);
      const v = element[cle];
      const t = typesDe(n);
      if (n.type === "object" && statsSeules(ctx, n) && v && typeof v === "object") {
        for (const [k, p] of Object.entries(n.properties)) {
          if (v[k] === undefined) continue;
          const complet = resoudre(ctx.schema, p).title || k;
          stats.push(el("div", { classe: "cpd-fiche-stat" }, el("dt", { title: complet }, k.length <= 3 ? k : complet),
            el("dd", {}, texteValeur(ctx, p, v[k]))));
        }
      } else if (v === true && t.includes("boolean") && !t.includes("integer")) {
        etiquettes.push(el("span", { classe: "cpd-fiche-etiquette" }, titre(cle)));
      } else if (!(v === false) && (t[0] === "enum" || t[0] === "integer" || (t.length > 1 && !(v && typeof v === "object" && !Array.isArray(v)) && String(texteValeur(ctx, n, v)).length <= 40))) {
        etiquettes.push(el("span", { classe: "cpd-fiche-etiquette" }, `${titre(cle)} : ${texteValeur(ctx, n, v)}`));
      } else if (v !== false) {
        lignes.push(el("div", { classe: "cpd-fiche-ligne-info" }, el("dt", {}, titre(cle)), el("dd", {}, texteValeur(ctx, n, v))));
      }
    }
    const cout = element.cout;
    return el("article", { classe: "cpd-fiche", "data-id": String(element.id || "") },
      el("header", { classe: "cpd-fiche-tete" },
        el("h4", { classe: "cpd-fiche-nom" }, String(element.nom ?? element.id ?? "—")),
        // The identifier is the file's, not the player's: shown only for a card without a name.
        element.nom === undefined ? el("p", { classe: "cpd-fiche-ident" }, el("code", {}, String(element.id ?? ""))) : null,
        etiquettes.length ? el("p", { classe: "cpd-fiche-etiquettes" }, etiquettes) : null),
      stats.length ? el("dl", { classe: "cpd-fiche-stats" }, stats) : null,
      lignes.length ? el("dl", { classe: "cpd-fiche-infos" }, lignes) : null,
      el("footer", { classe: "cpd-fiche-pied" },
        el("p", { classe: "cpd-fiche-cout" }, typeof cout === "number" ? `${titre("cout")} : ${C().nombre(cout)} ${ctx.unite}` : ""),
        el("div", { classe: "cpd-fiche-actions" }, actions)));
  }

  // --- The editor -----------------------------------------------------------------------------------

  async function initialiser(racine) {
    if (racine.dataset.pret === "oui") return;
    racine.dataset.pret = "oui";
    const { el } = C();
    const jeu = racine.dataset.jeu;
    const base = racine.dataset.base || "";
    const role = (nom) => racine.querySelector(`[data-role="${nom}"]`);
    const etat = role("cartes-etat");
    const zone = role("cartes-sections");
    const outil = racine.closest("[data-compendium-outil]") || document;
    const blocCatalogue = outil.querySelector('[data-role="catalogue-bloc"]');
    const annoncer = (texte) => {
      etat.textContent = texte;
    };
    const materiel = C().materiel.pour(jeu);

    let paquet;
    try {
      const reponse = await fetch(C().lienSur(base, `assets/data/${jeu}.json`), { credentials: "same-origin" });
      if (!reponse.ok) throw new Error("HTTP " + reponse.status);
      paquet = await reponse.json();
    } catch (e) {
      annoncer("L'éditeur de cartes n'a pas pu lire le format du catalogue (" + e.message + ").");
      return;
    }
    // The page embeds the schema in its file's order (the bundle's copy has sorted keys): fields
    // then follow the card's layout (identity, level, cost, then characteristics V, P, A…).
    let schema = (paquet.schemas || {}).catalogue;
    try {
      const embarque = JSON.parse((role("cartes-schema") || {}).textContent || "null");
      if (embarque && embarque.properties) schema = embarque;
    } catch (e) {
      /* the bundle's copy is the same schema */
    }
    if (!schema) {
      racine.hidden = true;
      return;
    }
    // Enumerated values are named after the game's own entries (kharns → Khârns).
    const noms = new Map();
    for (const valeur of Object.values(paquet)) {
      if (!Array.isArray(valeur)) continue;
      for (const e of valeur) if (e && typeof e.id === "string" && typeof e.nom === "string" && !noms.has(e.id)) noms.set(e.id, e.nom);
    }
    const libelle = (v) => {
      if (typeof v !== "string") return String(v);
      if (noms.has(v)) return noms.get(v);
      const t = v.replace(/-/g, " ");
      return t.charAt(0).toUpperCase() + t.slice(1);
    };
    const unite = (paquet.jeu && paquet.jeu.unite_cout) || "";
    // The cards a field may name (`x-parmi`): the catalogue's own, then the game's, by name.
    const candidats = (collection) => {
      const vus = new Set();
      const sortie = [];
      for (const e of [...((donnees && donnees[collection]) || []), ...(Array.isArray(paquet[collection]) ? paquet[collection] : [])]) {
        if (!e || typeof e.id !== "string" || vus.has(e.id)) continue;
        vus.add(e.id);
        sortie.push({ id: e.id, nom: typeof e.nom === "string" ? e.nom + (typeof e.niveau === "number" ? ` (niveau ${e.niveau})` : "") : libelle(e.id) });
      }
      return sortie;
    };
    const ctx = { schema, libelle, candidats, unite: unite === "Kouronnes" ? "Ko" : unite };
    const secs = sections(schema);

    let donnees = null; // the catalogue as plain data; null when none is loaded
    let texteCourant = null; // the text given to the checker last (to recognise our own echo)
    let lisible = true;
    let formulaireOuvert = null;

    const boutonsGlobaux = [];
    const exporter = role("cartes-exporter");
    boutonsGlobaux.push(exporter);

    function ordonner(d) {
      // Keys in the schema's order, so that exported files look alike.
      const out = {};
      for (const cle of Object.keys(schema.properties || {})) if (d[cle] !== undefined) out[cle] = d[cle];
      for (const cle of Object.keys(d)) if (!(cle in out)) out[cle] = d[cle];
      return out;
    }

    function texteCatalogue() {
      return "# Catalogue de profils écrit avec l'éditeur de cartes de Compendium\n" + versYaml(ordonner(donnees), 0) + "\n";
    }

    /** Keep the catalogue and hand it to the checker, which checks the list again at once. */
    function enregistrer(annonce) {
      const texte = texteCatalogue();
      const nom = typeof donnees.nom === "string" && donnees.nom ? donnees.nom : NOM_PAR_DEFAUT;
      texteCourant = texte;
      ecrire(CLE_CARTES + jeu, { texte, donnees });
      if (blocCatalogue) blocCatalogue.dispatchEvent(new CustomEvent("compendium:catalogue-edite", { detail: { texte, nom } }));
      else materiel.ecrire("catalogue", "", { nom, texte }, racine);
      afficher();
      annoncer(annonce + (blocCatalogue ? " Le catalogue est gardé dans ce navigateur ; la liste est vérifiée avec lui."
        : " Le catalogue est gardé dans ce navigateur : le compositeur et les probabilités de vos listes s'en servent."));
    }

    async function lireTexte(texte) {
      if (texte === null || texte === undefined) return null;
      const cache = lire(CLE_CARTES + jeu);
      if (cache && cache.texte === texte && cache.donnees && typeof cache.donnees === "object") return cache.donnees;
      const debut = texte.trimStart();
      if (debut.startsWith("{")) {
        try {
          return JSON.parse(texte);
        } catch (e) {
          /* YAML flow style: the engine reads it */
        }
      }
      // YAML: the engine's own reader (in the Web Worker) parses it; its parsed document comes back.
      annoncer("Lecture du catalogue par le moteur…");
      const rapport = await C().moteur(C().racine(base)).valider(jeu, texte);
      return rapport.liste;
    }

    async function charger(texte) {
      formulaireOuvert = null;
      if (texte === texteCourant && donnees) return;
      texteCourant = texte;
      try {
        const d = await lireTexte(texte);
        if (texte !== texteCourant) return; // a newer catalogue arrived meanwhile
        lisible = d === null || (d && typeof d === "object" && !Array.isArray(d));
        donnees = lisible ? d : null;
        if (d) ecrire(CLE_CARTES + jeu, { texte, donnees: d });
        afficher();
        if (!lisible) annoncer("Ce catalogue n'est pas un objet : ses cartes ne peuvent pas être modifiées ici.");
        else annoncer(d ? "Cartes du catalogue affichées." : "Aucun catalogue : créez une première carte.");
      } catch (e) {
        if (texte !== texteCourant) return;
        lisible = false;
        donnees = null;
        afficher();
        annoncer("Le catalogue chargé n'a pas pu être lu : " + e.message + " Corrigez le fichier ou retirez le catalogue pour en créer un ici.");
      }
    }

    function ouvrirFormulaire(section, index, conteneur, remplacer) {
      const existant = index === null ? null : donnees[section.cle][index];
      const requis = new Set(section.element.required || []);
      // Card layout: short values first (identity, level, cost…), then the characteristics row,
      // then lists and details, long texts last; the schema's order within each group.
      const rang = (p) => {
        const n = resoudre(ctx.schema, p);
        const t = typesDe(n);
        if (t.length === 1 && t[0] === "object") return statsSeules(ctx, n) ? 1 : 2;
        if (t.length === 1 && t[0] === "array") return 2;
        if (t.length === 1 && t[0] === "string" && (n.maxLength || 0) > 200) return 3;
        return 0;
      };
      // The identifier is made from the name, never typed (it stays in the file): see idDuNom.
      const idAuto = !!((section.element.properties || {}).nom && (section.element.properties || {}).id);
      const controles = Object.entries(section.element.properties || {})
        .filter(([cle]) => !(idAuto && cle === "id"))
        .map(([cle, p], i) => ({ cle, p, i, r: rang(p) }))
        .sort((a, b) => a.r - b.r || a.i - b.i)
        .map(({ cle, p }) => [cle, champ(ctx, p, cle, requis.has(cle))])
        .filter(([, c]) => c);
      const resume = el("div", { classe: "cpd-fiche-resume", role: "alert", hidden: true });
      const titreForm = existant ? `Modifier : ${String(existant.nom ?? existant.id ?? "")}` : nouveau(section.element.title || section.titre);
      const enregistrerBtn = el("button", { type: "submit", classe: "md-button md-button--primary" }, "Enregistrer la carte");
      const annuler = el("button", { type: "button", classe: "md-button" }, "Annuler");
      const form = el("form", { classe: "cpd-fiche-formulaire", novalidate: true, "data-section": section.cle },
        el("h4", { classe: "cpd-fiche-form-titre", tabindex: "-1" }, titreForm),
        el("p", { classe: "cpd-fiche-aide" }, "Les champs marqués d'un astérisque (*) sont obligatoires."),
        resume,
        el("div", { classe: "cpd-fiche-form-champs" }, controles.map(([, c]) => c.noeud)),
        el("div", { classe: "cpd-fiche-form-actions" }, enregistrerBtn, annuler));
      const par = Object.fromEntries(controles);
      for (const [cle, c] of controles) c.ecrire(existant ? existant[cle] : undefined);
      form.addEventListener("submit", (ev) => {
        ev.preventDefault();
        const erreurs = [];
        const element = idAuto ? { id: undefined } : {}; // the identifier first in the file
        for (const [cle, c] of controles) {
          const v = c.lire(erreurs);
          if (v !== undefined) element[cle] = v;
        }
        const autres = (donnees ? donnees[section.cle] || [] : []).filter((_, i) => i !== index);
        if (idAuto) element.id = existant && typeof existant.id === "string" ? existant.id : idDuNom(section, element.nom, autres);
        if (!idAuto && typeof element.id === "string" && autres.some((x) => x && x.id === element.id)) {
          const texte = `L'identifiant « ${element.id} » est déjà pris par ${unAutre(section.element.title || "élément")}.`;
          erreurs.push({ message: texte, cible: par.id.controle });
          par.id.noeud.querySelector(".cpd-fiche-message").textContent = texte;
          par.id.controle.setAttribute("aria-invalid", "true");
        }
        if (erreurs.length) {
          resume.hidden = false;
          resume.replaceChildren(
            el("p", {}, erreurs.length > 1 ? `${erreurs.length} champs à corriger :` : "Un champ à corriger :"),
            el("ul", {}, erreurs.map((e) => el("li", {}, e.message))));
          erreurs[0].cible.focus();
          return;
        }
        if (!donnees) donnees = { jeu, nom: NOM_PAR_DEFAUT };
        const liste = Array.isArray(donnees[section.cle]) ? donnees[section.cle].slice() : [];
        if (index === null) liste.push(element);
        else liste[index] = element;
        donnees = Object.assign({}, donnees, { [section.cle]: liste });
        formulaireOuvert = null;
        enregistrer(`${section.element.title || "Carte"} « ${String(element.nom ?? element.id)} » enregistré.`);
        const carteFaite = zone.querySelector(`[data-section="${section.cle}"] .cpd-fiche[data-id="${CSS.escape(element.id || "")}"] button`);
        if (carteFaite) carteFaite.focus();
      });
      annuler.addEventListener("click", () => {
        formulaireOuvert = null;
        afficher();
      });
      formulaireOuvert = form;
      if (remplacer) remplacer.replaceWith(form);
      else conteneur.prepend(form);
      form.querySelector(".cpd-fiche-form-titre").focus();
      form.scrollIntoView({ block: "nearest" });
    }

    /**
     * A new card's identifier, made from its name (kebab-case without accents: « Guerrier Mongo
     * niveau 2 » -> guerrier-mongo-niveau-2), unique among the cards of its kind (-2, -3… after it).
     * Made once: renaming the card keeps it, so the lists naming it stay valid.
     */
    function idDuNom(section, nom, autres) {
      const pris = new Set(autres.map((x) => x && x.id));
      const racineId = slug(nom).slice(0, 70).replace(/-+$/, "") || slug(section.element.title) || "carte";
      let candidat = racineId;
      for (let n = 2; pris.has(candidat); n++) candidat = `${racineId}-${n}`;
      return candidat;
    }

    function copieId(section, id) {
      const pris = new Set((donnees[section.cle] || []).map((x) => x && x.id));
      const racineId = String(id || "carte").slice(0, 70);
      let n = 1;
      let candidat = racineId + "-copie";
      while (pris.has(candidat)) candidat = `${racineId}-copie-${++n}`;
      return candidat;
    }

    function afficher() {
      zone.replaceChildren();
      exporter.disabled = !donnees;
      racine.dataset.cartes = donnees ? "oui" : "non";
      for (const section of secs) {
        const titreElement = section.element.title || section.titre;
        const elements = donnees && Array.isArray(donnees[section.cle]) ? donnees[section.cle] : [];
        const grille = el("div", { classe: "cpd-fiches-grille" });
        const ajout = el("button", { type: "button", classe: "md-button", disabled: !lisible }, nouveau(titreElement));
        ajout.addEventListener("click", () => {
          if (formulaireOuvert) afficher();
          const g = zone.querySelector(`[data-section="${section.cle}"] .cpd-fiches-grille`);
          ouvrirFormulaire(section, null, g, null);
        });
        elements.forEach((element, index) => {
          if (!element || typeof element !== "object") return;
          const nom = String(element.nom ?? element.id ?? "");
          const bouton = (texte, action) => {
            const b = el("button", { type: "button", classe: "cpd-fiche-bouton" }, texte);
            b.setAttribute("aria-label", `${texte} : ${nom}`);
            b.addEventListener("click", action);
            return b;
          };
          const art = carte(ctx, section, element, [
            bouton("Modifier", () => {
              if (formulaireOuvert) afficher();
              const cible = zone.querySelectorAll(`[data-section="${section.cle}"] .cpd-fiche`)[index];
              ouvrirFormulaire(section, index, null, cible);
            }),
            bouton("Dupliquer", () => {
              const copie = Object.assign(JSON.parse(JSON.stringify(element)), { id: copieId(section, element.id) });
              const liste = donnees[section.cle].slice();
              liste.splice(index + 1, 0, copie);
              donnees = Object.assign({}, donnees, { [section.cle]: liste });
              enregistrer(`Copie « ${copie.id} » ajoutée.`);
            }),
            bouton("Supprimer", () => {
              const liste = donnees[section.cle].filter((_, i) => i !== index);
              donnees = Object.assign({}, donnees, { [section.cle]: liste });
              enregistrer(`${titreElement} « ${nom} » supprimé.`);
              ajout.focus();
            }),
          ]);
          grille.append(art);
        });
        const compte = elements.length;
        zone.append(el("section", { classe: "cpd-fiches-section", "data-section": section.cle },
          el("div", { classe: "cpd-fiches-tete" },
            el("h3", {}, `${section.titre} (${compte})`), ajout),
          grille,
          compte ? null : el("p", { classe: "cpd-fiche-aide" }, "Aucune carte pour l'instant.")));
      }
    }

    exporter.addEventListener("click", () => {
      if (!donnees) return;
      const texte = texteCatalogue();
      const a = el("a", {
        href: URL.createObjectURL(new Blob([texte], { type: "text/yaml;charset=utf-8" })),
        download: (slug(donnees.nom) || "catalogue-" + jeu) + ".yaml",
      });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      annoncer(`Catalogue exporté en YAML : partagez ce fichier, il se charge avec « ${blocCatalogue ? "Charger un catalogue…" : "Importer un fichier…"} ».`);
    });

    // The checker announces every catalogue it loads (file, example) or removes.
    if (blocCatalogue) {
      blocCatalogue.addEventListener("compendium:catalogue", (ev) => {
        const texte = ev.detail && typeof ev.detail.texte === "string" ? ev.detail.texte : null;
        if (texte === texteCourant && texte !== null) return; // our own change, echoed back
        if (texte === null) {
          texteCourant = null;
          donnees = null;
          lisible = true;
          ecrire(CLE_CARTES + jeu, null);
          afficher();
          annoncer("Catalogue retiré : créez une carte pour en commencer un nouveau.");
          return;
        }
        charger(texte);
      });
    }

    if (!blocCatalogue) {
      // « Mon matériel »: a catalogue imported, removed or changed in another tab is shown here.
      materiel.addEventListener("change", (ev) => {
        const { genre, source } = ev.detail || {};
        if ((genre !== "*" && genre !== "catalogue") || source === racine) return;
        const lu = materiel.lire("catalogue");
        const texte = lu ? lu.texte : null;
        if (texte === texteCourant) return;
        if (texte === null) {
          texteCourant = null;
          donnees = null;
          lisible = true;
          afficher();
          annoncer("Catalogue retiré : créez une carte pour en commencer un nouveau.");
        } else {
          charger(texte);
        }
      });
    }

    afficher();
    const garde = materiel.lire("catalogue");
    await charger(garde ? garde.texte : null);
    racine.dataset.etat = "pret";
  }

  C().surPage(() => {
    document.querySelectorAll("[data-compendium-cartes]").forEach((r) => {
      initialiser(r).catch((e) => console.error(e));
    });
  });

  // For tests and curious readers.
  window.Compendium.cartes = { versYaml };
})();
