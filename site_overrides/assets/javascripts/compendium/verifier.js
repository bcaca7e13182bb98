// « Composer et vérifier », text view: live validation of a list (YAML or JSON) by the engine
// running in the Web Worker. Every name coming from a list is written with
// textContent (through Compendium.el), never as HTML.
(function () {
  "use strict";

  const DELAI_SAISIE_MS = 300;
  const TAILLE_MAX_ZONE = 2 * 1024 * 1024; // larger files are checked but not pasted in the textarea
  const CLE_LISTE = "compendium.liste."; // + game id: the list as last typed, kept in this browser
  const SUFFIXE_AVANT_LIEN = ".avant-lien"; // the player's own list, set aside when a shared link opened
  // Shared parts, loaded before this file: verifier-partage.js, verifier-rapport.js and
  // verifier-catalogue.js (the player's profile catalogue).
  const { PREFIXE, LienTropGros, lireStockage, ecrireStockage, encoderFragment, decoderFragment, versYaml, texteExport, nomFichier, avecCartes } =
    window.Compendium.verifier;
  const { C, entreesDetail, violation, sansCodes, afficherParPaquets, tableauCreatures, tableauCouts } =
    window.Compendium.verifierRapport;

  // --- Page wiring ------------------------------------------------------------------------

  function initialiser(racineOutil) {
    if (racineOutil.dataset.pret === "oui") return;
    racineOutil.dataset.pret = "oui";
    const { el } = C();
    const role = (nom) => racineOutil.querySelector(`[data-role="${nom}"]`);
    const jeu = racineOutil.dataset.jeu;
    const base = racineOutil.dataset.base || "";
    const unite = racineOutil.dataset.unite || "points";
    const moteur = C().moteur(C().racine(base));
    C().indicateur(role("chargement"), moteur);

    const zone = role("texte");
    const etat = role("etat");
    const details = role("details");
    const selectExemple = role("exemple");
    const descriptionExemple = role("exemple-description");
    const fichier = role("fichier");
    const partage = role("partage");
    const lienPartage = role("lien");
    const etatPartage = role("partage-etat");

    let generation = 0; // only the answer to the latest input is shown
    let detailsGeneration = 0; // the detailed report drawn after the builder's: only the latest
    let dernierRapport = null; // the last report read from a list, for printing
    let texteLu = null; // the text of that report
    let texteVerdict = null; // the last text given a verdict, read or not (publier)

    /**
     * The verdict line. The tool's `data-etat` says what the whole report on screen is about: for a
     * report, it changes once the detailed report below is drawn too (`dessinerDetails`, after the
     * builder's frame), so that nothing reads the previous list's errors under the new verdict.
     */
    function afficherEtat(classe, ...contenu) {
      etat.className = "cpd-etat cpd-etat--" + classe;
      etat.replaceChildren(...contenu.map((c) => (c instanceof Node ? c : document.createTextNode(String(c)))));
      if (classe !== "valide" && classe !== "invalide") {
        details.removeAttribute("aria-busy");
        racineOutil.dataset.etat = classe;
      }
    }

    /** Tell the builder (composer.js) what the engine said about `texte` (null: no report). */
    function publier(rapport, texte) {
      texteVerdict = texte;
      racineOutil.dispatchEvent(new CustomEvent("compendium:rapport", { detail: { rapport, texte } }));
    }

    function afficherErreurLecture(message, titre, texte) {
      detailsGeneration++; // a detailed report still to draw is for an older list
      publier(null, typeof texte === "string" ? texte : null);
      dernierRapport = null;
      if (role("imprimer")) role("imprimer").disabled = true;
      afficherEtat("illisible", el("strong", {}, titre || "Liste illisible"), " — ", message);
      details.replaceChildren(
        el("div", { classe: "cpd-panneau-erreur", role: "alert", "data-role": "panneau-erreur" },
          el("p", { classe: "cpd-panneau-titre" }, titre || "La liste ne peut pas être lue"),
          el("p", {}, message)),
      );
    }

    function afficherRapport(rapport, texte) {
      dernierRapport = rapport;
      texteLu = typeof texte === "string" ? texte : null;
      if (role("imprimer")) role("imprimer").disabled = !rapport.liste;
      const erreurs = rapport.erreurs || [];
      const avertissements = rapport.avertissements || [];
      const total =
        rapport.cout !== undefined && rapport.cout !== null
          ? C().nombre(rapport.cout) + (rapport.budget !== undefined && rapport.budget !== null ? " / " + C().nombre(rapport.budget) : "") + " " + unite
          : "";
      if (rapport.valide) {
        afficherEtat("valide", el("strong", {}, "Liste valide"),
          total ? " — total " + total : "",
          avertissements.length ? ` (${avertissements.length} avertissement${avertissements.length > 1 ? "s" : ""})` : "");
      } else {
        afficherEtat("invalide", el("strong", {}, `Liste invalide : ${erreurs.length} erreur${erreurs.length > 1 ? "s" : ""}`),
          total ? " — total " + total : "");
      }
      // The builder (and the other tools) draw first: what the player waits for is its total and
      // errors. The detailed report below the text view is drawn once that frame is painted (a
      // task after the next animation frame), so that its building and layout never delay it.
      publier(rapport, typeof texte === "string" ? texte : null);
      const mien = ++detailsGeneration;
      const classe = rapport.valide ? "valide" : "invalide";
      const pour = generation; // a newer check started meanwhile: the state stays « calcul »
      details.setAttribute("aria-busy", "true"); // still the previous list's details, until then
      requestAnimationFrame(() => setTimeout(() => {
        if (mien !== detailsGeneration) return;
        dessinerDetails(rapport, total);
        details.removeAttribute("aria-busy");
        if (pour === generation) racineOutil.dataset.etat = classe;
      }, 0));
    }

    function dessinerDetails(rapport, total) {
      const erreurs = rapport.erreurs || [];
      const avertissements = rapport.avertissements || [];
      const entrees = entreesDetail(rapport);
      const blocs = [];
      const d = rapport.details || {};
      if (typeof d.initiative === "number") {
        blocs.push(el("p", { classe: "cpd-total", "data-role": "initiative" },
          "Valeur d'initiative : ", el("strong", {}, C().nombre(d.initiative)), " (somme des niveaux)"));
      }
      if (typeof d.cout_activation === "number") {
        blocs.push(el("p", { classe: "cpd-total", "data-role": "cout-activation" },
          "Coût d'activation : ", el("strong", {}, C().nombre(d.cout_activation)), " " + unite));
      }
      if (total) {
        const depasse = rapport.budget !== undefined && rapport.budget !== null && rapport.cout > rapport.budget;
        blocs.push(el("p", { classe: "cpd-total" + (depasse ? " cpd-total--depasse" : ""), "data-role": "total" },
          "Coût total : ", el("strong", {}, total), depasse ? " (dépasse le format)" : ""));
      }
      const remplissages = [];
      // The builder names fields and values as its cards do (labels, data names).
      const composeur = racineOutil.compendiumComposer;
      const texteJoueur = composeur && typeof composeur.texteJoueur === "function" ? (v) => composeur.texteJoueur(v) : null;
      const listeViolations = (titre, role, violations, classe, nom) => {
        if (!violations.length) return;
        const ul = el("ul", { classe: "cpd-violations", "data-role": role });
        blocs.push(el("h3", {}, `${titre} (${C().nombre(violations.length)})`), ul);
        remplissages.push(() => afficherParPaquets(ul, violations, (v) => violation(v, base, entrees, classe, texteJoueur), nom));
      };
      listeViolations("Erreurs", "erreurs", erreurs, "cpd-violation--erreur", "erreurs");
      listeViolations("Avertissements", "avertissements", avertissements, "cpd-violation--avertissement", "avertissements");
      const tableau = tableauCouts(entrees, unite);
      if (tableau) {
        blocs.push(tableau.bloc);
        remplissages.push(tableau.remplir);
      }
      const creatures = tableauCreatures((rapport.details || {}).creatures, base);
      if (creatures) blocs.push(creatures);
      details.replaceChildren(...blocs);
      for (const remplir of remplissages) remplir(); // once in the page: « … de plus » goes after its block
    }

    /**
     * Check the list: `entree` is the text on screen (or a file's bytes); `liste`, when the builder
     * wrote that text, is the same list as an object, sent as JSON (read faster than YAML). Every
     * change is sent at once: the engine drops a check made stale by a newer one before running it
     * (canal « liste »), and only the answer to the latest input is shown. The builder's demande
     * (forced values, open pickers) is computed after the answer and comes as `compendium:suite`.
     */
    async function verifier(entree, liste) {
      const texte = typeof entree === "string" ? entree : null;
      const ma = ++generation;
      if (texte !== null && texte.trim() === "") {
        afficherEtat("vide", "Aucune liste pour l'instant.");
        detailsGeneration++;
        details.replaceChildren();
        publier(null, texte);
        return;
      }
      if (!moteur.etat.pret) afficherEtat("attente", "Vérification dès que le moteur est prêt…");
      else racineOutil.dataset.etat = "calcul";
      try {
        let rapport;
        if (texte === null) rapport = await moteur.valider(jeu, entree, catalogue.texte);
        else {
          const envoi = liste && typeof liste === "object" ? JSON.stringify(liste) : texte;
          const demande = typeof api.demande === "function" ? api.demande() : null;
          const surSuite = (suite) => {
            if (ma === generation) racineOutil.dispatchEvent(new CustomEvent("compendium:suite", { detail: { texte, suite } }));
          };
          rapport = await moteur.verifierListe(jeu, envoi, catalogue.texte, demande, surSuite);
        }
        if (ma === generation) {
          afficherRapport(rapport, texte);
          catalogue.resume(rapport.catalogue);
        }
      } catch (e) {
        if (e && e.perime) return; // a newer change replaced this one before it ran
        if (ma === generation) afficherErreurLecture(e.message, e.interne ? "Le moteur a rencontré un problème" : null, texte);
      }
    }

    const catalogue = window.Compendium.verifierCatalogue.gestionCatalogue(racineOutil, jeu, base, () => {
      if (zone.value.trim()) verifier(zone.value);
    });
    const cleListe = CLE_LISTE + jeu;
    const reprendre = role("reprendre");
    // The saved lists (listes-gardees.js): an example, a link or a file opens as a list of its own,
    // and text that is in no saved list is kept before another one replaces it.
    const gardees = C().listesGardees.pour(jeu);
    gardees.source = () => {
      const l = zone.value === texteLu && dernierRapport ? dernierRapport.liste : null;
      const vide = l && typeof l === "object" && !Array.isArray(l) && !(Array.isArray(l.entrees) && l.entrees.length) &&
        Object.keys(l).every((k) => ["jeu", "format", "entrees", "version_donnees"].includes(k));
      return vide ? null : zone.value;
    };
    gardees.attacher(role("listes-alertes"), {
      exporter: () => role("exporter").click(),
      afficher: (texte) => racineOutil.compendiumVerifier.ecrire(texte),
    });
    /** Keep what is in the text box, so that Back, a reload or a crash never lose it. */
    const garderListe = () => {
      if (zone.value.length <= TAILLE_MAX_ZONE) gardees.garderTexte(zone.value);
    };
    window.addEventListener("pagehide", garderListe);
    const verifierPlusTard = C().debounce(() => verifier(zone.value), DELAI_SAISIE_MS);
    /** The builder waits for the report on a text it has not read (composer.js, enLecture). */
    const annoncerTexte = () => racineOutil.dispatchEvent(new CustomEvent("compendium:texte"));
    zone.addEventListener("input", () => {
      annoncerTexte();
      garderListe();
      if (partage) partage.hidden = true;
      // The shared link no longer describes the list: drop it from the address bar.
      if (window.location.hash.startsWith("#" + PREFIXE)) {
        history.replaceState(history.state, "", window.location.pathname + window.location.search);
      }
      verifierPlusTard();
    });

    function remplir(texte, liste) {
      verifierPlusTard.annuler();
      zone.value = texte;
      annoncerTexte();
      garderListe();
      verifier(texte, liste);
    }

    // A shared link replaced the player's own list: offer it back.
    if (reprendre) {
      reprendre.addEventListener("click", () => {
        const avant = lireStockage(cleListe + SUFFIXE_AVANT_LIEN);
        ecrireStockage(cleListe + SUFFIXE_AVANT_LIEN, null);
        reprendre.hidden = true;
        if (window.location.hash.startsWith("#" + PREFIXE)) {
          history.replaceState(history.state, "", window.location.pathname + window.location.search);
        }
        if (avant !== null) {
          gardees.ouvrirTexte(avant, "Ma liste précédente"); // the saved list that holds it
          remplir(avant);
        }
      });
    }

    // Example lists
    if (selectExemple) {
      selectExemple.addEventListener("change", async () => {
        const option = selectExemple.selectedOptions[0];
        descriptionExemple.textContent = option && option.value ? sansCodes(option.dataset.description) : "";
        if (!selectExemple.value) return;
        const nom = option.textContent.trim();
        if (option.dataset.contenu !== undefined) {
          gardees.ouvrirTexte(option.dataset.contenu, nom); // a list of its own: the open one stays as it was
          remplir(option.dataset.contenu); // embedded in the page: works offline
          return;
        }
        const url = C().lienSur(base, selectExemple.value);
        try {
          const reponse = await fetch(url, { credentials: "same-origin" });
          if (!reponse.ok) throw new Error("HTTP " + reponse.status);
          const texte = await reponse.text();
          gardees.ouvrirTexte(texte, nom);
          remplir(texte);
        } catch (e) {
          afficherErreurLecture("L'exemple n'a pas pu être chargé (" + e.message + ").", "Exemple indisponible");
        }
      });
    }

    // File import: the raw bytes go to the engine (it reports non-UTF-8 input in French)
    role("importer").addEventListener("click", () => fichier.click());
    fichier.addEventListener("change", async () => {
      const f = fichier.files && fichier.files[0];
      fichier.value = "";
      if (!f) return;
      let octets;
      try {
        octets = new Uint8Array(await f.arrayBuffer());
      } catch (e) {
        afficherErreurLecture("Le fichier « " + f.name + " » n'a pas pu être lu.", "Fichier illisible");
        return;
      }
      let texte = null;
      if (octets.length <= TAILLE_MAX_ZONE) {
        try {
          texte = new TextDecoder("utf-8", { fatal: true }).decode(octets);
        } catch (e) {
          texte = null;
        }
      }
      if (texte !== null) {
        if (selectExemple) selectExemple.value = "";
        texte = texte.replace(/^\uFEFF/, "");
        gardees.ouvrirTexte(texte, f.name.replace(/\.[^.]*$/, ""));
        remplir(texte);
      } else {
        verifierPlusTard.annuler();
        await verifier(octets);
      }
    });

    // Share: the list travels in the URL fragment, nothing is sent anywhere
    role("partager").addEventListener("click", async () => {
      if (!zone.value.trim()) {
        partage.hidden = false;
        lienPartage.value = "";
        etatPartage.textContent = "Rien à partager : la liste est vide.";
        return;
      }
      // With a profile catalogue, the cards the list uses travel in the link (verifier-partage.js).
      const { texte: aPartager, cartes } = await avecCartes(moteur, jeu, zone.value, catalogue.texte);
      const fragment = await encoderFragment(aPartager);
      history.replaceState(history.state, "", "#" + fragment);
      const url = window.location.href;
      partage.hidden = false;
      lienPartage.value = url;
      lienPartage.focus();
      lienPartage.select();
      const avec = cartes ? ` Il contient aussi ${cartes > 1 ? `les ${cartes} cartes` : "la carte"} de votre catalogue ` +
        `que la liste utilise : votre destinataire verra le même résultat, sans que son catalogue change.` : "";
      let message = "Lien prêt : copiez-le pour partager la liste.";
      if (url.length > 32000) message = "Attention : la liste est longue, certains navigateurs ou messageries risquent de tronquer le lien.";
      try {
        if (navigator.clipboard && window.isSecureContext) {
          await navigator.clipboard.writeText(url);
          message = "Lien copié dans le presse-papiers.";
        }
      } catch (e) {
        /* permission refused: the link stays selected in the field */
      }
      etatPartage.textContent = message + avec;
    });

    // Print the roster sheet and the cards of the list, through the print templates (a game without a
    // roster sheet has no button)
    if (role("imprimer")) role("imprimer").addEventListener("click", async () => {
      if (!dernierRapport || !dernierRapport.liste) return;
      try {
        await window.CompendiumImpression.imprimer(jeu, dernierRapport.liste, dernierRapport);
      } catch (e) {
        afficherErreurLecture(e.message, "Impression impossible");
      }
    });

    // Export as YAML
    role("exporter").addEventListener("click", () => {
      if (!zone.value.trim()) {
        afficherEtat("vide", "Rien à exporter : la liste est vide.");
        return;
      }
      const blob = new Blob([texteExport(zone.value)], { type: "application/yaml;charset=utf-8" });
      const url = URL.createObjectURL(blob);
      const a = el("a", { href: url, download: nomFichier(zone.value, jeu), hidden: true });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });

    async function restaurer() {
      let fragment = window.location.hash.replace(/^#/, "");
      try {
        fragment = decodeURIComponent(fragment);
      } catch (e) {
        /* keep it raw: decoderFragment reports a damaged link */
      }
      if (!fragment.startsWith(PREFIXE)) return false;
      let texte;
      try {
        texte = await decoderFragment(fragment);
      } catch (e) {
        afficherErreurLecture(e.message, e instanceof LienTropGros ? "Lien de partage refusé" : "Lien de partage illisible");
        return true;
      }
      // The player's own list is set aside, never overwritten without a way back: it stays among
      // the saved lists, and « Reprendre ma liste précédente » opens it again.
      const avant = zone.value;
      if (avant && avant.trim() && avant !== texte) {
        ecrireStockage(cleListe + SUFFIXE_AVANT_LIEN, avant);
        if (reprendre) reprendre.hidden = false;
      }
      gardees.ouvrirTexte(texte, "Liste partagée");
      remplir(texte);
      return true;
    }

    // The builder (composer.js) writes the list through this door and reads the reports from the
    // "compendium:rapport" event.
    const api = {
      jeu, base, unite, moteur, zone,
      catalogue: () => catalogue.texte,
      rapport: () => dernierRapport,
      texteVerdict: () => texteVerdict,
      demande: null, // set by the builder: what it wants computed after each check
      /** The builder writes the list: its text, and the same list as an object. */
      ecrire(texte, liste) {
        if (partage) partage.hidden = true;
        if (window.location.hash.startsWith("#" + PREFIXE)) {
          history.replaceState(history.state, "", window.location.pathname + window.location.search);
        }
        if (selectExemple) selectExemple.value = "";
        remplir(texte, liste);
      },
      /** Check the text on screen again (the builder's demande changed: an entry was opened). */
      reverifier() {
        if (zone.value.trim()) verifier(zone.value);
      },
    };
    racineOutil.compendiumVerifier = api;

    window.addEventListener("hashchange", () => {
      if (document.body.contains(racineOutil)) restaurer();
    });

    if (reprendre && lireStockage(cleListe + SUFFIXE_AVANT_LIEN) !== null) reprendre.hidden = false;
    if (!zone.value.trim()) {
      // Back, a reload, a new visit: this tab's text, else the list typed last for this game.
      const gardee = gardees.texteDepart();
      if (gardee !== null && gardee.trim()) {
        zone.value = gardee;
        garderListe(); // kept for a new tab too; a refusal (full storage) is said at once
      }
    }
    restaurer().then((restauree) => {
      if (!restauree && zone.value.trim()) verifier(zone.value);
    });
    moteur.preparer(jeu).catch(() => {}); // start loading Pyodide right away
  }

  C().surPage(() => {
    document.querySelectorAll('[data-compendium-outil="verifier"]').forEach(initialiser);
  });
})();
