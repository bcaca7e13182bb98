// « Composer et vérifier », builder part: controls that need no typing (issue 35, « taps only »).
// Loaded on the tool page only, before composer-champs.js, which uses them:
//   * pas(): a number with − and + buttons beside it (it still accepts typing); each tap is one
//     change of the list (one « Annuler »), within the field's minimum, maximum and step;
//   * valeursDonnees(): the values of a field annotated `x-valeurs: {collection, propriete}` (the
//     field holds the `propriete` of an item of that data collection: Bataille d6's objet and sorts
//     are the d6 result `jet` of the tables), named by the item's name;
//   * cases(): an array of a few values from a known set (`maxItems` at most 6, the same value may
//     come twice: Bataille d6's two sorts, Tamashii's Plateaux) as one select per place;
//   * valeursParmi() / choixOuvert(): a field annotated `x-parmi` (an open set: the values the data
//     and the list already name, « Autre (à nommer)… » for one more, typed as a name): Tamashii's
//     tuile de départ and Corps, Hate's chronicle players, scenarios and territories.
(function () {
  "use strict";

  const P = (window.Compendium.composerParties = window.Compendium.composerParties || {});
  /** Past this many places, an array of known values is shown as boxes, not one select per place. */
  const PLACES_MAX = 6;

  P.saisie = function (b) {
    const { el } = window.Compendium;
    const { estObjet, pointeur, joli } = window.Compendium.composer;

    /**
     * A number field with − / + (44 px targets on a phone, styled .cpd-pas-groupe). `entree` is the
     * number input, already drawn; `poser(n, idBouton)` makes the change; `lire()` the value in the
     * list now (the control may be kept across a drawing, so a tap reads it again); `depart` the
     * value a first tap gives to an empty field; `nom` names the field for the buttons.
     */
    function pas({ id, entree, bas, haut, saut, depart, nom, lire, poser }) {
      const borne = (n) => Math.min(haut, Math.max(bas, n));
      const bouton = (delta, signe, texte) => el("button", {
        type: "button", classe: "md-button cpd-petit-bouton cpd-pas", id: id + (delta > 0 ? "-plus" : "-moins"),
        "data-role": delta > 0 ? "pas-plus" : "pas-moins", "aria-label": texte + " : " + nom,
        onclick: () => {
          const actuelle = lire();
          const n = typeof actuelle === "number" ? borne(actuelle + delta * saut) : borne(depart);
          if (n === actuelle) return;
          entree.value = String(n);
          etats(n);
          poser(n, id + (delta > 0 ? "-plus" : "-moins"));
        },
      }, signe);
      const moins = bouton(-1, "−", "Un de moins");
      const plus = bouton(1, "+", "Un de plus");
      const etats = (n) => {
        moins.disabled = typeof n === "number" && n <= bas;
        plus.disabled = typeof n === "number" && n >= haut;
      };
      etats(lire());
      return el("span", { classe: "cpd-pas-groupe" }, moins, entree, plus);
    }

    /**
     * The stepper of a number field of the schema (`s`: minimum, maximum, multipleOf, default):
     * the input typed as before, with − / + around it. Without `lire` / `poser`, the field is the
     * list's value at `chemin`, one change per tap (one « Annuler »), the focus kept on the button.
     */
    function pasDuSchema(chemin, s, entree, genre, nom, lire, poser) {
      const bas = typeof s.minimum === "number" ? s.minimum : typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum + 1 : 0;
      const haut = typeof s.maximum === "number" ? s.maximum : typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum - 1 : Infinity;
      const saut = typeof s.multipleOf === "number" && s.multipleOf > 0 ? s.multipleOf : 1;
      const depart = typeof s.default === "number" ? s.default : estObjet(s["x-depart"]) && typeof s["x-depart"].valeur === "number" ? s["x-depart"].valeur : bas;
      return pas({
        id: entree.id, entree, bas, haut, saut, depart, nom,
        lire: lire || (() => b.valeurA(chemin)),
        poser: poser || ((n, idBouton) => {
          b.focusApres = idBouton;
          b.changer(chemin, genre === "entier" ? Math.trunc(n) : n, { affiche: true });
        }),
      });
    }

    /**
     * The values of a field annotated `x-valeurs: {collection, propriete}`: one per item of the
     * data collection with that property, in its order, named « value — item's name ».
     */
    function valeursDonnees(source) {
      if (!estObjet(source) || typeof source.collection !== "string") return null;
      const propriete = typeof source.propriete === "string" ? source.propriete : "id";
      const items = b.donnees && Array.isArray(b.donnees[source.collection]) ? b.donnees[source.collection] : [];
      const sortie = [];
      for (const it of items) {
        if (!estObjet(it) || it[propriete] === undefined || sortie.some((c) => c.valeur === it[propriete])) continue;
        const nom = typeof it.nom === "string" ? it.nom : String(it[propriete]);
        sortie.push({ valeur: it[propriete], nom: propriete === "id" ? nom : `${it[propriete]} — ${nom}`, resume: it.resume });
      }
      sortie.sort((x, y) => (typeof x.valeur === "number" && typeof y.valeur === "number" ? x.valeur - y.valeur : 0));
      return sortie.length ? sortie : null;
    }

    /** The string values found in the list at a pointer with `*` steps (absolute, or relative to `base`). */
    function valeursDuDocument(motif, base) {
      let noeuds = [String(motif).startsWith("/") || !base.length ? b.liste : base.reduce((o, k) => (o === undefined || o === null ? undefined : o[k]), b.liste)];
      for (const pas of String(motif).split("/").filter(Boolean)) {
        const suivants = [];
        for (const n of noeuds) {
          if (n === null || typeof n !== "object") continue;
          if (pas === "*") suivants.push(...(Array.isArray(n) ? n : Object.values(n)));
          else if (n[pas] !== undefined) suivants.push(n[pas]);
        }
        noeuds = suivants;
      }
      return noeuds.filter((v) => typeof v === "string" && v.trim() !== "");
    }

    /**
     * The known values of a field annotated `x-parmi` (`s`, the field or its items; `base` the path
     * of the object holding the field): `valeurs` (named by the field's `x-noms`), the items of a
     * data `collection` (of `categories`, but those in `exclure`; their id, or their name when
     * `valeur: "nom"`), then the values the list holds at `champ` (one pointer or several).
     */
    function valeursParmi(s, base) {
      const p = estObjet(s) ? s["x-parmi"] : null;
      if (!estObjet(p)) return null;
      const noms = estObjet(s["x-noms"]) ? s["x-noms"] : {};
      const sortie = [];
      const ajouter = (valeur, nom) => {
        if (typeof valeur === "string" && valeur && !sortie.some((c) => c.valeur === valeur)) sortie.push({ valeur, nom: String(nom) });
      };
      for (const v of Array.isArray(p.valeurs) ? p.valeurs : []) ajouter(v, noms[v] || b.libelle(null, v));
      if (typeof p.collection === "string") {
        for (const c of b.candidatsDonnees({ collection: p.collection, categories: p.categories, cout: false })) {
          if (Array.isArray(p.exclure) && p.exclure.includes(c.valeur)) continue;
          const nom = c.item && c.item.nom ? String(c.item.nom) : joli(c.valeur);
          ajouter(p.valeur === "nom" ? nom : c.valeur, nom);
        }
      }
      for (const motif of [].concat(p.champ || [])) {
        for (const v of valeursDuDocument(motif, base || [])) ajouter(v, noms[v] || (p.identifiant ? joli(v) : v));
      }
      return sortie;
    }

    /** An identifier made from a name (« District Dévasté 4 » -> district-devaste-4). */
    const identifiantDe = (texte) => String(texte).toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

    /**
     * A select among the known values of an open set (`choix`: {valeur, nom}), « Autre (à nommer)… »
     * last: it shows a text box for a name, kept across a drawing; the name is the value, or the
     * identifier made from it when `identifiant`. A value outside the known ones is listed as is.
     */
    function choixOuvert(id, choix, valeur, surChange, vide, identifiant, decrit) {
      const AUTRE = "autre:";
      const liste = choix.slice();
      if (typeof valeur === "string" && valeur && !liste.some((c) => c.valeur === valeur)) liste.push({ valeur, nom: identifiant ? joli(valeur) : valeur });
      const select = el("select", { id, "aria-describedby": decrit || null },
        el("option", { value: "", "data-valeur": "" }, vide),
        liste.map((c) => el("option", { value: JSON.stringify(c.valeur), "data-valeur": JSON.stringify(c.valeur) }, c.nom)),
        el("option", { value: AUTRE, "data-role": "autre-choix" }, "Autre (à nommer)…"));
      select.value = typeof valeur === "string" && valeur ? JSON.stringify(valeur) : "";
      const idNom = id + "-autre";
      const nom = el("input", { type: "text", id: idNom, autocomplete: "off", maxlength: 60 });
      const ligne = el("span", { classe: "cpd-champ-composer cpd-autre-nom" },
        el("label", { for: idNom, classe: "cpd-champ-titre" }, "Son nom"), nom);
      // `hidden` and `display: none` both: the block's own display would show it otherwise.
      const montrer = (oui) => {
        ligne.hidden = !oui;
        ligne.style.display = oui ? "" : "none";
      };
      montrer(b.saisies.has(idNom));
      if (!ligne.hidden) {
        nom.value = b.saisies.get(idNom);
        select.value = AUTRE;
      }
      select.addEventListener("change", () => {
        montrer(select.value === AUTRE);
        if (select.value === AUTRE) {
          b.saisies.set(idNom, nom.value);
          nom.focus();
          return;
        }
        b.saisies.delete(idNom);
        surChange(select.value === "" ? undefined : JSON.parse(select.value));
      });
      nom.addEventListener("input", () => b.saisies.set(idNom, nom.value));
      nom.addEventListener("change", () => {
        const texte = identifiant ? identifiantDe(nom.value) : nom.value.trim();
        if (!texte) return;
        b.saisies.delete(idNom);
        surChange(texte);
      });
      return el("span", { classe: "cpd-choix-ouvert" }, select, ligne);
    }

    /** The list's entries as choices of a field annotated `x-entree` (its number, 1 = the first), named. */
    function entreesNommees() {
      const entrees = Array.isArray(b.liste && b.liste.entrees) ? b.liste.entrees : [];
      return entrees.map((e, i) => {
        const sorte = estObjet(e) && typeof e.type === "string" ? b.libelle("type", e.type) : "";
        const nom = estObjet(e) && typeof e.nom === "string" && e.nom ? e.nom + (sorte ? ` (${sorte})` : "") : sorte || "Entrée";
        return { valeur: i + 1, nom: `${i + 1} — ${nom}` };
      });
    }

    /** An array of entry numbers (`x-entree` on its items: Hate's figures of a battle): one box per entry. */
    function casesEntrees(chemin, id, valeur) {
      const choisies = () => (Array.isArray(b.valeurA(chemin)) ? b.valeurA(chemin) : []);
      const v0 = Array.isArray(valeur) ? valeur : [];
      return el("ul", { classe: "cpd-cases" }, entreesNommees().map((c, i) => {
        const idCase = `${id}-${i}`;
        const caseEl = el("input", { type: "checkbox", id: idCase, "data-valeur": JSON.stringify(c.valeur) });
        caseEl.checked = v0.includes(c.valeur);
        caseEl.addEventListener("change", () => {
          const autres = choisies().filter((n) => n !== c.valeur);
          const apres = (caseEl.checked ? [...autres, c.valeur] : autres).sort((x, y) => x - y);
          b.focusApres = idCase;
          b.changer(chemin, apres.length ? apres : undefined, { affiche: true });
        });
        return el("li", {}, caseEl, " ", el("label", { for: idCase }, c.nom));
      }));
    }

    /** A select among `choix` ({valeur, nom}), with « — Aucun — » first; a value outside is kept, marked. */
    function selectDe(id, choix, valeur, vide, surChange, decrit) {
      const select = el("select", { id, "aria-describedby": decrit || null },
        el("option", { value: "", "data-valeur": "" }, vide),
        choix.map((c) => el("option", { value: JSON.stringify(c.valeur), "data-valeur": JSON.stringify(c.valeur) }, c.nom)));
      select.value = valeur === undefined || valeur === null ? "" : JSON.stringify(valeur);
      if (select.value === "" && valeur !== undefined && valeur !== null) {
        select.append(el("option", { value: JSON.stringify(valeur), "data-valeur": JSON.stringify(valeur) }, String(valeur) + " (inconnu)"));
        select.value = JSON.stringify(valeur);
      }
      select.addEventListener("change", () => surChange(select.value === "" ? undefined : JSON.parse(select.value)));
      return select;
    }

    /**
     * An array of a few values of a known set, the same value allowed twice: one select per place
     * (`maxItems` places, named after the items' title: « Sort 1 », « Sort 2 »). A place left empty
     * is dropped from the array; the others keep their order.
     */
    function cases(chemin, id, s, items, choix, valeur, decrit, lire, poser) {
      const parmi = estObjet(items) && estObjet(items["x-parmi"]) ? items["x-parmi"] : null;
      const places = Math.min(PLACES_MAX, parmi && typeof parmi.places === "number" ? parmi.places : typeof s.maxItems === "number" ? s.maxItems : PLACES_MAX);
      const actuelles = () => {
        const v = lire ? lire() : b.valeurA(chemin);
        return Array.isArray(v) ? v.slice() : [];
      };
      const nomPlace = String(s["x-place"] || items.title || "Valeur"); // `x-place`: the name of a place (« Plateau »)
      const v0 = Array.isArray(valeur) ? valeur : [];
      const lignes = [];
      for (let i = 0; i < Math.max(places, v0.length); i++) {
        const idPlace = `${id}-${i}`;
        const faire = parmi ? (a, c, v, vide, f, d) => choixOuvert(a, c, v, f, vide, !!parmi.identifiant, d) : selectDe;
        const select = faire(idPlace, choix, v0[i], "— Aucun —", (nouvelle) => {
          const tableau = actuelles();
          while (tableau.length <= i) tableau.push(null);
          tableau[i] = nouvelle === undefined ? null : nouvelle;
          const garde = tableau.filter((x) => x !== null && x !== undefined);
          if (poser) poser(garde.length ? garde : undefined);
          else {
            b.focusApres = idPlace;
            b.changer(chemin, garde.length ? garde : undefined);
          }
        }, decrit);
        if (chemin) select.dataset.chemin = pointeur([...chemin, i]);
        lignes.push(el("span", { classe: "cpd-champ-composer cpd-place" },
          el("label", { for: idPlace, classe: "cpd-champ-titre" }, `${nomPlace} ${i + 1}`), select));
      }
      return el("div", { classe: "cpd-places" }, lignes);
    }

    /**
     * The known values of a field (`s`, of kind `g`), for a select or one select per place, or
     * null: `x-valeurs` (a number named by a data item), `x-donnees` (a data id), `x-cles` (a key
     * of a map of counts), on the field or on its items for an array.
     */
    function valeursConnues(s, g, items, base) {
      const n = g === "tableau-valeurs" ? items : s;
      if (!estObjet(n)) return null;
      if (estObjet(n["x-parmi"])) return valeursParmi(n, base);
      if (n["x-valeurs"]) return valeursDonnees(n["x-valeurs"]);
      if (estObjet(n["x-donnees"]) && g === "texte") {
        return b.candidatsDonnees(n["x-donnees"]).map((c) => ({ valeur: c.valeur, nom: c.item && c.item.nom ? String(c.item.nom) : String(c.valeur) }));
      }
      if (estObjet(n["x-cles"])) return b.nomsDeCles(n["x-cles"]).noms.map((k) => ({ valeur: k, nom: b.libelle(null, k) }));
      return null;
    }

    /**
     * A control of the new-entry form (a draft, not the list) that needs no typing, or null for
     * the form's own control: a select of known values, one select per place, a number with − / +.
     * `lire()` reads the draft's value, `poser(v)` writes it.
     */
    function controleBrouillon(id, cle, s, g, items, nom, lire, poser) {
      if (g === "tableau-enum" && estObjet(items) && Array.isArray(items.enum)) return puces(id, cle, items.enum, lire, poser);
      const connues = valeursConnues(s, g, items);
      if (connues && g === "tableau-valeurs") return cases(null, id, s, items, connues, lire(), null, lire, poser);
      if (connues && estObjet(s["x-parmi"])) return choixOuvert(id, connues, lire(), poser, "— Aucun —", !!s["x-parmi"].identifiant);
      if (connues) return selectDe(id, connues, lire(), "— Aucun —", poser);
      if (g !== "entier" && g !== "nombre") return null;
      const entree = el("input", { type: "number", id, min: s.minimum, max: s.maximum, step: g === "entier" ? 1 : "any", inputmode: "numeric" });
      entree.value = typeof lire() === "number" ? String(lire()) : "";
      entree.addEventListener("input", () => poser(entree.value.trim() === "" ? undefined : Number(entree.value)));
      return pasDuSchema(null, s, entree, g, nom, lire, (n) => poser(n));
    }

    /** Boxes for an array of enum values (Tamashii's augmentations de départ), in the schema's order. */
    function puces(id, cle, valeurs, lire, poser) {
      const choisies = () => (Array.isArray(lire()) ? lire() : []);
      return el("ul", { classe: "cpd-cases" }, valeurs.map((v, i) => {
        const idCase = `${id}-${i}`;
        const caseEl = el("input", { type: "checkbox", id: idCase, "data-valeur": JSON.stringify(v) });
        caseEl.checked = choisies().includes(v);
        caseEl.addEventListener("change", () => {
          const avant = choisies();
          const apres = valeurs.filter((w) => (w === v ? caseEl.checked : avant.includes(w)));
          poser(apres.length ? apres : undefined);
        });
        return el("li", {}, caseEl, " ", el("label", { for: idCase }, b.libelle(cle, v)));
      }));
    }

    Object.assign(b, { pas, pasDuSchema, valeursDonnees, valeursConnues, valeursParmi, choixOuvert, entreesNommees, casesEntrees,
      selectDe, cases, controleBrouillon });
  };
})();
