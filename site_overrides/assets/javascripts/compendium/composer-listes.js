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
    const { jeu, api, schema, sortes, zones, pile, contenu } = b;

    // --- Saved lists (in this browser, nothing leaves it): the store is listes-gardees.js ---

    const gardees = C().listesGardees.pour(jeu);
    /** {courante: the list open in this tab, listes: [{id, nom, maj}]}. */
    function lireListes() {
      return { courante: gardees.ouverte(), listes: gardees.toutes() };
    }

    function nomDe(l) {
      return estObjet(l) && typeof l.nom === "string" && l.nom.trim() ? l.nom.trim() : "Liste sans nom";
    }

    function garderDansListes(texte) {
      if (!b.liste) return;
      const utile = (b.liste.entrees && b.liste.entrees.length) || b.liste.nom;
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
      b.ecrire();
      zones.statut.textContent = "Nouvelle liste : elle sera gardée dans ce navigateur dès sa première entrée ou son nom.";
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
      zones.total = el("p", { classe: "cpd-total cpd-composer-total", "data-role": "composer-total", role: "status", "aria-live": "polite", "aria-atomic": "true" });
      zones.globaux = el("div", { "data-role": "composer-erreurs-liste" });
      zones.enveloppe = el("div", { classe: "cpd-carte-champs" });
      zones.compte = el("p", { classe: "cpd-aide" });
      zones.entrees = el("ol", { classe: "cpd-cartes", "data-role": "composer-entrees" });
      zones.ajouter = el("div", { classe: "cpd-ajouter", "data-role": "ajouter" });
      const renommer = bouton("Renommer", "renommer", () => {
        const champ = document.getElementById(idDe(["nom"]));
        if (champ) {
          champ.focus();
          champ.select();
        }
      }, { title: "Le nom de la liste est aussi son nom parmi les listes gardées" });
      contenu.replaceChildren(
        el("div", { classe: "cpd-barre-outils cpd-listes", role: "group", "aria-label": "Mes listes gardées dans ce navigateur" },
          el("span", { classe: "cpd-champ" }, el("label", { for: "cpd-listes-gardees" }, "Mes listes"), zones.listes),
          zones.ouvrir, zones.supprimer, renommer, zones.listesVide),
        el("div", { classe: "cpd-barre-outils", role: "group", "aria-label": "Actions du compositeur" },
          bouton("Nouvelle liste", "nouvelle-liste", nouvelleListe), zones.annuler,
          bouton("Copier en texte", "copier-texte", copierTexte)),
        zones.statut, zones.copie,
        zones.total, zones.globaux,
        el("fieldset", { classe: "cpd-groupe cpd-enveloppe" }, el("legend", {}, "La liste"), zones.enveloppe),
        el("h3", {}, String(((schema.properties || {}).entrees || {}).title || "Entrées")),
        zones.compte, zones.entrees,
        el("section", { classe: "cpd-groupe cpd-section-ajouter", "aria-labelledby": "cpd-ajouter-titre" },
          el("h3", { id: "cpd-ajouter-titre" }, "Ajouter"), zones.ajouter));
      zones.ajouter.replaceChildren(...(sortes.length ? b.pickerSortes() : b.pickerConcu()));
      dessinerListes();
    }



    gardees.addEventListener("change", () => dessinerListes()); // another tab, or the text view, changed them

    Object.assign(b, { lireListes, nomDe, garderDansListes, dessinerListes, nouvelleListe, ouvrirListe, supprimerListe, annuler, texteResume, copierTexte, squelette });
  };
})();
