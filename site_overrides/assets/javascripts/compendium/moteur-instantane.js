// Pyodide memory snapshot of the started engine, kept in IndexedDB (imported by moteur-worker.js).
//
// The first visit to a tool page starts Pyodide normally, installs the wheels, imports the whole
// engine and icepool, then saves Pyodide's memory (pyodide.makeMemorySnapshot). The next visits
// start from that memory: no Python start-up, no imports. One snapshot only, under a key made of
// the Pyodide version, the wheels' SHA-256 and a hash of the Python glue (a small record read
// first; the bytes are then read while Pyodide's WebAssembly downloads): a new build never
// starts from an old snapshot. Anything wrong (no IndexedDB, missing, corrupt or mismatched
// record) means a normal start; the record is then replaced.
const BASE = "compendium-moteur";
const MAGASIN = "instantanes";
const ENTREE = "moteur"; // the snapshot's bytes (ArrayBuffer)
const ENTREE_CLE = "cle"; // {cle, taille, date}: read first, without loading the bytes

function ouvrir() {
  return new Promise((resoudre, rejeter) => {
    const requete = indexedDB.open(BASE, 1);
    requete.onupgradeneeded = () => requete.result.createObjectStore(MAGASIN);
    requete.onsuccess = () => resoudre(requete.result);
    requete.onerror = () => rejeter(requete.error);
    requete.onblocked = () => rejeter(new Error("IndexedDB bloquée"));
  });
}

function transaction(base, mode, action) {
  return new Promise((resoudre, rejeter) => {
    const tx = base.transaction(MAGASIN, mode);
    const requete = action(tx.objectStore(MAGASIN));
    tx.oncomplete = () => resoudre(requete.result);
    tx.onerror = () => rejeter(tx.error);
    tx.onabort = () => rejeter(tx.error || new Error("transaction annulée"));
  });
}

/** 32-bit FNV-1a of a string, in hex: enough to tell two versions of the Python glue apart. */
export function empreinte(texte) {
  let h = 0x811c9dc5;
  for (let i = 0; i < texte.length; i++) {
    h ^= texte.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** The snapshot's key: what must be identical for a snapshot to be usable. */
export function cleInstantane(versionPyodide, manifeste, glue) {
  const roues = (manifeste.roues || []).map((r) => r.fichier + ":" + r.sha256).join(",");
  return ["pyodide " + versionPyodide, roues, "glue " + empreinte(glue)].join("|");
}

/**
 * What is stored, without reading the snapshot itself (a small record): {etat, taille}, etat being
 * "trouve" when a snapshot of key `cle` (a value or a Promise) is there, else why not.
 */
export async function consulterInstantane(cle) {
  try {
    if (typeof indexedDB === "undefined") return { etat: "indisponible", taille: 0 };
    const base = await ouvrir();
    try {
      const fiche = await transaction(base, "readonly", (magasin) => magasin.get(ENTREE_CLE));
      if (!fiche) return { etat: "absent", taille: 0 };
      if (fiche.cle !== (await cle)) return { etat: "autre-version", taille: 0 };
      return { etat: "trouve", taille: fiche.taille };
    } finally {
      base.close();
    }
  } catch (e) {
    return { etat: "indisponible", taille: 0 };
  }
}

/** The snapshot's bytes (Uint8Array); rejects when they are missing or not of the recorded size. */
export async function lireInstantane(taille) {
  const base = await ouvrir();
  try {
    const octets = await transaction(base, "readonly", (magasin) => magasin.get(ENTREE));
    if (!(octets instanceof ArrayBuffer) || octets.byteLength !== taille || taille % 4 !== 0) {
      throw new Error("instantané illisible");
    }
    return new Uint8Array(octets);
  } finally {
    base.close();
  }
}

/** Store `octets` (Uint8Array) under `cle`, replacing any older snapshot. */
export async function ecrireInstantane(cle, octets) {
  const base = await ouvrir();
  try {
    const copie = octets.byteOffset === 0 && octets.byteLength === octets.buffer.byteLength
      ? octets.buffer : octets.slice().buffer;
    await transaction(base, "readwrite", (magasin) => {
      magasin.put(copie, ENTREE);
      return magasin.put({ cle, taille: octets.byteLength, date: Date.now() }, ENTREE_CLE);
    });
  } finally {
    base.close();
  }
}

/** Forget the stored snapshot (after a failed start from it). */
export async function effacerInstantane() {
  try {
    const base = await ouvrir();
    try {
      await transaction(base, "readwrite", (magasin) => {
        magasin.delete(ENTREE_CLE);
        return magasin.delete(ENTREE);
      });
    } finally {
      base.close();
    }
  } catch (e) {
    // nothing stored, nothing to forget
  }
}
