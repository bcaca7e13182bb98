// « Composer et vérifier »: the player's lists kept in this browser, so that nothing typed is lost
// (not by an example or a share link, not by a second tab, not by full or damaged storage).
// Loaded on the tool page before verifier.js and composer.js; one store per game:
// `Compendium.listesGardees.pour(jeu)`. Names typed by a player are written as text (Compendium.el).
//
// Storage:
//   localStorage   "compendium.listes.<jeu>"        {courante, listes: [{id, nom, texte, maj, rev, note?}]}
//                  (courante: the list opened last in any tab, for a new tab; rev: raised by each save)
//   localStorage   "compendium.liste.<jeu>"         the text view's text as typed last, in any tab
//   sessionStorage "compendium.liste.<jeu>"         this tab's text view text (reloads, Back)
//   sessionStorage "compendium.listes.<jeu>.onglet" {id, rev, texte, nom}: the list open in this tab
//                  and the version this tab read or wrote last
//   localStorage   "compendium.listes.<jeu>.abime"  a stored value that could not be read, set aside as is
//   localStorage   "compendium.rapport.<jeu>"       {texte, version, liste, rapport, totaux, maj}: the engine's last
//                  report on the builder's list, shown until the engine is ready (composer-reprise.js)
//
// Rules: each tab writes only the list it has open; a list another tab saved since this tab read it
// is never overwritten (this tab's version becomes a copy); an example, a link or a file opens as a
// list of its own; text that is in no saved list is kept as a list before the text view shows
// another one; a failed write is said until a write succeeds.
(function () {
  "use strict";

  const C = () => window.Compendium;
  const CLE_LISTES = "compendium.listes.";
  const CLE_TEXTE = "compendium.liste.";
  const SUFFIXE_ONGLET = ".onglet";
  const SUFFIXE_ABIME = ".abime";
  const SANS_NOM = "Liste sans nom";
  // A text holding only these lines is an empty list (the builder's « Nouvelle liste »): nothing to keep.
  const LIGNE_VIDE = /^\s*(?:#.*|(?:jeu|format|version_donnees)\s*:.*|entrees\s*:\s*\[\s*\]\s*(?:#.*)?)?$/;

  const estObjet = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const nouvelId = () => "l" + Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
  const maintenant = () => new Date().toISOString();

  // --- Browser storage: never throws ----------------------------------------------------------------

  function zone(nom) {
    try {
      return window[nom] || null;
    } catch (e) {
      return null; // storage disabled by the browser's settings
    }
  }

  function lireBrut(nom, cle) {
    try {
      const s = zone(nom);
      return s ? s.getItem(cle) : null;
    } catch (e) {
      return null;
    }
  }

  /** Write (null removes); false when the browser refused (full storage, private mode). */
  function ecrireBrut(nom, cle, valeur) {
    try {
      const s = zone(nom);
      if (!s) return false;
      if (valeur === null) s.removeItem(cle);
      else s.setItem(cle, valeur);
      return true;
    } catch (e) {
      return false;
    }
  }

  function lireJson(nom, cle) {
    try {
      return JSON.parse(lireBrut(nom, cle) || "null");
    } catch (e) {
      return null;
    }
  }

  // --- Reading the stored lists -------------------------------------------------------------------

  /**
   * The stored value, checked: each readable list is kept, anything else marks the value as
   * damaged (the caller sets the original aside before writing over it).
   */
  function nettoyer(brut) {
    const vide = { courante: null, listes: [] };
    if (brut === null) return { valeur: vide, abime: false };
    let v;
    try {
      v = JSON.parse(brut);
    } catch (e) {
      return { valeur: vide, abime: true };
    }
    if (v === null) return { valeur: vide, abime: false };
    if (!estObjet(v) || !Array.isArray(v.listes)) return { valeur: vide, abime: true };
    let abime = false;
    const ids = new Set();
    const listes = [];
    for (const x of v.listes) {
      if (!estObjet(x) || typeof x.texte !== "string") {
        abime = true;
        continue;
      }
      let id = typeof x.id === "string" && x.id && !ids.has(x.id) ? x.id : null;
      if (id === null) {
        abime = true;
        do id = nouvelId(); while (ids.has(id));
      }
      ids.add(id);
      const propre = { ...x, id, nom: typeof x.nom === "string" ? x.nom : "", texte: x.texte,
        maj: typeof x.maj === "string" ? x.maj : "", rev: Number.isInteger(x.rev) && x.rev >= 0 ? x.rev : 0 };
      if (typeof propre.note !== "string" || !propre.note) delete propre.note;
      listes.push(propre);
    }
    const courante = typeof v.courante === "string" && ids.has(v.courante) ? v.courante : null;
    return { valeur: { courante, listes }, abime };
  }

  /** The name shown among the saved lists: the list's name, and its note (« copie de 14:03 »). */
  function nomAffiche(x) {
    const nom = x && typeof x.nom === "string" && x.nom.trim() ? x.nom.trim() : SANS_NOM;
    return x && x.note ? `${nom} (${x.note})` : nom;
  }

  /** The `nom:` of a YAML or JSON list, read without parsing it (a text that does not read has one too). */
  function nomDuTexte(texte) {
    const m = /^nom:\s*["']?([^"'\n#]+)/m.exec(texte) || /"nom"\s*:\s*"([^"\n]+)"/.exec(texte);
    return m ? m[1].trim().slice(0, 120) : "";
  }

  /** A text worth nothing as a list: blank, or an empty list with only a game and a format. */
  function sansContenu(texte) {
    return typeof texte !== "string" || !texte.trim() || texte.split(/\r?\n/).every((l) => LIGNE_VIDE.test(l));
  }

  // --- The store of one game ----------------------------------------------------------------------

  class Gardees extends EventTarget {
    constructor(jeu) {
      super();
      this.jeu = jeu;
      this.cle = CLE_LISTES + jeu;
      this.cleTexte = CLE_TEXTE + jeu;
      this.cleOnglet = this.cle + SUFFIXE_ONGLET;
      this.echecs = new Set(); // "listes", "texte": writes the browser refused, until one succeeds
      this.avis = new Map(); // notices shown to the player: abime, conflit, externe
      this.bloque = false; // a damaged value could not be set aside: it is never written over
      this.memoire = null; // the lists of this visit while `bloque`
      this.source = () => null; // the text view's text when it holds something worth keeping
      this.actions = {};
      this.conteneur = null;
      this.signature = null;
      const o = lireJson("sessionStorage", this.cleOnglet);
      this.onglet = estObjet(o) && (typeof o.id === "string" || o.id === null)
        ? { id: o.id, rev: Number.isInteger(o.rev) ? o.rev : 0, texte: typeof o.texte === "string" ? o.texte : null,
          nom: typeof o.nom === "string" ? o.nom : "" }
        : null;
      this.lire(); // a damaged value is set aside at once
      window.addEventListener("storage", (e) => this.surStockage(e));
      this.addEventListener("avis", () => this.dessinerAvis());
    }

    // --- Reading and writing ---

    lire() {
      if (this.bloque) return structuredClone(this.memoire);
      const brut = lireBrut("localStorage", this.cle);
      const { valeur, abime } = nettoyer(brut);
      if (abime) this.mettreDeCoteAbime(brut, valeur);
      return valeur;
    }

    /** Keep a value that cannot be read under a backup key, then start from what could be read. */
    mettreDeCoteAbime(brut, valeur) {
      let cle = this.cle + SUFFIXE_ABIME;
      for (let n = 2; lireBrut("localStorage", cle) !== null && lireBrut("localStorage", cle) !== brut; n++) {
        cle = this.cle + SUFFIXE_ABIME + "-" + n;
      }
      const deCote = ecrireBrut("localStorage", cle, brut);
      if (deCote) ecrireBrut("localStorage", this.cle, JSON.stringify(valeur));
      else {
        this.bloque = true;
        this.memoire = structuredClone(valeur);
      }
      this.avis.set("abime", { cle: deCote ? cle : this.cle, brut, reprises: valeur.listes.length, deCote });
      this.signaler();
    }

    ecrireListes(valeur) {
      let ok = false;
      if (this.bloque) this.memoire = structuredClone(valeur);
      else ok = ecrireBrut("localStorage", this.cle, JSON.stringify(valeur));
      this.echec("listes", !ok);
      this.emettre("change");
      return ok;
    }

    echec(canal, oui) {
      const avant = this.echecs.size;
      if (oui) this.echecs.add(canal);
      else this.echecs.delete(canal);
      if (avant !== this.echecs.size) this.signaler();
    }

    /** This tab now follows `x` as saved (id, revision, text). */
    suivre(x) {
      this.onglet = x ? { id: x.id, rev: x.rev, texte: x.texte, nom: nomAffiche(x) } : null;
      ecrireBrut("sessionStorage", this.cleOnglet, this.onglet ? JSON.stringify(this.onglet) : null);
    }

    emettre(type, detail) {
      this.dispatchEvent(new CustomEvent(type, { detail }));
    }

    signaler() {
      this.emettre("avis");
    }

    // --- What the builder and the text view call ---

    /** The saved lists, for the picker: [{id, nom (as shown), maj}]. */
    toutes() {
      return this.lire().listes.map((x) => ({ id: x.id, nom: nomAffiche(x), maj: x.maj }));
    }

    /** The id of the list open in this tab, or null (a new list, saved at its first useful change). */
    ouverte() {
      return this.onglet && this.onglet.id ? this.onglet.id : null;
    }

    /**
     * Save `texte` as this tab's list (a new one if none is open). When another tab saved that
     * list since this tab read it, this tab's version goes to a copy, which this tab then follows.
     * Returns false when the browser refused the write (said in the notices).
     */
    garder(texte, nom) {
      const etat = this.lire();
      const id = this.ouverte();
      const i = id ? etat.listes.findIndex((l) => l.id === id) : -1;
      let x = i >= 0 ? etat.listes[i] : null;
      if (x && x.texte === texte && x.nom === nom) {
        if (x.rev !== this.onglet.rev) this.suivre(x);
        this.echec("listes", false);
        return true;
      }
      if (x && x.rev !== this.onglet.rev && x.texte !== texte) {
        const heure = new Date().toLocaleTimeString("fr-FR", { hour: "2-digit", minute: "2-digit" });
        const copie = { id: nouvelId(), nom, texte, maj: maintenant(), rev: 1, note: "copie de " + heure };
        etat.listes.splice(i + 1, 0, copie);
        this.avis.set("conflit", { original: nomAffiche(x), copie: nomAffiche(copie) });
        this.avis.delete("externe");
        this.signaler();
        x = copie;
      } else if (x) {
        Object.assign(x, { nom, texte, maj: maintenant(), rev: x.rev + 1 });
      } else {
        // A new list, or this tab's list was deleted in another tab or never written (full storage).
        x = { id: id || nouvelId(), nom, texte, maj: maintenant(), rev: 1 };
        etat.listes.push(x);
      }
      etat.courante = x.id;
      const ok = this.ecrireListes(etat);
      if (ok) this.suivre(x);
      else this.onglet = { id: x.id, rev: this.onglet && this.onglet.id === x.id ? this.onglet.rev : 0, texte: this.onglet ? this.onglet.texte : null, nom: nomAffiche(x) };
      return ok;
    }

    /** « Nouvelle liste »: this tab leaves its list (kept as it is); the next useful change makes a new one. */
    nouvelle() {
      this.mettreDeCote();
      this.suivre(null);
      this.avis.delete("externe");
      this.signaler();
      this.emettre("change");
    }

    /** Open a saved list in this tab; returns {id, nom, texte} or null when it is gone. */
    ouvrir(id) {
      this.mettreDeCote();
      const etat = this.lire();
      const x = etat.listes.find((l) => l.id === id);
      if (!x) return null;
      etat.courante = x.id;
      if (!this.bloque) ecrireBrut("localStorage", this.cle, JSON.stringify(etat)); // only « courante »: no notice
      this.suivre(x);
      this.avis.delete("externe");
      this.signaler();
      this.emettre("change");
      return { id: x.id, nom: nomAffiche(x), texte: x.texte };
    }

    /**
     * An example, a share link or a file: it opens as a list of its own (the saved list holding
     * exactly this text, else a new one); the list open before stays as it was.
     */
    ouvrirTexte(texte, nom) {
      this.mettreDeCote();
      const etat = this.lire();
      let x = etat.listes.find((l) => l.texte === texte);
      if (!x) {
        x = { id: nouvelId(), nom: nomDuTexte(texte) || nom || SANS_NOM, texte, maj: maintenant(), rev: 1 };
        etat.listes.push(x);
      }
      etat.courante = x.id;
      if (this.ecrireListes(etat)) this.suivre(x);
      else this.onglet = { id: x.id, rev: 0, texte: null, nom: nomAffiche(x) };
      this.avis.delete("externe");
      this.signaler();
      return { id: x.id, nom: nomAffiche(x), texte: x.texte };
    }

    /**
     * Before the text view shows another list: its text, if it is in no saved list and is not the
     * version this tab saved last, becomes a saved list (a text that does not read, a list never saved).
     */
    mettreDeCote() {
      const texte = this.source();
      if (sansContenu(texte) || (this.onglet && this.onglet.texte === texte)) return;
      const etat = this.lire();
      if (etat.listes.some((l) => l.texte === texte)) return;
      etat.listes.push({ id: nouvelId(), nom: nomDuTexte(texte) || SANS_NOM, texte, maj: maintenant(), rev: 1, note: "gardée telle quelle" });
      this.ecrireListes(etat);
    }

    /** Remove a saved list; returns it (for « Rétablir ») or null. */
    supprimer(id) {
      const etat = this.lire();
      const x = etat.listes.find((l) => l.id === id);
      if (!x) return null;
      etat.listes = etat.listes.filter((l) => l.id !== id);
      if (etat.courante === id) etat.courante = null;
      // The deleted list stays on screen; its text is not « unsaved » (it was deleted on purpose).
      if (this.ouverte() === id) this.onglet = { id: null, rev: 0, texte: x.texte, nom: "" };
      this.ecrireListes(etat);
      return { ...x, nom: nomAffiche(x), original: x };
    }

    retablir(supprimee) {
      const etat = this.lire();
      const x = supprimee && supprimee.original;
      if (!x || etat.listes.some((l) => l.id === x.id)) return;
      etat.listes.push(x);
      this.ecrireListes(etat);
    }

    /** The text view's text: kept for this tab (reloads) and for a new tab of this browser. */
    garderTexte(texte) {
      ecrireBrut("sessionStorage", this.cleTexte, texte);
      this.echec("texte", !ecrireBrut("localStorage", this.cleTexte, texte === "" ? null : texte));
    }

    /**
     * The text the text view starts with: this tab's own (after a reload), else the text typed last
     * in this browser, whose saved list this tab then opens.
     */
    texteDepart() {
      const session = lireBrut("sessionStorage", this.cleTexte);
      const etat = this.lire();
      if (this.ouverte()) {
        const x = etat.listes.find((l) => l.id === this.onglet.id);
        if (x && x.rev !== this.onglet.rev && x.texte !== this.onglet.texte) {
          // Another tab saved this list since: follow it when this tab had nothing of its own.
          if (session === null || session === this.onglet.texte) {
            this.suivre(x);
            return x.texte;
          }
          this.avis.set("externe", { id: x.id, nom: nomAffiche(x) });
          this.signaler();
        }
        return session !== null ? session : x ? x.texte : null;
      }
      if (session !== null || this.onglet) return session;
      const dernier = lireBrut("localStorage", this.cleTexte);
      if (dernier === null) return null;
      const x = etat.listes.find((l) => l.id === etat.courante && l.texte === dernier) || etat.listes.find((l) => l.texte === dernier);
      if (x) this.suivre(x);
      return dernier;
    }

    /** Another tab changed the saved lists: redraw, and say when it is the list open here. */
    surStockage(e) {
      if (e.key !== null && e.key !== this.cle) return;
      const etat = this.lire();
      const id = this.ouverte();
      if (id) {
        const x = etat.listes.find((l) => l.id === id);
        if (!x) this.avis.set("externe", { id: null, nom: this.onglet.nom });
        else if (x.rev !== this.onglet.rev && x.texte !== this.onglet.texte) this.avis.set("externe", { id, nom: nomAffiche(x) });
        else if (x.rev !== this.onglet.rev) this.suivre(x); // the same text: nothing to tell
        this.signaler();
      }
      this.emettre("change");
    }

    // --- Notices ---

    /** Show the notices in `conteneur`; actions: exporter() (the list as a file), afficher(texte). */
    attacher(conteneur, actions) {
      this.conteneur = conteneur;
      this.actions = actions || {};
      this.signature = null;
      this.dessinerAvis();
    }

    dessinerAvis() {
      if (!this.conteneur) return;
      const signature = JSON.stringify([[...this.echecs].length > 0, [...this.avis.entries()].map(([k, v]) => [k, { ...v, brut: undefined }])]);
      if (signature === this.signature) return;
      this.signature = signature;
      const { el } = C();
      const bouton = (texte, role, action) =>
        el("button", { type: "button", classe: "md-button cpd-petit-bouton", "data-role": role, onclick: action }, texte);
      const fermer = (genre) => bouton("Fermer", "avis-fermer", () => {
        this.avis.delete(genre);
        this.signaler();
      });
      const avis = (genre, role, titre, texte, ...boutons) =>
        el("div", { classe: "cpd-avis-liste cpd-avis-liste--" + genre, role, "data-role": "avis-" + genre },
          el("p", { classe: "cpd-avis-titre" }, titre), el("p", {}, ...[texte].flat()),
          el("p", { classe: "cpd-avis-actions" }, ...boutons));
      const blocs = [];
      if (this.echecs.size) {
        blocs.push(avis("stockage", "alert", "Cette liste n'est pas gardée dans ce navigateur",
          "Le navigateur a refusé de l'enregistrer (stockage plein ou désactivé) : elle reste dans cet onglet, " +
          "mais serait perdue en le fermant. Exportez-la dans un fichier, ou libérez de la place en supprimant " +
          "des listes gardées ; cet avis disparaît dès que la liste est enregistrée.",
          bouton("Exporter la liste dans un fichier", "avis-exporter", () => this.actions.exporter && this.actions.exporter())));
      }
      const abime = this.avis.get("abime");
      if (abime) {
        const n = abime.reprises;
        const reprises = n ? ` ${n} liste${n > 1 ? "s" : ""} lisible${n > 1 ? "s ont" : " a"} été reprise${n > 1 ? "s" : ""}.` : "";
        const ou = abime.deCote
          ? ["Rien n'est effacé : la valeur d'origine est mise de côté telle quelle dans le stockage de ce navigateur, sous la clé « ",
            el("code", {}, abime.cle), " »." + reprises]
          : ["Elle n'a pas pu être mise de côté (stockage plein) : elle reste en place, sous la clé « ", el("code", {}, abime.cle),
            " », et vos listes de cette visite ne sont pas enregistrées." + reprises];
        blocs.push(avis("abime", "alert", "Les listes gardées dans ce navigateur étaient abîmées", ou,
          bouton("Télécharger la valeur mise de côté", "avis-telecharger", () => telecharger(abime.brut, `listes-abimees-${this.jeu}.txt`)),
          fermer("abime")));
      }
      const conflit = this.avis.get("conflit");
      if (conflit) {
        blocs.push(avis("conflit", "alert", "Liste modifiée dans deux onglets",
          `« ${conflit.original} » a aussi été modifiée dans un autre onglet. Pour ne perdre aucune des deux versions, ` +
          `vos changements de cet onglet sont gardés dans une copie, « ${conflit.copie} », ouverte ici ; ` +
          `la version de l'autre onglet reste sous « ${conflit.original} ».`, fermer("conflit")));
      }
      const externe = this.avis.get("externe");
      if (externe) {
        blocs.push(externe.id
          ? avis("externe", "status", "Liste modifiée dans un autre onglet",
            `« ${externe.nom} » vient d'être modifiée dans un autre onglet. Si vous la changez ici, vos changements ` +
            "iront dans une copie : rien n'est perdu.",
            bouton("Afficher la version de l'autre onglet", "avis-afficher", () => {
              const x = this.ouvrir(externe.id);
              if (x && this.actions.afficher) this.actions.afficher(x.texte);
            }), fermer("externe"))
          : avis("externe", "status", "Liste supprimée dans un autre onglet",
            `« ${externe.nom} » a été supprimée dans un autre onglet. Elle reste affichée ici et sera gardée à nouveau ` +
            "à votre prochain changement.", fermer("externe")));
      }
      this.conteneur.replaceChildren(...blocs);
      this.conteneur.hidden = blocs.length === 0;
    }
  }

  function telecharger(texte, nom) {
    const { el } = C();
    const url = URL.createObjectURL(new Blob([texte], { type: "text/plain;charset=utf-8" }));
    const a = el("a", { href: url, download: nom, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  const magasins = new Map();

  window.Compendium = window.Compendium || {};
  window.Compendium.listesGardees = {
    /** The store of one game's saved lists (one per page and game). */
    pour(jeu) {
      if (!magasins.has(jeu)) magasins.set(jeu, new Gardees(jeu));
      return magasins.get(jeu);
    },
    nettoyer, nomAffiche, nomDuTexte, sansContenu, CLE_LISTES, CLE_TEXTE,
  };
})();
