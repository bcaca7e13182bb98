// « Jouer »: one sheet on screen. Its name (numbered by the engine, renamed by the player), its
// profile as partie.yaml declares it (the stats on one line, folded; the groups with their rule
// links when unfolded), its counters and its statuses. jouer.js owns what a tap does.
(function () {
  "use strict";

  const C = () => window.Compendium;
  const el = (...args) => window.Compendium.el(...args);
  const ETATS_MIN = { retiree: "Retirée", ko: "KO", vaincu: "Vaincu", reinitialise: "Réinitialisation", inefficace: "Inefficace" };
  const MAX_NOM = 60;

  /**
   * ctx: {outil, role, base, partie: () => game, changerCompteur(fiche, c, pas), basculerStatut(fiche, s),
   * renommer(fiche, nom), ajouts (jouer-ajouts.js), jets: () => the rolls part (jouer-jets.js) or null}. Returns {dessinerFiche, nomFiche, valeurCompteur,
   * statutActif, ETATS_MIN}.
   */
  function monter(ctx) {
    const { outil, role, base } = ctx;

    function valeurs(fiche) {
      return ctx.partie().valeurs[fiche.id] || {};
    }

    function valeurCompteur(fiche, c) {
      const v = valeurs(fiche).compteurs || {};
      return Object.prototype.hasOwnProperty.call(v, c.id) ? v[c.id] : c.depart;
    }

    function statutActif(fiche, s) {
      return Boolean((valeurs(fiche).statuts || {})[s.id]);
    }

    /** The sheet's name as the player reads it: the one they gave, else the engine's (numbered). */
    function nomFiche(fiche) {
      const noms = ctx.partie().noms || {};
      return typeof noms[fiche.id] === "string" && noms[fiche.id].trim() ? noms[fiche.id] : fiche.nom;
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
      const etiquette = `${c.nom} de ${nomFiche(fiche)}`;
      const ligne = el("div", { classe: "cpj-compteur" + (connu && c.au_minimum && v === c.min ? " cpj-compteur--min" : ""), "data-compteur": c.id },
        el("span", { classe: "cpj-compteur-nom", id: ident }, lienRegle(c.lien, c.nom, c.aide)),
        el("button", { type: "button", classe: "cpj-pas", "aria-label": `Retirer 1 : ${etiquette}`, disabled: bas, "data-pas": "-1", onclick: () => ctx.changerCompteur(fiche, c, -1), texte: "−" }),
        el("output", { classe: "cpj-valeur", "aria-labelledby": ident, "aria-live": "polite", texte: (connu ? String(v) : "?") + (c.max !== null && c.max !== undefined ? ` / ${c.max}` : "") }),
        el("button", { type: "button", classe: "cpj-pas", "aria-label": `Ajouter 1 : ${etiquette}`, disabled: haut, "data-pas": "1", onclick: () => ctx.changerCompteur(fiche, c, 1), texte: "+" }));
      if (c.manquant) ligne.append(el("p", { classe: "cpj-manquant", texte: c.manquant + (connu ? "" : " Réglez-le avec « + ».") }));
      return ligne;
    }

    function statutVue(fiche, s) {
      const actif = statutActif(fiche, s);
      const href = C().lienSur(base, s.lien);
      return el("span", { classe: "cpj-statut", "data-statut": s.id },
        el("button", { type: "button", classe: "cpj-puce", "aria-pressed": actif ? "true" : "false", onclick: () => ctx.basculerStatut(fiche, s), texte: s.nom, title: s.aide || null }),
        href ? el("a", { classe: "cpj-regle", href, title: `Règle : ${s.nom}`, "aria-label": `Règle : ${s.nom}`, texte: "§" }) : null);
    }

    /** The profile: stats on the summary line (folded by default), groups of named things below. */
    function profilVue(fiche) {
      const profil = fiche.profil && typeof fiche.profil === "object" ? fiche.profil : {};
      const stats = Array.isArray(profil.stats) ? profil.stats.filter((s) => s && s.nom && s.valeur !== undefined && s.valeur !== null) : [];
      const groupes = Array.isArray(profil.groupes) ? profil.groupes.filter((g) => g && g.nom && Array.isArray(g.elements) && g.elements.length) : [];
      if (!stats.length && !groupes.length) return null;
      const ligne = stats.length
        ? stats.map((s, i) => [i ? " · " : "", el("span", { classe: "cpj-stat" }, el("span", { classe: "cpj-stat-nom", texte: s.nom }), " ", el("strong", { texte: String(s.valeur) }))])
        : [el("span", { texte: "Profil" })];
      const details = el("details", { classe: "cpj-profil", "data-role": "profil" },
        el("summary", {}, ligne),
        groupes.length
          ? el("dl", { classe: "cpj-groupes" }, groupes.map((g) => [
            el("dt", { texte: g.nom }),
            el("dd", {}, el("ul", {}, g.elements.map((x) => el("li", {},
              x.lien ? lienRegle(x.lien, x.nom, x.aide) : el("span", { texte: x.nom }),
              x.aide ? el("span", { classe: "cpj-element-aide", texte: ` — ${x.aide}` }) : null)))),
          ]))
          : el("p", { classe: "cpd-aide", texte: "Rien d'autre sur ce profil." }));
      const ouvertes = ctx.partie().profilsOuverts || [];
      if (ouvertes.includes(fiche.id)) details.open = true;
      details.addEventListener("toggle", () => {
        const p = ctx.partie();
        const liste = new Set(p.profilsOuverts || []);
        if (details.open) liste.add(fiche.id);
        else liste.delete(fiche.id);
        p.profilsOuverts = Array.from(liste);
      });
      return details;
    }

    function titreVue(fiche, hors) {
      const nom = nomFiche(fiche);
      const role = fiche.role && fiche.role !== nom ? fiche.role : null;
      return el("div", { classe: "cpj-fiche-tete" },
        el("h3", { classe: "cpj-fiche-nom" }, nom, role ? el("span", { classe: "cpj-role", texte: " · " + role }) : null,
          hors ? el("span", { classe: "cpj-hors", texte: hors }) : null),
        el("button", { type: "button", classe: "cpj-renommer", "data-role": "renommer", "aria-label": `Renommer : ${nom}`, title: "Renommer", texte: "✎",
          onclick: (e) => ouvrirRenommer(fiche, e.currentTarget.closest(".cpj-fiche-tete")) }));
    }

    function ouvrirRenommer(fiche, tete) {
      const champ = el("input", { type: "text", maxlength: String(MAX_NOM), value: nomFiche(fiche), "aria-label": `Nouveau nom de ${nomFiche(fiche)}`, autocomplete: "off" });
      let fait = false;
      const valider = (garder) => {
        if (fait) return;
        fait = true;
        const nom = champ.value.trim().slice(0, MAX_NOM);
        if (garder && nom && nom !== nomFiche(fiche)) ctx.renommer(fiche, nom === fiche.nom ? null : nom);
        else dessinerFiche(fiche);
      };
      champ.addEventListener("keydown", (e) => {
        if (e.key !== "Enter" && e.key !== "Escape") return;
        e.preventDefault(); // the key would otherwise press the « ✎ » button focused after the redraw
        valider(e.key === "Enter");
      });
      const formulaire = el("div", { classe: "cpj-renommer-form", role: "group", "aria-label": `Renommer ${nomFiche(fiche)}` }, champ,
        el("button", { type: "button", classe: "md-button md-button--primary cpj-gros", texte: "OK", onclick: () => valider(true) }),
        el("button", { type: "button", classe: "md-button cpj-gros", texte: "Annuler", onclick: () => valider(false) }));
      tete.replaceWith(formulaire);
      champ.focus();
      champ.select();
    }

    function dessinerFiche(fiche) {
      const ancien = outil.querySelector(`[data-fiche="${CSS.escape(fiche.id)}"]`);
      const hors = horsJeu(fiche);
      const carte = el("article", { classe: "cpj-fiche" + (hors ? " cpj-fiche--hors" : ""), "data-fiche": fiche.id, "data-sorte": fiche.sorte, "data-parent": fiche.parent || null, "aria-label": nomFiche(fiche) },
        titreVue(fiche, hors),
        profilVue(fiche),
        fiche.compteurs.map((c) => compteurVue(fiche, c)),
        fiche.statuts.length ? el("div", { classe: "cpj-statuts" }, fiche.statuts.map((s) => statutVue(fiche, s))) : null,
        ctx.jets ? ctx.jets().jetsVue(fiche) : null);
      // Keep focus on the button that was tapped, for keyboard and screen reader users.
      const focus = document.activeElement && ancien && ancien.contains(document.activeElement) ? document.activeElement : null;
      const cle = focus ? [focus.closest("[data-compteur],[data-statut]"), focus.dataset.pas] : null;
      ctx.ajouts.ajoutsVue(fiche, carte);
      if (ancien) ancien.replaceWith(carte);
      else if (fiche.parent) ctx.ajouts.placerAjout(fiche, carte);
      else role(fiche.camp === "b" ? "fiches-adversaire" : "fiches").append(carte);
      if (cle && cle[0]) {
        const sel = cle[0].dataset.compteur ? `[data-compteur="${cle[0].dataset.compteur}"] [data-pas="${cle[1]}"]` : `[data-statut="${cle[0].dataset.statut}"] button`;
        const cible = carte.querySelector(sel);
        if (cible && !cible.disabled) cible.focus();
        else if (cible) carte.querySelector(`[data-compteur="${cle[0].dataset.compteur}"] .cpj-pas:not([disabled])`)?.focus();
      }
    }

    return { dessinerFiche, nomFiche, valeurCompteur, statutActif, lienRegle, ETATS_MIN };
  }

  window.Compendium = window.Compendium || {};
  window.Compendium.jouerFiche = { monter };
})();
