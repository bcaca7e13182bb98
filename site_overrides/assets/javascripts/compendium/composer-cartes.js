// « Composer et vérifier », builder part: drawing: the total, the list-wide messages, one card per entry with its cost, fields and messages.
// Loaded on the tool page only, before composer.js, which calls this part with the builder's
// shared state `b` (see the top of composer.js).
(function () {
  "use strict";

  const P = (window.Compendium.composerParties = window.Compendium.composerParties || {});

  P.cartes = function (b) {
    const C = () => window.Compendium;
    const { el } = C();
    const { copie, estObjet, resoudre } = window.Compendium.composer;
    const { base, unite, schema, entreeSchema, sortes, zones, ouverts, pile, racineOutil } = b;

    // --- Report helpers ---

    function violations() {
      if (!b.rapport) return [];
      return [
        ...(b.rapport.erreurs || []).map((v) => ({ ...v, severite: "erreur" })),
        ...(b.rapport.avertissements || []).map((v) => ({ ...v, severite: "avertissement" })),
      ];
    }

    function rangEntree(v) {
      const m = /^\/entrees\/(\d+)(?:\/|$)/.exec(String(v.chemin || ""));
      return m ? Number(m[1]) : null;
    }

    function ligneCout(i) {
      const d = (b.rapport && b.rapport.details) || {};
      const lignes = Array.isArray(d.entrees) ? d.entrees : Array.isArray(d.couts) ? d.couts : [];
      return lignes.find((l) => l && l.index === i) || (lignes[i] && lignes[i].index === undefined ? lignes[i] : null);
    }

    function message(v) {
      const lien = C().lienSur(base, v.regle);
      const champ = /^\/entrees\/\d+\/(.+)$/.exec(String(v.chemin || ""));
      return el("li", { classe: "cpd-violation cpd-violation--" + v.severite, "data-code": v.code || "" },
        el("span", { classe: "cpd-violation-genre" }, v.severite === "erreur" ? "Erreur : " : "Avertissement : "),
        el("span", { classe: "cpd-violation-message" }, String(v.message || "")),
        champ ? el("span", { classe: "cpd-chemin" }, " (" + champ[1].replace(/\//g, " › ") + ")") : null,
        lien ? [" · ", el("a", { href: lien }, "voir la règle")] : null);
    }

    // --- Drawing ---

    function coutActivation() {
      const d = (b.rapport && b.rapport.details) || {};
      return typeof d.cout_activation === "number" ? d.cout_activation : null;
    }

    function totalTexte() {
      if (b.illisible) return "Le texte de la liste ne peut pas être lu : corrigez-le dans la vue texte.";
      if (!b.rapport) return b.liste && b.liste.entrees && b.liste.entrees.length ? "Vérification en cours…" : "Liste vide : ajoutez une entrée.";
      const erreurs = (b.rapport.erreurs || []).length;
      const avert = (b.rapport.avertissements || []).length;
      const activation = coutActivation();
      // A game without a points budget may have an activation cost instead (Hate's tribe).
      const total = typeof b.rapport.cout === "number"
        ? "Total : " + C().nombre(b.rapport.cout) + (typeof b.rapport.budget === "number" ? " / " + C().nombre(b.rapport.budget) : "") + " " + unite
        : activation !== null ? "Coût d'activation : " + C().nombre(activation) + " " + unite : "Total non calculé";
      const etat = b.rapport.valide ? "liste valide" : `${erreurs} erreur${erreurs > 1 ? "s" : ""}`;
      return `${total} — ${etat}` + (avert ? ` (${avert} avertissement${avert > 1 ? "s" : ""})` : "");
    }

    function carte(entree, i, n, parRang) {
      const sorte = b.sorteDe(entree);
      const ligne = ligneCout(i);
      const props = entreeSchema.properties || {};
      const nomAffiche = (ligne && ligne.nom) || (estObjet(entree) && entree.nom) ||
        (sorte ? b.libelle(sorte, entree[sorte]) : "Entrée " + (i + 1));
      const cout = ligne ? (ligne.cout_total ?? ligne.cout) : undefined;
      const messages = parRang.get(i) || [];
      const nErreurs = messages.filter((v) => v.severite === "erreur").length;
      const titreId = "cpd-entree-" + i + "-titre";
      const bouton = (texte, action, etiquette, desactive, role) =>
        el("button", { type: "button", classe: "md-button cpd-petit-bouton", "aria-label": etiquette, disabled: desactive, "data-action": role, id: "cpd-entree-" + i + "-" + role, onclick: action }, texte);
      const champs = [];
      if (estObjet(entree)) {
        // A field marked `x-sortes: [kinds]` belongs to entries of those kinds only; a field the
        // entry already holds is always shown (the engine reports it if it does not belong).
        const cles = Object.keys(props).filter((k) => (!sortes.includes(k) || k === sorte) &&
          (entree[k] !== undefined || b.champDeLaSorte(props[k], sorte, entree)));
        if (sorte) cles.sort((a, b) => (a === sorte ? -1 : b === sorte ? 1 : 0)); // the kind first
        // Game-state fields (`x-etat-de-partie`) go behind a disclosure, open when one of them has a
        // value or a message, or when the player opened it.
        const etat = [];
        for (const k of cles) {
          const sous = props[k];
          const s = resoudre(sous, schema);
          const c = b.controle(["entrees", i, k], s, entree[k], { requis: (entreeSchema.required || []).includes(k) || k === sorte, ouverts });
          (sous["x-etat-de-partie"] ? etat : champs).push([k, c]);
        }
        champs.splice(0, champs.length, ...champs.map(([, c]) => c));
        if (etat.length) {
          const id = "cpd-entree-" + i + "-plus";
          const touche = (k) => entree[k] !== undefined || messages.some((v) => String(v.chemin || "").startsWith(`/entrees/${i}/${k}`));
          const plus = el("details", { classe: "cpd-plus-de-champs", "data-role": "plus-de-champs", id },
            el("summary", {}, "Plus de champs (état de partie)"),
            el("div", { classe: "cpd-carte-champs" }, etat.map(([, c]) => c)));
          plus.open = ouverts.has(id) || etat.some(([k]) => touche(k));
          plus.addEventListener("toggle", () => (plus.open ? ouverts.add(id) : ouverts.delete(id)));
          champs.push(plus);
        }
        for (const k of Object.keys(entree)) {
          if (!props[k]) {
            champs.push(el("p", { classe: "cpd-aide-champ" }, `Champ « ${k} » inconnu : à corriger dans la vue texte.`));
          }
        }
      } else {
        champs.push(el("p", { classe: "cpd-aide-champ" }, "Cette entrée n'est pas un objet : corrigez-la dans la vue texte."));
      }
      return el("li", {
        classe: "cpd-carte" + (nErreurs ? " cpd-carte--erreur" : ""), "data-role": "entree", "data-index": String(i),
        "aria-labelledby": titreId,
      },
      el("div", { classe: "cpd-carte-tete" },
        el("h3", { id: titreId, classe: "cpd-carte-titre" }, el("span", { classe: "cpd-carte-rang" }, (i + 1) + ". "),
          el("span", { classe: "cpd-nom", "data-role": "entree-nom" }, String(nomAffiche))),
        el("span", { classe: "cpd-carte-cout", "data-role": "entree-cout" }, cout !== undefined && cout !== null ? b.coutTexte(cout) : "")),
      messages.length ? el("ul", { classe: "cpd-violations cpd-carte-messages", "data-role": "entree-erreurs" }, messages.map(message)) : null,
      el("div", { classe: "cpd-carte-champs" }, champs),
      el("div", { classe: "cpd-carte-actions", role: "group", "aria-label": "Actions sur l'entrée " + (i + 1) },
        bouton("↑ Monter", () => b.transformer((l) => l.entrees.splice(i - 1, 0, ...l.entrees.splice(i, 1)), "cpd-entree-" + (i - 1) + "-monter"),
          "Monter l'entrée " + (i + 1), i === 0, "monter"),
        bouton("↓ Descendre", () => b.transformer((l) => l.entrees.splice(i + 1, 0, ...l.entrees.splice(i, 1)), "cpd-entree-" + (i + 1) + "-descendre"),
          "Descendre l'entrée " + (i + 1), i === n - 1, "descendre"),
        bouton("Dupliquer", () => b.transformer((l) => l.entrees.splice(i + 1, 0, copie(l.entrees[i])), "cpd-entree-" + (i + 1) + "-dupliquer"),
          "Dupliquer l'entrée " + (i + 1), false, "dupliquer"),
        bouton("Retirer", () => b.transformer((l) => l.entrees.splice(i, 1), "cpd-ajouter-recherche"),
          "Retirer l'entrée " + (i + 1), false, "retirer")));
    }


    function dessiner() {
      if (!b.liste) return;
      const actif = document.activeElement && racineOutil.contains(document.activeElement) ? document.activeElement.id : null;
      const messages = violations();
      const parRang = new Map();
      const globaux = [];
      for (const v of messages) {
        const r = rangEntree(v);
        if (r !== null && Array.isArray(b.liste.entrees) && r < b.liste.entrees.length) {
          if (!parRang.has(r)) parRang.set(r, []);
          parRang.get(r).push(v);
        } else globaux.push(v);
      }
      zones.total.textContent = totalTexte();
      zones.total.dataset.etat = b.illisible ? "illisible" : !b.rapport ? "attente" : b.rapport.valide ? "valide" : "invalide";
      zones.total.dataset.aJour = b.aJour === false ? "non" : "oui"; // for tests: the report matches the text
      zones.total.dataset.cout = b.rapport && typeof b.rapport.cout === "number" ? String(b.rapport.cout) : "";
      zones.total.dataset.coutActivation = coutActivation() === null ? "" : String(coutActivation());
      zones.globaux.replaceChildren(...(globaux.length
        ? [el("ul", { classe: "cpd-violations" }, globaux.map(message))] : []));
      zones.annuler.disabled = pile.length === 0;

      // Envelope: name, format, options
      const props = schema.properties || {};
      const champsListe = [];
      for (const k of ["nom", "format"]) {
        if (props[k]) champsListe.push(b.controle([k], resoudre(props[k], schema), b.liste[k], { requis: (schema.required || []).includes(k) }));
      }
      const opts = resoudre(props.options || {}, schema);
      const valeursOptions = estObjet(b.liste.options) ? b.liste.options : {};
      for (const [k, s] of Object.entries(opts.properties || {})) {
        const sous = resoudre(s, schema);
        // `x-si`: an option that applies only when other options have given values (Hate's village in
        // chronicle mode); left out otherwise, unless the list already gives it (so it can be removed).
        if (valeursOptions[k] === undefined && !conditionRemplie(sous["x-si"], valeursOptions)) continue;
        champsListe.push(b.controle(["options", k], sous, valeursOptions[k], { ouverts }));
      }
      // Sections the schema opens to the builder (`x-composer: section`: Hate's chronicle log),
      // folded unless open before, or one of their fields has a message.
      for (const [k, s0] of Object.entries(props)) {
        const s = resoudre(s0, schema);
        if (s["x-composer"] !== "section") continue;
        const idSection = "cpd-section-" + k;
        const touche = messages.some((v) => String(v.chemin || "").startsWith("/" + k));
        const section = el("details", { classe: "cpd-plus-de-champs", "data-role": "section", "data-champ": k, id: idSection },
          el("summary", {}, String(s.title || k) + (b.liste[k] === undefined ? " (facultatif)" : "")),
          b.controle([k], s, b.liste[k], { ouverts, objets: true }));
        section.open = ouverts.has(idSection) || touche;
        section.addEventListener("toggle", () => (section.open ? ouverts.add(idSection) : ouverts.delete(idSection)));
        champsListe.push(section);
      }
      zones.enveloppe.replaceChildren(...champsListe);

      const entrees = Array.isArray(b.liste.entrees) ? b.liste.entrees : [];
      zones.entrees.replaceChildren(...entrees.map((e, i) => carte(e, i, entrees.length, parRang)));
      b.dessinerProfils();
      zones.compte.textContent = entrees.length
        ? `${entrees.length} entrée${entrees.length > 1 ? "s" : ""}`
        : "Aucune entrée : choisissez-en une ci-dessous.";

      const cible = b.focusApres || actif;
      b.focusApres = null;
      if (cible) {
        const e = document.getElementById(cible);
        if (e && e !== document.activeElement) {
          if (e.disabled) {
            const carteEl = e.closest(".cpd-carte");
            const autre = carteEl && carteEl.querySelector("button:not([disabled])");
            if (autre) autre.focus();
          } else e.focus({ preventScroll: false });
        }
      }
    }

    /** `x-si: {option: [values]}` holds when every named option has one of its values. */
    function conditionRemplie(condition, options) {
      if (!estObjet(condition)) return true;
      return Object.entries(condition).every(([cle, valeurs]) => (Array.isArray(valeurs) ? valeurs : [valeurs]).includes(options[cle]));
    }

    Object.assign(b, { violations, rangEntree, ligneCout, message, totalTexte, carte, dessiner });
  };
})();
