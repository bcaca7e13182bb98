// Card editor (cartes.js), part: schema reading and the form fields generated from the
// catalogue schema. Loaded on the tool page only, before cartes.js.
(function () {
  "use strict";

  const C = () => window.Compendium;
  let compteur = 0;
  const nouvelId = () => "cpd-fiche-" + ++compteur;

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

  /** An identifier made from a name (lower case, no accents, words joined by hyphens). */
  function slug(texte) {
    return String(texte || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80);
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
    if (n["x-parmi"] && typeof n["x-parmi"].collection === "string" && ctx.candidats) return champParmi(ctx, n, titre, requis);
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
  /**
   * A card of the catalogue or of the game's data (`x-parmi: {collection}`: Khârn-Âges' « Profil
   * de base »), picked by its name; the value is its identifier, never shown.
   */
  function champParmi(ctx, n, titre, requis) {
    const { el } = C();
    const choix = ctx.candidats(n["x-parmi"].collection);
    const controle = el("select", {},
      el("option", { value: "" }, requis ? "— Choisir —" : "— Aucun —"),
      choix.map((c) => el("option", { value: c.id }, c.nom)));
    const { noeud, signaler } = enveloppe(titre, controle, n, requis);
    return {
      noeud,
      controle,
      lire(erreurs) {
        const v = controle.value || undefined;
        signaler(v === undefined && requis ? `« ${titre} » est obligatoire.` : "", erreurs);
        return v;
      },
      ecrire(v) {
        if (typeof v === "string" && v && !choix.some((c) => c.id === v)) controle.append(el("option", { value: v }, ctx.libelle(v)));
        controle.value = typeof v === "string" ? v : "";
      },
    };
  }

  function champObjet(ctx, n, titre) {
    const { el } = C();
    // An object with a name and an identifier (Khârn-Âges' equipment of a card): the identifier
    // is made from the name (kept once made), never typed.
    const idAuto = !!(n.properties && n.properties.id && n.properties.nom);
    let idGarde;
    const props = Object.entries(n.properties || {}).filter(([cle]) => !(idAuto && cle === "id"));
    const requis = new Set((n.required || []).filter((k) => !(idAuto && k === "id")));
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
        const out = idAuto ? { id: undefined } : {}; // the identifier first in the file
        for (const [cle, c] of enfants) {
          const v = c.lire(erreurs);
          if (v !== undefined) out[cle] = v;
        }
        if (idAuto) {
          out.id = idGarde || slug(out.nom) || undefined;
          if (out.id === undefined) {
            delete out.id;
            const nom = enfants.find(([cle]) => cle === "nom");
            if (Object.keys(out).length && nom) erreurs.push({ message: `« ${titre} » : donnez-lui un nom.`, cible: nom[1].controle });
          }
        }
        return Object.keys(out).length ? out : undefined;
      },
      ecrire(v) {
        const o = v && typeof v === "object" && !Array.isArray(v) ? v : {};
        idGarde = idAuto && typeof o.id === "string" ? o.id : undefined;
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


  window.Compendium.cartesChamps = { resoudre, typesDe, sections, nouveau, unAutre, champ, statsSeules };
})();
