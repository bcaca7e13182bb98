// « Jouer »: where a game is kept, written a little at a time so that a tap costs the same after
// hours of play. Never throws: a refused write returns false and the game stays in memory.
//
// localStorage layout (version 2):
//   "compendium.jouer.<jeu>"             what a tap changes: {v: 2, jeton, ecrit, auteur (the tab that wrote it), onglet (the list shown), texte, nom, valeurs,
//                                         noms, tour, etape, debut, apres, ajoutees, historique,
//                                         journal: {debut, n}}
//   "compendium.jouer.<jeu>.fiches"      what the engine gave at the start: {jeton, resultat, adversaire},
//                                         written when a game starts or the opponent's list is added
//   "compendium.jouer.<jeu>.journal.<k>" log lines k*100 … k*100+99 (absolute numbers); a tap rewrites
//                                         the last block only
//   "compendium.jouer.<jeu>.abime[-n]"   a stored game that could not be read, set aside as it was
// A version 1 game (everything in the first key) is read and rewritten in this layout.
(function () {
  "use strict";

  const CLE = "compendium.jouer.";
  const VERSION = 2;
  const BLOC = 100;
  const MAX_JOURNAL = 2000;
  const ONGLET = Math.random().toString(36).slice(2, 10);
  const STATIQUES = ["resultat", "adversaire"];
  const MEMOIRE = ["journal", "journalDebut", "blocsSales"];

  function lire(cle) {
    try {
      return window.localStorage.getItem(cle);
    } catch (e) {
      return null;
    }
  }

  function ecrire(cle, valeur) {
    try {
      if (valeur === null) window.localStorage.removeItem(cle);
      else window.localStorage.setItem(cle, valeur);
      return true;
    } catch (e) {
      return false;
    }
  }

  function mettreDeCote(jeu, brut) {
    for (let i = 1; i < 50; i += 1) {
      const cle = CLE + jeu + ".abime" + (i > 1 ? "-" + i : "");
      if (lire(cle) === null) return ecrire(cle, brut) ? cle : null;
    }
    return null;
  }

  function valide(p) {
    return p && typeof p === "object" && p.resultat && Array.isArray(p.resultat.fiches) && p.valeurs && typeof p.valeurs === "object";
  }

  /** One store per game: `partie` is the object the page plays with (journal in memory, in full). */
  function pour(jeu) {
    const cle = CLE + jeu;

    function cleBloc(k) {
      return `${cle}.journal.${k}`;
    }

    /** Marks the block holding absolute line `n` as to be written. */
    function sali(partie, n) {
      if (!partie.blocsSales) partie.blocsSales = new Set();
      partie.blocsSales.add(Math.floor(n / BLOC));
    }

    /** Appends a log line; the oldest whole block goes once the log passes MAX_JOURNAL lines. */
    function ajouterLigne(partie, ligne) {
      partie.journal.push(ligne);
      sali(partie, partie.journalDebut + partie.journal.length - 1);
      if (partie.journal.length > MAX_JOURNAL + BLOC) {
        partie.journal.splice(0, BLOC);
        const vieux = Math.floor(partie.journalDebut / BLOC);
        partie.journalDebut += BLOC;
        partie.retires = (partie.retires || []).concat([vieux]);
      }
    }

    /** A line changed after it was written (the exact chance of a roll, added when the engine answers). */
    function ligneModifiee(partie, ligne) {
      const i = partie.journal.lastIndexOf(ligne);
      if (i >= 0) sali(partie, partie.journalDebut + i);
    }

    function etatMutable(partie) {
      const etat = {};
      for (const [k, v] of Object.entries(partie)) if (!STATIQUES.includes(k) && !MEMOIRE.includes(k) && k !== "retires") etat[k] = v;
      etat.v = VERSION;
      etat.journal = { debut: partie.journalDebut, n: partie.journalDebut + partie.journal.length };
      etat.ecrit = Date.now();
      etat.auteur = ONGLET;
      return etat;
    }

    /** Writes what changed: the dirty log blocks, then the small state (the state last: it names the blocks). */
    function sauver(partie, toutes) {
      let ok = true;
      if (toutes) {
        if (!partie.jeton) partie.jeton = Math.random().toString(36).slice(2, 12);
        ok = ecrire(cle + ".fiches", JSON.stringify({ jeton: partie.jeton, resultat: partie.resultat, adversaire: partie.adversaire || null })) && ok;
        for (let n = partie.journalDebut; n < partie.journalDebut + partie.journal.length; n += BLOC) sali(partie, n);
      }
      const sales = partie.blocsSales || new Set();
      for (const k of Array.from(sales)) {
        const debut = Math.max(0, k * BLOC - partie.journalDebut);
        const lignes = partie.journal.slice(debut, (k + 1) * BLOC - partie.journalDebut);
        if (ecrire(cleBloc(k), JSON.stringify(lignes))) sales.delete(k);
        else ok = false;
      }
      for (const k of partie.retires || []) ecrire(cleBloc(k), null);
      partie.retires = [];
      ok = ecrire(cle, JSON.stringify(etatMutable(partie))) && ok;
      return ok;
    }

    /** Removes the stored game (its blocks too). */
    function effacer() {
      let n = 0;
      try {
        const etat = JSON.parse(lire(cle) || "null");
        n = etat && etat.journal && Number.isInteger(etat.journal.n) ? etat.journal.n : 0;
      } catch (e) {
        n = 0;
      }
      for (let k = 0; k <= Math.floor(n / BLOC); k += 1) ecrire(cleBloc(k), null);
      ecrire(cle + ".fiches", null);
      ecrire(cle, null);
    }

    function lireJournal(etat) {
      const debut = Number.isInteger(etat.journal && etat.journal.debut) ? etat.journal.debut : 0;
      const n = Number.isInteger(etat.journal && etat.journal.n) ? etat.journal.n : 0;
      const lignes = [];
      let manque = 0;
      for (let k = Math.floor(debut / BLOC); k * BLOC < n; k += 1) {
        let bloc = null;
        try {
          bloc = JSON.parse(lire(cleBloc(k)) || "null");
        } catch (e) {
          bloc = null;
        }
        if (!Array.isArray(bloc)) {
          manque += 1;
          continue;
        }
        const premier = Math.max(debut, k * BLOC) - k * BLOC;
        lignes.push(...bloc.slice(premier).filter((l) => l && typeof l.texte === "string"));
      }
      return { lignes, debut: n - lignes.length, manque };
    }

    /**
     * The stored game, or null. `avis(texte, sorte)` tells the player what could not be read: such a
     * game is set aside as it was (never deleted) before anything else is written.
     */
    function charger(avis) {
      const brut = lire(cle);
      if (brut === null) return null;
      let etat = null;
      try {
        etat = JSON.parse(brut);
      } catch (e) {
        etat = null;
      }
      if (etat && typeof etat === "object" && Number.isInteger(etat.v) && etat.v > VERSION) {
        const mis = mettreDeCote(jeu, brut);
        avis("Cette partie a été enregistrée par une version plus récente du site : rechargez la page pour la reprendre." +
          (mis ? ` Elle est gardée telle quelle sous « ${mis} ».` : ""), "alerte");
        return null;
      }
      let partie = null;
      if (etat && etat.v === 1 && valide(etat)) {
        partie = etat; // version 1: everything in one key, the log included
        const journal = Array.isArray(etat.journal) ? etat.journal.filter((l) => l && typeof l.texte === "string") : [];
        partie.journal = journal;
        partie.journalDebut = 0;
        partie.v = VERSION;
        partie.migree = true;
      } else if (etat && etat.v === VERSION) {
        let fiches = null;
        try {
          fiches = JSON.parse(lire(cle + ".fiches") || "null");
        } catch (e) {
          fiches = null;
        }
        if (fiches && fiches.jeton === etat.jeton) {
          partie = Object.assign({}, etat, { resultat: fiches.resultat, adversaire: fiches.adversaire || undefined });
          if (!partie.adversaire) delete partie.adversaire;
          const journal = lireJournal(etat);
          partie.journal = journal.lignes;
          partie.journalDebut = journal.debut;
          if (journal.manque) avis(`${journal.manque * BLOC} lignes anciennes du journal n'ont pas pu être relues ; la partie continue.`, "info");
        }
      }
      if (partie && valide(partie)) {
        delete partie.ecrit;
        delete partie.auteur;
        if (partie.migree) {
          delete partie.migree;
          sauver(partie, true);
        }
        return partie;
      }
      const mis = mettreDeCote(jeu, brut);
      avis(mis ? `Une partie enregistrée n'a pas pu être relue : elle est gardée telle quelle sous « ${mis} ».`
        : "Une partie enregistrée n'a pas pu être relue, ni mise de côté : elle est laissée en place.", "alerte");
      if (mis) ecrire(cle, null);
      return null;
    }

    /** Calls `rappel()` when another tab of this site writes this game. */
    function surAutreOnglet(rappel) {
      window.addEventListener("storage", (e) => {
        if (e.key !== cle || !e.newValue) return;
        try {
          const etat = JSON.parse(e.newValue);
          if (etat && etat.auteur !== ONGLET) rappel(etat);
        } catch (err) {
          /* not a game: ignored */
        }
      });
    }

    return { cle, sauver, charger, effacer, ajouterLigne, ligneModifiee, surAutreOnglet };
  }

  /** The whole stored log of a game, read back from its blocks (for the page's tests and exports). */
  function journal(jeu) {
    try {
      const etat = JSON.parse(lire(CLE + jeu) || "null");
      if (!etat) return [];
      if (etat.v === 1) return etat.journal || [];
      const lignes = [];
      for (let k = Math.floor(etat.journal.debut / BLOC); k * BLOC < etat.journal.n; k += 1) {
        const bloc = JSON.parse(lire(`${CLE}${jeu}.journal.${k}`) || "[]");
        lignes.push(...bloc.slice(Math.max(etat.journal.debut, k * BLOC) - k * BLOC));
      }
      return lignes;
    } catch (e) {
      return [];
    }
  }

  window.Compendium = window.Compendium || {};
  window.Compendium.jouerStockage = { pour, lire, ecrire, journal, VERSION, BLOC };
})();
