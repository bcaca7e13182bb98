// « Composer et vérifier », builder part: the total at once (issue 35 §7). A tap that changes a
// value paints the new list's total in the same task, before the engine has checked the list,
// marked as provisional (`data-a-jour="provisoire"`, « à confirmer ») until the engine's report.
//
// The page never computes a cost itself (the engine is the only place the rules live): in the
// worker's idle time after each report, the builder asks the engine to check the lists one tap
// away from the one on screen — the other values of the field last changed first, then the other
// fields of the entry being edited — and keeps those reports, keyed by the exact list they are
// about. A tap whose new list is among them shows that report's total at once; the engine's own
// check of the list follows and confirms it (the same list gives the same report). A tap whose list
// was not foreseen waits for the engine as before. Nothing here changes the list.
// Loaded on the tool page only, before composer.js, which calls this part with the builder's
// shared state `b` (see the top of composer.js).
(function () {
  "use strict";

  const P = (window.Compendium.composerParties = window.Compendium.composerParties || {});
  const MAX_PREVISIONS = 24; // lists checked ahead after one report
  const MAX_GARDEES = 200; // reports kept (the oldest go first)
  const MAX_VALEURS = 12; // values tried per field
  const ATTENTE_MS = 50; // how often the builder looks whether the engine is idle

  /** JSON with object keys sorted: two lists that differ only by key order are the same list. */
  function canonique(v) {
    if (Array.isArray(v)) return "[" + v.map(canonique).join(",") + "]";
    if (v !== null && typeof v === "object") {
      return "{" + Object.keys(v).filter((k) => v[k] !== undefined).sort().map((k) => JSON.stringify(k) + ":" + canonique(v[k])).join(",") + "}";
    }
    return JSON.stringify(v === undefined ? null : v);
  }

  /** A 53-bit hash of a text (cyrb53), as base 36: the key of a list among the checks ahead. */
  function empreinte(texte) {
    let h1 = 0xdeadbeef;
    let h2 = 0x41c6ce57;
    for (let i = 0; i < texte.length; i++) {
      const c = texte.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36) + "." + texte.length.toString(36);
  }

  /** What the total needs of a report (composer-cartes.js totalTexte): kept, and saved with the list. */
  function resume(r) {
    const d = r.details !== null && typeof r.details === "object" ? r.details : {};
    const details = {};
    for (const k of ["cout_activation", "cout_activation_connu", "figures_sans_cout"]) if (typeof d[k] === "number") details[k] = d[k];
    return { cout: r.cout, budget: r.budget, valide: !!r.valide, details };
  }

  P.immediat = function (b) {
    const { resoudre, genre, types, copie, estObjet } = window.Compendium.composer;
    const { schema, moteur, jeu, api } = b;
    const previsions = new Map(); // key (catalogue + list) -> the engine's report on that list
    let generation = 0; // bumped at every change: the checks ahead of an older list stop
    let dernier = null; // path of the field the player changed last
    let provisoire = null; // {cle, rapport}: the report whose total is on screen ahead of the engine
    let aConfirmer = null; // the last provisional total shown, until the engine's report on its list
    const compte = { servis: 0, confirmes: 0, ecarts: 0, enCours: false }; // for the tests and the benchmark

    const cleDe = (liste) => empreinte(String(api.catalogue() || "") + "\u0000" + canonique(liste));

    // --- The lists one tap away ---

    /** The values a control of the field at `chemin` can write, besides the current one. */
    function valeursVoisines(chemin) {
      const s = resoudre(b.schemaA(chemin), schema);
      const g = genre(s, schema);
      const actuelle = b.valeurA ? b.valeurA(chemin) : undefined;
      const parent = resoudre(b.schemaA(chemin.slice(0, -1)), schema);
      const requis = Array.isArray(parent.required) && parent.required.includes(chemin[chemin.length - 1]);
      const source = estObjet(s["x-donnees"]) ? s["x-donnees"] : null;
      const donnees = source && (g === "texte" || g === "tableau-valeurs") ? b.candidatsDonnees(source).map((c) => c.valeur) : null;
      const sortie = [];
      if (g === "enum" || (donnees && g === "texte")) {
        for (const v of donnees || s.enum) if (v !== actuelle) sortie.push(v);
      } else if (g === "tableau-enum" || (donnees && g === "tableau-valeurs")) {
        const tous = donnees || resoudre(s.items, schema).enum || [];
        const choisies = Array.isArray(actuelle) ? actuelle : actuelle === undefined || actuelle === null ? [] : [actuelle];
        for (const v of tous) {
          const avec = choisies.includes(v);
          // The builder's boxes: data ids keep the order they were added in, enums the schema's.
          let valeurs = donnees ? (avec ? choisies.filter((x) => x !== v) : [...choisies, v]) : tous.filter((w) => (w === v ? !avec : choisies.includes(w)));
          if (valeurs.length === 1 && types(s).includes("string") && !Array.isArray(actuelle)) valeurs = valeurs[0];
          sortie.push(Array.isArray(valeurs) && !valeurs.length ? undefined : valeurs);
        }
      } else if (g === "booleen") {
        const defaut = s.default === undefined ? false : s.default;
        const coche = !(actuelle === true);
        sortie.push(coche === defaut && !requis ? undefined : coche);
      } else if (g === "entier" || g === "nombre") {
        const n = typeof actuelle === "number" ? actuelle : typeof s.minimum === "number" ? s.minimum : 0;
        for (const m of [n + 1, n - 1]) {
          if ((typeof s.minimum === "number" && m < s.minimum) || (typeof s.maximum === "number" && m > s.maximum)) continue;
          sortie.push(m);
        }
      }
      return sortie.slice(0, MAX_VALEURS);
    }

    /** The fields of the entry being edited that a tap changes (choices, boxes, numbers). */
    function champsOuverts() {
      const i = b.ouverte;
      const entrees = b.liste && Array.isArray(b.liste.entrees) ? b.liste.entrees : [];
      if (typeof i !== "number" || !estObjet(entrees[i])) return [];
      const entree = entrees[i];
      const sorte = b.sorteDe(entree);
      const props = b.entreeSchema.properties || {};
      return Object.keys(props)
        .filter((k) => !(b.sortes || []).includes(k) && b.champDeLaSorte(resoudre(props[k], schema), sorte, entree))
        .map((k) => ["entrees", i, k]);
    }

    function voisines() {
      const chemins = [];
      const vus = new Set();
      for (const c of [dernier, ...champsOuverts()]) {
        if (!Array.isArray(c) || vus.has(JSON.stringify(c))) continue;
        vus.add(JSON.stringify(c));
        chemins.push(c);
      }
      const listes = [];
      for (const chemin of chemins) {
        let valeurs;
        try {
          valeurs = valeursVoisines(chemin);
        } catch (e) {
          valeurs = [];
        }
        for (const v of valeurs) {
          const autre = copie(b.liste);
          b.modifier(autre, chemin, copie(v));
          listes.push(autre);
          if (listes.length >= MAX_PREVISIONS) return listes;
        }
      }
      return listes;
    }

    const libre = () => typeof moteur.occupe === "function" && !moteur.occupe();
    const pause = () => new Promise((r) => setTimeout(r, ATTENTE_MS));

    /** After a report on the builder's list: check the lists one tap away, while nothing changes. */
    async function prevoir() {
      const ma = ++generation;
      compte.enCours = true;
      try {
        await prevoirPour(ma);
      } finally {
        if (ma === generation) compte.enCours = false;
      }
    }

    async function prevoirPour(ma) {
      if (typeof moteur.prevoir !== "function" || !b.liste || !moteur.prets || !moteur.prets.has(jeu)) return;
      // The engine's follow-up (forced values, choices) first: the checks ahead use its idle time only.
      while (!libre()) {
        await pause();
        if (ma !== generation) return;
      }
      for (const liste of voisines()) {
        if (ma !== generation) return;
        const cle = cleDe(liste);
        if (previsions.has(cle)) continue;
        let rapport;
        try {
          rapport = await moteur.prevoir(jeu, JSON.stringify(liste), api.catalogue());
        } catch (e) {
          return; // a newer check, or the engine stopped: nothing to foresee now
        }
        if (!estObjet(rapport)) continue;
        previsions.set(cle, resume(rapport));
        if (previsions.size > MAX_GARDEES) previsions.delete(previsions.keys().next().value);
        while (!libre() && ma === generation) await pause();
      }
      if (ma === generation && b.garderReprise) b.garderReprise(); // saved with the list (composer-reprise.js)
    }

    // --- The total on screen ---

    /** Paint the total of `rapport` (the engine's, for the list on screen) as provisional. */
    function peindre(rapport) {
      const total = b.zones.total;
      if (!total) return;
      const vrai = b.rapport;
      b.rapport = rapport;
      try {
        total.textContent = b.totalTexte();
      } finally {
        b.rapport = vrai;
      }
      const d = estObjet(rapport.details) ? rapport.details : {};
      total.dataset.cout = typeof rapport.cout === "number" ? String(rapport.cout) : "";
      total.dataset.coutActivation = typeof d.cout_activation === "number" ? String(d.cout_activation) : "";
      total.dataset.etat = rapport.valide ? "valide" : "invalide";
      total.dataset.aJour = "provisoire";
      total.title = "Total calculé d'avance par le moteur pour cette liste, à confirmer par sa vérification.";
      total.classList.toggle("cpd-total--depasse", typeof rapport.cout === "number" && typeof rapport.budget === "number" && rapport.cout > rapport.budget);
    }

    /** Run `fonction` once, in a task after the next frame (or at once when the page is hidden). */
    let enSuspens = null;
    function apresImage(fonction) {
      let fait = false;
      const lancer = () => {
        if (fait) return;
        fait = true;
        if (enSuspens === lancer) enSuspens = null;
        fonction();
      };
      if (enSuspens) enSuspens(); // the previous tap's rest first, in order
      enSuspens = lancer;
      const canal = new MessageChannel();
      canal.port1.onmessage = lancer;
      requestAnimationFrame(() => canal.port2.postMessage(0));
      setTimeout(lancer, 200); // no frame comes to a hidden page
    }
    // Leaving the page: the text view and the saved list get the last tap now.
    window.addEventListener("pagehide", () => enSuspens && enSuspens());

    /**
     * At a tap (composer.js ecrire): when the new list's total is known ahead, paint it now, in
     * the tap's own task, and leave the rest (`suite`: the engine's check, the text view's report,
     * the drawing, the saved list) to a task after the frame that shows it. False otherwise.
     */
    function totalAvant(suite) {
      if (!b.liste || b.illisible || !b.zones.total || b.aJour !== false) return false;
      const cle = cleDe(b.liste);
      if (!previsions.has(cle)) return false;
      generation++; // the checks ahead of the previous list stop
      provisoire = { cle, rapport: previsions.get(cle) };
      if (!aConfirmer || aConfirmer.cle !== cle) compte.servis++;
      aConfirmer = provisoire;
      b.totalProvisoire = true;
      peindre(provisoire.rapport);
      apresImage(suite);
      return true;
    }

    const changerBase = b.changer;
    b.changer = function (chemin, valeur, options) {
      dernier = Array.isArray(chemin) ? chemin : null;
      return changerBase(chemin, valeur, options);
    };

    // Another entry opened for editing: its fields are the likely next taps.
    const ouvrirBase = b.ouvrirEntree;
    b.ouvrirEntree = function (...args) {
      const sortie = ouvrirBase.apply(this, args);
      if (b.aJour === true && b.rapport) prevoir();
      return sortie;
    };

    const dessinerBase = b.dessiner;
    b.dessiner = function (...args) {
      if (b.aJour === false && b.liste && !b.illisible) {
        // The list just changed (composer.js ecrire): its report may be known already.
        generation++;
        const cle = cleDe(b.liste);
        provisoire = previsions.has(cle) ? { cle, rapport: previsions.get(cle) } : provisoire && provisoire.cle === cle ? provisoire : null;
      } else if (b.aJour !== false) provisoire = null;
      b.totalProvisoire = !!provisoire;
      const sortie = dessinerBase.apply(this, args);
      if (provisoire) {
        if (!aConfirmer || aConfirmer.cle !== provisoire.cle) compte.servis++;
        aConfirmer = provisoire;
        peindre(provisoire.rapport);
      }
      else if (b.zones.total) b.zones.total.removeAttribute("title");
      return sortie;
    };

    b.racineOutil.addEventListener("compendium:rapport", (evenement) => {
      const { rapport, texte } = evenement.detail || {};
      if (aConfirmer && rapport && texte !== null && texte === b.texteEcrit && b.aJour === true) {
        // The engine's check of a list whose total was shown ahead: the same total, or counted.
        if (cleDe(b.liste) === aConfirmer.cle) {
          compte.confirmes++;
          if (JSON.stringify(resume(rapport)) !== JSON.stringify(aConfirmer.rapport)) compte.ecarts++;
        }
        aConfirmer = null;
      }
      // A report on the builder's own list: look one tap ahead (the builder's listener ran first).
      if (texte !== null && texte === b.texteEcrit && b.aJour === true) prevoir();
    });
    /** The totals foreseen, to save with the list (composer-reprise.js): [[key, summary], …], newest last. */
    const totauxPrevus = () => [...previsions.entries()].slice(-60);
    /** Totals saved with the list at the last visit: a tap may be answered before the engine is ready. */
    function retenirPrevisions(totaux) {
      for (const x of Array.isArray(totaux) ? totaux : []) {
        if (Array.isArray(x) && typeof x[0] === "string" && estObjet(x[1])) previsions.set(x[0], x[1]);
      }
    }
    Object.assign(b, { prevoir, cleDe, totauxPrevus, retenirPrevisions, totalAvant });
    // Read by the tests and the benchmark: taps answered ahead, confirmed, and differing totals.
    b.section.compendiumImmediat = { compte: () => ({ ...compte, prevus: previsions.size }) };
  };

  window.Compendium.composerImmediat = { canonique, empreinte };
})();
