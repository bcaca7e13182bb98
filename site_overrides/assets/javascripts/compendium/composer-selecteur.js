// « Composer et vérifier », builder part: « Ajouter »: the picker of kinds of entries (with the player's own profiles) or the form of a designed entry.
// Loaded on the tool page only, before composer.js, which calls this part with the builder's
// shared state `b` (see the top of composer.js).
(function () {
  "use strict";

  const P = (window.Compendium.composerParties = window.Compendium.composerParties || {});

  P.selecteur = function (b) {
    const C = () => window.Compendium;
    const { el } = C();
    const { copie, estObjet, idDe, joli, resoudre, types, genre } = window.Compendium.composer;
    const { jeu, base, moteur, api, schema, entreeSchema, sortes, zones } = b;

    // --- The player's own profiles (Khârn-Âges: written in the list or in the loaded catalogue) ---
    // The game data holds only the book's examples; the profiles a list may name are the list's
    // own (`profils:`) and those of the catalogue loaded on the page. The catalogue is only read
    // here: it is sent to the engine with every check and never written into the list.

    let catalogueDoc = null; // the parsed catalogue document, or null
    let catalogueTexte = null;

    async function lireCatalogue(texte) {
      catalogueTexte = typeof texte === "string" && texte.trim() ? texte : null;
      const demande = catalogueTexte;
      let doc = null;
      if (demande !== null) {
        if (demande.trimStart().startsWith("{")) {
          try {
            doc = JSON.parse(demande);
          } catch (e) {
            doc = null; // YAML flow style: the engine reads it below
          }
        }
        if (!doc) {
          try {
            const r = await moteur.valider(jeu, demande);
            doc = r && estObjet(r.liste) ? r.liste : null;
          } catch (e) {
            doc = null;
          }
        }
      }
      if (demande !== catalogueTexte) return; // a newer catalogue arrived meanwhile
      catalogueDoc = estObjet(doc) ? doc : null;
      // The picker and the entries' choices of equipment follow the catalogue.
      if (b.liste) b.dessiner();
      else dessinerProfils();
    }

    /** One line about a profile card: level, factions, limitation, base equipment. */
    function resumeProfil(p) {
      const morceaux = [];
      if (typeof p.niveau === "number") morceaux.push("Niveau " + p.niveau);
      if (Array.isArray(p.factions) && p.factions.length) morceaux.push(p.factions.map((f) => b.libelle("faction", f)).join(", "));
      if (p.limitation !== undefined && p.limitation !== null && p.limitation !== "") morceaux.push("LIM " + String(p.limitation));
      if (Array.isArray(p.equipement_de_base) && p.equipement_de_base.length) {
        morceaux.push("avec " + p.equipement_de_base.map((x) => String((x && (x.nom || x.id)) || "")).filter(Boolean).join(", "));
      }
      if (p.magicien) morceaux.push("magicien");
      if (typeof p.mains === "number") morceaux.push(p.mains + (p.mains > 1 ? " mains" : " main"));
      if (typeof p.notes === "string" && p.notes.trim()) morceaux.push(p.notes.trim().slice(0, 80));
      return morceaux.join(" · ");
    }

    function profilsJoueur(collection) {
      const vus = new Set();
      const sortie = [];
      const sources = [
        [b.liste && Array.isArray(b.liste[collection]) ? b.liste[collection] : [], "écrit dans la liste"],
        [catalogueDoc && Array.isArray(catalogueDoc[collection]) ? catalogueDoc[collection] : [], "catalogue"],
      ];
      for (const [elements, source] of sources) {
        for (const p of elements) {
          if (!estObjet(p) || typeof p.id !== "string" || vus.has(p.id)) continue;
          vus.add(p.id);
          const resume = resumeProfil(p);
          sortie.push({ valeur: p.id, source, exemple: p.exemple === true, brut: p, item: { nom: typeof p.nom === "string" && p.nom ? p.nom : joli(p.id), cout: p.cout, resume: resume ? resume + " (" + source + ")" : "(" + source + ")" } });
        }
      }
      return sortie;
    }

    // --- « Ajouter »: picker of kinds, or the form of a designed entry ---

    function pickerSortes() {
      const recherche = el("input", { type: "search", id: "cpd-ajouter-recherche", autocomplete: "off", "aria-describedby": "cpd-ajouter-aide", "data-role": "recherche" });
      const aideEl = el("p", { id: "cpd-ajouter-aide", classe: "cpd-aide" }, "Tapez pour filtrer ; cliquez sur un élément pour l'ajouter à la liste.");
      const groupes = sortes.map((sorte) => {
        const s = resoudre(entreeSchema.properties[sorte], schema);
        const libre = !Array.isArray(s.enum);
        const ul = el("ul", { classe: "cpd-choix-liste", "data-role": "choix-" + sorte });
        if (libre) zones.profils.set(sorte, ul);
        else ul.replaceChildren(...boutonsChoix(sorte));
        return el("section", { classe: "cpd-groupe-choix", "data-sorte": sorte },
          el("h4", {}, String(s.title || joli(sorte))), ul,
          libre ? el("p", { classe: "cpd-aide", "data-role": "choix-" + sorte + "-vide" }) : null);
      });
      function boutonsChoix(sorte) {
        return b.candidats(sorte).map(({ valeur, item: it }) => {
          const nom = it && it.nom ? String(it.nom) : b.libelle(sorte, valeur);
          const cout = it && typeof it.cout === "number" ? b.coutTexte(it.cout) : "";
          const bouton = el("button", {
            type: "button", classe: "cpd-choix", "data-role": "choix", "data-sorte": sorte, "data-valeur": String(valeur),
            id: idDe(["choix", sorte, valeur]),
            onclick: () => {
              const nouvelle = { [sorte]: valeur };
              b.transformer((l) => {
                if (!Array.isArray(l.entrees)) l.entrees = [];
                l.entrees.push(nouvelle);
                b.neuves.add(nouvelle); // its missing choices are « à compléter », not errors, until changed
                b.ouverte = l.entrees.length - 1;
              }, idDe(["choix", sorte, valeur]));
              annonce.textContent = nom + " ajouté à la liste.";
            },
          },
          el("span", { classe: "cpd-cache-visuel" }, "Ajouter "), el("span", { classe: "cpd-choix-nom" }, nom),
          cout ? el("span", { classe: "cpd-choix-cout" }, cout) : null,
          it && it.resume ? el("span", { classe: "cpd-choix-resume" }, String(it.resume)) : null);
          bouton.dataset.filtre = (nom + " " + valeur + " " + (it && it.resume ? it.resume : "")).toLowerCase();
          return el("li", {}, bouton);
        });
      }
      zones.boutonsChoix = boutonsChoix;
      const annonce = el("p", { classe: "cpd-aide", role: "status", "aria-live": "polite", "data-role": "ajout-annonce" });
      zones.filtrer = () => {
        const mots = recherche.value.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").split(/\s+/).filter(Boolean);
        for (const bouton of zones.ajouter.querySelectorAll('[data-role="choix"]')) {
          const texte = bouton.dataset.filtre.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
          bouton.parentElement.hidden = !mots.every((m) => texte.includes(m));
        }
        for (const g of zones.ajouter.querySelectorAll(".cpd-groupe-choix")) {
          g.hidden = !g.querySelector("li:not([hidden])") && !g.querySelector('[data-role$="-vide"]:not([hidden])');
        }
        rover(null);
      };
      recherche.addEventListener("input", zones.filtrer);
      // The catalogue is one tab stop: the arrow keys (and Début / Fin) move between its choices.
      const catalogue = el("div", { classe: "cpd-catalogue-choix", role: "group", "aria-label": "Catalogue : Entrée ajoute l'élément, les flèches changent d'élément", "data-role": "catalogue-choix" }, ...groupes);
      const visibles = () => [...catalogue.querySelectorAll('[data-role="choix"]')].filter((x) => !x.closest("[hidden]"));
      function rover(cible) {
        const tous = visibles();
        const actuel = cible || tous.find((x) => x.tabIndex === 0) || tous[0];
        for (const x of catalogue.querySelectorAll('[data-role="choix"]')) x.tabIndex = x === actuel && tous.includes(x) ? 0 : -1;
        if (actuel && !tous.includes(actuel) && tous[0]) tous[0].tabIndex = 0;
      }
      catalogue.addEventListener("keydown", (ev) => {
        if (!ev.target.matches('[data-role="choix"]')) return;
        const tous = visibles();
        const k = tous.indexOf(ev.target);
        const cible = { ArrowDown: k + 1, ArrowRight: k + 1, ArrowUp: k - 1, ArrowLeft: k - 1, Home: 0, End: tous.length - 1 }[ev.key];
        if (cible === undefined || !tous.length) return;
        ev.preventDefault();
        const x = tous[Math.max(0, Math.min(tous.length - 1, cible))];
        rover(x);
        x.focus();
      });
      catalogue.addEventListener("focusin", (ev) => {
        if (ev.target.matches('[data-role="choix"]')) rover(ev.target);
      });
      zones.rover = rover;
      rover(null);
      return [el("label", { for: "cpd-ajouter-recherche", classe: "cpd-champ-titre" }, "Chercher"), recherche, aideEl, annonce, catalogue];
    }

    let signatureProfils = null;
    /** Refill the picker's free-id groups (the player's profiles) when they change. */
    function dessinerProfils() {
      if (!zones.profils || !zones.profils.size || !zones.boutonsChoix) return;
      const signature = JSON.stringify([...zones.profils.keys()].map((s) => b.candidats(s)));
      if (signature === signatureProfils) return;
      signatureProfils = signature;
      const actif = document.activeElement ? document.activeElement.id : null;
      for (const [sorte, ul] of zones.profils) {
        const boutons = zones.boutonsChoix(sorte);
        ul.replaceChildren(...boutons);
        const aucun = ul.parentElement.querySelector('[data-role="choix-' + sorte + '-vide"]');
        if (aucun) aideCartes(aucun, b.candidats(sorte));
      }
      if (zones.filtrer) zones.filtrer();
      if (zones.rover) zones.rover(null);
      if (actif && !document.activeElement.id) {
        const e = document.getElementById(actif);
        if (e) e.focus();
      }
    }

    /**
     * Under the player's profiles, while there are none but the book's example: how to add cards
     * (the card form of this page, or a club's catalogue file).
     */
    function aideCartes(aide, candidats) {
      const exemples = candidats.filter((c) => c.exemple).length;
      aide.hidden = candidats.length > exemples;
      if (aide.hidden) return;
      const outil = b.racineOutil;
      const formulaire = outil.querySelector("[data-compendium-cartes]");
      const importer = outil.querySelector('[data-role="catalogue-importer"]');
      const bouton = (texte, role, action) =>
        el("button", { type: "button", classe: "md-button cpd-petit-bouton", "data-role": role, onclick: action }, texte);
      // The cards are kept in « Mon matériel » (data-materiel of the tool), which every tool of the game reads.
      const materiel = outil.dataset.materiel
        ? el("a", { href: outil.dataset.materiel + "#catalogue", "data-role": "materiel-lien" }, "« Mon matériel »") : null;
      aide.replaceChildren(
        exemples ? "Seul l'exemple du livre est chargé : ses cartes sont incomplètes. " : "Aucune carte de profil pour l'instant. ",
        "Ajoutez les vôtres en recopiant vos cartes dans le formulaire de cette page, ou importez le catalogue de votre club.",
        ...(materiel ? [" Elles sont gardées dans ", materiel, ", où tous les outils du jeu les lisent."] : []),
        el("span", { classe: "cpd-aide-actions" },
          formulaire ? bouton("Créer une carte", "aide-creer-carte", () => {
            const section = formulaire.querySelector('[data-section="profils"]') || formulaire;
            const nouveau = section.querySelector(".cpd-fiches-tete button");
            section.scrollIntoView({ block: "start" });
            if (nouveau && !nouveau.disabled) nouveau.click();
            else formulaire.focus();
          }) : null,
          importer ? bouton("Importer un catalogue…", "aide-importer-catalogue", () => importer.click()) : null));
    }

    function pickerConcu() {
      const props = entreeSchema.properties || {};
      const requis = entreeSchema.required || [];
      const brouillon = {};
      for (const [k, sous] of Object.entries(props)) {
        const s = resoudre(sous, schema);
        const g = genre(s, schema);
        if (s.default !== undefined) continue;
        if (!requis.includes(k)) continue;
        if (g === "enum") brouillon[k] = s.enum[0];
        else if (g === "entier" || g === "nombre") brouillon[k] = typeof s.minimum === "number" ? s.minimum : 0;
        else if (g === "texte") brouillon[k] = k === "nom" ? "Nouvelle entrée" : "";
        else if (types(s).includes("object")) brouillon[k] = {};
      }
      const form = el("div", { classe: "cpd-carte-champs", "data-role": "formulaire-entree" });
      const cout = el("p", { classe: "cpd-total", "data-role": "apercu-cout", role: "status", "aria-live": "polite" });
      const controles = () => {
        const champs = [];
        for (const [k, sous] of Object.entries(props)) {
          const s = resoudre(sous, schema);
          const g = genre(s, schema);
          if (g === "autre" || g === "objet" || g === "comptes" || sous["x-etat-de-partie"]) continue;
          champs.push(controleBrouillon(k, s, g));
        }
        form.replaceChildren(...champs);
      };
      function controleBrouillon(k, s, g) {
        const id = "cpd-nouvelle-" + k;
        const titre = String(s.title || joli(k));
        let c;
        if (g === "texte" && estObjet(s["x-cles"])) {
          // A name among the keys of a map of counts (Tamashii's Données Essentielles): picked.
          const { noms } = b.nomsDeCles(s["x-cles"]);
          if (brouillon[k] === undefined || brouillon[k] === "") brouillon[k] = noms[0];
          c = el("select", { id }, noms.map((v) => el("option", { value: v }, b.libelle(null, v))));
          c.value = brouillon[k];
          c.addEventListener("change", () => maj(k, c.value));
        } else if ((c = b.controleBrouillon(id, k, s, g, s.items ? resoudre(s.items, schema) : null, titre,
          () => brouillon[k], (v) => maj(k, v)))) {
          // Known values, boxes, places or − / + (composer-saisie.js): nothing to type.
          if (g.startsWith("tableau-")) return el("fieldset", { classe: "cpd-groupe cpd-champ-places" }, el("legend", {}, titre), c);
        } else if (g === "enum") {
          c = el("select", { id }, el("option", { value: "" }, "— Aucun —"),
            s.enum.map((v) => el("option", { value: JSON.stringify(v) }, b.libelle(k, v))));
          c.value = brouillon[k] === undefined ? "" : JSON.stringify(brouillon[k]);
          c.addEventListener("change", () => maj(k, c.value === "" ? undefined : JSON.parse(c.value)));
        } else if (g === "booleen") {
          c = el("input", { type: "checkbox", id });
          c.checked = brouillon[k] === true;
          c.addEventListener("change", () => maj(k, c.checked ? true : undefined));
          return el("div", { classe: "cpd-champ-composer cpd-champ-booleen" }, c, " ", el("label", { for: id }, titre));
        } else if (g === "entier" || g === "nombre") {
          c = el("input", { type: "number", id, min: s.minimum, max: s.maximum, step: 1, inputmode: "numeric" });
          c.value = typeof brouillon[k] === "number" ? String(brouillon[k]) : "";
          c.addEventListener("input", () => maj(k, c.value.trim() === "" ? undefined : Number(c.value)));
        } else {
          c = el("input", { type: "text", id, autocomplete: "off" });
          c.value = Array.isArray(brouillon[k]) ? brouillon[k].join(", ") : brouillon[k] || "";
          c.addEventListener("input", () => {
            if (g === "tableau-valeurs") {
              const num = types(resoudre(s.items, schema)).includes("integer");
              const v = c.value.split(/[,;]/).map((x) => x.trim()).filter(Boolean).map((x) => (num && /^-?\d+$/.test(x) ? Number(x) : x));
              maj(k, v.length ? v : undefined);
            } else maj(k, c.value === "" ? undefined : c.value);
          });
        }
        return el("div", { classe: "cpd-champ-composer" }, el("label", { for: id, classe: "cpd-champ-titre" }, titre), c,
          s.minimum !== undefined && s.maximum !== undefined ? el("span", { classe: "cpd-aide-champ" }, `De ${s.minimum} à ${s.maximum}.`) : null);
      }
      let generation = 0;
      const estimer = C().debounce(async () => {
        const ma = ++generation;
        const essai = { ...copie(b.liste), entrees: [copie(brouillon)] };
        try {
          const r = await moteur.valider(jeu, JSON.stringify(essai), api.catalogue());
          if (ma !== generation) return;
          const d = (r && r.details) || {};
          const lignes = Array.isArray(d.entrees) ? d.entrees : [];
          const propres = (r.erreurs || []).filter((v) => b.rangEntree(v) === 0);
          const c = lignes[0] ? (lignes[0].cout_total ?? lignes[0].cout) : null;
          cout.textContent = (typeof c === "number" ? "Coût de cette entrée : " + b.coutTexte(c) : "Coût : non calculé") +
            (propres.length ? " — " + propres.map((v) => b.texteJoueur(v, 0)).join(" ; ") : "");
          cout.dataset.cout = typeof c === "number" ? String(c) : "";
        } catch (e) {
          if (ma === generation) cout.textContent = "Coût : " + e.message;
        }
      }, 120);
      function maj(k, v) {
        if (v === undefined) delete brouillon[k];
        else b.poser(brouillon, k, v, Object.keys(props));
        estimer();
      }
      controles();
      estimer();
      const ajouter = el("button", { type: "button", classe: "md-button md-button--primary", id: "cpd-ajouter-entree", "data-role": "ajouter-entree", onclick: () => {
        const nouvelle = copie(brouillon);
        b.transformer((l) => {
          if (!Array.isArray(l.entrees)) l.entrees = [];
          l.entrees.push(nouvelle);
          b.neuves.add(nouvelle); // as a picked entry: what the rules force is set, what is missing is « à compléter »
          b.ouverte = l.entrees.length - 1;
        }, "cpd-ajouter-entree");
        annonce.textContent = "Entrée ajoutée à la liste.";
      } }, "Ajouter cette entrée");
      const annonce = el("p", { classe: "cpd-aide", role: "status", "aria-live": "polite", "data-role": "ajout-annonce" });
      return [el("p", { classe: "cpd-aide" }, "Réglez l'entrée ci-dessous : son coût se met à jour à chaque changement."), form, cout, ajouter, annonce];
    }

    Object.assign(b, { lireCatalogue, resumeProfil, profilsJoueur, pickerSortes, dessinerProfils, pickerConcu });
  };
})();
