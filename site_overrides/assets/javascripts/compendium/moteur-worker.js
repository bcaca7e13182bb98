// Web Worker (module worker: Pyodide 314 refuses classic workers) running
// Pyodide + browser_engine off the main thread.
//
// Messages in (from moteur.js):
//   {id, type: "init", racine}                       racine = absolute URL of the site root
//   {id, type: "valider", jeu, texte | octets, catalogue?} → {id, resultat: rapport} | {id, erreur}
//   {id, type: "prevoir", jeu, texte, catalogue?, canal: "prevision"} → the same, for a list one tap
//     away from the builder's (composer-immediat.js); it never gives up the builder's follow-up
//   {id, type: "calculer", jeu, calcul, parametres} → {id, resultat: distribution} | {id, erreur}
//   {id, type: "score", jeu, score, document}       → {id, resultat: classement} | {id, erreur}
//   {id, type: "des-libres", requete}                → {id, resultat} | {id, erreur}   (no game: « Dés libres »)
//   {id, type: "composer", jeu, requete, catalogue?} → {id, resultat} | {id, erreur}
//     requete: {action: "options", liste, chemin} → {chemin, genre, choix: [...]}
//              {action: "texte", liste}           → {texte, valide}
//   {id, type: "etat", jeu, texte, catalogue?, demande?} → {id, resultat: rapport} | {id, erreur},
//     then, for the builder's demande {forces: [pointers], choix: [pointers]}, in the idle time
//     between messages: {id, suite: {resultats: [...], fini}} (browser_engine/composer_suite.py),
//     one validation at a time, given up as soon as a newer request of the same canal arrives.
// Any request may name a `canal`: a request still waiting while a newer one of its canal has
// arrived is not run; it is answered {id, perime: true}.
// Messages out, besides the answers:
//   {type: "progression", etape, total, message}
//   {type: "telechargement", recus, total}          bytes downloaded so far (total 0 when unknown)
//   {type: "demarrage", mode, instantane}           mode "froid" | "instantane"; what became of the
//                                                   snapshot (absent, autre-version, illisible, utilise,
//                                                   en-cours, enregistre, echec, indisponible)
// Everything is fetched from the site itself: no CDN.
// A second visit starts from a memory snapshot of the first one (moteur-instantane.js, IndexedDB):
// no Python start-up and no imports; the first visit saves it just after its warm-up.
const TOTAL_ETAPES = 4;
let racine = null;
let demarrage = null; // Promise<void> once "init" has been received
let glue = null; // {valider, calculer, charger}
const jeux = new Map(); // jeu -> Promise<void> (bundle loaded into Python)
const echauffes = new Set(); // games whose validation path has run once
let instantaneTente = false; // a snapshot is made once per worker, after the first warm-up

function progression(etape, message) {
  // ms: time since the worker started, for the benchmarks' breakdown
  self.postMessage({ type: "progression", etape, total: TOTAL_ETAPES, message, ms: performance.now() });
}

// --- Download progress: bytes received, and their total when every server answer gives it -------
// While the engine starts, fetch (ours and Pyodide's) goes through a counter; the page shows
// « 3,2 Mo reçus sur 12,5 Mo » instead of a step that seems stuck during the download.
const INTERVALLE_OCTETS_MS = 100;
const fetchDirect = self.fetch.bind(self);
const octets = { recus: 0, total: 0, totalConnu: true, dernier: -Infinity };

function publierOctets(forcer) {
  const maintenant = performance.now();
  if (!forcer && maintenant - octets.dernier < INTERVALLE_OCTETS_MS) return;
  octets.dernier = maintenant;
  self.postMessage({ type: "telechargement", recus: octets.recus, total: octets.totalConnu ? octets.total : 0 });
}

async function fetchCompte(ressource, options) {
  const reponse = await fetchDirect(ressource, options);
  if (!reponse.ok || !reponse.body) return reponse;
  const longueur = Number(reponse.headers.get("content-length"));
  // A compressed answer's length counts compressed bytes, while the body gives them inflated.
  if (longueur > 0 && !reponse.headers.get("content-encoding")) octets.total += longueur;
  else octets.totalConnu = false;
  // Count on a clone and hand back the original answer: a Response rebuilt from a stream has no
  // URL, and Chromium keeps compiled WebAssembly only for an answer it can tie to its cache entry.
  const lecteur = reponse.clone().body.getReader();
  (async () => {
    for (;;) {
      const { done, value } = await lecteur.read();
      if (done) break;
      octets.recus += value.byteLength;
      publierOctets(false);
    }
    publierOctets(true);
  })().catch(() => {});
  return reponse;
}

async function telecharger(url, quoi) {
  let reponse;
  try {
    reponse = await fetch(url, { credentials: "same-origin" });
  } catch (e) {
    throw new Error(`Impossible de charger ${quoi} (${url}) : le réseau ne répond pas.`);
  }
  if (!reponse.ok) {
    throw new Error(`Impossible de charger ${quoi} (${url}) : erreur HTTP ${reponse.status}.`);
  }
  return reponse;
}

let pyodide = null;
// How this engine started, for the page and the tests: "instantane" (from the memory snapshot of
// an earlier visit, see moteur-instantane.js) or "froid"; plus what became of the snapshot.
const demarrage_ = { mode: null, instantane: null, cle: null };
let instantane = null; // the snapshot module, once imported

function publierDemarrage(changement) {
  Object.assign(demarrage_, changement);
  const { mode, instantane, lectureMs, pyodideMs } = demarrage_;
  self.postMessage({ type: "demarrage", mode, instantane, lectureMs, pyodideMs });
}

let rouesAttendues = null; // after a snapshot start: the wheels, installed once the engine is ready

/** Unpack the wheels into Pyodide's file system (not part of its memory, nor of a snapshot). */
async function installerRoues(roues) {
  for (const octets of await roues) {
    pyodide.unpackArchive(octets, "wheel");
  }
}

async function demarrer() {
  self.fetch = fetchCompte; // until the engine is installed (see the end of this function)
  progression(1, "Téléchargement de Python (Pyodide) et du moteur…");
  if (typeof WebAssembly !== "object") {
    throw new Error("Ce navigateur ne prend pas en charge WebAssembly : le moteur ne peut pas démarrer.");
  }
  const manifeste = (async () =>
    (await telecharger(racine + "assets/wheels/manifest.json", "la liste des modules Python")).json())();
  // Fetch the wheels while Pyodide compiles: they are independent.
  const roues = (async () =>
    Promise.all(
      (await manifeste).roues.map(async (roue) => {
        const url = racine + "assets/wheels/" + roue.fichier + "?v=" + roue.sha256.slice(0, 16);
        const octets = await (await telecharger(url, "le module " + roue.fichier)).arrayBuffer();
        return new Uint8Array(octets);
      }),
    ))();
  roues.catch(() => {}); // reported below, after Pyodide
  const importInstantane = import(racine + "assets/javascripts/compendium/moteur-instantane.js");
  const importGlue = import(racine + "assets/javascripts/compendium/moteur-python.js"); // sets COMPENDIUM_PYTHON
  const importPyodide = import(racine + "assets/pyodide/pyodide.mjs");
  const cle = (async () => {
    const [{ version }, module] = await Promise.all([importPyodide, importInstantane, importGlue]);
    return module.cleInstantane(version, await manifeste, self.COMPENDIUM_PYTHON);
  })();
  cle.catch(() => {}); // no manifest: reported by `roues` below
  const t0 = performance.now();
  // Is there a snapshot of this build? (a small record: the snapshot's bytes are read below)
  const consultation = importInstantane.then((module) => module.consulterInstantane(cle));
  const [{ loadPyodide }, module] = await Promise.all([importPyodide, importInstantane, importGlue]);
  instantane = module;
  const options = {
    indexURL: racine + "assets/pyodide/",
    stdout: () => {},
    stderr: (texte) => console.warn("[pyodide]", texte),
  };
  const trouve = await consultation;
  demarrage_.cle = await cle.catch(() => null);
  demarrage_.lectureMs = performance.now() - t0; // for the benchmarks' breakdown
  const t1 = performance.now();
  if (trouve.etat === "trouve") {
    try {
      // The bytes are read from IndexedDB while Pyodide fetches and compiles its WebAssembly.
      pyodide = await loadPyodide(Object.assign({ _loadSnapshot: instantane.lireInstantane(trouve.taille) }, options));
      pyodide.runPython("charger_jeu"); // the glue is in the snapshot: a broken one fails here
      publierDemarrage({ mode: "instantane", instantane: "utilise", pyodideMs: performance.now() - t1 });
    } catch (e) {
      console.warn("[moteur] instantané inutilisable, démarrage normal :", e);
      pyodide = null;
      await instantane.effacerInstantane();
      trouve.etat = "illisible";
    }
  }
  if (!pyodide) {
    const t2 = performance.now();
    pyodide = await loadPyodide(Object.assign({ _makeSnapshot: true }, options));
    publierDemarrage({ mode: "froid", instantane: trouve.etat, pyodideMs: performance.now() - t2 });
  }
  progression(2, "Installation du moteur de règles…");
  if (demarrage_.mode === "froid") await installerRoues(roues);
  else rouesAttendues = roues; // every module is already in memory: the files come after « prêt »
  self.fetch = fetchDirect;
  if (demarrage_.mode === "froid") pyodide.runPython(self.COMPENDIUM_PYTHON);
  glue = {
    charger: pyodide.globals.get("charger_jeu"),
    valider: pyodide.globals.get("valider_texte"),
    calculer: pyodide.globals.get("calculer_json"),
    desLibres: pyodide.globals.get("des_libres_json"),
    score: pyodide.globals.get("score_json"),
    composer: pyodide.globals.get("composer_json"),
    etat: pyodide.globals.get("etat_texte"),
    suitePas: pyodide.globals.get("suite_pas"),
    suiteAbandon: pyodide.globals.get("suite_abandon"),
  };
}

// Python run once before the snapshot: the engine and icepool imported, with every part of the page's game
// (`_jeu_instantane`, browser_engine/jeux/<jeu>/), so that a start from the snapshot imports nothing for
// that game; another game's parts are imported when first used, as on a normal start.
const IMPORTS_INSTANTANE = String.raw`
import importlib as _il
import pkgutil as _pk
import icepool as _icepool
import browser_engine as _be
import browser_engine.jeux as _jeux
for _m in _pk.iter_modules(_be.__path__, "browser_engine."):
    if _m.name.rsplit(".", 1)[-1] not in ("cli", "__main__") and not _m.name.startswith("browser_engine.cli"):
        try:
            _il.import_module(_m.name)
        except Exception:
            pass
if _jeu_instantane:
    _jeux.preload(_jeu_instantane)
del _il, _pk, _m, _icepool, _be, _jeux, _jeu_instantane
`;

/** After a normal start: import the engine and the page's game, then keep Pyodide's memory for the next visits. */
async function enregistrerInstantane(jeu) {
  if (demarrage_.mode !== "froid" || !demarrage_.cle || !instantane) return;
  publierDemarrage({ instantane: "en-cours" });
  try {
    pyodide.globals.set("_jeu_instantane", jeu ? String(jeu) : "");
    pyodide.runPython(IMPORTS_INSTANTANE);
    const octets = pyodide.makeMemorySnapshot();
    await instantane.ecrireInstantane(demarrage_.cle, octets);
    publierDemarrage({ instantane: "enregistre" });
  } catch (e) {
    console.warn("[moteur] instantané non enregistré :", e);
    publierDemarrage({ instantane: "echec" });
  }
}

function chargerJeu(jeu) {
  if (!/^[a-z0-9-]+$/.test(String(jeu))) {
    return Promise.reject(new Error("Identifiant de jeu invalide."));
  }
  if (!jeux.has(jeu)) {
    const promesse = (async () => {
      await demarrage;
      progression(3, "Chargement des données du jeu…");
      const texte = await (
        await telecharger(racine + "assets/data/" + jeu + ".json", "les données du jeu")
      ).text();
      glue.charger(jeu, texte);
      progression(4, "Moteur prêt.");
    })();
    promesse.catch(() => jeux.delete(jeu)); // allow a retry
    jeux.set(jeu, promesse);
  }
  return jeux.get(jeu);
}

function repondre(id, sortieJson, debut) {
  const sortie = JSON.parse(sortieJson);
  const ms = performance.now() - debut; // time spent in Python, for the benchmarks
  if ("erreur" in sortie) {
    self.postMessage({ id, erreur: sortie.erreur, interne: !!sortie.interne, ms });
  } else {
    self.postMessage({ id, resultat: sortie.resultat, ms });
  }
  return sortie;
}

async function traiter(message) {
  const { id, type } = message;
  try {
    if (type === "init") {
      if (!demarrage) {
        racine = String(message.racine);
        demarrage = demarrer();
      }
      await demarrage;
      if (message.jeu) await chargerJeu(message.jeu);
      else progression(TOTAL_ETAPES, "Moteur prêt."); // a tool without a game (« Dés libres »)
      self.postMessage({ id, resultat: { pret: true } });
      if (rouesAttendues) {
        // After a snapshot start: the wheels' files, before any request is handled.
        const roues = rouesAttendues;
        rouesAttendues = null;
        await installerRoues(roues);
      }
      if (message.jeu && !echauffes.has(message.jeu)) {
        // Warm the engine's lazy imports now rather than on the user's first list.
        echauffes.add(message.jeu);
        glue.valider(message.jeu, "jeu: " + message.jeu + "\nentrees: []\n");
      }
      if (!instantaneTente) {
        instantaneTente = true;
        await enregistrerInstantane(message.jeu);
      }
      return;
    }
    if (!demarrage) throw new Error("Moteur non initialisé.");
    if (type === "des-libres") {
      // « Dés libres » reads no game's data: the engine alone.
      await demarrage;
      const debut = performance.now();
      repondre(id, glue.desLibres(JSON.stringify(message.requete ?? {})), debut);
      return;
    }
    await chargerJeu(message.jeu);
    const debut = performance.now();
    if (type === "valider" || type === "prevoir") { // prevoir: the builder's checks ahead (composer-immediat.js)
      const entree = message.octets instanceof Uint8Array ? message.octets : String(message.texte ?? "");
      const avecCatalogue = typeof message.catalogue === "string";
      repondre(id, avecCatalogue ? glue.valider(message.jeu, entree, message.catalogue) : glue.valider(message.jeu, entree), debut);
    } else if (type === "calculer") {
      repondre(id, glue.calculer(message.jeu, String(message.calcul), JSON.stringify(message.parametres ?? {})), debut);
    } else if (type === "score") {
      repondre(id, glue.score(message.jeu, String(message.score), JSON.stringify(message.document ?? {})), debut);
    } else if (type === "composer") {
      const requete = JSON.stringify(message.requete ?? {});
      const catalogue = typeof message.catalogue === "string" ? message.catalogue : null;
      repondre(id, glue.composer(message.jeu, requete, catalogue), debut);
    } else if (type === "etat") {
      const catalogue = typeof message.catalogue === "string" ? message.catalogue : null;
      const demande = message.demande && typeof message.demande === "object" ? JSON.stringify(message.demande) : "";
      const sortie = repondre(id, glue.etat(message.jeu, String(message.texte ?? ""), catalogue, demande), debut);
      if (demande && !("erreur" in sortie)) fond = { id, canal: message.canal || null };
    } else {
      throw new Error("Requête inconnue : " + type);
    }
  } catch (e) {
    const texte = e && e.message ? e.message : String(e);
    const fatal = !!(e && (e.name === "FatalError" || /fatal error/i.test(texte)));
    self.postMessage({ id, erreur: texte, interne: true, fatal });
  }
}

// Requests are handled one at a time, in order (Python is single-threaded anyway). Between two
// requests, and between two validations of a builder's follow-up (`fond`), the worker goes back to
// its event loop, so that a newer request is seen: a waiting request made stale by a newer one of
// its canal is dropped, and a follow-up is given up for a newer request of its canal.
const file = [];
let occupe = false;
let fond = null; // {id, canal}: the builder's follow-up being computed, one validation at a time
const BUDGET_SUITE_MS = 8;
const reveil = new MessageChannel(); // a zero-delay turn of the event loop (setTimeout clamps to 4 ms)
let planifie = false;

function planifier() {
  if (planifie) return;
  planifie = true;
  reveil.port2.postMessage(0);
}

function abandonnerFond() {
  if (!fond) return;
  const { id } = fond;
  fond = null;
  try {
    glue.suiteAbandon();
  } catch (e) {
    /* nothing to give up */
  }
  self.postMessage({ id, suite: { resultats: [], fini: true, abandon: true } });
}

function pasDeFond() {
  let sortie;
  try {
    sortie = JSON.parse(glue.suitePas(BUDGET_SUITE_MS));
  } catch (e) {
    sortie = { resultats: [], fini: true, erreur: e && e.message ? e.message : String(e) };
  }
  if (!sortie || typeof sortie !== "object") sortie = { resultats: [], fini: true };
  const { id } = fond;
  if (sortie.fini) fond = null;
  if (sortie.fini || (Array.isArray(sortie.resultats) && sortie.resultats.length)) self.postMessage({ id, suite: sortie });
}

async function pomper() {
  if (file.length) {
    const message = file.shift();
    const canal = message.canal;
    if (canal && file.some((m) => m.canal === canal)) {
      self.postMessage({ id: message.id, perime: true });
      return;
    }
    if (fond && (message.type === "etat" || (canal && canal === fond.canal))) abandonnerFond();
    await traiter(message);
  } else if (fond) {
    pasDeFond();
  }
}

reveil.port1.onmessage = async () => {
  planifie = false;
  if (occupe) return;
  occupe = true;
  try {
    await pomper();
  } finally {
    occupe = false;
    if (file.length || fond) planifier();
  }
};

self.onmessage = (evenement) => {
  file.push(evenement.data || {});
  planifier();
};
