// « Composer et vérifier », builder part: data labels and kinds of entries. Set up first, from the
// game data (b.donnees) and the list schema (b.schema); adds to the shared state b: entreeSchema,
// sortes, item, libelle, coutTexte, champDeLaSorte, sorteDe, candidats, candidatsDonnees.
// See composer.js for the schema conventions (x-sorte, x-sortes, x-donnees, x-noms).
(function () {
  "use strict";

  const P = (window.Compendium.composerParties = window.Compendium.composerParties || {});
  const COLLECTIONS_IGNOREES = new Set(["ancres", "schemas", "jeu", "regles_liste", "sections", "faq", "calculs"]);

  P.donnees = function (b) {
    const { resoudre, genre, estObjet, joli } = window.Compendium.composer;
    const { schema, index } = b;
    const entreeSchema = resoudre(resoudre((schema.properties || {}).entrees || {}, schema).items, schema);

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

    /** The names the list schema gives enum values (`x-noms`), by property name: Canopée, Coopératif… */
    const nomsDuSchema = new Map();
    function indexerNoms(noeud, garde) {
      if (!estObjet(noeud) || garde > 12) return;
      for (const [k, sous0] of Object.entries(noeud.properties || {})) {
        const sous = resoudre(sous0, schema);
        for (const n of [sous, sous.items ? resoudre(sous.items, schema) : null]) {
          if (n && estObjet(n["x-noms"])) nomsDuSchema.set(k, { ...(nomsDuSchema.get(k) || {}), ...n["x-noms"] });
        }
        indexerNoms(sous, garde + 1);
        if (sous.items) indexerNoms(resoudre(sous.items, schema), garde + 1);
      }
      for (const def of Object.values(noeud.$defs || {})) indexerNoms(def, garde + 1);
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
      if (it && it.nom) return String(it.nom);
      if (typeof valeur !== "string") return String(valeur);
      const noms = nomsDuSchema.get(propriete);
      if (noms && typeof noms[valeur] === "string") return noms[valeur];
      const prefixe = String(propriete || "").replace(/_.*$/, "");
      const section = nomsDeSections.get(prefixe + "-" + valeur);
      if (section) return section.replace(new RegExp("^" + prefixe + "\\s+", "i"), "") || section;
      return joli(valeur);
    }

    function coutTexte(n) {
      return typeof n === "number" ? b.quantite(n) : "";
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
     * the list's own (with the loaded catalogue), of those categories; `cout` names the cost's path
     * in the item, or is false when choosing costs nothing (Khârn-Âges' generic spells are free:
     * their card's cost is not shown, the total would not change).
     */
    function candidatsDonnees(source) {
      const origines = Array.isArray(source.origines) ? source.origines : ["donnees"];
      const categories = Array.isArray(source.categories) ? source.categories : null;
      const sansCout = source.cout === false;
      const chemin = typeof source.cout === "string" ? source.cout.split(".") : ["cout"];
      const groupe = estObjet(source.groupe) && typeof source.groupe.propriete === "string" ? source.groupe.propriete.split(".") : null;
      // An item is of category C by its `categorie`, or by a `C: true` flag (a catalogue's
      // `generique: true`).
      const dansCategories = (it) => !categories || categories.some((c) => it.categorie === c || it[c] === true);
      const sortie = [];
      const vus = new Set();
      if (origines.includes("liste")) {
        for (const c of b.profilsJoueur(source.collection)) {
          if (vus.has(c.valeur) || !dansCategories(c.brut)) continue;
          vus.add(c.valeur);
          sortie.push(sansCout ? { ...c, item: { ...c.item, cout: undefined } } : c);
        }
      }
      const donnees = origines.includes("donnees") && b.donnees && Array.isArray(b.donnees[source.collection]) ? b.donnees[source.collection] : [];
      for (const it of donnees) {
        if (!estObjet(it) || typeof it.id !== "string" || vus.has(it.id)) continue;
        if (!dansCategories(it)) continue;
        vus.add(it.id);
        const cout = sansCout ? undefined : chemin.reduce((o, k) => (estObjet(o) ? o[k] : undefined), it);
        const valeurGroupe = groupe ? groupe.reduce((o, k) => (estObjet(o) ? o[k] : undefined), it) : undefined;
        sortie.push({ valeur: it.id, item: { nom: it.nom, cout: typeof cout === "number" ? cout : undefined, resume: it.resume, _groupe: valeurGroupe } });
      }
      return sortie;
    }

    indexer(b.donnees);
    indexerNoms(schema, 0);
    const sortes = trouverSortes();
    Object.assign(b, { entreeSchema, sortes, item, libelle, coutTexte, champDeLaSorte, sorteDe, candidats, candidatsDonnees });
  };
})();
