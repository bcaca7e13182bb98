// « Composer et vérifier », builder part (issue 35, items 2 and 3): what the rules fill in by
// themselves, « Corriger » in one tap, and a new list that starts calm.
//
// * A list started in the builder (a new one) asks the engine, with each check, what the rules
//   fix (browser_engine/composer_impose.py): Hate's tribe of 11, Tamashii's player, Sac, Marché
//   des Corps and Réserve… The builder writes it at once, without an undo step of its own: undo
//   goes back to before the player's change. `b.remplis` remembers which values the rules filled;
//   while the player leaves one alone it follows what it derives from (the player count); once
//   the player changes it, it is the player's. A list read from the text view, a file or a link is
//   never filled: its errors offer « Corriger ».
// * « Corriger » on a message that names one value for one field sets it (one undo step) and says
//   so; other messages go to the field, as before.
// * A new list shows what remains to choose (« À choisir », each item goes to its control), not
//   errors, until the player changes something or asks « Vérifier la liste ». The errors of the
//   entry being edited wait until the focus leaves its card. In every game: a new list is checked
//   at once even when the rules fill nothing (HAMI, Bataille d6, Khârn-Âges), and each list-wide
//   rule it does not meet yet is named by the rule's name in the data (« Au moins 3 figurines »).
// * What the rules filled (`b.remplis`, and whether the list is still untouched) is saved in this
//   browser for the text the builder wrote (localStorage "compendium.remplis.<jeu>", by a hash of
//   the text, never in the list): a reload, or a saved list opened again, gets it back. Moving or
//   removing entries carries the pointers along. A list the player never touched (`b.intacte`) is
//   not put among the saved lists (composer-listes.js).
// Loaded on the tool page only, before composer.js, which calls this part with the builder's
// shared state `b` (see the top of composer.js).
(function () {
  "use strict";

  const P = (window.Compendium.composerParties = window.Compendium.composerParties || {});
  const MAX_HISTORIQUE = 200;

  P.impose = function (b) {
    const { el } = window.Compendium;
    const { copie, estObjet, pointeur, cheminDe } = window.Compendium.composer;
    const { racineOutil, section, zones, zone, sortes } = b;
    const historique = new Map(); // list as JSON -> the values the rules had filled in it (undo)
    const CLE_REMPLIS = "compendium.remplis." + b.jeu;
    const MAX_REMPLIS = 40; // texts remembered per game
    let dejaGarde = ""; // the record saved last (key and value): not written again
    let dejaCherche = null; // the text looked up last in the records
    let pileAvant = 0; // size of the undo stack at the last check: smaller, an undo happened

    Object.assign(b, {
      remplis: new Map(), // pointer -> JSON of a value the rules filled and the player left alone
      imposer: false, // the list was started in the builder: the rules fill what they force
      calme: false, // a new list the player has not changed yet: « À choisir », not errors
      intacte: false, // a new list the player has not changed at all: not kept among the saved lists
      retenue: null, // index of the entry being edited: its errors wait until the focus leaves it
    });

    const nouvelle = (l) => estObjet(l) && (!Array.isArray(l.entrees) || l.entrees.length === 0) &&
      !estObjet(l.options) && !(typeof l.nom === "string" && l.nom.trim());

    // --- What the engine is asked with each check ---

    const demandeAvant = b.demande;
    b.demande = function () {
      const d = demandeAvant();
      if (nouvelle(b.liste) && b.rapport === null && zone.value === b.texteEcrit) {
        // « Nouvelle liste » (it drops the report and writes a new list): the rules fill it, calmly.
        if (!b.imposer) Object.assign(b, { imposer: true, calme: true, intacte: true });
        b.remplis = new Map();
      }
      // The builder's own text, read again (a reload, the saved report): what the rules filled in it.
      if (!b.imposer && b.texteEcrit !== null && zone.value === b.texteEcrit && dejaCherche !== b.texteEcrit) {
        dejaCherche = b.texteEcrit;
        reprendreRemplis(b.texteEcrit);
      }
      // Undo: a list the rules filled gets its filled values back; any other list is the player's.
      const sig = b.signatureListe;
      const annule = b.pile.length < pileAvant;
      pileAvant = b.pile.length;
      if (annule) {
        const connu = historique.get(sig);
        b.imposer = !!connu;
        if (connu) b.remplis = new Map(connu);
      }
      if (!b.imposer) return d;
      if (!historique.has(sig)) {
        historique.set(sig, [...b.remplis]);
        if (historique.size > MAX_HISTORIQUE) historique.delete(historique.keys().next().value);
      }
      const remplis = Object.fromEntries([...b.remplis].map(([p, v]) => [p, JSON.parse(v)]));
      garderRemplis();
      return { ...(d || { forces: [], garder: sortes.slice(), choix: [] }), imposer: { remplis } };
    };

    // --- What the rules filled, kept with the text the builder wrote (this browser only) ---

    /** A short hash of a text (FNV-1a, 32 bits) and its length: the key of its record. */
    function empreinte(texte) {
      let h = 0x811c9dc5;
      for (let i = 0; i < texte.length; i++) h = Math.imul(h ^ texte.charCodeAt(i), 0x01000193);
      return (h >>> 0).toString(36) + "." + texte.length.toString(36);
    }

    function lireRemplis() {
      const v = window.Compendium.composer.lireStockage(CLE_REMPLIS);
      return estObjet(v) ? v : {};
    }

    /** Save `b.remplis` (and whether the list is untouched) for the text the builder wrote. */
    function garderRemplis() {
      if (!b.imposer || typeof b.texteEcrit !== "string" || zone.value !== b.texteEcrit) return;
      const cle = empreinte(b.texteEcrit);
      const valeur = { remplis: Object.fromEntries(b.remplis), calme: b.calme, intacte: b.intacte };
      const signature = cle + JSON.stringify(valeur);
      if (signature === dejaGarde) return;
      dejaGarde = signature;
      const tous = lireRemplis();
      delete tous[cle]; // written again last: the oldest records go first
      tous[cle] = valeur;
      const cles = Object.keys(tous);
      for (const k of cles.slice(0, Math.max(0, cles.length - MAX_REMPLIS))) delete tous[k];
      window.Compendium.composer.ecrireStockage(CLE_REMPLIS, tous);
    }

    /** The builder wrote `texte` before (this visit or another): take back what the rules filled in it. */
    function reprendreRemplis(texte) {
      const r = typeof texte === "string" && texte.trim() ? lireRemplis()[empreinte(texte)] : null;
      if (!estObjet(r) || !estObjet(r.remplis)) return false;
      const remplis = Object.entries(r.remplis).filter(([, v]) => typeof v === "string");
      Object.assign(b, { imposer: true, remplis: new Map(remplis), calme: r.calme === true, intacte: r.intacte === true, retenue: null });
      return true;
    }

    /** A text from outside the builder (typed, a file, an example, a link): never filled, unless the builder wrote it. */
    const dehors = () => {
      if (!reprendreRemplis(zone.value)) Object.assign(b, { imposer: false, calme: false, intacte: false, retenue: null });
    };
    racineOutil.addEventListener("compendium:texte", () => {
      if (zone.value.trim() && zone.value !== b.texteEcrit) dehors();
    });
    // Before the builder reads it (capture): a report on a text the builder did not write.
    racineOutil.addEventListener("compendium:rapport", (evenement) => {
      const { texte } = evenement.detail || {};
      if (typeof texte === "string" && texte.trim() && texte !== b.texteEcrit && texte === zone.value) dehors();
      else if (typeof texte === "string" && texte === b.texteEcrit && texte === zone.value && !b.imposer && dejaCherche !== texte) {
        dejaCherche = texte; // the builder's own text read back from the saved report (composer-reprise.js)
        reprendreRemplis(texte);
      }
    }, true);

    /** The engine's answer: set what the rules fill, on the list the answer is about. */
    racineOutil.addEventListener("compendium:suite", (evenement) => {
      const { texte, suite } = evenement.detail || {};
      if (!b.imposer || !suite || texte !== b.texteEcrit || !Array.isArray(suite.resultats)) return;
      const r = suite.resultats.find((x) => estObjet(x) && estObjet(x.impose));
      if (r) appliquer(r.impose);
    });

    function appliquer(impose) {
      const l = b.liste;
      let change = false;
      const entrees = Array.isArray(impose.entrees) ? impose.entrees.filter(estObjet) : [];
      if (entrees.length && Array.isArray(l.entrees)) {
        for (const e of entrees) {
          const entree = copie(e);
          l.entrees.push(entree);
          b.neuves.add(entree); // what is left to choose on it is « à compléter »
        }
        change = true;
      }
      for (const p of Array.isArray(impose.retires) ? impose.retires : []) {
        b.modifier(l, cheminDe(p), undefined);
        change = true;
      }
      for (const [p, v] of Object.entries(estObjet(impose.valeurs) ? impose.valeurs : {})) {
        b.modifier(l, cheminDe(p), copie(v));
        change = true;
      }
      b.remplis = new Map(Object.entries(estObjet(impose.remplis) ? impose.remplis : {}).map(([p, v]) => [p, JSON.stringify(v)]));
      if (!change) {
        garderRemplis();
        return false;
      }
      b.affichee = null;
      b.ecrire();
      return true;
    }

    // --- The player's changes: a value changed is the player's; the list is no longer new ---

    /** Forget the rules' values at `p`, above it (the Sac when one of its counts changes) and below it. */
    function aLuiJoueur(p) {
      for (const cle of [...b.remplis.keys()]) {
        if (cle === p || p.startsWith(cle + "/") || cle.startsWith(p + "/")) b.remplis.delete(cle);
      }
    }

    const changerAvant = b.changer;
    b.changer = function (chemin, valeur, options) {
      aLuiJoueur(pointeur(chemin));
      Object.assign(b, { calme: false, intacte: false });
      const r = b.rangDe(chemin);
      if (r !== null) b.retenue = r;
      return changerAvant(chemin, valeur, options);
    };

    const transformerAvant = b.transformer;
    b.transformer = function (fonction, focus) {
      Object.assign(b, { calme: false, intacte: false, retenue: null });
      return transformerAvant((l) => {
        const avant = Array.isArray(l.entrees) ? l.entrees.slice() : [];
        fonction(l);
        suivreEntrees(avant, Array.isArray(l.entrees) ? l.entrees : []);
      }, focus);
    };

    /**
     * Entries moved or removed: the rules' values follow their entry (the same object, at its new
     * place); those of a removed entry go. A copy (« Dupliquer ») is the player's.
     */
    function suivreEntrees(avant, apres) {
      const rangs = new Map();
      apres.forEach((e, i) => {
        if (estObjet(e) && !rangs.has(e)) rangs.set(e, i);
      });
      const remplis = new Map();
      for (const [cle, v] of b.remplis) {
        const m = /^\/entrees\/(\d+)(\/.*)?$/.exec(cle);
        if (!m) {
          remplis.set(cle, v);
          continue;
        }
        const r = rangs.get(avant[Number(m[1])]);
        if (r !== undefined) remplis.set(`/entrees/${r}${m[2] || ""}`, v);
      }
      b.remplis = remplis;
    }

    // --- « Corriger » in one tap ---

    /** The one value a message names for one field (`{champ, valeur}`), or null. */
    function proposition(v) {
      const parties = Array.isArray(v && v.parties) ? v.parties : [];
      const valeurs = parties.filter((x) => estObjet(x) && typeof x.champ === "string" && "valeur" in x && !Array.isArray(x.valeurs));
      if (valeurs.length !== 1 || /\/-(\/|$)/.test(valeurs[0].champ) || ["/jeu", ""].includes(valeurs[0].champ)) return null;
      return valeurs[0];
    }

    function valeurA(chemin) {
      return chemin.reduce((o, k) => (o === undefined || o === null ? undefined : o[k]), b.liste);
    }

    /** « Corriger »: set the value the message names (undoable), else go to the field. */
    b.corriger = function (v, cible) {
      const p = proposition(v);
      const chemin = p ? cheminDe(p.champ) : null;
      if (!p || JSON.stringify(valeurA(chemin)) === JSON.stringify(p.valeur)) return b.allerAuChamp(cible);
      const r = b.rangDe(chemin);
      if (r !== null) b.ouverte = r;
      b.changer(chemin, copie(p.valeur));
      b.retenue = null;
      const dit = `« ${b.etiquette(p.champ)} » réglé sur ${b.nomValeur(p.champ, p.valeur)}`;
      if (zones.statut) {
        zones.statut.replaceChildren(`Corrigé : ${dit}. `,
          el("button", { type: "button", classe: "md-button cpd-petit-bouton", "data-role": "annuler-correction",
            onclick: () => zones.annuler && zones.annuler.click() }, "Annuler"));
      }
      b.dessiner();
      return b.allerAuChamp(p.champ);
    };
    b.propositionDe = proposition;

    // --- A calm start: « À choisir » ---

    /** Release what waits (« Vérifier la liste »): every error is shown. */
    function verifierTout() {
      Object.assign(b, { calme: false, retenue: null });
      b.dessiner();
      b.allerAuPremier(["erreur", "a-completer"]);
    }

    /** The fields a message names, deepest only (« Options : Tribu et Mode » names Tribu and Mode). */
    function champsNommes(v) {
      const parties = Array.isArray(v.parties) ? v.parties : [];
      const champs = [...new Set(parties.filter((x) => estObjet(x) && typeof x.champ === "string" && x.champ && !/\/-(\/|$)/.test(x.champ)).map((x) => x.champ))];
      const feuilles = champs.filter((c) => !champs.some((d) => d !== c && d.startsWith(c + "/")));
      // A field of any entry (« /entrees/-/meneur »: one of them) is no control: the rule's name says it.
      return feuilles.length ? feuilles : [b.champCible(v)].filter((c) => c && !/^\/entrees\/?$/.test(c) && c !== "/" && !/\/-(\/|$)/.test(c));
    }

    /**
     * The name of the data rule a list-wide message comes from (« Au moins 3 figurines »), when its
     * code names one rule only; else null (the message is said in the player's words).
     */
    function nomRegle(v) {
      const regles = Array.isArray(b.donnees && b.donnees.regles_liste) ? b.donnees.regles_liste : [];
      const memes = v.code ? regles.filter((r) => estObjet(r) && r.code === v.code) : [];
      return memes.length === 1 && typeof memes[0].nom === "string" && memes[0].nom.trim() ? memes[0].nom.trim() : null;
    }

    /** Go to a field; the list's entries as a whole: to « Ajouter ». */
    function aller(cible) {
      if (!/^\/entrees\/?$/.test(cible)) return b.allerAuChamp(cible);
      const titre = document.getElementById("cpd-ajouter-titre");
      if (!titre) return null;
      titre.scrollIntoView({ block: "start" });
      const choix = b.zones.ajouter && b.zones.ajouter.querySelector('[data-role="choix"][tabindex="0"], [data-role="choix"], #cpd-ajouter-recherche, [data-role="ajouter-entree"]');
      (choix || titre).focus({ preventScroll: true });
      return titre;
    }

    /** The things left to choose, by their labels, each a button to its control. */
    b.blocAChoisir = function (messages) {
      const vus = new Set();
      const items = [];
      const ajouter = (texte, aller, cible) => {
        if (vus.has(texte)) return;
        vus.add(texte);
        items.push(el("li", {}, el("button", { type: "button", classe: "cpd-lien-bouton cpd-a-choisir-item", "data-cible": cible, onclick: aller }, texte)));
      };
      for (const v of messages) {
        const champs = champsNommes(v).filter((c) => !b.remplis.has(c)); // a value the rules filled waits for another choice
        for (const cible of champs) {
          const r = b.rangDe(cheminDe(cible));
          ajouter((r !== null ? b.nomEntree(r) + " — " : "") + b.etiquette(cible), () => b.allerAuChamp(cible), cible);
        }
        if (!champsNommes(v).length) ajouter(nomRegle(v) || b.texteJoueur(v, null), () => aller(String(v.chemin || "")), String(v.chemin || ""));
      }
      // A list without entries: its entries are to choose too, within the budget when the game has one.
      const entrees = Array.isArray(b.liste && b.liste.entrees) ? b.liste.entrees : [];
      if (!entrees.length && (b.rapport || items.length)) {
        const titre = String((((b.schema.properties || {}).entrees) || {}).title || "Entrées");
        const budget = b.rapport && typeof b.rapport.budget === "number" ? ` (budget : ${b.quantite(b.rapport.budget)})` : "";
        ajouter(titre + budget, () => aller("/entrees"), "/entrees");
      }
      if (!items.length) return null;
      return el("div", { classe: "cpd-a-choisir", "data-role": "a-choisir" },
        el("p", { classe: "cpd-a-choisir-titre" }, "À choisir"),
        el("ul", {}, items),
        el("button", { type: "button", classe: "md-button cpd-petit-bouton", "data-action": "verifier-tout", onclick: verifierTout }, "Vérifier la liste"));
    };

    /** The severity shown for a violation: held back on a new list and on the entry being edited. */
    b.severiteAffichee = function (v, rang) {
      if (v.severite !== "erreur") return v.severite;
      if (b.calme || (rang !== null && rang === b.retenue)) return "a-completer";
      return v.severite;
    };

    // A new list at start: the rules fill it (Hate's tribe) before the first tap; the text view is
    // written only when they fill something.
    let saisies = 0; // the player's own edits of the text view (a paste, typing, emptying it)
    zone.addEventListener("input", () => { saisies += 1; });
    setTimeout(async () => {
      if (zone.value.trim() || !nouvelle(b.liste)) return;
      const avant = b.signatureListe;
      const saisiesAvant = saisies;
      const impose = await b.composer({ action: "imposer", liste: copie(b.liste), remplis: {} }, "imposer");
      if (saisies !== saisiesAvant) return; // the player wrote in the text view meanwhile: their text wins
      const vide = Array.isArray(b.liste && b.liste.entrees) && b.liste.entrees.length === 0;
      // The player may have set an option meanwhile (the list is still the builder's): filled too.
      if (!estObjet(impose) || !vide || (zone.value.trim() && zone.value !== b.texteEcrit)) return;
      Object.assign(b, { imposer: true, calme: b.signatureListe === avant, intacte: b.signatureListe === avant });
      // Nothing filled (HAMI, Bataille d6, Khârn-Âges): the list is checked all the same, for « À choisir ».
      if (!appliquer({ ...impose, valeurs: {}, remplis: {} }) && b.rapport === null) b.ecrire();
    }, 0);

    // The entry being edited shows its errors once the focus leaves its card.
    section.addEventListener("focusout", (evenement) => {
      if (b.retenue === null || b.enDessin || b.focusParDessin) return;
      const carte = evenement.target.closest && evenement.target.closest('li[data-role="entree"]');
      if (!carte || Number(carte.dataset.index) !== b.retenue) return;
      const vers = evenement.relatedTarget;
      if (vers && carte.contains(vers)) return;
      setTimeout(() => {
        const ici = document.activeElement;
        const ligne = section.querySelector(`li[data-role="entree"][data-index="${b.retenue}"]`);
        if (b.retenue === null || (ligne && ligne.contains(ici)) || (!vers && ici === document.body && !ligne)) return;
        b.retenue = null;
        b.dessiner();
      }, 0);
    });
  };
})();
