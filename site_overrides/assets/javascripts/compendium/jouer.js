// « Jouer » tool page: a list becomes a table-side tracker.
//
// The engine (worker action « partie », browser_engine/partie.py) gives one sheet per figure, unit
// or player, each counter with its start and bounds and each status with its rule; this page only
// draws them and keeps the game. The turn sequence and the dice are in the page (jouer.md.j2).
//
// Storage (never throws; a refused write is said until a write succeeds, the game stays in memory):
//   localStorage "compendium.jouer.<jeu>"          the game: {v, texte, nom, resultat, valeurs, tour,
//                                                   etape, journal, debut, apres}, written after every tap
//                                                   (apres: the « Fin de la bataille » walkthrough in
//                                                   progress, jouer-apres-bataille.js)
//   localStorage "compendium.jouer.<jeu>.demande"  a list sent by « Jouer cette liste » (jouer-lien.js)
//   localStorage "compendium.jouer.<jeu>.abime"    a stored game that could not be read, set aside as
//                                                   is (then .abime-2…), never over an earlier one
//   « Mon matériel » (materiel.js)                   the player's card catalogue and dice faces, read only
//   (older keys compendium.catalogue.<jeu> and compendium.des.<jeu>.<stockage>, until « Mon matériel » moves them)
(function () {
  "use strict";

  const C = () => window.Compendium;
  const el = (...args) => window.Compendium.el(...args);
  const CLE = "compendium.jouer.";
  const VERSION = 1;
  const MAX_JOURNAL = 2000;
  const ETATS_MIN = { retiree: "Retirée", ko: "KO", vaincu: "Vaincu", reinitialise: "Réinitialisation", inefficace: "Inefficace" };

  // --- Storage ---------------------------------------------------------------------------------

  function lire(cle) {
    try {
      return window.localStorage.getItem(cle);
    } catch (e) {
      return null;
    }
  }

  function ecrire(cle, valeur) {
    try {
      if (valeur === null) window.localStorage.removeItem(cle);
      else window.localStorage.setItem(cle, valeur);
      return true;
    } catch (e) {
      return false;
    }
  }

  function mettreDeCote(jeu, brut) {
    for (let i = 1; i < 50; i += 1) {
      const cle = CLE + jeu + ".abime" + (i > 1 ? "-" + i : "");
      if (lire(cle) === null) return ecrire(cle, brut) ? cle : null;
    }
    return null;
  }

  /** The stored game, or null; a value that cannot be read is set aside first. */
  function lirePartie(jeu, avis) {
    const brut = lire(CLE + jeu);
    if (brut === null) return null;
    try {
      const p = JSON.parse(brut);
      if (p && p.v === VERSION && p.resultat && Array.isArray(p.resultat.fiches) && p.valeurs) return p;
      throw new Error("forme");
    } catch (e) {
      const cle = mettreDeCote(jeu, brut);
      avis(cle ? `Une partie enregistrée n'a pas pu être relue : elle est gardée telle quelle sous « ${cle} ».`
        : "Une partie enregistrée n'a pas pu être relue, ni mise de côté : elle est laissée en place.", "alerte");
      if (cle) ecrire(CLE + jeu, null);
      return null;
    }
  }

  // --- Dice ------------------------------------------------------------------------------------

  /** A uniform integer in [0, n) from crypto.getRandomValues (rejection sampling, no modulo bias). */
  function tirage(n) {
    const borne = Math.floor(0x100000000 / n) * n;
    const tampon = new Uint32Array(1);
    for (;;) {
      window.crypto.getRandomValues(tampon);
      if (tampon[0] < borne) return tampon[0] % n;
    }
  }

  /** An item of « Mon matériel » (`genre`: des, catalogue), or undefined (no store on this page, nothing typed). */
  function materiel(jeu, genre, cle) {
    try {
      return C().materiel ? C().materiel.pour(jeu).lire(genre, cle) : undefined;
    } catch (e) {
      return undefined;
    }
  }

  /** The faces typed in « Mon matériel » for a die the book prints only as pictures. */
  function facesStockees(jeu, stockage) {
    try {
      const typees = materiel(jeu, "des", stockage);
      const faces = Array.isArray(typees) ? typees : JSON.parse(lire("compendium.des." + jeu + "." + stockage) || "[]");
      if (!Array.isArray(faces) || !faces.length) return null;
      return faces.map((f) => {
        if (typeof f === "string") return f;
        if (f && typeof f === "object") {
          const parts = Object.entries(f).filter(([, v]) => String(v).trim() && String(v).trim() !== "0");
          return parts.length ? parts.map(([k, v]) => `${v} ${k}`).join(" + ") : "vide";
        }
        return String(f);
      });
    } catch (e) {
      return null;
    }
  }

  /** The same faces as the engine reads them: a symbol (text) or `{symbol: count}` with numbers. */
  function facesSymboles(jeu, stockage, faces) {
    let brutes = null;
    try {
      const typees = stockage ? materiel(jeu, "des", stockage) : null;
      brutes = Array.isArray(typees) ? typees : stockage ? JSON.parse(lire("compendium.des." + jeu + "." + stockage) || "null") : null;
    } catch (e) {
      brutes = null;
    }
    if (!Array.isArray(brutes) || brutes.length !== faces.length) return faces;
    return brutes.map((f, i) => {
      if (!f || typeof f !== "object") return faces[i];
      const face = {};
      for (const [k, v] of Object.entries(f)) if (String(v).trim() !== "") face[k] = Number(v);
      return face;
    });
  }

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
    let partie = null;
    let verrou = null;
    const ajouts = C().jouerAjouts.monter({ outil, role, partie: () => partie, noter, sauver, dessinerFiche, lienRegle, toutesFiches });

    function avis(texte, sorte, actions) {
      const zone = role("avis");
      const p = el("div", { classe: "cpj-message cpj-message--" + (sorte || "info"), role: sorte === "alerte" ? "alert" : null },
        el("p", { texte }), actions || null);
      zone.append(p);
      return p;
    }

    function sauver() {
      if (!partie) return;
      const ok = ecrire(CLE + jeu, JSON.stringify(partie));
      const zone = role("avis");
      const ancien = zone.querySelector("[data-avis=stockage]");
      if (!ok && !ancien) {
        const bouton = el("button", { type: "button", classe: "md-button cpj-gros", texte: "Exporter le journal", onclick: exporter });
        const message = avis("Ce navigateur refuse d'enregistrer la partie (stockage plein ou désactivé) : elle reste sur cette page tant qu'elle est ouverte. Exportez le journal pour la garder.", "alerte", bouton);
        message.dataset.avis = "stockage";
      } else if (ok && ancien) {
        ancien.remove();
      }
    }

    function noter(texte) {
      partie.journal.push({ t: new Date().toISOString(), tour: partie.tour, texte });
      if (partie.journal.length > MAX_JOURNAL) partie.journal.splice(0, partie.journal.length - MAX_JOURNAL);
      dessinerJournal();
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

    function valeurCompteur(fiche, c) {
      const v = (partie.valeurs[fiche.id] || {}).compteurs || {};
      return Object.prototype.hasOwnProperty.call(v, c.id) ? v[c.id] : c.depart;
    }

    function statutActif(fiche, s) {
      return Boolean(((partie.valeurs[fiche.id] || {}).statuts || {})[s.id]);
    }

    function changerCompteur(fiche, c, pas) {
      const actuel = valeurCompteur(fiche, c);
      let nouveau = actuel === null || actuel === undefined ? (pas > 0 ? (c.min ?? 0) : null) : actuel + pas;
      if (nouveau === null) return;
      if (c.min !== null && c.min !== undefined && nouveau < c.min) return;
      if (c.max !== null && c.max !== undefined && nouveau > c.max) return;
      const v = (partie.valeurs[fiche.id] = partie.valeurs[fiche.id] || { compteurs: {}, statuts: {} });
      v.compteurs[c.id] = nouveau;
      noter(`${fiche.nom} : ${c.nom} ${actuel ?? "?"} → ${nouveau}` +
        (c.au_minimum && nouveau === c.min ? ` (${ETATS_MIN[c.au_minimum] || c.au_minimum})` : ""));
      sauver();
      dessinerFiche(fiche);
    }

    function basculerStatut(fiche, s) {
      const v = (partie.valeurs[fiche.id] = partie.valeurs[fiche.id] || { compteurs: {}, statuts: {} });
      v.statuts[s.id] = !v.statuts[s.id];
      noter(`${fiche.nom} : ${s.nom} ${v.statuts[s.id] ? "oui" : "non"}`);
      sauver();
      dessinerFiche(fiche);
    }

    function lienRegle(chemin, texte, resume) {
      const href = C().lienSur(base, chemin);
      return href ? el("a", { href, title: resume || null, texte }) : el("span", { texte });
    }

    function horsJeu(fiche) {
      for (const c of fiche.compteurs) {
        const v = valeurCompteur(fiche, c);
        if (c.au_minimum && c.au_minimum !== "inefficace" && v !== null && v !== undefined && v === c.min) return ETATS_MIN[c.au_minimum];
      }
      const s = fiche.statuts.find((x) => x.hors_jeu && statutActif(fiche, x));
      return s ? s.nom : null;
    }

    function compteurVue(fiche, c) {
      const v = valeurCompteur(fiche, c);
      const connu = v !== null && v !== undefined;
      const bas = !connu || (c.min !== null && v <= c.min);
      const haut = connu && c.max !== null && c.max !== undefined && v >= c.max;
      const ident = `cpj-${fiche.id}-${c.id}`;
      const etiquette = `${c.nom} de ${fiche.nom}`;
      const ligne = el("div", { classe: "cpj-compteur" + (connu && c.au_minimum && v === c.min ? " cpj-compteur--min" : ""), "data-compteur": c.id },
        el("span", { classe: "cpj-compteur-nom", id: ident }, lienRegle(c.lien, c.nom, c.aide)),
        el("button", { type: "button", classe: "cpj-pas", "aria-label": `Retirer 1 : ${etiquette}`, disabled: bas, "data-pas": "-1", onclick: () => changerCompteur(fiche, c, -1), texte: "−" }),
        el("output", { classe: "cpj-valeur", "aria-labelledby": ident, "aria-live": "polite", texte: (connu ? String(v) : "?") + (c.max !== null && c.max !== undefined ? ` / ${c.max}` : "") }),
        el("button", { type: "button", classe: "cpj-pas", "aria-label": `Ajouter 1 : ${etiquette}`, disabled: haut, "data-pas": "1", onclick: () => changerCompteur(fiche, c, 1), texte: "+" }));
      if (c.manquant) ligne.append(el("p", { classe: "cpj-manquant", texte: c.manquant + (connu ? "" : " Réglez-le avec « + ».") }));
      return ligne;
    }

    function statutVue(fiche, s) {
      const actif = statutActif(fiche, s);
      return el("span", { classe: "cpj-statut", "data-statut": s.id },
        el("button", { type: "button", classe: "cpj-puce", "aria-pressed": actif ? "true" : "false", onclick: () => basculerStatut(fiche, s), texte: s.nom, title: s.aide || null }),
        (() => {
          const href = C().lienSur(base, s.lien);
          return href ? el("a", { classe: "cpj-regle", href, title: `Règle : ${s.nom}`, "aria-label": `Règle : ${s.nom}`, texte: "§" }) : null;
        })());
    }

    function dessinerFiche(fiche) {
      const ancien = outil.querySelector(`[data-fiche="${CSS.escape(fiche.id)}"]`);
      const hors = horsJeu(fiche);
      const carte = el("article", { classe: "cpj-fiche" + (hors ? " cpj-fiche--hors" : ""), "data-fiche": fiche.id, "data-sorte": fiche.sorte, "data-parent": fiche.parent || null, "aria-label": fiche.nom },
        el("h3", { classe: "cpj-fiche-nom" }, fiche.nom, fiche.role ? el("span", { classe: "cpj-role", texte: " · " + fiche.role }) : null,
          hors ? el("span", { classe: "cpj-hors", texte: hors }) : null),
        fiche.compteurs.map((c) => compteurVue(fiche, c)),
        fiche.statuts.length ? el("div", { classe: "cpj-statuts" }, fiche.statuts.map((s) => statutVue(fiche, s))) : null);
      // Keep focus on the button that was tapped, for keyboard and screen reader users.
      const focus = document.activeElement && ancien && ancien.contains(document.activeElement) ? document.activeElement : null;
      const cle = focus ? [focus.closest("[data-compteur],[data-statut]"), focus.dataset.pas] : null;
      ajouts.ajoutsVue(fiche, carte);
      if (ancien) ancien.replaceWith(carte);
      else if (fiche.parent) ajouts.placerAjout(fiche, carte);
      else role(fiche.camp === "b" ? "fiches-adversaire" : "fiches").append(carte);
      if (cle && cle[0]) {
        const sel = cle[0].dataset.compteur ? `[data-compteur="${cle[0].dataset.compteur}"] [data-pas="${cle[1]}"]` : `[data-statut="${cle[0].dataset.statut}"] button`;
        const cible = carte.querySelector(sel);
        if (cible && !cible.disabled) cible.focus();
        else if (cible) carte.querySelector(`[data-compteur="${cle[0].dataset.compteur}"] .cpj-pas:not([disabled])`)?.focus();
      }
    }

    function toutesFiches() {
      return partie.resultat.fiches.concat(partie.adversaire ? partie.adversaire.resultat.fiches : [], ajouts.ajoutees());
    }

    function dessinerFiches() {
      role("fiches").replaceChildren();
      role("fiches-adversaire").replaceChildren();
      toutesFiches().forEach(dessinerFiche);
    }

    // --- Sequence, round, log --------------------------------------------------------------------

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
    }

    function nouveauTour() {
      partie.tour += 1;
      partie.etape = 0;
      for (const fiche of toutesFiches()) {
        const v = partie.valeurs[fiche.id];
        if (!v) continue;
        for (const s of fiche.statuts) if (s.fin_du_tour) delete v.statuts[s.id];
      }
      noter(`Début du ${nomTour} ${partie.tour}` + (toursMax && partie.tour > toursMax ? ` (au-delà des ${toursMax} prévus)` : ""));
      dessinerFiches();
    }

    function avancer(sens) {
      if (sens > 0) {
        let i = partie.etape + 1;
        while (i < etapes.length && !active(etapes[i])) i += 1;
        if (i >= etapes.length) nouveauTour();
        else partie.etape = i;
      } else {
        let i = partie.etape - 1;
        while (i >= 0 && !active(etapes[i])) i -= 1;
        if (i < 0) return;
        partie.etape = i;
      }
      noter(`Étape : ${nomEtape(etapeCourante())}`);
      while (!active(etapeCourante())) partie.etape += 1;
      sauver();
      dessinerSequence();
    }

    function dessinerJournal() {
      const ol = role("journal");
      ol.replaceChildren(...partie.journal.slice(-200).reverse().map((l) =>
        el("li", {}, el("time", { datetime: l.t, texte: heure(l.t) }), " ", l.texte)));
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

    // --- Dice ------------------------------------------------------------------------------------

    function lancer(bouton) {
      if (!partie) return;
      const nombre = Math.min(20, Math.max(1, parseInt(role("nombre").value, 10) || 1));
      let faces = bouton.dataset.faces ? bouton.dataset.faces.split(",") : null;
      if (!faces && bouton.dataset.stockage) faces = facesStockees(jeu, bouton.dataset.stockage);
      if (!faces || faces.length < 2) {
        role("resultat").replaceChildren(`${bouton.dataset.nom} : faces inconnues. `,
          outil.dataset.materiel
            ? el("a", { href: outil.dataset.materiel, texte: "Saisissez-les dans « Mon matériel »" })
            : el("a", { href: outil.dataset.probas, texte: "Saisissez-les dans Probabilités" }), ".");
        return;
      }
      const indices = Array.from({ length: nombre }, () => tirage(faces.length));
      const tires = indices.map((i) => faces[i]);
      const pour = role("pour").value.trim();
      const texte = `${nombre} ${bouton.dataset.nom}${pour ? ` pour « ${pour} »` : ""} : ${tires.join(", ")}` +
        (nombre > 1 && tires.every((t) => /^\d+$/.test(t)) ? ` (total ${tires.reduce((s, t) => s + Number(t), 0)})` : "");
      role("resultat").textContent = texte;
      noter(`Jet — ${nomEtape(etapeCourante())} — ${texte}`);
      const ligne = partie.journal[partie.journal.length - 1];
      sauver();
      // The exact chance of this result or better, from the engine: the total, or the symbols.
      if (faces.every((f) => /^-?\d+$/.test(f))) {
        const total = tires.reduce((somme, t) => somme + Number(t), 0);
        ajouterChance({ action: "chance", liste: {}, faces: faces.map(Number), nombre, total }, texte, ligne);
      } else {
        // Symbol dice: at least as many of each rolled symbol (and of all at once).
        const symboles = facesSymboles(jeu, bouton.dataset.stockage, faces);
        ajouterChance({ action: "chance-symboles", liste: {}, faces: symboles, tires: indices }, texte, ligne);
      }
    }

    /** The engine's exact chance of a roll, added after the roll on screen and in its log line. */
    function ajouterChance(requete, texte, ligne) {
      moteur.composer(jeu, requete)
        .then((r) => {
          if (!r || typeof r.texte !== "string" || !partie) return;
          if (requete.action === "chance-symboles" && !(r.symboles && r.symboles.length)) return;
          if (role("resultat").textContent === texte) role("resultat").textContent = `${texte} — ${r.texte}`;
          if (partie.journal.includes(ligne)) {
            ligne.texte += ` — ${r.texte}`;
            sauver();
            dessinerJournal();
          }
        })
        .catch(() => {});
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

    // --- Starting a game ---------------------------------------------------------------------------

    function montrer() {
      role("depart").hidden = Boolean(partie);
      role("partie").hidden = !partie;
      // A game in progress needs no engine: its loading bar would only push the game down.
      role("chargement").classList.toggle("cpj-discret", Boolean(partie));
      if (!partie) return;
      const r = partie.resultat;
      const bandeau = role("bandeau");
      bandeau.replaceChildren(el("p", { classe: "cpj-liste" }, "Liste : ", el("strong", { texte: partie.nom || r.nom_liste || "sans nom" })));
      if (!r.valide) {
        bandeau.append(el("p", { classe: "cpj-message cpj-message--alerte", role: "note", "data-role": "liste-invalide",
          texte: `Cette liste n'est pas valide (${r.erreurs} erreur${r.erreurs > 1 ? "s" : ""}) : vous pouvez la jouer quand même ; corrigez-la dans « Composer et vérifier ».` }));
      }
      const adv = partie.adversaire;
      role("adversaire-titre").hidden = !adv;
      role("adversaire-ajout").hidden = Boolean(adv);
      if (adv) {
        role("adversaire-titre").textContent = `Adversaire : ${adv.nom || adv.resultat.nom_liste || "liste sans nom"}` +
          (adv.resultat.valide ? "" : " (liste non valide : jouable quand même)");
      }
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

    /** The opponent's list: its sheets get ids of their own (« b- »), drawn under their own heading. */
    async function ajouterAdversaire(texte, nom) {
      const chargement = avis("Préparation des fiches de l'adversaire…", "info");
      try {
        const resultat = await fichesDe(texte);
        for (const f of resultat.fiches) {
          f.id = "b-" + f.id;
          f.camp = "b";
        }
        partie.adversaire = { texte, nom: nom || resultat.nom_liste || "", resultat };
        noter(`Liste de l'adversaire : « ${partie.adversaire.nom || "liste sans nom"} »${resultat.valide ? "" : " (liste non valide)"}`);
        sauver();
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
        partie = { v: VERSION, texte, nom: nom || resultat.nom_liste || "", resultat, valeurs: {}, tour: 1, etape: 0, journal: [], debut };
        while (etapes.length && !active(etapeCourante())) partie.etape += 1;
        noter(`Nouvelle partie avec « ${partie.nom || "liste sans nom"} »${resultat.valide ? "" : " (liste non valide)"}`);
        noter(`Étape : ${nomEtape(etapeCourante())}`);
        sauver();
        chargement.remove();
        montrer();
      } catch (e) {
        chargement.remove();
        avis(`Impossible de préparer la partie : ${e && e.message ? e.message : e}`, "alerte");
      }
    }

    function demandeEnAttente() {
      const brut = lire(CLE + jeu + ".demande");
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
        ecrire(CLE + jeu + ".demande", null);
        return;
      }
      if (!partie) {
        ecrire(CLE + jeu + ".demande", null);
        commencer(demande.texte, demande.nom);
        return;
      }
      const actions = el("p", {},
        el("button", { type: "button", classe: "md-button md-button--primary cpj-gros", texte: "Jouer cette liste (nouvelle partie)", onclick: () => {
          message.remove();
          ecrire(CLE + jeu + ".demande", null);
          commencer(demande.texte, demande.nom);
        } }), " ",
        el("button", { type: "button", classe: "md-button cpj-gros", texte: "Garder la partie en cours", onclick: () => {
          message.remove();
          ecrire(CLE + jeu + ".demande", null);
        } }));
      const message = avis(`Une partie est en cours. Commencer une nouvelle partie avec « ${demande.nom || "la liste envoyée"} » effacera celle-ci.`, "alerte", actions);
    }

    // --- Wiring --------------------------------------------------------------------------------------

    role("etape-suivante").addEventListener("click", () => partie && avancer(1));
    role("etape-precedente").addEventListener("click", () => partie && avancer(-1));
    role("exporter").addEventListener("click", exporter);
    role("nouvelle").addEventListener("click", () => {
      role("confirmer").hidden = false;
      role("confirmer-non").focus();
    });
    role("confirmer-non").addEventListener("click", () => { role("confirmer").hidden = true; });
    role("confirmer-oui").addEventListener("click", () => {
      role("confirmer").hidden = true;
      if (partie) noter("Partie abandonnée pour une nouvelle");
      partie = null;
      ecrire(CLE + jeu, null);
      montrer();
      role("exemple").focus();
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
    outil.querySelectorAll('[data-role="lancer"]').forEach((b) => b.addEventListener("click", () => lancer(b)));
    document.addEventListener("visibilitychange", garderEveille);
    window.addEventListener("storage", (e) => {
      if (e.key === CLE + jeu + ".demande" && e.newValue) traiterDemande();
    });

    // « Fin de la bataille » (chronicle logs), when the page has it.
    const apres = C().apresBataille ? C().apresBataille.monter({ outil, jeu, base, moteur, partie: () => partie, sauver, noter, avis }) : null;
    partie = lirePartie(jeu, avis);
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
