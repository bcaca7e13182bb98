// Card editor for a player's profile catalogue (Khârn-Âges: the book has no unit cards).
//
// Everything is generated from the catalogue schema found in the game bundle
// (assets/data/<jeu>.json, key schemas.catalogue): the sections (profils, equipements,
// sorts), the card layout and the form fields with their bounds and French titles.
// The catalogue is kept where the checker keeps it (localStorage "compendium.catalogue.<jeu>")
// and handed to the checker through a small hook in verifier.js (events on the catalogue
// block): "compendium:catalogue-edite" (this editor → checker) and "compendium:catalogue"
// (checker → this editor, after a file, an example or « Retirer »).
// Names typed by a player are always written with textContent, never as HTML.
(function () {
  "use strict";

  const CLE_CATALOGUE = "compendium.catalogue."; // + game id: {nom, texte}, shared with verifier.js
  const CLE_CARTES = "compendium.cartes."; // + game id: {texte, donnees}, the parsed copy of that text
  const NOM_PAR_DEFAUT = "Mon catalogue";
  const C = () => window.Compendium;
  let compteur = 0;
  const nouvelId = () => "cpd-fiche-" + ++compteur;

  // --- Storage (never throws: private browsing, full storage) -----------------------------------

  function lire(cle) {
    try {
      return JSON.parse(window.localStorage.getItem(cle) || "null");
    } catch (e) {
      return null;
    }
  }

  function ecrire(cle, valeur) {
    try {
      if (valeur === null) window.localStorage.removeItem(cle);
      else window.localStorage.setItem(cle, JSON.stringify(valeur));
    } catch (e) {
      /* the catalogue stays in memory for this visit */
    }
  }

  // --- A small YAML writer for plain data (objects, arrays, strings, numbers, booleans) ---------

  const RESERVES = /^(true|false|yes|no|on|off|null|~|y|n)$/i;
  const NOMBRE = /^[-+.]?(\d|\.\d)|^\.(inf|nan)$/i;
  const SIMPLE = /^[\p{L}\p{N}][\p{L}\p{N} '’().,/-]*$/u;

  function scalaireYaml(v) {
    if (typeof v === "number" || typeof v === "boolean") return String(v);
    if (v === null || v === undefined) return "null";
    const texte = String(v);
    const simple = SIMPLE.test(texte) && !/\s$/.test(texte) && !RESERVES.test(texte) && !NOMBRE.test(texte);
    return simple ? texte : JSON.stringify(texte);
  }

  function versYaml(valeur, retrait) {
    const espace = " ".repeat(retrait);
    const bloc = (v) => v !== null && typeof v === "object" && Object.keys(v).length > 0;
    if (Array.isArray(valeur)) {
      if (!valeur.length) return "[]";
      return valeur.map((e) => espace + "- " + (bloc(e) ? versYaml(e, retrait + 2).trimStart() : versYaml(e, 0))).join("\n");
    }
    if (valeur !== null && typeof valeur === "object") {
      const cles = Object.keys(valeur);
      if (!cles.length) return "{}";
      return cles
        .map((cle) => {
          const v = valeur[cle];
          const tete = espace + scalaireYaml(cle) + ":";
          return bloc(v) ? tete + "\n" + versYaml(v, Array.isArray(v) ? retrait : retrait + 2) : tete + " " + versYaml(v, 0);
        })
        .join("\n");
    }
    return scalaireYaml(valeur);
  }

  function slug(texte) {
    return String(texte || "")
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80);
  }

  // --- Schema reading ---------------------------------------------------------------------------

  /** A subschema with its local $ref followed; the referring node's title and description win. */
  function resoudre(racine, noeud) {
    let n = noeud || {};
    let format = null; // the description of the referenced definition: how the value is written
    while (n && typeof n.$ref === "string" && n.$ref.startsWith("#/")) {
      let cible = racine;
      for (const part of n.$ref.slice(2).split("/")) cible = (cible || {})[part];
      const { $ref, ...reste } = n;
      format = format || (cible && cible.description) || null;
      n = Object.assign({}, cible || {}, reste);
    }
    return Object.assign({}, n, format && format !== n.description ? { aideFormat: format } : {});
  }

  function typesDe(n) {
    if (Array.isArray(n.enum)) return ["enum"];
    if ("const" in n) return ["const"];
    return Array.isArray(n.type) ? n.type : n.type ? [n.type] : ["string"];
  }

  /** The words a simple alternation pattern accepts (^(a|b)$, ^[UP]$, ^apatride$), else null. */
  function valeursMotif(motif) {
    if (typeof motif !== "string") return null;
    const corps = motif.replace(/^\^/, "").replace(/\$$/, "");
    if (/^\([a-z0-9|-]+\)$/i.test(corps)) return corps.slice(1, -1).split("|");
    if (/^\[[a-z0-9]+\]$/i.test(corps)) return corps.slice(1, -1).split("");
    if (/^[a-z0-9-]+$/i.test(corps)) return [corps];
    return null;
  }

  /** Section keys: top-level arrays of objects (profils, equipements, sorts), in schema order. */
  function sections(schema) {
    return Object.entries(schema.properties || {})
      .map(([cle, n]) => [cle, resoudre(schema, n)])
      .filter(([, n]) => typesDe(n).includes("array") && n.items && resoudre(schema, n.items).type === "object")
      .map(([cle, n]) => ({ cle, titre: n.title || cle, element: resoudre(schema, n.items) }));
  }

  const commenceParVoyelle = (t) => /^[aeiouyh]/i.test(String(t).normalize("NFD").replace(/[\u0300-\u036f]/g, ""));
  const nouveau = (titre) => (commenceParVoyelle(titre) ? "Nouvel " : "Nouveau ") + titre.toLowerCase();
  const unAutre = (titre) => "un autre " + titre.toLowerCase();

  // --- Form fields generated from the schema ------------------------------------------------------

  /**
   * A form control for one schema node. Returns {noeud, lire(erreurs), ecrire(valeur)}:
   * lire gives the value (undefined when empty) and pushes French messages into `erreurs`
   * ({message, cible}) while showing them next to the field.
   */
  function champ(ctx, schemaNoeud, titre, requis) {
    const n = resoudre(ctx.schema, schemaNoeud);
    titre = n.title || titre;
    const types = typesDe(n);
    if (types[0] === "const") return null;
    if (types.length > 1) return champUnion(ctx, n, titre, types);
    switch (types[0]) {
      case "enum":
        return champChoix(ctx, n, titre, requis);
      case "boolean":
        return champCase(n, titre);
      case "integer":
      case "number":
        return champNombre(n, titre, requis, types[0] === "integer");
      case "object":
        return champObjet(ctx, n, titre);
      case "array":
        return champTableau(ctx, n, titre);
      default:
        return champTexte(n, titre, requis);
    }
  }

  /** Label, control, help and message area, with aria wiring. */
  function enveloppe(titre, controle, n, requis, classe) {
    const { el } = C();
    const id = controle.id || (controle.id = nouvelId());
    const aide = el("span", { classe: "cpd-fiche-aide", id: id + "-aide" }, n.description || "");
    const message = el("span", { classe: "cpd-fiche-message", id: id + "-message", "aria-live": "polite" });
    controle.setAttribute("aria-describedby", id + "-aide " + id + "-message");
    if (requis) controle.setAttribute("aria-required", "true");
    // The asterisk of a required field sits outside the label (hidden from screen readers, which
    // hear aria-required): the label stays the bare title.
    const libelle = el("label", { for: id }, titre);
    const tete = el("span", { classe: "cpd-fiche-libelle" }, libelle,
      requis ? el("span", { classe: "cpd-fiche-requis", "aria-hidden": "true" }, " *") : null);
    const noeud = el("div", { classe: "cpd-fiche-champ " + (classe || "") }, tete, controle, aide, message);
    const signaler = (texte, erreurs) => {
      message.textContent = texte || "";
      if (texte) {
        controle.setAttribute("aria-invalid", "true");
        erreurs.push({ message: texte, cible: controle });
      } else controle.removeAttribute("aria-invalid");
    };
    return { noeud, signaler };
  }

  function champTexte(n, titre, requis) {
    const { el } = C();
    const long = (n.maxLength || 0) > 200;
    const controle = long
      ? el("textarea", { rows: 3, maxlength: n.maxLength || null, spellcheck: "true" })
      : el("input", { type: "text", maxlength: n.maxLength || null, autocomplete: "off" });
    const { noeud, signaler } = enveloppe(titre, controle, n, requis, long ? "cpd-fiche-champ--large" : "");
    return {
      noeud,
      controle,
      lire(erreurs) {
        const v = controle.value.trim();
        let message = "";
        if (!v) message = requis ? `« ${titre} » est obligatoire.` : "";
        else if (n.maxLength && v.length > n.maxLength) message = `« ${titre} » : ${n.maxLength} caractères au plus.`;
        else if (n.pattern && !new RegExp(n.pattern, "u").test(v)) {
          message = `« ${titre} » n'a pas le format attendu.` + (n.aideFormat ? " " + n.aideFormat : "");
        }
        signaler(message, erreurs);
        return v ? v : undefined;
      },
      ecrire(v) {
        controle.value = v === undefined || v === null ? "" : String(v);
      },
    };
  }

  function bornes(n, titre) {
    const min = typeof n.minimum === "number" ? n.minimum : null;
    const max = typeof n.maximum === "number" ? n.maximum : null;
    const f = (x) => C().nombre(x);
    if (min !== null && max !== null) return `« ${titre} » doit être compris entre ${f(min)} et ${f(max)}.`;
    if (min !== null) return `« ${titre} » doit valoir au moins ${f(min)}.`;
    return `« ${titre} » doit valoir au plus ${f(max)}.`;
  }

  function lireNombre(n, titre, controle, requis, entier) {
    const brut = controle.value.trim().replace(",", ".");
    if (!brut) {
      if (controle.validity && controle.validity.badInput) return { message: `« ${titre} » doit être un nombre.` };
      return { message: requis ? `« ${titre} » est obligatoire.` : "" };
    }
    const v = Number(brut);
    if (!Number.isFinite(v)) return { message: `« ${titre} » doit être un nombre.` };
    if (entier && !Number.isInteger(v)) return { message: `« ${titre} » doit être un nombre entier.` };
    if ((typeof n.minimum === "number" && v < n.minimum) || (typeof n.maximum === "number" && v > n.maximum)) {
      return { message: bornes(n, titre) };
    }
    return { message: "", valeur: v };
  }

  function champNombre(n, titre, requis, entier) {
    const { el } = C();
    const controle = el("input", {
      type: "number", inputmode: entier ? "numeric" : "decimal", step: entier ? "1" : "any",
      min: typeof n.minimum === "number" ? n.minimum : null, max: typeof n.maximum === "number" ? n.maximum : null,
    });
    const { noeud, signaler } = enveloppe(titre, controle, n, requis, "cpd-fiche-champ--nombre");
    return {
      noeud,
      controle,
      lire(erreurs) {
        const r = lireNombre(n, titre, controle, requis, entier);
        signaler(r.message, erreurs);
        return r.valeur;
      },
      ecrire(v) {
        controle.value = typeof v === "number" ? String(v) : "";
      },
    };
  }

  function champChoix(ctx, n, titre, requis) {
    const { el } = C();
    const controle = el("select", {},
      el("option", { value: "" }, requis ? "— Choisir —" : "—"),
      n.enum.map((v, i) => el("option", { value: String(i) }, ctx.libelle(v))));
    const { noeud, signaler } = enveloppe(titre, controle, n, requis);
    return {
      noeud,
      controle,
      lire(erreurs) {
        const v = controle.value === "" ? undefined : n.enum[Number(controle.value)];
        signaler(v === undefined && requis ? `« ${titre} » est obligatoire.` : "", erreurs);
        return v;
      },
      ecrire(v) {
        const i = n.enum.findIndex((x) => x === v);
        controle.value = i < 0 ? "" : String(i);
      },
    };
  }

  function champCase(n, titre) {
    const { el } = C();
    const controle = el("input", { type: "checkbox", id: nouvelId() });
    const noeud = el("div", { classe: "cpd-fiche-champ cpd-fiche-champ--case" },
      el("label", { for: controle.id }, controle, " ", titre),
      n.description ? el("span", { classe: "cpd-fiche-aide" }, n.description) : null);
    return {
      noeud,
      controle,
      lire: () => (controle.checked ? true : undefined),
      ecrire(v) {
        controle.checked = v === true;
      },
    };
  }

  /** True for an object of three integers or more (characteristics): drawn as a row of boxes. */
  function statsSeules(ctx, n) {
    const props = Object.values(n.properties || {});
    return props.length > 2 && props.every((p) => typesDe(resoudre(ctx.schema, p))[0] === "integer");
  }

  /** Object: a fieldset of its properties; an object of integers only is laid out as a row of stats. */
  function champObjet(ctx, n, titre) {
    const { el } = C();
    const props = Object.entries(n.properties || {});
    const requis = new Set(n.required || []);
    const stats = statsSeules(ctx, n);
    const enfants = props
      .map(([cle, p]) => [cle, champ(ctx, p, cle, requis.has(cle))])
      .filter(([, c]) => c);
    if (stats) {
      // Short labels (the keys: V, P, A…) like on the card; the full title stays available.
      for (const [cle, c] of enfants) {
        const libelle = c.noeud.querySelector("label");
        const complet = resoudre(ctx.schema, n.properties[cle]).title || cle;
        libelle.textContent = cle.length <= 3 ? cle : complet;
        libelle.title = complet;
        c.controle.setAttribute("aria-label", complet);
        const aide = c.noeud.querySelector(".cpd-fiche-aide");
        if (aide) aide.remove();
      }
    }
    const noeud = el("fieldset", { classe: "cpd-fiche-groupe" + (stats ? " cpd-fiche-groupe--stats" : "") },
      el("legend", {}, titre),
      n.description && !stats ? el("p", { classe: "cpd-fiche-aide" }, n.description) : null,
      el("div", { classe: "cpd-fiche-grille" }, enfants.map(([, c]) => c.noeud)));
    return {
      noeud,
      lire(erreurs) {
        const out = {};
        for (const [cle, c] of enfants) {
          const v = c.lire(erreurs);
          if (v !== undefined) out[cle] = v;
        }
        return Object.keys(out).length ? out : undefined;
      },
      ecrire(v) {
        const o = v && typeof v === "object" && !Array.isArray(v) ? v : {};
        for (const [cle, c] of enfants) c.ecrire(o[cle]);
      },
    };
  }

  /** Array: checkboxes for a set of choices, else rows added and removed one by one. */
  function champTableau(ctx, n, titre) {
    const { el } = C();
    const item = resoudre(ctx.schema, n.items || {});
    const itemTitre = item.title || "élément";
    if (Array.isArray(item.enum)) {
      const cases = item.enum.map((v) => {
        const c = el("input", { type: "checkbox", id: nouvelId() });
        return { v, c, noeud: el("label", { for: c.id, classe: "cpd-fiche-option" }, c, " ", ctx.libelle(v)) };
      });
      const message = el("span", { classe: "cpd-fiche-message", "aria-live": "polite" });
      const noeud = el("fieldset", { classe: "cpd-fiche-groupe cpd-fiche-groupe--cases" }, el("legend", {}, titre),
        n.description ? el("p", { classe: "cpd-fiche-aide" }, n.description) : null,
        el("div", { classe: "cpd-fiche-options" }, cases.map((x) => x.noeud)), message);
      return {
        noeud,
        lire(erreurs) {
          const v = cases.filter((x) => x.c.checked).map((x) => x.v);
          message.textContent = n.maxItems && v.length > n.maxItems ? `« ${titre} » : ${n.maxItems} choix au plus.` : "";
          if (message.textContent) erreurs.push({ message: message.textContent, cible: cases[0].c });
          return v.length ? v : undefined;
        },
        ecrire(v) {
          const liste = Array.isArray(v) ? v : [];
          for (const x of cases) x.c.checked = liste.includes(x.v);
        },
      };
    }
    const lignes = el("ol", { classe: "cpd-fiche-lignes" });
    const message = el("span", { classe: "cpd-fiche-message", "aria-live": "polite" });
    const rangs = [];
    const ajouterLigne = (valeur) => {
      const c = champ(ctx, n.items || {}, itemTitre, false);
      if (!c) return null;
      const retirer = el("button", { type: "button", classe: "cpd-fiche-retirer" }, "Retirer");
      retirer.setAttribute("aria-label", `Retirer ${itemTitre.toLowerCase()} ${rangs.length + 1}`);
      // One help text for the whole list, not one per row.
      c.noeud.querySelectorAll(":scope > .cpd-fiche-aide").forEach((x) => x.remove());
      const li = el("li", { classe: "cpd-fiche-ligne" }, c.noeud, retirer);
      const rang = { c, li };
      retirer.addEventListener("click", () => {
        rangs.splice(rangs.indexOf(rang), 1);
        li.remove();
        ajout.focus();
      });
      rangs.push(rang);
      lignes.append(li);
      c.ecrire(valeur);
      return c;
    };
    const ajout = el("button", { type: "button", classe: "md-button cpd-fiche-ajouter" }, "Ajouter : " + itemTitre.toLowerCase());
    ajout.addEventListener("click", () => {
      const c = ajouterLigne(undefined);
      const premier = c && c.noeud.querySelector("input, select, textarea");
      if (premier) premier.focus();
    });
    const noeud = el("fieldset", { classe: "cpd-fiche-groupe" }, el("legend", {}, titre),
      n.description ? el("p", { classe: "cpd-fiche-aide" }, n.description) : null, lignes, ajout, message);
    return {
      noeud,
      lire(erreurs) {
        const v = rangs.map((r) => r.c.lire(erreurs)).filter((x) => x !== undefined);
        let texte = "";
        if (n.maxItems && v.length > n.maxItems) texte = `« ${titre} » : ${n.maxItems} éléments au plus.`;
        else if (n.uniqueItems && new Set(v.map((x) => JSON.stringify(x))).size < v.length) {
          texte = `« ${titre} » contient deux fois le même élément.`;
        }
        message.textContent = texte;
        if (texte) erreurs.push({ message: texte, cible: ajout });
        return v.length ? v : undefined;
      },
      ecrire(v) {
        rangs.splice(0).forEach((r) => r.li.remove());
        for (const x of Array.isArray(v) ? v : []) ajouterLigne(x);
      },
    };
  }

  /** A value of several possible types: a choice of the kind, then the control of that kind. */
  function champUnion(ctx, n, titre, types) {
    const { el } = C();
    const alternatives = [];
    for (const t of types) {
      const sous = Object.assign({}, n, { type: t, title: titre, description: "" });
      if (t === "string" && valeursMotif(n.pattern)) {
        for (const v of valeursMotif(n.pattern)) alternatives.push({ libelle: ctx.libelle(v), constante: v });
      } else if (t === "boolean") {
        alternatives.push({ libelle: "Oui, sans valeur", constante: true });
      } else {
        const libelles = { integer: "Nombre", number: "Nombre", string: "Texte", object: "Détail", array: "Plusieurs" };
        if (t !== "object") delete sous.properties;
        if (t === "object") delete sous.maxLength;
        alternatives.push({ libelle: libelles[t] || t, type: t, c: champ(ctx, sous, titre, false) });
      }
    }
    const choix = el("select", {}, el("option", { value: "" }, "—"),
      alternatives.map((a, i) => el("option", { value: String(i) }, a.libelle)));
    const { noeud, signaler } = enveloppe(titre, choix, n, false, "cpd-fiche-champ--union");
    const zone = el("div", { classe: "cpd-fiche-alternative" });
    for (const a of alternatives) {
      if (!a.c) continue;
      a.c.noeud.classList.add("cpd-fiche-sous-champ");
      // The kind select already carries the title: the inner control is named after the kind.
      const libelle = a.c.noeud.querySelector(":scope > .cpd-fiche-libelle > label, :scope > legend");
      if (libelle) libelle.textContent = `${titre} (${a.libelle.toLowerCase()})`;
      a.c.noeud.hidden = true;
      zone.append(a.c.noeud);
    }
    noeud.append(zone);
    const montrer = () => alternatives.forEach((a, i) => a.c && (a.c.noeud.hidden = choix.value !== String(i)));
    choix.addEventListener("change", montrer);
    return {
      noeud,
      controle: choix,
      lire(erreurs) {
        signaler("", erreurs);
        if (choix.value === "") return undefined;
        const a = alternatives[Number(choix.value)];
        if ("constante" in a) return a.constante;
        const v = a.c.lire(erreurs);
        if (v === undefined) signaler(`« ${titre} » : indiquez la valeur (${a.libelle.toLowerCase()}) ou choisissez « — ».`, erreurs);
        return v;
      },
      ecrire(v) {
        let i = alternatives.findIndex((a) => "constante" in a && a.constante === v);
        if (i < 0 && v !== undefined && v !== null) {
          const t = Array.isArray(v) ? "array" : typeof v === "object" ? "object" : typeof v === "number"
            ? (Number.isInteger(v) && types.includes("integer") ? "integer" : "number") : typeof v;
          i = alternatives.findIndex((a) => a.type === t || (t === "integer" && a.type === "number"));
        }
        alternatives.forEach((a) => a.c && a.c.ecrire(undefined));
        if (i >= 0 && alternatives[i].c) alternatives[i].c.ecrire(v);
        choix.value = i < 0 ? "" : String(i);
        montrer();
      },
    };
  }

  // --- Card display ---------------------------------------------------------------------------------

  function texteValeur(ctx, n, v) {
    n = resoudre(ctx.schema, n || {});
    if (v === true) return "oui";
    if (v === false) return "non";
    if (Array.isArray(v)) {
      const item = n.items || {};
      return v.map((x) => texteValeur(ctx, item, x)).join(", ");
    }
    if (v && typeof v === "object") {
      const props = n.properties || {};
      const nom = typeof v.nom === "string" ? v.nom : typeof v.id === "string" ? v.id : null;
      const reste = Object.entries(v)
        .filter(([k]) => nom === null || (k !== "nom" && k !== "id"))
        .map(([k, x]) => {
          const t = (resoudre(ctx.schema, props[k] || {}).title || k).toLowerCase();
          if (x === true) return t;
          if (k === "cout" && typeof x === "number") return C().nombre(x) + " " + ctx.unite;
          return `${t} ${texteValeur(ctx, props[k], x)}`;
        });
      if (nom === null) return reste.join(", ");
      return reste.length ? `${nom} (${reste.join(", ")})` : nom;
    }
    if (typeof v === "number") return C().nombre(v);
    return ctx.libelle(v);
  }

  /** One card, laid out like a unit card: name and factions, stats row, the rest, cost. */
  function carte(ctx, section, element, actions) {
    const { el } = C();
    const props = section.element.properties || {};
    const titre = (k) => resoudre(ctx.schema, props[k] || {}).title || k;
    const vus = new Set(["id", "nom", "cout"]);
    const etiquettes = [];
    const stats = [];
    const lignes = [];
    for (const [cle, n0] of Object.entries(props)) {
      if (vus.has(cle) || element[cle] === undefined) continue;
      const n = resoudre(ctx.schema, n0);
      const v = element[cle];
      const t = typesDe(n);
      if (n.type === "object" && statsSeules(ctx, n) && v && typeof v === "object") {
        for (const [k, p] of Object.entries(n.properties)) {
          if (v[k] === undefined) continue;
          const complet = resoudre(ctx.schema, p).title || k;
          stats.push(el("div", { classe: "cpd-fiche-stat" }, el("dt", { title: complet }, k.length <= 3 ? k : complet),
            el("dd", {}, texteValeur(ctx, p, v[k]))));
        }
      } else if (v === true && t.includes("boolean") && !t.includes("integer")) {
        etiquettes.push(el("span", { classe: "cpd-fiche-etiquette" }, titre(cle)));
      } else if (!(v === false) && (t[0] === "enum" || t[0] === "integer" || (t.length > 1 && !(v && typeof v === "object" && !Array.isArray(v)) && String(texteValeur(ctx, n, v)).length <= 40))) {
        etiquettes.push(el("span", { classe: "cpd-fiche-etiquette" }, `${titre(cle)} : ${texteValeur(ctx, n, v)}`));
      } else if (v !== false) {
        lignes.push(el("div", { classe: "cpd-fiche-ligne-info" }, el("dt", {}, titre(cle)), el("dd", {}, texteValeur(ctx, n, v))));
      }
    }
    const cout = element.cout;
    return el("article", { classe: "cpd-fiche", "data-id": String(element.id || "") },
      el("header", { classe: "cpd-fiche-tete" },
        el("h4", { classe: "cpd-fiche-nom" }, String(element.nom ?? element.id ?? "—")),
        el("p", { classe: "cpd-fiche-ident" }, el("code", {}, String(element.id ?? ""))),
        etiquettes.length ? el("p", { classe: "cpd-fiche-etiquettes" }, etiquettes) : null),
      stats.length ? el("dl", { classe: "cpd-fiche-stats" }, stats) : null,
      lignes.length ? el("dl", { classe: "cpd-fiche-infos" }, lignes) : null,
      el("footer", { classe: "cpd-fiche-pied" },
        el("p", { classe: "cpd-fiche-cout" }, typeof cout === "number" ? `${titre("cout")} : ${C().nombre(cout)} ${ctx.unite}` : ""),
        el("div", { classe: "cpd-fiche-actions" }, actions)));
  }

  // --- The editor -----------------------------------------------------------------------------------

  async function initialiser(racine) {
    if (racine.dataset.pret === "oui") return;
    racine.dataset.pret = "oui";
    const { el } = C();
    const jeu = racine.dataset.jeu;
    const base = racine.dataset.base || "";
    const role = (nom) => racine.querySelector(`[data-role="${nom}"]`);
    const etat = role("cartes-etat");
    const zone = role("cartes-sections");
    const outil = racine.closest("[data-compendium-outil]") || document;
    const blocCatalogue = outil.querySelector('[data-role="catalogue-bloc"]');
    const annoncer = (texte) => {
      etat.textContent = texte;
    };

    let paquet;
    try {
      const reponse = await fetch(C().lienSur(base, `assets/data/${jeu}.json`), { credentials: "same-origin" });
      if (!reponse.ok) throw new Error("HTTP " + reponse.status);
      paquet = await reponse.json();
    } catch (e) {
      annoncer("L'éditeur de cartes n'a pas pu lire le format du catalogue (" + e.message + ").");
      return;
    }
    // The page embeds the schema in its file's order (the bundle's copy has sorted keys): fields
    // then follow the card's layout (identity, level, cost, then characteristics V, P, A…).
    let schema = (paquet.schemas || {}).catalogue;
    try {
      const embarque = JSON.parse((role("cartes-schema") || {}).textContent || "null");
      if (embarque && embarque.properties) schema = embarque;
    } catch (e) {
      /* the bundle's copy is the same schema */
    }
    if (!schema) {
      racine.hidden = true;
      return;
    }
    // Enumerated values are named after the game's own entries (kharns → Khârns).
    const noms = new Map();
    for (const valeur of Object.values(paquet)) {
      if (!Array.isArray(valeur)) continue;
      for (const e of valeur) if (e && typeof e.id === "string" && typeof e.nom === "string" && !noms.has(e.id)) noms.set(e.id, e.nom);
    }
    const libelle = (v) => {
      if (typeof v !== "string") return String(v);
      if (noms.has(v)) return noms.get(v);
      const t = v.replace(/-/g, " ");
      return t.charAt(0).toUpperCase() + t.slice(1);
    };
    const unite = (paquet.jeu && paquet.jeu.unite_cout) || "";
    const ctx = { schema, libelle, unite: unite === "Kouronnes" ? "Ko" : unite };
    const secs = sections(schema);

    let donnees = null; // the catalogue as plain data; null when none is loaded
    let texteCourant = null; // the text given to the checker last (to recognise our own echo)
    let lisible = true;
    let formulaireOuvert = null;

    const boutonsGlobaux = [];
    const exporter = role("cartes-exporter");
    boutonsGlobaux.push(exporter);

    function ordonner(d) {
      // Keys in the schema's order, so that exported files look alike.
      const out = {};
      for (const cle of Object.keys(schema.properties || {})) if (d[cle] !== undefined) out[cle] = d[cle];
      for (const cle of Object.keys(d)) if (!(cle in out)) out[cle] = d[cle];
      return out;
    }

    function texteCatalogue() {
      return "# Catalogue de profils écrit avec l'éditeur de cartes de Compendium\n" + versYaml(ordonner(donnees), 0) + "\n";
    }

    /** Keep the catalogue and hand it to the checker, which checks the list again at once. */
    function enregistrer(annonce) {
      const texte = texteCatalogue();
      const nom = typeof donnees.nom === "string" && donnees.nom ? donnees.nom : NOM_PAR_DEFAUT;
      texteCourant = texte;
      ecrire(CLE_CARTES + jeu, { texte, donnees });
      ecrire(CLE_CATALOGUE + jeu, { nom, texte });
      if (blocCatalogue) blocCatalogue.dispatchEvent(new CustomEvent("compendium:catalogue-edite", { detail: { texte, nom } }));
      afficher();
      annoncer(annonce + " Le catalogue est gardé dans ce navigateur ; la liste est vérifiée avec lui.");
    }

    async function lireTexte(texte) {
      if (texte === null || texte === undefined) return null;
      const cache = lire(CLE_CARTES + jeu);
      if (cache && cache.texte === texte && cache.donnees && typeof cache.donnees === "object") return cache.donnees;
      const debut = texte.trimStart();
      if (debut.startsWith("{")) {
        try {
          return JSON.parse(texte);
        } catch (e) {
          /* YAML flow style: the engine reads it */
        }
      }
      // YAML: the engine's own reader (in the Web Worker) parses it; its parsed document comes back.
      annoncer("Lecture du catalogue par le moteur…");
      const rapport = await C().moteur(C().racine(base)).valider(jeu, texte);
      return rapport.liste;
    }

    async function charger(texte) {
      formulaireOuvert = null;
      if (texte === texteCourant && donnees) return;
      texteCourant = texte;
      try {
        const d = await lireTexte(texte);
        if (texte !== texteCourant) return; // a newer catalogue arrived meanwhile
        lisible = d === null || (d && typeof d === "object" && !Array.isArray(d));
        donnees = lisible ? d : null;
        if (d) ecrire(CLE_CARTES + jeu, { texte, donnees: d });
        afficher();
        if (!lisible) annoncer("Ce catalogue n'est pas un objet : ses cartes ne peuvent pas être modifiées ici.");
        else annoncer(d ? "Cartes du catalogue affichées." : "Aucun catalogue : créez une première carte.");
      } catch (e) {
        if (texte !== texteCourant) return;
        lisible = false;
        donnees = null;
        afficher();
        annoncer("Le catalogue chargé n'a pas pu être lu : " + e.message + " Corrigez le fichier ou retirez le catalogue pour en créer un ici.");
      }
    }

    function ouvrirFormulaire(section, index, conteneur, remplacer) {
      const existant = index === null ? null : donnees[section.cle][index];
      const requis = new Set(section.element.required || []);
      // Card layout: short values first (identity, level, cost…), then the characteristics row,
      // then lists and details, long texts last; the schema's order within each group.
      const rang = (p) => {
        const n = resoudre(ctx.schema, p);
        const t = typesDe(n);
        if (t.length === 1 && t[0] === "object") return statsSeules(ctx, n) ? 1 : 2;
        if (t.length === 1 && t[0] === "array") return 2;
        if (t.length === 1 && t[0] === "string" && (n.maxLength || 0) > 200) return 3;
        return 0;
      };
      const controles = Object.entries(section.element.properties || {})
        .map(([cle, p], i) => ({ cle, p, i, r: rang(p) }))
        .sort((a, b) => a.r - b.r || a.i - b.i)
        .map(({ cle, p }) => [cle, champ(ctx, p, cle, requis.has(cle))])
        .filter(([, c]) => c);
      const resume = el("div", { classe: "cpd-fiche-resume", role: "alert", hidden: true });
      const titreForm = existant ? `Modifier : ${String(existant.nom ?? existant.id ?? "")}` : nouveau(section.element.title || section.titre);
      const enregistrerBtn = el("button", { type: "submit", classe: "md-button md-button--primary" }, "Enregistrer la carte");
      const annuler = el("button", { type: "button", classe: "md-button" }, "Annuler");
      const form = el("form", { classe: "cpd-fiche-formulaire", novalidate: true, "data-section": section.cle },
        el("h4", { classe: "cpd-fiche-form-titre", tabindex: "-1" }, titreForm),
        el("p", { classe: "cpd-fiche-aide" }, "Les champs marqués d'un astérisque (*) sont obligatoires."),
        resume,
        el("div", { classe: "cpd-fiche-form-champs" }, controles.map(([, c]) => c.noeud)),
        el("div", { classe: "cpd-fiche-form-actions" }, enregistrerBtn, annuler));
      const par = Object.fromEntries(controles);
      for (const [cle, c] of controles) c.ecrire(existant ? existant[cle] : undefined);
      // A new card's identifier follows its name until the player types one.
      if (par.id && par.nom && par.id.controle && par.nom.controle) {
        let auto = !existant;
        par.id.controle.addEventListener("input", () => {
          auto = false;
        });
        par.nom.controle.addEventListener("input", () => {
          if (auto) par.id.controle.value = slug(par.nom.controle.value);
        });
      }
      form.addEventListener("submit", (ev) => {
        ev.preventDefault();
        const erreurs = [];
        const element = {};
        for (const [cle, c] of controles) {
          const v = c.lire(erreurs);
          if (v !== undefined) element[cle] = v;
        }
        const autres = (donnees ? donnees[section.cle] || [] : []).filter((_, i) => i !== index);
        if (typeof element.id === "string" && autres.some((x) => x && x.id === element.id)) {
          const texte = `L'identifiant « ${element.id} » est déjà pris par ${unAutre(section.element.title || "élément")}.`;
          erreurs.push({ message: texte, cible: par.id.controle });
          par.id.noeud.querySelector(".cpd-fiche-message").textContent = texte;
          par.id.controle.setAttribute("aria-invalid", "true");
        }
        if (erreurs.length) {
          resume.hidden = false;
          resume.replaceChildren(
            el("p", {}, erreurs.length > 1 ? `${erreurs.length} champs à corriger :` : "Un champ à corriger :"),
            el("ul", {}, erreurs.map((e) => el("li", {}, e.message))));
          erreurs[0].cible.focus();
          return;
        }
        if (!donnees) donnees = { jeu, nom: NOM_PAR_DEFAUT };
        const liste = Array.isArray(donnees[section.cle]) ? donnees[section.cle].slice() : [];
        if (index === null) liste.push(element);
        else liste[index] = element;
        donnees = Object.assign({}, donnees, { [section.cle]: liste });
        formulaireOuvert = null;
        enregistrer(`${section.element.title || "Carte"} « ${String(element.nom ?? element.id)} » enregistré.`);
        const carteFaite = zone.querySelector(`[data-section="${section.cle}"] .cpd-fiche[data-id="${CSS.escape(element.id || "")}"] button`);
        if (carteFaite) carteFaite.focus();
      });
      annuler.addEventListener("click", () => {
        formulaireOuvert = null;
        afficher();
      });
      formulaireOuvert = form;
      if (remplacer) remplacer.replaceWith(form);
      else conteneur.prepend(form);
      form.querySelector(".cpd-fiche-form-titre").focus();
      form.scrollIntoView({ block: "nearest" });
    }

    function copieId(section, id) {
      const pris = new Set((donnees[section.cle] || []).map((x) => x && x.id));
      const racineId = String(id || "carte").slice(0, 70);
      let n = 1;
      let candidat = racineId + "-copie";
      while (pris.has(candidat)) candidat = `${racineId}-copie-${++n}`;
      return candidat;
    }

    function afficher() {
      zone.replaceChildren();
      exporter.disabled = !donnees;
      racine.dataset.cartes = donnees ? "oui" : "non";
      for (const section of secs) {
        const titreElement = section.element.title || section.titre;
        const elements = donnees && Array.isArray(donnees[section.cle]) ? donnees[section.cle] : [];
        const grille = el("div", { classe: "cpd-fiches-grille" });
        const ajout = el("button", { type: "button", classe: "md-button", disabled: !lisible }, nouveau(titreElement));
        ajout.addEventListener("click", () => {
          if (formulaireOuvert) afficher();
          const g = zone.querySelector(`[data-section="${section.cle}"] .cpd-fiches-grille`);
          ouvrirFormulaire(section, null, g, null);
        });
        elements.forEach((element, index) => {
          if (!element || typeof element !== "object") return;
          const nom = String(element.nom ?? element.id ?? "");
          const bouton = (texte, action) => {
            const b = el("button", { type: "button", classe: "cpd-fiche-bouton" }, texte);
            b.setAttribute("aria-label", `${texte} : ${nom}`);
            b.addEventListener("click", action);
            return b;
          };
          const art = carte(ctx, section, element, [
            bouton("Modifier", () => {
              if (formulaireOuvert) afficher();
              const cible = zone.querySelectorAll(`[data-section="${section.cle}"] .cpd-fiche`)[index];
              ouvrirFormulaire(section, index, null, cible);
            }),
            bouton("Dupliquer", () => {
              const copie = Object.assign(JSON.parse(JSON.stringify(element)), { id: copieId(section, element.id) });
              const liste = donnees[section.cle].slice();
              liste.splice(index + 1, 0, copie);
              donnees = Object.assign({}, donnees, { [section.cle]: liste });
              enregistrer(`Copie « ${copie.id} » ajoutée.`);
            }),
            bouton("Supprimer", () => {
              const liste = donnees[section.cle].filter((_, i) => i !== index);
              donnees = Object.assign({}, donnees, { [section.cle]: liste });
              enregistrer(`${titreElement} « ${nom} » supprimé.`);
              ajout.focus();
            }),
          ]);
          grille.append(art);
        });
        const compte = elements.length;
        zone.append(el("section", { classe: "cpd-fiches-section", "data-section": section.cle },
          el("div", { classe: "cpd-fiches-tete" },
            el("h3", {}, `${section.titre} (${compte})`), ajout),
          grille,
          compte ? null : el("p", { classe: "cpd-fiche-aide" }, "Aucune carte pour l'instant.")));
      }
    }

    exporter.addEventListener("click", () => {
      if (!donnees) return;
      const texte = texteCatalogue();
      const a = el("a", {
        href: URL.createObjectURL(new Blob([texte], { type: "text/yaml;charset=utf-8" })),
        download: (slug(donnees.nom) || "catalogue-" + jeu) + ".yaml",
      });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      annoncer("Catalogue exporté en YAML : partagez ce fichier, il se charge avec « Charger un catalogue… ».");
    });

    // The checker announces every catalogue it loads (file, example) or removes.
    if (blocCatalogue) {
      blocCatalogue.addEventListener("compendium:catalogue", (ev) => {
        const texte = ev.detail && typeof ev.detail.texte === "string" ? ev.detail.texte : null;
        if (texte === texteCourant && texte !== null) return; // our own change, echoed back
        if (texte === null) {
          texteCourant = null;
          donnees = null;
          lisible = true;
          ecrire(CLE_CARTES + jeu, null);
          afficher();
          annoncer("Catalogue retiré : créez une carte pour en commencer un nouveau.");
          return;
        }
        charger(texte);
      });
    }

    afficher();
    const garde = lire(CLE_CATALOGUE + jeu);
    await charger(garde && typeof garde.texte === "string" ? garde.texte : null);
    racine.dataset.etat = "pret";
  }

  C().surPage(() => {
    document.querySelectorAll("[data-compendium-cartes]").forEach((r) => {
      initialiser(r).catch((e) => console.error(e));
    });
  });

  // For tests and curious readers.
  window.Compendium.cartes = { versYaml };
})();
