// « Composer et vérifier », repairs: when the checked list is invalid, the engine proposes the
// smallest changes that make it valid (browser_engine/reparer.py, action « reparer »), each one
// already checked by the full validator. Each suggestion is applied with one click: the text view
// gets the repaired list and an `input` event, and the builder follows the text. The panel keeps
// « Annuler la réparation » to put the list back as it was.
// The panel sits in the builder, right under its summary bar, and is searched only when the player
// asks (« Réparer » in the bar, event `compendium:reparer`): a search costs many checks, and must
// not queue ahead of the check of the next click. While open, it follows each new report.
// Everything coming from a list or the data is written as text (Compendium.el), never as HTML.
(function () {
  "use strict";

  const C = () => window.Compendium;
  const DELAI_MS = 300;

  function initialiser(racineOutil) {
    if (racineOutil.dataset.reparations === "oui") return;
    const api = racineOutil.compendiumVerifier;
    const resultats = racineOutil.querySelector(".cpd-resultats");
    if (!api || !resultats || !C().verifier || typeof C().verifier.versYaml !== "function") return;
    racineOutil.dataset.reparations = "oui";
    const { el } = C();
    const { jeu, moteur, zone } = api;
    const unite = api.unite || "points";
    const base = api.base || "";

    if (!document.querySelector('link[data-role="reparations-css"]')) {
      document.head.append(el("link", { rel: "stylesheet", href: base + "assets/stylesheets/reparations.css", "data-role": "reparations-css" }));
    }
    const titre = el("h2", { id: "cpd-reparations-titre", classe: "cpd-titre-resultats" }, "Réparations proposées");
    const etat = el("p", { classe: "cpd-aide", "data-role": "reparations-etat", role: "status", "aria-live": "polite" });
    const liste = el("ol", { classe: "cpd-reparations-liste", "data-role": "reparations-liste" });
    const retour = el("div", { classe: "cpd-reparations-retour", "data-role": "reparations-retour", hidden: true });
    const fermer = el("button", { type: "button", classe: "md-button cpd-petit-bouton", "data-role": "reparations-fermer",
      onclick: () => basculer(false) }, "Fermer");
    const panneau = el("section", { classe: "cpd-reparations", "data-role": "reparations", "aria-labelledby": titre.id, hidden: true, tabindex: "-1" },
      el("div", { classe: "cpd-reparations-tete" }, titre, fermer), etat, retour, liste);
    resultats.append(panneau); // until the builder's place exists
    let ouvert = false;
    let dernier = null; // {rapport, texte}: the last report, for a search asked later

    /** In the builder, under its summary bar, when it is there. */
    function placer() {
      const place = racineOutil.querySelector('[data-role="reparations-place"]');
      if (place && panneau.parentElement !== place) place.append(panneau);
    }

    function basculer(ouvrir) {
      ouvert = ouvrir;
      placer();
      const bouton = racineOutil.querySelector('[data-role="ouvrir-reparations"]');
      if (bouton) bouton.setAttribute("aria-expanded", String(ouvrir));
      if (!ouvrir) {
        generation++;
        panneau.hidden = retour.hidden;
        if (bouton) bouton.focus();
        return;
      }
      panneau.hidden = false;
      panneau.focus({ preventScroll: true });
      if (dernier && dernier.rapport && !dernier.rapport.valide && dernier.rapport.liste) chercher(dernier.rapport, dernier.texte);
    }
    racineOutil.addEventListener("compendium:reparer", () => basculer(!ouvert || panneau.hidden));

    let generation = 0;
    let avantReparation = null; // the text before the last repair applied, for « Annuler la réparation »
    let texteRepare = null; // the text the last repair wrote

    function ecrireTexte(texte) {
      zone.value = texte;
      zone.dispatchEvent(new Event("input", { bubbles: true }));
    }

    function montrerRetour() {
      const actif = avantReparation !== null && zone.value === texteRepare;
      retour.hidden = !actif;
      if (!actif) return;
      retour.replaceChildren(
        el("span", {}, "Réparation appliquée. "),
        el("button", {
          type: "button", classe: "md-button", "data-role": "reparation-annuler",
          onclick: () => {
            const texte = avantReparation;
            avantReparation = null;
            texteRepare = null;
            retour.hidden = true;
            ecrireTexte(texte);
          },
        }, "Annuler la réparation"),
      );
    }

    /** The list as the player wrote it (without a loaded catalogue's profiles: the engine gives both). */
    const listeEcrite = (rapport) => (rapport.liste_ecrite && typeof rapport.liste_ecrite === "object" ? rapport.liste_ecrite : rapport.liste);

    function total(valeur) {
      return typeof valeur === "number" ? C().nombre(valeur) + " " + unite : "—";
    }

    function coutTexte(s) {
      if (s.cout_avant === null && s.cout_apres === null) return null;
      const ecart = typeof s.cout_avant === "number" && typeof s.cout_apres === "number" ? s.cout_apres - s.cout_avant : null;
      const signe = ecart === null || ecart === 0 ? "" : ecart > 0 ? " (+" + C().nombre(ecart) + ")" : " (−" + C().nombre(-ecart) + ")";
      return "Coût : " + total(s.cout_avant) + " → " + total(s.cout_apres) + signe;
    }

    function appliquer(s, ecrite, clesCatalogue) {
      const nouvelle = JSON.parse(JSON.stringify(s.liste));
      for (const cle of clesCatalogue || []) {
        // The catalogue's profiles were merged in for the check: the list keeps only its own.
        if (ecrite && Object.prototype.hasOwnProperty.call(ecrite, cle)) nouvelle[cle] = ecrite[cle];
        else delete nouvelle[cle];
      }
      const texte = C().verifier.versYaml(nouvelle, 0) + "\n";
      avantReparation = zone.value;
      texteRepare = texte;
      ecrireTexte(texte);
    }

    function suggestion(s, k, ecrite, clesCatalogue) {
      const n = s.changements.length;
      const cout = coutTexte(s);
      // In the player's words when the builder is there (fields by their labels, values by their names).
      const composeur = racineOutil.compendiumComposer;
      const texte = (v) => (composeur ? composeur.texteJoueur(v, null) : String(v.message || ""));
      const corrige = el("ul", { classe: "cpd-reparation-corrige" },
        s.corrige.map((e) => el("li", { "data-code": String(e.code || "") }, texte(e))));
      const nouveaux = (s.avertissements || []).map((a) => el("p", { classe: "cpd-reparation-avertissement" }, "Nouvel avertissement : ", texte(a)));
      return el("li", { classe: "cpd-reparation", "data-role": "reparation" },
        el("p", { classe: "cpd-reparation-tete" },
          el("strong", {}, `${n} changement${n > 1 ? "s" : ""}`),
          cout ? el("span", { classe: "cpd-reparation-cout", "data-role": "reparation-cout" }, " — " + cout) : null),
        el("ul", { classe: "cpd-reparation-changements" }, s.changements.map((c) => el("li", { "data-chemin": String(c.chemin) }, String(c.description)))),
        el("p", { classe: "cpd-reparation-sous-titre" }, `Corrige ${s.corrige.length > 1 ? "les erreurs" : "l'erreur"} :`),
        corrige,
        nouveaux,
        el("button", {
          type: "button", classe: "md-button md-button--primary", "data-role": "appliquer",
          "aria-label": `Appliquer la réparation ${k + 1}`,
          onclick: () => appliquer(s, ecrite, clesCatalogue),
        }, "Appliquer"));
    }

    async function chercher(rapport, texte) {
      const ma = ++generation;
      panneau.hidden = false;
      panneau.dataset.etat = "calcul";
      etat.textContent = "Recherche des plus petites corrections…";
      liste.replaceChildren();
      const ecrite = listeEcrite(rapport);
      if (!ecrite) {
        panneau.hidden = true;
        return;
      }
      let resultat;
      try {
        resultat = await moteur.composer(jeu, { action: "reparer", liste: ecrite }, api.catalogue(), "reparer");
      } catch (e) {
        if (ma !== generation || (e && e.perime)) return;
        panneau.dataset.etat = "erreur";
        etat.textContent = "Les réparations n'ont pas pu être cherchées : " + e.message;
        return;
      }
      if (ma !== generation) return;
      const suggestions = (resultat && resultat.suggestions) || [];
      panneau.dataset.etat = suggestions.length ? "pret" : "aucune";
      if (!suggestions.length) {
        etat.textContent = resultat && resultat.message ? resultat.message : "Aucune réparation en deux changements au plus.";
        return;
      }
      etat.textContent = `${suggestions.length} correction${suggestions.length > 1 ? "s" : ""} vérifiée${suggestions.length > 1 ? "s" : ""}, la plus petite d'abord : chacune rend la liste valide.`;
      liste.replaceChildren(...suggestions.map((s, k) => suggestion(s, k, ecrite, resultat.cles_catalogue)));
    }

    racineOutil.addEventListener("compendium:rapport", (evenement) => {
      const { rapport, texte } = evenement.detail || {};
      dernier = { rapport, texte };
      placer();
      montrerRetour();
      if (!rapport || rapport.valide || !rapport.liste) {
        generation++;
        liste.replaceChildren();
        if (rapport && rapport.valide && (ouvert || !retour.hidden)) {
          panneau.hidden = false;
          panneau.dataset.etat = "valide";
          etat.textContent = "La liste est maintenant valide.";
        } else {
          panneau.hidden = retour.hidden;
          if (retour.hidden) delete panneau.dataset.etat;
        }
        return;
      }
      if (!ouvert) {
        panneau.hidden = retour.hidden;
        return;
      }
      // While the player changes the list, only the last report is worth a search.
      const ma = ++generation;
      panneau.hidden = false;
      panneau.dataset.etat = "calcul";
      etat.textContent = "Recherche des plus petites corrections…";
      liste.replaceChildren();
      setTimeout(() => {
        if (ma === generation) chercher(rapport, texte);
      }, DELAI_MS);
    });
  }

  C().surPage(() => {
    document.querySelectorAll('[data-compendium-outil="verifier"]').forEach(initialiser);
  });
})();
