/*
 * Search worker: Material's search worker behind two changes, accents and one index per game.
 *
 * main.html points the theme's search worker at this file, with the name of
 * Material's own worker in `?w=`. This file loads that worker and stands between
 * it and the page:
 *
 * - accents: every indexed word is also indexed without its accents (« épée » is
 *   found as « épée » and as « epee »), « œ », « æ » also as « oe », « ae »;
 *   positions are shared, so results still highlight the accented word. The text
 *   typed is folded the same way before Material reads it.
 * - one index per game (written by generator/search.py): the page's setup message
 *   carries no document; the first query reads `search/jeux.json` (the games'
 *   names and files) and only the index of the game the page belongs to. Each
 *   query from recherche-portee.js says that game (`compendium.jeu`) and whether
 *   the player widened the search to every game (`compendium.tous`); the other
 *   indexes are read then. Outside every game, the first query reads the overview
 *   (`search/apercu.json`: every game's titles and first words), and every game's
 *   full text only when the player asks for it. Material's index is rebuilt with every file read so
 *   far; its results are kept to the query's scope, the page's game first, and
 *   each result's article is labelled with its game's name (Material shows a
 *   document's `tags` under its title; they are added after the search, so they
 *   are never searched).
 *
 * Messages to Material's worker are handled one at a time, in order; a query
 * that a newer one follows is dropped. Files are read (once each) as soon as a
 * query or the opening of the search (`compendium:preparer`) asks for them.
 * Material's language files are imported once, not at each rebuild. Nothing is
 * fetched from anywhere but the site itself.
 */
"use strict";

(function () {
  /** Message types of Material's worker protocol. */
  const SETUP = 0;
  const READY = 1;
  const QUERY = 2;
  const RESULT = 3;
  /** This file's own message: read the index of a scope before the first query (`compendium` as in a query). */
  const PREPARER = "compendium:preparer";
  /** The site root, from this file's URL (assets/javascripts/compendium/recherche.js). */
  const RACINE = new URL("../../../", self.location.href);
  const COMMUN = "";  // key of the pages outside every game
  const APERCU = "*";  // key of the overview: every game's documents in short (search/apercu.json)

  /** A word without diacritics; « œ » and « æ » become « oe » and « ae ». */
  function plier(texte) {
    return texte.normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/œ/g, "oe").replace(/Œ/g, "OE").replace(/æ/g, "ae").replace(/Æ/g, "AE");
  }

  /** Pipeline function: each token, plus its folded form when it differs. */
  function jetonPlie(jeton) {
    const mot = jeton.toString();
    const plie = plier(mot);
    return plie === mot ? jeton : [jeton, jeton.clone(() => plie)];
  }

  /** Fold every word indexed by the lunr builders of this worker (after the language's own steps). */
  function installerIndex(lunr) {
    if (!lunr || !lunr.Builder || lunr.Builder.prototype.compendiumAdd) {
      return;
    }
    lunr.Pipeline.registerFunction(jetonPlie, "compendiumPlier");
    const ajouter = lunr.Builder.prototype.add;
    lunr.Builder.prototype.compendiumAdd = ajouter;
    lunr.Builder.prototype.add = function (document, attributs) {
      if (!this.compendiumPlie) {      // first document of this index: the pipeline is complete
        this.compendiumPlie = true;
        this.pipeline.add(jetonPlie);
      }
      return ajouter.call(this, document, attributs);
    };
  }

  // Material's worker exposes lunr as `self.lunr = lunr`: catch it there.
  let lunrGlobal;
  Object.defineProperty(self, "lunr", {
    configurable: true,
    get() { return lunrGlobal; },
    set(valeur) { lunrGlobal = valeur; installerIndex(valeur); },
  });

  // Material's worker answers with `postMessage(...)`: its answers are caught while this file calls it.
  const envoyer = self.postMessage.bind(self);
  let capture = null;
  self.postMessage = function (message, ...reste) {
    if (capture) {
      capture(message);
      return undefined;
    }
    return envoyer(message, ...reste);
  };

  // Material's worker loads its language files with `importScripts(...)` at each setup: once is enough.
  const importer = self.importScripts.bind(self);
  const importes = new Set();
  self.importScripts = function (...adresses) {
    const nouvelles = adresses.filter((adresse) => {
      const absolue = new URL(adresse, self.location.href).href;
      return !importes.has(absolue) && importes.add(absolue);
    });
    return nouvelles.length ? importer(...nouvelles) : undefined;
  };

  // Material's worker listens with `addEventListener("message", …)`: this file keeps its listener.
  const ecouter = self.addEventListener.bind(self);
  let material = null;
  self.addEventListener = function (type, ecouteur, options) {
    if (type === "message" && typeof ecouteur === "function" && !material) {
      material = ecouteur;
      return undefined;
    }
    return ecouter(type, ecouteur, options);
  };

  /** Send one message to Material's worker; its answer. */
  async function appeler(message) {
    let reponse = null;
    capture = (m) => { reponse = m; };
    try {
      await material({ data: message });
    } finally {
      capture = null;
    }
    return reponse;
  }

  const etat = {
    config: null,        // Material's search configuration (from the setup message)
    options: {},
    jeux: null,          // promise of search/jeux.json
    lus: new Map(),      // key (game id, or COMMUN) -> promise of its documents
    indexes: [],         // keys whose documents Material's index holds, in the order read
    noms: new Map(),     // key -> label of its results
  };

  async function lireJson(chemin) {
    const reponse = await fetch(new URL(chemin, RACINE), { credentials: "same-origin" });
    if (!reponse.ok) {
      throw new Error(`${chemin} : ${reponse.status}`);
    }
    return reponse.json();
  }

  /** The small index of game names (read once). */
  function jeux() {
    if (!etat.jeux) {
      etat.jeux = lireJson("search/jeux.json").then((petit) => {
        for (const jeu of petit.jeux) {
          etat.noms.set(jeu.id, jeu.nom);
        }
        etat.noms.set(COMMUN, petit.commun.nom);
        return petit;
      });
      etat.jeux.catch(() => { etat.jeux = null; });  // a failed read is tried again by the next query
    }
    return etat.jeux;
  }

  /** The documents of one key (read once). */
  function documents(petit, cle) {
    if (!etat.lus.has(cle)) {
      const fichier = cle === COMMUN ? petit.commun.index
        : cle === APERCU ? petit.apercu.index : petit.jeux.find((j) => j.id === cle).index;
      const lecture = lireJson("search/" + fichier).then((contenu) => contenu.docs);
      lecture.catch(() => etat.lus.delete(cle));
      etat.lus.set(cle, lecture);
    }
    return etat.lus.get(cle);
  }

  /** Which game a document belongs to, by its location (`hate/combat/#charge`). */
  function cleDe(location, petit) {
    const premier = location.split("#")[0].split("/");
    return premier.length > 1 && petit.jeux.some((j) => j.id === premier[0]) ? premier[0] : COMMUN;
  }

  /** Read the documents of `cles` and rebuild Material's index when one was missing. */
  async function indexer(petit, cles) {
    const manquantes = cles.filter((c) => !etat.indexes.includes(c));
    await Promise.all(manquantes.map((c) => documents(petit, c)));
    // The overview and a game's full index never meet in the index: each game's documents once.
    const gardees = etat.indexes.filter((c) => c === COMMUN || (c === APERCU) === cles.includes(APERCU));
    if ((!manquantes.length && gardees.length === etat.indexes.length) || !etat.config) {
      return;  // before Material's setup, the files are only read
    }
    const toutes = [...gardees, ...manquantes];
    const docs = [];
    for (const cle of toutes) {
      docs.push(...(await documents(petit, cle)));
    }
    await appeler({ type: SETUP, data: { config: etat.config, docs, options: etat.options } });
    etat.indexes = toutes;
  }

  /**
   * Material's result kept to the scope: the page's game first (its scores raised above the
   * others', so that « Entrée » also opens it), each article labelled with its game's name.
   */
  function cadrer(resultat, petit, jeu, cles) {
    const groupes = [];
    for (const groupe of resultat.items || []) {
      const cle = cleDe(groupe[0].location, petit);
      if (cles.includes(cle) || (cle !== COMMUN && cles.includes(APERCU))) {
        groupes.push({ cle, groupe });
      }
    }
    const max = Math.max(0, ...groupes.map(({ groupe }) => Math.max(...groupe.map((d) => d.score))));
    const devant = groupes.filter((g) => g.cle === jeu);
    const derriere = groupes.filter((g) => g.cle !== jeu);
    const items = [...devant, ...derriere].map(({ cle, groupe }) => groupe.map((doc) => ({
      ...doc,
      score: cle === jeu && derriere.length ? doc.score + max : doc.score,
      ...(doc.location.includes("#") ? {} : { tags: [etat.noms.get(cle)] }),
    })));
    return { ...resultat, items };
  }

  /**
   * The keys a scope covers: the page's game alone, or every game (the page's first) and the
   * common pages. Outside every game: the overview of every game (titles and first words) and
   * the common pages, or every game's full text once the player asks for it.
   */
  function clesDe(petit, portee) {
    const jeu = petit.jeux.some((j) => j.id === portee.jeu) ? portee.jeu : null;
    const tous = portee.tous === true || (!jeu && !petit.apercu);
    if (!jeu && !tous) {
      return { jeu, tous, cles: [APERCU, COMMUN] };
    }
    const autres = petit.jeux.map((j) => j.id).filter((id) => id !== jeu);
    return { jeu, tous, cles: tous ? [...(jeu ? [jeu] : []), ...autres, COMMUN] : [jeu] };
  }

  /** Read (once) the files of a scope: the small index, then the documents of its keys. */
  async function lire(portee) {
    const petit = await jeux();
    const cadre = clesDe(petit, portee || {});
    await Promise.all(cadre.cles.map((cle) => documents(petit, cle)));
    return { petit, ...cadre };
  }

  // Messages that reach Material's worker go one at a time, in order; reading files does not wait in line.
  let file = Promise.resolve();
  function enfiler(tache) {
    const resultat = file.then(tache);
    file = resultat.catch(() => {});
    return resultat;
  }

  let derniere = 0;  // number of the newest query received

  // Queries typed while the worker was busy (building an index) wait as messages; letting them in
  // before searching means only the newest is searched. A message on a channel of this worker is
  // handled after the messages already waiting (same task source, in order).
  const canal = new MessageChannel();
  const reveils = [];
  canal.port1.onmessage = () => reveils.shift()();
  function laisserPasser() {
    return new Promise((reveil) => {
      reveils.push(reveil);
      canal.port2.postMessage(0);
    });
  }

  async function chercher(message, numero, lecture) {
    const texte = plier(message.data);
    const lu = lecture ? await lecture : null;
    await laisserPasser();
    if (numero !== derniere) {  // a newer query follows: only its result is shown
      return null;
    }
    if (!lu) {  // nothing typed: Material answers without an index
      return appeler({ type: QUERY, data: texte });
    }
    await indexer(lu.petit, lu.cles);
    const resultat = await appeler({ type: QUERY, data: texte });
    return { type: RESULT, data: cadrer(resultat.data, lu.petit, lu.jeu, lu.cles), compendium: { jeu: lu.jeu, tous: lu.tous } };
  }

  async function traiter(message, numero, lecture) {
    if (message && message.type === SETUP) {
      etat.config = message.data.config;
      etat.options = message.data.options || {};
      etat.indexes = [];
      // Material loads the language files and builds an empty index; the documents come with the first query.
      return appeler({ type: SETUP, data: { ...message.data, docs: [] } });
    }
    if (message && message.type === QUERY && typeof message.data === "string") {
      try {
        return await chercher(message, numero, lecture);
      } catch (erreur) {
        console.warn("recherche.js : index de recherche illisible :", erreur);
        return { type: RESULT, data: { items: [] }, compendium: { erreur: String(erreur && erreur.message) } };
      }
    }
    return appeler(message);
  }

  /** The player opened the search: read the scope's files now, then build the index if no query did. */
  function preparer(portee) {
    lire(portee)
      .then(({ petit, cles }) => enfiler(() => indexer(petit, cles)))
      .catch((erreur) => console.warn("recherche.js : index de recherche illisible :", erreur));
  }

  ecouter("message", (evenement) => {
    const message = evenement.data;
    if (message && message.type === PREPARER) {
      preparer(message.compendium);
      return;
    }
    const requete = message && message.type === QUERY && typeof message.data === "string";
    const numero = requete ? ++derniere : derniere;
    // The files a query needs are read at once, even while an earlier message is still handled.
    const lecture = requete && plier(message.data).trim() ? lire(message.compendium) : null;
    if (lecture) {
      lecture.catch(() => {});  // its error is reported with the query's result
    }
    enfiler(() => traiter(message, numero, lecture)).then((reponse) => {
      if (reponse) {
        envoyer(reponse);
      }
    }, (erreur) => console.error("recherche.js :", erreur));
  });

  const nom = new URLSearchParams(self.location.search).get("w") || "";
  if (!/^search\.[0-9a-f]+\.min\.js$/.test(nom)) {
    throw new Error("recherche.js : nom du module de recherche de Material invalide : " + nom);
  }
  importer("../workers/" + nom);
  if (!material) {
    throw new Error("recherche.js : le module de recherche de Material n'écoute pas les messages");
  }
})();
