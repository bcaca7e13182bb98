// « Composer et vérifier », builder part: saved lists (localStorage), undo, copy as text, and the builder's skeleton.
// Loaded on the tool page only, before composer.js, which calls this part with the builder's
// shared state `b` (see the top of composer.js).
(function () {
  "use strict";

  const P = (window.Compendium.composerParties = window.Compendium.composerParties || {});

  P.listes = function (b) {
    const C = () => window.Compendium;
    const { el } = C();
    const { copie, estObjet, idDe, resoudre } = window.Compendium.composer;
    const { jeu, api, schema, sortes, zones, pile, contenu, racineOutil } = b;

    // --- Saved lists (in this browser, nothing leaves it): the store is listes-gardees.js ---

    const gardees = C().listesGardees.pour(jeu);
    // Nor is it set aside as « gardée telle quelle » when another list replaces it.
    const sourceAvant = gardees.source;
    gardees.source = () => (b.intacte && api.zone.value === b.texteEcrit ? null : sourceAvant());
    /** {courante: the list open in this tab, listes: [{id, nom, maj}]}. */
    function lireListes() {
      return { courante: gardees.ouverte(), listes: gardees.toutes() };
    }

    function nomDe(l) {
      return estObjet(l) && typeof l.nom === "string" && l.nom.trim() ? l.nom.trim() : "Liste sans nom";
    }

    function garderDansListes(texte) {
      // A new list only the rules filled (Hate's tribe), untouched by the player: nothing to keep yet.
      if (!b.liste || b.intacte) return;
      // Worth keeping: entries, a name, or any change of the player to a list the builder started.
      const utile = (b.liste.entrees && b.liste.entrees.length) || b.liste.nom || b.imposer;
      const avant = gardees.ouverte();
      if (!avant && !utile) return;
      gardees.garder(texte, nomDe(b.liste));
      dessinerListes();
      const ouverte = gardees.ouverte();
      if (zones.listes && ouverte !== avant && [...zones.listes.options].some((o) => o.value === ouverte)) zones.listes.value = ouverte; // a new list, or a copy
    }


    // --- Saved lists, undo, copy ---

    function dessinerListes() {
      if (!zones.listes) return;
      const gardees = lireListes();
      const choix = zones.listes;
      const avant = choix.value;
      choix.replaceChildren(...gardees.listes.map((x) =>
        el("option", { value: x.id }, String(x.nom || "Liste sans nom") + (x.id === gardees.courante ? " (ouverte)" : ""))));
      choix.value = gardees.listes.some((x) => x.id === avant) ? avant : gardees.courante || "";
      const aucune = gardees.listes.length === 0;
      zones.ouvrir.disabled = aucune;
      zones.supprimer.disabled = aucune;
      zones.listesVide.hidden = !aucune;
    }

    function nouvelleListe() {
      gardees.nouvelle();
      b.memoriser();
      b.liste = b.vide();
      b.rapport = null;
      b.imposer = false; // a fresh start: the rules fill it calmly, and it is kept at the first change
      b.ecrire();
      zones.statut.textContent = "Nouvelle liste : elle sera gardée dans ce navigateur dès votre premier changement.";
    }

    function ouvrirListe() {
      const x = gardees.ouvrir(zones.listes.value);
      if (!x) return;
      b.memoriser();
      b.texteEcrit = null;
      api.ecrire(String(x.texte || ""));
      dessinerListes();
      zones.statut.textContent = `Liste « ${x.nom} » ouverte.`;
    }

    function supprimerListe() {
      const x = gardees.supprimer(zones.listes.value);
      if (!x) return;
      dessinerListes();
      // No confirmation box: the deleted list can be put back until the next deletion.
      const retablir = el("button", { type: "button", classe: "md-button cpd-petit-bouton", "data-role": "retablir-liste", onclick: () => {
        gardees.retablir(x);
        dessinerListes();
        zones.statut.textContent = `Liste « ${x.nom} » rétablie.`;
      } }, "Rétablir");
      zones.statut.replaceChildren(`Liste « ${x.nom} » supprimée de ce navigateur. `, retablir);
    }

    function annuler() {
      if (!pile.length) return;
      b.liste = JSON.parse(pile.pop());
      b.ecrire();
      zones.statut.textContent = "Dernier changement annulé.";
    }

    /** Plain-text summary, from the engine when it offers one, else from its report. */
    async function texteResume() {
      const promesse = b.composer({ action: "texte", liste: copie(b.liste) });
      const depuisMoteur = promesse ? await promesse : null;
      if (typeof depuisMoteur === "string" && depuisMoteur.trim()) return depuisMoteur;
      if (depuisMoteur && typeof depuisMoteur.texte === "string" && depuisMoteur.texte.trim()) return depuisMoteur.texte;
      const lignes = [nomDe(b.liste)];
      if (estObjet(b.liste.options)) {
        const opts = resoudre((schema.properties || {}).options || {}, schema).properties || {};
        for (const [k, v] of Object.entries(b.liste.options)) {
          if (estObjet(v)) continue;
          lignes.push(`${(opts[k] && opts[k].title) || k} : ${Array.isArray(v) ? v.map((x) => b.libelle(k, x)).join(", ") : b.libelle(k, v)}`);
        }
      }
      (b.liste.entrees || []).forEach((e, i) => {
        const l = b.ligneCout(i);
        const sorte = b.sorteDe(e);
        const nom = (l && l.nom) || (e && e.nom) || (sorte ? b.libelle(sorte, e[sorte]) : "Entrée " + (i + 1));
        const c = l ? (l.cout_total ?? l.cout) : undefined;
        lignes.push(`- ${nom}${typeof c === "number" ? " : " + b.coutTexte(c) : ""}`);
      });
      lignes.push(b.totalTexte());
      return lignes.join("\n");
    }

    async function copierTexte() {
      const texte = await texteResume();
      zones.copie.hidden = false;
      zones.copieTexte.value = texte;
      let note = "Résumé prêt : sélectionnez-le et copiez-le.";
      try {
        if (navigator.clipboard && window.isSecureContext) {
          await navigator.clipboard.writeText(texte);
          note = "Résumé copié dans le presse-papiers.";
        }
      } catch (e) {
        /* permission refused: the text stays in the field */
      }
      zones.copieTexte.select();
      zones.statut.textContent = note;
    }

    // --- Help texts of the fields: shown on a large screen, folded on a phone (the player's choice is kept) ---

    const CLE_AIDE = "compendium.composer.aide";
    function boutonAide() {
      let voulue = null;
      try {
        voulue = window.localStorage.getItem(CLE_AIDE);
      } catch (e) {
        voulue = null;
      }
      const telephone = window.matchMedia && window.matchMedia("(max-width: 44.984375em)").matches;
      const montrer = voulue === null ? !telephone : voulue === "oui";
      const bouton = el("button", { type: "button", classe: "md-button", "data-role": "aide-champs", "aria-pressed": String(montrer) }, "Aide des champs");
      b.section.dataset.aide = montrer ? "oui" : "non";
      bouton.addEventListener("click", () => {
        const oui = b.section.dataset.aide !== "oui";
        b.section.dataset.aide = oui ? "oui" : "non";
        bouton.setAttribute("aria-pressed", String(oui));
        try {
          window.localStorage.setItem(CLE_AIDE, oui ? "oui" : "non");
        } catch (e) {
          /* full or blocked storage: the choice holds for this page */
        }
      });
      return bouton;
    }

    // --- Skeleton (drawn once) ---

    function squelette() {
      const bouton = (texte, role, action, extra) =>
        el("button", { type: "button", classe: "md-button", "data-role": role, onclick: action, ...(extra || {}) }, texte);
      zones.listes = el("select", { id: "cpd-listes-gardees", "data-role": "listes-gardees" });
      zones.ouvrir = bouton("Ouvrir", "ouvrir-liste", ouvrirListe);
      zones.supprimer = bouton("Supprimer", "supprimer-liste", supprimerListe);
      zones.listesVide = el("span", { classe: "cpd-aide" }, "Aucune liste gardée pour l'instant.");
      zones.annuler = bouton("Annuler", "annuler", annuler, { title: "Annuler le dernier changement", disabled: true });
      zones.statut = el("p", { classe: "cpd-aide", role: "status", "aria-live": "polite", "data-role": "composer-statut" });
      zones.copieTexte = el("textarea", { id: "cpd-copie-texte", classe: "cpd-texte", rows: 8, readonly: true, "data-role": "copie-texte" });
      zones.copie = el("div", { hidden: true }, el("label", { for: "cpd-copie-texte", classe: "cpd-champ-titre" }, "Résumé en texte"), zones.copieTexte);
      // The summary bar: the total against the format, the errors (a click goes to the first one),
      // the warnings and the repairs. It stays in view while the list scrolls (at the top on a large
      // screen, at the bottom on a phone: outils.css).
      zones.total = el("p", { classe: "cpd-total cpd-composer-total", "data-role": "composer-total", role: "status", "aria-live": "polite", "aria-atomic": "true" });
      zones.etatListe = el("button", { type: "button", classe: "cpd-barre-etat", "data-role": "aller-erreur", onclick: () => b.allerAuPremier(["erreur", "a-completer"]) });
      zones.avertissementsListe = el("button", { type: "button", classe: "cpd-barre-avert", "data-role": "aller-avertissement", hidden: true, onclick: () => b.allerAuPremier(["avertissement"]) });
      zones.reparer = el("button", { type: "button", classe: "md-button cpd-petit-bouton", "data-role": "ouvrir-reparations", hidden: true,
        "aria-controls": "cpd-reparations-place", onclick: () => racineOutil.dispatchEvent(new CustomEvent("compendium:reparer")) }, "Réparer");
      zones.barre = el("div", { classe: "cpd-barre-resume", "data-role": "barre-resume", role: "region", "aria-label": "Résumé de la liste" },
        zones.total, el("span", { classe: "cpd-barre-boutons" }, zones.etatListe, zones.avertissementsListe, zones.reparer));
      zones.reparations = el("div", { id: "cpd-reparations-place", classe: "cpd-reparations-place", "data-role": "reparations-place" });
      zones.globaux = el("div", { "data-role": "composer-erreurs-liste" });
      zones.enveloppe = el("div", { classe: "cpd-carte-champs" });
      zones.resumeEnveloppe = el("span", { classe: "cpd-resume-enveloppe", "data-role": "resume-enveloppe" });
      zones.blocEnveloppe = el("details", { classe: "cpd-groupe cpd-enveloppe", "data-role": "enveloppe", open: true },
        el("summary", {}, el("span", { classe: "cpd-champ-titre" }, "Réglages de la liste"), " : ", zones.resumeEnveloppe), zones.enveloppe);
      zones.compte = el("p", { classe: "cpd-aide cpd-compte-entrees" });
      zones.entrees = el("ol", { classe: "cpd-lignes", "data-role": "composer-entrees" });
      zones.ajouter = el("div", { classe: "cpd-ajouter", "data-role": "ajouter" });
      const renommer = bouton("Renommer", "renommer", () => {
        if (b.enLecture()) return; // the settings are read-only until the list is read
        zones.blocEnveloppe.open = true;
        const champ = document.getElementById(idDe(["nom"]));
        if (champ) {
          champ.focus();
          champ.select();
        }
      }, { title: "Le nom de la liste est aussi son nom parmi les listes gardées" });
      // What a click can change: read-only while the text view holds a list not read yet (marquerLecture).
      zones.formulaire = [zones.reparations, zones.globaux, zones.blocEnveloppe,
        el("h3", { classe: "cpd-titre-entrees" }, String(((schema.properties || {}).entrees || {}).title || "Entrées"), " ", zones.compte),
        zones.entrees,
        el("section", { classe: "cpd-groupe cpd-section-ajouter", "aria-labelledby": "cpd-ajouter-titre" },
          el("h3", { id: "cpd-ajouter-titre", tabindex: "-1" }, "Ajouter"), zones.ajouter)];
      contenu.replaceChildren(
        el("div", { classe: "cpd-barre-outils cpd-listes", role: "group", "aria-label": "Mes listes gardées dans ce navigateur" },
          el("span", { classe: "cpd-champ" }, el("label", { for: "cpd-listes-gardees" }, "Mes listes"), zones.listes),
          zones.ouvrir, zones.supprimer, renommer, zones.listesVide),
        el("div", { classe: "cpd-barre-outils", role: "group", "aria-label": "Actions du compositeur" },
          bouton("Nouvelle liste", "nouvelle-liste", nouvelleListe), zones.annuler,
          bouton("Copier en texte", "copier-texte", copierTexte), boutonAide()),
        zones.statut, zones.copie,
        el("div", { classe: "cpd-composer-corps" }, zones.barre, ...zones.formulaire));
      zones.ajouter.replaceChildren(...(sortes.length ? b.pickerSortes() : b.pickerConcu()));
      // « Aller à Ajouter », the tool's first link: the keyboard reaches the catalogue in a few keys.
      if (!racineOutil.querySelector('[data-role="aller-ajouter"]')) {
        racineOutil.prepend(el("a", { href: "#cpd-ajouter-titre", classe: "cpd-aller", "data-role": "aller-ajouter", onclick: (ev) => {
          ev.preventDefault();
          // The catalogue's current choice, or the « add » button of a designed entry (its fields have
          // starting values; the new entry opens for editing).
          const cible = zones.ajouter.querySelector('[data-role="choix"][tabindex="0"]') || zones.ajouter.querySelector('[data-role="choix"], [data-role="ajouter-entree"]');
          (cible || document.getElementById("cpd-ajouter-titre")).focus();
        } }, "Aller à « Ajouter »"));
      }
      dessinerListes();
    }



    gardees.addEventListener("change", () => dessinerListes()); // another tab, or the text view, changed them

    Object.assign(b, { lireListes, nomDe, garderDansListes, dessinerListes, nouvelleListe, ouvrirListe, supprimerListe, annuler, texteResume, copierTexte, squelette });
  };
})();
