// « Composer et vérifier »: the player's profile catalogue (games whose profile cards are not in
// the book, Khârn-Âges): loaded from a file or an example, kept in « Mon matériel » (materiel.js),
// sent with every check. Used by verifier.js.
(function () {
  "use strict";

  const TAILLE_MAX_CATALOGUE = 2 * 1024 * 1024; // a larger catalogue file is refused (the text view's own limit)
  const C = () => window.Compendium;

  /**
   * The player's profile catalogue (games whose profile cards are not in the book): loaded from a
   * file or an example, kept in « Mon matériel » (materiel.js), sent with every check.
   */
  function gestionCatalogue(racineOutil, jeu, base, reverifier) {
    const role = (nom) => racineOutil.querySelector(`[data-role="${nom}"]`);
    const bloc = role("catalogue-bloc");
    // garde: the catalogue was read back from this browser's « Mon matériel » (said in every message).
    const etat = { texte: null, nom: null, garde: false, resume() {} };
    if (!bloc) return etat;
    const etatTexte = role("catalogue-etat");
    const retirer = role("catalogue-retirer");
    const fichier = role("catalogue-fichier");
    const exemple = role("catalogue-exemple");
    const materiel = C().materiel.pour(jeu);
    const annoncer = (texte) => {
      etatTexte.textContent = texte;
      retirer.disabled = etat.texte === null;
      bloc.dataset.charge = etat.texte === null ? "non" : "oui";
    };
    const garder = () => {
      // Refused by the browser: the catalogue stays loaded for this visit (materiel.js says so).
      materiel.ecrire("catalogue", "", etat.texte === null ? null : { nom: etat.nom, texte: etat.texte }, bloc);
      // Hook for the card editor (cartes.js): every catalogue change is announced…
      bloc.dispatchEvent(new CustomEvent("compendium:catalogue", { detail: { texte: etat.texte, nom: etat.nom } }));
    };
    const DEJA_GARDE = " (gardé dans ce navigateur, dans « Mon matériel »)";
    const charger = (texte, nom) => {
      etat.texte = texte;
      etat.nom = nom;
      etat.garde = false;
      garder();
      annoncer(`Catalogue « ${nom} » chargé ; vérification en cours…`);
      reverifier();
    };
    etat.resume = (resume) => {
      if (etat.texte === null) return;
      const origine = etat.garde ? DEJA_GARDE : "";
      if (!resume || typeof resume !== "object") {
        annoncer(`Catalogue « ${etat.nom} » chargé${origine}.`);
        return;
      }
      const titre = typeof resume.nom === "string" && resume.nom ? resume.nom : etat.nom;
      const n = (k) => (typeof resume[k] === "number" ? resume[k] : 0);
      annoncer(`Catalogue « ${titre} » chargé : ${n("profils")} profil${n("profils") > 1 ? "s" : ""}, ` +
        `${n("equipements")} équipement${n("equipements") > 1 ? "s" : ""}${origine}.`);
    };
    const garde = materiel.lire("catalogue");
    if (garde) {
      etat.texte = garde.texte;
      etat.nom = garde.nom;
      etat.garde = true;
      annoncer(`Catalogue « ${etat.nom} » chargé${DEJA_GARDE}.`);
    }
    // Changed on « Mon matériel » (another tab, an imported file): checked again here.
    materiel.addEventListener("change", (ev) => {
      const { genre, source } = ev.detail || {};
      if ((genre !== "*" && genre !== "catalogue") || source === bloc) return;
      const lu = materiel.lire("catalogue");
      if ((lu ? lu.texte : null) === etat.texte) return;
      if (lu) charger(lu.texte, lu.nom);
      else retirer.click();
    });
    // …and an edited catalogue comes back through this event, then the list is checked again.
    bloc.addEventListener("compendium:catalogue-edite", (ev) => charger(String(ev.detail.texte), String(ev.detail.nom)));
    role("catalogue-importer").addEventListener("click", () => fichier.click());
    fichier.addEventListener("change", async () => {
      const f = fichier.files && fichier.files[0];
      fichier.value = "";
      if (!f) return;
      if (f.size > TAILLE_MAX_CATALOGUE) {
        annoncer(`Le fichier « ${f.name} » est trop volumineux pour un catalogue (2 Mo au plus).`);
        return;
      }
      try {
        const octets = new Uint8Array(await f.arrayBuffer());
        charger(new TextDecoder("utf-8", { fatal: true }).decode(octets).replace(/^\uFEFF/, ""), f.name);
      } catch (e) {
        annoncer(`Le fichier « ${f.name} » n'a pas pu être lu : il doit être un texte UTF-8 (YAML ou JSON).`);
      }
    });
    // An example never silently replaces the player's own cards: the page asks first (in the page,
    // not a browser dialog), then offers « Annuler », which loads the previous catalogue back.
    const { el } = C();
    const textesExemples = new Set([...exemple.options].map((o) => o.dataset.contenu).filter((t) => t !== undefined));
    const formulaireOuvert = () => bloc.querySelector("form.cpd-fiche-formulaire") !== null;
    const aSoi = () => (etat.texte !== null && etat.texte.trim() !== "" && !textesExemples.has(etat.texte)) || formulaireOuvert();
    const question = el("div", { classe: "cpd-catalogue-question", "data-role": "catalogue-confirmation", role: "group", hidden: true });
    const annulation = el("p", { classe: "cpd-aide", "data-role": "catalogue-annulation", hidden: true });
    etatTexte.after(question, annulation);
    const fermerQuestion = () => {
      question.hidden = true;
      question.replaceChildren();
    };
    const fermerAnnulation = () => {
      annulation.hidden = true;
      annulation.replaceChildren();
    };
    const remplacer = (texte, nom) => {
      const avant = { texte: etat.texte, nom: etat.nom };
      fermerQuestion();
      charger(texte, nom);
      if (avant.texte === null) return; // only an open card form was there: nothing to load back
      annulation.replaceChildren(
        el("span", {}, `Votre catalogue « ${avant.nom} » a été remplacé par l'exemple « ${nom} ». `),
        el("button", { type: "button", classe: "md-button", "data-role": "catalogue-annuler", onclick: () => {
          fermerAnnulation();
          charger(avant.texte, avant.nom);
        } }, "Annuler"));
      annulation.hidden = false;
    };
    exemple.addEventListener("change", () => {
      const option = exemple.selectedOptions[0];
      exemple.value = "";
      if (!option || !option.value || option.dataset.contenu === undefined) return;
      const texte = option.dataset.contenu;
      const nom = option.textContent.trim();
      fermerAnnulation();
      if (!aSoi()) {
        fermerQuestion();
        charger(texte, nom);
        return;
      }
      const quoi = etat.texte !== null && !textesExemples.has(etat.texte)
        ? `remplacera votre catalogue « ${etat.nom} » et ses cartes`
        : "remplacera le catalogue chargé";
      const enCours = formulaireOuvert() ? " et fermera la carte en cours d'écriture" : "";
      question.replaceChildren(
        el("p", { id: "cpd-catalogue-question-texte" }, `Charger l'exemple « ${nom} » ${quoi}${enCours}. Le remplacer ?`),
        el("div", { classe: "cpd-barre-outils" },
          el("button", { type: "button", classe: "md-button md-button--primary", "data-role": "catalogue-confirmer", onclick: () => remplacer(texte, nom) },
            "Remplacer par l'exemple"),
          el("button", { type: "button", classe: "md-button", "data-role": "catalogue-garder", onclick: () => {
            fermerQuestion();
            annoncer(`Votre catalogue est gardé : l'exemple « ${nom} » n'a pas été chargé.`);
          } }, "Garder mon catalogue")));
      question.setAttribute("aria-labelledby", "cpd-catalogue-question-texte");
      question.hidden = false;
      question.querySelector('[data-role="catalogue-confirmer"]').focus();
    });
    // Any other change of the catalogue (a file, an edit, « Retirer ») closes the question and the undo.
    bloc.addEventListener("compendium:catalogue", () => {
      if (!question.contains(document.activeElement)) fermerQuestion();
    });
    role("catalogue-importer").addEventListener("click", () => {
      fermerQuestion();
      fermerAnnulation();
    });
    bloc.addEventListener("compendium:catalogue-edite", fermerAnnulation);
    retirer.addEventListener("click", () => {
      fermerQuestion();
      fermerAnnulation();
      etat.texte = null;
      etat.nom = null;
      garder();
      annoncer("Aucun catalogue chargé.");
      reverifier();
    });
    return etat;
  }

  window.Compendium = window.Compendium || {};
  window.Compendium.verifierCatalogue = Object.freeze({ gestionCatalogue });
})();
