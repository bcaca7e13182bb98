// « Composer et vérifier », builder: a list composed by clicking, generated from the game's list
// schema (schemas.liste in assets/data/<jeu>.json) and its data (names, costs, summaries).
// The engine checks the list (verifier.js sends the text); this file never re-implements a rule.
// Every name coming from a list or a file is written with textContent (Compendium.el).
//
// Schema conventions read here (all standard JSON Schema, plus one annotation):
//   * `x-sorte: true` on an entry property marks a kind of entry (HAMI: caste, legendaire,
//     familier_sauvage, predateur); without it, the single required enum or identifier of the entry
//     is the kind (Hate: type; Khârn-Âges: profil); with neither, entries are designed by the
//     player from a form of the entry's fields (Bataille d6, Tamashii).
//   * `x-sortes: [kinds]` on another entry property: the field belongs to entries of those kinds
//     only, named by the kind's property (HAMI: tribu for a caste, competences for a predateur) or
//     by the kind's value (Hate: mercenaire for type mercenaire); unmarked fields are for all.
//   * enum values that are data ids are labelled with the data item's `nom`, `cout` and `resume`.
//   * `x-donnees: {collection, categories?, origines?, cout?}` on a free-id field (a string or an
//     array of strings): its choices are the ids of that data collection (of those categories),
//     from the game data (`donnees`) and/or the list's own items with the loaded catalogue
//     (`liste`); a select or checkboxes like an enum, refused ones from the engine (Hate:
//     mercenaire, ameliorations, cicatrices; Khârn-Âges: retire, ajoute, en_mains).
//   * `x-etat-de-partie: true` on an entry property: a game-state field, not needed to build the
//     list (Tamashii), shown behind « Plus de champs (état de partie) » unless it has a value or an error.
//   * `x-si: {option: [values]}` on an option: shown only when those options have one of those values
//     (Hate: the village in chronicle mode), or when the list already gives it.
//   * `x-depart: {valeur, explication}` on `format`: the starting format of a new list, a value the
//     book gives (the first one when it gives several), with why, shown under the field.
//
// Files: composer.js (this one: shared state, data labels, kinds of entries, list edits, engine
// calls, the text view's reports) and its parts, loaded before it on the tool page only:
// composer-champs.js (generated fields), composer-cartes.js (entry cards, total, messages),
// composer-selecteur.js (the picker / designed-entry form), composer-listes.js (saved lists,
// undo, copy as text, skeleton). Each part is `Compendium.composerParties.<nom>(b)`: it reads
// the shared state `b` and adds its functions to it.
//
// Hooks for other tools of the page (repairs, odds of my list, data versions…), kept stable:
//   * listen to `compendium:rapport` on the tool root ([data-compendium-outil="verifier"]):
//     detail = {rapport, texte}, sent by verifier.js after every check of the text view;
//   * replace the list by setting the text view's text (the textarea [data-role="texte"] of the
//     tool root) and dispatching a bubbling `input` event on it: the builder follows the text.
(function () {
  "use strict";

  const C = () => window.Compendium;
  const CLE_LISTES = "compendium.listes."; // + game id: {courante, listes: [{id, nom, texte, maj}]}
  const MAX_ANNULER = 100;
  const COLLECTIONS_IGNOREES = new Set(["ancres", "schemas", "jeu", "regles_liste", "sections", "faq", "calculs"]);

  // --- Small helpers ----------------------------------------------------------------------

  const copie = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
  const estObjet = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const idDe = (chemin) => "cpd-c-" + chemin.map((m) => String(m).replace(/[^A-Za-z0-9_-]/g, "_")).join("-");
  const pointeur = (chemin) => "/" + chemin.map((m) => String(m).replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

  function joli(valeur) {
    const texte = String(valeur).replace(/[-_]+/g, " ");
    return texte.charAt(0).toUpperCase() + texte.slice(1);
  }

  function lireStockage(cle) {
    try {
      return JSON.parse(window.localStorage.getItem(cle) || "null");
    } catch (e) {
      return null;
    }
  }

  function ecrireStockage(cle, valeur) {
    try {
      window.localStorage.setItem(cle, JSON.stringify(valeur));
    } catch (e) {
      /* private browsing or full storage: the list stays in the page */
    }
  }

  // --- Schema -----------------------------------------------------------------------------

  /** Follow a local `$ref` (#/$defs/x); the referring node's own keywords win (title, description). */
  function resoudre(noeud, racine) {
    let n = noeud || {};
    let garde = 0;
    while (n && typeof n.$ref === "string" && n.$ref.startsWith("#/") && garde++ < 10) {
      const cible = n.$ref
        .slice(2)
        .split("/")
        .reduce((o, k) => (o ? o[k] : undefined), racine);
      const { $ref, ...reste } = n;
      n = { ...(cible || {}), ...reste };
    }
    return n;
  }

  function types(s) {
    if (Array.isArray(s.type)) return s.type;
    return s.type ? [s.type] : [];
  }

  /** What kind of control a schema node gets. */
  function genre(s, racine) {
    if (s.const !== undefined) return "const";
    if (Array.isArray(s.enum)) return "enum";
    const t = types(s);
    if (t.includes("array")) {
      const items = resoudre(s.items, racine);
      if (Array.isArray(items.enum)) return "tableau-enum";
      const ti = types(items);
      if (ti.includes("integer") || ti.includes("number") || ti.includes("string")) return "tableau-valeurs";
      if (t.includes("integer")) return "entier";
      return "autre";
    }
    if (t.includes("boolean")) return "booleen";
    if (t.includes("integer")) return "entier";
    if (t.includes("number")) return "nombre";
    if (t.includes("string")) return "texte";
    if (t.includes("object") && s.properties) return "objet";
    if (t.includes("object") && estObjet(s.additionalProperties)) {
      const v = resoudre(s.additionalProperties, racine);
      if (types(v).includes("integer") || types(v).includes("number")) return "comptes";
    }
    return "autre";
  }


  // --- The builder of one tool page -------------------------------------------------------

  const PARTIES = ["champs", "cartes", "selecteur", "listes"];

  function initialiser(racineOutil) {
    if (racineOutil.dataset.composer === "oui") return;
    const api = racineOutil.compendiumVerifier;
    const section = racineOutil.querySelector('[data-role="composer"]');
    const parties = window.Compendium.composerParties || {};
    if (!api || !section || PARTIES.some((p) => typeof parties[p] !== "function")) return;
    racineOutil.dataset.composer = "oui";
    const { el } = C();
    const contenu = section.querySelector('[data-role="composer-contenu"]');
    const { jeu, base, unite, moteur, zone } = api;

    let schema = null; // schemas.liste
    let entreeSchema = null;
    let sortes = []; // property names marking a kind of entry
    const index = new Map(); // data id -> item
    const pile = []; // undo: previous states of the list, as JSON
    // The state shared with the parts; the mutable fields are read and written as b.<name>.
    const b = {
      jeu, base, unite, moteur, zone, api, racineOutil, section, contenu, index, pile,
      zones: { profils: new Map() }, // persistent parts of the builder
      ouverts: new Set(), // checkbox groups left open across drawings
      saisies: new Map(), // control id -> text being typed in a control not yet in the list
      liste: null, // the list being composed (plain data, as written in the text view)
      rapport: null, // the engine's report on the list
      texteEcrit: null, // the last text written by the builder
      illisible: null, // message when the text view cannot be read
      focusApres: null, // id of the control to focus after the next drawing
    };

    // --- Data labels ---

    function indexer(donnees) {
      const ordre = Object.keys(donnees).sort((a, b) => (a === "profils" ? -1 : b === "profils" ? 1 : 0));
      for (const collection of ordre) {
        const valeur = donnees[collection];
        if (COLLECTIONS_IGNOREES.has(collection) || !Array.isArray(valeur)) continue;
        for (const item of valeur) {
          if (item && typeof item.id === "string" && !index.has(item.id)) index.set(item.id, { ...item, _collection: collection });
        }
      }
      // Names only: a rules section named after a value (Hate: tribu-um-rak « Tribu Um'Rak »).
      for (const x of Array.isArray(donnees.sections) ? donnees.sections : []) {
        if (x && typeof x.id === "string" && typeof x.nom === "string") nomsDeSections.set(x.id, x.nom);
      }
    }
    const nomsDeSections = new Map();

    /** The data item a value names: the same id, or the property's prefix (predateur-larve), or a suffix. */
    function item(propriete, valeur) {
      if (typeof valeur !== "string") return null;
      if (index.has(valeur)) return index.get(valeur);
      const prefixe = String(propriete || "").replace(/_.*$/, "");
      if (index.has(prefixe + "-" + valeur)) return index.get(prefixe + "-" + valeur);
      for (const [id, it] of index) if (it._collection === "profils" && id.endsWith("-" + valeur)) return it;
      return null;
    }

    function libelle(propriete, valeur) {
      const it = item(propriete, valeur);
      if (it && it.nom) return String(it.nom);
      if (typeof valeur !== "string") return String(valeur);
      const prefixe = String(propriete || "").replace(/_.*$/, "");
      const section = nomsDeSections.get(prefixe + "-" + valeur);
      if (section) return section.replace(new RegExp("^" + prefixe + "\\s+", "i"), "") || section;
      return joli(valeur);
    }

    function coutTexte(n) {
      return typeof n === "number" ? C().nombre(n) + " " + unite : "";
    }

    // --- Kinds of entries ---

    function trouverSortes() {
      const props = entreeSchema.properties || {};
      const marquees = Object.keys(props).filter((k) => props[k]["x-sorte"]);
      if (marquees.length) return marquees;
      // The single required choice of an entry: an enum of data ids, or an identifier of a data
      // collection named after it (profil -> profils).
      const requis = (entreeSchema.required || []).filter((k) => {
        const p = resoudre(props[k], schema);
        if (Array.isArray(p.enum)) return p.enum.some((v) => item(k, v));
        if (genre(p, schema) !== "texte" || typeof p.pattern !== "string") return false;
        for (const it of index.values()) if (it._collection === k + "s") return true;
        return false;
      });
      return requis.length === 1 ? requis : [];
    }

    /**
     * Whether a field of the entry schema belongs to the entry's kind (`x-sortes`): the kind's
     * property (HAMI: caste, predateur) or its value (Hate: type mercenaire, tyran).
     */
    function champDeLaSorte(sous, sorte, entree) {
      const pour = sous && sous["x-sortes"];
      if (!Array.isArray(pour) || !sorte) return true;
      return pour.includes(sorte) || (estObjet(entree) && pour.includes(entree[sorte]));
    }

    function sorteDe(entree) {
      return sortes.find((k) => estObjet(entree) && entree[k] !== undefined) || null;
    }

    /** Candidates for a kind: the enum values, or the data profiles when the field is a free id. */
    function candidats(sorte) {
      const p = resoudre(entreeSchema.properties[sorte], schema);
      if (Array.isArray(p.enum)) return p.enum.map((v) => ({ valeur: v, item: item(sorte, v) }));
      return b.profilsJoueur(sorte + "s");
    }
    /**
     * The candidates of a field annotated `x-donnees: {collection, categories?, origines?, cout?}`
     * (the same reading as the engine's `candidats_donnees`): the items of a data collection, and/or
     * the list's own (with the loaded catalogue); `cout` names the cost's path in the item.
     */
    function candidatsDonnees(source) {
      const origines = Array.isArray(source.origines) ? source.origines : ["donnees"];
      const categories = Array.isArray(source.categories) ? source.categories : null;
      const chemin = typeof source.cout === "string" ? source.cout.split(".") : ["cout"];
      const sortie = [];
      const vus = new Set();
      if (origines.includes("liste")) {
        for (const c of b.profilsJoueur(source.collection)) {
          if (!vus.has(c.valeur)) sortie.push(c);
          vus.add(c.valeur);
        }
      }
      const donnees = origines.includes("donnees") && b.donnees && Array.isArray(b.donnees[source.collection]) ? b.donnees[source.collection] : [];
      for (const it of donnees) {
        if (!estObjet(it) || typeof it.id !== "string" || vus.has(it.id)) continue;
        if (categories && !categories.includes(it.categorie)) continue;
        vus.add(it.id);
        const cout = chemin.reduce((o, k) => (estObjet(o) ? o[k] : undefined), it);
        sortie.push({ valeur: it.id, item: { nom: it.nom, cout: typeof cout === "number" ? cout : undefined, resume: it.resume } });
      }
      return sortie;
    }

    // --- List state ---

    function vide() {
      const props = schema.properties || {};
      const l = { jeu };
      // The format: the schema's constant or default, else the starting value it names from the
      // book (`x-depart: {valeur, explication}`, said under the field); never a made-up number.
      const f = props.format ? resoudre(props.format, schema) : null;
      if (f && f.const !== undefined) l.format = f.const;
      else if (f && f.default !== undefined) l.format = f.default;
      else if (f && estObjet(f["x-depart"]) && typeof f["x-depart"].valeur === "number") l.format = f["x-depart"].valeur;
      l.entrees = [];
      return l;
    }

    function rang(ordre, cle) {
      const i = ordre.indexOf(cle);
      return i < 0 ? ordre.length : i;
    }

    /** Set obj[cle] = valeur; a new key goes where the schema puts it among the existing ones. */
    function poser(obj, cle, valeur, ordre) {
      if (Object.prototype.hasOwnProperty.call(obj, cle) || !ordre) {
        obj[cle] = valeur;
        return obj;
      }
      const sortie = {};
      let place = false;
      for (const k of Object.keys(obj)) {
        if (!place && rang(ordre, k) > rang(ordre, cle)) {
          sortie[cle] = valeur;
          place = true;
        }
        sortie[k] = obj[k];
      }
      if (!place) sortie[cle] = valeur;
      for (const k of Object.keys(obj)) delete obj[k];
      return Object.assign(obj, sortie);
    }

    /** Schema of the node at `chemin` (["options", "village", "four"], ["entrees", 2, "sorts"]). */
    function schemaA(chemin) {
      let s = schema;
      for (const m of chemin) {
        s = resoudre(s, schema);
        if (typeof m === "number") s = resoudre(s.items, schema);
        else s = resoudre((s.properties || {})[m] || (estObjet(s.additionalProperties) ? s.additionalProperties : {}), schema);
      }
      return s;
    }

    /** Change the value at `chemin` (undefined removes the key, and an emptied parent object). */
    function modifier(l, chemin, valeur) {
      const parents = [l];
      let noeud = l;
      for (let i = 0; i < chemin.length - 1; i++) {
        const m = chemin[i];
        if (noeud[m] === undefined || noeud[m] === null || typeof noeud[m] !== "object") {
          if (valeur === undefined) return;
          const parentSchema = resoudre(schemaA(chemin.slice(0, i)), schema);
          poser(noeud, m, {}, Object.keys(parentSchema.properties || {}));
        }
        noeud = noeud[m];
        parents.push(noeud);
      }
      const derniere = chemin[chemin.length - 1];
      if (valeur === undefined) {
        delete noeud[derniere];
        // An emptied object (options, options.village) goes away; never an entry or the envelope.
        for (let i = chemin.length - 2; i >= 0; i--) {
          const objet = parents[i + 1];
          if (!estObjet(objet) || Object.keys(objet).length || typeof chemin[i] !== "string" || !estObjet(parents[i])) break;
          delete parents[i][chemin[i]];
        }
      } else {
        const s = resoudre(schemaA(chemin.slice(0, -1)), schema);
        poser(noeud, derniere, valeur, Object.keys(s.properties || {}));
      }
    }

    const avecEntrees = (liste) => estObjet(liste) && Array.isArray(liste.entrees) && liste.entrees.length > 0;

    function memoriser() {
      pile.push(JSON.stringify(b.liste));
      if (pile.length > MAX_ANNULER) pile.shift();
    }

    function ecrire() {
      const texte = C().verifier.versYaml(b.liste, 0) + "\n";
      b.texteEcrit = texte;
      b.aJour = false; // the report on screen is for an older text until the engine answers
      b.illisible = null;
      b.garderDansListes(texte);
      api.ecrire(texte);
      b.dessiner();
    }

    /** One change from a control: remember the previous state (« Annuler »), write the text. */
    function changer(chemin, valeur) {
      memoriser();
      modifier(b.liste, chemin, valeur);
      ecrire();
    }

    function transformer(fonction, focus) {
      memoriser();
      fonction(b.liste);
      b.focusApres = focus || null;
      ecrire();
    }

    // --- Engine calls ---

    function composer(demande) {
      if (typeof moteur.composer !== "function") return null;
      try {
        return Promise.resolve(moteur.composer(jeu, demande, api.catalogue())).catch(() => null);
      } catch (e) {
        return null;
      }
    }

    // --- Reports from the text view ---

    /**
     * The list as the player wrote it. With a catalogue loaded, the report's list holds the
     * catalogue's profiles merged in: the text is read again without it, so that the builder never
     * writes the catalogue into the list.
     */
    async function listeEcrite(texte, r) {
      if (!api.catalogue()) return r.liste;
      try {
        const seul = await moteur.valider(jeu, texte);
        return seul && estObjet(seul.liste) ? seul.liste : null;
      } catch (e) {
        return null;
      }
    }

    racineOutil.addEventListener("compendium:rapport", async (evenement) => {
      if (!schema) return;
      const { rapport: r, texte } = evenement.detail || {};
      if (texte !== null && texte === b.texteEcrit) {
        b.rapport = r;
        b.aJour = true;
        b.illisible = r ? null : "illisible";
      } else if (texte !== null && texte === zone.value) {
        // The player typed, opened an example, a file or a link: the form follows the text.
        if (!texte.trim()) {
          if (avecEntrees(b.liste)) memoriser();
          b.liste = vide();
          b.rapport = null;
          b.illisible = null;
        } else if (r && estObjet(r.liste)) {
          const ecrite = await listeEcrite(texte, r);
          if (texte !== zone.value) return; // the text changed meanwhile
          if (!estObjet(ecrite)) {
            b.illisible = "illisible";
            b.rapport = null;
            b.dessiner();
            return;
          }
          // A change from outside the form (a repair, an example, typing) is undone like a click.
          if (avecEntrees(b.liste) && JSON.stringify(b.liste) !== JSON.stringify(ecrite)) memoriser();
          b.liste = copie(ecrite);
          b.rapport = r;
          b.illisible = null;
          b.texteEcrit = texte;
          if (b.liste.entrees && b.liste.entrees.length) b.garderDansListes(texte);
        } else {
          b.illisible = "illisible";
          b.rapport = null;
        }
      } else return; // an older answer
      b.dessiner();
    });

    // --- Start ---

    (async () => {
      let donnees;
      try {
        const reponse = await fetch(C().racine(base) + "assets/data/" + jeu + ".json", { credentials: "same-origin" });
        if (!reponse.ok) throw new Error("HTTP " + reponse.status);
        donnees = await reponse.json();
      } catch (e) {
        contenu.replaceChildren(el("p", { classe: "cpd-aide" }, "Le compositeur n'a pas pu charger les données du jeu (" + e.message + ") : la vue texte reste disponible."));
        section.hidden = false;
        return;
      }
      // The page's copy keeps the schema's key order (the bundle sorts its keys).
      const copiePage = [...document.querySelectorAll('script[data-role="schema-liste"]')].find((x) => x.dataset.jeu === jeu);
      try {
        schema = copiePage ? JSON.parse(copiePage.textContent) : null;
      } catch (e) {
        schema = null;
      }
      schema = schema || (donnees.schemas || {}).liste;
      if (!schema) return;
      entreeSchema = resoudre(resoudre((schema.properties || {}).entrees || {}, schema).items, schema);
      indexer(donnees);
      sortes = trouverSortes();
      Object.assign(b, { schema, entreeSchema, sortes });
      Object.assign(b, { donnees, item, libelle, coutTexte, champDeLaSorte, sorteDe, candidats, candidatsDonnees, vide, poser, schemaA, modifier, memoriser, ecrire, changer, transformer, composer });
      for (const p of PARTIES) parties[p](b);
      b.squelette();
      const blocCatalogue = racineOutil.querySelector('[data-role="catalogue-bloc"]');
      if (blocCatalogue) {
        blocCatalogue.addEventListener("compendium:catalogue", (ev) => b.lireCatalogue(ev.detail ? ev.detail.texte : null));
        b.lireCatalogue(api.catalogue());
      }
      section.hidden = false;
      const dernier = api.rapport();
      if (zone.value.trim() && dernier && estObjet(dernier.liste)) {
        const texte = zone.value;
        const ecrite = await listeEcrite(texte, dernier);
        b.liste = estObjet(ecrite) ? copie(ecrite) : vide();
        b.rapport = estObjet(ecrite) ? dernier : null;
        b.texteEcrit = texte;
      } else {
        b.liste = vide();
      }
      b.dessiner();
    })();
  }

  C().surPage(() => {
    document.querySelectorAll('[data-compendium-outil="verifier"]').forEach(initialiser);
  });

  // Shared with the parts (composer-*.js) and the tests.
  window.Compendium.composer = { resoudre, genre, types, copie, estObjet, idDe, pointeur, joli, lireStockage, ecrireStockage, CLE_LISTES, MAX_ANNULER };
})();
