// « Composer et vérifier », builder part: controls that need no typing (issue 35, « taps only »).
// Loaded on the tool page only, before composer-champs.js, which uses them:
//   * pas(): a number with − and + buttons beside it (it still accepts typing); each tap is one
//     change of the list (one « Annuler »), within the field's minimum, maximum and step;
//   * valeursDonnees(): the values of a field annotated `x-valeurs: {collection, propriete}` (the
//     field holds the `propriete` of an item of that data collection: Bataille d6's objet and sorts
//     are the d6 result `jet` of the tables), named by the item's name;
//   * cases(): an array of a few values from a known set (`maxItems` at most 6, the same value may
//     come twice: Bataille d6's two sorts, Tamashii's Plateaux) as one select per place.
(function () {
  "use strict";

  const P = (window.Compendium.composerParties = window.Compendium.composerParties || {});
  /** Past this many places, an array of known values is shown as boxes, not one select per place. */
  const PLACES_MAX = 6;

  P.saisie = function (b) {
    const { el } = window.Compendium;
    const { estObjet, pointeur } = window.Compendium.composer;

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
      const places = Math.min(PLACES_MAX, typeof s.maxItems === "number" ? s.maxItems : PLACES_MAX);
      const actuelles = () => {
        const v = lire ? lire() : b.valeurA(chemin);
        return Array.isArray(v) ? v.slice() : [];
      };
      const nomPlace = String(s["x-place"] || items.title || "Valeur"); // `x-place`: the name of a place (« Plateau »)
      const v0 = Array.isArray(valeur) ? valeur : [];
      const lignes = [];
      for (let i = 0; i < Math.max(places, v0.length); i++) {
        const idPlace = `${id}-${i}`;
        const select = selectDe(idPlace, choix, v0[i], "— Aucun —", (nouvelle) => {
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
    function valeursConnues(s, g, items) {
      const n = g === "tableau-valeurs" ? items : s;
      if (!estObjet(n)) return null;
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

    Object.assign(b, { pas, pasDuSchema, valeursDonnees, valeursConnues, selectDe, cases, controleBrouillon });
  };
})();
