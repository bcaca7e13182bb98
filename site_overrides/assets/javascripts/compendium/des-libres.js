// « Dés libres » (outils/des-libres/): one or two pools of dice the player describes, computed
// exactly by the engine in its Web Worker (browser_engine/des_libres.py, worker message
// « des-libres », no game data) and drawn as the odds pages draw a result (probas-dessin.js).
// The pools are the engine's request itself, kept in the URL's fragment (#reserves=<JSON>): the
// page's link reopens them, in another browser or offline, and the CLI reads the same link.
//
// Dice of the games. The build embeds the dice the games' calculations ask the player to describe
// (data-role=des-des-jeux: {cle, jeu, nom_jeu, nom, exclusif, faces, symboles, page}). By default
// their faces are read where the odds pages keep them (localStorage, des.js: an exclusive die is
// ["frapper", "vide", …], another [{succes: "1", base: ""}, …]). « Mon matériel » can take over:
//   window.CompendiumMateriel = { desPourDesLibres() { return [{cle, jeu, nom_jeu, nom, page,
//     faces: "frapper*2, parer, vide*3" | null, manque: "" | "French: what is missing"}] } };
//   window.dispatchEvent(new Event("compendium:materiel"));   // when the player's material changes
// Nothing is ever filled in for a die the player has not described.
(function () {
  "use strict";

  const C = () => window.Compendium;
  const D = () => window.CompendiumProbasDessin;
  const PREFIXE = "#reserves=";
  const DELAI_MS = 300;
  const NOMS = "AB";
  const OPERATIONS = [
    ["somme", "Somme des dés"],
    ["meilleurs", "Garder les N meilleurs dés"],
    ["pires", "Garder les N moins bons dés"],
    ["succes", "Compter les succès (seuil)"],
    ["symboles", "Compter un symbole"],
  ];
  const VIDES = new Set(["vide", "-", "blanc", "blanche"]);
  const EXEMPLE_FACES = "d6, ou 1, 2, 3, 4, ou épée*2, vide*4";

  function json(conteneur, role) {
    const script = conteneur.querySelector(`script[data-role="${role}"]`);
    try {
      return script ? JSON.parse(script.textContent) : null;
    } catch (e) {
      return null;
    }
  }

  // --- The request (the fragment's content) <-> the form's state --------------------------------

  const entier = (v) => (typeof v === "string" && /^\s*-?\d{1,9}\s*$/.test(v) ? Number(v) : v);
  const texte = (v) => (v === undefined || v === null ? "" : String(v));

  /** The form's state of one pool, from a pool of the request (tolerant: the engine checks it). */
  function etatReserve(r) {
    const source = r && typeof r === "object" && !Array.isArray(r) ? r : {};
    const des = Array.isArray(source.des) && source.des.length ? source.des : [{ nombre: 1, faces: "d6" }];
    return {
      des: des.map((d) => ({ nombre: texte(d && d.nombre !== undefined ? d.nombre : 1), faces: texte(d && d.faces),
        nom: d && typeof d.nom === "string" ? d.nom : "" })),
      operation: OPERATIONS.some(([id]) => id === source.operation) ? source.operation : "somme",
      garder: texte(source.garder !== undefined ? source.garder : 1),
      seuil: texte(source.seuil !== undefined ? source.seuil : ""),
      symbole: texte(source.symbole),
      explose: !!source.explosion,
      explosionFaces: texte(source.explosion && source.explosion.faces),
      profondeur: texte(source.explosion && source.explosion.profondeur !== undefined ? source.explosion.profondeur : ""),
      relance: !!source.relance,
      relanceFaces: texte(source.relance && source.relance.faces),
    };
  }

  /** The engine's request for one pool. */
  function requeteReserve(e, profondeurDefaut) {
    const r = {
      des: e.des.map((d) => Object.assign({ nombre: entier(d.nombre), faces: d.faces }, d.nom ? { nom: d.nom } : {})),
      operation: e.operation,
    };
    if (e.operation === "meilleurs" || e.operation === "pires") r.garder = entier(e.garder);
    if (e.operation === "succes") r.seuil = entier(e.seuil);
    if (e.operation === "symboles") r.symbole = e.symbole;
    if (e.explose) r.explosion = { faces: e.explosionFaces, profondeur: entier(e.profondeur || String(profondeurDefaut)) };
    if (e.relance) r.relance = { faces: e.relanceFaces };
    return r;
  }

  /** The request written in a fragment, or null; a fragment that does not read gives an error text. */
  function lireFragment(hash) {
    if (!hash || !hash.startsWith(PREFIXE)) return { requete: null, erreur: "" };
    try {
      const requete = JSON.parse(decodeURIComponent(hash.slice(PREFIXE.length)));
      if (!requete || !Array.isArray(requete.reserves) || !requete.reserves.length) throw new Error("sans réserve");
      return { requete, erreur: "" };
    } catch (e) {
      return { requete: null, erreur: "Le lien ouvert ne décrit pas de réserve lisible : la page repart des réserves par défaut." };
    }
  }

  /** The symbols written on the faces of a die (a quick reading for the picker; the engine is the judge). */
  function symbolesDe(faces) {
    const jetons = /[,;]/.test(faces) ? faces.split(/[,;]/) : faces.split(/\s+/);
    const trouves = new Set();
    for (const brut of jetons) {
      const jeton = brut.trim().replace(/\s*[*×]\s*\d+$/, "");
      if (!jeton || /^[-+]?\d+$/.test(jeton) || /^[dD]\d+$/.test(jeton) || jeton.includes("..") || VIDES.has(jeton.toLowerCase())) continue;
      for (const morceau of jeton.split("+")) {
        const nom = morceau.trim().toLowerCase();
        if (nom && !/^[-+]?\d+$/.test(nom)) trouves.add(nom);
      }
    }
    return trouves;
  }

  function symbolesReserve(e) {
    const tous = new Set();
    e.des.forEach((d) => symbolesDe(d.faces).forEach((s) => tous.add(s)));
    return [...tous].sort();
  }

  // --- Dice of the games (the « Mon matériel » hook) ----------------------------------------------

  /** `a, a, b` -> `a*2, b` */
  function compresser(faces) {
    const morceaux = [];
    for (let i = 0; i < faces.length;) {
      let j = i;
      while (j + 1 < faces.length && faces[j + 1] === faces[i]) j++;
      morceaux.push(faces[i] + (j > i ? `*${j - i + 1}` : ""));
      i = j + 1;
    }
    return morceaux.join(", ");
  }

  /** One stored face as dés libres text, or null when it is not fully described. */
  function faceStockee(decl, face) {
    const connus = new Set((decl.symboles || []).map((s) => s.id));
    if (decl.exclusif) {
      if (face === "vide") return "vide";
      return typeof face === "string" && connus.has(face) ? face : null;
    }
    if (!face || typeof face !== "object") return null;
    const morceaux = [];
    for (const s of decl.symboles || []) {
      const brut = String(face[s.id] === undefined || face[s.id] === null ? "" : face[s.id]).trim();
      if (brut && !/^\d{1,2}$/.test(brut)) return null;
      for (let n = Number(brut || 0); n > 0; n--) morceaux.push(s.id);
    }
    return morceaux.length ? morceaux.join("+") : "vide";
  }

  /** A die as the odds pages keep it (des.js): {faces: text | null, manque: ""} */
  function deStocke(decl) {
    let faces = null;
    try {
      faces = JSON.parse(window.localStorage.getItem(decl.cle) || "null");
    } catch (e) {
      faces = null;
    }
    if (!Array.isArray(faces) || !faces.length) return { faces: null, manque: "à décrire" };
    if (Number.isInteger(decl.faces) && faces.length !== decl.faces) return { faces: null, manque: "incomplet" };
    const lues = faces.map((f) => faceStockee(decl, f));
    if (lues.some((f) => f === null)) return { faces: null, manque: "incomplet" };
    if (lues.every((f) => f === "vide")) return { faces: null, manque: "sans symbole" };
    return { faces: compresser(lues), manque: "" };
  }

  function desDesJeux(declarations) {
    const materiel = window.CompendiumMateriel;
    if (materiel && typeof materiel.desPourDesLibres === "function") {
      try {
        const des = materiel.desPourDesLibres();
        if (Array.isArray(des)) return des;
      } catch (e) {
        console.error(e);
      }
    }
    return declarations.map((d) => Object.assign({}, d, deStocke(d)));
  }

  // --- The form ---------------------------------------------------------------------------------

  function initialiser(outil) {
    if (outil.dataset.pret === "oui") return;
    outil.dataset.pret = "oui";
    const { el } = C();
    const formulaire = outil.querySelector("form[data-role=des-libres]");
    const conteneurReserves = formulaire.querySelector("[data-role=reserves]");
    const caseB = formulaire.querySelector("[data-role=avec-b]");
    const zone = formulaire.querySelector("[data-role=resultat]");
    const champLien = formulaire.querySelector("[data-role=lien]");
    const declarations = json(outil, "des-des-jeux") || [];
    const limites = json(outil, "limites") || { des: 60, profondeur: 10, profondeur_defaut: 3 };
    const initiale = json(outil, "requete-initiale") || { reserves: [{ des: [{ nombre: 2, faces: "d6" }] }] };
    const moteur = C().moteur(C().racine(outil.dataset.base || ""));
    C().indicateur(outil.querySelector("[data-role=chargement]"), moteur);
    let generation = 0;
    let etat = null; // {reserves: [A, B], avecB, bTouchee: B came from the link or was changed}
    let noteLien = "";

    function depuisRequete(requete) {
      const reserves = requete.reserves.slice(0, 2).map(etatReserve);
      etat = { reserves: [reserves[0], reserves[1] || etatReserve(requete.reserves[0])], avecB: reserves.length > 1,
        bTouchee: reserves.length > 1 };
    }

    function requete() {
      const reserves = etat.reserves.slice(0, etat.avecB ? 2 : 1);
      return { reserves: reserves.map((e) => requeteReserve(e, limites.profondeur_defaut)) };
    }

    function ecrireLien() {
      const url = new URL(window.location.href);
      url.hash = PREFIXE.slice(1) + encodeURIComponent(JSON.stringify(requete()));
      if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
      champLien.value = url.href;
    }

    // --- Drawing a pool ---

    function champ(e, nom, etiquette, attributs, aide) {
      const id = `cpd-dl-${nom}-${attributs["data-champ"]}`;
      const saisie = el("input", Object.assign({ id, "data-reserve": nom }, attributs));
      return el("div", { classe: "cpd-parametre" }, el("label", { for: id }, etiquette), saisie,
        aide ? el("p", { classe: "cpd-aide", "data-role": attributs["data-champ"] + "-aide" }, aide) : null);
    }

    function ligneDe(e, nom, i) {
      const d = e.des[i];
      const base = `cpd-dl-${nom}-${i + 1}`;
      const nombre = el("input", { type: "number", inputmode: "numeric", min: 1, max: limites.des, step: 1, id: base + "-nombre",
        "data-reserve": nom, "data-index": i, "data-champ": "nombre" });
      nombre.value = d.nombre;
      const faces = el("input", { type: "text", id: base + "-faces", spellcheck: "false", autocomplete: "off",
        placeholder: EXEMPLE_FACES, "data-reserve": nom, "data-index": i, "data-champ": "faces" });
      faces.value = d.faces;
      const retirer = e.des.length > 1
        ? el("button", { type: "button", classe: "md-button cpd-dl-retirer", "data-role": "retirer-de", "data-reserve": nom,
          "data-index": i, "aria-label": `Retirer les dés ${i + 1} de la réserve ${nom}` }, "Retirer")
        : null;
      return el("div", { classe: "cpd-dl-de", "data-role": "de" },
        el("div", { classe: "cpd-parametre cpd-dl-nombre" }, el("label", { for: base + "-nombre" }, "Nombre"), nombre),
        el("div", { classe: "cpd-parametre cpd-dl-faces" },
          el("label", { for: base + "-faces" }, d.nom ? `Faces — ${d.nom}` : "Faces"), faces),
        retirer);
    }

    function choixDesJeux(nom) {
      const des = desDesJeux(declarations);
      const id = `cpd-dl-${nom}-de-jeu`;
      const choix = el("select", { id, "data-role": "de-jeu", "data-reserve": nom },
        el("option", { value: "" }, des.length ? "— choisir un dé —" : "— aucun —"),
        des.map((d) => el("option", { value: d.cle, disabled: d.faces ? null : true },
          `${d.nom_jeu} — ${d.nom}${d.faces ? "" : ` (${d.manque || "à décrire"})`}`)));
      const manquants = des.filter((d) => !d.faces);
      // Said once, in pool A: which dice still wait for their faces, and where to describe them.
      const aide = manquants.length && nom === NOMS[0]
        ? el("p", { classe: "cpd-aide", "data-role": "des-a-decrire" },
          "À décrire d'abord sur la page de leur jeu (le livre ne donne pas leurs faces) : ",
          manquants.map((d, k) => [k ? ", " : "", el("a", { href: d.page || "#" }, d.nom), ` (${d.nom_jeu})`]), ".")
        : null;
      return el("div", { classe: "cpd-dl-jeux", "data-role": "des-jeux" },
        el("p", {}, el("label", { for: id }, "Ajouter un dé de vos jeux "), choix), aide);
    }

    function optionsSymbole(e, select) {
      const symboles = symbolesReserve(e);
      if (symboles.length && !symboles.includes(e.symbole)) e.symbole = symboles[0];
      select.replaceChildren(...(symboles.length ? symboles.map((s) => el("option", { value: s }, s))
        : [el("option", { value: "" }, "— aucun symbole sur les faces —")]));
      select.value = e.symbole;
    }

    function dessinerReserve(k) {
      const e = etat.reserves[k];
      const nom = NOMS[k];
      const operation = el("select", { id: `cpd-dl-${nom}-operation`, "data-reserve": nom, "data-champ": "operation" },
        OPERATIONS.map(([id, libelle]) => el("option", { value: id }, libelle)));
      operation.value = e.operation;
      const reglages = [el("div", { classe: "cpd-parametre" }, el("label", { for: operation.id }, "Opération"), operation)];
      if (e.operation === "meilleurs" || e.operation === "pires") {
        const c = champ(e, nom, "Dés gardés (N)", { type: "number", inputmode: "numeric", min: 1, step: 1, "data-champ": "garder" });
        c.querySelector("input").value = e.garder;
        reglages.push(c);
      } else if (e.operation === "succes") {
        const c = champ(e, nom, "Seuil : une face au moins égale est un succès", { type: "number", inputmode: "numeric", step: 1,
          "data-champ": "seuil" });
        c.querySelector("input").value = e.seuil;
        reglages.push(c);
      } else if (e.operation === "symboles") {
        const select = el("select", { id: `cpd-dl-${nom}-symbole`, "data-reserve": nom, "data-champ": "symbole" });
        optionsSymbole(e, select);
        reglages.push(el("div", { classe: "cpd-parametre" }, el("label", { for: select.id }, "Symbole compté"), select));
      }
      const options = [caseACocher(nom, "explose", "Explosion : relancer et ajouter", e.explose)];
      if (e.explose) {
        const faces = champ(e, nom, "Faces qui explosent", { type: "text", spellcheck: "false", autocomplete: "off",
          placeholder: "6", "data-champ": "explosion-faces" });
        faces.querySelector("input").value = e.explosionFaces;
        const profondeur = champ(e, nom, `Profondeur maximale (1 à ${limites.profondeur})`, { type: "number", inputmode: "numeric",
          min: 1, max: limites.profondeur, step: 1, "data-champ": "profondeur" }, texteProfondeur(e));
        profondeur.querySelector("input").value = e.profondeur || String(limites.profondeur_defaut);
        options.push(faces, profondeur);
      }
      options.push(caseACocher(nom, "relance", "Relancer une fois certaines faces", e.relance));
      if (e.relance) {
        const faces = champ(e, nom, "Faces relancées une fois", { type: "text", spellcheck: "false", autocomplete: "off",
          placeholder: "1", "data-champ": "relance-faces" });
        faces.querySelector("input").value = e.relanceFaces;
        options.push(faces);
      }
      return el("fieldset", { classe: "cpd-camp cpd-dl-reserve", "data-reserve": nom },
        el("legend", {}, `Réserve ${nom}`),
        el("div", { classe: "cpd-dl-des", role: "group", "aria-label": `Dés de la réserve ${nom}` },
          e.des.map((_, i) => ligneDe(e, nom, i))),
        el("p", { classe: "cpd-dl-ajout" }, el("button", { type: "button", classe: "md-button", "data-role": "ajouter-de",
          "data-reserve": nom }, "Ajouter une sorte de dés")),
        choixDesJeux(nom),
        el("div", { classe: "cpd-parametres" }, reglages),
        el("div", { classe: "cpd-parametres cpd-dl-options" }, options));
    }

    function caseACocher(nom, champNom, libelle, coche) {
      const id = `cpd-dl-${nom}-${champNom}`;
      const boite = el("input", { type: "checkbox", id, "data-reserve": nom, "data-champ": champNom });
      boite.checked = coche;
      return el("div", { classe: "cpd-parametre cpd-parametre--booleen" }, boite, el("label", { for: id }, libelle));
    }

    function texteProfondeur(e) {
      const n = Number(e.profondeur || limites.profondeur_defaut);
      return Number.isInteger(n) && n >= 1
        ? `Chaque dé relance au plus ${n} fois sur ces faces ; au-delà, sa dernière face compte sans exploser (limite : ${limites.profondeur}).`
        : `Une profondeur de 1 à ${limites.profondeur}.`;
    }

    function dessinerFormulaire() {
      const focus = document.activeElement && formulaire.contains(document.activeElement) ? document.activeElement.id : null;
      conteneurReserves.replaceChildren(...etat.reserves.slice(0, etat.avecB ? 2 : 1).map((_, k) => dessinerReserve(k)));
      caseB.checked = etat.avecB;
      if (focus && document.getElementById(focus)) document.getElementById(focus).focus();
    }

    // --- Changes ---

    function reserveDe(cible) {
      const k = NOMS.indexOf(cible.dataset.reserve);
      return k >= 0 ? etat.reserves[k] : null;
    }

    function lireChamp(cible) {
      const e = reserveDe(cible);
      if (!e) return false;
      if (e === etat.reserves[1]) etat.bTouchee = true;
      const champNom = cible.dataset.champ;
      const i = Number(cible.dataset.index);
      if (champNom === "nombre" || champNom === "faces") {
        e.des[i][champNom] = cible.value;
        if (champNom === "faces") {
          e.des[i].nom = ""; // typed faces are the player's own die
          const select = formulaire.querySelector(`select[data-reserve="${cible.dataset.reserve}"][data-champ=symbole]`);
          if (select) optionsSymbole(e, select);
        }
        return false;
      }
      const correspondance = { garder: "garder", seuil: "seuil", symbole: "symbole", "explosion-faces": "explosionFaces",
        profondeur: "profondeur", "relance-faces": "relanceFaces" };
      if (correspondance[champNom]) {
        e[correspondance[champNom]] = cible.value;
        if (champNom === "profondeur") {
          const aide = cible.closest(".cpd-parametre").querySelector("[data-role=profondeur-aide]");
          if (aide) aide.textContent = texteProfondeur(e);
        }
        return false;
      }
      if (champNom === "operation") e.operation = cible.value;
      else if (champNom === "explose") e.explose = cible.checked;
      else if (champNom === "relance") e.relance = cible.checked;
      return true; // the pool's fields change: redraw it
    }

    const plusTard = C().debounce(() => lancer(), DELAI_MS);

    function changement() {
      noteLien = "";
      ecrireLien();
      plusTard();
    }

    formulaire.addEventListener("input", (evenement) => {
      const cible = evenement.target;
      if (!cible.dataset || !cible.dataset.champ) return;
      if (lireChamp(cible)) dessinerFormulaire();
      changement();
    });
    formulaire.addEventListener("change", (evenement) => {
      const cible = evenement.target;
      if (cible === caseB) {
        etat.avecB = caseB.checked;
        // A new pool B starts as a copy of A, to change one thing and compare.
        if (etat.avecB && !etat.bTouchee) etat.reserves[1] = JSON.parse(JSON.stringify(etat.reserves[0]));
        dessinerFormulaire();
        changement();
      } else if (cible.dataset && cible.dataset.role === "de-jeu") {
        const de = desDesJeux(declarations).find((d) => d.cle === cible.value && d.faces);
        const e = reserveDe(cible);
        if (de && e) {
          if (e === etat.reserves[1]) etat.bTouchee = true;
          e.des.push({ nombre: "1", faces: de.faces, nom: `${de.nom} (${de.nom_jeu})` });
          dessinerFormulaire();
          changement();
        }
        cible.value = "";
      }
    });
    formulaire.addEventListener("click", (evenement) => {
      const bouton = evenement.target.closest("button[data-role]");
      if (!bouton) return;
      const e = reserveDe(bouton);
      if (e && e === etat.reserves[1]) etat.bTouchee = true;
      if (bouton.dataset.role === "ajouter-de" && e) {
        e.des.push({ nombre: "1", faces: "d6", nom: "" });
      } else if (bouton.dataset.role === "retirer-de" && e && e.des.length > 1) {
        e.des.splice(Number(bouton.dataset.index), 1);
      } else if (bouton.dataset.role === "copier-lien") {
        copierLien();
        return;
      } else {
        return;
      }
      dessinerFormulaire();
      changement();
    });
    formulaire.addEventListener("submit", (evenement) => {
      evenement.preventDefault();
      plusTard.annuler();
      lancer();
    });

    function copierLien() {
      ecrireLien();
      const message = formulaire.querySelector("[data-role=copie]");
      const repli = () => {
        champLien.select();
        message.textContent = "Lien sélectionné : copiez-le (Ctrl+C, ou « Copier » sur un téléphone).";
      };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(champLien.value).then(() => {
          message.textContent = "Lien copié : il rouvre ces réserves et leur résultat.";
        }, repli);
      } else {
        repli();
      }
    }

    // Dice described elsewhere (an odds page in another tab, « Mon matériel »): refresh the pickers.
    const rafraichirJeux = () => {
      formulaire.querySelectorAll("[data-role=des-jeux]").forEach((bloc) => {
        const nom = bloc.querySelector("select").dataset.reserve;
        bloc.replaceWith(choixDesJeux(nom));
      });
    };
    window.addEventListener("storage", rafraichirJeux);
    window.addEventListener("compendium:des", rafraichirJeux);
    window.addEventListener("compendium:materiel", rafraichirJeux);

    // --- Computing and drawing ---

    function tableComparaison(comparaison) {
      const lignes = [["a", "A fait plus que B"], ["egalite", "Égalité"], ["b", "B fait plus que A"]];
      return el("div", { classe: "cpd-tableau cpd-dl-comparaison" },
        el("table", { classe: "cpd-table", "data-role": "comparaison-ab" },
          el("caption", {}, "A contre B : qui fait le plus ?"),
          el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Issue"),
            el("th", { scope: "col", classe: "cpd-nombre" }, "Probabilité"),
            el("th", { scope: "col", classe: "cpd-nombre cpd-col-fraction" }, "Fraction exacte"))),
          el("tbody", {}, lignes.map(([cle, libelle]) => el("tr", { "data-issue": cle, "data-fraction": comparaison[cle].fraction },
            el("th", { scope: "row" }, libelle),
            el("td", { classe: "cpd-nombre cpd-pourcentage" }, C().pourcentage(comparaison[cle].probabilite)),
            el("td", { classe: "cpd-nombre cpd-fraction cpd-col-fraction" }, comparaison[cle].fraction))))));
    }

    function dessinerResultat(resultat, construction) {
      const series = resultat.reserves.map((r) => D().serie(r, r.resume));
      const titre = series.length > 1 ? "Réserves A et B" : "Réserve A";
      const partager = el("button", { type: "button", classe: "md-button", "data-role": "copier-lien" }, "Copier le lien");
      D().afficher(zone, series, titre, series[0].sortie || "Valeur", partager, { lignesPropres: true });
      if (resultat.comparaison) zone.prepend(tableComparaison(resultat.comparaison));
      if (construction) {
        zone.dataset.origine = "construction";
        zone.prepend(el("p", { classe: "cpd-aide cpd-construction", "data-role": "construction" },
          el("strong", {}, "Résultat calculé à la construction du site."), " Changez une réserve : le calcul est refait dans votre navigateur."));
      } else {
        delete zone.dataset.origine;
      }
      if (noteLien) zone.prepend(el("p", { classe: "cpd-aide", "data-role": "note-lien" }, noteLien));
    }

    async function lancer() {
      const ma = ++generation;
      const demande = requete();
      zone.dataset.etat = "calcul";
      zone.setAttribute("aria-busy", "true");
      if (!zone.querySelector("table") || zone.querySelector(".cpd-panneau-erreur")) {
        zone.replaceChildren(el("p", { classe: "cpd-aide" }, moteur.etat.pret ? "Calcul en cours…" : "Calcul dès que le moteur est prêt…"));
      }
      const minuteur = D().progression(zone, () => ma === generation);
      try {
        const resultat = await moteur.desLibres(demande);
        if (ma === generation) dessinerResultat(resultat, false);
      } catch (e) {
        if (e && e.perime) return; // a newer request replaced this one
        if (ma === generation) {
          delete zone.dataset.origine;
          zone.replaceChildren(el("div", { classe: "cpd-panneau-erreur", "data-role": "erreur" },
            el("p", { classe: "cpd-panneau-titre" }, "Calcul impossible"), el("p", {}, e.message)));
          zone.dataset.etat = "erreur";
        }
      } finally {
        clearInterval(minuteur);
        zone.querySelectorAll("[data-role=progression]").forEach((p) => p.remove());
        if (ma === generation) zone.removeAttribute("aria-busy");
      }
    }

    // --- Arrival: the link's pools, else the page's; the build's result when they are the page's ---

    function ouvrir(hash) {
      const lu = lireFragment(hash);
      noteLien = lu.erreur;
      depuisRequete(lu.requete || initiale);
      dessinerFormulaire();
      ecrireLien();
      return lu.requete !== null;
    }

    const duLien = ouvrir(window.location.hash);
    const construction = json(outil, "resultat-construction");
    if (!duLien && construction) dessinerResultat(construction, true);
    else lancer();
    window.addEventListener("hashchange", () => {
      if (window.location.hash === new URL(champLien.value).hash) return; // our own link
      plusTard.annuler();
      ouvrir(window.location.hash);
      lancer();
    });
  }

  C().surPage(() => {
    document.querySelectorAll('[data-compendium-outil="des-libres"]').forEach(initialiser);
  });
})();
