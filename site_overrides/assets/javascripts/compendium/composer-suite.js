// « Composer et vérifier », builder part: the engine's follow-up of a check (composer_suite.py),
// asked for the page as it is (the open entry's fields that could be forced, the open pickers),
// and what the builder does with it (a forced value set on a new entry, allowed choices shown).
// Loaded on the tool page only, before composer.js, which calls this part with the builder's
// shared state `b` (see the top of composer.js).
(function () {
  "use strict";

  const P = (window.Compendium.composerParties = window.Compendium.composerParties || {});

  P.suite = function (b) {
    const { copie, estObjet, pointeur, cheminDe, resoudre, genre } = window.Compendium.composer;
    const { schema, entreeSchema, sortes, section, racineOutil, zone, api, rangDe } = b;

    /**
     * What the engine computes after each check, for the page as it is: the fields of the entry
     * being edited that could be forced, and the pickers open.
     */
    function demande() {
      const forces = [];
      const i = b.ouverte;
      const entree = i !== null && Array.isArray(b.liste && b.liste.entrees) ? b.liste.entrees[i] : null;
      if (estObjet(entree)) {
        const sorte = b.sorteDe(entree);
        for (const [k, sous] of Object.entries(entreeSchema.properties || {})) {
          const s = resoudre(sous, schema);
          const g = genre(s, schema);
          if (sortes.includes(k) || sous["x-etat-de-partie"] || s["x-donnees"] || !b.champDeLaSorte(sous, sorte, entree)) continue;
          if (g === "enum" || g === "booleen" || g === "tableau-enum") forces.push(pointeur(["entrees", i, k]));
        }
      }
      const connu = (m, cle) => m.has(cle) && m.get(cle).liste === b.signatureListe;
      // A forced value depends on the entries' kinds and the list's settings only (composer_suite):
      // known for them, it is not asked again when another choice changes.
      const cle = i !== null ? cleEntree(i) : null;
      const aForcer = forces.filter((p) => !(b.forces.has(p) && b.forces.get(p).entree === cle));
      const ouverts = [...section.querySelectorAll("details[open][data-champ-chemin]")].map((d) => d.dataset.champChemin);
      const choix = [...new Set([...ouverts, ...b.choixDemandes])].filter((cle) => !connu(b.choix, cle));
      return aForcer.length || choix.length ? { forces: aForcer, garder: sortes.slice(), choix } : null;
    }

    /** The engine's forced value of the field at `chemin`, if it is about the entry as it is now. */
    function forceDe(chemin) {
      const f = b.forces.get(pointeur(chemin));
      const r = rangDe(chemin);
      return f && r !== null && f.entree === cleEntree(r) ? f : null;
    }

    /** The fields that make entry `i` what it is (its kind): kept when the engine looks for forced values. */
    function garder(i) {
      const e = Array.isArray(b.liste && b.liste.entrees) ? b.liste.entrees[i] : null;
      return estObjet(e) ? sortes.filter((k) => e[k] !== undefined) : [];
    }

    /**
     * What a forced value of entry `i` depends on (composer_suite): the kind of every entry (how
     * many players, which castes) and the list without its entries. Another choice of an entry
     * changes nothing.
     */
    function cleEntree(i) {
      // Neither the list's name nor its data version changes what the rules force.
      const { entrees, nom, version_donnees: version, ...reste } = b.liste || {};
      const liste = Array.isArray(entrees) ? entrees : [];
      const sorteDe = (j) => garder(j).map((k) => [k, liste[j][k]]);
      return JSON.stringify([i, liste.map((e, j) => (estObjet(e) ? sorteDe(j) : e)), reste]);
    }

    /** The same check again, for a new demande (an entry opened): the engine's follow-up comes with it. */
    function demanderSuite() {
      if (b.texteEcrit && b.texteEcrit === zone.value && typeof api.reverifier === "function") api.reverifier();
    }

    /** The follow-up of a check: forced values (set when the field is empty) and allowed choices. */
    racineOutil.addEventListener("compendium:suite", (evenement) => {
      const { texte, suite } = evenement.detail || {};
      if (!suite || texte !== b.texteEcrit || !Array.isArray(suite.resultats)) return;
      let redessiner = false;
      for (const r of suite.resultats) {
        if (estObjet(r.forces) && typeof r.forces.chemin === "string") {
          const avant = b.forces.get(r.forces.chemin);
          const rang = rangDe(cheminDe(r.forces.chemin));
          b.forces.set(r.forces.chemin, { ...r.forces, entree: rang === null ? null : cleEntree(rang) });
          // Only a forced value changes what is drawn (locked, or offered).
          if (!r.forces.force && !(avant && avant.force)) continue;
          if (avant && avant.force === r.forces.force && JSON.stringify(avant.valeur) === JSON.stringify(r.forces.valeur)) continue;
          redessiner = true;
          if (r.forces.force && appliquerForce(r.forces)) return;
        } else if (estObjet(r.choix) && typeof r.choix.chemin === "string" && Array.isArray(r.choix.choix)) {
          b.choix.set(r.choix.chemin, { liste: b.signatureListe, reponse: r.choix });
          const conteneur = section.querySelector(`[data-champ-chemin="${CSS.escape(r.choix.chemin)}"]`);
          if (conteneur) b.appliquerChoix(cheminDe(r.choix.chemin), conteneur, r.choix);
        }
      }
      if (redessiner) b.dessiner();
    });

    /** The value of the field at `chemin` in the list, its schema default when it is not given. */
    function valeurA(chemin) {
      const v = chemin.reduce((o, k) => (o === undefined || o === null ? undefined : o[k]), b.liste);
      return v !== undefined ? v : resoudre(b.schemaA(chemin), schema).default;
    }

    /**
     * A forced value is set by itself on an entry the player has just added (the Conteur's Meneur
     * box), never on a list read from a text, an example or a link: there it is offered (« Corriger »).
     */
    function appliquerForce(force) {
      const chemin = cheminDe(force.chemin);
      const r = rangDe(chemin);
      if (r === null || !b.neuves.has(b.liste.entrees[r])) return false;
      const voulue = force.absent ? undefined : force.valeur;
      if (JSON.stringify(valeurA(chemin)) === JSON.stringify(voulue)) return false;
      b.memoriser();
      b.modifier(b.liste, chemin, copie(voulue));
      b.neuves.add(b.liste.entrees[r]); // still the player's new entry
      b.ecrire();
      return true;
    }

    Object.assign(b, { demande, demanderSuite, forceDe, valeurA });
  };
})();
