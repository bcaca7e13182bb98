// « Composer et vérifier », text view: live validation of a list (YAML or JSON) by the engine
// running in the Web Worker. Every name coming from a list is written with
// textContent (through Compendium.el), never as HTML.
(function () {
  "use strict";

  const DELAI_SAISIE_MS = 300;
  const TAILLE_MAX_ZONE = 2 * 1024 * 1024; // larger files are checked but not pasted in the textarea
  const TAILLE_MAX_LIEN = 1024 * 1024; // a shared list, once decompressed: the engine reads 1 Mo at most
  const PREFIXE = "liste=";
  const PAR_PAGE = 200; // messages and cost rows drawn at once; « Afficher … de plus » draws the next ones
  const CLE_LISTE = "compendium.liste."; // + game id: the list as last typed, kept in this browser
  const SUFFIXE_AVANT_LIEN = ".avant-lien"; // the player's own list, set aside when a shared link opened

  // --- Browser storage: never throws (private browsing, full storage) ---------------------------

  function lireStockage(cle) {
    try {
      return window.localStorage.getItem(cle);
    } catch (e) {
      return null;
    }
  }

  function ecrireStockage(cle, valeur) {
    try {
      if (valeur === null || valeur === "") window.localStorage.removeItem(cle);
      else window.localStorage.setItem(cle, valeur);
      return true;
    } catch (e) {
      return false;
    }
  }

  // --- URL fragment: "#liste=z.<base64url(deflate-raw(utf-8))>" or "#liste=t.<base64url(utf-8)>"

  function base64url(octets) {
    let binaire = "";
    for (let i = 0; i < octets.length; i += 0x8000) {
      binaire += String.fromCharCode.apply(null, octets.subarray(i, i + 0x8000));
    }
    return btoa(binaire).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function depuisBase64url(texte) {
    const b64 = texte.replace(/-/g, "+").replace(/_/g, "/");
    const binaire = atob(b64 + "===".slice((b64.length + 3) % 4));
    const octets = new Uint8Array(binaire.length);
    for (let i = 0; i < binaire.length; i++) octets[i] = binaire.charCodeAt(i);
    return octets;
  }

  async function transformer(octets, flux) {
    const sortie = new Blob([octets]).stream().pipeThrough(flux);
    return new Uint8Array(await new Response(sortie).arrayBuffer());
  }

  async function encoderFragment(texte) {
    const octets = new TextEncoder().encode(texte);
    if (typeof CompressionStream === "function") {
      try {
        return PREFIXE + "z." + base64url(await transformer(octets, new CompressionStream("deflate-raw")));
      } catch (e) {
        /* fall back to plain base64url */
      }
    }
    return PREFIXE + "t." + base64url(octets);
  }

  class LienTropGros extends Error {}

  function erreurTaille() {
    const mo = TAILLE_MAX_LIEN / (1024 * 1024);
    return new LienTropGros(`Ce lien de partage contient une liste de plus de ${mo} Mo une fois décompressée : ` +
      "elle n'a pas été ouverte. Demandez plutôt le fichier de la liste et importez-le.");
  }

  /** Inflate step by step and stop as soon as the output passes `limite` bytes (zip bombs). */
  async function decompresserBorne(octets, limite) {
    const lecteur = new Blob([octets]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const morceaux = [];
    let total = 0;
    for (;;) {
      const { done, value } = await lecteur.read();
      if (done) break;
      total += value.length;
      if (total > limite) {
        lecteur.cancel().catch(() => {});
        throw erreurTaille();
      }
      morceaux.push(value);
    }
    const sortie = new Uint8Array(total);
    let position = 0;
    for (const m of morceaux) {
      sortie.set(m, position);
      position += m.length;
    }
    return sortie;
  }

  async function decoderFragment(fragment) {
    const valeur = fragment.slice(PREFIXE.length);
    const mode = valeur.slice(0, 2);
    // base64 carries 3 bytes in 4 characters: a longer fragment cannot hold an allowed plain list.
    if (valeur.length > (TAILLE_MAX_LIEN * 4) / 3 + 8) throw erreurTaille();
    let octets;
    try {
      octets = depuisBase64url(valeur.slice(2));
      if (mode === "z.") {
        if (typeof DecompressionStream !== "function") {
          throw new Error("Ce navigateur ne sait pas décompresser le lien de partage.");
        }
        octets = await decompresserBorne(octets, TAILLE_MAX_LIEN);
      } else if (mode !== "t.") {
        throw new Error("format inconnu");
      }
      if (octets.length > TAILLE_MAX_LIEN) throw erreurTaille();
      return new TextDecoder("utf-8", { fatal: true }).decode(octets);
    } catch (e) {
      if (e instanceof LienTropGros) throw e;
      throw new Error("Le lien de partage est incomplet ou abîmé : la liste n'a pas pu être restaurée.");
    }
  }

  // --- Export: YAML as typed, or converted from JSON ---------------------------------------

  const RESERVES = /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|y|Y|n|N)$/;
  const NOMBRE = /^[-+]?(?:\.?[0-9][0-9_.]*(?:[eE][-+]?[0-9]+)?|\.inf|\.Inf|\.INF|\.nan|\.NaN|\.NAN|0x[0-9a-fA-F]+|0o[0-7]+)$/;

  function scalaireYaml(valeur) {
    if (valeur === null) return "null";
    if (typeof valeur === "boolean" || typeof valeur === "number") return String(valeur);
    const texte = String(valeur);
    const simple =
      texte.length > 0 &&
      /^[\p{L}\p{N}_(][\p{L}\p{N} _'’.,()/+-]*$/u.test(texte) &&
      !/\s$/.test(texte) &&
      !RESERVES.test(texte) &&
      !NOMBRE.test(texte);
    return simple ? texte : JSON.stringify(texte);
  }

  function versYaml(valeur, retrait) {
    const espace = " ".repeat(retrait);
    if (Array.isArray(valeur)) {
      if (valeur.length === 0) return "[]";
      return valeur
        .map((element) => {
          const interne = versYaml(element, retrait + 2);
          const bloc = element !== null && typeof element === "object" && Object.keys(element).length > 0;
          return espace + "- " + (bloc ? interne.trimStart() : interne);
        })
        .join("\n");
    }
    if (valeur !== null && typeof valeur === "object") {
      const cles = Object.keys(valeur);
      if (cles.length === 0) return "{}";
      return cles
        .map((cle) => {
          const v = valeur[cle];
          const bloc = v !== null && typeof v === "object" && Object.keys(v).length > 0;
          const tete = espace + scalaireYaml(cle) + ":";
          return bloc ? tete + "\n" + versYaml(v, Array.isArray(v) ? retrait : retrait + 2) : tete + " " + versYaml(v, 0);
        })
        .join("\n");
    }
    return scalaireYaml(valeur);
  }

  function texteExport(texte) {
    const debut = texte.trimStart();
    if (debut.startsWith("{") || debut.startsWith("[")) {
      try {
        return "# Liste convertie depuis JSON par Compendium\n" + versYaml(JSON.parse(texte), 0) + "\n";
      } catch (e) {
        /* YAML flow style, or invalid JSON: export as typed */
      }
    }
    return texte.endsWith("\n") ? texte : texte + "\n";
  }

  function nomFichier(texte, jeu) {
    const m = /^nom:\s*["']?([^"'\n#]+)/m.exec(texte) || /"nom"\s*:\s*"([^"\n]+)"/.exec(texte);
    const base = m
      ? m[1]
          .normalize("NFD")
          .replace(/[\u0300-\u036f]/g, "")
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-+|-+$/g, "")
          .slice(0, 60)
      : "";
    return (base || "liste-" + jeu) + ".yaml";
  }

  // --- Report rendering -------------------------------------------------------------------

  const C = () => window.Compendium;

  function libelleChemin(chemin, liste) {
    // "/entrees/2/sorts/0" -> "entrée 3 › sorts › 1" (JSON pointer, shown as text only)
    if (!chemin) return "";
    const morceaux = String(chemin)
      .split("/")
      .slice(1)
      .map((m) => m.replace(/~1/g, "/").replace(/~0/g, "~"));
    const sortie = [];
    for (let i = 0; i < morceaux.length; i++) {
      if (morceaux[i] === "entrees" && /^\d+$/.test(morceaux[i + 1] || "")) {
        const rang = Number(morceaux[i + 1]);
        const nom = liste && liste[rang] && liste[rang].nom ? " « " + liste[rang].nom + " »" : "";
        sortie.push("entrée " + (rang + 1) + nom);
        i++;
      } else if (morceaux[i] === "entrees") {
        sortie.push("entrées");
      } else {
        sortie.push(/^\d+$/.test(morceaux[i]) ? String(Number(morceaux[i]) + 1) : morceaux[i]);
      }
    }
    return sortie.join(" › ");
  }

  function entreesDetail(rapport) {
    const d = rapport.details || {};
    const entrees = d.entrees || d.couts || [];
    return Array.isArray(entrees) ? entrees : [];
  }

  function violation(v, base, entrees, classe) {
    const { el } = C();
    const lien = C().lienSur(base, v.regle);
    return el(
      "li",
      { classe: "cpd-violation " + classe, "data-code": v.code },
      el("span", { classe: "cpd-violation-message" }, v.message),
      " ",
      el(
        "span",
        { classe: "cpd-violation-meta" },
        v.chemin ? el("span", { classe: "cpd-chemin", title: "Emplacement dans la liste : " + v.chemin }, libelleChemin(v.chemin, entrees)) : null,
        v.chemin && lien ? " · " : null,
        lien ? el("a", { href: lien }, "voir la règle") : null,
      ),
      // The stable code helps when reporting a problem; it stays small, after everything else.
      v.code ? el("small", { classe: "cpd-code", title: "Code de la vérification (utile pour signaler un problème)" }, v.code) : null,
    );
  }

  /** Codes such as « (D6_HEROS_MAX) » written in an example's description: players do not need them. */
  function sansCodes(texte) {
    return String(texte || "").replace(/\s*\((?:[A-Z][A-Z0-9]*_[A-Z0-9_]+(?:,\s*)?)+\)/g, "");
  }

  /**
   * Draw `elements` into `conteneur` PAR_PAGE at a time: a list of 40 000 violations must not
   * freeze the page. A button after them draws the next ones.
   */
  function afficherParPaquets(conteneur, elements, dessiner, nomPluriel) {
    const { el } = C();
    let affiches = 0;
    let suite = null;
    const plus = () => {
      const fin = Math.min(elements.length, affiches + PAR_PAGE);
      const nouveaux = [];
      for (let i = affiches; i < fin; i++) nouveaux.push(dessiner(elements[i], i));
      conteneur.append(...nouveaux);
      affiches = fin;
      if (suite) suite.remove();
      suite = null;
      const reste = elements.length - affiches;
      if (reste > 0) {
        suite = el("p", { classe: "cpd-suite", "data-role": "suite" },
          `… et ${C().nombre(reste)} autre${reste > 1 ? "s" : ""} ${nomPluriel} non affiché${reste > 1 ? "s" : ""}. `,
          el("button", { type: "button", classe: "md-button", onclick: plus },
            `Afficher les ${C().nombre(Math.min(reste, PAR_PAGE))} suivant${Math.min(reste, PAR_PAGE) > 1 ? "s" : ""}`));
        const apres = conteneur.closest(".cpd-tableau") || conteneur;
        apres.after(suite);
      }
    };
    plus();
  }

  const LIBELLES = {
    mouvement: "Mouvement", melee: "Mêlée", tir: "Tir", armure: "Armure", puissante: "Puissante",
    profil: "Profil", retire: "Équipement retiré", ajoute: "Équipement ajouté", grimoire: "Grimoire",
    sorts_grimoire: "Sorts de grimoire", munitions: "Munitions",
  };

  /** "Mouvement 9 : 1 · Mêlée 2 ×2 : 8 · …" from the engine's per-field costs, when it gives them. */
  function detailCout(couts) {
    if (!couts || typeof couts !== "object") return "";
    const morceaux = [];
    for (const [cle, v] of Object.entries(couts)) {
      const libelle = LIBELLES[cle] || cle;
      if (v && typeof v === "object") {
        const fois = v.attaques && v.attaques > 1 ? " ×" + v.attaques : "";
        const valeur = v.valeur === undefined ? "" : " " + String(v.valeur);
        morceaux.push(`${libelle}${valeur}${fois} : ${v.total ?? v.cout}`);
      } else if (typeof v === "number" && v !== 0) {
        morceaux.push(`${libelle} : ${v}`);
      }
    }
    return morceaux.join(" · ");
  }

  /** Final characteristics of each creature, when the game's report gives them (HAMI). */
  function tableauCreatures(creatures, base) {
    const { el } = C();
    if (!Array.isArray(creatures) || !creatures.length) return null;
    const texte = (v) => (v === undefined || v === null || v === "" ? "—" : String(v));
    const bonus = (c) => {
      const b = c.bonus_individuel;
      if (!b) return "—";
      const lien = C().lienSur(base, b.regle);
      const nom = (b.nom || "") + " : " + (b.texte || "");
      return lien ? el("a", { href: lien }, nom) : nom;
    };
    const colonnes = ["Créature", "M", "C", "T", "E", "Actions", "Ajustements", "Bonus de tribu"];
    return el(
      "div",
      { classe: "cpd-tableau" },
      el(
        "table",
        { classe: "cpd-table", "data-role": "creatures" },
        el("caption", {}, "Caractéristiques finales de chaque créature"),
        el("thead", {}, el("tr", {}, colonnes.map((t) => el("th", { scope: "col" }, t)))),
        el(
          "tbody",
          {},
          creatures.map((c) =>
            el("tr", {},
              el("td", {}, el("span", { classe: "cpd-nom" }, texte(c.nom))),
              ["M", "C", "T", "E", "actions"].map((k) => el("td", { classe: "cpd-nombre" }, texte(c[k]))),
              el("td", {}, texte((c.ajustements || []).join(" ; "))),
              el("td", {}, bonus(c)))),
        ),
      ),
    );
  }

  /** "Guerrier Mongo (niveau II) 75 · − Mkuki −8 · + Guisarme 22" from the engine's cost lines. */
  function lignesCout(lignes) {
    return lignes
      .filter((l) => l && typeof l === "object")
      .map((l) => {
        const cout = typeof l.cout === "number" ? (l.cout < 0 ? "−" + C().nombre(-l.cout) : C().nombre(l.cout)) : "";
        return String(l.libelle ?? "") + (cout ? " : " + cout : "");
      })
      .join(" · ");
  }

  function tableauCouts(entrees, unite) {
    const { el, nombre } = C();
    if (!entrees.length) return null;
    const valeur = (e, ...cles) => {
      for (const c of cles) if (e[c] !== undefined && e[c] !== null) return e[c];
      return "";
    };
    const chiffre = (v) => (typeof v === "number" ? nombre(v) : String(v));
    const avecDetail = entrees.some((e) => e.couts);
    const tableau = el(
      "div",
      { classe: "cpd-tableau" },
      el(
        "table",
        { classe: "cpd-table cpd-table-couts", "data-role": "couts" },
        el("caption", {}, "Coût de chaque entrée (" + unite + ")"),
        el(
          "thead",
          {},
          el("tr", {}, el("th", { scope: "col" }, "N°"), el("th", { scope: "col" }, "Entrée"), el("th", { scope: "col" }, "Rôle"),
            el("th", { scope: "col", classe: "cpd-nombre" }, "Nombre"), el("th", { scope: "col", classe: "cpd-nombre" }, "Coût unitaire"),
            el("th", { scope: "col", classe: "cpd-nombre" }, "Coût")),
        ),
        el("tbody", {}),
      ),
    );
    // data-libelle names each cell on a phone, where the table is drawn as one block per entry.
    const ligne = (e, i) =>
      el(
        "tr",
        {},
        el("td", { classe: "cpd-rang", "data-libelle": "N°" }, String((typeof e.index === "number" ? e.index : i) + 1)),
        el("td", { classe: "cpd-entree" }, el("span", { classe: "cpd-nom" }, String(valeur(e, "nom") || "—")),
          Array.isArray(e.lignes_cout) && e.lignes_cout.length
            ? el("span", { classe: "cpd-detail" }, lignesCout(e.lignes_cout))
            : avecDetail && e.couts ? el("span", { classe: "cpd-detail" }, detailCout(e.couts)) : null),
        el("td", { classe: "cpd-role", "data-libelle": "Rôle" }, ROLES[e.role] || String(valeur(e, "role"))),
        el("td", { classe: "cpd-nombre", "data-libelle": "Nombre" }, chiffre(valeur(e, "nombre"))),
        el("td", { classe: "cpd-nombre", "data-libelle": "Coût unitaire" }, chiffre(valeur(e, "cout_figure", "cout_unitaire"))),
        el("td", { classe: "cpd-nombre cpd-cout", "data-libelle": "Coût" }, chiffre(valeur(e, "cout_total", "cout"))),
      );
    return { bloc: tableau, remplir: () => afficherParPaquets(tableau.querySelector("tbody"), entrees, ligne, "entrées") };
  }

  const ROLES = { troupe: "Troupe", heros: "Héros", sorcier: "Sorcier", leader: "Leader" };
  const CLE_CATALOGUE = "compendium.catalogue.";

  // --- Page wiring ------------------------------------------------------------------------

  /**
   * The player's profile catalogue (games whose profile cards are not in the book): loaded from a
   * file or an example, kept in this browser's storage, sent with every check.
   */
  function gestionCatalogue(racineOutil, jeu, base, reverifier) {
    const role = (nom) => racineOutil.querySelector(`[data-role="${nom}"]`);
    const bloc = role("catalogue-bloc");
    const etat = { texte: null, nom: null, resume() {} };
    if (!bloc) return etat;
    const etatTexte = role("catalogue-etat");
    const retirer = role("catalogue-retirer");
    const fichier = role("catalogue-fichier");
    const exemple = role("catalogue-exemple");
    const cle = CLE_CATALOGUE + jeu;
    const annoncer = (texte) => {
      etatTexte.textContent = texte;
      retirer.disabled = etat.texte === null;
      bloc.dataset.charge = etat.texte === null ? "non" : "oui";
    };
    const garder = () => {
      try {
        if (etat.texte === null) window.localStorage.removeItem(cle);
        else window.localStorage.setItem(cle, JSON.stringify({ nom: etat.nom, texte: etat.texte }));
      } catch (e) {
        /* private browsing or full storage: the catalogue stays loaded for this visit */
      }
      // Hook for the card editor (cartes.js): every catalogue change is announced…
      bloc.dispatchEvent(new CustomEvent("compendium:catalogue", { detail: { texte: etat.texte, nom: etat.nom } }));
    };
    const charger = (texte, nom) => {
      etat.texte = texte;
      etat.nom = nom;
      garder();
      annoncer(`Catalogue « ${nom} » chargé ; vérification en cours…`);
      reverifier();
    };
    etat.resume = (resume) => {
      if (etat.texte === null) return;
      if (!resume || typeof resume !== "object") {
        annoncer(`Catalogue « ${etat.nom} » chargé.`);
        return;
      }
      const titre = typeof resume.nom === "string" && resume.nom ? resume.nom : etat.nom;
      const n = (k) => (typeof resume[k] === "number" ? resume[k] : 0);
      annoncer(`Catalogue « ${titre} » chargé : ${n("profils")} profil${n("profils") > 1 ? "s" : ""}, ` +
        `${n("equipements")} équipement${n("equipements") > 1 ? "s" : ""}.`);
    };
    try {
      const garde = JSON.parse(window.localStorage.getItem(cle) || "null");
      if (garde && typeof garde.texte === "string") {
        etat.texte = garde.texte;
        etat.nom = String(garde.nom || "catalogue");
        annoncer(`Catalogue « ${etat.nom} » chargé (gardé dans ce navigateur).`);
      }
    } catch (e) {
      /* unreadable storage: start without a catalogue */
    }
    // …and an edited catalogue comes back through this event, then the list is checked again.
    bloc.addEventListener("compendium:catalogue-edite", (ev) => charger(String(ev.detail.texte), String(ev.detail.nom)));
    role("catalogue-importer").addEventListener("click", () => fichier.click());
    fichier.addEventListener("change", async () => {
      const f = fichier.files && fichier.files[0];
      fichier.value = "";
      if (!f) return;
      if (f.size > TAILLE_MAX_ZONE) {
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
    exemple.addEventListener("change", () => {
      const option = exemple.selectedOptions[0];
      if (!option || !option.value || option.dataset.contenu === undefined) return;
      charger(option.dataset.contenu, option.textContent.trim());
      exemple.value = "";
    });
    retirer.addEventListener("click", () => {
      etat.texte = null;
      etat.nom = null;
      garder();
      annoncer("Aucun catalogue chargé.");
      reverifier();
    });
    return etat;
  }

  function initialiser(racineOutil) {
    if (racineOutil.dataset.pret === "oui") return;
    racineOutil.dataset.pret = "oui";
    const { el } = C();
    const role = (nom) => racineOutil.querySelector(`[data-role="${nom}"]`);
    const jeu = racineOutil.dataset.jeu;
    const base = racineOutil.dataset.base || "";
    const unite = racineOutil.dataset.unite || "points";
    const moteur = C().moteur(C().racine(base));
    C().indicateur(role("chargement"), moteur);

    const zone = role("texte");
    const etat = role("etat");
    const details = role("details");
    const selectExemple = role("exemple");
    const descriptionExemple = role("exemple-description");
    const fichier = role("fichier");
    const partage = role("partage");
    const lienPartage = role("lien");
    const etatPartage = role("partage-etat");

    let generation = 0; // only the answer to the latest input is shown
    let dernierRapport = null; // the last report read from a list, for printing
    let enCours = false;
    let enAttente = null; // latest input while a check is running

    function afficherEtat(classe, ...contenu) {
      etat.className = "cpd-etat cpd-etat--" + classe;
      etat.replaceChildren(...contenu.map((c) => (c instanceof Node ? c : document.createTextNode(String(c)))));
      racineOutil.dataset.etat = classe;
    }

    /** Tell the builder (composer.js) what the engine said about `texte` (null: no report). */
    function publier(rapport, texte) {
      racineOutil.dispatchEvent(new CustomEvent("compendium:rapport", { detail: { rapport, texte } }));
    }

    function afficherErreurLecture(message, titre, texte) {
      publier(null, typeof texte === "string" ? texte : null);
      dernierRapport = null;
      role("imprimer").disabled = true;
      afficherEtat("illisible", el("strong", {}, titre || "Liste illisible"), " — ", message);
      details.replaceChildren(
        el("div", { classe: "cpd-panneau-erreur", role: "alert", "data-role": "panneau-erreur" },
          el("p", { classe: "cpd-panneau-titre" }, titre || "La liste ne peut pas être lue"),
          el("p", {}, message)),
      );
    }

    function afficherRapport(rapport, texte) {
      dernierRapport = rapport;
      role("imprimer").disabled = !rapport.liste;
      const erreurs = rapport.erreurs || [];
      const avertissements = rapport.avertissements || [];
      const entrees = entreesDetail(rapport);
      const total =
        rapport.cout !== undefined && rapport.cout !== null
          ? C().nombre(rapport.cout) + (rapport.budget !== undefined && rapport.budget !== null ? " / " + C().nombre(rapport.budget) : "") + " " + unite
          : "";
      if (rapport.valide) {
        afficherEtat("valide", el("strong", {}, "Liste valide"),
          total ? " — total " + total : "",
          avertissements.length ? ` (${avertissements.length} avertissement${avertissements.length > 1 ? "s" : ""})` : "");
      } else {
        afficherEtat("invalide", el("strong", {}, `Liste invalide : ${erreurs.length} erreur${erreurs.length > 1 ? "s" : ""}`),
          total ? " — total " + total : "");
      }
      const blocs = [];
      const d = rapport.details || {};
      if (typeof d.initiative === "number") {
        blocs.push(el("p", { classe: "cpd-total", "data-role": "initiative" },
          "Valeur d'initiative : ", el("strong", {}, C().nombre(d.initiative)), " (somme des niveaux)"));
      }
      if (typeof d.cout_activation === "number") {
        blocs.push(el("p", { classe: "cpd-total", "data-role": "cout-activation" },
          "Coût d'activation : ", el("strong", {}, C().nombre(d.cout_activation)), " " + unite));
      }
      if (total) {
        const depasse = rapport.budget !== undefined && rapport.budget !== null && rapport.cout > rapport.budget;
        blocs.push(el("p", { classe: "cpd-total" + (depasse ? " cpd-total--depasse" : ""), "data-role": "total" },
          "Coût total : ", el("strong", {}, total), depasse ? " (dépasse le format)" : ""));
      }
      const remplissages = [];
      const listeViolations = (titre, role, violations, classe, nom) => {
        if (!violations.length) return;
        const ul = el("ul", { classe: "cpd-violations", "data-role": role });
        blocs.push(el("h3", {}, `${titre} (${C().nombre(violations.length)})`), ul);
        remplissages.push(() => afficherParPaquets(ul, violations, (v) => violation(v, base, entrees, classe), nom));
      };
      listeViolations("Erreurs", "erreurs", erreurs, "cpd-violation--erreur", "erreurs");
      listeViolations("Avertissements", "avertissements", avertissements, "cpd-violation--avertissement", "avertissements");
      const tableau = tableauCouts(entrees, unite);
      if (tableau) {
        blocs.push(tableau.bloc);
        remplissages.push(tableau.remplir);
      }
      const creatures = tableauCreatures((rapport.details || {}).creatures, base);
      if (creatures) blocs.push(creatures);
      details.replaceChildren(...blocs);
      for (const remplir of remplissages) remplir(); // once in the page: « … de plus » goes after its block
      publier(rapport, typeof texte === "string" ? texte : null);
    }

    async function verifier(entree) {
      if (enCours) {
        enAttente = entree;
        return;
      }
      const texte = typeof entree === "string" ? entree : null;
      if (texte !== null && texte.trim() === "") {
        generation++;
        afficherEtat("vide", "Aucune liste pour l'instant.");
        details.replaceChildren();
        publier(null, texte);
        return;
      }
      const ma = ++generation;
      enCours = true;
      if (!moteur.etat.pret) afficherEtat("attente", "Vérification dès que le moteur est prêt…");
      else racineOutil.dataset.etat = "calcul";
      try {
        const rapport = await moteur.valider(jeu, entree, catalogue.texte);
        if (ma === generation) {
          afficherRapport(rapport, texte);
          catalogue.resume(rapport.catalogue);
        }
      } catch (e) {
        if (ma === generation) afficherErreurLecture(e.message, e.interne ? "Le moteur a rencontré un problème" : null, texte);
      } finally {
        enCours = false;
        if (enAttente !== null) {
          const suivante = enAttente;
          enAttente = null;
          verifier(suivante);
        }
      }
    }

    const catalogue = gestionCatalogue(racineOutil, jeu, base, () => {
      if (zone.value.trim()) verifier(zone.value);
    });
    const cleListe = CLE_LISTE + jeu;
    const reprendre = role("reprendre");
    /** Keep what is in the text box, so that Back, a reload or a crash never lose it. */
    const garderListe = () => {
      if (zone.value.length <= TAILLE_MAX_ZONE) ecrireStockage(cleListe, zone.value);
    };
    window.addEventListener("pagehide", garderListe);
    const verifierPlusTard = C().debounce(() => verifier(zone.value), DELAI_SAISIE_MS);
    zone.addEventListener("input", () => {
      garderListe();
      if (partage) partage.hidden = true;
      // The shared link no longer describes the list: drop it from the address bar.
      if (window.location.hash.startsWith("#" + PREFIXE)) {
        history.replaceState(history.state, "", window.location.pathname + window.location.search);
      }
      verifierPlusTard();
    });

    function remplir(texte) {
      verifierPlusTard.annuler();
      zone.value = texte;
      garderListe();
      verifier(texte);
    }

    // A shared link replaced the player's own list: offer it back.
    if (reprendre) {
      reprendre.addEventListener("click", () => {
        const avant = lireStockage(cleListe + SUFFIXE_AVANT_LIEN);
        ecrireStockage(cleListe + SUFFIXE_AVANT_LIEN, null);
        reprendre.hidden = true;
        if (window.location.hash.startsWith("#" + PREFIXE)) {
          history.replaceState(history.state, "", window.location.pathname + window.location.search);
        }
        if (avant !== null) remplir(avant);
      });
    }

    // Example lists
    if (selectExemple) {
      selectExemple.addEventListener("change", async () => {
        const option = selectExemple.selectedOptions[0];
        descriptionExemple.textContent = option && option.value ? sansCodes(option.dataset.description) : "";
        if (!selectExemple.value) return;
        if (option.dataset.contenu !== undefined) {
          remplir(option.dataset.contenu); // embedded in the page: works offline
          return;
        }
        const url = C().lienSur(base, selectExemple.value);
        try {
          const reponse = await fetch(url, { credentials: "same-origin" });
          if (!reponse.ok) throw new Error("HTTP " + reponse.status);
          remplir(await reponse.text());
        } catch (e) {
          afficherErreurLecture("L'exemple n'a pas pu être chargé (" + e.message + ").", "Exemple indisponible");
        }
      });
    }

    // File import: the raw bytes go to the engine (it reports non-UTF-8 input in French)
    role("importer").addEventListener("click", () => fichier.click());
    fichier.addEventListener("change", async () => {
      const f = fichier.files && fichier.files[0];
      fichier.value = "";
      if (!f) return;
      let octets;
      try {
        octets = new Uint8Array(await f.arrayBuffer());
      } catch (e) {
        afficherErreurLecture("Le fichier « " + f.name + " » n'a pas pu être lu.", "Fichier illisible");
        return;
      }
      let texte = null;
      if (octets.length <= TAILLE_MAX_ZONE) {
        try {
          texte = new TextDecoder("utf-8", { fatal: true }).decode(octets);
        } catch (e) {
          texte = null;
        }
      }
      if (texte !== null) {
        if (selectExemple) selectExemple.value = "";
        remplir(texte.replace(/^\uFEFF/, ""));
      } else {
        verifierPlusTard.annuler();
        await verifier(octets);
      }
    });

    // Share: the list travels in the URL fragment, nothing is sent anywhere
    role("partager").addEventListener("click", async () => {
      if (!zone.value.trim()) {
        partage.hidden = false;
        lienPartage.value = "";
        etatPartage.textContent = "Rien à partager : la liste est vide.";
        return;
      }
      const fragment = await encoderFragment(zone.value);
      history.replaceState(history.state, "", "#" + fragment);
      const url = window.location.href;
      partage.hidden = false;
      lienPartage.value = url;
      lienPartage.focus();
      lienPartage.select();
      let message = "Lien prêt : copiez-le pour partager la liste.";
      if (url.length > 32000) message = "Attention : la liste est longue, certains navigateurs ou messageries risquent de tronquer le lien.";
      try {
        if (navigator.clipboard && window.isSecureContext) {
          await navigator.clipboard.writeText(url);
          message = "Lien copié dans le presse-papiers.";
        }
      } catch (e) {
        /* permission refused: the link stays selected in the field */
      }
      etatPartage.textContent = message;
    });

    // Print the roster sheet and the cards of the list, through the print templates
    role("imprimer").addEventListener("click", async () => {
      if (!dernierRapport || !dernierRapport.liste) return;
      try {
        await window.CompendiumImpression.imprimer(jeu, dernierRapport.liste, dernierRapport);
      } catch (e) {
        afficherErreurLecture(e.message, "Impression impossible");
      }
    });

    // Export as YAML
    role("exporter").addEventListener("click", () => {
      if (!zone.value.trim()) {
        afficherEtat("vide", "Rien à exporter : la liste est vide.");
        return;
      }
      const blob = new Blob([texteExport(zone.value)], { type: "application/yaml;charset=utf-8" });
      const url = URL.createObjectURL(blob);
      const a = el("a", { href: url, download: nomFichier(zone.value, jeu), hidden: true });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });

    async function restaurer() {
      let fragment = window.location.hash.replace(/^#/, "");
      try {
        fragment = decodeURIComponent(fragment);
      } catch (e) {
        /* keep it raw: decoderFragment reports a damaged link */
      }
      if (!fragment.startsWith(PREFIXE)) return false;
      let texte;
      try {
        texte = await decoderFragment(fragment);
      } catch (e) {
        afficherErreurLecture(e.message, e instanceof LienTropGros ? "Lien de partage refusé" : "Lien de partage illisible");
        return true;
      }
      // The player's own list is set aside, never overwritten without a way back.
      const avant = lireStockage(cleListe);
      if (avant && avant.trim() && avant !== texte) {
        ecrireStockage(cleListe + SUFFIXE_AVANT_LIEN, avant);
        if (reprendre) reprendre.hidden = false;
      }
      remplir(texte);
      return true;
    }

    // The builder (composer.js) writes the list through this door and reads the reports from the
    // "compendium:rapport" event.
    racineOutil.compendiumVerifier = {
      jeu, base, unite, moteur, zone,
      catalogue: () => catalogue.texte,
      rapport: () => dernierRapport,
      ecrire(texte) {
        if (partage) partage.hidden = true;
        if (window.location.hash.startsWith("#" + PREFIXE)) {
          history.replaceState(history.state, "", window.location.pathname + window.location.search);
        }
        if (selectExemple) selectExemple.value = "";
        remplir(texte);
      },
    };

    window.addEventListener("hashchange", () => {
      if (document.body.contains(racineOutil)) restaurer();
    });

    if (reprendre && lireStockage(cleListe + SUFFIXE_AVANT_LIEN) !== null) reprendre.hidden = false;
    restaurer().then((restauree) => {
      if (restauree) return;
      if (!zone.value.trim()) {
        // Back, a reload, a new visit: the list typed last time for this game, checked again.
        const gardee = lireStockage(cleListe);
        if (gardee !== null && gardee.trim()) zone.value = gardee;
      }
      if (zone.value.trim()) verifier(zone.value);
    });
    moteur.preparer(jeu).catch(() => {}); // start loading Pyodide right away
  }

  C().surPage(() => {
    document.querySelectorAll('[data-compendium-outil="verifier"]').forEach(initialiser);
  });

  // For tests and curious readers.
  window.Compendium.verifier = { encoderFragment, decoderFragment, versYaml, texteExport };
})();
