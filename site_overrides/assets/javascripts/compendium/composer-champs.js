// « Composer et vérifier », builder part: controls generated from the list schema and the data (one per field of the envelope or of an entry), with the engine's refused choices.
// Loaded on the tool page only, before composer.js, which calls this part with the builder's
// shared state `b` (see the top of composer.js).
(function () {
  "use strict";

  const P = (window.Compendium.composerParties = window.Compendium.composerParties || {});
  /** A change whose control already shows the new value: its entry is redrawn with the report. */
  const AFFICHE = Object.freeze({ affiche: true });
  /** How a refused choice's reason is introduced: the engine checked the list with that choice made. */
  const APRES_CHOIX = ", car avec ce choix : ";

  P.champs = function (b) {
    const C = () => window.Compendium;
    const { el } = C();
    const { copie, estObjet, idDe, pointeur, cheminDe, joli, resoudre, types, genre } = window.Compendium.composer;
    const { schema, index, ouverts, saisies } = b;

    /**
     * A text control keeps what the player is typing across a drawing (a report that came meanwhile
     * redraws the settings): the text typed since `depuis`, the list's value when it was drawn, comes
     * back in the new control while the list still holds that value. The new control fires no
     * `change` when it loses the focus (its text was set by the script), so leaving it commits too.
     */
    function gardeSaisie(entree, depuis, valider) {
      const gardee = saisies.get(entree.id);
      if (estObjet(gardee) && gardee.depuis === depuis) entree.value = gardee.texte;
      else saisies.delete(entree.id);
      const fini = () => {
        if (b.enDessin) return; // removed by a drawing: the text comes back in the new control
        saisies.delete(entree.id);
        if (entree.value !== depuis) valider(entree.value);
      };
      entree.addEventListener("input", () => saisies.set(entree.id, { texte: entree.value, depuis }));
      entree.addEventListener("change", fini);
      entree.addEventListener("blur", () => {
        if (entree.isConnected && saisies.has(entree.id)) fini();
      });
    }

    /**
     * The allowed values of the control at `chemin`, asked when its picker opens (or a select gets
     * the focus): from the follow-up of the last check when it is there (b.choix, for this list),
     * else from the follow-up of the same check asked again.
     */
    function marquerChoix(chemin, conteneur) {
      const cle = pointeur(chemin);
      const connue = b.choix.get(cle);
      if (connue && connue.liste === b.signatureListe) {
        appliquerChoix(chemin, conteneur, connue.reponse);
        return;
      }
      // Focus given back by a drawing (dessiner) is not the player asking: the choices come with
      // the check's follow-up if they were asked for, else at the player's own focus.
      if (b.focusParDessin) return;
      // The same check again, asking for this field's choices after it: one validation per step in
      // the worker's idle time, given up at the next change of the list.
      if (conteneur.tagName !== "DETAILS") b.choixDemandes.add(cle);
      b.demanderSuite();
    }

    /** After a drawing: the open pickers get the choices already known for this list. */
    function marquerChoixOuverts() {
      for (const conteneur of b.section.querySelectorAll('details[open][data-champ-chemin], [data-choix-marques]')) {
        const cle = conteneur.dataset.champChemin;
        const connue = cle && b.choix.get(cle);
        if (connue && connue.liste === b.signatureListe) appliquerChoix(cheminDe(cle), conteneur, connue.reponse);
      }
    }

    /**
     * Mark the refused choices of a control with the engine's reasons (said once per reason). Each
     * reason is the engine's message on the list as it would be after that choice (« 4 Héros dans
     * la liste » for a unit of 3 made a Héros beside the one already there), so it is introduced as
     * such, never shown as if it described the list on screen.
     */
    function appliquerChoix(chemin, conteneur, reponse) {
      conteneur.dataset.choixMarques = "oui";
      const indexEntree = typeof chemin[1] === "number" && chemin[0] === "entrees" ? chemin[1] : null;
      const raisonsDe = (choix) => (choix.raisons || []).map((r) => b.texteJoueur(r, indexEntree)).filter(Boolean);
      const refus = new Map(); // one reason -> the choices it refuses (said once, not per choice)
      const parValeur = new Map(); // the controls of each value, looked up once (Hate: 58 boxes)
      for (const controle of conteneur.querySelectorAll("option, input[type=checkbox]")) {
        if (!parValeur.has(controle.dataset.valeur)) parValeur.set(controle.dataset.valeur, []);
        parValeur.get(controle.dataset.valeur).push(controle);
      }
      for (const choix of reponse.choix) {
        const cle = JSON.stringify(choix.valeur);
        const raisons = raisonsDe(choix).join(" ; ");
        // Refused beside the field's only item but allowed in its place: a one-choice picker.
        const echange = choix.remplace !== undefined && !choix.actif;
        const interdit = choix.permis === false && !choix.actif && !echange;
        const controles = parValeur.get(cle) || [];
        for (const controle of controles) {
          if (controle.tagName === "OPTION") {
            if (!controle.dataset.texte) controle.dataset.texte = controle.textContent;
            const texte = controle.dataset.texte + (interdit ? " — interdit" : "");
            if (controle.textContent !== texte) controle.textContent = texte;
          }
          if (controle.dataset.verrou !== "oui" && controle.disabled !== interdit) controle.disabled = interdit;
          const titre = interdit && raisons ? "Avec ce choix : " + raisons : "";
          if (controle.title !== titre) controle.title = titre;
          if (controle.tagName !== "OPTION") {
            // A checkbox says its own reason, under its name.
            const ligne = controle.closest("li");
            let raison = ligne && ligne.querySelector('[data-role="raison"]');
            if (ligne && !raison && interdit) {
              raison = el("span", { classe: "cpd-raison", "data-role": "raison" });
              ligne.append(raison);
            }
            const texteRaison = interdit ? "Interdit" + (raisons ? APRES_CHOIX + raisons : "") : "";
            if (raison && raison.textContent !== texteRaison) {
              raison.textContent = texteRaison;
              raison.hidden = !interdit;
            }
          }
        }
        const parCase = controles.some((x) => x.tagName !== "OPTION");
        if (interdit && !parCase) {
          const textes = raisonsDe(choix);
          for (const raison of textes.length ? textes : [""]) {
            if (!refus.has(raison)) refus.set(raison, []);
            const option = controles.find((x) => x.tagName === "OPTION");
            const nom = option && option.dataset.texte ? option.dataset.texte.replace(/ \(.*$/, "") : b.libelle(chemin[chemin.length - 1], choix.valeur);
            if (!refus.get(raison).includes(nom)) refus.get(raison).push(nom);
          }
        }
      }
      if (reponse.choix.some((c) => c.remplace !== undefined && !c.actif)) unSeulChoix(chemin, conteneur);
      let note = conteneur.querySelector('[data-role="choix-interdits"]');
      if (!note) {
        note = el("p", { classe: "cpd-aide cpd-interdits", "data-role": "choix-interdits" });
        conteneur.append(note);
      }
      const groupes = [...refus].map(([raison, noms]) =>
        (noms.length > 6 ? noms.slice(0, 6).join(", ") + ` et ${noms.length - 6} autres` : noms.join(", ")) + (raison ? APRES_CHOIX + raison : ""));
      note.textContent = groupes.length ? "Choix interdits ici — " + groupes.join(" · ") : "";
      note.hidden = !groupes.length;
    }

    /**
     * A group of boxes that may hold one choice only (the engine allows another choice in place of
     * the current one, not beside it): its boxes become radio buttons, so one tap swaps the choice,
     * with « Aucun » to leave the field empty.
     */
    function unSeulChoix(chemin, conteneur) {
      const cases = [...conteneur.querySelectorAll('input[type="checkbox"][data-valeur]')];
      if (!cases.length || conteneur.dataset.unSeul === "oui") return;
      conteneur.dataset.unSeul = "oui";
      const nom = (cases[0].id || "cpd-choix").replace(/-\d+$/, "") + "-un";
      for (const c of cases) {
        c.type = "radio";
        c.name = nom;
      }
      const ul = cases[0].closest("ul.cpd-cases");
      if (!ul || ul.querySelector('[data-role="aucun-choix"]')) return;
      const idAucun = nom + "-aucun";
      const aucun = el("input", { type: "radio", id: idAucun, name: nom, "data-role": "aucun-choix" });
      aucun.checked = !cases.some((c) => c.checked);
      aucun.addEventListener("change", () => {
        if (!aucun.checked) return;
        b.focusApres = idAucun;
        b.changer(chemin, undefined, AFFICHE);
      });
      ul.prepend(el("li", {}, aucun, " ", el("label", { for: idAucun }, "Aucun")));
    }

    // --- Controls generated from the schema ---

    const sansAccents = (t) => String(t).toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");

    function aide(s) {
      return s.description ? el("span", { classe: "cpd-aide-champ" }, String(s.description)) : null;
    }

    /**
     * One control for the value at `chemin` of schema `s`; `valeur` is the current value. Its block
     * carries the field's pointer (`data-champ-chemin`, for « Corriger »); a value the rules force
     * (options.force, from the engine) is shown locked, with why.
     */
    function controle(chemin, s, valeur, options) {
      const bloc = controleBrut(chemin, s, valeur, options || {});
      bloc.dataset.champChemin = pointeur(chemin);
      const force = options && options.force;
      if (force && force.force) verrouiller(bloc, force, chemin);
      return bloc;
    }

    /**
     * A field the rules force: locked when it holds the forced value; otherwise (a list read from a
     * text or an example) the forced value is offered with one click, never set behind the player.
     */
    function verrouiller(bloc, force, chemin) {
      const index = chemin[0] === "entrees" && typeof chemin[1] === "number" ? chemin[1] : null;
      const raisons = (force.raisons || []).map((r) => b.texteJoueur(r, index)).filter(Boolean);
      const voulue = force.absent ? undefined : force.valeur;
      const valeur = force.absent ? "aucune valeur" : b.nomValeur(pointeur(chemin), force.valeur);
      const pourquoi = raisons.length ? " : " + raisons.join(" ; ") : ".";
      if (JSON.stringify(b.valeurA(chemin)) === JSON.stringify(voulue)) {
        bloc.classList.add("cpd-champ--impose");
        for (const c of bloc.querySelectorAll("select, input")) {
          c.disabled = true;
          c.dataset.verrou = "oui";
        }
        // A folded picker shows it on its summary line: seen without opening it.
        const cible = bloc.tagName === "DETAILS" && bloc.querySelector("summary") ? bloc.querySelector("summary") : bloc;
        cible.append(el("span", { classe: "cpd-aide-champ cpd-impose", "data-role": "impose" }, `Imposé par les règles (${valeur})${pourquoi}`));
        return;
      }
      bloc.append(el("span", { classe: "cpd-aide-champ cpd-impose", "data-role": "impose-propose" }, `Les règles imposent ici : ${valeur}${pourquoi} `,
        el("button", { type: "button", classe: "md-button cpd-petit-bouton", "data-role": "appliquer-impose",
          onclick: () => b.changer(chemin, copie(voulue)) }, "Appliquer")));
    }

    /** Names of the keys of a map of counts (`x-cles`: Tamashii's types of Données), for pickers. */
    function nomsDeCles(source) {
      const decl = estObjet(source) ? source : {};
      const speciales = estObjet(decl.speciales) ? Object.keys(decl.speciales) : [];
      const noms = [];
      const ajouter = (k) => {
        if (typeof k === "string" && k && !speciales.includes(k) && !noms.includes(k)) noms.push(k);
      };
      const champ = decl.champ;
      for (const e of Array.isArray(b.liste && b.liste.entrees) ? b.liste.entrees : []) {
        if (!estObjet(e)) continue;
        if (estObjet(e[champ])) Object.keys(e[champ]).forEach(ajouter);
        for (const autre of Array.isArray(decl.aussi) ? decl.aussi : []) ajouter(e[autre]);
      }
      // Fewer names than the game's types: neutral ones (« Type 1 »…) complete them; the book
      // does not name the types, the player's own names are kept as typed.
      for (let k = 1; noms.length < (decl.types || 0) && k <= 99; k++) ajouter("type-" + k);
      return { noms, speciales: estObjet(decl.speciales) ? decl.speciales : {} };
    }

    function controleBrut(chemin, s, valeur, o) {
      const id = idDe(chemin);
      const cle = chemin[chemin.length - 1];
      const titre = String(s.title || joli(cle));
      const g = genre(s, schema);
      const idAide = id + "-aide";
      const etiquette = el("label", { for: id, classe: "cpd-champ-titre" }, titre);
      const champ = (controleEl, ...apres) =>
        el("div", { classe: "cpd-champ-composer cpd-champ-" + g, "data-champ": String(cle) }, etiquette, controleEl,
          s.description ? el("span", { id: idAide, classe: "cpd-aide-champ" }, String(s.description)) : null, ...apres);
      const decrit = s.description ? idAide : null;

      if (g === "const") {
        return el("div", { classe: "cpd-champ-composer", "data-champ": String(cle) },
          el("span", { classe: "cpd-champ-titre" }, titre), " ", el("strong", {}, String(s.const)), aide(s));
      }
      // `x-donnees`: a free id taken from a data collection (Hate's mercenaire, améliorations,
      // cicatrices; Khârn-Âges' equipment of the list): the same controls as an enum.
      const donnees = s["x-donnees"] && (g === "texte" || g === "tableau-valeurs") ? b.candidatsDonnees(s["x-donnees"]) : null;
      if (g === "texte" && estObjet(s["x-cles"])) return choixDeCle(chemin, id, titre, s, valeur, o, champ);
      const choixDe = donnees || (g === "enum" ? s.enum : g === "tableau-enum" ? resoudre(s.items, schema).enum : []).map((v) => ({ valeur: v, item: b.item(cle, v) }));
      const nomChoix = (c) => (c.item && c.item.nom ? String(c.item.nom) : b.libelle(cle, c.valeur));
      const coutChoix = (c) => (c.item && typeof c.item.cout === "number" ? c.item.cout : null);
      if (g === "enum" || (donnees && g === "texte")) {
        const select = el("select", { id, "aria-describedby": decrit, "data-chemin": pointeur(chemin) },
          el("option", { value: "", "data-valeur": "" }, o.requis ? "— Choisir —" : "— Aucun —"),
          choixDe.map((c) => {
            const cout = coutChoix(c) !== null ? " (" + b.coutTexte(coutChoix(c)) + ")" : "";
            const resume = donnees && c.item && c.item.resume ? " — " + String(c.item.resume) : "";
            return el("option", { value: JSON.stringify(c.valeur), "data-valeur": JSON.stringify(c.valeur) }, nomChoix(c) + cout + resume);
          }));
        select.value = valeur === undefined ? "" : JSON.stringify(valeur);
        if (select.value === "" && valeur !== undefined) {
          // a value outside the schema (the engine reports it): keep it visible
          select.append(el("option", { value: JSON.stringify(valeur), "data-valeur": JSON.stringify(valeur) }, String(valeur) + " (inconnu)"));
          select.value = JSON.stringify(valeur);
        }
        select.addEventListener("change", () => b.changer(chemin, select.value === "" ? undefined : JSON.parse(select.value), AFFICHE));
        const bloc = champ(select);
        const demander = () => marquerChoix(chemin, bloc);
        select.addEventListener("focus", demander);
        select.addEventListener("mousedown", demander);
        return bloc;
      }
      if (g === "tableau-enum" || (donnees && g === "tableau-valeurs")) {
        const choisies = Array.isArray(valeur) ? valeur : valeur === undefined || valeur === null ? [] : [valeur];
        const parValeur = new Map(choixDe.map((c) => [c.valeur, c]));
        // A value outside the candidates (the engine reports it) stays listed, to be unticked.
        const tous = [...choixDe, ...choisies.filter((v) => !parValeur.has(v)).map((v) => ({ valeur: v, item: null, inconnu: true }))];
        const resumeDe = (vs) => (vs.length ? vs.map((v) => (parValeur.has(v) ? nomChoix(parValeur.get(v)) : String(v))).join(", ") : "aucun");
        const resume = resumeDe(choisies);
        const cases = tous.map((c, i) => {
          const v = c.valeur;
          const idCase = id + "-" + i;
          const caseEl = el("input", { type: "checkbox", id: idCase, "data-valeur": JSON.stringify(v) });
          caseEl.checked = choisies.some((x) => x === v);
          caseEl.addEventListener("change", () => {
            // The value now (the boxes may be clicked again before the entry is redrawn).
            const actuelle = b.valeurA(chemin);
            const choisies = Array.isArray(actuelle) ? actuelle : actuelle === undefined || actuelle === null ? [] : [actuelle];
            // Enums keep the schema's order; data ids keep the order they were added in (Hate:
            // an amélioration covers the earlier one of its slot).
            // A one-choice group (radio buttons, see unSeulChoix): the tapped choice replaces the other.
            const valeurs = caseEl.type === "radio"
              ? (caseEl.checked ? [v] : choisies)
              : donnees
              ? (caseEl.checked ? [...choisies, v] : choisies.filter((x) => x !== v))
              : choixDe.map((x) => x.valeur).filter((w) => (w === v ? caseEl.checked : choisies.includes(w)));
            // The summary line follows the boxes (the control may be kept by the next drawing).
            const choisis = groupe.querySelector(":scope > summary .cpd-choisis");
            if (choisis) choisis.textContent = resumeDe(valeurs);
            let nouvelle = valeurs.length ? valeurs : undefined;
            if (nouvelle && nouvelle.length === 1 && types(s).includes("string") && !Array.isArray(valeur)) nouvelle = nouvelle[0];
            b.focusApres = idCase;
            b.changer(chemin, nouvelle, AFFICHE);
          });
          const cout = coutChoix(c);
          const li = el("li", {}, caseEl, " ", el("label", { for: idCase }, c.inconnu ? String(v) + " (inconnu)" : nomChoix(c)),
            cout !== null ? el("span", { classe: "cpd-cout-choix" }, " (" + b.coutTexte(cout) + ")") : null,
            c.item && c.item.resume ? el("span", { classe: "cpd-resume" }, String(c.item.resume)) : null);
          li.dataset.filtre = sansAccents(nomChoix(c) + " " + v + " " + (c.item && c.item.resume ? c.item.resume : ""));
          return li;
        });
        // `x-donnees.groupe`: the choices of another group than the list's (Hate: another tribe's
        // améliorations) are folded apart, after the player's own.
        const groupe0 = donnees && estObjet(s["x-donnees"].groupe) ? s["x-donnees"].groupe : null;
        const valeurGroupe = groupe0 && estObjet(b.liste.options) ? b.liste.options[groupe0.option] : undefined;
        const autre = (c) => groupe0 && c.item && c.item._groupe !== undefined && c.item._groupe !== valeurGroupe && !choisies.includes(c.valeur);
        const autres = cases.filter((_, k) => autre(tous[k]));
        const ul = el("ul", { classe: "cpd-cases" }, cases.filter((_, k) => !autre(tous[k])),
          autres.length ? el("li", { classe: "cpd-autres" }, el("details", { "data-role": "autres-groupes" },
            el("summary", {}, `${String(groupe0.titre || "Autres")} (${autres.length})`), el("ul", { classe: "cpd-cases" }, autres))) : null);
        let filtre = null;
        if (cases.length > 12) {
          // A long list (Hate: 58 améliorations): a filter by name or text.
          filtre = el("input", { type: "search", id: id + "-filtre", autocomplete: "off", "data-role": "filtre-choix" });
          if (b.saisies.has(filtre.id)) filtre.value = b.saisies.get(filtre.id);
          const filtrer = () => {
            b.saisies.set(filtre.id, filtre.value);
            const mots = sansAccents(filtre.value).split(/\s+/).filter(Boolean);
            for (const li of cases) li.hidden = !mots.every((m) => li.dataset.filtre.includes(m));
          };
          filtre.addEventListener("input", filtrer);
          filtrer();
        }
        const groupe = el("details", { classe: "cpd-champ-composer cpd-champ-tableau-enum", "data-champ": String(cle) },
          el("summary", { id }, el("span", { classe: "cpd-champ-titre" }, titre), " : ", el("span", { classe: "cpd-choisis" }, resume)),
          el("fieldset", {}, el("legend", { classe: "cpd-cache-visuel" }, titre),
            s.description ? el("p", { classe: "cpd-aide-champ" }, String(s.description)) : null,
            filtre ? el("span", { classe: "cpd-champ-composer cpd-filtre-choix" },
              el("label", { for: filtre.id, classe: "cpd-champ-titre" }, "Filtrer"), filtre) : null,
            ul));
        // Drawn open again after a change: its choices come with the check's follow-up (or the
        // cache), not from a request of its own.
        let redessine = false;
        if (o.ouverts && o.ouverts.has(id)) {
          groupe.open = true;
          redessine = true;
        }
        groupe.addEventListener("toggle", () => {
          if (groupe.open) {
            ouverts.add(id);
            if (!redessine) marquerChoix(chemin, groupe);
          } else ouverts.delete(id);
          redessine = false;
        });
        return groupe;
      }
      if (g === "booleen") {
        const caseEl = el("input", { type: "checkbox", id, "aria-describedby": decrit });
        caseEl.checked = valeur === true;
        caseEl.addEventListener("change", () => {
          const defaut = s.default === undefined ? false : s.default;
          b.changer(chemin, caseEl.checked === defaut && !o.requis ? undefined : caseEl.checked, AFFICHE);
        });
        return el("div", { classe: "cpd-champ-composer cpd-champ-booleen", "data-champ": String(cle) },
          caseEl, " ", el("label", { for: id, classe: "cpd-champ-titre" }, titre), aide(s));
      }
      // `x-valeurs`: a number named by a data item (Bataille d6: the d6 result of an objet): a select.
      const nombreNomme = (g === "entier" || g === "nombre") ? (s["x-entree"] ? b.entreesNommees() : b.valeursDonnees(s["x-valeurs"])) : null;
      if (nombreNomme) {
        return champ(b.selectDe(id, nombreNomme, valeur, o.requis ? "— Choisir —" : "— Aucun —",
          (v) => b.changer(chemin, v, AFFICHE), decrit));
      }
      if (g === "entier" || g === "nombre") {
        const entree = el("input", {
          type: "number", id, inputmode: "numeric", "aria-describedby": decrit,
          min: s.minimum, max: s.maximum, step: g === "entier" ? 1 : "any",
        });
        entree.value = typeof valeur === "number" ? String(valeur) : "";
        entree.addEventListener("change", () => {
          const texte = entree.value.trim();
          const n = Number(texte);
          b.changer(chemin, texte === "" || !Number.isFinite(n) ? undefined : g === "entier" ? Math.trunc(n) : n, AFFICHE);
        });
        const depart = s["x-depart"];
        const note = estObjet(depart) && valeur === depart.valeur && depart.explication
          ? el("span", { classe: "cpd-aide-champ cpd-depart", "data-role": "format-depart" },
            `Valeur de départ : ${C().nombre(depart.valeur)}, ${String(depart.explication)}.`)
          : null;
        return champ(b.pasDuSchema(chemin, s, entree, g, titre), note);
      }
      // `x-parmi`: an open set (names the data and the list already hold, or one more named).
      if (g === "texte" && estObjet(s["x-parmi"])) {
        return champ(b.choixOuvert(id, b.valeursParmi(s, chemin.slice(0, -1)), valeur, (v) => {
          b.focusApres = id;
          b.changer(chemin, v, AFFICHE);
        }, o.requis ? "— Choisir —" : "— Aucun —", !!s["x-parmi"].identifiant, decrit));
      }
      if (g === "texte") {
        const entree = el("input", { type: "text", id, "aria-describedby": decrit, maxlength: s.maxLength, autocomplete: "off" });
        entree.value = typeof valeur === "string" ? valeur : "";
        // Suggestions from the data: items of the collection or category named like the field.
        const suggestions = [];
        for (const [idItem, it] of index) {
          if (it._collection === cle + "s" || it.categorie === cle || it._collection === String(cle).replace(/_.*$/, "") + "s") {
            suggestions.push(el("option", { value: idItem }, String(it.nom || idItem)));
          }
        }
        let proposees = null;
        if (suggestions.length) {
          proposees = el("datalist", { id: id + "-suggestions" }, suggestions);
          entree.setAttribute("list", id + "-suggestions");
        }
        gardeSaisie(entree, entree.value, (texte) => b.changer(chemin, texte === "" ? undefined : texte, AFFICHE));
        return champ(entree, proposees);
      }
      if (g === "tableau-valeurs") {
        const items = resoudre(s.items, schema);
        // A few values of a known set (Bataille d6's two sorts, Tamashii's Plateaux): a select per place.
        const connues = b.valeursConnues(s, g, items, chemin.slice(0, -1));
        if (connues) {
          return el("fieldset", { classe: "cpd-groupe cpd-champ-places", "data-champ": String(cle) },
            el("legend", {}, titre), aide(s), b.cases(chemin, id, s, items, connues, valeur, decrit));
        }
        if (estObjet(items) && items["x-entree"]) {
          return el("fieldset", { classe: "cpd-groupe cpd-champ-places", "data-champ": String(cle) },
            el("legend", {}, titre), aide(s), b.casesEntrees(chemin, id, valeur));
        }
        const numerique = types(items).includes("integer") || types(items).includes("number");
        const entree = el("input", { type: "text", id, "aria-describedby": id + "-format", autocomplete: "off" });
        entree.value = Array.isArray(valeur) ? valeur.join(", ") : "";
        entree.addEventListener("change", () => {
          const morceaux = entree.value.split(/[,;]/).map((x) => x.trim()).filter(Boolean);
          const valeurs = morceaux.map((x) => (numerique && /^-?\d+$/.test(x) ? Number(x) : x));
          b.changer(chemin, valeurs.length ? valeurs : undefined, AFFICHE);
        });
        return champ(entree, el("span", { id: id + "-format", classe: "cpd-aide-champ" }, "Valeurs séparées par des virgules."));
      }
      if (g === "objet") {
        const v = estObjet(valeur) ? valeur : {};
        return el("fieldset", { classe: "cpd-groupe", "data-champ": String(cle) },
          el("legend", {}, titre), aide(s),
          Object.entries(s.properties).map(([k, sous]) => controle([...chemin, k], resoudre(sous, schema), v[k], o)));
      }
      if (g === "comptes") return comptes(chemin, id, titre, s, valeur);
      // Lists of objects inside a section the schema opens to the builder (`x-composer: section`,
      // Hate's chronicle log): one group of controls per element, « Ajouter » and « Retirer ».
      const modele = s.items && !Array.isArray(s.items) ? resoudre(s.items, schema) : null;
      if (o.objets && types(s).includes("array") && modele && modele.properties) {
        return tableauObjets(chemin, id, titre, s, modele, Array.isArray(valeur) ? valeur : [], o);
      }
      // Other lists of objects: edited in the text view.
      const n = Array.isArray(valeur) ? valeur.length : estObjet(valeur) ? Object.keys(valeur).length : 0;
      return el("div", { classe: "cpd-champ-composer", "data-champ": String(cle) },
        el("span", { classe: "cpd-champ-titre" }, titre), " ",
        el("span", { classe: "cpd-aide-champ" }, n ? `${n} élément${n > 1 ? "s" : ""} — à modifier dans la vue texte.` : "À écrire dans la vue texte, si besoin."));
    }


    /**
     * A map of counts (Tamashii's Sac: type of Données -> tokens): one row per known key with its
     * count (− and + buttons, or typed), so that no name needs typing; `x-cles` names the special
     * keys and the number of types, and another name can still be added.
     */
    function comptes(chemin, id, titre, s, valeur) {
      const v = estObjet(valeur) ? valeur : {};
      const sous = resoudre(s.additionalProperties, schema);
      const { noms, speciales } = nomsDeCles(s["x-cles"]);
      const cles = [...new Set([...noms, ...Object.keys(speciales), ...Object.keys(v)])];
      const bas = typeof sous.minimum === "number" ? sous.minimum : 0;
      const haut = typeof sous.maximum === "number" ? sous.maximum : Infinity;
      const poser = (k, n) => b.changer([...chemin, k], n === 0 && !(k in v) ? undefined : n);
      const lignes = cles.map((k, i) => {
        const idN = id + "-" + i;
        const n = typeof v[k] === "number" ? v[k] : 0;
        const nom = speciales[k] || b.libelle(null, k);
        const entree = el("input", { type: "number", id: idN, inputmode: "numeric", min: bas, max: sous.maximum, step: 1, classe: "cpd-compte-nombre" });
        entree.value = String(n);
        entree.addEventListener("change", () => {
          const x = Number(entree.value);
          if (entree.value.trim() !== "" && Number.isFinite(x)) poser(k, Math.min(haut, Math.max(bas, Math.trunc(x))));
        });
        const lire = () => {
          const actuel = b.valeurA([...chemin, k]);
          return typeof actuel === "number" ? actuel : 0;
        };
        return el("li", { classe: "cpd-compte", "data-cle": k },
          el("label", { for: idN }, nom), b.pas({ id: idN, entree, bas, haut, saut: 1, depart: bas, nom, lire, poser: (x) => poser(k, x) }));
      });
      const nouveau = el("input", { type: "text", id: id + "-nouveau", autocomplete: "off", maxlength: 40 });
      if (saisies.has(nouveau.id)) nouveau.value = saisies.get(nouveau.id);
      nouveau.addEventListener("input", () => saisies.set(nouveau.id, nouveau.value));
      const ajouter = el("button", { type: "button", classe: "md-button cpd-petit-bouton", id: id + "-ajouter", "data-role": "ajouter-compte", onclick: () => {
        const k = nouveau.value.trim().toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
        if (!k) return;
        saisies.delete(nouveau.id);
        b.focusApres = id + "-nouveau";
        b.changer([...chemin, k], 1);
      } }, "Ajouter");
      return el("fieldset", { classe: "cpd-groupe cpd-champ-comptes", "data-champ": String(chemin[chemin.length - 1]) },
        el("legend", {}, titre), aide(s),
        el("ul", { classe: "cpd-comptes" }, lignes),
        el("details", { classe: "cpd-compte-nouveau" }, el("summary", {}, "Un type à votre nom…"),
          el("span", { classe: "cpd-champ-composer" }, el("label", { for: id + "-nouveau", classe: "cpd-champ-titre" }, "Nom du type"), nouveau),
          ajouter));
    }

    /**
     * A free name that is one of the keys of a map of counts (`x-cles`: Tamashii's Données
     * Essentielles among the types of the Sac): picked from the names known, or another one typed.
     */
    function choixDeCle(chemin, id, titre, s, valeur, o, champ) {
      const { noms } = nomsDeCles(s["x-cles"]);
      if (typeof valeur === "string" && valeur && !noms.includes(valeur)) noms.push(valeur);
      const select = el("select", { id, "data-chemin": pointeur(chemin) },
        el("option", { value: "", "data-valeur": "" }, o.requis ? "— Choisir —" : "— Aucun —"),
        noms.map((k) => el("option", { value: k, "data-valeur": JSON.stringify(k) }, b.libelle(null, k))));
      select.value = typeof valeur === "string" ? valeur : "";
      select.addEventListener("change", () => b.changer(chemin, select.value === "" ? undefined : select.value, AFFICHE));
      return champ(select);
    }

    /** An array of objects: a numbered group per element, each removable, and one « Ajouter ». */
    function tableauObjets(chemin, id, titre, s, modele, elements, o) {
      const nom = String(modele.title || "Élément");
      const groupes = elements.map((element, i) => el("fieldset", { classe: "cpd-groupe cpd-element", "data-role": "element" },
        el("legend", {}, `${nom} ${i + 1}`),
        Object.entries(modele.properties).map(([k, sous]) =>
          controle([...chemin, i, k], resoudre(sous, schema), estObjet(element) ? element[k] : undefined, o)),
        el("button", { type: "button", classe: "md-button cpd-petit-bouton", id: `${id}-${i}-retirer`,
          "data-role": "retirer-element", "aria-label": `Retirer ${nom} ${i + 1} (${titre})`, onclick: () => {
            const reste = elements.filter((_, j) => j !== i);
            b.focusApres = id + "-ajouter";
            b.changer(chemin, reste.length ? reste : undefined);
          } }, "Retirer")));
      const ajouter = el("button", { type: "button", classe: "md-button cpd-petit-bouton", id: id + "-ajouter",
        "data-role": "ajouter-element", onclick: () => {
          b.focusApres = id + "-ajouter";
          b.changer(chemin, [...elements, {}]);
        } }, `Ajouter : ${nom}`);
      return el("fieldset", { classe: "cpd-groupe cpd-champ-tableau-objets", "data-champ": String(chemin[chemin.length - 1]) },
        el("legend", {}, titre), aide(s), ...groupes, ajouter);
    }

    Object.assign(b, { marquerChoix, marquerChoixOuverts, appliquerChoix, aide, controle, nomsDeCles });
  };
})();
