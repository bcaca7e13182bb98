// « Composer et vérifier », builder part: controls generated from the list schema and the data (one per field of the envelope or of an entry), with the engine's refused choices.
// Loaded on the tool page only, before composer.js, which calls this part with the builder's
// shared state `b` (see the top of composer.js).
(function () {
  "use strict";

  const P = (window.Compendium.composerParties = window.Compendium.composerParties || {});

  P.champs = function (b) {
    const C = () => window.Compendium;
    const { el } = C();
    const { copie, estObjet, idDe, pointeur, joli, resoudre, types, genre } = window.Compendium.composer;
    const { schema, index, ouverts, saisies } = b;

    /** Ask the engine which values of the control at `chemin` are allowed; mark the refused ones. */
    async function marquerChoix(chemin, conteneur) {
      const promesse = b.composer({ action: "options", liste: copie(b.liste), chemin: pointeur(chemin) });
      if (!promesse) return;
      const reponse = await promesse;
      if (!reponse || !Array.isArray(reponse.choix) || !conteneur.isConnected) return;
      const refus = new Map(); // one reason -> the choices it refuses (said once, not per choice)
      for (const choix of reponse.choix) {
        const cle = JSON.stringify(choix.valeur);
        const raisons = (choix.raisons || []).map((r) => String(r.message || r.code || "")).filter(Boolean).join(" ; ");
        const interdit = choix.permis === false && !choix.actif;
        for (const controle of conteneur.querySelectorAll("option, input[type=checkbox]")) {
          if (controle.dataset.valeur !== cle) continue;
          if (controle.tagName === "OPTION") {
            if (!controle.dataset.texte) controle.dataset.texte = controle.textContent;
            controle.textContent = controle.dataset.texte + (interdit ? " — interdit" : "");
          }
          controle.disabled = interdit;
          controle.title = interdit ? raisons : "";
          if (controle.tagName !== "OPTION") {
            // A checkbox says its own reason, under its name.
            const ligne = controle.closest("li");
            let raison = ligne && ligne.querySelector('[data-role="raison"]');
            if (ligne && !raison && interdit) {
              raison = el("span", { classe: "cpd-raison", "data-role": "raison" });
              ligne.append(raison);
            }
            if (raison) {
              raison.textContent = interdit ? "Interdit : " + raisons : "";
              raison.hidden = !interdit;
            }
          }
        }
        const parCase = [...conteneur.querySelectorAll("input[type=checkbox]")].some((x) => x.dataset.valeur === cle);
        if (interdit && !parCase) {
          const textes = (choix.raisons || []).map((r) => String(r.message || r.code || "")).filter(Boolean);
          for (const raison of textes.length ? textes : [""]) {
            if (!refus.has(raison)) refus.set(raison, []);
            const option = [...conteneur.querySelectorAll("option")].find((x) => x.dataset.valeur === cle);
            const nom = option && option.dataset.texte ? option.dataset.texte.replace(/ \(.*$/, "") : b.libelle(chemin[chemin.length - 1], choix.valeur);
            if (!refus.get(raison).includes(nom)) refus.get(raison).push(nom);
          }
        }
      }
      let note = conteneur.querySelector('[data-role="choix-interdits"]');
      if (!note) {
        note = el("p", { classe: "cpd-aide cpd-interdits", "data-role": "choix-interdits" });
        conteneur.append(note);
      }
      const groupes = [...refus].map(([raison, noms]) =>
        (noms.length > 6 ? noms.slice(0, 6).join(", ") + ` et ${noms.length - 6} autres` : noms.join(", ")) + (raison ? " : " + raison : ""));
      note.textContent = groupes.length ? "Choix interdits ici — " + groupes.join(" · ") : "";
      note.hidden = !groupes.length;
    }

    // --- Controls generated from the schema ---

    const sansAccents = (t) => String(t).toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");

    function aide(s) {
      return s.description ? el("span", { classe: "cpd-aide-champ" }, String(s.description)) : null;
    }

    /** One control for the value at `chemin` of schema `s`; `valeur` is the current value. */
    function controle(chemin, s, valeur, options) {
      const o = options || {};
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
        select.addEventListener("change", () => b.changer(chemin, select.value === "" ? undefined : JSON.parse(select.value)));
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
        const resume = choisies.length ? choisies.map((v) => (parValeur.has(v) ? nomChoix(parValeur.get(v)) : String(v))).join(", ") : "aucun";
        const cases = tous.map((c, i) => {
          const v = c.valeur;
          const idCase = id + "-" + i;
          const caseEl = el("input", { type: "checkbox", id: idCase, "data-valeur": JSON.stringify(v) });
          caseEl.checked = choisies.some((x) => x === v);
          caseEl.addEventListener("change", () => {
            // Enums keep the schema's order; data ids keep the order they were added in (Hate:
            // an amélioration covers the earlier one of its slot).
            const valeurs = donnees
              ? (caseEl.checked ? [...choisies, v] : choisies.filter((x) => x !== v))
              : choixDe.map((x) => x.valeur).filter((w) => (w === v ? caseEl.checked : choisies.includes(w)));
            let nouvelle = valeurs.length ? valeurs : undefined;
            if (nouvelle && nouvelle.length === 1 && types(s).includes("string") && !Array.isArray(valeur)) nouvelle = nouvelle[0];
            b.focusApres = idCase;
            b.changer(chemin, nouvelle);
          });
          const cout = coutChoix(c);
          const li = el("li", {}, caseEl, " ", el("label", { for: idCase }, c.inconnu ? String(v) + " (inconnu)" : nomChoix(c)),
            cout !== null ? el("span", { classe: "cpd-cout-choix" }, " (" + b.coutTexte(cout) + ")") : null,
            c.item && c.item.resume ? el("span", { classe: "cpd-resume" }, String(c.item.resume)) : null);
          li.dataset.filtre = sansAccents(nomChoix(c) + " " + v + " " + (c.item && c.item.resume ? c.item.resume : ""));
          return li;
        });
        const ul = el("ul", { classe: "cpd-cases" }, cases);
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
        if (o.ouverts && o.ouverts.has(id)) groupe.open = true;
        groupe.addEventListener("toggle", () => {
          if (groupe.open) {
            ouverts.add(id);
            marquerChoix(chemin, groupe);
          } else ouverts.delete(id);
        });
        return groupe;
      }
      if (g === "booleen") {
        const caseEl = el("input", { type: "checkbox", id, "aria-describedby": decrit });
        caseEl.checked = valeur === true;
        caseEl.addEventListener("change", () => {
          const defaut = s.default === undefined ? false : s.default;
          b.changer(chemin, caseEl.checked === defaut && !o.requis ? undefined : caseEl.checked);
        });
        return el("div", { classe: "cpd-champ-composer cpd-champ-booleen", "data-champ": String(cle) },
          caseEl, " ", el("label", { for: id, classe: "cpd-champ-titre" }, titre), aide(s));
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
          b.changer(chemin, texte === "" || !Number.isFinite(n) ? undefined : g === "entier" ? Math.trunc(n) : n);
        });
        const depart = s["x-depart"];
        const note = estObjet(depart) && valeur === depart.valeur && depart.explication
          ? el("span", { classe: "cpd-aide-champ cpd-depart", "data-role": "format-depart" },
            `Valeur de départ : ${C().nombre(depart.valeur)}, ${String(depart.explication)}.`)
          : null;
        return champ(entree, note);
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
        entree.addEventListener("change", () => b.changer(chemin, entree.value === "" ? undefined : entree.value));
        return champ(entree, proposees);
      }
      if (g === "tableau-valeurs") {
        const items = resoudre(s.items, schema);
        const numerique = types(items).includes("integer") || types(items).includes("number");
        const entree = el("input", { type: "text", id, "aria-describedby": id + "-format", autocomplete: "off" });
        entree.value = Array.isArray(valeur) ? valeur.join(", ") : "";
        entree.addEventListener("change", () => {
          const morceaux = entree.value.split(/[,;]/).map((x) => x.trim()).filter(Boolean);
          const valeurs = morceaux.map((x) => (numerique && /^-?\d+$/.test(x) ? Number(x) : x));
          b.changer(chemin, valeurs.length ? valeurs : undefined);
        });
        return champ(entree, el("span", { id: id + "-format", classe: "cpd-aide-champ" }, "Valeurs séparées par des virgules."));
      }
      if (g === "objet") {
        const v = estObjet(valeur) ? valeur : {};
        return el("fieldset", { classe: "cpd-groupe", "data-champ": String(cle) },
          el("legend", {}, titre), aide(s),
          Object.entries(s.properties).map(([k, sous]) => controle([...chemin, k], resoudre(sous, schema), v[k], o)));
      }
      if (g === "comptes") {
        // A map of counts whose keys the player names (Tamashii's Sac: type of Données -> tokens).
        const v = estObjet(valeur) ? valeur : {};
        const sous = resoudre(s.additionalProperties, schema);
        const nombre = (cleNom, idN, n) => {
          const e = el("input", { type: "number", id: idN, inputmode: "numeric", min: sous.minimum, max: sous.maximum, step: 1 });
          e.value = typeof n === "number" ? String(n) : "";
          e.addEventListener("change", () => {
            const x = Number(e.value);
            if (e.value.trim() !== "" && Number.isFinite(x)) b.changer([...chemin, cleNom], Math.trunc(x));
          });
          return e;
        };
        const lignes = Object.keys(v).map((k, i) => {
          const idN = id + "-" + i;
          return el("li", { classe: "cpd-compte", "data-cle": k },
            el("label", { for: idN }, k), nombre(k, idN, v[k]),
            el("button", { type: "button", classe: "md-button cpd-petit-bouton", "aria-label": "Retirer « " + k + " » de " + titre,
              id: idN + "-retirer", onclick: () => {
                b.focusApres = id + "-nouveau";
                b.changer([...chemin, k], undefined);
              } }, "Retirer"));
        });
        // What the player is typing survives a drawing (a report may arrive meanwhile).
        const garde = (e) => {
          if (saisies.has(e.id)) e.value = saisies.get(e.id);
          e.addEventListener("input", () => saisies.set(e.id, e.value));
          return e;
        };
        const nouveau = garde(el("input", { type: "text", id: id + "-nouveau", autocomplete: "off", maxlength: 40 }));
        const n = garde(el("input", { type: "number", id: id + "-nouveau-nombre", inputmode: "numeric", min: sous.minimum, max: sous.maximum, step: 1, value: "1" }));
        const ajouter = el("button", { type: "button", classe: "md-button cpd-petit-bouton", id: id + "-ajouter", "data-role": "ajouter-compte", onclick: () => {
          const k = nouveau.value.trim();
          const x = Number(n.value);
          if (!k || !Number.isFinite(x)) return;
          saisies.delete(nouveau.id);
          saisies.delete(n.id);
          b.focusApres = id + "-nouveau";
          b.changer([...chemin, k], Math.trunc(x));
        } }, "Ajouter");
        return el("fieldset", { classe: "cpd-groupe cpd-champ-comptes", "data-champ": String(cle) },
          el("legend", {}, titre), aide(s),
          lignes.length ? el("ul", { classe: "cpd-comptes" }, lignes) : null,
          el("div", { classe: "cpd-compte-nouveau" },
            el("span", { classe: "cpd-champ-composer" }, el("label", { for: id + "-nouveau", classe: "cpd-champ-titre" }, "Nouveau type"), nouveau),
            el("span", { classe: "cpd-champ-composer" }, el("label", { for: id + "-nouveau-nombre", classe: "cpd-champ-titre" }, String(sous.title || "Nombre")), n),
            ajouter));
      }
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

    Object.assign(b, { marquerChoix, aide, controle });
  };
})();
