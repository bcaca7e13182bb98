// The « Mon matériel » page of a game (generator/templates/materiel.md.j2): one editor per item the
// book leaves out (des.js for a die, paquet.js for a deck, cartes.js for profile cards), the numbers
// typed for lists, and the file: export, import, undo the import. Everything is kept by materiel.js.
// Names typed by a player are written as text (Compendium.el), never as HTML.
(function () {
  "use strict";

  const C = () => window.Compendium;
  const TAILLE_MAX = 4 * 1024 * 1024;

  function initialiser(racine) {
    if (racine.dataset.pret === "oui") return;
    racine.dataset.pret = "oui";
    const { el } = C();
    const jeu = racine.dataset.jeu;
    const materiel = C().materiel.pour(jeu);
    const role = (nom) => racine.querySelector(`[data-role="${nom}"]`);
    const etat = role("materiel-etat");
    const fichier = role("materiel-fichier");
    const annuler = role("materiel-annuler-import");
    const annoncer = (texte, vide) => {
      etat.textContent = texte;
      etat.dataset.vide = vide ? "oui" : "non";
    };
    materiel.attacher(role("materiel-avis"));

    // The editors: bare (no frame, no link to this page), each kept under its key.
    document.querySelectorAll(`[data-role="materiel-element"][data-jeu="${CSS.escape(jeu)}"]`).forEach((noeud) => {
      const outil = window.CompendiumParametres && window.CompendiumParametres[noeud.dataset.type];
      let declaration = {};
      try {
        declaration = JSON.parse(noeud.dataset.declaration || "{}");
      } catch (e) {
        declaration = {};
      }
      if (outil) outil.rendre(noeud, declaration, { materiel: true });
      else noeud.replaceChildren(el("p", { classe: "cpd-panneau-erreur", role: "alert" }, "L'éditeur de cet élément n'a pas pu se charger."));
    });

    // The numbers typed in « Probabilités de ma liste »: shown, changed or removed here.
    const valeurs = document.querySelector(`[data-role="materiel-valeurs"][data-jeu="${CSS.escape(jeu)}"]`);
    function dessinerValeurs() {
      if (!valeurs) return;
      const doc = materiel.doc.valeurs;
      const cles = Object.keys(doc);
      if (!cles.length) {
        valeurs.replaceChildren(el("p", { classe: "cpd-aide", "data-role": "materiel-valeurs-vide" },
          "Aucune valeur saisie pour l'instant. Ouvrez « Probabilités de ma liste » sur la page Composer et vérifier : " +
          "les valeurs dont vos listes ont besoin s'y saisissent, puis apparaissent ici."));
        return;
      }
      const lignes = cles.map((cle, i) => {
        const v = doc[cle];
        const id = `cpd-materiel-valeur-${i}`;
        const champ = el("input", { type: "number", inputmode: "numeric", id, step: 1, min: 0, "data-cle": cle, "data-role": "materiel-valeur" });
        champ.value = v.valeur;
        champ.addEventListener("input", () => materiel.ecrire("valeurs", cle, champ.value.trim() ? { valeur: champ.value.trim(), nom: v.nom } : null, champ));
        const retirer = el("button", { type: "button", classe: "cpd-paquet-retirer", "aria-label": `Retirer : ${v.nom || cle}`, title: "Retirer cette valeur" }, "×");
        retirer.addEventListener("click", () => {
          materiel.ecrire("valeurs", cle, null, retirer);
          dessinerValeurs();
        });
        return el("tr", {}, el("th", { scope: "row" }, el("label", { for: id }, v.nom || cle)), el("td", { classe: "cpd-nombre" }, champ), el("td", {}, retirer));
      });
      valeurs.replaceChildren(el("div", { classe: "cpd-tableau" }, el("table", { classe: "cpd-table", "data-role": "materiel-valeurs-table" },
        el("caption", {}, "Valeurs gardées avec votre matériel"),
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Valeur"), el("th", { scope: "col", classe: "cpd-nombre" }, "Nombre"),
          el("th", { scope: "col" }, el("span", { classe: "cpd-cache" }, "Action")))),
        el("tbody", {}, lignes))));
    }
    dessinerValeurs();

    // The profile cards: cartes.js keeps them; removing the catalogue is done here.
    const retirerCatalogue = role("materiel-retirer-catalogue") || document.querySelector('[data-role="materiel-retirer-catalogue"]');
    const majCatalogue = () => {
      if (retirerCatalogue) retirerCatalogue.disabled = !materiel.lire("catalogue");
    };
    if (retirerCatalogue) {
      retirerCatalogue.addEventListener("click", () => {
        materiel.ecrire("catalogue", "", null, retirerCatalogue);
        annoncer("Catalogue retiré de votre matériel.");
        majCatalogue();
      });
    }
    majCatalogue();

    materiel.addEventListener("change", (ev) => {
      const { genre, source } = ev.detail || {};
      if (genre === "*" || (genre === "valeurs" && !(source instanceof HTMLInputElement))) dessinerValeurs();
      majCatalogue();
      if (resumer() && etat.dataset.vide === "oui") annoncer("Votre matériel est gardé dans ce navigateur.");
    });

    function resumer() {
      const doc = materiel.doc;
      const n = Object.keys(doc.des).length + Object.keys(doc.paquets).length + Object.keys(doc.valeurs).length + (doc.catalogue ? 1 : 0);
      racine.dataset.elements = String(n);
      role("materiel-exporter").disabled = n === 0;
      return n;
    }

    role("materiel-exporter").addEventListener("click", () => {
      C().materiel.telecharger(materiel.texteExport(), materiel.nomFichier(), "application/json");
      annoncer(`Matériel exporté dans « ${materiel.nomFichier()} » : partagez ce fichier, il s'importe avec « Importer un fichier… ».`);
    });
    role("materiel-importer").addEventListener("click", () => fichier.click());
    // A file that is not a material document: with profile cards, it may be a catalogue (YAML or JSON).
    const autre = racine.querySelector("[data-compendium-cartes]") || document.querySelector("[data-compendium-cartes]")
      ? (texte, nom) => {
        materiel.ecrire("catalogue", "", { nom, texte }, fichier);
        return `« ${nom} » chargé comme catalogue de cartes : ses cartes s'affichent plus bas.`;
      }
      : null;
    fichier.addEventListener("change", async () => {
      const f = fichier.files && fichier.files[0];
      fichier.value = "";
      if (!f) return;
      if (f.size > TAILLE_MAX) {
        annoncer(`Le fichier « ${f.name} » est trop volumineux (4 Mo au plus). Rien n'a changé.`);
        return;
      }
      let texte;
      try {
        texte = new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(await f.arrayBuffer())).replace(/^\uFEFF/, "");
      } catch (e) {
        annoncer(`Le fichier « ${f.name} » n'a pas pu être lu : un texte UTF-8 est attendu. Rien n'a changé.`);
        return;
      }
      const r = materiel.importer(texte, f.name, autre);
      annoncer(r.message);
      annuler.hidden = !(r.ok && (r.remplaces.length + r.ajoutes.length) > 0);
    });
    annuler.addEventListener("click", () => {
      if (materiel.annulerImport()) annoncer("Import annulé : votre matériel est revenu tel qu'il était avant.");
      annuler.hidden = true;
    });

    const n = resumer();
    if (n) annoncer("Votre matériel gardé dans ce navigateur est affiché ci-dessous.");
    else annoncer("Rien n'est encore saisi : décrivez votre matériel ci-dessous, ou importez un fichier.", true);
  }

  C().surPage(() => {
    document.querySelectorAll("[data-compendium-materiel]").forEach(initialiser);
  });
})();
