// « Composer et vérifier », builder part: drawing. The summary bar (total, errors, warnings,
// repairs), the list-wide messages, the envelope, and the roster: one line per entry (its name,
// its choices in short, its cost, a badge), one entry open for editing at a time.
// A drawing only rebuilds what changed: each entry line and the envelope keep their nodes while
// their signature (values, messages, cost, state) is the same, so a check of a long list repaints
// little more than the total. The open entry is patched in place when a report comes: its line,
// messages and actions follow it, and a control that already shows the value keeps its node (the
// box just ticked keeps its focus, fold and filter; see patcher).
// Loaded on the tool page only, before composer.js, which calls this part with the builder's
// shared state `b` (see the top of composer.js).
(function () {
  "use strict";

  const P = (window.Compendium.composerParties = window.Compendium.composerParties || {});

  P.cartes = function (b) {
    const C = () => window.Compendium;
    const { el } = C();
    const { estObjet, resoudre, genre, pointeur } = window.Compendium.composer;
    const { schema, entreeSchema, sortes, zones, ouverts, pile, racineOutil } = b;
    const dessins = { entrees: [], enveloppe: null }; // signatures of what is on screen

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

    function coutActivation() {
      const d = (b.rapport && b.rapport.details) || {};
      return typeof d.cout_activation === "number" ? d.cout_activation : null;
    }

    /**
     * Hate, while a figure's cost is unknown (a mercenaire without its profile): the engine's sum of
     * the known costs and how many figures it leaves out, so the bar keeps a cost; else null.
     */
    function coutActivationPartiel() {
      const d = (b.rapport && b.rapport.details) || {};
      const manque = d.figures_sans_cout;
      if (coutActivation() !== null || typeof d.cout_activation_connu !== "number" || typeof manque !== "number" || manque < 1) return null;
      return { connu: d.cout_activation_connu, manque };
    }

    const neuve = (entree) => estObjet(entree) && b.neuves.has(entree);

    /** The messages of each entry and of the whole list; a new entry's errors are things to complete. */
    function repartir() {
      const parRang = new Map();
      const globaux = [];
      const entrees = Array.isArray(b.liste.entrees) ? b.liste.entrees : [];
      for (const v of violations()) {
        const r = rangEntree(v);
        // A new list, and the entry being edited, hold their errors back (composer-impose.js).
        const montre = b.severiteAffichee ? b.severiteAffichee(v, r) : v.severite;
        if (r !== null && r < entrees.length) {
          const w = montre === "erreur" && neuve(entrees[r]) ? { ...v, severite: "a-completer" } : montre !== v.severite ? { ...v, severite: montre } : v;
          if (!parRang.has(r)) parRang.set(r, []);
          parRang.get(r).push(w);
        } else globaux.push(montre !== v.severite ? { ...v, severite: montre } : v);
      }
      return { parRang, globaux };
    }

    // --- Summary bar ---

    const pluriel = (n, mot, motPluriel) => `${C().nombre(n)} ${n >= 2 || n <= -2 ? motPluriel || mot + "s" : mot}`;

    function totalTexte() {
      if (b.illisible) return "Texte illisible : corrigez-le dans la vue texte";
      if (!b.rapport) return b.liste && b.liste.entrees && b.liste.entrees.length ? "Vérification…" : "Liste vide";
      const activation = coutActivation();
      const n = Array.isArray(b.liste.entrees) ? b.liste.entrees.length : 0;
      if (typeof b.rapport.cout === "number") {
        return "Total : " + (typeof b.rapport.budget === "number" ? C().nombre(b.rapport.cout) + " / " + b.quantite(b.rapport.budget) : b.quantite(b.rapport.cout));
      }
      if (activation !== null) return "Coût d'activation : " + b.quantite(activation);
      const partiel = coutActivationPartiel();
      if (partiel) {
        return "Coût d'activation : au moins " + b.quantite(partiel.connu) + " (" +
          pluriel(partiel.manque, "figurine") + " sans coût connu)";
      }
      // No cost in this game (Tamashii): what the setup is.
      const titreEntrees = String((((schema.properties || {}).entrees) || {}).title || "entrées").toLowerCase();
      const format = typeof b.liste.format === "number" ? " / " + C().nombre(b.liste.format) : "";
      return [`${C().nombre(n)}${format} ${titreEntrees}`, ...b.resumeOptions([])].join(" · ");
    }

    function dessinerBarre(globaux, parRang) {
      const tous = [...globaux, ...[...parRang.values()].flat()];
      const erreurs = tous.filter((v) => v.severite === "erreur").length;
      const aCompleter = tous.filter((v) => v.severite === "a-completer").length;
      const avert = tous.filter((v) => v.severite === "avertissement").length;
      const total = zones.total;
      total.textContent = totalTexte();
      total.dataset.etat = b.illisible ? "illisible" : !b.rapport ? "attente" : b.rapport.valide ? "valide" : "invalide";
      total.dataset.aJour = b.aJour === false ? "non" : "oui"; // the report is for the text on screen
      total.dataset.cout = b.rapport && typeof b.rapport.cout === "number" ? String(b.rapport.cout) : "";
      total.dataset.coutActivation = coutActivation() === null ? "" : String(coutActivation());
      total.dataset.coutActivationConnu = coutActivationPartiel() ? String(coutActivationPartiel().connu) : "";
      const depasse = b.rapport && typeof b.rapport.cout === "number" && typeof b.rapport.budget === "number" && b.rapport.cout > b.rapport.budget;
      total.classList.toggle("cpd-total--depasse", !!depasse);
      const etat = zones.etatListe;
      etat.dataset.etat = total.dataset.etat;
      if (!b.rapport || b.illisible) etat.textContent = "";
      else if (b.rapport.valide) etat.textContent = "✔ Liste valide";
      else {
        // Errors of the list, and what is left to choose on new entries, each counted.
        const parts = [];
        if (erreurs) parts.push("✖ " + pluriel(erreurs, "erreur"));
        if (aCompleter) parts.push("✎ " + pluriel(aCompleter, "choix à faire", "choix à faire"));
        etat.textContent = parts.join(" · ") || "✖ Liste invalide";
      }
      // Only choices left to make (a new list): nothing is drawn as wrong.
      total.dataset.ton = etat.dataset.ton = b.rapport && !b.rapport.valide && !erreurs && aCompleter ? "completer" : "";
      etat.disabled = !b.rapport || b.rapport.valide;
      etat.dataset.nombre = String(erreurs);
      etat.setAttribute("aria-label", etat.disabled ? etat.textContent : etat.textContent.replace(/[✖✎] /g, "") + " : aller à la première");
      zones.avertissementsListe.hidden = !avert;
      zones.avertissementsListe.textContent = avert ? "⚠ " + pluriel(avert, "avertissement") : "";
      zones.reparer.hidden = !b.rapport || b.rapport.valide || !!b.illisible;
      zones.annuler.disabled = pile.length === 0;
    }

    /**
     * While the text view holds a list the form has not read yet (the engine is starting, the player
     * typed, a saved list or an example was opened), the form shows the older list: it is read-only
     * until the report, so that no click writes that older list over the new text.
     */
    function marquerLecture() {
      const attend = b.enLecture();
      for (const partie of zones.formulaire) partie.inert = attend;
      zones.barre.toggleAttribute("aria-busy", attend);
      if (!attend) return;
      zones.total.textContent = "Lecture de la liste…";
      zones.compte.textContent = "La liste de la vue texte s'affiche ici dès qu'elle est lue.";
      zones.total.dataset.etat = "lecture";
      zones.etatListe.textContent = "";
      zones.etatListe.disabled = true;
      zones.etatListe.dataset.etat = "lecture";
      zones.reparer.hidden = true;
      zones.annuler.disabled = true;
    }

    /** Go to the first message of this severity: open its entry and focus its field. */
    function allerAuPremier(severites) {
      const { globaux, parRang } = repartir();
      const rangs = [...parRang.keys()].sort((x, y) => x - y);
      for (const r of rangs) {
        const v = parRang.get(r).find((w) => severites.includes(w.severite));
        if (v) return b.allerAuChamp(b.champCible(v));
      }
      const g = globaux.find((w) => severites.includes(w.severite));
      if (g) {
        const pli = zones.globaux.querySelector("details");
        if (pli && g.severite === "avertissement") pli.open = true;
        zones.globaux.scrollIntoView({ block: "center" });
        const bouton = zones.globaux.querySelector('[data-role="corriger"]');
        if (bouton) bouton.focus();
      }
      return null;
    }

    // --- Entry lines ---

    /** The entry's choices in short: names of the values, titles of ticked boxes, numbers with their title. */
    function resumeEntree(entree, sorte) {
      if (!estObjet(entree)) return "";
      const props = entreeSchema.properties || {};
      const morceaux = [];
      for (const [k, sous] of Object.entries(props)) {
        const v = entree[k];
        if (v === undefined || v === null || k === "nom" || k === sorte || sous["x-etat-de-partie"]) continue;
        const s = resoudre(sous, schema);
        const g = genre(s, schema);
        const ici = "/entrees/0/" + k;
        if (v === true) morceaux.push(String(s.title || k));
        else if (v === false || g === "objet" || g === "comptes" || estObjet(v)) continue;
        else if (typeof v === "number") morceaux.push(`${String(s.title || k)} ${C().nombre(v)}`);
        else if (Array.isArray(v)) morceaux.push(...v.filter((x) => !estObjet(x)).map((x) => b.nomValeur(ici, x)));
        else morceaux.push(b.nomValeur(ici, v));
      }
      return morceaux.join(" · ");
    }

    function nomAffiche(entree, i, sorte) {
      const ligne = ligneCout(i);
      return String((ligne && ligne.nom) || (estObjet(entree) && entree.nom) || (sorte ? b.libelle(sorte, entree[sorte]) : "Entrée " + (i + 1)));
    }

    function badge(messages) {
      const n = (s) => messages.filter((v) => v.severite === s).length;
      const [e, a, c] = [n("erreur"), n("avertissement"), n("a-completer")];
      if (e) return el("span", { classe: "cpd-badge cpd-badge--erreur", "data-role": "badge" }, "✖ " + e, el("span", { classe: "cpd-cache-visuel" }, e > 1 ? " erreurs" : " erreur"));
      if (c) return el("span", { classe: "cpd-badge cpd-badge--completer", "data-role": "badge" }, "✎ " + c, el("span", { classe: "cpd-cache-visuel" }, " à compléter"));
      if (a) return el("span", { classe: "cpd-badge cpd-badge--avertissement", "data-role": "badge" }, "⚠ " + a, el("span", { classe: "cpd-cache-visuel" }, a > 1 ? " avertissements" : " avertissement"));
      return null;
    }

    function signatureEntree(entree, i, messages) {
      const ligne = ligneCout(i);
      const ouverte = b.ouverte === i;
      const forces = ouverte ? Object.keys(entreeSchema.properties || {}).map((k) => b.forceDe(["entrees", i, k])).filter((f) => f && f.force) : null;
      return JSON.stringify([entree, messages.map((v) => [v.code, v.severite, v.chemin, v.message]), ligne ? [ligne.nom, ligne.cout_total ?? ligne.cout] : null,
        ouverte, ouverte ? [...ouverts] : null, forces, b.liste.entrees.length, ouverte ? b.signatureListe : null]);
    }

    /**
     * What a field's control shows besides its value: everything else it is drawn from (a forced
     * value, whether it is required or the kind, and the list without this field's value). The
     * engine's answer that a field is not forced draws nothing, so it is not part of it.
     */
    function contexteChamp(entree, i, k, force, requis) {
      const sans = { ...entree };
      delete sans[k];
      const liste = { ...b.liste, entrees: b.liste.entrees.map((x, j) => (j === i ? sans : x)) };
      return JSON.stringify([force && force.force ? force : null, requis, liste]);
    }

    /** The field controls of an open entry line, by pointer: kept when they already show the list. */
    function controlesDe(ligne) {
      const champs = ligne && ligne.querySelector(":scope > .cpd-ligne-corps > .cpd-carte-champs");
      return new Map(champs ? [...champs.children].filter((c) => c.dataset.champChemin).map((c) => [c.dataset.champChemin, c]) : []);
    }

    function ligneEntree(entree, i, n, messages, anciens) {
      const sorte = b.sorteDe(entree);
      const ouverte = b.ouverte === i;
      const ligne = ligneCout(i);
      const cout = ligne ? (ligne.cout_total ?? ligne.cout) : undefined;
      const nom = nomAffiche(entree, i, sorte);
      const idCorps = "cpd-entree-" + i + "-corps";
      const tete = el("button", {
        type: "button", classe: "cpd-ligne-bouton", "data-action": "ouvrir", id: "cpd-entree-" + i + "-ouvrir",
        "aria-expanded": ouverte ? "true" : "false", "aria-controls": idCorps,
        onclick: () => b.ouvrirEntree(ouverte ? null : i, ouverte ? "cpd-entree-" + i + "-ouvrir" : null),
      },
      el("span", { classe: "cpd-ligne-nom", "data-role": "entree-nom" }, nom),
      el("span", { classe: "cpd-ligne-resume", "data-role": "entree-resume" }, resumeEntree(entree, sorte)),
      el("span", { classe: "cpd-ligne-cout", "data-role": "entree-cout" }, cout !== undefined && cout !== null ? b.quantite(cout) : ""),
      badge(messages));
      const classes = ["cpd-ligne"];
      if (messages.some((v) => v.severite === "erreur")) classes.push("cpd-ligne--erreur");
      else if (messages.some((v) => v.severite === "a-completer")) classes.push("cpd-ligne--completer");
      if (ouverte) classes.push("cpd-ligne--ouverte");
      return el("li", { classe: classes.join(" "), "data-role": "entree", "data-index": String(i) },
        el("h3", { classe: "cpd-ligne-titre" }, tete),
        ouverte ? corpsEntree(entree, i, n, messages, sorte, idCorps, anciens || new Map()) : null);
    }

    /** The open entry: its messages, then its fields (forced ones locked), then its actions. */
    function corpsEntree(entree, i, n, messages, sorte, idCorps, anciens) {
      const props = entreeSchema.properties || {};
      const champs = [];
      const etat = [];
      if (estObjet(entree)) {
        // A field marked `x-sortes: [kinds]` belongs to entries of those kinds only; a field the
        // entry already holds is always shown (the engine reports it if it does not belong).
        const cles = Object.keys(props).filter((k) => (!sortes.includes(k) || k === sorte) &&
          (entree[k] !== undefined || b.champDeLaSorte(props[k], sorte, entree)));
        if (sorte) cles.sort((x, y) => (x === sorte ? -1 : y === sorte ? 1 : 0)); // the kind first
        for (const k of cles) {
          const chemin = ["entrees", i, k];
          const force = b.forceDe(chemin);
          const requis = (entreeSchema.required || []).includes(k) || k === sorte;
          const etatDePartie = !!props[k]["x-etat-de-partie"];
          // A control that already shows this value, drawn from the same context, is kept as it is
          // (the box the player just ticked keeps its focus, its fold and its filter).
          const contexte = etatDePartie ? null : contexteChamp(entree, i, k, force, requis);
          const ancien = anciens.get(pointeur(chemin));
          const garde = contexte !== null && ancien && ancien.compendiumValeur === JSON.stringify(entree[k]) && ancien.compendiumContexte === contexte;
          let c;
          if (garde) {
            // It stays where it is in the page (moving a node loses its focus): `patcher` puts it back in
            // this place holder's position.
            c = el("span", { hidden: true });
            c.compendiumGarde = ancien;
          } else {
            c = b.controle(chemin, resoudre(props[k], schema), entree[k], { requis, ouverts, force, sorte: k === sorte });
            c.compendiumValeur = JSON.stringify(entree[k]);
            c.compendiumContexte = contexte;
          }
          (etatDePartie ? etat : champs).push([k, c]);
        }
        if (etat.length) {
          const id = "cpd-entree-" + i + "-plus";
          const touche = (k) => entree[k] !== undefined || messages.some((v) => String(v.chemin || "").startsWith(`/entrees/${i}/${k}`));
          const plus = el("details", { classe: "cpd-plus-de-champs", "data-role": "plus-de-champs", id },
            el("summary", {}, "Plus de champs (état de partie)"),
            el("div", { classe: "cpd-carte-champs" }, etat.map(([, c]) => c)));
          plus.open = ouverts.has(id) || etat.some(([k]) => touche(k));
          plus.addEventListener("toggle", () => (plus.open ? ouverts.add(id) : ouverts.delete(id)));
          champs.push(["", plus]);
        }
        for (const k of Object.keys(entree)) {
          if (!props[k]) champs.push(["", el("p", { classe: "cpd-aide-champ" }, `Champ « ${k} » inconnu : à corriger dans la vue texte.`)]);
        }
      } else {
        champs.push(["", el("p", { classe: "cpd-aide-champ" }, "Cette entrée n'est pas un objet : corrigez-la dans la vue texte.")]);
      }
      const bouton = (texte, action, etiquette, desactive, role) =>
        el("button", { type: "button", classe: "md-button cpd-petit-bouton", "aria-label": etiquette, disabled: desactive, "data-action": role, id: "cpd-entree-" + i + "-" + role, onclick: action }, texte);
      const deplacer = (de, vers, focus) => b.transformer((l) => {
        l.entrees.splice(vers, 0, ...l.entrees.splice(de, 1));
        b.ouverte = vers;
      }, focus);
      return el("div", { classe: "cpd-ligne-corps", id: idCorps, role: "group", "aria-labelledby": "cpd-entree-" + i + "-ouvrir" },
        messages.length ? el("ul", { classe: "cpd-violations cpd-carte-messages", "data-role": "entree-erreurs" }, messages.map((v) => b.message(v, i))) : null,
        el("div", { classe: "cpd-carte-champs" }, champs.map(([, c]) => c)),
        el("div", { classe: "cpd-carte-actions", role: "group", "aria-label": "Actions sur l'entrée " + (i + 1) },
          bouton("↑ Monter", () => deplacer(i, i - 1, "cpd-entree-" + (i - 1) + "-monter"), "Monter l'entrée " + (i + 1), i === 0, "monter"),
          bouton("↓ Descendre", () => deplacer(i, i + 1, "cpd-entree-" + (i + 1) + "-descendre"), "Descendre l'entrée " + (i + 1), i === n - 1, "descendre"),
          bouton("Dupliquer", () => b.transformer((l) => {
            l.entrees.splice(i + 1, 0, JSON.parse(JSON.stringify(l.entrees[i])));
            b.ouverte = i + 1;
          }, "cpd-entree-" + (i + 1) + "-ouvrir"), "Dupliquer l'entrée " + (i + 1), false, "dupliquer"),
          bouton("Retirer", () => b.transformer((l) => {
            l.entrees.splice(i, 1);
            b.ouverte = null;
          }, l2focus(i)), "Retirer l'entrée " + (i + 1), false, "retirer"),
          bouton("Fermer", () => b.ouvrirEntree(null, "cpd-entree-" + i + "-ouvrir"), "Fermer l'entrée " + (i + 1), false, "fermer")));
    }

    /**
     * Patch the open entry line `vieille` (in the page) to look like `neuve`, keeping the controls
     * `neuve` took from it in place: a kept node is never moved, so the focus stays on it.
     */
    function patcher(vieille, neuve) {
      vieille.className = neuve.className;
      // The line's button keeps its node (it may hold the focus): only what it says changes.
      const bouton = vieille.querySelector(":scope > h3 > button");
      bouton.replaceChildren(...neuve.querySelector(":scope > h3 > button").childNodes);
      const corps = vieille.querySelector(":scope > .cpd-ligne-corps");
      const nouveauCorps = neuve.querySelector(":scope > .cpd-ligne-corps");
      const champs = corps.querySelector(":scope > .cpd-carte-champs");
      reconcilier(champs, [...nouveauCorps.querySelector(":scope > .cpd-carte-champs").children].map((c) => c.compendiumGarde || c));
      reconcilier(corps, [...nouveauCorps.children].map((c) => (c.classList.contains("cpd-carte-champs") ? champs : c)));
    }

    /** Make `parent`'s children `voulus`: what is not wanted goes first, so a kept node never moves. */
    function reconcilier(parent, voulus) {
      const gardes = new Set(voulus);
      for (const c of [...parent.children]) if (!gardes.has(c)) c.remove();
      voulus.forEach((noeud, p) => {
        const actuel = parent.children[p];
        if (actuel !== noeud) parent.insertBefore(noeud, actuel || null);
      });
    }

    const l2focus = (i) => (i > 0 ? "cpd-entree-" + (i - 1) + "-ouvrir" : "cpd-ajouter-recherche");

    // --- Envelope (name, format, options, sections) ---

    function enveloppe(messages) {
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
      return champsListe;
    }

    /** `x-si: {option: [values]}` holds when every named option has one of its values. */
    function conditionRemplie(condition, options) {
      if (!estObjet(condition)) return true;
      return Object.entries(condition).every(([cle, valeurs]) => (Array.isArray(valeurs) ? valeurs : [valeurs]).includes(options[cle]));
    }

    /** The list-wide messages: errors in view; warnings folded under their count (the bar opens them). */
    function messagesDeLaListe(globaux, parRang) {
      const erreurs = globaux.filter((v) => v.severite !== "avertissement");
      const avert = globaux.filter((v) => v.severite === "avertissement");
      const blocs = [];
      // A new list: what remains to choose, by labels, instead of messages (composer-impose.js).
      const aChoisir = b.calme && b.blocAChoisir ? b.blocAChoisir([...globaux, ...[...parRang.values()].flat()].filter((v) => v.severite === "a-completer")) : null;
      if (aChoisir) blocs.push(aChoisir);
      else if (erreurs.length) blocs.push(el("ul", { classe: "cpd-violations" }, erreurs.map((v) => b.message(v, null))));
      if (avert.length) {
        const id = "cpd-avertissements-liste";
        const pli = el("details", { classe: "cpd-avertissements-liste", id, "data-role": "avertissements-liste" },
          el("summary", {}, pluriel(avert.length, "avertissement") + " sur la liste"),
          el("ul", { classe: "cpd-violations" }, avert.map((v) => b.message(v, null))));
        pli.open = ouverts.has(id);
        pli.addEventListener("toggle", () => (pli.open ? ouverts.add(id) : ouverts.delete(id)));
        blocs.push(pli);
      }
      return blocs;
    }

    // --- Drawing ---

    /** Draw the builder; `b.enDessin` is true meanwhile (a control removed by it may fire `change`). */
    function dessiner() {
      if (!b.liste) return;
      b.enDessin = true;
      try {
        dessinerTout();
      } finally {
        b.enDessin = false;
      }
    }

    function dessinerTout() {
      const actif = document.activeElement && racineOutil.contains(document.activeElement) ? document.activeElement.id : null;
      const { parRang, globaux } = repartir();
      dessinerBarre(globaux, parRang);
      zones.globaux.replaceChildren(...messagesDeLaListe(globaux, parRang));

      const messagesEnveloppe = globaux.filter((v) => !/^\/entrees(\/|$)/.test(String(v.chemin || "")));
      const sigEnveloppe = JSON.stringify([b.liste.nom, b.liste.format, b.liste.options, Object.keys(b.liste).filter((k) => !["entrees", "nom", "format", "options", "jeu"].includes(k)).map((k) => b.liste[k]),
        messagesEnveloppe.map((v) => [v.code, v.chemin]), [...ouverts]]);
      if (sigEnveloppe !== dessins.enveloppe) {
        dessins.enveloppe = sigEnveloppe;
        zones.enveloppe.replaceChildren(...enveloppe(globaux));
      }
      zones.resumeEnveloppe.textContent = b.resumeListe();

      const entrees = Array.isArray(b.liste.entrees) ? b.liste.entrees : [];
      const noeuds = [];
      let change = entrees.length !== dessins.entrees.length;
      entrees.forEach((e, i) => {
        const messages = parRang.get(i) || [];
        const sig = signatureEntree(e, i, messages);
        const ancien = dessins.entrees[i];
        // The entry whose control already shows the player's change waits for the report (its
        // signature is kept old, so the report redraws it).
        const enAttente = b.affichee === i && b.aJour === false && !b.illisible && ancien && ancien.noeud.isConnected;
        if ((ancien && ancien.sig === sig) || enAttente) noeuds.push(ancien.noeud);
        else if (b.ouverte === i && ancien && ancien.ouverte === i && ancien.noeud.isConnected && !change) {
          // The open entry again (a report, a click in it): patched in place, its unchanged controls kept.
          patcher(ancien.noeud, ligneEntree(e, i, entrees.length, messages, controlesDe(ancien.noeud)));
          dessins.entrees[i] = { sig, noeud: ancien.noeud, ouverte: i };
          noeuds.push(ancien.noeud);
        } else {
          const noeud = ligneEntree(e, i, entrees.length, messages);
          if (ancien && ancien.noeud.isConnected) ancien.noeud.replaceWith(noeud);
          else change = true;
          dessins.entrees[i] = { sig, noeud, ouverte: b.ouverte === i ? i : null };
          noeuds.push(noeud);
        }
      });
      dessins.entrees.length = entrees.length;
      if (change) zones.entrees.replaceChildren(...noeuds);
      b.dessinerProfils();
      zones.compte.textContent = entrees.length
        ? pluriel(entrees.length, String((((schema.properties || {}).entrees) || {}).title || "entrée").toLowerCase().replace(/s$/, ""))
        : "Aucune entrée : choisissez-en une dans « Ajouter ».";
      marquerLecture();

      const cible = b.focusApres || actif;
      b.focusApres = null;
      if (cible) {
        const e = document.getElementById(cible);
        if (e && e !== document.activeElement) {
          b.focusParDessin = true;
          try {
            if (e.disabled) {
              const ligne = e.closest(".cpd-ligne");
              const autre = ligne && ligne.querySelector("button:not([disabled])");
              if (autre) autre.focus();
            } else e.focus({ preventScroll: false });
          } finally {
            b.focusParDessin = false;
          }
        }
      }
      b.marquerChoixOuverts();
    }

    /** Forget what is drawn (a new list replaced the old one: nothing can be kept). */
    function oublierDessins() {
      dessins.entrees = [];
      dessins.enveloppe = null;
    }

    Object.assign(b, { violations, rangEntree, ligneCout, totalTexte, dessiner, marquerLecture, oublierDessins, allerAuPremier, resumeEntree, conditionRemplie });
  };
})();
