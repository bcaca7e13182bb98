// « Mon matériel »: what the book leaves out (a deck, a die's faces, cards), typed once per game
// and kept in this browser, for every tool of the game (odds page, odds of a list, builder).
// Loaded after moteur.js on every page that reads it; one store per game:
// `Compendium.materiel.pour(jeu)`. Nothing here is ever prefilled: an item exists once typed.
//
// Storage: localStorage "compendium.materiel.<jeu>" holds one document, also the export file:
//   {format: "compendium-materiel", version: 1, jeu, maj,
//    des: {cle: faces},            faces as typed: ["frapper", "", …] or [{symbole: "2"}, …]
//    paquets: {cle: sortes},       [{nom, nombre, jour: {lumiere, ombre}, nuit: {lumiere, ombre}}]
//    valeurs: {cle: {valeur, nom}}, a number printed on a card (a figure's dice, a Body's ATT)
//    catalogue: {nom, texte}}      the player's profile cards (Khârn-Âges), YAML or JSON text
// Keys (`cle`) are the `stockage` of the calculation parameters (else their id), as the engine's
// `cle_saisie`. Values are kept as typed (half-typed too), so that nothing typed is lost.
//
// Older keys, read once and then removed (after the new document is written):
//   compendium.des.<jeu>.<cle>, compendium.paquet.<jeu> (card by card), compendium.saisie.<jeu>.<cle>,
//   compendium.catalogue.<jeu>.
// A value that cannot be read is copied as it is to "<its key>.abime" (then ".abime-2"…), never
// over an earlier backup; what could be read is kept; a notice names the key and offers the value
// as a file. A refused write (full or disabled storage) keeps the material in memory for the
// visit and shows a notice, with « Exporter », until a write succeeds.
(function () {
  "use strict";
  if (window.Compendium && window.Compendium.materiel) return; // loaded twice (instant navigation)

  const C = () => window.Compendium;
  // The format and the storage primitives: materiel-format.js, loaded before this file.
  const {
    lireBrut, ecrireBrut, cles, verifier, lireElement, catalogue, vide, pourExport, sortesDesCartes, anciennes,
    PREFIXE, SUFFIXE_ABIME, FORMAT, GENRES, ANCIENS, MAX_FICHIER,
  } = window.Compendium.materielFormat;

  const estObjet = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const maintenant = () => new Date().toISOString();

  // --- The store of one game --------------------------------------------------------------------------

  class Materiel extends EventTarget {
    constructor(jeu) {
      super();
      this.jeu = jeu;
      this.cle = PREFIXE + jeu;
      this.doc = vide(jeu);
      this.echec = false; // the last write was refused
      this.bloque = false; // a damaged value could not be set aside: it is never written over
      this.abimes = []; // [{cle (where it is now), brut, deCote}]
      this.conteneurs = new Set();
      this.actions = {};
      this.avantImport = null;
      this.charger();
      this.deCoteAvant();
      window.addEventListener("storage", (e) => {
        if (e.key !== null && e.key !== this.cle) return;
        this.charger();
        this.emettre({ genre: "*", cle: null, source: "autre-onglet" });
      });
    }

    /** Read the stored document (setting a damaged one aside), then take in the older keys. */
    charger() {
      const brut = lireBrut(this.cle);
      let doc = vide(this.jeu);
      let abime = false;
      if (brut !== null) {
        let v;
        try {
          v = JSON.parse(brut);
        } catch (e) {
          abime = true;
        }
        if (!abime) {
          const { doc: lu, rejets } = verifier(v, this.jeu);
          if (lu) doc = lu;
          abime = !lu || rejets.length > 0;
        }
      }
      this.doc = doc;
      if (abime && !this.mettreDeCote(this.cle, brut)) this.bloque = true;
      const { elements, lues, illisibles } = anciennes(this.jeu);
      for (const { cle, brut: b } of illisibles) this.mettreDeCote(cle, b, true);
      let ajoute = false;
      for (const [genre, cle, valeur] of elements) {
        if (genre === "catalogue") {
          if (!this.doc.catalogue) {
            this.doc.catalogue = valeur;
            ajoute = true;
          }
        } else if (!(cle in this.doc[genre])) {
          this.doc[genre][cle] = valeur;
          ajoute = true;
        }
      }
      if ((ajoute || abime || lues.length) && this.enregistrer()) {
        // The older keys go only once their values are safe in the new document.
        for (const cle of lues) ecrireBrut(cle, null);
      }
    }

    /** Keep a value that cannot be read under a backup key (never over an earlier one). */
    mettreDeCote(cle, brut, retirer) {
      if (brut === null) return;
      let cible = cle + SUFFIXE_ABIME;
      for (let n = 2; lireBrut(cible) !== null && lireBrut(cible) !== brut; n++) cible = cle + SUFFIXE_ABIME + "-" + n;
      const deCote = ecrireBrut(cible, brut);
      if (deCote && retirer) ecrireBrut(cle, null);
      this.abimes.push({ cle: deCote ? cible : cle, origine: cle, brut, deCote });
      this.dessinerAvis();
      return deCote;
    }

    /** Values set aside on an earlier visit, still in storage: shown until the player deletes them. */
    deCoteAvant() {
      const racines = [this.cle, ANCIENS.paquet + this.jeu, ANCIENS.catalogue + this.jeu];
      const des = ANCIENS.des + this.jeu + ".";
      for (const cle of cles()) {
        const i = cle.indexOf(SUFFIXE_ABIME);
        if (i < 0 || !(racines.includes(cle.slice(0, i)) || cle.startsWith(des))) continue;
        if (this.abimes.some((a) => a.cle === cle)) continue;
        this.abimes.push({ cle, origine: cle.slice(0, i), brut: lireBrut(cle) || "", deCote: true });
      }
      if (this.abimes.length) this.dessinerAvis();
    }

    enregistrer() {
      this.doc.maj = maintenant();
      const ok = !this.bloque && ecrireBrut(this.cle, JSON.stringify(this.doc));
      if (ok !== !this.echec) {
        this.echec = !ok;
        this.dessinerAvis();
      }
      return ok;
    }

    emettre(detail) {
      this.dispatchEvent(new CustomEvent("change", { detail }));
    }

    // --- What the editors and the tools call ---

    /** A copy of an item: lire("des", "de-hate"), lire("catalogue"); undefined when not typed. */
    lire(genre, cle) {
      const v = genre === "catalogue" ? this.doc.catalogue : this.doc[genre] && this.doc[genre][cle];
      return v === undefined ? undefined : structuredClone(v);
    }

    /**
     * Keep an item (null or an empty list removes it), then tell every reader but `source`.
     * Returns false when the browser refused the write (the item stays for this visit; a notice says so).
     */
    ecrire(genre, cle, valeur, source) {
      const retirer = valeur === null || valeur === undefined || (Array.isArray(valeur) && valeur.length === 0);
      let lu = null;
      if (!retirer) {
        lu = genre === "catalogue" ? catalogue(valeur) : lireElement(genre, valeur);
        if (lu === null) return false;
      }
      if (genre === "catalogue") {
        if (JSON.stringify(this.doc.catalogue || null) === JSON.stringify(lu)) return !this.echec;
        if (retirer) delete this.doc.catalogue;
        else this.doc.catalogue = lu;
      } else {
        if (JSON.stringify(this.doc[genre][cle] === undefined ? null : this.doc[genre][cle]) === JSON.stringify(lu)) return !this.echec;
        if (retirer) delete this.doc[genre][cle];
        else this.doc[genre][cle] = lu;
      }
      const ok = this.enregistrer();
      this.emettre({ genre, cle, source });
      return ok;
    }

    /** Name a value (« Prince : dés d'attaque ») without changing it. */
    nommer(cle, nom) {
      const v = this.doc.valeurs[cle];
      if (!v || !nom || v.nom === nom) return;
      v.nom = String(nom).slice(0, 200);
      this.enregistrer();
    }

    /** True when nothing is typed yet. */
    estVide() {
      return !this.doc.catalogue && GENRES.every((g) => Object.keys(this.doc[g]).length === 0);
    }

    /** The material as the text of a file (JSON), typed whole numbers written as numbers. */
    texteExport() {
      return JSON.stringify(pourExport(this.doc), null, 2) + "\n";
    }

    nomFichier() {
      return `materiel-${this.jeu}.json`;
    }

    /**
     * A file's text: a material document of this game (each of its items replaces the one with the
     * same key; items it lacks stay). Returns {ok, message, remplaces: [..], ajoutes: [..]}.
     * `autre(texte, nom)` may take a file that is not a material document (a catalogue): it
     * returns a message, or null to refuse it.
     */
    importer(texte, nomFichier, autre) {
      if (typeof texte !== "string" || texte.length > MAX_FICHIER) {
        return { ok: false, message: "Fichier trop volumineux pour du matériel (4 Mo au plus)." };
      }
      let v;
      try {
        v = JSON.parse(texte.replace(/^\uFEFF/, ""));
      } catch (e) {
        v = undefined;
      }
      const materiel = estObjet(v) && v.format === FORMAT;
      if (!materiel && autre) {
        const message = autre(texte, nomFichier);
        if (message) return { ok: true, message, remplaces: [], ajoutes: [] };
      }
      if (v === undefined) {
        return { ok: false, message: `« ${nomFichier} » n'est pas un fichier de matériel : un fichier JSON exporté par « Mon matériel » est attendu.` };
      }
      const { doc, rejets, autreJeu } = verifier(v, this.jeu);
      if (!materiel || !doc) {
        const raison = autreJeu ? `c'est le matériel d'un autre jeu (« ${autreJeu} »)` : rejets[0] || "format inconnu";
        return { ok: false, message: `« ${nomFichier} » n'a pas été importé : ${raison}. Rien n'a changé.` };
      }
      if (rejets.length) {
        return { ok: false, message: `« ${nomFichier} » n'a pas été importé : ${rejets.slice(0, 3).join(" ; ")}. Rien n'a changé.` };
      }
      this.avantImport = structuredClone(this.doc);
      const remplaces = [];
      const ajoutes = [];
      for (const genre of GENRES) {
        for (const [cle, val] of Object.entries(doc[genre])) {
          (cle in this.doc[genre] ? remplaces : ajoutes).push([genre, cle]);
          this.doc[genre][cle] = val;
        }
      }
      if (doc.catalogue) {
        (this.doc.catalogue ? remplaces : ajoutes).push(["catalogue", ""]);
        this.doc.catalogue = doc.catalogue;
      }
      const n = remplaces.length + ajoutes.length;
      if (!n) return { ok: true, message: `« ${nomFichier} » ne contient aucun matériel : rien n'a changé.`, remplaces, ajoutes };
      this.enregistrer();
      this.emettre({ genre: "*", cle: null, source: "import" });
      return { ok: true, message: `« ${nomFichier} » importé : ${n} élément${n > 1 ? "s" : ""}` +
        (remplaces.length ? ` (dont ${remplaces.length} remplacé${remplaces.length > 1 ? "s" : ""})` : "") + ".", remplaces, ajoutes };
    }

    /** Back to the material as it was before the last import of this visit. */
    annulerImport() {
      if (!this.avantImport) return false;
      this.doc = this.avantImport;
      this.avantImport = null;
      this.enregistrer();
      this.emettre({ genre: "*", cle: null, source: "import" });
      return true;
    }

    // --- Notices ---

    /** Show the notices (damaged storage, refused writes) in `conteneur`; actions: {exporter()}. */
    attacher(conteneur, actions) {
      this.conteneurs.add(conteneur);
      if (actions) this.actions = actions;
      this.dessinerAvis();
    }

    dessinerAvis() {
      const { el } = C();
      for (const conteneur of this.conteneurs) {
        if (!conteneur.isConnected) {
          this.conteneurs.delete(conteneur);
          continue;
        }
        const bouton = (texte, role, action) =>
          el("button", { type: "button", classe: "md-button cpd-petit-bouton", "data-role": role, onclick: action }, texte);
        const avis = (genre, titre, texte, ...boutons) =>
          el("div", { classe: "cpd-avis-liste cpd-avis-liste--" + genre, role: "alert", "data-role": "materiel-avis-" + genre },
            el("p", { classe: "cpd-avis-titre" }, titre), el("p", {}, ...[texte].flat()),
            el("p", { classe: "cpd-avis-actions" }, ...boutons));
        const blocs = [];
        if (this.echec) {
          blocs.push(avis("stockage", "Votre matériel n'est pas gardé dans ce navigateur",
            "Le navigateur a refusé de l'enregistrer (stockage plein ou désactivé) : il sert dans cet onglet, mais serait " +
            "perdu en le fermant. Exportez-le dans un fichier ; cet avis disparaît dès qu'il est enregistré.",
            bouton("Exporter mon matériel", "materiel-avis-exporter", () => telecharger(this.texteExport(), this.nomFichier(), "application/json"))));
        }
        this.abimes.forEach((a, i) => {
          const ou = a.deCote
            ? ["Rien n'est effacé : la valeur d'origine est mise de côté telle quelle dans le stockage de ce navigateur, sous la clé « ",
              el("code", {}, a.cle), " ». Ce qui a pu être lu est repris ci-dessous."]
            : ["Elle n'a pas pu être mise de côté (stockage plein) : elle reste en place, sous la clé « ", el("code", {}, a.cle),
              " », et ce que vous saisissez pendant cette visite n'est pas enregistré : exportez-le dans un fichier."];
          blocs.push(avis("abime", "Une partie de votre matériel gardé dans ce navigateur était abîmée", ou,
            bouton("Télécharger la valeur mise de côté", "materiel-avis-telecharger", () => telecharger(a.brut, `materiel-abime-${this.jeu}.txt`, "text/plain")),
            a.deCote
              ? bouton("Supprimer la copie mise de côté", "materiel-avis-supprimer", () => {
                ecrireBrut(a.cle, null);
                this.abimes.splice(i, 1);
                this.dessinerAvis();
              })
              : bouton("Fermer", "materiel-avis-fermer", () => {
                this.abimes.splice(i, 1);
                this.dessinerAvis();
              })));
        });
        conteneur.replaceChildren(...blocs);
        conteneur.hidden = blocs.length === 0;
      }
    }
  }

  function telecharger(texte, nom, type) {
    const { el } = C();
    const url = URL.createObjectURL(new Blob([texte], { type: `${type};charset=utf-8` }));
    const a = el("a", { href: url, download: nom, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // --- Tool pages: an item read from « Mon matériel », its editor folded away once complete -------------

  let cadresFaits = 0;

  /**
   * Frame an editor drawn on a tool page: one line saying what the item holds and where it is kept
   * (a link to « Mon matériel » when the page gives one: `data-materiel` on an ancestor), and a
   * button that shows or hides the editor, shown while the item is incomplete. Returns
   * {corps, maj(message, complet)}: draw the editor into `corps`; call maj after each change.
   */
  /** The link to an item of « Mon matériel » from a node of a tool page (`data-materiel` on an ancestor), or null. */
  function lien(noeud, ancre) {
    const porteur = noeud.closest("[data-materiel]");
    return porteur && porteur.dataset.materiel ? porteur.dataset.materiel + (ancre ? "#" + encodeURIComponent(ancre) : "") : null;
  }

  function cadre(conteneur, nom, ancre) {
    const { el } = C();
    const url = lien(conteneur, ancre);
    conteneur.dataset.materielCle = ancre || "";
    const id = `cpd-materiel-corps-${++cadresFaits}`;
    const etat = el("span", { "data-role": "materiel-etat" });
    const bouton = el("button", { type: "button", classe: "cpd-lien-bouton cpd-materiel-bascule", "aria-expanded": "false",
      "aria-controls": id, "data-role": "materiel-modifier" }, "Modifier ici");
    const ligne = el("p", { classe: "cpd-materiel-ligne", "data-role": "materiel-ligne" }, etat, " ",
      url ? [el("a", { href: url, "data-role": "materiel-lien", "aria-label": `${nom} dans « Mon matériel »` }, "Mon matériel"), " · "] : null,
      bouton);
    const corps = el("div", { classe: "cpd-materiel-corps", id, hidden: true });
    const ouvrir = (oui) => {
      corps.hidden = !oui;
      bouton.setAttribute("aria-expanded", String(oui));
    };
    bouton.addEventListener("click", () => ouvrir(corps.hidden));
    conteneur.replaceChildren(ligne, corps);
    let premier = true;
    return {
      corps,
      maj(message, complet) {
        etat.textContent = complet ? `${message}, gardé dans ${url ? "" : "ce navigateur"}` : message;
        conteneur.dataset.complet = complet ? "oui" : "non";
        bouton.textContent = complet ? "Modifier ici" : "Saisir ici";
        if (premier) ouvrir(!complet); // never folded under the player's hands afterwards
        premier = false;
      },
    };
  }

  const magasins = new Map();

  window.Compendium = window.Compendium || {};
  window.Compendium.materiel = {
    /** The material store of one game (one per page and game). */
    pour(jeu) {
      if (!magasins.has(jeu)) magasins.set(jeu, new Materiel(jeu));
      return magasins.get(jeu);
    },
    cadre,
    lien,
    telecharger,
    sortesDesCartes,
    PREFIXE,
    FORMAT,
  };
})();
