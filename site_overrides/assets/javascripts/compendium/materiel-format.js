// « Mon matériel », its format (materiel.js keeps the store): checking a stored document or an
// imported file item by item, the shape of the export file, and the keys the tools used before
// « Mon matériel », read once. Also the browser-storage primitives, which never throw.
//
// A document: {format: "compendium-materiel", version: 1, jeu, maj,
//   des: {cle: faces}, paquets: {cle: sortes}, valeurs: {cle: {valeur, nom}}, catalogue?: {nom, texte}}
// with values as typed (strings); the export writes typed whole numbers as numbers.
(function () {
  "use strict";
  if (window.Compendium && window.Compendium.materielFormat) return; // loaded twice (instant navigation)

  const PREFIXE = "compendium.materiel.";
  const SUFFIXE_ABIME = ".abime";
  const FORMAT = "compendium-materiel";
  const VERSION = 1;
  const GENRES = ["des", "paquets", "valeurs"];
  const MAX_FACES = 30;
  const MAX_SORTES = 60;
  const MAX_ELEMENTS = 200; // items of one kind in a document
  const MAX_TEXTE = 60;
  const MAX_FICHIER = 4 * 1024 * 1024;
  const ANCIENS = { des: "compendium.des.", paquet: "compendium.paquet.", saisie: "compendium.saisie.", catalogue: "compendium.catalogue." };

  const estObjet = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const maintenant = () => new Date().toISOString();

  // --- Browser storage: never throws ----------------------------------------------------------------

  function stockage() {
    try {
      return window.localStorage || null;
    } catch (e) {
      return null; // storage disabled by the browser's settings
    }
  }

  function lireBrut(cle) {
    try {
      const s = stockage();
      return s ? s.getItem(cle) : null;
    } catch (e) {
      return null;
    }
  }

  /** Write (null removes); false when the browser refused (full storage, private mode). */
  function ecrireBrut(cle, valeur) {
    try {
      const s = stockage();
      if (!s) return false;
      if (valeur === null) s.removeItem(cle);
      else s.setItem(cle, valeur);
      return true;
    } catch (e) {
      return false;
    }
  }

  function cles() {
    try {
      const s = stockage();
      if (!s) return [];
      return Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k) => typeof k === "string");
    } catch (e) {
      return [];
    }
  }

  // --- Checking a document (stored value or imported file) ----------------------------------------

  /** A typed value: a string of at most 60 characters ("" for nothing), from a string or a number. */
  function tape(v) {
    if (typeof v === "number" && Number.isFinite(v)) return String(v);
    if (typeof v === "string") return v.slice(0, MAX_TEXTE);
    if (v === null || v === undefined) return "";
    return null;
  }

  function face(f) {
    if (typeof f === "string") return f.slice(0, MAX_TEXTE);
    if (f === null) return "";
    if (!estObjet(f)) return null;
    const sortie = {};
    for (const [k, v] of Object.entries(f).slice(0, 20)) {
      const t = tape(v);
      if (t === null) return null;
      sortie[String(k).slice(0, MAX_TEXTE)] = t;
    }
    return sortie;
  }

  function de(v) {
    if (!Array.isArray(v) || v.length > MAX_FACES) return null;
    const faces = v.map(face);
    return faces.every((f) => f !== null) ? faces : null;
  }

  function moitie(m) {
    if (m === undefined || m === null) return { lumiere: "", ombre: "" };
    if (!estObjet(m)) return null;
    const lumiere = tape(m.lumiere);
    const ombre = tape(m.ombre);
    return lumiere === null || ombre === null ? null : { lumiere, ombre };
  }

  function sorte(s) {
    if (!estObjet(s)) return null;
    const nom = tape(s.nom);
    const nombre = tape(s.nombre);
    const jour = moitie(s.jour);
    const nuit = moitie(s.nuit);
    if ([nom, nombre, jour, nuit].includes(null)) return null;
    return { nom, nombre, jour, nuit };
  }

  function paquet(v) {
    if (!Array.isArray(v) || v.length > MAX_SORTES) return null;
    const sortes = v.map(sorte);
    return sortes.every((s) => s !== null) ? sortes : null;
  }

  function valeur(v) {
    if (!estObjet(v)) {
      const t = tape(v);
      return t === null ? null : { valeur: t, nom: "" };
    }
    const t = tape(v.valeur);
    const nom = typeof v.nom === "string" ? v.nom.slice(0, 200) : "";
    return t === null ? null : { valeur: t, nom };
  }

  const LECTEURS = { des: de, paquets: paquet, valeurs: valeur };

  function catalogue(v) {
    if (!estObjet(v) || typeof v.texte !== "string") return null;
    return { nom: typeof v.nom === "string" && v.nom ? v.nom.slice(0, 200) : "catalogue", texte: v.texte };
  }

  function vide(jeu) {
    return { format: FORMAT, version: VERSION, jeu, maj: "", des: {}, paquets: {}, valeurs: {} };
  }

  /**
   * The document in `v`, checked item by item: {doc, rejets: [French reason]} (rejets: what was
   * left out), or {doc: null, rejets: [reason]} when `v` is not a material document at all.
   */
  function verifier(v, jeu) {
    if (!estObjet(v)) return { doc: null, rejets: ["ce n'est pas un objet JSON"] };
    if (v.format !== undefined && v.format !== FORMAT) return { doc: null, rejets: [`format « ${String(v.format).slice(0, 40)} » inconnu`] };
    if (v.jeu !== undefined && v.jeu !== jeu) return { doc: null, rejets: [`c'est le matériel du jeu « ${String(v.jeu).slice(0, 40)} »`], autreJeu: String(v.jeu).slice(0, 40) };
    if (Number.isInteger(v.version) && v.version > VERSION) return { doc: null, rejets: [`version ${v.version} du format, plus récente que celle de ce site (${VERSION})`] };
    const doc = vide(jeu);
    doc.maj = typeof v.maj === "string" ? v.maj.slice(0, 40) : "";
    const rejets = [];
    for (const genre of GENRES) {
      if (v[genre] === undefined) continue;
      if (!estObjet(v[genre])) {
        rejets.push(`« ${genre} » n'est pas un objet`);
        continue;
      }
      for (const [cle, brut] of Object.entries(v[genre]).slice(0, MAX_ELEMENTS)) {
        const lu = LECTEURS[genre](brut);
        if (lu === null) rejets.push(`« ${genre}.${cle.slice(0, 60)} » illisible`);
        else doc[genre][cle.slice(0, 120)] = lu;
      }
    }
    if (v.catalogue !== undefined && v.catalogue !== null) {
      const lu = catalogue(v.catalogue);
      if (lu === null) rejets.push("« catalogue » illisible");
      else doc.catalogue = lu;
    }
    return { doc, rejets };
  }

  /** A typed whole number as a number in the export ("3" -> 3); anything else stays as typed. */
  function nombreExporte(t) {
    return /^\d{1,6}$/.test(t) ? Number(t) : t;
  }

  function pourExport(doc) {
    const sortie = { format: FORMAT, version: VERSION, jeu: doc.jeu, maj: doc.maj || maintenant() };
    sortie.des = Object.fromEntries(Object.entries(doc.des).map(([k, faces]) => [k, faces.map((f) =>
      typeof f === "string" ? f : Object.fromEntries(Object.entries(f).map(([s, n]) => [s, nombreExporte(n)])))]));
    sortie.paquets = Object.fromEntries(Object.entries(doc.paquets).map(([k, sortes]) => [k, sortes.map((s) => ({
      nom: s.nom, nombre: nombreExporte(s.nombre),
      jour: { lumiere: nombreExporte(s.jour.lumiere), ombre: nombreExporte(s.jour.ombre) },
      nuit: { lumiere: nombreExporte(s.nuit.lumiere), ombre: nombreExporte(s.nuit.ombre) } }))]));
    sortie.valeurs = Object.fromEntries(Object.entries(doc.valeurs).map(([k, v]) => [k, { valeur: nombreExporte(v.valeur), nom: v.nom }]));
    if (doc.catalogue) sortie.catalogue = doc.catalogue;
    return sortie;
  }

  // --- Older keys ------------------------------------------------------------------------------------

  /** A deck typed card by card (the old editor) as kinds with counts: identical cards are grouped. */
  function sortesDesCartes(cartes) {
    const sortes = [];
    const index = new Map();
    for (const c of cartes) {
      if (!estObjet(c)) continue;
      const s = sorte({ nom: c.nom, nombre: "1", jour: c.jour, nuit: c.nuit });
      if (!s) continue;
      const signature = JSON.stringify([s.nom.trim(), s.jour, s.nuit]);
      if (index.has(signature)) {
        const x = index.get(signature);
        x.nombre = String(Number(x.nombre) + 1);
      } else {
        index.set(signature, s);
        sortes.push(s);
      }
    }
    return sortes;
  }

  /**
   * What the tools stored before « Mon matériel », for `jeu`: {elements: [[genre, cle, valeur]],
   * lues: [keys read], illisibles: [{cle, brut}]}.
   */
  function anciennes(jeu) {
    const elements = [];
    const lues = [];
    const illisibles = [];
    const lireJson = (cle) => {
      const brut = lireBrut(cle);
      if (brut === null) return undefined;
      try {
        return JSON.parse(brut);
      } catch (e) {
        illisibles.push({ cle, brut });
        return undefined;
      }
    };
    for (const cle of cles()) {
      const des = ANCIENS.des + jeu + ".";
      const saisie = ANCIENS.saisie + jeu + ".";
      if (cle.startsWith(des) && !cle.includes(SUFFIXE_ABIME)) {
        const v = lireJson(cle);
        if (v === undefined) continue;
        const faces = de(Array.isArray(v) ? v.slice(0, MAX_FACES) : null);
        if (faces) {
          if (faces.length) elements.push(["des", cle.slice(des.length), faces]);
          lues.push(cle);
        } else illisibles.push({ cle, brut: lireBrut(cle) });
      } else if (cle.startsWith(saisie) && !cle.includes(SUFFIXE_ABIME)) {
        const brut = lireBrut(cle);
        if (brut !== null && brut !== "") elements.push(["valeurs", cle.slice(saisie.length), { valeur: brut.slice(0, MAX_TEXTE), nom: "" }]);
        lues.push(cle);
      }
    }
    const clePaquet = ANCIENS.paquet + jeu;
    const cartes = lireJson(clePaquet);
    if (Array.isArray(cartes)) {
      const sortes = sortesDesCartes(cartes.slice(0, MAX_SORTES));
      if (sortes.length) elements.push(["paquets", "paquet", sortes]);
      lues.push(clePaquet);
    } else if (cartes !== undefined && cartes !== null) {
      illisibles.push({ cle: clePaquet, brut: lireBrut(clePaquet) });
    }
    const cleCatalogue = ANCIENS.catalogue + jeu;
    const cat = lireJson(cleCatalogue);
    if (cat !== undefined) {
      const lu = cat === null ? null : catalogue(cat);
      if (lu) elements.push(["catalogue", "", lu]);
      if (lu || cat === null) lues.push(cleCatalogue);
      else illisibles.push({ cle: cleCatalogue, brut: lireBrut(cleCatalogue) });
    }
    return { elements, lues, illisibles };
  }

  window.Compendium = window.Compendium || {};
  window.Compendium.materielFormat = {
    lireBrut, ecrireBrut, cles, verifier, lireElement: (genre, v) => (LECTEURS[genre] ? LECTEURS[genre](v) : null), catalogue,
    vide, pourExport, sortesDesCartes, anciennes, PREFIXE, SUFFIXE_ABIME, FORMAT, VERSION, GENRES, ANCIENS, MAX_FICHIER,
  };
})();
