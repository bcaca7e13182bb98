/* Compendium — « Imprimer ma liste ».
 *
 * window.CompendiumImpression.imprimer(jeu, liste, rapport[, catalogue]) loads the game's roster sheet
 * (imprimer/<jeu>/liste.html, rendered by the generator from templates/print/liste.html.j2)
 * into a hidden frame, fills it from the checked list and the engine's report, adds the
 * cards of the list's entries (cloned from the <template data-carte-modele> elements of
 * the same page, and profile cards built from the <template data-carte-profil> skeleton with
 * the player's profiles: inline `profils` of the list, or the loaded `catalogue`) and opens
 * the browser's print dialog. `liste` is the parsed list document (an object, or JSON text);
 * `rapport` is the engine's report for it. The promise resolves with the frame's document.
 *
 * remplir(liste, rapport[, doc, catalogue]) does the filling inside a roster page. It mirrors
 * generator/print_sheets.py (roster_model, cell_of, show, entry_details, profile_view): the column
 * specification is the JSON the generator writes into the page (#impression-spec).
 * Every value from the list is inserted with textContent, never as HTML.
 */
(function () {
  "use strict";

  var script = typeof document !== "undefined" ? document.currentScript : null;
  var racine = script && script.src ? new URL("../../../", script.src).href : null;

  function resoudre(chemin, contexte) {
    var valeur = contexte;
    var parties = String(chemin).split(".");
    for (var i = 0; i < parties.length; i++) {
      var partie = parties[i];
      if (valeur !== null && typeof valeur === "object" && !Array.isArray(valeur)) {
        valeur = Object.prototype.hasOwnProperty.call(valeur, partie) ? valeur[partie] : undefined;
      } else if (Array.isArray(valeur) && /^\d+$/.test(partie) && Number(partie) < valeur.length) {
        valeur = valeur[Number(partie)];
      } else {
        return null;
      }
      if (valeur === undefined) return null;
    }
    return valeur;
  }

  function vide(valeur) {
    return valeur === null || valeur === undefined || valeur === "" ||
      (Array.isArray(valeur) && valeur.length === 0) ||
      (typeof valeur === "object" && !Array.isArray(valeur) && Object.keys(valeur).length === 0);
  }

  function possede(objet, cle) {
    return objet !== null && typeof objet === "object" && Object.prototype.hasOwnProperty.call(objet, cle);
  }

  function scalaire(valeur) {
    if (typeof valeur === "boolean") return valeur ? "oui" : "—";
    return String(valeur);
  }

  function afficher(valeur, colonne, spec) {
    if (vide(valeur)) valeur = colonne.defaut;
    if (vide(valeur)) return "";
    var libelles = colonne.libelles || {};
    if (typeof libelles === "string") libelles = spec[libelles] || {};
    var prefixe = colonne.prefixe || "";
    if (Array.isArray(valeur)) {
      var interne = Object.assign({}, colonne, { defaut: null });
      return valeur.map(function (v) { return afficher(v, interne, spec); })
        .filter(function (t) { return t; }).join(", ");
    }
    if (typeof valeur === "object") {
      if (colonne.modele) {
        return prefixe + colonne.modele.replace(/\{(\w+)\}/g, function (_, cle) {
          var v = possede(valeur, cle) ? valeur[cle] : null;
          if (vide(v)) return "";
          return possede(libelles, String(v)) ? String(libelles[String(v)]) : scalaire(v);
        });
      }
      if (valeur.nom || valeur.id) {
        var ident = String(valeur.id || "");
        return prefixe + String(valeur.nom || (possede(libelles, ident) ? libelles[ident] : ident));
      }
      return prefixe + Object.keys(valeur).filter(function (k) {
        var v = valeur[k];
        return !vide(v) && typeof v !== "object";
      }).map(function (k) { return k + " " + scalaire(valeur[k]); }).join(" · ");
    }
    if (typeof valeur === "boolean") {
      if (possede(colonne, "si_vrai")) return valeur ? String(colonne.si_vrai) : "";
      return scalaire(valeur);
    }
    var cle = String(valeur);
    if (colonne.filtre && !possede(libelles, cle)) return "";
    return prefixe + (possede(libelles, cle) ? String(libelles[cle]) : scalaire(valeur));
  }

  function cellule(colonne, contexte, spec) {
    if (colonne.vide) return "";
    if (colonne.valeurs) {
      var parties = colonne.valeurs.map(function (sous) { return cellule(sous, contexte, spec); })
        .filter(function (texte) { return texte; });
      if (colonne.premier) return parties.length ? parties[0] : afficher(null, colonne, spec);
      return parties.join(", ");
    }
    return afficher(resoudre(colonne.valeur, contexte), colonne, spec);
  }

  function detailsEntree(rapport, index) {
    if (!rapport || typeof rapport !== "object") return {};
    var details = rapport.details || {};
    var cles = ["entrees", "figurines", "creatures", "lignes"];
    for (var k = 0; k < cles.length; k++) {
      var items = details[cles[k]];
      if (Array.isArray(items)) {
        for (var i = 0; i < items.length; i++) {
          var item = items[i];
          if (item && typeof item === "object" && (item.index === undefined ? i : item.index) === index) return item;
        }
      } else if (items && typeof items === "object" && possede(items, String(index)) &&
                 items[String(index)] && typeof items[String(index)] === "object") {
        return items[String(index)];
      }
    }
    return {};
  }

  /* The spec with the names of the list's player-supplied equipment added to `noms`. */
  function avecNomsEquipements(spec, liste) {
    var noms = {};
    var trouves = false;
    (Array.isArray(liste.equipements) ? liste.equipements : []).forEach(function (e) {
      if (e && typeof e === "object" && typeof e.id === "string" && e.id !== "__proto__" && typeof e.nom === "string") {
        noms[e.id] = e.nom;
        trouves = true;
      }
    });
    return trouves ? Object.assign({}, spec, { noms: Object.assign({}, spec.noms || {}, noms) }) : spec;
  }

  /* The roster rows of an entry: the report's creatures of that entry (HAMI), else the entry. */
  function creaturesEntree(spec, rapport, index, entree) {
    var details = rapport.details && typeof rapport.details === "object" ? rapport.details : {};
    var creatures = spec.lignes_par ? details[spec.lignes_par] : null;
    if (Array.isArray(creatures)) {
      var propres = creatures.filter(function (c) {
        return c && typeof c === "object" && !Array.isArray(c) && c.entree === index;
      });
      if (propres.length) return propres;
    }
    return [entree];
  }

  function trouverProfil(ident, liste, catalogue) {
    var sources = [liste, catalogue || {}];
    for (var s = 0; s < sources.length; s++) {
      var profils = sources[s] && typeof sources[s] === "object" ? sources[s].profils : null;
      if (profils && typeof profils === "object" && !Array.isArray(profils) && possede(profils, ident) &&
          profils[ident] && typeof profils[ident] === "object") {
        return Object.assign({ id: ident }, profils[ident]);
      }
      if (Array.isArray(profils)) {
        for (var i = 0; i < profils.length; i++) {
          if (profils[i] && typeof profils[i] === "object" && profils[i].id === ident) return profils[i];
        }
      }
    }
    return {};
  }

  /* A count as a number (1, 2.5, "1", "1,5"), or null (mirrors count_value in generator/render.py). */
  function valeurCompte(valeur) {
    if (typeof valeur === "boolean" || valeur === null || valeur === undefined) return null;
    var texte = String(valeur).trim().replace(",", ".");
    if (texte === "" || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(texte)) return null;
    return Number(texte);
  }

  /* The cost unit agreed with a count: singular below 2 (« 1 point », « 3 points »). */
  function uniteAccordee(nombre, spec) {
    var n = valeurCompte(nombre);
    return n !== null && Math.abs(n) < 2 && spec.unite_singulier ? spec.unite_singulier : (spec.unite || "");
  }

  /* The name printed for a list: its `nom`, or « sans nom » (mirrors list_name). */
  function nomListe(liste) {
    var texte = liste.nom === undefined || liste.nom === null ? "" : String(liste.nom).trim();
    return texte || "sans nom";
  }

  function vueProfil(profil, spec) {
    var noms = spec.noms || {};
    var props = profil.proprietes && typeof profil.proprietes === "object" ? profil.proprietes : {};
    function premier() {
      for (var i = 0; i < arguments.length; i++) if (!vide(arguments[i])) return arguments[i];
      return null;
    }
    function libelle(item) {
      if (item && typeof item === "object") {
        var ident = String(item.id || "");
        var texte = String(item.nom || (possede(noms, ident) ? noms[ident] : ident));
        return texte + (vide(item.cout) ? "" : " (" + scalaire(item.cout) + " " + uniteAccordee(item.cout, spec) + ")");
      }
      return possede(noms, String(item)) ? String(noms[String(item)]) : String(item);
    }
    function liste(valeur) {
      var valeurs = Array.isArray(valeur) ? valeur : (vide(valeur) ? [] : [valeur]);
      return valeurs.map(libelle).join(", ");
    }
    var niveau = premier(profil.niveau, props.niveau);
    var cout = premier(profil.cout, props.cout);
    var factions = premier(profil.factions, props.faction, props.factions);
    var limite = premier(profil.limitation, props.lim, props.limitation);
    var infos = [];
    if (!vide(cout)) infos.push(scalaire(cout) + " " + uniteAccordee(cout, spec));
    if (!vide(limite)) infos.push("LIM " + scalaire(limite));
    if (!vide(factions)) infos.push(liste(factions));
    var caracs = profil.caracteristiques && typeof profil.caracteristiques === "object" && !Array.isArray(profil.caracteristiques)
      ? profil.caracteristiques : {};
    var lignes = [];
    [["Compétences", premier(profil.competences, profil.capacites)],
     ["Équipement", premier(profil.equipement_de_base, profil.equipement)],
     ["Armure", profil.armure],
     ["Dés de maîtrise", premier(profil.maitrise, props.maitrise)],
     ["Voie", premier(profil.voie, props.voie)],
     ["Allié de", premier(profil.allie_de, props.allie_de)],
     ["Prend la place de", profil.base],
     ["Notes", profil.notes]].forEach(function (paire) {
      if (!vide(paire[1])) lignes.push([paire[0], liste(paire[1])]);
    });
    if (premier(profil.magicien, props.magicien)) lignes.push(["Magicien", "oui"]);
    return {
      nom: String(premier(profil.nom, profil.id) || ""),
      type: "Profil" + (vide(niveau) ? "" : " · niveau " + scalaire(niveau)),
      infos: infos.join(" · "),
      caracs: Object.keys(caracs).map(function (k) {
        return [k, caracs[k] === null || caracs[k] === undefined ? "" : scalaire(caracs[k])];
      }),
      lignes: lignes
    };
  }

  /* A header box (« format », « cout ») as the spec's `entete` names it (mirrors header_values in roster.py). */
  function valeurEntete(spec, cle, liste, rapport) {
    var entete = spec.entete || {};
    var champ = possede(entete, cle) ? entete[cle] : { valeur: cle === "format" ? "liste.format" : "rapport.cout" };
    return champ ? cellule(champ, { rapport: rapport, liste: liste }, spec) : "";
  }

  function modele(spec, liste, rapport, catalogue) {
    liste = liste && typeof liste === "object" && !Array.isArray(liste) ? liste : {};
    rapport = rapport && typeof rapport === "object" && !Array.isArray(rapport) ? rapport : {};
    var lignes = [];
    var cartes = [];
    var profils = [];
    var entrees = Array.isArray(liste.entrees) ? liste.entrees : [];
    entrees.forEach(function (entree, index) {
      if (!entree || typeof entree !== "object" || Array.isArray(entree)) return;
      var profil = spec.profils ? trouverProfil(entree.profil, liste, catalogue) : {};
      var contexte = { entree: entree, detail: detailsEntree(rapport, index), rapport: rapport, profil: profil };
      creaturesEntree(spec, rapport, index, entree).forEach(function (creature) {
        var ligne = Object.assign({}, contexte, { creature: creature });
        lignes.push(spec.colonnes.map(function (colonne) { return cellule(colonne, ligne, spec); }));
      });
      (spec.cartes || []).forEach(function (regle) {
        var valeur = resoudre(regle.valeur, contexte);
        (Array.isArray(valeur) ? valeur : [valeur]).forEach(function (item) {
          if (item && typeof item === "object") item = item.id;
          if (item === null || item === undefined) return;
          var ids = regle.ids || {};
          var id = possede(ids, String(item)) ? ids[String(item)] : (regle.direct ? String(item) : null);
          if (id && cartes.indexOf(id) < 0) cartes.push(id);
        });
      });
      if (profil.id !== undefined && !profils.some(function (p) { return p.id === profil.id; })) profils.push(profil);
    });
    var violations = [];
    (rapport.erreurs || []).forEach(function (v) {
      if (v && typeof v === "object") violations.push(["erreur", String(v.message === undefined ? "" : v.message)]);
    });
    (rapport.avertissements || []).forEach(function (v) {
      if (v && typeof v === "object") violations.push(["avertissement", String(v.message === undefined ? "" : v.message)]);
    });
    var valide = rapport.valide;
    return {
      nom: nomListe(liste),
      format: valeurEntete(spec, "format", liste, rapport),
      cout: valeurEntete(spec, "cout", liste, rapport),
      verdict: valide === undefined || valide === null ? "" : (valide ? "Liste valide" : "Liste non valide"),
      champs: (spec.champs || []).map(function (f) {
        return { id: f.id, nom: f.nom, valeur: cellule(f, { rapport: rapport, liste: liste }, spec) };
      }),
      classes: spec.colonnes.map(function (c) { return c.classe || ""; }),
      lignes: lignes,
      violations: violations,
      cartes: cartes,
      profils: profils.map(function (p) { return vueProfil(p, avecNomsEquipements(spec, liste)); })
    };
  }

  /* A profile card, built from the <template data-carte-profil> skeleton (text only). */
  function carteProfil(doc, squelette, vue, numero) {
    var carte = doc.importNode(squelette.content.firstElementChild, true);
    carte.id = "profil-" + numero;
    carte.setAttribute("data-carte", "profil-" + numero);
    carte.querySelector(".carte-nom").textContent = vue.nom;
    carte.querySelector(".carte-type span").textContent = vue.type;
    var infos = carte.querySelector(".carte-infos");
    if (infos) {
      if (vue.infos) infos.textContent = vue.infos; else infos.parentNode.removeChild(infos);
    }
    var contenu = carte.querySelector(".carte-contenu");
    while (contenu.firstChild) contenu.removeChild(contenu.firstChild);
    if (vue.caracs.length) {
      var table = doc.createElement("table");
      table.className = "carte-caracs";
      var tete = doc.createElement("tr");
      var valeurs = doc.createElement("tr");
      vue.caracs.forEach(function (paire) {
        var th = doc.createElement("th");
        th.textContent = paire[0];
        tete.appendChild(th);
        var td = doc.createElement("td");
        td.textContent = paire[1];
        valeurs.appendChild(td);
      });
      table.appendChild(tete);
      table.appendChild(valeurs);
      contenu.appendChild(table);
    }
    vue.lignes.forEach(function (ligne) {
      var p = doc.createElement("p");
      var b = doc.createElement("b");
      b.textContent = ligne[0] + "\u00a0:";
      p.appendChild(b);
      p.appendChild(doc.createTextNode(" " + ligne[1]));
      contenu.appendChild(p);
    });
    return carte;
  }

  function mm(valeur) {
    return (Math.round(valeur * 1000) / 1000) + "mm";
  }

  function planches(doc, spec, cartes, titre) {
    var g = spec.grille;
    var parPage = g.colonnes * g.lignes;
    var sections = [];
    var nbPages = Math.ceil(cartes.length / parPage);
    for (var p = 0; p < nbPages; p++) {
      var section = doc.createElement("section");
      section.className = "planche planche-fixe planche-cartes";
      section.setAttribute("aria-label", "Planche " + (p + 1) + " sur " + nbPages);
      var h1 = doc.createElement("h1");
      h1.className = "titre-planche";
      h1.textContent = titre + (nbPages > 1 ? " — planche " + (p + 1) + "/" + nbPages : "") + " — cartes 63 × 88 mm";
      section.appendChild(h1);
      var surPage = cartes.slice(p * parPage, (p + 1) * parPage).length;
      spec.reperes[String(Math.ceil(surPage / g.colonnes))].forEach(function (r) {
        var trait = doc.createElement("div");
        trait.className = "repere";
        trait.style.left = mm(r.x);
        trait.style.top = mm(r.y);
        trait.style.width = mm(r.w);
        trait.style.height = mm(r.h);
        section.appendChild(trait);
      });
      cartes.slice(p * parPage, (p + 1) * parPage).forEach(function (carte, i) {
        carte.style.left = mm(g.x + (i % g.colonnes) * g.largeur);
        carte.style.top = mm(g.y + Math.floor(i / g.colonnes) * g.hauteur);
        section.appendChild(carte);
      });
      sections.push(section);
    }
    return sections;
  }

  /* Fill the roster page `doc` (default: this document) from a list and its report. */
  function remplir(liste, rapport, doc, catalogue) {
    doc = doc || document;
    var noeud = doc.getElementById("impression-spec");
    if (!noeud) throw new Error("Cette page n'est pas une feuille de liste.");
    var spec = JSON.parse(noeud.textContent);
    var m = modele(spec, liste, rapport, catalogue);
    ["nom", "format", "cout", "verdict"].forEach(function (champ) {
      var el = doc.querySelector('[data-champ="' + champ + '"]');
      if (el) el.textContent = m[champ];
    });
    m.champs.forEach(function (champ) {
      var el = doc.querySelector('[data-champ="champ-' + champ.id + '"]');
      if (el) el.textContent = champ.valeur;
    });
    var corps = doc.querySelector('[data-role="lignes"]');
    while (corps.firstChild) corps.removeChild(corps.firstChild);
    m.lignes.forEach(function (ligne) {
      var tr = doc.createElement("tr");
      ligne.forEach(function (texte, i) {
        var td = doc.createElement("td");
        if (m.classes[i]) td.className = m.classes[i];
        td.textContent = texte;
        tr.appendChild(td);
      });
      corps.appendChild(tr);
    });
    if (!m.lignes.length) {
      for (var n = 0; n < (spec.lignes_vides || 16); n++) {
        var vide_tr = doc.createElement("tr");
        spec.colonnes.forEach(function () { vide_tr.appendChild(doc.createElement("td")); });
        corps.appendChild(vide_tr);
      }
    }
    var bilan = doc.querySelector('[data-role="bilan"]');
    var liste_v = doc.querySelector('[data-role="violations"]');
    while (liste_v.firstChild) liste_v.removeChild(liste_v.firstChild);
    m.violations.forEach(function (v) {
      var li = doc.createElement("li");
      li.className = v[0];
      li.textContent = v[1];
      liste_v.appendChild(li);
    });
    bilan.hidden = m.violations.length === 0;
    var zone = doc.querySelector('[data-role="cartes"]');
    while (zone.firstChild) zone.removeChild(zone.firstChild);
    var cartes = [];
    m.cartes.forEach(function (id) {
      var modeleCarte = null;
      doc.querySelectorAll("template[data-carte-modele]").forEach(function (t) {
        if (t.getAttribute("data-carte-modele") === id) modeleCarte = t;
      });
      if (!modeleCarte) return;
      Array.prototype.forEach.call(modeleCarte.content.children, function (el) {
        cartes.push(doc.importNode(el, true));
      });
    });
    var squelette = doc.querySelector("template[data-carte-profil]");
    if (squelette) {
      m.profils.forEach(function (vue, i) { cartes.push(carteProfil(doc, squelette, vue, i + 1)); });
    }
    var titre = spec.jeu + (m.nom ? " — " + m.nom : "");
    planches(doc, spec, cartes, titre).forEach(function (s) { zone.appendChild(s); });
    doc.title = (m.nom ? m.nom + " — " : "") + spec.titre + " — " + spec.jeu;
    return m;
  }

  var cadre = null;

  /* Open the print dialog for a checked list: roster sheet + cards of its entries. */
  function imprimer(jeu, liste, rapport, catalogue) {
    if (!/^[a-z0-9-]+$/.test(String(jeu))) return Promise.reject(new Error("Jeu inconnu : " + jeu));
    if (typeof liste === "string") {
      try {
        liste = JSON.parse(liste);
      } catch (erreur) {
        return Promise.reject(new Error("La liste à imprimer doit être un objet déjà lu (ou du JSON), pas du texte YAML."));
      }
    }
    if (!racine) return Promise.reject(new Error("Impression indisponible : emplacement du site inconnu."));
    if (cadre && cadre.parentNode) cadre.parentNode.removeChild(cadre);
    cadre = document.createElement("iframe");
    cadre.setAttribute("title", "Feuille de liste à imprimer");
    cadre.setAttribute("aria-hidden", "true");
    cadre.tabIndex = -1;
    cadre.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0;";
    var adresse = racine + "imprimer/" + jeu + "/liste.html";
    return new Promise(function (resolve, reject) {
      cadre.onload = function () {
        try {
          var fenetre = cadre.contentWindow;
          remplir(liste, rapport, fenetre.document, catalogue);
          fenetre.focus();
          fenetre.print();
          resolve(fenetre.document);
        } catch (erreur) {
          reject(erreur);
        }
      };
      cadre.onerror = function () { reject(new Error("Feuille de liste introuvable : " + adresse)); };
      cadre.src = adresse;
      document.body.appendChild(cadre);
    });
  }

  var api = {
    imprimer: imprimer,
    remplir: remplir,
    modele: modele,
    resoudre: resoudre
  };
  if (typeof window !== "undefined") window.CompendiumImpression = api;
})();
