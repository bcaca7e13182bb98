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
//   * `x-donnees.groupe: {propriete, option, titre}`: candidates whose data `propriete` differs from
//     the list's `option` are folded apart under `titre` (Hate: another tribe's améliorations).
//   * `x-cles: {champ, aussi, types, speciales}`: a map of counts whose keys the player names
//     (Tamashii's Sac) gets one row per known key with − and + (no typing): keys used in `champ`
//     of any entry and in its `aussi` fields, completed with neutral « Type 1… » up to `types`,
//     plus the `speciales` keys with their names; a free name field with the same annotation
//     (Données Essentielles) is a select among those keys.
//
// One request per change: the builder writes the list (the text view and the engine get it at once,
// as JSON), then draws; the engine answers the check first, then, in its idle time, the builder's
// demande (composer_suite.py: forced values of the open entry, choices of the open pickers), given
// up at the next change. Only the open entry is drawn in full; the others are one line each, kept
// as they are while nothing about them changed.
//
// Files: composer.js (this one: shared state, list edits, engine calls, the text view's reports)
// and its parts, loaded before it on the tool page only: composer-donnees.js (data labels and
// kinds of entries, set up first), composer-saisie.js (− / +, pickers of known values), composer-champs.js (generated fields), composer-cartes.js (entry cards, total, messages),
// composer-selecteur.js (the picker / designed-entry form), composer-listes.js (saved lists,
// undo, copy as text, skeleton), composer-suite.js (the engine's follow-up: forced values, allowed
// choices), composer-immediat.js (the total at once, from the engine's checks one tap ahead),
// composer-reprise.js (the saved list and its last report before the engine is ready), and
// composer-apercu.js, loaded apart, right after the builder's section (its saved picture and
// loading line, drawn before any other script of the page).
// Each part is `Compendium.composerParties.<nom>(b)`: it reads
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

  // --- Small helpers ----------------------------------------------------------------------

  const copie = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
  const estObjet = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const idDe = (chemin) => "cpd-c-" + chemin.map((m) => String(m).replace(/[^A-Za-z0-9_-]/g, "_")).join("-");
  const pointeur = (chemin) => "/" + chemin.map((m) => String(m).replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
  /** The path of a JSON pointer (`/entrees/3/options` -> ["entrees", 3, "options"]): pointeur's inverse. */
  const cheminDe = (cle) => String(cle).split("/").slice(1).map((m) => m.replace(/~1/g, "/").replace(/~0/g, "~")).map((m) => (/^\d+$/.test(m) ? Number(m) : m));

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

  const PARTIES = ["messages", "saisie", "champs", "cartes", "selecteur", "listes", "suite", "immediat", "impose", "reprise"]; // after composer-donnees.js
  const DELAI_CALCUL_MS = 100; // past this, the total says it is being recomputed

  function initialiser(racineOutil) {
    if (racineOutil.dataset.composer === "oui") return;
    const api = racineOutil.compendiumVerifier;
    const section = racineOutil.querySelector('[data-role="composer"]');
    const parties = window.Compendium.composerParties || {};
    if (!api || !section || ["donnees", ...PARTIES].some((p) => typeof parties[p] !== "function")) return;
    racineOutil.dataset.composer = "oui";
    const { el } = C();
    const contenu = section.querySelector('[data-role="composer-contenu"]');
    const { jeu, base, unite, moteur, zone } = api;

    let schema = null; // schemas.liste
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
      texteLu: null, // the text view's text the form last read or wrote (see enLecture)
      illisible: null, // message when the text view cannot be read
      focusApres: null, // id of the control to focus after the next drawing
      ouverte: null, // index of the entry open for editing (one at a time), or null
      affichee: null, // index of the entry whose control shows a change the report has not confirmed yet
      focusParDessin: false, // true while a drawing gives the focus back (not the player's move)
      neuves: new WeakSet(), // entries added by a click and not yet changed: their errors are « à compléter »
      forces: new Map(), // pointer -> the engine's forced value of that field (composer_suite), for this list
      choix: new Map(), // pointer -> {liste: signature, reponse}: the allowed choices of a field
      signatureListe: "", // the list being composed, as JSON (what the engine's answers are about)
      choixDemandes: new Set(), // pointers of selects whose choices the player asked for (focus)
    };

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
      b.affichee = null; // a change drawn by the builder (changer sets it again for its own controls)
      pile.push(JSON.stringify(b.liste));
      if (pile.length > MAX_ANNULER) pile.shift();
    }

    function ecrire() {
      const texte = C().verifier.versYaml(b.liste, 0) + "\n";
      b.texteEcrit = texte;
      b.texteLu = texte;
      b.aJour = false; // the report on screen is for an older text until the engine answers
      b.illisible = null;
      b.signatureListe = JSON.stringify(b.liste);
      b.choixDemandes.clear();
      // A total known ahead is painted in this task; the rest follows the frame (composer-immediat.js).
      // The text view gets the text now: a report on the previous text stays an older answer.
      if (b.totalAvant && b.totalAvant(() => suiteEcrire(texte))) zone.value = texte;
      else suiteEcrire(texte);
    }

    /** The text view, the engine's check, the drawing and the saved list of a list just written. */
    function suiteEcrire(texte) {
      if (texte !== b.texteEcrit) return; // a newer change wrote its own text
      api.ecrire(texte, b.liste); // sent to the engine first: everything below runs while it checks
      b.dessiner();
      attendreCalcul();
      b.garderDansListes(texte);
    }

    /** Past DELAI_CALCUL_MS without the report, the total says it is being recomputed. */
    let minuteurCalcul = null;
    function attendreCalcul() {
      clearTimeout(minuteurCalcul);
      minuteurCalcul = setTimeout(() => {
        if (b.aJour === false && b.affichee !== null) {
          b.affichee = null; // the report is late: the entry is drawn as the list now is
          b.dessiner();
        }
        if (b.aJour === false && b.zones.total && !b.totalProvisoire) { // composer-immediat.js
          b.zones.total.textContent = "Total : calcul…";
          b.zones.total.dataset.etat = "calcul";
        }
      }, DELAI_CALCUL_MS);
    }

    /** The entry a pointer is in (`/entrees/3/...` -> 3), or null. */
    const rangDe = (chemin) => (chemin[0] === "entrees" && typeof chemin[1] === "number" ? chemin[1] : null);

    /**
     * One change from a control: remember the previous state (« Annuler »), write the text. With
     * `{affiche: true}` the control already shows the new value (a box, a select, a typed number):
     * its entry is not redrawn now but with the engine's report, once instead of twice a click.
     */
    function changer(chemin, valeur, options) {
      memoriser();
      const r = rangDe(chemin);
      if (r !== null && b.liste.entrees && estObjet(b.liste.entrees[r])) b.neuves.delete(b.liste.entrees[r]);
      modifier(b.liste, chemin, valeur);
      b.affichee = options && options.affiche && r !== null ? r : null;
      if (b.affichee !== null) {
        // The control shows the new value: the next drawing may keep it (composer-cartes.js).
        const bloc = section.querySelector(`[data-champ-chemin="${CSS.escape(pointeur(chemin))}"]`);
        if (bloc) bloc.compendiumValeur = JSON.stringify(valeur);
      }
      ecrire();
    }

    function transformer(fonction, focus) {
      memoriser();
      fonction(b.liste);
      b.focusApres = focus || null;
      ecrire();
    }

    /** Open entry `i` for editing (null: close it); the others fold. */
    function ouvrirEntree(i, focus) {
      b.affichee = null;
      b.ouverte = typeof i === "number" ? i : null;
      b.focusApres = focus || (b.ouverte !== null ? "cpd-entree-" + b.ouverte + "-ouvrir" : null);
      b.dessiner();
      if (b.ouverte !== null) b.demanderSuite();
    }

    /** « Corriger »: open the entry of `cible` (a pointer) and focus its field, or the nearest one shown. */
    function allerAuChamp(cible) {
      const morceaux = String(cible || "").split("/").slice(1);
      const r = morceaux[0] === "entrees" && /^\d+$/.test(morceaux[1] || "") ? Number(morceaux[1]) : null;
      if (r !== null && b.ouverte !== r) {
        b.affichee = null;
        b.ouverte = r;
        b.dessiner();
        b.demanderSuite();
      }
      if (r === null && b.zones.blocEnveloppe) b.zones.blocEnveloppe.open = true;
      let bloc = null;
      for (let n = morceaux.length; n > 0 && !bloc; n--) {
        const p = "/" + morceaux.slice(0, n).join("/");
        bloc = section.querySelector(`[data-champ-chemin="${CSS.escape(p)}"]`);
      }
      if (!bloc && r !== null) bloc = section.querySelector(`[data-role="entree"][data-index="${r}"]`);
      if (!bloc && morceaux[0] !== "entrees") bloc = b.zones.enveloppe;
      if (!bloc) return null;
      for (let d = bloc.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
      if (bloc.tagName === "DETAILS") bloc.open = true;
      bloc.scrollIntoView({ block: "center" });
      const cibleFocus = bloc.matches("input, select, button, summary") ? bloc
        : bloc.querySelector("select:not([disabled]), input:not([disabled]), summary, button:not([disabled])");
      if (cibleFocus) cibleFocus.focus({ preventScroll: true });
      return bloc;
    }

    /**
     * Stamp the current data version on the list the builder wrote (versions.js): in the builder's own
     * list, so that the next click keeps it, and checked at once. False when the text on screen is not
     * the builder's (typed, opened): versions.js then edits the text.
     */
    function noterVersion(version) {
      if (!estObjet(b.liste) || b.texteEcrit === null || zone.value !== b.texteEcrit) return false;
      if (b.liste.version_donnees !== version) {
        modifier(b.liste, ["version_donnees"], version);
        ecrire();
      }
      return true;
    }

    /** `1 point`, `3 points`, `1 jeton Sauvagerie`: the unit's first word agrees with the number. */
    function quantite(n) {
      const mots = String(unite).split(" ");
      if (Math.abs(n) < 2 && mots[0].length > 2 && mots[0].endsWith("s")) mots[0] = mots[0].slice(0, -1);
      return C().nombre(n) + " " + mots.join(" ");
    }

    /** The list-wide choices in short (« Coopératif », « Lumière »), for the summary; none said twice. */
    function resumeOptions(dits) {
      const options = estObjet(b.liste && b.liste.options) ? b.liste.options : {};
      const noms = Object.entries(options).filter(([, v]) => typeof v === "string").map(([k, v]) => b.nomValeur("/options/" + k, v));
      const vus = new Set(dits.map((m) => m.toLocaleLowerCase("fr")));
      return noms.filter((n) => !vus.has(n.toLocaleLowerCase("fr")) && vus.add(n.toLocaleLowerCase("fr")));
    }

    function resumeListe() {
      const l = b.liste || {};
      const morceaux = [typeof l.nom === "string" && l.nom.trim() ? l.nom.trim() : "Liste sans nom"];
      if (typeof l.format === "number") morceaux.push(String(((schema.properties || {}).format || {}).title || "Format") + " " + C().nombre(l.format));
      return [...morceaux, ...resumeOptions(morceaux)].join(" · ");
    }

    // --- Engine calls ---

    function composer(requete, canal) {
      if (typeof moteur.composer !== "function") return null;
      try {
        return Promise.resolve(moteur.composer(jeu, requete, api.catalogue(), canal)).catch(() => null);
      } catch (e) {
        return null;
      }
    }

    // --- Reports from the text view ---

    /**
     * The list as the player wrote it. With a catalogue loaded, the report's list holds the
     * catalogue's profiles merged in; the engine sends the list as written beside it, so that the
     * builder never writes the catalogue into the list.
     */
    const listeEcrite = (r) => (estObjet(r.liste_ecrite) ? r.liste_ecrite : r.liste);

    /** A new list replaced the one on screen (typed, an example, a file, a link): start afresh. */
    function prendreListe(liste) {
      // The same text read again (a version stamped, a tab's copy kept): a new entry stays new.
      const avant = Array.isArray(b.liste && b.liste.entrees) ? b.liste.entrees : [];
      const neuvesAvant = avant.map((e) => (estObjet(e) && b.neuves.has(e) ? JSON.stringify(e) : null));
      b.liste = liste;
      (Array.isArray(liste.entrees) ? liste.entrees : []).forEach((e, i) => {
        if (estObjet(e) && neuvesAvant[i] !== null && neuvesAvant[i] === JSON.stringify(e)) b.neuves.add(e);
      });
      b.signatureListe = JSON.stringify(liste);
      const n = Array.isArray(liste.entrees) ? liste.entrees.length : 0;
      // One entry open at a time; a list of more than 3 entries starts folded.
      if (b.ouverte !== null && b.ouverte >= n) b.ouverte = null;
      // Forced values and choices already known stay: each is tied to what it depends on (the
      // entry's kind and the settings, or the whole list) and is used only while that holds.
      b.oublierDessins();
      // The settings fold when a first entry comes and open when the list is empty; otherwise (the
      // same list read again, another list with entries) they stay as the player left them.
      if (b.zones.blocEnveloppe && (n === 0 || avant.length === 0)) b.zones.blocEnveloppe.open = n === 0;
    }

    racineOutil.addEventListener("compendium:rapport", (evenement) => {
      if (!schema) return;
      const { rapport: r, texte } = evenement.detail || {};
      if (texte !== null && texte === b.texteEcrit) {
        b.rapport = r;
        b.aJour = true;
        b.illisible = r ? null : "illisible";
      } else if (texte !== null && texte === zone.value) {
        // The player typed, opened an example, a file or a link: the form follows the text.
        b.aJour = true;
        if (!texte.trim()) {
          if (avecEntrees(b.liste)) memoriser();
          prendreListe(vide());
          b.rapport = null;
          b.illisible = null;
        } else if (r && estObjet(r.liste)) {
          const ecrite = listeEcrite(r);
          // A change from outside the form (a repair, an example, typing) is undone like a click.
          const autre = JSON.stringify(b.liste) !== JSON.stringify(ecrite);
          if (avecEntrees(b.liste) && autre) memoriser();
          if (autre) {
            const nouvelle = copie(ecrite);
            const n = Array.isArray(nouvelle.entrees) ? nouvelle.entrees.length : 0;
            const memes = avecEntrees(b.liste) && n === b.liste.entrees.length;
            prendreListe(nouvelle);
            if (!memes) b.ouverte = n > 0 && n <= 3 ? 0 : null;
          }
          b.rapport = r;
          b.illisible = null;
          b.texteEcrit = texte;
          if (b.liste.entrees && b.liste.entrees.length) b.garderDansListes(texte);
        } else {
          b.illisible = "illisible";
          b.rapport = null;
        }
      } else return; // an older answer
      if (texte === zone.value) b.texteLu = texte;
      b.dessiner();
    });

    // --- Start ---

    (async () => {
      let donnees;
      try {
        const url = C().racine(base) + "assets/data/" + jeu + ".json";
        const tot = C().composerApercu ? C().composerApercu.donnees(url) : null; // asked for early (composer-apercu.js)
        const demander = () => fetch(url, { credentials: "same-origin" });
        const reponse = await (tot ? tot.catch(demander) : demander()); // the early request failed: once more
        if (!reponse.ok) throw new Error("HTTP " + reponse.status);
        donnees = await reponse.json();
      } catch (e) {
        contenu.replaceChildren(el("p", { classe: "cpd-aide" }, "Le compositeur n'a pas pu charger les données du jeu (" + e.message + ") : la vue texte reste disponible."));
        if (C().composerApercu) C().composerApercu.fin(); // composer-apercu.js: nothing more is loading here
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
      Object.assign(b, { schema, donnees, quantite });
      parties.donnees(b); // data labels and kinds of entries: b.entreeSchema, b.sortes, b.libelle…
      // The text view holds a list the form has not read yet: the form waits (marquerLecture).
      const enLecture = () => zone.value.trim() !== "" && zone.value !== b.texteLu;
      racineOutil.addEventListener("compendium:texte", () => b.marquerLecture());
      Object.assign(b, { enLecture, vide, poser, schemaA, modifier, memoriser, ecrire, changer, transformer, composer,
        ouvrirEntree, allerAuChamp, quantite, resumeOptions, resumeListe, rangDe });
      racineOutil.compendiumComposer = {
        texteJoueur: (v, i) => b.texteJoueur(v, i), // for the repairs panel
        noterVersion, // for versions.js: the data version stamped on a list the builder wrote
      };
      for (const p of PARTIES) parties[p](b);
      api.demande = b.demande; // the text view's checks carry it too (typing, a repair applied…)
      b.squelette();
      const blocCatalogue = racineOutil.querySelector('[data-role="catalogue-bloc"]');
      if (blocCatalogue) {
        blocCatalogue.addEventListener("compendium:catalogue", (ev) => b.lireCatalogue(ev.detail ? ev.detail.texte : null));
        b.lireCatalogue(api.catalogue());
      }
      section.hidden = false;
      const dernier = api.rapport();
      if (zone.value.trim() && dernier && estObjet(dernier.liste)) {
        const ecrite = listeEcrite(dernier);
        prendreListe(estObjet(ecrite) ? copie(ecrite) : vide());
        const n = b.liste.entrees ? b.liste.entrees.length : 0;
        b.ouverte = n > 0 && n <= 3 ? 0 : null;
        b.rapport = estObjet(ecrite) ? dernier : null;
        b.texteEcrit = zone.value;
        b.texteLu = zone.value;
      } else if (!b.reprendre(prendreListe)) { // the saved list and its last report (composer-reprise.js)
        prendreListe(vide());
        // Read already, and unreadable: the form says so instead of waiting for a report.
        if (zone.value.trim() && api.texteVerdict() === zone.value) Object.assign(b, { texteLu: zone.value, illisible: "illisible" });
      }
      b.dessiner();
    })();
  }

  C().surPage(() => {
    document.querySelectorAll('[data-compendium-outil="verifier"]').forEach(initialiser);
  });

  // Shared with the parts (composer-*.js) and the tests.
  window.Compendium.composer = { resoudre, genre, types, copie, estObjet, idDe, pointeur, cheminDe, joli, lireStockage, ecrireStockage, CLE_LISTES, MAX_ANNULER };
})();
