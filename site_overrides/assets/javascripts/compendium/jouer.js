// « Jouer » tool page: a list becomes a table-side tracker.
//
// The engine (worker action « partie », browser_engine/partie.py) gives one sheet per figure, unit
// or player (its profile, counters with start and bounds, statuses with their rule) and what each
// turn resets (`remises`); this page draws them, applies the resets when the player reaches their
// moment, and keeps the game. The turn sequence and the dice are in the page (jouer.md.j2).
// Parts: jouer-stockage.js (kept a little at a time), jouer-historique.js (undo, redo),
// jouer-fiche.js (one sheet on screen), jouer-ajouts.js (cards added during play),
// jouer-remises.js (what a round, a step or a status resets),
// jouer-apres-bataille.js (chronicle logs).
//
// Storage: see jouer-stockage.js. Also read: localStorage "compendium.jouer.<jeu>.demande" (a list
// sent by « Jouer cette liste », jouer-lien.js), "compendium.jouer.grand" (the larger-text setting),
// « Mon matériel » (materiel.js: the player's card catalogue and dice faces, read only).
(function () {
  "use strict";

  const C = () => window.Compendium;
  const el = (...args) => window.Compendium.el(...args);
  const MAX_LIGNES_VUES = 200; // the log on screen; the whole log is kept and exported
  const lire = (cle) => C().jouerStockage.lire(cle);
  const ecrire = (cle, valeur) => C().jouerStockage.ecrire(cle, valeur);
  const materiel = (...args) => C().jouerDes.materiel(...args);
  const tirage = (n) => C().jouerDes.tirage(n);

  // --- The page --------------------------------------------------------------------------------

  function heure(iso) {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? "" : d.toLocaleTimeString("fr-FR", { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  }

  function initialiser(outil) {
    const jeu = outil.dataset.jeu;
    const base = outil.dataset.base || "";
    const role = (nom) => outil.querySelector(`[data-role="${nom}"]`);
    const moteur = C().moteur(C().racine(base));
    C().indicateur(role("chargement"), moteur);
    const etapes = Array.from(outil.querySelectorAll(".cpj-etape"));
    const sequence = role("sequence");
    const toursMax = parseInt(sequence.dataset.toursMax, 10) || null;
    const nomTour = sequence.dataset.nomTour || "tour";
    const stockage = C().jouerStockage.pour(jeu);
    let partie = null;
    let verrou = null;
    let enCours = [];
    const vues = new WeakMap();
    const historique = C().jouerHistorique.monter(() => partie);
    const ajouts = C().jouerAjouts.monter({ outil, role, partie: () => partie, noter, sauver, dessinerFiche: (f) => fiches.dessinerFiche(f), lienRegle: (...a) => fiches.lienRegle(...a), toutesFiches });
    let jets = null;
    const fiches = C().jouerFiche.monter({ outil, role, base, partie: () => partie, changerCompteur, basculerStatut, renommer, ajouts, jets: () => jets });
    const { nomFiche, valeurCompteur, statutActif, ETATS_MIN } = fiches;

    function avis(texte, sorte, actions) {
      const zone = role("avis");
      const p = el("div", { classe: "cpj-message cpj-message--" + (sorte || "info"), role: sorte === "alerte" ? "alert" : null },
        el("p", { texte }), actions || null);
      zone.append(p);
      return p;
    }

    /** Records the tap for undo, writes what changed, and says when the browser refuses to keep it. */
    function sauver(toutes) {
      if (!partie) return;
      historique.valider(enCours);
      enCours = [];
      const ok = stockage.sauver(partie, toutes === true);
      const zone = role("avis");
      const ancien = zone.querySelector("[data-avis=stockage]");
      if (!ok && !ancien) {
        const bouton = el("button", { type: "button", classe: "md-button cpj-gros", texte: "Exporter le journal", onclick: exporter });
        const message = avis("Ce navigateur refuse d'enregistrer la partie (stockage plein ou désactivé) : elle reste sur cette page tant qu'elle est ouverte. Exportez le journal pour la garder.", "alerte", bouton);
        message.dataset.avis = "stockage";
      } else if (ok && ancien) {
        ancien.remove();
      }
      dessinerBarre();
    }

    function noter(texte, lien) {
      const ligne = { t: new Date().toISOString(), tour: partie.tour, texte };
      if (lien) ligne.lien = lien;
      stockage.ajouterLigne(partie, ligne);
      enCours.push(texte);
      ajouterVueLigne(ligne);
      return ligne;
    }

    function etapeCourante() {
      return etapes[partie.etape] || null;
    }

    function nomEtape(li) {
      if (!li) return "";
      const phase = li.dataset.phaseNom;
      return li.dataset.nom === phase ? phase : `${phase} — ${li.dataset.nom}`;
    }

    function active(li) {
      const des = parseInt(li.dataset.desLeTour || "", 10);
      return !des || partie.tour >= des;
    }

    // --- Sheets --------------------------------------------------------------------------------

    function valeursDe(fiche) {
      return (partie.valeurs[fiche.id] = partie.valeurs[fiche.id] || { compteurs: {}, statuts: {} });
    }

    function changerCompteur(fiche, c, pas) {
      const actuel = valeurCompteur(fiche, c);
      const nouveau = actuel === null || actuel === undefined ? (pas > 0 ? (c.min ?? 0) : null) : actuel + pas;
      if (nouveau === null) return;
      if (c.min !== null && c.min !== undefined && nouveau < c.min) return;
      if (c.max !== null && c.max !== undefined && nouveau > c.max) return;
      valeursDe(fiche).compteurs[c.id] = nouveau;
      noter(`${nomFiche(fiche)} : ${c.nom} ${actuel ?? "?"} → ${nouveau}` +
        (c.au_minimum && nouveau === c.min ? ` (${ETATS_MIN[c.au_minimum] || c.au_minimum})` : ""));
      sauver();
      fiches.dessinerFiche(fiche);
    }

    function basculerStatut(fiche, s) {
      const v = valeursDe(fiche);
      v.statuts[s.id] = !v.statuts[s.id];
      if (!v.statuts[s.id]) delete v.statuts[s.id];
      noter(`${nomFiche(fiche)} : ${s.nom} ${v.statuts[s.id] ? "oui" : "non"}`);
      if (v.statuts[s.id]) appliquerRemises({ statut: s.id }, fiche);
      sauver();
      fiches.dessinerFiche(fiche);
    }

    function renommer(fiche, nom) {
      const avant = nomFiche(fiche);
      partie.noms = partie.noms || {};
      if (nom) partie.noms[fiche.id] = nom;
      else delete partie.noms[fiche.id];
      noter(`${avant} s'appelle maintenant ${nomFiche(fiche)}`);
      sauver();
      fiches.dessinerFiche(fiche);
      outil.querySelector(`[data-fiche="${CSS.escape(fiche.id)}"] [data-role=renommer]`)?.focus();
    }

    function toutesFiches() {
      return partie.resultat.fiches.concat(partie.adversaire ? partie.adversaire.resultat.fiches : [], ajouts.ajoutees());
    }

    function dessinerFiches() {
      role("fiches").replaceChildren();
      role("fiches-adversaire").replaceChildren();
      toutesFiches().forEach(fiches.dessinerFiche);
    }

    // --- What the turn resets (jouer-remises.js) ----------------------------------------------------

    function appliquerRemises(moment, cible) {
      return C().jouerRemises.appliquer(partie, moment, cible, { valeursDe, valeurCompteur, nomFiche, statutActif, noter });
    }

    // --- Sequence, round, log --------------------------------------------------------------------

    function phaseDe(i) {
      return etapes[i] ? etapes[i].closest(".cpj-phase") : null;
    }

    /** In a phase played again and again (Khârn-Âges: one activation per figure), its last active step. */
    function finDeBoucle() {
      const phase = phaseDe(partie.etape);
      if (!phase || !phase.dataset.repeteeSuivante) return false;
      for (let i = partie.etape + 1; i < etapes.length && phaseDe(i) === phase; i += 1) if (active(etapes[i])) return false;
      return true;
    }

    function dessinerBarre() {
      if (!partie) return;
      const boucle = finDeBoucle();
      const phase = phaseDe(partie.etape);
      role("etape-suivante").textContent = boucle ? phase.dataset.repeteeSuivante : "Étape suivante";
      role("fin-de-phase").hidden = !boucle;
      if (boucle) role("fin-de-phase").textContent = phase.dataset.repeteeFin || "Fin du tour";
      const h = historique.etat();
      const annuler = role("annuler");
      const refaire = role("refaire");
      annuler.disabled = !h.annuler;
      refaire.disabled = !h.refaire;
      annuler.setAttribute("aria-label", h.annuler ? `Annuler : ${h.annuler}` : "Annuler (rien à annuler)");
      refaire.setAttribute("aria-label", h.refaire ? `Rétablir : ${h.refaire}` : "Rétablir (rien à rétablir)");
      annuler.title = annuler.getAttribute("aria-label");
      refaire.title = refaire.getAttribute("aria-label");
    }

    function dessinerSequence() {
      role("tour").textContent = String(partie.tour);
      etapes.forEach((li, i) => {
        li.classList.toggle("cpj-etape--courante", i === partie.etape);
        li.classList.toggle("cpj-etape--faite", i < partie.etape);
        li.classList.toggle("cpj-etape--sautee", !active(li));
        if (i === partie.etape) li.setAttribute("aria-current", "step");
        else li.removeAttribute("aria-current");
        const phase = li.closest(".cpj-phase");
        if (phase) phase.classList.toggle("cpj-phase--courante", phase.contains(etapes[partie.etape] || null));
      });
      role("etape-courante").textContent = nomEtape(etapeCourante());
      dessinerBarre();
    }

    /** The step `i` is reached going forward: its resets apply. */
    function arriver(i) {
      partie.etape = i;
      noter(`Étape : ${nomEtape(etapeCourante())}`);
      const li = etapeCourante();
      return li ? appliquerRemises({ etape: li.dataset.etape }) : false;
    }

    function premiereActive(depuis) {
      let i = depuis;
      while (i < etapes.length && !active(etapes[i])) i += 1;
      return i;
    }

    function nouveauTour() {
      partie.tour += 1;
      for (const fiche of toutesFiches()) {
        const v = partie.valeurs[fiche.id];
        if (!v) continue;
        for (const s of fiche.statuts) if (s.fin_du_tour) delete v.statuts[s.id];
      }
      noter(`Début du ${nomTour} ${partie.tour}` + (toursMax && partie.tour > toursMax ? ` (au-delà des ${toursMax} prévus)` : ""));
      appliquerRemises({ debut_du_tour: true });
      arriver(premiereActive(0));
      dessinerFiches();
    }

    function avancer(sens) {
      let redessiner = false;
      if (sens > 0 && finDeBoucle()) {
        const phase = phaseDe(partie.etape);
        let i = partie.etape;
        while (i > 0 && phaseDe(i - 1) === phase) i -= 1;
        noter(phase.dataset.repeteeSuivante);
        redessiner = arriver(premiereActive(i));
      } else if (sens > 0) {
        const i = premiereActive(partie.etape + 1);
        if (i >= etapes.length) nouveauTour();
        else redessiner = arriver(i);
      } else {
        let i = partie.etape - 1;
        while (i >= 0 && !active(etapes[i])) i -= 1;
        if (i < 0) return;
        partie.etape = i;
        noter(`Retour à l'étape : ${nomEtape(etapeCourante())}`);
      }
      sauver();
      dessinerSequence();
      if (redessiner) dessinerFiches();
    }

    /** « Fin du tour » at the end of a repeated phase: past the phase, or into the next round. */
    function finirPhase() {
      const phase = phaseDe(partie.etape);
      let i = partie.etape;
      while (i < etapes.length && phaseDe(i) === phase) i += 1;
      noter(phase.dataset.repeteeFin || "Fin du tour");
      i = premiereActive(i);
      let redessiner = false;
      if (i >= etapes.length) nouveauTour();
      else redessiner = arriver(i);
      sauver();
      dessinerSequence();
      if (redessiner) dessinerFiches();
    }

    function annulerOuRefaire(sens) {
      if (!partie) return;
      const texte = sens < 0 ? historique.annuler() : historique.refaire();
      if (texte === null) return;
      noter(`${sens < 0 ? "Annulé" : "Rétabli"} : ${texte}`);
      sauver();
      dessinerSequence();
      dessinerFiches();
    }

    function ligneVue(l) {
      const li = el("li", {}, el("time", { datetime: l.t, texte: heure(l.t) }), " ", l.texte,
        l.lien && C().lienSur(base, l.lien) ? [" (", el("a", { href: C().lienSur(base, l.lien), texte: "règle" }), ")"] : null);
      vues.set(l, li);
      return li;
    }

    /** The log shows the newest line first; a new line is added on top, the oldest shown goes. */
    function ajouterVueLigne(l) {
      const ol = role("journal");
      ol.prepend(ligneVue(l));
      while (ol.childElementCount > MAX_LIGNES_VUES) ol.lastElementChild.remove();
    }

    function dessinerJournal() {
      role("journal").replaceChildren(...partie.journal.slice(-MAX_LIGNES_VUES).reverse().map(ligneVue));
    }

    function texteJournal() {
      const lignes = [`Journal de partie — ${document.title.split(" - ")[0]}`, `Liste : ${partie.nom || "sans nom"}`,
        `Commencée le ${new Date(partie.debut).toLocaleString("fr-FR")}`, ""];
      for (const l of partie.journal) lignes.push(`${new Date(l.t).toLocaleString("fr-FR")} [${nomTour} ${l.tour}] ${l.texte}`);
      return lignes.join("\n") + "\n";
    }

    function exporter() {
      if (!partie) return;
      const blob = new Blob([texteJournal()], { type: "text/plain;charset=utf-8" });
      const a = el("a", { href: URL.createObjectURL(blob), download: `journal-${jeu}-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-")}.txt` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    }

    // --- Wake Lock ---------------------------------------------------------------------------------

    async function garderEveille() {
      if (!partie || !navigator.wakeLock || document.visibilityState !== "visible" || verrou) return;
      // One request at a time: the page shown again while the browser answers asks only once.
      verrou = "demande";
      try {
        const obtenu = await navigator.wakeLock.request("screen");
        obtenu.addEventListener("release", () => { if (verrou === obtenu) verrou = null; });
        verrou = obtenu.released ? null : obtenu;
      } catch (e) {
        verrou = null; // refused (battery saver, no permission): the game goes on
      }
    }

    // --- Opponent tab, larger text ------------------------------------------------------------------

    function montrerCamp(camp) {
      const camps = role("camps");
      camps.dataset.onglet = camp;
      outil.querySelectorAll("[data-role=onglets] [role=tab]").forEach((b) => {
        const choisi = b.dataset.camp === camp;
        b.setAttribute("aria-selected", choisi ? "true" : "false");
        b.tabIndex = choisi ? 0 : -1;
      });
      if (partie) partie.onglet = camp;
    }

    function texteGrand(oui) {
      outil.classList.toggle("cpj-grand", oui);
      role("grand").setAttribute("aria-pressed", oui ? "true" : "false");
    }

    // --- Starting a game ---------------------------------------------------------------------------

    function montrer() {
      role("depart").hidden = Boolean(partie);
      role("partie").hidden = !partie;
      // A game in progress needs no engine: its loading bar would only push the game down.
      role("chargement").classList.toggle("cpj-discret", Boolean(partie));
      outil.classList.toggle("cpj-en-jeu", Boolean(partie));
      if (!partie) return;
      const r = partie.resultat;
      role("liste-nom").textContent = partie.nom || r.nom_liste || "sans nom";
      role("liste-invalide")?.remove();
      if (!r.valide) {
        role("bandeau").append(el("p", { classe: "cpj-message cpj-message--alerte", role: "note", "data-role": "liste-invalide",
          texte: `Cette liste n'est pas valide (${r.erreurs} erreur${r.erreurs > 1 ? "s" : ""}) : vous pouvez la jouer quand même ; corrigez-la dans « Composer et vérifier ».` }));
      }
      const adv = partie.adversaire;
      role("onglets").hidden = !adv;
      role("adversaire-titre").hidden = !adv;
      role("adversaire-ajout").hidden = Boolean(adv);
      role("camps").classList.toggle("cpj-camps--deux", Boolean(adv));
      if (adv) {
        const nom = adv.nom || adv.resultat.nom_liste || "liste sans nom";
        role("adversaire-titre").textContent = `Adversaire : ${nom}` + (adv.resultat.valide ? "" : " (liste non valide : jouable quand même)");
        role("onglet-b").textContent = `Adversaire (${adv.resultat.fiches.length})`;
        role("onglet-a").textContent = `Ma liste (${r.fiches.length})`;
      }
      montrerCamp(adv && partie.onglet === "b" ? "b" : "a");
      dessinerSequence();
      dessinerFiches();
      dessinerJournal();
      if (apres) apres.dessiner();
      garderEveille();
    }

    /** The engine's sheets for a list text (the player's card catalogue merged, as on the builder). */
    async function fichesDe(texte) {
      let catalogue = null;
      try {
        const c = materiel(jeu, "catalogue") || JSON.parse(lire("compendium.catalogue." + jeu) || "null");
        catalogue = c && typeof c.texte === "string" ? c.texte : null;
      } catch (e) {
        catalogue = null;
      }
      const rapport = await moteur.valider(jeu, texte, catalogue);
      const liste = rapport.liste_ecrite || rapport.liste;
      if (!liste || typeof liste !== "object") throw new Error(rapport.message || "La liste n'a pas pu être lue.");
      return moteur.composer(jeu, { action: "partie", liste }, catalogue);
    }

    /** The opponent's list: its sheets get ids of their own (« b- »), shown in their own tab. */
    async function ajouterAdversaire(texte, nom) {
      const chargement = avis("Préparation des fiches de l'adversaire…", "info");
      try {
        const resultat = await fichesDe(texte);
        for (const f of resultat.fiches) {
          f.id = "b-" + f.id;
          f.camp = "b";
        }
        partie.adversaire = { texte, nom: nom || resultat.nom_liste || "", resultat };
        partie.onglet = "b";
        noter(`Liste de l'adversaire : « ${partie.adversaire.nom || "liste sans nom"} »${resultat.valide ? "" : " (liste non valide)"}`);
        sauver(true);
        chargement.remove();
        montrer();
      } catch (e) {
        chargement.remove();
        avis(`Impossible d'ajouter la liste de l'adversaire : ${e && e.message ? e.message : e}`, "alerte");
      }
    }

    async function commencer(texte, nom) {
      const chargement = avis("Préparation des fiches…", "info");
      try {
        const resultat = await fichesDe(texte);
        const debut = new Date().toISOString();
        if (partie) stockage.effacer();
        partie = { v: C().jouerStockage.VERSION, texte, nom: nom || resultat.nom_liste || "", resultat, valeurs: {}, noms: {},
          tour: 1, etape: 0, journal: [], journalDebut: 0, debut };
        role("journal").replaceChildren();
        historique.repartir();
        partie.etape = premiereActive(0);
        noter(`Nouvelle partie avec « ${partie.nom || "liste sans nom"} »${resultat.valide ? "" : " (liste non valide)"}`);
        noter(`Étape : ${nomEtape(etapeCourante())}`);
        sauver(true);
        chargement.remove();
        montrer();
      } catch (e) {
        chargement.remove();
        avis(`Impossible de préparer la partie : ${e && e.message ? e.message : e}`, "alerte");
      }
    }

    function demandeEnAttente() {
      const brut = lire(stockage.cle + ".demande");
      if (!brut) return null;
      try {
        const d = JSON.parse(brut);
        return d && typeof d.texte === "string" ? d : null;
      } catch (e) {
        return null;
      }
    }

    function traiterDemande() {
      const demande = demandeEnAttente();
      if (!demande) return;
      if (partie && partie.texte === demande.texte) {
        ecrire(stockage.cle + ".demande", null);
        return;
      }
      if (!partie) {
        ecrire(stockage.cle + ".demande", null);
        commencer(demande.texte, demande.nom);
        return;
      }
      const actions = el("p", {},
        el("button", { type: "button", classe: "md-button md-button--primary cpj-gros", texte: "Jouer cette liste (nouvelle partie)", onclick: () => {
          message.remove();
          ecrire(stockage.cle + ".demande", null);
          commencer(demande.texte, demande.nom);
        } }), " ",
        el("button", { type: "button", classe: "md-button cpj-gros", texte: "Garder la partie en cours", onclick: () => {
          message.remove();
          ecrire(stockage.cle + ".demande", null);
        } }));
      const message = avis(`Une partie est en cours. Commencer une nouvelle partie avec « ${demande.nom || "la liste envoyée"} » effacera celle-ci.`, "alerte", actions);
    }

    // --- Wiring --------------------------------------------------------------------------------------

    role("etape-suivante").addEventListener("click", () => partie && avancer(1));
    role("etape-precedente").addEventListener("click", () => partie && avancer(-1));
    role("fin-de-phase").addEventListener("click", () => partie && finirPhase());
    role("annuler").addEventListener("click", () => annulerOuRefaire(-1));
    role("refaire").addEventListener("click", () => annulerOuRefaire(1));
    role("exporter").addEventListener("click", exporter);
    role("nouvelle").addEventListener("click", () => {
      role("confirmer").hidden = false;
      role("confirmer-non").focus();
    });
    role("confirmer-non").addEventListener("click", () => { role("confirmer").hidden = true; });
    role("confirmer-oui").addEventListener("click", () => {
      role("confirmer").hidden = true;
      partie = null;
      stockage.effacer();
      montrer();
      role("exemple").focus();
    });
    outil.querySelectorAll("[data-role=onglets] [role=tab]").forEach((b) => b.addEventListener("click", () => {
      montrerCamp(b.dataset.camp);
      sauver();
    }));
    role("onglets").addEventListener("keydown", (e) => {
      if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
      const camp = role("camps").dataset.onglet === "a" ? "b" : "a";
      montrerCamp(camp);
      role("onglet-" + camp).focus();
    });
    texteGrand(lire("compendium.jouer.grand") === "1");
    role("grand").addEventListener("click", () => {
      const oui = !outil.classList.contains("cpj-grand");
      texteGrand(oui);
      ecrire("compendium.jouer.grand", oui ? "1" : "0");
    });
    // The builder's saved lists (listes-gardees.js), read only, offered before the examples.
    function listesGardees() {
      try {
        const v = JSON.parse(lire("compendium.listes." + jeu) || "null");
        return v && Array.isArray(v.listes) ? v.listes.filter((l) => l && typeof l.texte === "string" && l.texte.trim()) : [];
      } catch (e) {
        return [];
      }
    }
    function remplirChoix(select) {
      const gardees = listesGardees();
      const exemples = Array.from(role("exemple").querySelectorAll("option[data-url]"))
        .map((o) => ({ nom: o.textContent.trim(), texte: o.dataset.contenu || "" }));
      if (select !== role("exemple")) select.replaceChildren();
      if (gardees.length) {
        const groupe = el("optgroup", { label: "Mes listes" },
          gardees.map((l, i) => el("option", { value: "g" + i, "data-contenu": l.texte, texte: l.nom || "Liste sans nom" })));
        select.prepend(groupe);
        select.value = "g0";
      }
      if (select !== role("exemple")) {
        select.append(el("optgroup", { label: "Exemples" }, exemples.map((x, i) => el("option", { value: "x" + i, "data-contenu": x.texte, texte: x.nom }))));
      }
    }
    remplirChoix(role("exemple"));
    role("commencer-exemple").addEventListener("click", () => {
      const option = role("exemple").selectedOptions[0];
      if (option) commencer(option.dataset.contenu || "", option.textContent.trim());
    });
    role("adversaire-montrer").addEventListener("click", () => {
      remplirChoix(role("adversaire-choix"));
      role("adversaire-form").hidden = false;
      role("adversaire-choix").focus();
    });
    role("adversaire-ajouter").addEventListener("click", () => {
      const option = role("adversaire-choix").selectedOptions[0];
      if (partie && option) ajouterAdversaire(option.dataset.contenu || "", option.textContent.trim());
    });
    document.addEventListener("visibilitychange", garderEveille);
    window.addEventListener("storage", (e) => {
      if (e.key === stockage.cle + ".demande" && e.newValue) traiterDemande();
    });
    // Two tabs on one game: the later write wins; this tab shows it and says so.
    stockage.surAutreOnglet(() => {
      const relue = stockage.charger(avis);
      if (!relue) return;
      partie = relue;
      historique.repartir();
      montrer();
      role("avis").querySelector("[data-avis=onglet]")?.remove();
      avis("Cette partie a été jouée dans un autre onglet : cet onglet montre maintenant son dernier état.", "info").dataset.avis = "onglet";
    });

    // The page's plain dice (jouer-des.js); a roll's exact chance completes its log line.
    C().jouerDes.monter({ outil, role, jeu, moteur, partie: () => partie, noter, sauver, etape: () => nomEtape(etapeCourante()),
      completerLigne: (ligne, suite) => {
        if (!partie || !partie.journal.includes(ligne)) return;
        ligne.texte += suite;
        stockage.ligneModifiee(partie, ligne);
        sauver();
        const ancien = vues.get(ligne);
        if (ancien && ancien.isConnected) ancien.replaceWith(ligneVue(ligne));
      } });
    // Rolls from a sheet with the game's own calculators (jouer-jets.js), when the page has them.
    jets = C().jouerJets ? C().jouerJets.monter({ outil, role, base, jeu, moteur, partie: () => partie, noter, sauver, avis,
      nomFiche, valeurCompteur, materiel: (genre, cle) => materiel(jeu, genre, cle), tirage, etape: () => nomEtape(etapeCourante()) }) : null;
    // « Fin de la bataille » (chronicle logs), when the page has it.
    const apres = C().apresBataille ? C().apresBataille.monter({ outil, jeu, base, moteur, partie: () => partie, sauver, noter, avis }) : null;
    partie = stockage.charger(avis);
    historique.repartir();
    montrer();
    traiterDemande();
    outil.dataset.pret = "oui";
  }

  C().surPage(() => {
    document.querySelectorAll('[data-compendium-outil="jouer"]').forEach((outil) => {
      if (outil.dataset.pret === "oui") return;
      initialiser(outil);
    });
  });
})();
