// « Composer et vérifier », builder part: the list and its last report before the engine is ready
// (issue 35 §8). When the engine answers on the builder's list, the list, its report and the totals
// foreseen one tap away (composer-immediat.js) are saved in this browser, beside the saved lists
// (listes-gardees.js). At the next visit, while the engine starts, the builder draws that list from
// them, greyed under « Dernier rapport enregistré », and answers a tap from the saved totals; the
// engine's first report replaces them.
//
// Storage: localStorage "compendium.rapport.<jeu>" {texte, version, liste, rapport, totaux, maj}: one per
// game, for the text the text view had and the data version (a list opened or typed since, or other
// data, is read by the engine, as before).
// Loaded on the tool page only, before composer.js, which calls this part with the builder's
// shared state `b` (see the top of composer.js).
(function () {
  "use strict";

  const P = (window.Compendium.composerParties = window.Compendium.composerParties || {});
  const CLE = "compendium.rapport.";
  const CLE_APERCU = "compendium.apercu."; // + game id: the builder's picture (composer-apercu.js)
  const MAX_CARACTERES = 500 * 1024; // a larger report is not saved (storage is shared with the lists)
  const DELAI_MS = 800; // saved in the idle time after the last report, not at every one

  P.reprise = function (b) {
    const { el } = window.Compendium;
    const { estObjet, copie } = window.Compendium.composer;
    const cle = CLE + b.jeu;
    let enregistre = false; // the builder shows the saved report, not yet the engine's
    let minuteur = null;
    let note = null;
    // The game data's version: a report saved with other data is not shown.
    const versions = Array.isArray(b.donnees && b.donnees.versions) ? b.donnees.versions : [];
    const version = versions.length && estObjet(versions[versions.length - 1]) ? String(versions[versions.length - 1].version) : "";

    function lire() {
      try {
        const v = JSON.parse(window.localStorage.getItem(cle) || "null");
        return estObjet(v) && typeof v.texte === "string" && estObjet(v.liste) && estObjet(v.rapport) ? v : null;
      } catch (e) {
        return null;
      }
    }

    function garder() {
      clearTimeout(minuteur);
      minuteur = setTimeout(() => {
        if (b.aJour !== true || !estObjet(b.rapport) || !estObjet(b.liste) || b.texteEcrit !== b.zone.value) return;
        if (!Array.isArray(b.liste.entrees) || !b.liste.entrees.length) return;
        try {
          const texte = JSON.stringify({ texte: b.texteEcrit, version, liste: b.liste, rapport: b.rapport,
            totaux: b.totauxPrevus ? b.totauxPrevus() : [], maj: new Date().toISOString() });
          if (texte.length <= MAX_CARACTERES) window.localStorage.setItem(cle, texte);
          const ecrit = b.texteEcrit;
          // The picture when the page is idle, if the list is still the same and checked.
          (window.requestIdleCallback || setTimeout)(() => {
            if (b.texteEcrit === ecrit && b.aJour === true) garderApercu();
          });
        } catch (e) {
          /* full storage or private browsing: the list itself is kept by listes-gardees.js */
        }
      }, DELAI_MS);
    }

    /**
     * The builder as it looks now, for composer-apercu.js to draw at the next visit before anything
     * else: its HTML without the « Ajouter » catalogue and the repairs, with the
     * state of boxes, menus and fields written as attributes (a copy keeps only those).
     */
    function garderApercu() {
      const copieDom = b.contenu.cloneNode(true);
      const originaux = b.contenu.querySelectorAll("input, select, textarea");
      copieDom.querySelectorAll("input, select, textarea").forEach((x, i) => {
        const o = originaux[i];
        if (!o) return;
        if (x.tagName === "SELECT") {
          [...x.options].forEach((opt, j) => opt.toggleAttribute("selected", !!(o.options[j] && o.options[j].selected)));
        } else if (x.type === "checkbox" || x.type === "radio") x.toggleAttribute("checked", o.checked);
        else if (x.tagName === "TEXTAREA") x.textContent = o.value;
        else x.setAttribute("value", o.value);
        // Menus and typed fields wait for the builder; boxes and buttons are tapped again (composer-apercu.js).
        if (x.tagName !== "INPUT" || !["checkbox", "radio"].includes(x.type)) x.disabled = true;
      });
      for (const x of copieDom.querySelectorAll('[data-role="ajouter"] > *, [data-role="reparations-place"] > *')) x.remove();
      const html = copieDom.innerHTML;
      if (html.length > MAX_CARACTERES) return;
      try {
        window.localStorage.setItem(CLE_APERCU + b.jeu, JSON.stringify({ texte: b.texteEcrit, html, maj: new Date().toISOString() }));
      } catch (e) {
        /* full storage: no picture, the builder draws as before */
      }
    }

    function finir() {
      enregistre = false;
      delete b.section.dataset.rapportEnregistre;
      if (note) note.remove();
      note = null;
    }

    /**
     * At start, before the engine: the saved list of the text in the text view, with its last
     * report. `prendreListe` is composer.js's. False when nothing saved matches the text.
     */
    function reprendre(prendreListe) {
      const s = lire();
      if (!s || !b.zone.value.trim() || s.texte !== b.zone.value || s.version !== version) return false;
      prendreListe(copie(s.liste));
      const n = Array.isArray(b.liste.entrees) ? b.liste.entrees.length : 0;
      b.ouverte = n > 0 && n <= 3 ? 0 : null;
      Object.assign(b, { rapport: s.rapport, texteEcrit: b.zone.value, texteLu: b.zone.value, aJour: true, illisible: null });
      if (b.retenirPrevisions) b.retenirPrevisions(s.totaux);
      enregistre = true;
      b.section.dataset.rapportEnregistre = "oui";
      // The note of the first picture (composer-apercu.js) stays; otherwise it is added now.
      note = b.section.querySelector('[data-role="rapport-enregistre"]') || el("p", { classe: "cpd-aide cpd-rapport-enregistre", "data-role": "rapport-enregistre" },
        "Dernier rapport enregistré : le moteur vérifie à nouveau la liste dès qu'il est prêt.");
      if (!note.isConnected) b.contenu.before(note);
      return true;
    }

    // --- The loading line of composer-apercu.js: the builder drawn, then the engine's first check ---
    const apercu = window.Compendium.composerApercu || null;
    let premierDessin = true;
    let suivi = null;
    let fini = false;
    function charge() {
      fini = true;
      if (suivi) suivi();
      suivi = null;
      if (apercu) apercu.fin();
    }
    function premier() {
      premierDessin = false;
      if (!enregistre) {
        const vieille = b.section.querySelector('[data-role="rapport-enregistre"]');
        if (vieille) vieille.remove();
        delete b.section.dataset.rapportEnregistre;
      }
      if (!apercu) return;
      apercu.remplace(); // a tap on the picture is tapped again on the builder
      if (b.api.rapport() || !b.zone.value.trim()) {
        if (b.moteur.etat && b.moteur.etat.pret) return charge();
      }
      suivi = b.moteur.suivre((etat) => {
        if (fini) return;
        if (etat.erreur) return charge(); // the engine's own line says what failed
        if (etat.pret && (!b.zone.value.trim() || b.api.rapport())) return charge();
        const n = Number(etat.etape) || 0;
        apercu.etape(2, etat.pret ? "le moteur vérifie la liste…" : `compositeur prêt ; chargement du moteur (${n} sur ${Number(etat.total) || 4})…`);
      });
      if (fini && suivi) suivi();
    }
    b.racineOutil.addEventListener("compendium:rapport", () => {
      if (!premierDessin) charge();
    });

    const dessinerBase = b.dessiner;
    b.dessiner = function (...args) {
      const sortie = dessinerBase.apply(this, args);
      if (premierDessin && b.liste) premier(); // the builder's first drawing of a list
      // The saved report's total is not the engine's answer of this visit.
      if (enregistre && b.aJour === true && b.zones.total) b.zones.total.dataset.aJour = "enregistre";
      return sortie;
    };

    b.racineOutil.addEventListener("compendium:rapport", (evenement) => {
      const { rapport, texte } = evenement.detail || {};
      if (texte === null || texte === undefined) return;
      if (enregistre && (texte === b.texteEcrit || texte === b.zone.value)) {
        finir();
        b.dessiner();
      }
      if (rapport && texte === b.texteEcrit && b.aJour === true) garder();
    });
    Object.assign(b, { reprendre, garderReprise: garder });
  };
})();
