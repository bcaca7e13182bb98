// Client side of the rules engine: wraps the Web Worker (moteur-worker.js) in
// Promises, shows the loading progress, and offers small DOM helpers shared by
// the tool pages (verifier.js, probas.js). Plain JavaScript, no dependency.
(function () {
  "use strict";
  if (window.Compendium && window.Compendium.moteur) return; // loaded twice (instant navigation)

  const DELAI_VALIDATION_MS = 8000;
  const DELAI_CALCUL_MS = 60000;

  /** Absolute URL of the site root, from the relative `base` written by the page. */
  function racine(base) {
    const url = new URL(base || "./", window.location.href);
    url.hash = "";
    url.search = "";
    let texte = url.href;
    if (!texte.endsWith("/")) texte += "/";
    return texte;
  }

  /**
   * Build an element. Strings and numbers among the children become TEXT nodes:
   * nothing coming from a list is ever parsed as HTML.
   */
  function el(tag, attributs, ...enfants) {
    const noeud = document.createElement(tag);
    for (const [cle, valeur] of Object.entries(attributs || {})) {
      if (valeur === null || valeur === undefined || valeur === false) continue;
      if (cle === "texte") noeud.textContent = String(valeur);
      else if (cle === "classe") noeud.className = valeur;
      else if (cle.startsWith("on") && typeof valeur === "function") noeud.addEventListener(cle.slice(2), valeur);
      else noeud.setAttribute(cle, valeur === true ? "" : String(valeur));
    }
    ajouter(noeud, enfants);
    return noeud;
  }

  function ajouter(noeud, enfants) {
    for (const enfant of enfants.flat(Infinity)) {
      if (enfant === null || enfant === undefined || enfant === false) continue;
      noeud.append(enfant instanceof Node ? enfant : document.createTextNode(String(enfant)));
    }
  }

  /** Only same-site relative links (rule anchors); anything else is refused. */
  function lienSur(base, chemin) {
    const texte = String(chemin || "");
    if (!texte || /^[a-z][a-z0-9+.-]*:/i.test(texte) || texte.startsWith("//")) return null;
    return (base || "") + texte.replace(/^\/+/, "");
  }

  const nombreFr = new Intl.NumberFormat("fr-FR");
  const unDecimal = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  /** « 850 Ko », « 3,2 Mo » (1 Mo = 1 048 576 octets, as the engine's size messages). */
  function taille(n) {
    if (n < 1024 * 1024) return nombreFr.format(Math.max(1, Math.round(n / 1024))) + "\u00a0Ko";
    return unDecimal.format(n / (1024 * 1024)) + "\u00a0Mo";
  }
  function pourcentage(p) {
    if (p > 0 && p < 0.00005) return "<\u00a00,01\u00a0%";
    if (p < 1 && p > 0.99995) return ">\u00a099,99\u00a0%";
    return new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(p * 100) + "\u00a0%";
  }

  /** Run `fonction` on every page display (Material's instant navigation included). */
  function surPage(fonction) {
    const lancer = () => {
      try {
        fonction();
      } catch (e) {
        console.error(e);
      }
    };
    if (window.document$ && typeof window.document$.subscribe === "function") {
      window.document$.subscribe(lancer);
    } else if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", lancer, { once: true });
    } else {
      lancer();
    }
  }

  function debounce(fonction, ms) {
    let minuteur = null;
    const appel = (...args) => {
      clearTimeout(minuteur);
      minuteur = setTimeout(() => fonction(...args), ms);
    };
    appel.annuler = () => clearTimeout(minuteur);
    return appel;
  }

  class Moteur {
    constructor(racineSite) {
      this.racine = racineSite;
      this.worker = null;
      this.attente = new Map(); // id -> {resoudre, rejeter, minuteur, delaiMs}, in the order sent
      this.suites = new Map(); // id -> function(suite): the follow-up of a builder's check (etat)
      this.suivant = 1;
      this.jeux = new Map(); // jeu -> Promise (engine + bundle ready)
      this.prets = new Set(); // games whose engine and bundle are ready
      this.abonnes = new Set();
      this.etat = { etape: 0, total: 4, message: "Chargement du moteur…", pret: false, erreur: null };
    }

    /** fonction(etat) is called now and on every change; returns an unsubscribe function. */
    suivre(fonction) {
      this.abonnes.add(fonction);
      fonction(this.etat);
      return () => this.abonnes.delete(fonction);
    }

    _publier(changement) {
      this.etat = Object.assign({}, this.etat, changement);
      for (const f of this.abonnes) {
        try {
          f(this.etat);
        } catch (e) {
          console.error(e);
        }
      }
    }

    _lancer() {
      if (this.worker) return;
      this._publier({ etape: 0, message: "Chargement du moteur…", pret: false, erreur: null, octets: 0, octetsTotal: 0 });
      let worker;
      try {
        worker = new Worker(this.racine + "assets/javascripts/compendium/moteur-worker.js", { type: "module" });
      } catch (e) {
        this._publier({ erreur: "Impossible de lancer le moteur dans ce navigateur (Web Worker refusé)." });
        throw e;
      }
      this.worker = worker;
      this.lanceMs = performance.now(); // when the worker was started, for the benchmarks
      worker.onmessage = (evenement) => this._recevoir(evenement.data || {});
      worker.onerror = (evenement) => {
        evenement.preventDefault();
        const detail = evenement.message ? " (" + evenement.message + ")" : "";
        this._arreter("Le moteur s'est arrêté sur une erreur" + detail + ".");
      };
    }

    _recevoir(message) {
      if (message.type === "demarrage") {
        // "froid" or "instantane" (see moteur-instantane.js), and what became of the snapshot.
        this._publier({ demarrage: message.mode || null, instantane: message.instantane || null });
        this.demarrageMs = { lecture: message.lectureMs, pyodide: message.pyodideMs }; // for the benchmarks
        return;
      }
      if (message.type === "telechargement") {
        this._publier({ octets: Number(message.recus) || 0, octetsTotal: Number(message.total) || 0 });
        return;
      }
      if (message.type === "progression") {
        this.etapes = (this.etapes || []).concat([{ etape: message.etape, ms: message.ms }]);
        this._publier({
          etape: message.etape,
          total: message.total,
          message: message.message,
          pret: message.etape >= message.total,
        });
        return;
      }
      if (message.suite) {
        // The follow-up of a builder's check, after its answer: forced values, allowed choices.
        const surSuite = this.suites.get(message.id);
        if (message.suite.fini) this.suites.delete(message.id);
        if (surSuite) {
          try {
            surSuite(message.suite);
          } catch (e) {
            console.error(e);
          }
        }
        return;
      }
      const attente = this.attente.get(message.id);
      if (!attente) return;
      this.attente.delete(message.id);
      clearTimeout(attente.minuteur);
      this._armer();
      this.derniereDuree = message.ms; // time spent in Python, for the benchmarks
      if (message.perime) {
        // A newer request of the same canal arrived before this one ran: it was not run.
        this.suites.delete(message.id);
        attente.rejeter(new Perime());
        return;
      }
      if (message.fatal) {
        // Python itself is broken: report, then start a fresh worker on the next request.
        this._arreter("Le moteur Python s'est arrêté (" + message.erreur + "). Il redémarrera à la prochaine demande.");
        return;
      }
      if ("erreur" in message) {
        this.suites.delete(message.id); // no follow-up after an error
        const erreur = new Error(message.erreur);
        erreur.interne = !!message.interne;
        erreur.ms = message.ms;
        attente.rejeter(erreur);
      } else {
        attente.resoudre(message.resultat);
      }
    }

    _envoyer(message, delaiMs, surSuite) {
      this._lancer();
      const id = this.suivant++;
      if (typeof surSuite === "function") this.suites.set(id, surSuite);
      return new Promise((resoudre, rejeter) => {
        this.attente.set(id, { resoudre, rejeter, minuteur: null, delaiMs });
        this.worker.postMessage(Object.assign({ id }, message));
        this._armer();
      });
    }

    /**
     * The worker answers one request at a time, in order: only the oldest pending request is
     * timed, from when the one before it was answered. A check queued behind a long odds
     * calculation is not cut off for the time it waited.
     */
    _armer() {
      const premiere = this.attente.values().next().value;
      if (!premiere || premiere.minuteur !== null || !Number.isFinite(premiere.delaiMs)) return;
      const delaiMs = premiere.delaiMs;
      premiere.minuteur = setTimeout(() => {
        this._arreter(
          `Le moteur n'a pas répondu en ${Math.round(delaiMs / 1000)} s : traitement interrompu. ` +
            "Le moteur redémarrera à la prochaine demande.",
        );
      }, delaiMs);
    }

    /** Stop the worker (hang, crash): every pending request fails with `raison`. */
    _arreter(raison) {
      if (this.worker) this.worker.terminate();
      this.worker = null;
      this.jeux.clear();
      this.prets.clear();
      this.suites.clear();
      const attente = [...this.attente.values()];
      this.attente.clear();
      for (const a of attente) {
        clearTimeout(a.minuteur);
        a.rejeter(new Error(raison));
      }
      this._publier({ pret: false, erreur: raison });
    }

    /** Start Pyodide, the wheels and the game's data; resolves when ready. */
    preparer(jeu) {
      if (!this.jeux.has(jeu)) {
        const promesse = this._envoyer({ type: "init", racine: this.racine, jeu }, Infinity).then((r) => {
          if (this.jeux.get(jeu) === promesse) this.prets.add(jeu);
          return r;
        }, (e) => {
          if (this.jeux.get(jeu) === promesse) this.jeux.delete(jeu);
          this._publier({ erreur: e.message });
          throw e;
        });
        this.jeux.set(jeu, promesse);
      }
      return this.jeux.get(jeu);
    }

    /**
     * entree: the list as text (string) or as the raw bytes of a file (Uint8Array);
     * catalogue: the text of the player's profile catalogue, if one is loaded.
     */
    async valider(jeu, entree, catalogue) {
      await this.preparer(jeu);
      const message = { type: "valider", jeu };
      if (entree instanceof Uint8Array) message.octets = entree;
      else message.texte = String(entree);
      if (typeof catalogue === "string" && catalogue.trim()) message.catalogue = catalogue;
      return this._envoyer(message, DELAI_VALIDATION_MS);
    }

    /**
     * The builder's check of one change (canal "liste"): resolves with the report, like `valider`;
     * a check still waiting when a newer one is sent is not run (it rejects with `Perime`).
     * demande: {forces: [pointers], choix: [pointers]} computed afterwards, in the worker's idle
     * time, and given to surSuite({resultats: [...], fini}) until done or given up (a newer check).
     */
    verifierListe(jeu, texte, catalogue, demande, surSuite) {
      const message = { type: "etat", jeu, texte: String(texte), canal: "liste" };
      if (typeof catalogue === "string" && catalogue.trim()) message.catalogue = catalogue;
      if (demande && typeof demande === "object") message.demande = demande;
      // Posted in this very task when the engine is ready: the page draws after it has been sent.
      // Without a demande the worker sends no follow-up: nothing to wait for.
      const suite = message.demande ? surSuite : null;
      if (this.prets.has(jeu) && this.worker) return this._envoyer(message, DELAI_VALIDATION_MS, suite);
      return this.preparer(jeu).then(() => this._envoyer(message, DELAI_VALIDATION_MS, suite));
    }

    /**
     * The builder's checks ahead (composer-immediat.js): the report on a list one tap away from the
     * one on screen, as `valider` gives it; only once the engine is ready (rejects otherwise). Its
     * canal "prevision" keeps one waiting at most; it never gives up the builder's follow-up.
     */
    /** True while a request or a builder's follow-up is still running: the checks ahead wait. */
    occupe() {
      return this.attente.size > 0 || this.suites.size > 0;
    }

    prevoir(jeu, texte, catalogue) {
      if (!this.prets.has(jeu) || !this.worker) return Promise.reject(new Error("Moteur pas encore prêt."));
      const message = { type: "prevoir", jeu, texte: String(texte), canal: "prevision" };
      if (typeof catalogue === "string" && catalogue.trim()) message.catalogue = catalogue;
      return this._envoyer(message, DELAI_VALIDATION_MS);
    }

    async calculer(jeu, calcul, parametres) {
      await this.preparer(jeu);
      return this._envoyer({ type: "calculer", jeu, calcul, parametres }, DELAI_CALCUL_MS);
    }

    /**
     * The list builder: requete = {action: "options", liste, chemin} (the choices of one field,
     * each with `permis` and its `raisons`) or {action: "texte", liste} (the list as plain text);
     * catalogue: the text of the player's profile catalogue, if one is loaded; canal: a request
     * still waiting when a newer one of the same canal is sent is not run (rejects with Perime).
     */
    async composer(jeu, requete, catalogue, canal) {
      await this.preparer(jeu);
      const message = { type: "composer", jeu, requete };
      if (typeof catalogue === "string" && catalogue.trim()) message.catalogue = catalogue;
      if (typeof canal === "string" && canal) message.canal = canal; // a newer request of this canal replaces it
      // The odds of a whole list are a calculation: they get a calculation's time.
      return this._envoyer(message, requete && requete.action === "probas" ? DELAI_CALCUL_MS : DELAI_VALIDATION_MS);
    }

    /**
     * « Dés libres »: the exact laws of one or two pools of dice (browser_engine/des_libres.py),
     * with no game's data. A request still waiting when a newer one is sent is not run (Perime).
     */
    async desLibres(requete) {
      await this.preparer("");
      return this._envoyer({ type: "des-libres", requete, canal: "des-libres" }, DELAI_CALCUL_MS);
    }

    /** A declared score (scores.yaml) from {joueurs: [{nom, …}], …}. */
    async score(jeu, score, document) {
      await this.preparer(jeu);
      return this._envoyer({ type: "score", jeu, score, document }, DELAI_VALIDATION_MS);
    }
  }

  /** A request dropped because a newer one of its canal was sent before it ran. */
  class Perime extends Error {
    constructor() {
      super("Demande remplacée par une plus récente.");
      this.perime = true;
    }
  }

  const moteurs = new Map();
  function moteur(racineSite) {
    if (!moteurs.has(racineSite)) moteurs.set(racineSite, new Moteur(racineSite));
    return moteurs.get(racineSite);
  }

  /** Wire a loading indicator (template: [data-role=chargement]) to the engine's state. */
  function indicateur(conteneur, m) {
    if (!conteneur) return () => {};
    const barre = conteneur.querySelector("progress");
    const texte = conteneur.querySelector("[data-role=chargement-texte]") || conteneur;
    return m.suivre((etat) => {
      conteneur.classList.toggle("cpd-chargement--erreur", !!etat.erreur);
      // How the engine started ("froid" | "instantane") and the snapshot's fate, for tests and benches.
      if (etat.demarrage) conteneur.dataset.demarrage = etat.demarrage;
      if (etat.instantane) conteneur.dataset.instantane = etat.instantane;
      if (etat.erreur) {
        conteneur.hidden = false;
        if (barre) barre.hidden = true;
        texte.textContent = "Le moteur n'a pas pu démarrer ou s'est arrêté : " + etat.erreur;
        return;
      }
      // During the download (step 1) the bar also moves with the bytes received.
      const telechargement = !etat.pret && etat.etape <= 1 && etat.octets > 0;
      const part = telechargement && etat.octetsTotal > 0 ? Math.min(1, etat.octets / etat.octetsTotal) : 0;
      if (barre) {
        barre.hidden = false;
        barre.max = etat.total;
        barre.value = Math.max(etat.etape - 1, 0) + part;
      }
      if (etat.pret) {
        texte.textContent = "Moteur prêt.";
        conteneur.hidden = true;
        conteneur.dataset.pret = "oui";
      } else {
        conteneur.hidden = false;
        delete conteneur.dataset.pret;
        const reste = etat.octetsTotal > 0 ? Math.max(0, etat.octetsTotal - etat.octets) : 0;
        const recus = telechargement
          ? ` — ${taille(etat.octets)} reçus` +
            (etat.octetsTotal > 0 ? ` sur ${taille(etat.octetsTotal)}` : "") +
            (reste > 0 ? `, ${taille(reste)} restants` : "")
          : "";
        texte.textContent = `Chargement du moteur… (étape ${Math.max(etat.etape, 1)}/${etat.total} : ${etat.message}${recus})`;
        conteneur.dataset.octets = telechargement ? String(etat.octets) : "";
      }
    });
  }

  window.Compendium = Object.assign(window.Compendium || {}, {
    racine,
    el,
    ajouter,
    lienSur,
    pourcentage,
    nombre: (n) => nombreFr.format(n),
    surPage,
    debounce,
    moteur,
    indicateur,
    Perime,
  });

  // On a tool page, start the engine as soon as this script runs (the tool's markup comes before
  // it), not after the whole page has loaded: the page's own script asks again and gets the same one.
  const outil = document.querySelector("[data-compendium-outil][data-jeu]");
  if (outil && typeof Worker === "function") {
    moteur(racine(outil.dataset.base || "")).preparer(outil.dataset.jeu).catch(() => {});
  }
})();
