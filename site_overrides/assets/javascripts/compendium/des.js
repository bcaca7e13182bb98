// Die-face editor, for calculation parameters of type « des » (Hate, Tamashii).
//
// The books print these dice as icons only, so their faces are missing from the text: there is
// no default die. The editor starts empty (or with the die kept in « Mon matériel ») and the
// calculations wait until the player has described every face. One row per face:
//   - a die with one symbol per face (`exclusif`): a choice among the symbols and « vide »;
//   - otherwise: a number per symbol (empty counts as 0).
// A die whose number of faces the book does not give (`faces: {min, max}`) asks for it first.
//
// The die is kept in « Mon matériel » (materiel.js) under its declaration's `stockage` key, even
// half typed, and shared by every editor with the same key, on this page and on the others.
// On a tool page the editor is framed (materiel.js `cadre`): a line with the die and a link to
// « Mon matériel », the editor folded once the die is complete; `{materiel: true}` draws it bare.
//
//   window.CompendiumParametres.des.rendre(conteneur, declaration[, {materiel}])
//   window.CompendiumParametres.des.lire(conteneur)    // -> ["frapper", "vide", …] or [{succes: 1, …}, …]
//   window.CompendiumParametres.des.manque(conteneur)  // -> French message, or "" when complete
//   window.CompendiumParametres.des.resume(conteneur)  // -> « 6 faces : 2 Frapper, 1 Parer, 3 vides »
//
// Every change fires a bubbling « change » event, so the surrounding form recomputes.
(function () {
  "use strict";

  const MAX_FACES = 30;
  const MAX_PAR_SYMBOLE = 20;
  const declarations = new WeakMap();
  const cadres = new WeakMap();

  // The DOM helper shared by the tool pages (moteur.js, loaded before this file).
  const el = (...args) => window.Compendium.el(...args);

  function declarationDe(conteneur) {
    return declarations.get(conteneur) || {};
  }

  function symboles(decl) {
    return (Array.isArray(decl.symboles) ? decl.symboles : []).filter((s) => s && typeof s.id === "string");
  }

  function bornes(decl) {
    if (Number.isInteger(decl.faces)) return [decl.faces, decl.faces];
    if (decl.faces && typeof decl.faces === "object") return [decl.faces.min || 1, Math.min(decl.faces.max || MAX_FACES, MAX_FACES)];
    return [1, MAX_FACES];
  }

  function jeuDe(conteneur) {
    const porteur = conteneur.closest("[data-jeu]");
    return (porteur && porteur.dataset.jeu) || "jeu";
  }

  /** The die's key in « Mon matériel »: its `stockage`, else its id (as the engine's `cle_saisie`). */
  function cleDe(conteneur) {
    const decl = declarationDe(conteneur);
    return String(decl.stockage || decl.id || "de");
  }

  function magasin(conteneur) {
    return window.Compendium.materiel.pour(jeuDe(conteneur));
  }

  // --- « Mon matériel »: never throws (materiel.js keeps the die in memory when storage refuses) ----

  /** The kept faces as typed: strings (exclusive die) or {symbole: "texte"} objects. */
  function lireStockage(conteneur) {
    const faces = magasin(conteneur).lire("des", cleDe(conteneur));
    return Array.isArray(faces) ? faces.slice(0, MAX_FACES) : [];
  }

  function ecrireStockage(conteneur, faces) {
    magasin(conteneur).ecrire("des", cleDe(conteneur), faces, conteneur);
  }

  // --- The editor ------------------------------------------------------------------------------

  function signaler(conteneur) {
    conteneur.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function facesTapees(conteneur) {
    const decl = declarationDe(conteneur);
    return Array.from(conteneur.querySelectorAll("tbody tr")).map((ligne) => {
      if (decl.exclusif) return ligne.querySelector("select").value;
      const face = {};
      ligne.querySelectorAll("input[data-symbole]").forEach((champ) => {
        face[champ.dataset.symbole] = champ.value;
      });
      return face;
    });
  }

  /** Keep the die: the other editors with the same key redraw themselves from « Mon matériel ». */
  function partager(conteneur) {
    ecrireStockage(conteneur, facesTapees(conteneur));
  }

  function ligneFace(conteneur, rang, tapee) {
    const decl = declarationDe(conteneur);
    const cellules = [];
    if (decl.exclusif) {
      const choix = el("select", { "aria-label": `Face ${rang}` },
        el("option", { value: "" }, "— à choisir —"),
        symboles(decl).map((s) => el("option", { value: s.id }, s.nom)),
        el("option", { value: "vide" }, "vide (aucun symbole)"));
      const valeur = typeof tapee === "string" ? tapee : "";
      choix.value = Array.from(choix.options).some((o) => o.value === valeur) ? valeur : "";
      cellules.push(el("td", {}, choix));
    } else {
      const face = tapee && typeof tapee === "object" ? tapee : {};
      symboles(decl).forEach((s) => {
        const champ = el("input", {
          type: "number", inputmode: "numeric", min: 0, max: MAX_PAR_SYMBOLE, step: 1, placeholder: "0",
          "data-symbole": s.id, "aria-label": `Face ${rang} — ${s.nom}`,
        });
        champ.value = face[s.id] === undefined || face[s.id] === null ? "" : String(face[s.id]).slice(0, 6);
        cellules.push(el("td", { classe: "cpd-nombre" }, champ));
      });
    }
    return el("tr", {}, el("th", { scope: "row" }, String(rang)), cellules);
  }

  function remplir(conteneur, faces) {
    const [bas, haut] = bornes(declarationDe(conteneur));
    const nombre = bas === haut ? bas : Math.min(faces.length, haut);
    const corps = conteneur.querySelector("tbody");
    corps.replaceChildren(...Array.from({ length: nombre }, (_, i) => ligneFace(conteneur, i + 1, faces[i])));
    const champNombre = conteneur.querySelector("[data-role=des-nombre]");
    if (champNombre) champNombre.value = nombre ? String(nombre) : "";
    actualiser(conteneur);
  }

  /** The faces typed as text (comma list or JSON), or a French message saying what is wrong. */
  function lireTexte(conteneur, brut) {
    const decl = declarationDe(conteneur);
    const [bas, haut] = bornes(decl);
    const connus = new Set(symboles(decl).map((s) => s.id));
    let faces;
    const texte = String(brut || "").trim();
    if (texte.startsWith("[")) {
      try {
        faces = JSON.parse(texte);
      } catch (e) {
        faces = null;
      }
      if (!Array.isArray(faces)) return "Texte illisible : une liste JSON est attendue, par exemple [\"frapper\", \"vide\"].";
    } else {
      faces = texte ? texte.split(",").map((t) => t.trim()) : [];
    }
    if (faces.length < bas || faces.length > haut) {
      return `Le dé doit avoir ${bas === haut ? bas : `de ${bas} à ${haut}`} faces (reçu : ${faces.length}).`;
    }
    for (const [i, face] of faces.entries()) {
      if (typeof face === "string") {
        if (face !== "vide" && !connus.has(face)) return `Face ${i + 1} : « ${face.slice(0, 30)} » inconnue (symboles : ${[...connus].join(", ")}, vide).`;
        if (!decl.exclusif) faces[i] = face === "vide" ? {} : { [face]: 1 };
      } else if (face && typeof face === "object" && !Array.isArray(face)) {
        const inconnu = Object.keys(face).find((k) => !connus.has(k));
        if (inconnu) return `Face ${i + 1} : symbole « ${inconnu.slice(0, 30)} » inconnu.`;
        if (decl.exclusif) faces[i] = Object.keys(face).find((k) => face[k]) || "vide";
      } else {
        return `Face ${i + 1} : un symbole ou un objet est attendu.`;
      }
    }
    return faces;
  }

  /** The faces as text to copy: « frapper, parer, vide » or JSON. */
  function texteFaces(conteneur) {
    const decl = declarationDe(conteneur);
    const faces = lire(conteneur);
    if (decl.exclusif) return faces.join(", ");
    return JSON.stringify(faces.map((f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== 0))));
  }

  function actualiser(conteneur) {
    const lignes = conteneur.querySelectorAll("tbody tr").length;
    const leCadre = cadres.get(conteneur);
    if (leCadre) leCadre.maj(manque(conteneur) || resume(conteneur), !manque(conteneur));
    conteneur.querySelector(".cpd-tableau").hidden = lignes === 0;
    const champTexte = conteneur.querySelector("[data-role=des-texte]");
    if (champTexte && document.activeElement !== champTexte) champTexte.value = lignes && !manque(conteneur) ? texteFaces(conteneur) : "";
    const etat = conteneur.querySelector("[data-role=des-etat]");
    if (etat) etat.textContent = manque(conteneur) || resume(conteneur);
  }

  function changerNombre(conteneur, valeur) {
    const [bas, haut] = bornes(declarationDe(conteneur));
    const n = Number(valeur);
    const faces = facesTapees(conteneur);
    if (!Number.isInteger(n) || n < bas || n > haut) {
      actualiser(conteneur);
      return;
    }
    remplir(conteneur, faces.concat(Array(Math.max(0, n - faces.length)).fill(undefined)).slice(0, n));
    partager(conteneur);
    signaler(conteneur);
  }

  /** Draw the die editor inside `conteneur`: the die of « Mon matériel », or an empty one. */
  function rendre(conteneur, declaration, options) {
    declarations.set(conteneur, declaration || {});
    const decl = declarationDe(conteneur);
    conteneur.classList.add("cpd-des");
    const surMateriel = Boolean(options && options.materiel);
    const bloc = conteneur.closest(".cpd-parametre");
    if (bloc) bloc.style.gridColumn = "1 / -1";
    const [bas, haut] = bornes(decl);
    const entetes = decl.exclusif ? [el("th", { scope: "col" }, "Symbole")]
      : symboles(decl).map((s) => el("th", { scope: "col", classe: "cpd-nombre" }, s.nom));
    const table = el("table", { classe: "cpd-table cpd-des-table", "data-role": "des" },
      el("caption", {}, decl.exclusif ? "Le symbole de chaque face" : "Les symboles de chaque face (case vide : 0)"),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Face"), entetes)),
      el("tbody", {}));
    // On « Mon matériel » the page's introduction already says why and where the die is kept.
    const morceaux = surMateriel ? [] : [
      el("p", { classe: "cpd-aide cpd-des-avertissement", "data-role": "des-avertissement" },
        el("strong", {}, "Décrivez votre dé"),
        " : le livre ne donne pas ses faces (imprimées en icônes), nous ne les inventons pas. " +
        "Elles restent dans ce navigateur, dans « Mon matériel », pour tous les calculs du jeu."),
    ];
    if (bas !== haut) {
      const nombre = el("input", { type: "number", inputmode: "numeric", min: bas, max: haut, step: 1,
        "data-role": "des-nombre", id: conteneur.id + "-nombre" });
      morceaux.push(el("p", {}, el("label", { for: conteneur.id + "-nombre" }, `Nombre de faces (${bas} à ${haut}) `), nombre));
      nombre.addEventListener("change", (evenement) => {
        evenement.stopPropagation();
        changerNombre(conteneur, nombre.value);
      });
    }
    const texte = el("input", { type: "text", classe: "cpd-des-texte", spellcheck: "false", "data-role": "des-texte",
      id: conteneur.id + "-texte", placeholder: decl.exclusif ? "frapper, frapper, parer, joker, vide, vide" : '[{"succes": 1}, {}, …]' });
    const appliquer = el("button", { type: "button", classe: "md-button", "data-role": "des-appliquer" }, "Appliquer");
    const erreurTexte = el("p", { classe: "cpd-aide", "data-role": "des-texte-erreur", "aria-live": "polite" }, "");
    morceaux.push(el("div", { classe: "cpd-tableau" }, table),
      el("p", { classe: "cpd-aide", "data-role": "des-etat", "aria-live": "polite" }, ""),
      el("details", { classe: "cpd-des-partage" },
        el("summary", {}, "Copier ou coller les faces en texte"),
        el("p", { classe: "cpd-aide" }, decl.exclusif
          ? "Une face par élément, séparées par des virgules (« vide » pour une face sans symbole). Copiez ce texte pour partager votre dé, ou collez celui d'un autre joueur."
          : "Une liste JSON, un objet par face ({\"symbole\": nombre}). Copiez ce texte pour partager votre dé, ou collez celui d'un autre joueur."),
        el("p", {}, el("label", { for: conteneur.id + "-texte" }, "Faces en texte "), texte, " ", appliquer),
        erreurTexte),
      el("p", { classe: "cpd-actions" },
        el("button", { type: "button", classe: "md-button", "data-role": "des-effacer" }, "Effacer ce dé")));
    let corps = conteneur;
    if (!surMateriel) {
      const leCadre = window.Compendium.materiel.cadre(conteneur, decl.nom || "Votre dé", cleDe(conteneur));
      cadres.set(conteneur, leCadre);
      corps = leCadre.corps;
    }
    corps.replaceChildren(...morceaux);
    appliquer.addEventListener("click", () => {
      const lues = lireTexte(conteneur, texte.value);
      if (typeof lues === "string") {
        erreurTexte.textContent = lues;
        return;
      }
      erreurTexte.textContent = "";
      remplir(conteneur, lues);
      partager(conteneur);
      signaler(conteneur);
    });
    remplir(conteneur, lireStockage(conteneur));
    conteneur.addEventListener("input", (evenement) => {
      if (evenement.target.matches("tbody input, tbody select")) {
        actualiser(conteneur);
        ecrireStockage(conteneur, facesTapees(conteneur)); // never lose a keystroke
      }
    });
    conteneur.addEventListener("change", (evenement) => {
      if (evenement.target.matches("tbody input, tbody select")) {
        actualiser(conteneur);
        partager(conteneur);
      }
    });
    conteneur.querySelector("[data-role=des-effacer]").addEventListener("click", () => {
      remplir(conteneur, []);
      partager(conteneur);
      signaler(conteneur);
    });
    const surChangement = (evenement) => {
      const { genre, cle, source } = evenement.detail || {};
      if (!conteneur.isConnected) {
        magasin(conteneur).removeEventListener("change", surChangement);
        return;
      }
      if (source === conteneur || (genre !== "*" && (genre !== "des" || cle !== cleDe(conteneur)))) return;
      const faces = lireStockage(conteneur);
      if (JSON.stringify(faces) === JSON.stringify(facesTapees(conteneur))) return;
      remplir(conteneur, faces);
      signaler(conteneur);
    };
    magasin(conteneur).addEventListener("change", surChangement);
  }

  function entierTape(texte) {
    const brut = String(texte === undefined || texte === null ? "" : texte).trim();
    return brut === "" ? 0 : /^\d+$/.test(brut) ? Number(brut) : brut;
  }

  /** What is missing before a calculation can run, in French; "" when the die is complete. */
  function manque(conteneur) {
    const decl = declarationDe(conteneur);
    const nom = decl.nom || "le dé";
    const faces = facesTapees(conteneur);
    if (!faces.length) return `Indiquez d'abord le nombre de faces de votre dé (${nom}), puis le symbole de chacune.`;
    if (decl.exclusif) {
      const vides = faces.map((f, i) => (f ? 0 : i + 1)).filter((i) => i);
      if (!vides.length) return "";
      return `Dé incomplet (${nom}) : choisissez le symbole de la face ${vides.slice(0, 4).join(", ")}` +
        `${vides.length > 4 ? "…" : ""} (« vide » pour une face sans symbole).`;
    }
    const total = faces.reduce((somme, face) => somme + Object.values(face).reduce((s, v) => {
      const n = entierTape(v);
      return s + (typeof n === "number" ? n : 1);
    }, 0), 0);
    return total ? "" : `Dé à décrire (${nom}) : indiquez les symboles de ses faces (un dé tout blanc ne donne rien à calculer).`;
  }

  /** The faces as the engine expects them; values that are not whole numbers go as typed (the engine explains). */
  function lire(conteneur) {
    const decl = declarationDe(conteneur);
    return facesTapees(conteneur).map((face) => {
      if (decl.exclusif) return face || "vide";
      const sortie = {};
      for (const s of symboles(decl)) sortie[s.id] = entierTape(face[s.id]);
      return sortie;
    });
  }

  /** « 6 faces : 2 Frapper, 1 Parer, 3 vides » */
  function resume(conteneur) {
    const decl = declarationDe(conteneur);
    const faces = lire(conteneur);
    const parts = symboles(decl).map((s) => {
      const n = faces.reduce((somme, f) => somme + (decl.exclusif ? (f === s.id ? 1 : 0) : (typeof f[s.id] === "number" ? f[s.id] : 0)), 0);
      return n ? `${n} ${s.nom}` : "";
    }).filter((t) => t);
    const blanches = faces.filter((f) => (decl.exclusif ? f === "vide" : Object.values(f).every((v) => v === 0))).length;
    if (blanches) parts.push(`${blanches} vide${blanches > 1 ? "s" : ""}`);
    return `${faces.length} face${faces.length > 1 ? "s" : ""} : ${parts.join(", ") || "aucun symbole"}`;
  }

  window.CompendiumParametres = window.CompendiumParametres || {};
  window.CompendiumParametres.des = { rendre, lire, manque, resume };
})();
