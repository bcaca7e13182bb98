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

  function initialiser(racineOutil) {
    if (racineOutil.dataset.composer === "oui") return;
    const api = racineOutil.compendiumVerifier;
    const section = racineOutil.querySelector('[data-role="composer"]');
    if (!api || !section) return;
    racineOutil.dataset.composer = "oui";
    const { el } = C();
    const contenu = section.querySelector('[data-role="composer-contenu"]');
    const { jeu, base, unite, moteur, zone } = api;

    let schema = null; // schemas.liste
    let entreeSchema = null;
    let sortes = []; // property names marking a kind of entry
    const index = new Map(); // data id -> item
    let liste = null; // the list being composed (plain data, as written in the text view)
    let rapport = null; // the engine's report on `liste`
    let texteEcrit = null; // the last text written by the builder
    let illisible = null; // message when the text view cannot be read
    const pile = []; // undo: previous states of `liste`, as JSON
    let focusApres = null; // id of the control to focus after the next drawing

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
    }

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
      return it && it.nom ? String(it.nom) : typeof valeur === "string" ? joli(valeur) : String(valeur);
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
      return profilsJoueur(sorte + "s");
    }

    // --- The player's own profiles (Khârn-Âges: written in the list or in the loaded catalogue) ---
    // The game data holds only the book's examples; the profiles a list may name are the list's
    // own (`profils:`) and those of the catalogue loaded on the page. The catalogue is only read
    // here: it is sent to the engine with every check and never written into the list.

    let catalogueDoc = null; // the parsed catalogue document, or null
    let catalogueTexte = null;

    async function lireCatalogue(texte) {
      catalogueTexte = typeof texte === "string" && texte.trim() ? texte : null;
      const demande = catalogueTexte;
      let doc = null;
      if (demande !== null) {
        if (demande.trimStart().startsWith("{")) {
          try {
            doc = JSON.parse(demande);
          } catch (e) {
            doc = null; // YAML flow style: the engine reads it below
          }
        }
        if (!doc) {
          try {
            const r = await moteur.valider(jeu, demande);
            doc = r && estObjet(r.liste) ? r.liste : null;
          } catch (e) {
            doc = null;
          }
        }
      }
      if (demande !== catalogueTexte) return; // a newer catalogue arrived meanwhile
      catalogueDoc = estObjet(doc) ? doc : null;
      dessinerProfils();
    }

    /** One line about a profile card: level, factions, limitation, base equipment. */
    function resumeProfil(p) {
      const morceaux = [];
      if (typeof p.niveau === "number") morceaux.push("Niveau " + p.niveau);
      if (Array.isArray(p.factions) && p.factions.length) morceaux.push(p.factions.map((f) => libelle("faction", f)).join(", "));
      if (p.limitation !== undefined && p.limitation !== null && p.limitation !== "") morceaux.push("LIM " + String(p.limitation));
      if (Array.isArray(p.equipement_de_base) && p.equipement_de_base.length) {
        morceaux.push("avec " + p.equipement_de_base.map((x) => String((x && (x.nom || x.id)) || "")).filter(Boolean).join(", "));
      }
      if (p.magicien) morceaux.push("magicien");
      return morceaux.join(" · ");
    }

    function profilsJoueur(collection) {
      const vus = new Set();
      const sortie = [];
      const sources = [
        [liste && Array.isArray(liste[collection]) ? liste[collection] : [], "écrit dans la liste"],
        [catalogueDoc && Array.isArray(catalogueDoc[collection]) ? catalogueDoc[collection] : [], "catalogue"],
      ];
      for (const [elements, source] of sources) {
        for (const p of elements) {
          if (!estObjet(p) || typeof p.id !== "string" || vus.has(p.id)) continue;
          vus.add(p.id);
          const resume = resumeProfil(p);
          sortie.push({ valeur: p.id, source, item: { nom: typeof p.nom === "string" && p.nom ? p.nom : joli(p.id), cout: p.cout, resume: resume ? resume + " (" + source + ")" : "(" + source + ")" } });
        }
      }
      return sortie;
    }

    // --- List state ---

    function vide() {
      const props = schema.properties || {};
      const l = { jeu };
      if (props.format && props.format.const !== undefined) l.format = props.format.const;
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

    function memoriser() {
      pile.push(JSON.stringify(liste));
      if (pile.length > MAX_ANNULER) pile.shift();
    }

    function ecrire() {
      const texte = C().verifier.versYaml(liste, 0) + "\n";
      texteEcrit = texte;
      illisible = null;
      garderDansListes(texte);
      api.ecrire(texte);
      dessiner();
    }

    /** One change from a control: remember the previous state (« Annuler »), write the text. */
    function changer(chemin, valeur) {
      memoriser();
      modifier(liste, chemin, valeur);
      ecrire();
    }

    function transformer(fonction, focus) {
      memoriser();
      fonction(liste);
      focusApres = focus || null;
      ecrire();
    }

    // --- Saved lists (localStorage, nothing leaves the browser) ---

    const cleListes = CLE_LISTES + jeu;
    function lireListes() {
      const l = lireStockage(cleListes);
      return l && Array.isArray(l.listes) ? l : { courante: null, listes: [] };
    }

    function nomDe(l) {
      return estObjet(l) && typeof l.nom === "string" && l.nom.trim() ? l.nom.trim() : "Liste sans nom";
    }

    function garderDansListes(texte) {
      if (!liste) return;
      const gardees = lireListes();
      let courante = gardees.listes.find((x) => x.id === gardees.courante);
      const utile = (liste.entrees && liste.entrees.length) || liste.nom;
      if (!courante) {
        if (!utile) return;
        courante = { id: "l" + Date.now().toString(36) + Math.random().toString(36).slice(2, 6) };
        gardees.listes.push(courante);
        gardees.courante = courante.id;
      }
      courante.nom = nomDe(liste);
      courante.texte = texte;
      courante.maj = new Date().toISOString();
      ecrireStockage(cleListes, gardees);
      dessinerListes();
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

    /** Ask the engine which values of the control at `chemin` are allowed; mark the refused ones. */
    async function marquerChoix(chemin, conteneur) {
      const promesse = composer({ action: "options", liste: copie(liste), chemin: pointeur(chemin) });
      if (!promesse) return;
      const reponse = await promesse;
      if (!reponse || !Array.isArray(reponse.choix) || !conteneur.isConnected) return;
      const refus = new Map(); // one reason -> the choices it refuses (said once, not per choice)
      for (const choix of reponse.choix) {
        const cle = JSON.stringify(choix.valeur);
        const raisons = (choix.raisons || []).map((r) => String(r.message || r.code || "")).filter(Boolean).join(" ; ");
        const interdit = choix.permis === false && !choix.actif;
        for (const controle of conteneur.querySelectorAll("option, input[type=checkbox]")) {
          if (controle.dataset.valeur !== cle) continue;
          if (controle.tagName === "OPTION") {
            if (!controle.dataset.texte) controle.dataset.texte = controle.textContent;
            controle.textContent = controle.dataset.texte + (interdit ? " — interdit" : "");
          }
          controle.disabled = interdit;
          controle.title = interdit ? raisons : "";
        }
        if (interdit) {
          const textes = (choix.raisons || []).map((r) => String(r.message || r.code || "")).filter(Boolean);
          for (const raison of textes.length ? textes : [""]) {
            if (!refus.has(raison)) refus.set(raison, []);
            const nom = libelle(chemin[chemin.length - 1], choix.valeur);
            if (!refus.get(raison).includes(nom)) refus.get(raison).push(nom);
          }
        }
      }
      let note = conteneur.querySelector('[data-role="choix-interdits"]');
      if (!note) {
        note = el("p", { classe: "cpd-aide cpd-interdits", "data-role": "choix-interdits" });
        conteneur.append(note);
      }
      const groupes = [...refus].map(([raison, noms]) => noms.join(", ") + (raison ? " : " + raison : ""));
      note.textContent = groupes.length ? "Choix interdits ici — " + groupes.join(" · ") : "";
      note.hidden = !groupes.length;
    }

    // --- Controls generated from the schema ---

    function aide(s) {
      return s.description ? el("span", { classe: "cpd-aide-champ" }, String(s.description)) : null;
    }

    /** One control for the value at `chemin` of schema `s`; `valeur` is the current value. */
    function controle(chemin, s, valeur, options) {
      const o = options || {};
      const id = idDe(chemin);
      const cle = chemin[chemin.length - 1];
      const titre = String(s.title || joli(cle));
      const g = genre(s, schema);
      const idAide = id + "-aide";
      const etiquette = el("label", { for: id, classe: "cpd-champ-titre" }, titre);
      const champ = (controleEl, ...apres) =>
        el("div", { classe: "cpd-champ-composer cpd-champ-" + g, "data-champ": String(cle) }, etiquette, controleEl,
          s.description ? el("span", { id: idAide, classe: "cpd-aide-champ" }, String(s.description)) : null, ...apres);
      const decrit = s.description ? idAide : null;

      if (g === "const") {
        return el("div", { classe: "cpd-champ-composer", "data-champ": String(cle) },
          el("span", { classe: "cpd-champ-titre" }, titre), " ", el("strong", {}, String(s.const)), aide(s));
      }
      if (g === "enum") {
        const select = el("select", { id, "aria-describedby": decrit, "data-chemin": pointeur(chemin) },
          el("option", { value: "", "data-valeur": "" }, o.requis ? "— Choisir —" : "— Aucun —"),
          s.enum.map((v) => {
            const it = item(cle, v);
            const cout = it && typeof it.cout === "number" ? " (" + coutTexte(it.cout) + ")" : "";
            return el("option", { value: JSON.stringify(v), "data-valeur": JSON.stringify(v) }, libelle(cle, v) + cout);
          }));
        select.value = valeur === undefined ? "" : JSON.stringify(valeur);
        if (select.value === "" && valeur !== undefined) {
          // a value outside the schema (the engine reports it): keep it visible
          select.append(el("option", { value: JSON.stringify(valeur), "data-valeur": JSON.stringify(valeur) }, String(valeur) + " (inconnu)"));
          select.value = JSON.stringify(valeur);
        }
        select.addEventListener("change", () => changer(chemin, select.value === "" ? undefined : JSON.parse(select.value)));
        const bloc = champ(select);
        const demander = () => marquerChoix(chemin, bloc);
        select.addEventListener("focus", demander);
        select.addEventListener("mousedown", demander);
        return bloc;
      }
      if (g === "tableau-enum") {
        const items = resoudre(s.items, schema);
        const choisies = Array.isArray(valeur) ? valeur : valeur === undefined || valeur === null ? [] : [valeur];
        const resume = choisies.length ? choisies.map((v) => libelle(cle, v)).join(", ") : "aucun";
        const cases = items.enum.map((v, i) => {
          const idCase = id + "-" + i;
          const it = item(cle, v);
          const caseEl = el("input", { type: "checkbox", id: idCase, "data-valeur": JSON.stringify(v) });
          caseEl.checked = choisies.some((c) => c === v);
          caseEl.addEventListener("change", () => {
            const valeurs = items.enum.filter((w, j) => (j === i ? caseEl.checked : choisies.includes(w)));
            let nouvelle = valeurs.length ? valeurs : undefined;
            if (nouvelle && nouvelle.length === 1 && types(s).includes("string") && !Array.isArray(valeur)) nouvelle = nouvelle[0];
            focusApres = idCase;
            changer(chemin, nouvelle);
          });
          return el("li", {}, caseEl, " ", el("label", { for: idCase }, libelle(cle, v)),
            it && typeof it.cout === "number" ? el("span", { classe: "cpd-cout-choix" }, " (" + coutTexte(it.cout) + ")") : null,
            it && it.resume ? el("span", { classe: "cpd-resume" }, String(it.resume)) : null);
        });
        const groupe = el("details", { classe: "cpd-champ-composer cpd-champ-tableau-enum", "data-champ": String(cle) },
          el("summary", { id }, el("span", { classe: "cpd-champ-titre" }, titre), " : ", el("span", { classe: "cpd-choisis" }, resume)),
          el("fieldset", {}, el("legend", { classe: "cpd-cache-visuel" }, titre),
            s.description ? el("p", { classe: "cpd-aide-champ" }, String(s.description)) : null,
            el("ul", { classe: "cpd-cases" }, cases)));
        if (o.ouverts && o.ouverts.has(id)) groupe.open = true;
        groupe.addEventListener("toggle", () => {
          if (groupe.open) {
            ouverts.add(id);
            marquerChoix(chemin, groupe);
          } else ouverts.delete(id);
        });
        return groupe;
      }
      if (g === "booleen") {
        const caseEl = el("input", { type: "checkbox", id, "aria-describedby": decrit });
        caseEl.checked = valeur === true;
        caseEl.addEventListener("change", () => {
          const defaut = s.default === undefined ? false : s.default;
          changer(chemin, caseEl.checked === defaut && !o.requis ? undefined : caseEl.checked);
        });
        return el("div", { classe: "cpd-champ-composer cpd-champ-booleen", "data-champ": String(cle) },
          caseEl, " ", el("label", { for: id, classe: "cpd-champ-titre" }, titre), aide(s));
      }
      if (g === "entier" || g === "nombre") {
        const entree = el("input", {
          type: "number", id, inputmode: "numeric", "aria-describedby": decrit,
          min: s.minimum, max: s.maximum, step: g === "entier" ? 1 : "any",
        });
        entree.value = typeof valeur === "number" ? String(valeur) : "";
        entree.addEventListener("change", () => {
          const texte = entree.value.trim();
          const n = Number(texte);
          changer(chemin, texte === "" || !Number.isFinite(n) ? undefined : g === "entier" ? Math.trunc(n) : n);
        });
        return champ(entree);
      }
      if (g === "texte") {
        const entree = el("input", { type: "text", id, "aria-describedby": decrit, maxlength: s.maxLength, autocomplete: "off" });
        entree.value = typeof valeur === "string" ? valeur : "";
        // Suggestions from the data: items of the collection or category named like the field.
        const suggestions = [];
        for (const [idItem, it] of index) {
          if (it._collection === cle + "s" || it.categorie === cle || it._collection === String(cle).replace(/_.*$/, "") + "s") {
            suggestions.push(el("option", { value: idItem }, String(it.nom || idItem)));
          }
        }
        let proposees = null;
        if (suggestions.length) {
          proposees = el("datalist", { id: id + "-suggestions" }, suggestions);
          entree.setAttribute("list", id + "-suggestions");
        }
        entree.addEventListener("change", () => changer(chemin, entree.value === "" ? undefined : entree.value));
        return champ(entree, proposees);
      }
      if (g === "tableau-valeurs") {
        const items = resoudre(s.items, schema);
        const numerique = types(items).includes("integer") || types(items).includes("number");
        const entree = el("input", { type: "text", id, "aria-describedby": id + "-format", autocomplete: "off" });
        entree.value = Array.isArray(valeur) ? valeur.join(", ") : "";
        entree.addEventListener("change", () => {
          const morceaux = entree.value.split(/[,;]/).map((x) => x.trim()).filter(Boolean);
          const valeurs = morceaux.map((x) => (numerique && /^-?\d+$/.test(x) ? Number(x) : x));
          changer(chemin, valeurs.length ? valeurs : undefined);
        });
        return champ(entree, el("span", { id: id + "-format", classe: "cpd-aide-champ" }, "Valeurs séparées par des virgules."));
      }
      if (g === "objet") {
        const v = estObjet(valeur) ? valeur : {};
        return el("fieldset", { classe: "cpd-groupe", "data-champ": String(cle) },
          el("legend", {}, titre), aide(s),
          Object.entries(s.properties).map(([k, sous]) => controle([...chemin, k], resoudre(sous, schema), v[k], o)));
      }
      if (g === "comptes") {
        // A map of counts whose keys the player names (Tamashii's Sac: type of Données -> tokens).
        const v = estObjet(valeur) ? valeur : {};
        const sous = resoudre(s.additionalProperties, schema);
        const nombre = (cleNom, idN, n) => {
          const e = el("input", { type: "number", id: idN, inputmode: "numeric", min: sous.minimum, max: sous.maximum, step: 1 });
          e.value = typeof n === "number" ? String(n) : "";
          e.addEventListener("change", () => {
            const x = Number(e.value);
            if (e.value.trim() !== "" && Number.isFinite(x)) changer([...chemin, cleNom], Math.trunc(x));
          });
          return e;
        };
        const lignes = Object.keys(v).map((k, i) => {
          const idN = id + "-" + i;
          return el("li", { classe: "cpd-compte", "data-cle": k },
            el("label", { for: idN }, k), nombre(k, idN, v[k]),
            el("button", { type: "button", classe: "md-button cpd-petit-bouton", "aria-label": "Retirer « " + k + " » de " + titre,
              id: idN + "-retirer", onclick: () => {
                focusApres = id + "-nouveau";
                changer([...chemin, k], undefined);
              } }, "Retirer"));
        });
        // What the player is typing survives a drawing (a report may arrive meanwhile).
        const garde = (e) => {
          if (saisies.has(e.id)) e.value = saisies.get(e.id);
          e.addEventListener("input", () => saisies.set(e.id, e.value));
          return e;
        };
        const nouveau = garde(el("input", { type: "text", id: id + "-nouveau", autocomplete: "off", maxlength: 40 }));
        const n = garde(el("input", { type: "number", id: id + "-nouveau-nombre", inputmode: "numeric", min: sous.minimum, max: sous.maximum, step: 1, value: "1" }));
        const ajouter = el("button", { type: "button", classe: "md-button cpd-petit-bouton", id: id + "-ajouter", "data-role": "ajouter-compte", onclick: () => {
          const k = nouveau.value.trim();
          const x = Number(n.value);
          if (!k || !Number.isFinite(x)) return;
          saisies.delete(nouveau.id);
          saisies.delete(n.id);
          focusApres = id + "-nouveau";
          changer([...chemin, k], Math.trunc(x));
        } }, "Ajouter");
        return el("fieldset", { classe: "cpd-groupe cpd-champ-comptes", "data-champ": String(cle) },
          el("legend", {}, titre), aide(s),
          lignes.length ? el("ul", { classe: "cpd-comptes" }, lignes) : null,
          el("div", { classe: "cpd-compte-nouveau" },
            el("span", { classe: "cpd-champ-composer" }, el("label", { for: id + "-nouveau", classe: "cpd-champ-titre" }, "Nouveau type"), nouveau),
            el("span", { classe: "cpd-champ-composer" }, el("label", { for: id + "-nouveau-nombre", classe: "cpd-champ-titre" }, String(sous.title || "Nombre")), n),
            ajouter));
      }
      // Lists of objects: edited in the text view.
      const n = Array.isArray(valeur) ? valeur.length : estObjet(valeur) ? Object.keys(valeur).length : 0;
      return el("div", { classe: "cpd-champ-composer", "data-champ": String(cle) },
        el("span", { classe: "cpd-champ-titre" }, titre), " ",
        el("span", { classe: "cpd-aide-champ" }, n ? `${n} élément${n > 1 ? "s" : ""} — à modifier dans la vue texte.` : "À écrire dans la vue texte, si besoin."));
    }

    const ouverts = new Set(); // checkbox groups left open across drawings
    const saisies = new Map(); // control id -> text being typed in a control not yet in the list

    // --- Report helpers ---

    function violations() {
      if (!rapport) return [];
      return [
        ...(rapport.erreurs || []).map((v) => ({ ...v, severite: "erreur" })),
        ...(rapport.avertissements || []).map((v) => ({ ...v, severite: "avertissement" })),
      ];
    }

    function rangEntree(v) {
      const m = /^\/entrees\/(\d+)(?:\/|$)/.exec(String(v.chemin || ""));
      return m ? Number(m[1]) : null;
    }

    function ligneCout(i) {
      const d = (rapport && rapport.details) || {};
      const lignes = Array.isArray(d.entrees) ? d.entrees : Array.isArray(d.couts) ? d.couts : [];
      return lignes.find((l) => l && l.index === i) || (lignes[i] && lignes[i].index === undefined ? lignes[i] : null);
    }

    function message(v) {
      const lien = C().lienSur(base, v.regle);
      const champ = /^\/entrees\/\d+\/(.+)$/.exec(String(v.chemin || ""));
      return el("li", { classe: "cpd-violation cpd-violation--" + v.severite, "data-code": v.code || "" },
        el("span", { classe: "cpd-violation-genre" }, v.severite === "erreur" ? "Erreur : " : "Avertissement : "),
        el("span", { classe: "cpd-violation-message" }, String(v.message || "")),
        champ ? el("span", { classe: "cpd-chemin" }, " (" + champ[1].replace(/\//g, " › ") + ")") : null,
        lien ? [" · ", el("a", { href: lien }, "voir la règle")] : null);
    }

    // --- Drawing ---

    function totalTexte() {
      if (illisible) return "Le texte de la liste ne peut pas être lu : corrigez-le dans la vue texte.";
      if (!rapport) return liste && liste.entrees && liste.entrees.length ? "Vérification en cours…" : "Liste vide : ajoutez une entrée.";
      const erreurs = (rapport.erreurs || []).length;
      const avert = (rapport.avertissements || []).length;
      const total = typeof rapport.cout === "number"
        ? "Total : " + C().nombre(rapport.cout) + (typeof rapport.budget === "number" ? " / " + C().nombre(rapport.budget) : "") + " " + unite
        : "Total non calculé";
      const etat = rapport.valide ? "liste valide" : `${erreurs} erreur${erreurs > 1 ? "s" : ""}`;
      return `${total} — ${etat}` + (avert ? ` (${avert} avertissement${avert > 1 ? "s" : ""})` : "");
    }

    function carte(entree, i, n, parRang) {
      const sorte = sorteDe(entree);
      const ligne = ligneCout(i);
      const props = entreeSchema.properties || {};
      const nomAffiche = (ligne && ligne.nom) || (estObjet(entree) && entree.nom) ||
        (sorte ? libelle(sorte, entree[sorte]) : "Entrée " + (i + 1));
      const cout = ligne ? (ligne.cout_total ?? ligne.cout) : undefined;
      const messages = parRang.get(i) || [];
      const nErreurs = messages.filter((v) => v.severite === "erreur").length;
      const titreId = "cpd-entree-" + i + "-titre";
      const bouton = (texte, action, etiquette, desactive, role) =>
        el("button", { type: "button", classe: "md-button cpd-petit-bouton", "aria-label": etiquette, disabled: desactive, "data-action": role, id: "cpd-entree-" + i + "-" + role, onclick: action }, texte);
      const champs = [];
      if (estObjet(entree)) {
        // A field marked `x-sortes: [kinds]` belongs to entries of those kinds only; a field the
        // entry already holds is always shown (the engine reports it if it does not belong).
        const cles = Object.keys(props).filter((k) => (!sortes.includes(k) || k === sorte) &&
          (entree[k] !== undefined || champDeLaSorte(props[k], sorte, entree)));
        if (sorte) cles.sort((a, b) => (a === sorte ? -1 : b === sorte ? 1 : 0)); // the kind first
        for (const k of cles) {
          const sous = props[k];
          const s = resoudre(sous, schema);
          champs.push(controle(["entrees", i, k], s, entree[k], { requis: (entreeSchema.required || []).includes(k) || k === sorte, ouverts }));
        }
        for (const k of Object.keys(entree)) {
          if (!props[k]) {
            champs.push(el("p", { classe: "cpd-aide-champ" }, `Champ « ${k} » inconnu : à corriger dans la vue texte.`));
          }
        }
      } else {
        champs.push(el("p", { classe: "cpd-aide-champ" }, "Cette entrée n'est pas un objet : corrigez-la dans la vue texte."));
      }
      return el("li", {
        classe: "cpd-carte" + (nErreurs ? " cpd-carte--erreur" : ""), "data-role": "entree", "data-index": String(i),
        "aria-labelledby": titreId,
      },
      el("div", { classe: "cpd-carte-tete" },
        el("h3", { id: titreId, classe: "cpd-carte-titre" }, el("span", { classe: "cpd-carte-rang" }, (i + 1) + ". "),
          el("span", { classe: "cpd-nom", "data-role": "entree-nom" }, String(nomAffiche))),
        el("span", { classe: "cpd-carte-cout", "data-role": "entree-cout" }, cout !== undefined && cout !== null ? coutTexte(cout) : "")),
      messages.length ? el("ul", { classe: "cpd-violations cpd-carte-messages", "data-role": "entree-erreurs" }, messages.map(message)) : null,
      el("div", { classe: "cpd-carte-champs" }, champs),
      el("div", { classe: "cpd-carte-actions", role: "group", "aria-label": "Actions sur l'entrée " + (i + 1) },
        bouton("↑ Monter", () => transformer((l) => l.entrees.splice(i - 1, 0, ...l.entrees.splice(i, 1)), "cpd-entree-" + (i - 1) + "-monter"),
          "Monter l'entrée " + (i + 1), i === 0, "monter"),
        bouton("↓ Descendre", () => transformer((l) => l.entrees.splice(i + 1, 0, ...l.entrees.splice(i, 1)), "cpd-entree-" + (i + 1) + "-descendre"),
          "Descendre l'entrée " + (i + 1), i === n - 1, "descendre"),
        bouton("Dupliquer", () => transformer((l) => l.entrees.splice(i + 1, 0, copie(l.entrees[i])), "cpd-entree-" + (i + 1) + "-dupliquer"),
          "Dupliquer l'entrée " + (i + 1), false, "dupliquer"),
        bouton("Retirer", () => transformer((l) => l.entrees.splice(i, 1), "cpd-ajouter-recherche"),
          "Retirer l'entrée " + (i + 1), false, "retirer")));
    }

    const zones = { profils: new Map() }; // persistent parts of the builder

    function dessiner() {
      if (!liste) return;
      const actif = document.activeElement && racineOutil.contains(document.activeElement) ? document.activeElement.id : null;
      const messages = violations();
      const parRang = new Map();
      const globaux = [];
      for (const v of messages) {
        const r = rangEntree(v);
        if (r !== null && Array.isArray(liste.entrees) && r < liste.entrees.length) {
          if (!parRang.has(r)) parRang.set(r, []);
          parRang.get(r).push(v);
        } else globaux.push(v);
      }
      zones.total.textContent = totalTexte();
      zones.total.dataset.etat = illisible ? "illisible" : !rapport ? "attente" : rapport.valide ? "valide" : "invalide";
      zones.total.dataset.cout = rapport && typeof rapport.cout === "number" ? String(rapport.cout) : "";
      zones.globaux.replaceChildren(...(globaux.length
        ? [el("ul", { classe: "cpd-violations" }, globaux.map(message))] : []));
      zones.annuler.disabled = pile.length === 0;

      // Envelope: name, format, options
      const props = schema.properties || {};
      const champsListe = [];
      for (const k of ["nom", "format"]) {
        if (props[k]) champsListe.push(controle([k], resoudre(props[k], schema), liste[k], { requis: (schema.required || []).includes(k) }));
      }
      const opts = resoudre(props.options || {}, schema);
      const valeursOptions = estObjet(liste.options) ? liste.options : {};
      for (const [k, s] of Object.entries(opts.properties || {})) {
        champsListe.push(controle(["options", k], resoudre(s, schema), valeursOptions[k], { ouverts }));
      }
      zones.enveloppe.replaceChildren(...champsListe);

      const entrees = Array.isArray(liste.entrees) ? liste.entrees : [];
      zones.entrees.replaceChildren(...entrees.map((e, i) => carte(e, i, entrees.length, parRang)));
      dessinerProfils();
      zones.compte.textContent = entrees.length
        ? `${entrees.length} entrée${entrees.length > 1 ? "s" : ""}`
        : "Aucune entrée : choisissez-en une ci-dessous.";

      const cible = focusApres || actif;
      focusApres = null;
      if (cible) {
        const e = document.getElementById(cible);
        if (e && e !== document.activeElement) {
          if (e.disabled) {
            const carteEl = e.closest(".cpd-carte");
            const autre = carteEl && carteEl.querySelector("button:not([disabled])");
            if (autre) autre.focus();
          } else e.focus({ preventScroll: false });
        }
      }
    }

    // --- « Ajouter »: picker of kinds, or the form of a designed entry ---

    function pickerSortes() {
      const recherche = el("input", { type: "search", id: "cpd-ajouter-recherche", autocomplete: "off", "aria-describedby": "cpd-ajouter-aide", "data-role": "recherche" });
      const aideEl = el("p", { id: "cpd-ajouter-aide", classe: "cpd-aide" }, "Tapez pour filtrer ; cliquez sur un élément pour l'ajouter à la liste.");
      const groupes = sortes.map((sorte) => {
        const s = resoudre(entreeSchema.properties[sorte], schema);
        const libre = !Array.isArray(s.enum);
        const ul = el("ul", { classe: "cpd-choix-liste", "data-role": "choix-" + sorte });
        if (libre) zones.profils.set(sorte, ul);
        else ul.replaceChildren(...boutonsChoix(sorte));
        return el("section", { classe: "cpd-groupe-choix", "data-sorte": sorte },
          el("h4", {}, String(s.title || joli(sorte))), ul,
          libre ? el("p", { classe: "cpd-aide", "data-role": "choix-" + sorte + "-vide" }) : null);
      });
      function boutonsChoix(sorte) {
        return candidats(sorte).map(({ valeur, item: it }) => {
          const nom = it && it.nom ? String(it.nom) : joli(valeur);
          const cout = it && typeof it.cout === "number" ? coutTexte(it.cout) : "";
          const b = el("button", {
            type: "button", classe: "cpd-choix", "data-role": "choix", "data-sorte": sorte, "data-valeur": String(valeur),
            id: idDe(["choix", sorte, valeur]),
            onclick: () => {
              const nouvelle = { [sorte]: valeur };
              transformer((l) => {
                if (!Array.isArray(l.entrees)) l.entrees = [];
                l.entrees.push(nouvelle);
              });
              annonce.textContent = nom + " ajouté à la liste.";
            },
          },
          el("span", { classe: "cpd-cache-visuel" }, "Ajouter "), el("span", { classe: "cpd-choix-nom" }, nom),
          cout ? el("span", { classe: "cpd-choix-cout" }, cout) : null,
          it && it.resume ? el("span", { classe: "cpd-choix-resume" }, String(it.resume)) : null);
          b.dataset.filtre = (nom + " " + valeur + " " + (it && it.resume ? it.resume : "")).toLowerCase();
          return el("li", {}, b);
        });
      }
      zones.boutonsChoix = boutonsChoix;
      // A free identifier (Khârn-Âges profiles from the player's catalogue)
      const libres = sortes.filter((sorte) => !Array.isArray(resoudre(entreeSchema.properties[sorte], schema).enum));
      const formulaires = libres.map((sorte) => {
        const s = resoudre(entreeSchema.properties[sorte], schema);
        const id = "cpd-ajouter-" + sorte;
        const entree = el("input", { type: "text", id, autocomplete: "off" });
        return el("div", { classe: "cpd-champ-composer" },
          el("label", { for: id, classe: "cpd-champ-titre" }, "Autre " + String(s.title || sorte).toLowerCase() + " (identifiant de sa carte)"),
          entree,
          el("button", { type: "button", classe: "md-button", onclick: () => {
            const v = entree.value.trim();
            if (!v) return;
            transformer((l) => {
              if (!Array.isArray(l.entrees)) l.entrees = [];
              l.entrees.push({ [sorte]: v });
            });
            entree.value = "";
          } }, "Ajouter"));
      });
      const annonce = el("p", { classe: "cpd-aide", role: "status", "aria-live": "polite", "data-role": "ajout-annonce" });
      zones.filtrer = () => {
        const mots = recherche.value.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").split(/\s+/).filter(Boolean);
        for (const b of zones.ajouter.querySelectorAll('[data-role="choix"]')) {
          const texte = b.dataset.filtre.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
          b.parentElement.hidden = !mots.every((m) => texte.includes(m));
        }
        for (const g of zones.ajouter.querySelectorAll(".cpd-groupe-choix")) {
          g.hidden = !g.querySelector("li:not([hidden])") && !g.querySelector('[data-role$="-vide"]:not([hidden])');
        }
      };
      recherche.addEventListener("input", zones.filtrer);
      return [el("label", { for: "cpd-ajouter-recherche", classe: "cpd-champ-titre" }, "Chercher"), recherche, aideEl, annonce, ...groupes, ...formulaires];
    }

    let signatureProfils = null;
    /** Refill the picker's free-id groups (the player's profiles) when they change. */
    function dessinerProfils() {
      if (!zones.profils || !zones.profils.size || !zones.boutonsChoix) return;
      const signature = JSON.stringify([...zones.profils.keys()].map((s) => candidats(s)));
      if (signature === signatureProfils) return;
      signatureProfils = signature;
      const actif = document.activeElement ? document.activeElement.id : null;
      for (const [sorte, ul] of zones.profils) {
        const boutons = zones.boutonsChoix(sorte);
        ul.replaceChildren(...boutons);
        const vide = ul.parentElement.querySelector('[data-role="choix-' + sorte + '-vide"]');
        if (vide) {
          vide.hidden = boutons.length > 0;
          vide.textContent = "Aucun profil : chargez un catalogue ou créez vos cartes (plus bas sur cette page), ou écrivez-les dans la liste sous profils:.";
        }
      }
      if (zones.filtrer) zones.filtrer();
      if (actif && !document.activeElement.id) {
        const e = document.getElementById(actif);
        if (e) e.focus();
      }
    }

    function pickerConcu() {
      const props = entreeSchema.properties || {};
      const requis = entreeSchema.required || [];
      const brouillon = {};
      for (const [k, sous] of Object.entries(props)) {
        const s = resoudre(sous, schema);
        const g = genre(s, schema);
        if (s.default !== undefined) continue;
        if (!requis.includes(k)) continue;
        if (g === "enum") brouillon[k] = s.enum[0];
        else if (g === "entier" || g === "nombre") brouillon[k] = typeof s.minimum === "number" ? s.minimum : 0;
        else if (g === "texte") brouillon[k] = k === "nom" ? "Nouvelle entrée" : "";
        else if (types(s).includes("object")) brouillon[k] = {};
      }
      const form = el("div", { classe: "cpd-carte-champs", "data-role": "formulaire-entree" });
      const cout = el("p", { classe: "cpd-total", "data-role": "apercu-cout", role: "status", "aria-live": "polite" });
      const controles = () => {
        const champs = [];
        for (const [k, sous] of Object.entries(props)) {
          const s = resoudre(sous, schema);
          const g = genre(s, schema);
          if (g === "autre" || g === "objet" || g === "comptes") continue;
          champs.push(controleBrouillon(k, s, g));
        }
        form.replaceChildren(...champs);
      };
      function controleBrouillon(k, s, g) {
        const id = "cpd-nouvelle-" + k;
        const titre = String(s.title || joli(k));
        let c;
        if (g === "enum") {
          c = el("select", { id }, el("option", { value: "" }, "— Aucun —"),
            s.enum.map((v) => el("option", { value: JSON.stringify(v) }, libelle(k, v))));
          c.value = brouillon[k] === undefined ? "" : JSON.stringify(brouillon[k]);
          c.addEventListener("change", () => maj(k, c.value === "" ? undefined : JSON.parse(c.value)));
        } else if (g === "booleen") {
          c = el("input", { type: "checkbox", id });
          c.checked = brouillon[k] === true;
          c.addEventListener("change", () => maj(k, c.checked ? true : undefined));
          return el("div", { classe: "cpd-champ-composer cpd-champ-booleen" }, c, " ", el("label", { for: id }, titre));
        } else if (g === "entier" || g === "nombre") {
          c = el("input", { type: "number", id, min: s.minimum, max: s.maximum, step: 1, inputmode: "numeric" });
          c.value = typeof brouillon[k] === "number" ? String(brouillon[k]) : "";
          c.addEventListener("input", () => maj(k, c.value.trim() === "" ? undefined : Number(c.value)));
        } else {
          c = el("input", { type: "text", id, autocomplete: "off" });
          c.value = Array.isArray(brouillon[k]) ? brouillon[k].join(", ") : brouillon[k] || "";
          c.addEventListener("input", () => {
            if (g === "tableau-valeurs") {
              const num = types(resoudre(s.items, schema)).includes("integer");
              const v = c.value.split(/[,;]/).map((x) => x.trim()).filter(Boolean).map((x) => (num && /^-?\d+$/.test(x) ? Number(x) : x));
              maj(k, v.length ? v : undefined);
            } else maj(k, c.value === "" ? undefined : c.value);
          });
        }
        return el("div", { classe: "cpd-champ-composer" }, el("label", { for: id, classe: "cpd-champ-titre" }, titre), c,
          s.minimum !== undefined && s.maximum !== undefined ? el("span", { classe: "cpd-aide-champ" }, `De ${s.minimum} à ${s.maximum}.`) : null);
      }
      let generation = 0;
      const estimer = C().debounce(async () => {
        const ma = ++generation;
        const essai = { ...copie(liste), entrees: [copie(brouillon)] };
        try {
          const r = await moteur.valider(jeu, JSON.stringify(essai), api.catalogue());
          if (ma !== generation) return;
          const d = (r && r.details) || {};
          const lignes = Array.isArray(d.entrees) ? d.entrees : [];
          const propres = (r.erreurs || []).filter((v) => rangEntree(v) === 0);
          const c = lignes[0] ? (lignes[0].cout_total ?? lignes[0].cout) : null;
          cout.textContent = (typeof c === "number" ? "Coût de cette entrée : " + coutTexte(c) : "Coût : non calculé") +
            (propres.length ? " — " + propres.map((v) => v.message).join(" ; ") : "");
          cout.dataset.cout = typeof c === "number" ? String(c) : "";
        } catch (e) {
          if (ma === generation) cout.textContent = "Coût : " + e.message;
        }
      }, 120);
      function maj(k, v) {
        if (v === undefined) delete brouillon[k];
        else poser(brouillon, k, v, Object.keys(props));
        estimer();
      }
      controles();
      estimer();
      const ajouter = el("button", { type: "button", classe: "md-button md-button--primary", "data-role": "ajouter-entree", onclick: () => {
        const nouvelle = copie(brouillon);
        transformer((l) => {
          if (!Array.isArray(l.entrees)) l.entrees = [];
          l.entrees.push(nouvelle);
        });
        annonce.textContent = "Entrée ajoutée à la liste.";
      } }, "Ajouter cette entrée");
      const annonce = el("p", { classe: "cpd-aide", role: "status", "aria-live": "polite", "data-role": "ajout-annonce" });
      return [el("p", { classe: "cpd-aide" }, "Réglez l'entrée ci-dessous : son coût se met à jour à chaque changement."), form, cout, ajouter, annonce];
    }

    // --- Saved lists, undo, copy ---

    function dessinerListes() {
      if (!zones.listes) return;
      const gardees = lireListes();
      const choix = zones.listes;
      const avant = choix.value;
      choix.replaceChildren(...gardees.listes.map((x) =>
        el("option", { value: x.id }, String(x.nom || "Liste sans nom") + (x.id === gardees.courante ? " (ouverte)" : ""))));
      choix.value = gardees.listes.some((x) => x.id === avant) ? avant : gardees.courante || "";
      const aucune = gardees.listes.length === 0;
      zones.ouvrir.disabled = aucune;
      zones.supprimer.disabled = aucune;
      zones.listesVide.hidden = !aucune;
    }

    function nouvelleListe() {
      const gardees = lireListes();
      gardees.courante = null;
      ecrireStockage(cleListes, gardees);
      memoriser();
      liste = vide();
      rapport = null;
      ecrire();
      zones.statut.textContent = "Nouvelle liste : elle sera gardée dans ce navigateur dès sa première entrée ou son nom.";
    }

    function ouvrirListe() {
      const gardees = lireListes();
      const x = gardees.listes.find((l) => l.id === zones.listes.value);
      if (!x) return;
      gardees.courante = x.id;
      ecrireStockage(cleListes, gardees);
      memoriser();
      texteEcrit = null;
      api.ecrire(String(x.texte || ""));
      dessinerListes();
      zones.statut.textContent = `Liste « ${x.nom} » ouverte.`;
    }

    function supprimerListe() {
      const gardees = lireListes();
      const x = gardees.listes.find((l) => l.id === zones.listes.value);
      if (!x) return;
      gardees.listes = gardees.listes.filter((l) => l.id !== x.id);
      if (gardees.courante === x.id) gardees.courante = null;
      ecrireStockage(cleListes, gardees);
      dessinerListes();
      // No confirmation box: the deleted list can be put back until the next deletion.
      const retablir = el("button", { type: "button", classe: "md-button cpd-petit-bouton", "data-role": "retablir-liste", onclick: () => {
        const g = lireListes();
        if (!g.listes.some((l) => l.id === x.id)) g.listes.push(x);
        ecrireStockage(cleListes, g);
        dessinerListes();
        zones.statut.textContent = `Liste « ${x.nom} » rétablie.`;
      } }, "Rétablir");
      zones.statut.replaceChildren(`Liste « ${x.nom} » supprimée de ce navigateur. `, retablir);
    }

    function annuler() {
      if (!pile.length) return;
      liste = JSON.parse(pile.pop());
      ecrire();
      zones.statut.textContent = "Dernier changement annulé.";
    }

    /** Plain-text summary, from the engine when it offers one, else from its report. */
    async function texteResume() {
      const promesse = composer({ action: "texte", liste: copie(liste) });
      const depuisMoteur = promesse ? await promesse : null;
      if (typeof depuisMoteur === "string" && depuisMoteur.trim()) return depuisMoteur;
      if (depuisMoteur && typeof depuisMoteur.texte === "string" && depuisMoteur.texte.trim()) return depuisMoteur.texte;
      const lignes = [nomDe(liste)];
      if (estObjet(liste.options)) {
        const opts = resoudre((schema.properties || {}).options || {}, schema).properties || {};
        for (const [k, v] of Object.entries(liste.options)) {
          if (estObjet(v)) continue;
          lignes.push(`${(opts[k] && opts[k].title) || k} : ${Array.isArray(v) ? v.map((x) => libelle(k, x)).join(", ") : libelle(k, v)}`);
        }
      }
      (liste.entrees || []).forEach((e, i) => {
        const l = ligneCout(i);
        const sorte = sorteDe(e);
        const nom = (l && l.nom) || (e && e.nom) || (sorte ? libelle(sorte, e[sorte]) : "Entrée " + (i + 1));
        const c = l ? (l.cout_total ?? l.cout) : undefined;
        lignes.push(`- ${nom}${typeof c === "number" ? " : " + coutTexte(c) : ""}`);
      });
      lignes.push(totalTexte());
      return lignes.join("\n");
    }

    async function copierTexte() {
      const texte = await texteResume();
      zones.copie.hidden = false;
      zones.copieTexte.value = texte;
      let message = "Résumé prêt : sélectionnez-le et copiez-le.";
      try {
        if (navigator.clipboard && window.isSecureContext) {
          await navigator.clipboard.writeText(texte);
          message = "Résumé copié dans le presse-papiers.";
        }
      } catch (e) {
        /* permission refused: the text stays in the field */
      }
      zones.copieTexte.select();
      zones.statut.textContent = message;
    }

    // --- Skeleton (drawn once) ---

    function squelette() {
      const bouton = (texte, role, action, extra) =>
        el("button", { type: "button", classe: "md-button", "data-role": role, onclick: action, ...(extra || {}) }, texte);
      zones.listes = el("select", { id: "cpd-listes-gardees", "data-role": "listes-gardees" });
      zones.ouvrir = bouton("Ouvrir", "ouvrir-liste", ouvrirListe);
      zones.supprimer = bouton("Supprimer", "supprimer-liste", supprimerListe);
      zones.listesVide = el("span", { classe: "cpd-aide" }, "Aucune liste gardée pour l'instant.");
      zones.annuler = bouton("Annuler", "annuler", annuler, { title: "Annuler le dernier changement", disabled: true });
      zones.statut = el("p", { classe: "cpd-aide", role: "status", "aria-live": "polite", "data-role": "composer-statut" });
      zones.copieTexte = el("textarea", { id: "cpd-copie-texte", classe: "cpd-texte", rows: 8, readonly: true, "data-role": "copie-texte" });
      zones.copie = el("div", { hidden: true }, el("label", { for: "cpd-copie-texte", classe: "cpd-champ-titre" }, "Résumé en texte"), zones.copieTexte);
      zones.total = el("p", { classe: "cpd-total cpd-composer-total", "data-role": "composer-total", role: "status", "aria-live": "polite", "aria-atomic": "true" });
      zones.globaux = el("div", { "data-role": "composer-erreurs-liste" });
      zones.enveloppe = el("div", { classe: "cpd-carte-champs" });
      zones.compte = el("p", { classe: "cpd-aide" });
      zones.entrees = el("ol", { classe: "cpd-cartes", "data-role": "composer-entrees" });
      zones.ajouter = el("div", { classe: "cpd-ajouter", "data-role": "ajouter" });
      const renommer = bouton("Renommer", "renommer", () => {
        const champ = document.getElementById(idDe(["nom"]));
        if (champ) {
          champ.focus();
          champ.select();
        }
      }, { title: "Le nom de la liste est aussi son nom parmi les listes gardées" });
      contenu.replaceChildren(
        el("div", { classe: "cpd-barre-outils cpd-listes", role: "group", "aria-label": "Mes listes gardées dans ce navigateur" },
          el("span", { classe: "cpd-champ" }, el("label", { for: "cpd-listes-gardees" }, "Mes listes"), zones.listes),
          zones.ouvrir, zones.supprimer, renommer, zones.listesVide),
        el("div", { classe: "cpd-barre-outils", role: "group", "aria-label": "Actions du compositeur" },
          bouton("Nouvelle liste", "nouvelle-liste", nouvelleListe), zones.annuler,
          bouton("Copier en texte", "copier-texte", copierTexte)),
        zones.statut, zones.copie,
        zones.total, zones.globaux,
        el("fieldset", { classe: "cpd-groupe cpd-enveloppe" }, el("legend", {}, "La liste"), zones.enveloppe),
        el("h3", {}, String(((schema.properties || {}).entrees || {}).title || "Entrées")),
        zones.compte, zones.entrees,
        el("section", { classe: "cpd-groupe cpd-section-ajouter", "aria-labelledby": "cpd-ajouter-titre" },
          el("h3", { id: "cpd-ajouter-titre" }, "Ajouter"), zones.ajouter));
      zones.ajouter.replaceChildren(...(sortes.length ? pickerSortes() : pickerConcu()));
      dessinerListes();
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
      if (texte !== null && texte === texteEcrit) {
        rapport = r;
        illisible = r ? null : "illisible";
      } else if (texte !== null && texte === zone.value) {
        // The player typed, opened an example, a file or a link: the form follows the text.
        if (!texte.trim()) {
          liste = vide();
          rapport = null;
          illisible = null;
        } else if (r && estObjet(r.liste)) {
          const ecrite = await listeEcrite(texte, r);
          if (texte !== zone.value) return; // the text changed meanwhile
          if (!estObjet(ecrite)) {
            illisible = "illisible";
            rapport = null;
            dessiner();
            return;
          }
          liste = copie(ecrite);
          rapport = r;
          illisible = null;
          texteEcrit = texte;
          if (liste.entrees && liste.entrees.length) garderDansListes(texte);
        } else {
          illisible = "illisible";
          rapport = null;
        }
      } else return; // an older answer
      dessiner();
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
      squelette();
      const blocCatalogue = racineOutil.querySelector('[data-role="catalogue-bloc"]');
      if (blocCatalogue) {
        blocCatalogue.addEventListener("compendium:catalogue", (ev) => lireCatalogue(ev.detail ? ev.detail.texte : null));
        lireCatalogue(api.catalogue());
      }
      section.hidden = false;
      const dernier = api.rapport();
      if (zone.value.trim() && dernier && estObjet(dernier.liste)) {
        const texte = zone.value;
        const ecrite = await listeEcrite(texte, dernier);
        liste = estObjet(ecrite) ? copie(ecrite) : vide();
        rapport = estObjet(ecrite) ? dernier : null;
        texteEcrit = texte;
      } else {
        liste = vide();
      }
      dessiner();
    })();
  }

  C().surPage(() => {
    document.querySelectorAll('[data-compendium-outil="verifier"]').forEach(initialiser);
  });

  window.Compendium.composer = { resoudre, genre };
})();
