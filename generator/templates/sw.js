// Service worker of the Compendium, written into the built site by generator/offline.py.
//
// HORS_LIGNE.fichiers lists every file of this build: [url relative to the site root, size,
// short SHA-256, 1 when precached at install / 0 when cached on first use or by the
// « Préparer pour jouer hors ligne » button (Pyodide runtime, wheels)].
// One cache per build version ("compendium-<version>"); a file is stored only when its bytes
// match this build's hash, so a cache never mixes two builds. Files listed here are served
// cache-first (query strings ignored: within one build a path has one content). A new build
// waits until a page asks it to take over ({type: "activer"}), then old caches are deleted.
// A page never mixes two builds: a page this build does not have (a page of a newer build,
// opened while this worker still controls the site), or a page of this build whose bytes the
// network now gives differently, is a « foreign » client: the page and everything it asks for
// (scripts, stylesheets, the workers it starts) come whole from the network, never from this
// cache, and the newer worker is looked for at once.
// Messages with a MessagePort: {type: "etat"} → sizes cached and missing;
// {type: "preparer", depuisCacheHttp?} → fetches every missing file, posting
// {type: "progression", recus, total} then {type: "fini", ...etat} or {type: "erreur", message}.
"use strict";
/*COMPENDIUM_HORS_LIGNE*/
const PREFIXE = "compendium-";
const CACHE = PREFIXE + HORS_LIGNE.version;
const BASE = new URL("./", self.location.href).href;
const FICHIERS = new Map(); // absolute URL without query -> {taille, sha, precache}
for (const [url, taille, sha, precache] of HORS_LIGNE.fichiers) {
  FICHIERS.set(new URL(url, BASE).href, { taille, sha, precache: precache === 1 });
}
const EN_PARALLELE = 4;
const INTERVALLE_PROGRESSION_MS = 100;

/** Cache key of a URL: no query, no fragment, `dossier/index.html` read as `dossier/`. */
function cle(adresse) {
  const url = new URL(adresse);
  url.search = "";
  url.hash = "";
  if (url.pathname.endsWith("/index.html")) url.pathname = url.pathname.slice(0, -"index.html".length);
  return url.href;
}

async function empreinte(octets) {
  const condensat = new Uint8Array(await crypto.subtle.digest("SHA-256", octets));
  return Array.from(condensat.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The whole body, calling `surMorceau(n)` for each chunk received. */
async function lire(reponse, surMorceau) {
  if (!surMorceau || !reponse.body) return reponse.arrayBuffer();
  const lecteur = reponse.body.getReader();
  const morceaux = [];
  let longueur = 0;
  for (;;) {
    const { done, value } = await lecteur.read();
    if (done) break;
    morceaux.push(value);
    longueur += value.byteLength;
    surMorceau(value.byteLength);
  }
  const tout = new Uint8Array(longueur);
  let position = 0;
  for (const morceau of morceaux) {
    tout.set(morceau, position);
    position += morceau.byteLength;
  }
  return tout.buffer;
}

/** Store `octets` under `href` if they are this build's bytes; false otherwise. */
async function stocker(cache, href, octets, entetes) {
  if ((await empreinte(octets)) !== FICHIERS.get(href).sha) return false;
  await cache.put(href, new Response(octets, { status: 200, statusText: "OK", headers: entetes }));
  return true;
}

/** The same bytes from an older build's cache (unchanged files are not downloaded again). */
async function depuisAncienCache(cache, href) {
  for (const nom of await caches.keys()) {
    if (!nom.startsWith(PREFIXE) || nom === CACHE) continue;
    const ancienne = await (await caches.open(nom)).match(href);
    if (ancienne && (await stocker(cache, href, await ancienne.arrayBuffer(), ancienne.headers))) return true;
  }
  return false;
}

/**
 * Put one listed file into this build's cache, from an older cache or from the network
 * (`http`: "reload" skips the browser's HTTP cache; "force-cache" takes what a tool page just
 * downloaded from it).
 */
async function recuperer(cache, href, surMorceau, http = "reload") {
  if (await depuisAncienCache(cache, href)) {
    if (surMorceau) surMorceau(FICHIERS.get(href).taille);
    return;
  }
  const reponse = await fetch(new Request(href, { cache: http, credentials: "same-origin" }));
  if (!reponse.ok) throw new Error(`erreur HTTP ${reponse.status} pour ${href}`);
  if (!(await stocker(cache, href, await lire(reponse, surMorceau), reponse.headers))) {
    throw new Error(`le fichier ${href} ne correspond pas à cette version du site`);
  }
}

async function parLots(taches, faire) {
  const file = taches.slice();
  const ouvriers = Array.from({ length: Math.min(EN_PARALLELE, file.length) }, async () => {
    while (file.length) await faire(file.shift());
  });
  await Promise.all(ouvriers);
}

async function presents(cache) {
  return new Set((await cache.keys()).map((requete) => requete.url));
}

self.addEventListener("install", (evenement) => {
  evenement.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const deja = await presents(cache);
    const aPrecharger = [];
    const aReprendre = [];
    for (const [href, fichier] of FICHIERS) {
      if (deja.has(href)) continue;
      (fichier.precache ? aPrecharger : aReprendre).push(href);
    }
    await parLots(aPrecharger, (href) => recuperer(cache, href, null));
    // The runtime already downloaded for an older build is kept when its bytes are unchanged.
    await parLots(aReprendre, (href) => depuisAncienCache(cache, href));
  })());
});

self.addEventListener("activate", (evenement) => {
  evenement.waitUntil((async () => {
    for (const nom of await caches.keys()) {
      if (nom.startsWith(PREFIXE) && nom !== CACHE) await caches.delete(nom);
    }
    await self.clients.claim();
  })());
});

// Client id -> whether its document is foreign to this build (see the header). Forgotten when the
// worker stops: a window client is then judged again by its URL.
const ETRANGERS = new Map();

/** Whether the request comes from a foreign client: a page this build does not list, or one marked so. */
async function etranger(evenement) {
  const id = evenement.clientId;
  if (!id) return false;
  if (!ETRANGERS.has(id)) {
    const client = await self.clients.get(id);
    if (!client) return false;
    ETRANGERS.set(id, client.type === "window" && !FICHIERS.has(cle(client.url)));
  }
  return ETRANGERS.get(id);
}

/** The client a navigation or a worker script creates will be foreign (when the browser names it). */
function marquerEtranger(evenement) {
  if (evenement.resultingClientId) ETRANGERS.set(evenement.resultingClientId, true);
}

/** A foreign client's request, from the network only; the browser's HTTP cache is revalidated. */
async function duReseau(evenement, requete) {
  if (requete.destination === "worker" || requete.destination === "sharedworker") marquerEtranger(evenement);
  let fraiche = requete;
  try {
    if (requete.mode !== "navigate") fraiche = new Request(requete, { cache: "no-cache" });
  } catch (erreur) {
    fraiche = requete;
  }
  return fetch(fraiche);
}

const HORS_LIGNE_HTML = "<!doctype html><html lang=fr><meta charset=utf-8><title>Hors ligne — Compendium</title>" +
  "<p>Cette page n'est pas disponible hors ligne. <a href=\"" + BASE + "\">Revenir à l'accueil</a>.</p></html>";

async function servir(evenement, requete, href) {
  const cache = await caches.open(CACHE);
  const trouvee = await cache.match(href);
  if (trouvee) return trouvee;
  let reponse;
  try {
    reponse = await fetch(requete);
  } catch (erreur) {
    if (requete.mode === "navigate") {
      return new Response(HORS_LIGNE_HTML, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    throw erreur;
  }
  if (reponse.status !== 200 || !reponse.body || reponse.redirected) return reponse;
  if (requete.mode === "navigate") {
    // A page of this build missing from the cache: checked whole before it is shown. Another
    // build's page (the site changed on the server) is shown as a foreign page.
    const octets = await reponse.arrayBuffer();
    if (!(await stocker(cache, href, octets, reponse.headers))) {
      marquerEtranger(evenement);
      evenement.waitUntil(self.registration.update().catch(() => {}));
    }
    return new Response(octets, { status: 200, statusText: "OK", headers: reponse.headers });
  }
  if (!FICHIERS.get(href).precache) {
    // Runtime (Pyodide, wheels): checked before the page gets it. Another build's file (the site
    // changed on the server) is refused, never mixed in; the new worker is looked for at once.
    for (const essai of [reponse, null]) {
      // The second try skips the browser's HTTP cache, which may hold an older build's file.
      const source = essai || (await fetch(new Request(href, { cache: "reload", credentials: "same-origin" })));
      const octets = await source.arrayBuffer();
      if (source.status === 200 && (await stocker(cache, href, octets, source.headers))) {
        return new Response(octets, { status: 200, statusText: "OK", headers: source.headers });
      }
    }
    evenement.waitUntil(self.registration.update().catch(() => {}));
    return new Response("Nouvelle version du site : rechargez la page.", {
      status: 409, headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // A page or an asset missing from the cache (evicted by the browser): answered at once
  // (streamed), and stored once it is known to be this build's file.
  const [pourPage, pourCache] = reponse.body.tee();
  evenement.waitUntil((async () => {
    const octets = await new Response(pourCache).arrayBuffer();
    if (!(await stocker(cache, href, octets, reponse.headers))) await self.registration.update();
  })().catch(() => {}));
  return new Response(pourPage, { status: reponse.status, statusText: reponse.statusText, headers: reponse.headers });
}

async function repondre(evenement, requete, href) {
  if (requete.mode !== "navigate" && (await etranger(evenement))) return duReseau(evenement, requete);
  return servir(evenement, requete, href);
}

self.addEventListener("fetch", (evenement) => {
  const requete = evenement.request;
  if (requete.method !== "GET" || requete.headers.has("range") || !requete.url.startsWith(BASE)) return;
  const href = cle(requete.url);
  if (FICHIERS.has(href)) {
    evenement.respondWith(repondre(evenement, requete, href));
  } else if (requete.mode === "navigate" && FICHIERS.has(href + "/")) {
    evenement.respondWith(Response.redirect(href + "/", 301)); // `jeu/tour` → `jeu/tour/`, offline too
  } else if (requete.mode === "navigate") {
    // A page this build does not have (a newer build's page?): from the network, with everything
    // it asks for (see `etranger`); the newer worker, if any, installs meanwhile.
    marquerEtranger(evenement);
    evenement.waitUntil(self.registration.update().catch(() => {}));
    evenement.respondWith(fetch(requete).catch(() => new Response(HORS_LIGNE_HTML, {
      status: 503, headers: { "Content-Type": "text/html; charset=utf-8" },
    })));
  }
});

async function etat() {
  const deja = await presents(await caches.open(CACHE));
  let total = 0;
  let manquant = 0;
  let fichiersManquants = 0;
  for (const [href, fichier] of FICHIERS) {
    total += fichier.taille;
    if (!deja.has(href)) {
      manquant += fichier.taille;
      fichiersManquants += 1;
    }
  }
  return { version: HORS_LIGNE.version, total, manquant, fichiers: FICHIERS.size, fichiersManquants };
}

async function preparer(port, http) {
  try {
    const cache = await caches.open(CACHE);
    const deja = await presents(cache);
    const manquants = [...FICHIERS.keys()].filter((href) => !deja.has(href));
    const total = manquants.reduce((somme, href) => somme + FICHIERS.get(href).taille, 0);
    let recus = 0;
    let dernier = -Infinity;
    const signaler = (n) => {
      recus += n;
      const maintenant = Date.now();
      if (maintenant - dernier >= INTERVALLE_PROGRESSION_MS) {
        dernier = maintenant;
        port.postMessage({ type: "progression", recus: Math.min(recus, total), total });
      }
    };
    port.postMessage({ type: "progression", recus: 0, total });
    await parLots(manquants, (href) => recuperer(cache, href, signaler, http));
    port.postMessage({ type: "progression", recus: total, total });
    port.postMessage({ type: "fini", ...(await etat()) });
  } catch (erreur) {
    port.postMessage({ type: "erreur", message: String(erreur && erreur.message ? erreur.message : erreur) });
  }
}

self.addEventListener("message", (evenement) => {
  const message = evenement.data || {};
  if (message.type === "activer") {
    self.skipWaiting();
    return;
  }
  const port = evenement.ports[0];
  if (!port) return;
  if (message.type === "etat") evenement.waitUntil(etat().then((reponse) => port.postMessage(reponse)));
  else if (message.type === "preparer") {
    evenement.waitUntil(preparer(port, message.depuisCacheHttp ? "force-cache" : "reload"));
  }
});
