// « Jouer », chronicle games (Hate): « Fin de la bataille » walks through the after-battle steps of
// the game's partie.yaml (apres_bataille), one step at a time, each linked to its rule, and writes
// the battle into the list's chronicle log (`journal`). The engine (worker action « apres-bataille »,
// browser_engine/jeux/hate/liste_apres_bataille.py) offers the choices by name and writes and checks the
// entry; this file only draws the steps and keeps what is picked in the game (partie.apres), saved
// after every change by jouer.js.
//
// Saving: the list with its new entry becomes a NEW saved list of « Composer et vérifier »
// (listes-gardees.js, localStorage "compendium.listes.<jeu>"), placed after the list played and
// noted « après la bataille de HH:MM »; the list played stays as it was. « Vérifier la liste » opens
// the builder on it through a share link (#liste=t.<base64url>), which opens that saved list.
(function () {
  "use strict";

  const C = () => window.Compendium;
  const el = (...args) => window.Compendium.el(...args);
  const AUTRE = "__autre";
  const NOUVEL = "__nouvel";

  function base64url(texte) {
    const octets = new TextEncoder().encode(texte);
    let binaire = "";
    for (let i = 0; i < octets.length; i += 0x8000) binaire += String.fromCharCode.apply(null, octets.subarray(i, i + 0x8000));
    return btoa(binaire).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  /** Keep `texte` as a new saved list after the one holding `ancien`; returns its name, or null when refused. */
  function garderCommeNouvelle(jeu, ancien, texte, nom) {
    const lg = C().listesGardees;
    if (!lg) return null;
    const magasin = lg.pour(jeu);
    const etat = magasin.lire();
    const i = etat.listes.findIndex((l) => l.texte === ancien);
    const heure = new Date().toLocaleTimeString("fr-FR", { hour: "2-digit", minute: "2-digit" });
    const x = { id: "l" + Date.now().toString(36) + Math.random().toString(36).slice(2, 6),
      nom: (i >= 0 ? etat.listes[i].nom : "") || lg.nomDuTexte(texte) || nom || "Liste sans nom",
      texte, maj: new Date().toISOString(), rev: 1, note: "après la bataille de " + heure };
    if (i >= 0) etat.listes.splice(i + 1, 0, x);
    else etat.listes.push(x);
    etat.courante = x.id;
    return magasin.ecrireListes(etat) ? lg.nomAffiche(x) : null;
  }

  function monter(ctx) {
    const { outil, jeu, base, moteur } = ctx;
    const role = (nom) => outil.querySelector(`[data-role="${nom}"]`);
    const zone = role("apres-zone");
    const bouton = role("apres-ouvrir");
    if (!zone || !bouton) return { dessiner() {} };
    let form = null; // the engine's choices for the list being played (not stored: asked again after a reload)
    let formTexte = null;

    const etat = () => ctx.partie() && ctx.partie().apres;
    const saisie = () => etat().saisie;
    // Redraw after a change; focus stays on the same control, else goes to the step's heading.
    const changer = () => {
      ctx.sauver();
      const actif = document.activeElement && zone.contains(document.activeElement) ? document.activeElement : null;
      const id = actif && actif.id;
      const roleActif = actif && actif.dataset.role;
      dessiner().then(() => {
        if (!actif) return;
        const cible = (id && document.getElementById(id)) || (roleActif && zone.querySelector(`[data-role="${roleActif}"]`)) ||
          zone.querySelector("#cpj-apres-titre-etape");
        if (cible && zone.contains(cible) && !cible.disabled) cible.focus();
        else zone.querySelector("#cpj-apres-titre-etape")?.focus();
      });
    };

    function lien(chemin, texte) {
      const href = C().lienSur(base, chemin);
      return href ? el("a", { href, texte }) : el("span", { texte });
    }

    async function liste() {
      const rapport = await moteur.valider(jeu, ctx.partie().texte, null);
      const doc = rapport.liste_ecrite || rapport.liste;
      if (!doc || typeof doc !== "object") throw new Error(rapport.message || "La liste n'a pas pu être lue.");
      return doc;
    }

    async function charger() {
      const texte = ctx.partie().texte;
      if (form && formTexte === texte) return;
      zone.replaceChildren(el("p", { classe: "cpd-aide", texte: "Préparation des étapes…" }));
      try {
        form = await moteur.composer(jeu, { action: "apres-bataille", etape: "formulaire", liste: await liste() });
        formTexte = texte;
      } catch (e) {
        form = { erreur: e && e.message ? e.message : String(e) };
        formTexte = texte;
      }
    }

    function choix(label, valeur, options, surChoix, attrs) {
      const id = "cpj-apres-" + label.replace(/[^a-z0-9]/gi, "").toLowerCase();
      const select = el("select", { id, "data-champ": attrs || null },
        el("option", { value: "", texte: "— choisir —" }),
        options.map((o) => (o.groupe
          ? el("optgroup", { label: o.groupe }, o.options.map((p) => el("option", { value: p.id, texte: p.nom, title: p.resume || null })))
          : el("option", { value: o.id, texte: o.nom }))));
      select.value = valeur == null ? "" : String(valeur);
      select.addEventListener("change", () => surChoix(select.value));
      return el("p", { classe: "cpj-apres-champ" }, el("label", { for: id, texte: label }), " ", select);
    }

    function saisieLibre(label, valeur, surSaisie, attrs) {
      const id = "cpj-apres-" + attrs;
      const input = el("input", { type: "text", id, maxlength: "60", autocomplete: "off", "data-champ": attrs });
      input.value = valeur || "";
      input.addEventListener("input", () => {
        surSaisie(input.value);
        ctx.sauver();
      });
      return el("p", { classe: "cpj-apres-champ" }, el("label", { for: id, texte: label }), " ", input);
    }

    function affrontementChoisi() {
      const s = saisie();
      return s.affrontement === NOUVEL ? null : form.affrontements.find((a) => String(a.index) === String(s.affrontement)) || null;
    }

    function paire() {
      const a = affrontementChoisi();
      const s = saisie();
      return a ? a.joueurs : [s.joueur_1, s.joueur_2].filter(Boolean);
    }

    function attaquant() {
      const a = affrontementChoisi();
      return (a && a.attaquant) || saisie().attaquant || null;
    }

    const noms = (liste) => liste.map((n) => ({ id: n, nom: n }));

    function etapeResultat() {
      const s = saisie();
      if (s.affrontement === undefined && form.affrontements.length) s.affrontement = String(form.affrontements[0].index);
      const champs = [];
      const ouverts = form.affrontements.map((a) => ({ id: String(a.index), nom: a.nom }));
      champs.push(choix("Affrontement", s.affrontement, ouverts.concat([{ id: NOUVEL, nom: "Nouvel affrontement" }]),
        (v) => { s.affrontement = v; s.vainqueur = null; changer(); }, "affrontement"));
      const a = affrontementChoisi();
      if (s.affrontement === NOUVEL) {
        champs.push(choix("Premier joueur", s.joueur_1, noms(form.joueurs), (v) => { s.joueur_1 = v; changer(); }, "joueur_1"));
        champs.push(choix("Second joueur", s.joueur_2, noms(form.joueurs), (v) => { s.joueur_2 = v; changer(); }, "joueur_2"));
      }
      if ((s.affrontement === NOUVEL || (a && !a.attaquant)) && paire().length === 2) {
        champs.push(choix("Attaquant de la 1re bataille", s.attaquant, noms(paire()), (v) => { s.attaquant = v; changer(); }, "attaquant"));
      } else if (a && a.attaquant) {
        champs.push(el("p", { classe: "cpd-aide" }, `Attaquant de cette bataille : ${a.attaquant}`));
      }
      const cibles = form.territoires.concat(form.carte ? [] : [{ id: AUTRE, nom: "Autre territoire…" }]);
      champs.push(choix("Territoire visé", s.cible, cibles, (v) => { s.cible = v; changer(); }, "cible"));
      if (s.cible === AUTRE) champs.push(saisieLibre("Nom du territoire", s.cible_nom, (v) => { s.cible_nom = v; }, "cible_nom"));
      if (s.cible === "capitale") champs.push(etapeHaine());
      const scenarios = form.scenarios.concat([{ id: AUTRE, nom: "Autre fiche de votre boîte…" }]);
      champs.push(choix("Scénario", s.scenario, scenarios, (v) => { s.scenario = v; changer(); }, "scenario"));
      if (s.scenario === AUTRE) champs.push(saisieLibre("Nom de la fiche", s.scenario_nom, (v) => { s.scenario_nom = v; }, "scenario_nom"));
      if (paire().length === 2) champs.push(choix("Vainqueur", s.vainqueur, noms(paire()), (v) => { s.vainqueur = v; changer(); }, "vainqueur"));
      return champs;
    }

    /** A capital target: each player's Haine when it was chosen (optional; the checker needs it for a third player's capital). */
    function etapeHaine() {
      const s = saisie();
      s.haine = s.haine || {};
      return el("fieldset", { classe: "cpj-apres-cases", "data-champ": "haine" },
        el("legend", { texte: "Haine de chaque joueur au moment de viser la capitale (facultatif)" }),
        form.joueurs.map((nom, k) => {
          const id = `cpj-apres-haine-${k}`;
          const input = el("input", { type: "number", id, min: "0", max: "9999", inputmode: "numeric", "data-joueur": nom });
          input.value = s.haine[nom] ?? "";
          input.addEventListener("input", () => {
            const v = parseInt(input.value, 10);
            if (Number.isInteger(v)) s.haine[nom] = v;
            else delete s.haine[nom];
            ctx.sauver();
          });
          return el("p", {}, el("label", { for: id, texte: nom }), " ", input);
        }));
    }

    function tuees() {
      const s = saisie();
      return Array.from(new Set([...(s.tuees_captifs || []), ...(s.tuees_cicatrices || [])])).sort((x, y) => x - y);
    }

    function etapeTuees(cle) {
      const s = saisie();
      s[cle] = s[cle] || [];
      return el("fieldset", { classe: "cpj-apres-cases" }, el("legend", { texte: "Vos figurines" }),
        form.figurines.map((f) => {
          const id = `cpj-apres-${cle}-${f.numero}`;
          const caseACocher = el("input", { type: "checkbox", id, "data-figure": String(f.numero) });
          caseACocher.checked = s[cle].includes(f.numero);
          caseACocher.addEventListener("change", () => {
            s[cle] = s[cle].filter((n) => n !== f.numero).concat(caseACocher.checked ? [f.numero] : []);
            ctx.sauver();
          });
          return el("p", {}, caseACocher, " ", el("label", { for: id, texte: f.nom }));
        }));
    }

    function valeurJoueur(compteur) {
      const p = ctx.partie();
      const fiche = p.resultat.fiches.find((f) => f.sorte === "joueur");
      const c = fiche && fiche.compteurs.find((x) => x.id === compteur);
      if (!c) return null;
      const v = ((p.valeurs[fiche.id] || {}).compteurs || {})[c.id];
      return { nom: c.nom, valeur: v === undefined ? c.depart : v };
    }

    function etapeRappel(e) {
      if (e.id === "mur-de-la-mort") {
        const n = tuees().length;
        return [el("p", { texte: n ? `${n} figurine${n > 1 ? "s" : ""} tuée${n > 1 ? "s" : ""} : ${n} espace${n > 1 ? "s" : ""} à remplir.` : "Aucune figurine tuée cochée." })];
      }
      if (e.id === "piste") {
        const valeurs = ["haine", "ressources"].map(valeurJoueur).filter(Boolean);
        return valeurs.length ? [el("p", { texte: "Selon la fiche du joueur : " + valeurs.map((v) => `${v.nom} ${v.valeur ?? "?"}`).join(", ") + ". Le journal ne les garde pas." })] : [];
      }
      if (e.id === "carte") {
        const s = saisie();
        const cible = s.cible === AUTRE ? s.cible_nom : (form.territoires.find((t) => t.id === s.cible) || {}).nom;
        return s.vainqueur && cible ? [el("p", { texte: `${s.vainqueur} revendique « ${cible} ».` })] : [];
      }
      return [];
    }

    function etapeAmeliorations() {
      const s = saisie();
      s.ameliorations = s.ameliorations || [];
      const mortes = tuees();
      const debout = form.figurines.filter((f) => !mortes.includes(f.numero)).map((f) => ({ id: String(f.numero), nom: f.nom }));
      const cartes = form.ameliorations.map((g) => ({ groupe: g.titre, options: g.cartes }));
      const lignes = s.ameliorations.map((g, i) => el("div", { classe: "cpj-apres-gain", "data-gain": String(i) },
        choix(`Figurine ${i + 1}`, g.figure, debout, (v) => { g.figure = v ? Number(v) : null; changer(); }, "figure"),
        choix(`Amélioration ${i + 1}`, g.amelioration, cartes, (v) => { g.amelioration = v; changer(); }, "amelioration"),
        el("button", { type: "button", classe: "md-button cpd-petit-bouton", texte: "Retirer", onclick: () => { s.ameliorations.splice(i, 1); changer(); } })));
      return [...lignes, el("p", {}, el("button", { type: "button", classe: "md-button cpj-gros", "data-role": "apres-ajouter-gain", texte: "Ajouter une amélioration",
        onclick: () => { s.ameliorations.push({ figure: null, amelioration: null }); changer(); } }))];
    }

    function requete() {
      const s = saisie();
      const r = { vainqueur: s.vainqueur, tuees: tuees(),
        ameliorations: (s.ameliorations || []).filter((g) => g.figure || g.amelioration) };
      if (s.affrontement === NOUVEL) Object.assign(r, { joueur_1: s.joueur_1, joueur_2: s.joueur_2, attaquant: s.attaquant });
      else if (s.affrontement !== null && s.affrontement !== undefined && s.affrontement !== "") {
        r.affrontement = Number(s.affrontement);
        if (s.attaquant) r.attaquant = s.attaquant;
      }
      if (s.cible === "capitale" && s.haine) r.haine = s.haine;
      if (s.cible === AUTRE) r.cible_nom = s.cible_nom;
      else r.cible = s.cible;
      if (s.scenario === AUTRE) r.scenario_nom = s.scenario_nom;
      else r.scenario = s.scenario;
      return r;
    }

    let ecriture = false; // one write at a time: a second tap must not write the battle twice

    async function ecrire(force) {
      if (ecriture) return;
      ecriture = true;
      try {
        await ecrireUneFois(force);
      } finally {
        ecriture = false;
      }
    }

    async function ecrireUneFois(force) {
      const p = ctx.partie();
      const message = zone.querySelector("[data-role=apres-message]");
      message.replaceChildren("Écriture dans le journal…");
      let r;
      try {
        r = await moteur.composer(jeu, { action: "apres-bataille", etape: "ajouter", liste: await liste(), saisie: requete() });
      } catch (e) {
        message.replaceChildren(el("span", { classe: "cpj-message cpj-message--alerte", role: "alert", texte: e && e.message ? e.message : String(e) }));
        return;
      }
      if (r.nouvelles.length && !force) {
        message.replaceChildren(el("div", { classe: "cpj-message cpj-message--alerte", role: "alert", "data-role": "apres-refus" },
          el("p", { texte: "Le vérificateur refuse cette bataille :" }),
          el("ul", {}, r.nouvelles.map((n) => el("li", {}, n.message, " ", n.regle ? lien(n.regle, "(règle)") : null))),
          el("p", {}, el("button", { type: "button", classe: "md-button md-button--primary cpj-gros", texte: "Corriger", onclick: () => { etat().etape = 0; changer(); } }), " ",
            el("button", { type: "button", classe: "md-button cpj-gros", "data-role": "apres-forcer", texte: "Écrire quand même", onclick: () => ecrire(true) }))));
        return;
      }
      const ancien = p.texte;
      const nom = garderCommeNouvelle(jeu, ancien, r.texte, p.nom);
      p.texte = r.texte;
      p.apres = { fait: { nom, valide: r.valide, erreurs: r.erreurs, nouvelles: r.nouvelles, lien: "#liste=t." + base64url(r.texte) } };
      ctx.noter(`Bataille écrite dans le journal de chronique${nom ? ` (liste gardée « ${nom} »)` : ""}`);
      ctx.sauver();
      dessiner();
    }

    function dessinerFait(fait) {
      const verifier = C().lienSur(base, `${jeu}/verifier/`) + fait.lien;
      zone.replaceChildren(el("div", { classe: "cpj-message cpj-message--info", role: "status", "data-role": "apres-fait" },
        el("p", { texte: fait.nom
          ? `La bataille est écrite dans le journal. La liste est gardée sous « ${fait.nom} » dans « Composer et vérifier » ; la version d'avant reste telle quelle.`
          : "La bataille est écrite dans le journal, mais ce navigateur a refusé de garder la liste : ouvrez-la avec le lien ci-dessous et exportez-la." }),
        fait.nouvelles.length ? el("p", { texte: "Écrite malgré le refus du vérificateur : " + fait.nouvelles.map((n) => n.message).join(" ") }) : null,
        el("p", {}, el("a", { href: verifier, classe: "md-button md-button--primary cpj-gros", "data-role": "apres-verifier", texte: "Vérifier la liste" }), " ",
          el("button", { type: "button", classe: "md-button cpj-gros", texte: "Fermer", onclick: () => { delete ctx.partie().apres; changer(); } }))));
    }

    async function dessiner() {
      const p = ctx.partie();
      if (!p) return;
      bouton.hidden = Boolean(p.apres);
      if (!p.apres) {
        zone.replaceChildren();
        return;
      }
      if (p.apres.fait) {
        dessinerFait(p.apres.fait);
        return;
      }
      await charger();
      if (!ctx.partie() || !ctx.partie().apres || ctx.partie().apres.fait) return;
      if (form.erreur) {
        zone.replaceChildren(el("p", { classe: "cpj-message cpj-message--alerte", role: "alert", texte: form.erreur }),
          el("p", {}, el("button", { type: "button", classe: "md-button cpj-gros", texte: "Fermer", onclick: () => { delete ctx.partie().apres; changer(); } })));
        return;
      }
      const i = Math.min(etat().etape || 0, form.etapes.length - 1);
      const e = form.etapes[i];
      const contenu = e.saisie === "resultat" ? etapeResultat() : e.saisie === "tuees" ? [etapeTuees(e.id === "captifs" ? "tuees_captifs" : "tuees_cicatrices")]
        : e.saisie === "ameliorations" ? etapeAmeliorations() : etapeRappel(e);
      const derniere = i === form.etapes.length - 1;
      zone.replaceChildren(
        el("ol", { classe: "cpj-apres-etapes", "aria-label": "Étapes après la bataille" }, form.etapes.map((x, k) =>
          el("li", { classe: k === i ? "cpj-etape--courante" : null, "aria-current": k === i ? "step" : null },
            k < i ? el("span", { "aria-hidden": "true", texte: "✓ " }) : null, lien(x.lien, x.nom)))),
        el("div", { classe: "cpj-apres-etape", "data-apres-etape": e.id, role: "group", "aria-labelledby": "cpj-apres-titre-etape" },
          el("h3", { id: "cpj-apres-titre-etape", tabindex: "-1" }, `Étape ${i + 1} / ${form.etapes.length} : `, lien(e.lien, e.nom)),
          e.aide ? el("p", { classe: "cpd-aide", texte: e.aide }) : null, contenu),
        el("p", { classe: "cpj-actions cpj-navigation" },
          el("button", { type: "button", classe: "md-button cpj-gros", "data-role": "apres-precedente", disabled: i === 0, texte: "Étape précédente",
            onclick: () => { etat().etape = i - 1; changer(); } }), " ",
          derniere
            ? el("button", { type: "button", classe: "md-button md-button--primary cpj-gros", "data-role": "apres-ecrire", texte: "Écrire dans le journal", onclick: () => ecrire(false) })
            : el("button", { type: "button", classe: "md-button md-button--primary cpj-gros", "data-role": "apres-suivante", texte: "Étape suivante",
              onclick: () => { etat().etape = i + 1; changer(); } }), " ",
          el("button", { type: "button", classe: "md-button cpj-gros", "data-role": "apres-annuler", texte: "Annuler", onclick: () => { delete ctx.partie().apres; changer(); } })),
        el("div", { "data-role": "apres-message", "aria-live": "polite" }));
    }

    bouton.addEventListener("click", () => {
      const p = ctx.partie();
      if (!p) return;
      p.apres = { etape: 0, saisie: { tuees_captifs: [], tuees_cicatrices: [], ameliorations: [] } };
      ctx.noter("Fin de la bataille : étapes de l'après-bataille");
      changer();
    });
    return { dessiner };
  }

  window.Compendium = window.Compendium || {};
  window.Compendium.apresBataille = { monter };
})();
