// « Composer et vérifier »: what the text view shares with the page and the other tools:
// browser storage that never throws, the share link's fragment (#liste=…), and the YAML/JSON
// export. Loaded before verifier.js; everything is on Compendium.verifier.
(function () {
  "use strict";

  const TAILLE_MAX_LIEN = 1024 * 1024; // a shared list, once decompressed: the engine reads 1 Mo at most
  const PREFIXE = "liste=";
  // --- Browser storage: never throws (private browsing, full storage) ---------------------------

  function lireStockage(cle) {
    try {
      return window.localStorage.getItem(cle);
    } catch (e) {
      return null;
    }
  }

  function ecrireStockage(cle, valeur) {
    try {
      if (valeur === null || valeur === "") window.localStorage.removeItem(cle);
      else window.localStorage.setItem(cle, valeur);
      return true;
    } catch (e) {
      return false;
    }
  }

  // --- URL fragment: "#liste=z.<base64url(deflate-raw(utf-8))>" or "#liste=t.<base64url(utf-8)>"

  function base64url(octets) {
    let binaire = "";
    for (let i = 0; i < octets.length; i += 0x8000) {
      binaire += String.fromCharCode.apply(null, octets.subarray(i, i + 0x8000));
    }
    return btoa(binaire).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function depuisBase64url(texte) {
    const b64 = texte.replace(/-/g, "+").replace(/_/g, "/");
    const binaire = atob(b64 + "===".slice((b64.length + 3) % 4));
    const octets = new Uint8Array(binaire.length);
    for (let i = 0; i < binaire.length; i++) octets[i] = binaire.charCodeAt(i);
    return octets;
  }

  async function transformer(octets, flux) {
    const sortie = new Blob([octets]).stream().pipeThrough(flux);
    return new Uint8Array(await new Response(sortie).arrayBuffer());
  }

  async function encoderFragment(texte) {
    const octets = new TextEncoder().encode(texte);
    if (typeof CompressionStream === "function") {
      try {
        return PREFIXE + "z." + base64url(await transformer(octets, new CompressionStream("deflate-raw")));
      } catch (e) {
        /* fall back to plain base64url */
      }
    }
    return PREFIXE + "t." + base64url(octets);
  }

  class LienTropGros extends Error {}

  function erreurTaille() {
    const mo = TAILLE_MAX_LIEN / (1024 * 1024);
    return new LienTropGros(`Ce lien de partage contient une liste de plus de ${mo} Mo une fois décompressée : ` +
      "elle n'a pas été ouverte. Demandez plutôt le fichier de la liste et importez-le.");
  }

  /** Inflate step by step and stop as soon as the output passes `limite` bytes (zip bombs). */
  async function decompresserBorne(octets, limite) {
    const lecteur = new Blob([octets]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const morceaux = [];
    let total = 0;
    for (;;) {
      const { done, value } = await lecteur.read();
      if (done) break;
      total += value.length;
      if (total > limite) {
        lecteur.cancel().catch(() => {});
        throw erreurTaille();
      }
      morceaux.push(value);
    }
    const sortie = new Uint8Array(total);
    let position = 0;
    for (const m of morceaux) {
      sortie.set(m, position);
      position += m.length;
    }
    return sortie;
  }

  async function decoderFragment(fragment) {
    const valeur = fragment.slice(PREFIXE.length);
    const mode = valeur.slice(0, 2);
    // base64 carries 3 bytes in 4 characters: a longer fragment cannot hold an allowed plain list.
    if (valeur.length > (TAILLE_MAX_LIEN * 4) / 3 + 8) throw erreurTaille();
    let octets;
    try {
      octets = depuisBase64url(valeur.slice(2));
      if (mode === "z.") {
        if (typeof DecompressionStream !== "function") {
          throw new Error("Ce navigateur ne sait pas décompresser le lien de partage.");
        }
        octets = await decompresserBorne(octets, TAILLE_MAX_LIEN);
      } else if (mode !== "t.") {
        throw new Error("format inconnu");
      }
      if (octets.length > TAILLE_MAX_LIEN) throw erreurTaille();
      return new TextDecoder("utf-8", { fatal: true }).decode(octets);
    } catch (e) {
      if (e instanceof LienTropGros) throw e;
      throw new Error("Le lien de partage est incomplet ou abîmé : la liste n'a pas pu être restaurée.");
    }
  }

  // --- A shared list carries the player's own cards (Khârn-Âges) -------------------------------
  // Profile cards are not in the book: a list names cards of the catalogue loaded on the page. A
  // link must give a friend the same verdict without touching the friend's catalogue, so the cards
  // the list uses are written into the shared list itself (`profils:`, `equipements:`, `sorts:`),
  // where an item replaces the catalogue's item of the same id, for that list only.

  const COLLECTIONS_CARTES = ["profils", "equipements", "sorts"];
  const estObjet = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

  function chaines(valeur, sortie) {
    if (typeof valeur === "string") sortie.add(valeur);
    else if (Array.isArray(valeur)) valeur.forEach((v) => chaines(v, sortie));
    else if (estObjet(valeur)) Object.values(valeur).forEach((v) => chaines(v, sortie));
    return sortie;
  }

  /**
   * The catalogue's cards a list names, and the cards those name (a profile's base equipment…):
   * {profils: [...], equipements: [...], sorts: [...]}, without the items the list writes itself.
   */
  function cartesUtilisees(liste, catalogue) {
    const ajout = {};
    const propres = {};
    for (const k of COLLECTIONS_CARTES) {
      ajout[k] = [];
      propres[k] = new Set((Array.isArray(liste[k]) ? liste[k] : []).filter(estObjet).map((x) => x.id));
    }
    let noms = chaines(liste, new Set());
    while (noms.size) {
      const suivants = new Set();
      for (const k of COLLECTIONS_CARTES) {
        for (const x of Array.isArray(catalogue[k]) ? catalogue[k] : []) {
          if (!estObjet(x) || typeof x.id !== "string" || !noms.has(x.id) || propres[k].has(x.id)) continue;
          propres[k].add(x.id);
          ajout[k].push(x);
          chaines(x, suivants);
        }
      }
      noms = suivants;
    }
    return ajout;
  }

  /**
   * The text a share link carries: the list, plus the cards of the loaded catalogue it uses (read by
   * the engine: `moteur.valider` gives each document as parsed). Returns {texte, cartes: count}.
   */
  async function avecCartes(moteur, jeu, texte, catalogueTexte) {
    if (typeof catalogueTexte !== "string" || !catalogueTexte.trim()) return { texte, cartes: 0 };
    let liste;
    let catalogue;
    try {
      [liste, catalogue] = (await Promise.all([moteur.valider(jeu, texte), moteur.valider(jeu, catalogueTexte)])).map((r) => r && r.liste);
    } catch (e) {
      return { texte, cartes: 0 };
    }
    if (!estObjet(liste) || !estObjet(catalogue)) return { texte, cartes: 0 };
    const ajout = cartesUtilisees(liste, catalogue);
    const n = COLLECTIONS_CARTES.reduce((t, k) => t + ajout[k].length, 0);
    if (!n) return { texte, cartes: 0 };
    // Key order as in the list format: the cards before the entries. A collection that is not an
    // array stays as written (the engine reports it, for the friend as for the player).
    const sortie = {};
    let poses = false;
    const poserCartes = () => {
      poses = true;
      for (const k of COLLECTIONS_CARTES) {
        if (k in liste && !Array.isArray(liste[k])) sortie[k] = liste[k];
        else if (ajout[k].length || k in liste) sortie[k] = [...(liste[k] || []), ...ajout[k]];
      }
    };
    for (const [k, v] of Object.entries(liste)) {
      if (!poses && (k === "entrees" || COLLECTIONS_CARTES.includes(k))) poserCartes();
      if (!COLLECTIONS_CARTES.includes(k)) sortie[k] = v;
    }
    if (!poses) poserCartes();
    const tete = "# Liste partagée avec les cartes de son catalogue qu'elle utilise (profils, équipements, sorts).\n";
    return { texte: tete + versYaml(sortie, 0) + "\n", cartes: n };
  }

  // --- Export: YAML as typed, or converted from JSON ---------------------------------------

  const RESERVES = /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|y|Y|n|N)$/;
  const NOMBRE = /^[-+]?(?:\.?[0-9][0-9_.]*(?:[eE][-+]?[0-9]+)?|\.inf|\.Inf|\.INF|\.nan|\.NaN|\.NAN|0x[0-9a-fA-F]+|0o[0-7]+)$/;

  function scalaireYaml(valeur) {
    if (valeur === null) return "null";
    if (typeof valeur === "boolean" || typeof valeur === "number") return String(valeur);
    const texte = String(valeur);
    const simple =
      texte.length > 0 &&
      /^[\p{L}\p{N}_(][\p{L}\p{N} _'’.,()/+-]*$/u.test(texte) &&
      !/\s$/.test(texte) &&
      !RESERVES.test(texte) &&
      !NOMBRE.test(texte);
    return simple ? texte : JSON.stringify(texte);
  }

  function versYaml(valeur, retrait) {
    const espace = " ".repeat(retrait);
    if (Array.isArray(valeur)) {
      if (valeur.length === 0) return "[]";
      return valeur
        .map((element) => {
          const interne = versYaml(element, retrait + 2);
          const bloc = element !== null && typeof element === "object" && Object.keys(element).length > 0;
          return espace + "- " + (bloc ? interne.trimStart() : interne);
        })
        .join("\n");
    }
    if (valeur !== null && typeof valeur === "object") {
      const cles = Object.keys(valeur);
      if (cles.length === 0) return "{}";
      return cles
        .map((cle) => {
          const v = valeur[cle];
          const bloc = v !== null && typeof v === "object" && Object.keys(v).length > 0;
          const tete = espace + scalaireYaml(cle) + ":";
          return bloc ? tete + "\n" + versYaml(v, Array.isArray(v) ? retrait : retrait + 2) : tete + " " + versYaml(v, 0);
        })
        .join("\n");
    }
    return scalaireYaml(valeur);
  }

  function texteExport(texte) {
    const debut = texte.trimStart();
    if (debut.startsWith("{") || debut.startsWith("[")) {
      try {
        return "# Liste convertie depuis JSON par Compendium\n" + versYaml(JSON.parse(texte), 0) + "\n";
      } catch (e) {
        /* YAML flow style, or invalid JSON: export as typed */
      }
    }
    return texte.endsWith("\n") ? texte : texte + "\n";
  }

  function nomFichier(texte, jeu) {
    const m = /^nom:\s*["']?([^"'\n#]+)/m.exec(texte) || /"nom"\s*:\s*"([^"\n]+)"/.exec(texte);
    const base = m
      ? m[1]
          .normalize("NFD")
          .replace(/[\u0300-\u036f]/g, "")
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-+|-+$/g, "")
          .slice(0, 60)
      : "";
    return (base || "liste-" + jeu) + ".yaml";
  }

  window.Compendium = window.Compendium || {};
  window.Compendium.verifier = Object.assign(window.Compendium.verifier || {}, {
    PREFIXE, LienTropGros, lireStockage, ecrireStockage, encoderFragment, decoderFragment, versYaml, texteExport, nomFichier,
    cartesUtilisees, avecCartes,
  });
})();
