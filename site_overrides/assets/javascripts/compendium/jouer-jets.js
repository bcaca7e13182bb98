// « Jouer »: rolls from a sheet, with the game's own calculators (browser_engine/partie_jets.py).
//
// Each sheet carries `jets` (resolved by the engine from data/<jeu>/partie.yaml): a calculator id,
// the values the sheet gives, the values asked at the table (− / +), the sheet's counters read at
// roll time, dice faces and decks from « Mon matériel ». « Lancer » draws the outcome from the
// exact distribution the engine returns (an integer in [0, common denominator) from crypto), so
// the shown result is distributed exactly as the mechanic; « J'ai lancé » takes a physical roll.
// Both show the exact chance of the result and of at least as good, and write it in the log.
// A deck (HAMI) is kept in the game, `partie.paquets[id] = {sortes, pioche, dessous, main,
// defausse, tirees, remelanges}` (plain JSON, undoable): it runs down, and the discard is shuffled
// back only when the pile is empty (book, l. 359).
(function () {
  "use strict";

  const el = (...args) => window.Compendium.el(...args);

  // --- Exact fractions (BigInt) ---------------------------------------------------------------

  function pgcd(a, b) {
    while (b) [a, b] = [b, a % b];
    return a < 0n ? -a : a;
  }
  function fraction(texte) {
    const [n, d] = String(texte).split("/");
    return [BigInt(n), BigInt(d || "1")];
  }
  /** The law as [{valeur, poids}] over one common denominator `total`. */
  function poids(distribution) {
    const fr = distribution.map((l) => fraction(l.fraction));
    const total = fr.reduce((m, [, d]) => (m / pgcd(m, d)) * d, 1n);
    return { total, lignes: distribution.map((l, i) => ({ valeur: l.valeur, poids: (fr[i][0] * total) / fr[i][1] })) };
  }
  function texteChance(num, den) {
    const g = pgcd(num, den) || 1n;
    const [n, d] = [num / g, den / g];
    const pourMille = Number((n * 1000000n) / d) / 10000;
    const pc = pourMille.toLocaleString("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return `${n}/${d} (${pc}\u00a0%)`;
  }
  /** An integer uniform in [0, n) for a BigInt n, from tirage (16-bit digits, rejection: no bias). */
  function tirageGrand(tirage, n) {
    let chiffres = 1;
    let etendue = 65536n;
    while (etendue < n) {
      etendue *= 65536n;
      chiffres += 1;
    }
    const borne = (etendue / n) * n;
    for (;;) {
      let r = 0n;
      for (let i = 0; i < chiffres; i++) r = r * 65536n + BigInt(tirage(65536));
      if (r < borne) return r % n;
    }
  }
  function tirer(tirage, law) {
    let r = tirageGrand(tirage, law.total);
    for (const l of law.lignes) {
      if (r < l.poids) return l.valeur;
      r -= l.poids;
    }
    return law.lignes[law.lignes.length - 1].valeur;
  }
  /** « exactement a/b (x %) · au moins v : c/d (y %) » for value `v` of a law. */
  function chances(law, v) {
    const exact = law.lignes.filter((l) => l.valeur === v).reduce((s, l) => s + l.poids, 0n);
    const auMoins = law.lignes.filter((l) => l.valeur >= v).reduce((s, l) => s + l.poids, 0n);
    return `exactement ${texteChance(exact, law.total)} · au moins ${v} : ${texteChance(auMoins, law.total)}`;
  }
  function entier(v) {
    const n = Number(v);
    return Number.isFinite(n) ? Math.trunc(n) : 0;
  }

  // --- The part --------------------------------------------------------------------------------

  function monter(ctx) {
    const vues = new Map(); // `${camp}/${fiche}/${jet}` -> {ouvert, valeurs, resultat: [lines], periode}
    const cle = (fiche, jet) => `${fiche.camp || "a"}/${fiche.id}/${jet.id}`;
    const etatDe = (fiche, jet) => {
      const k = cle(fiche, jet);
      if (!vues.has(k)) {
        const valeurs = {};
        for (const d of jet.demandes || []) valeurs[d.id] = d.type === "booleen" ? Boolean(d.defaut) : entier(d.defaut ?? d.min);
        vues.set(k, { ouvert: false, valeurs, resultat: [], physique: [0, 0], periode: "jour" });
      }
      return vues.get(k);
    };

    // Dice faces from « Mon matériel », as the engine reads them; null when none are typed.
    function faces(m) {
      const brutes = ctx.materiel(m.genre, m.cle);
      if (!Array.isArray(brutes) || brutes.length < 1) return null;
      return brutes.map((f) => {
        if (!f || typeof f !== "object") return typeof f === "string" ? f : String(f ?? "");
        const face = {};
        for (const [k, v] of Object.entries(f)) if (String(v).trim() !== "") face[k] = Number(v);
        return face;
      });
    }

    // --- Decks (HAMI) ---
    function melanger(cartes) {
      const t = cartes.slice();
      for (let i = t.length - 1; i > 0; i--) {
        const j = ctx.tirage(i + 1);
        [t[i], t[j]] = [t[j], t[i]];
      }
      return t;
    }
    function paquetDe(p) {
      const partie = ctx.partie();
      partie.paquets = partie.paquets || {};
      const etat = partie.paquets[p.id];
      if (etat && Array.isArray(etat.pioche) && Array.isArray(etat.sortes)) return etat;
      const sortes = ctx.materiel(p.genre, p.cle);
      if (!Array.isArray(sortes) || !sortes.length) return null;
      const lues = sortes.map((s) => ({ nom: String((s && s.nom) || "Carte").slice(0, 40), nombre: Math.max(0, entier(s && s.nombre)),
        jour: { lumiere: entier(s?.jour?.lumiere), ombre: entier(s?.jour?.ombre) }, nuit: { lumiere: entier(s?.nuit?.lumiere), ombre: entier(s?.nuit?.ombre) } }));
      const cartes = lues.flatMap((s, i) => Array(Math.min(s.nombre, 60)).fill(i));
      if (!cartes.length) return null;
      return { sortes: lues.map(({ nom, jour, nuit }) => ({ nom, jour, nuit })), pioche: melanger(cartes), dessous: 0, main: [], defausse: [], tirees: [], remelanges: 0 };
    }
    function etatPaquetTexte(etat) {
      return `Pioche : ${etat.pioche.length} carte(s) · main : ${etat.main.length} · défausse : ${etat.defausse.length}` +
        (etat.remelanges ? ` · remélangée ${etat.remelanges} fois` : "");
    }
    function majEtatsPaquets(id, etat) {
      ctx.outil.querySelectorAll(`[data-paquet-etat="${CSS.escape(id)}"]`).forEach((n) => (n.textContent = etatPaquetTexte(etat)));
    }
    const nomCarte = (etat, i, periode) => {
      const s = etat.sortes[i];
      const v = s[periode];
      return `${s.nom} (${periode === "nuit" ? "Nuit" : "Jour"} : ${v.lumiere} Lumière, ${v.ombre} Ombre)`;
    };

    // --- One roll ---
    function parametres(fiche, jet, etat) {
      const p = Object.assign({}, jet.parametres, etat.valeurs);
      for (const c of jet.compteurs || []) {
        const compteur = (fiche.compteurs || []).find((x) => x.id === c.compteur);
        const n = compteur ? entier(ctx.valeurCompteur(fiche, compteur)) * c.fois : null;
        if (n === null || (c.min !== null && n < c.min) || (c.max !== null && n > c.max)) {
          return { erreur: `${compteur ? compteur.nom : c.compteur} : ${n ?? "inconnu"} — le calcul demande de ${c.min} à ${c.max}.` };
        }
        p[c.parametre] = n;
      }
      for (const m of jet.materiel || []) {
        const f = faces(m);
        if (!f) return { materiel: m };
        p[m.parametre] = f;
      }
      return { p };
    }

    function lienMateriel(page) {
      return el("a", { href: ctx.base + page, texte: "Décrivez votre dé dans « Mon matériel »", "data-role": "jet-materiel" });
    }

    async function calculer(params) {
      return ctx.moteur.calculer(ctx.jeu, params.calcul, params.p);
    }

    function afficher(fiche, jet, etat, zone, lignes, journal) {
      etat.resultat = lignes;
      zone.replaceChildren(...lignes.map((t) => el("p", { texte: t })));
      ctx.noter(`Jet — ${ctx.etape() || "partie"} — ${ctx.nomFiche(fiche)} — ${jet.nom} : ${journal || lignes.join(" ; ")}`);
      ctx.sauver();
    }

    /** A two-step roll (hits, then hits that go through) or a one-step roll, drawn or typed. */
    async function resoudre(fiche, jet, etat, zone, physique) {
      const lu = parametres(fiche, jet, etat);
      if (lu.erreur) return zone.replaceChildren(el("p", { classe: "cpjj-erreur", texte: lu.erreur }));
      if (lu.materiel) return zone.replaceChildren(el("p", { texte: `${lu.materiel.nom} : faces inconnues. ` }), lienMateriel(lu.materiel.page));
      zone.replaceChildren(el("p", { classe: "cpd-aide", texte: "Calcul des chances exactes…" }));
      try {
        const e = jet.etapes;
        if (e) {
          const premiere = poids((await calculer({ calcul: jet.calcul, p: Object.assign({}, lu.p, e.premiere) })).distribution);
          const totale = poids((await calculer({ calcul: jet.calcul, p: lu.p })).distribution);
          const k = physique ? etat.physique[0] : tirer(ctx.tirage, premiere);
          let j = 0;
          if (physique) j = Math.min(etat.physique[1], k);
          else if (k > 0) {
            const seconde = poids((await calculer({ calcul: jet.calcul, p: Object.assign({}, lu.p, e.seconde, { [e.nombre]: k }) })).distribution);
            j = tirer(ctx.tirage, seconde);
          }
          const l1 = `${k} ${e.nom} — ${chances(premiere, k)}`;
          const l2 = `${j} ${e.nom_seconde || e.nom} — ${chances(totale, j)}`;
          afficher(fiche, jet, etat, zone, [(physique ? "J'ai lancé : " : "") + l1, l2]);
        } else {
          const res = await calculer({ calcul: jet.calcul, p: lu.p });
          const law = poids(res.distribution);
          const v = physique ? etat.physique[0] : tirer(ctx.tirage, law);
          const lignes = [`${physique ? "J'ai lancé : " : ""}${res.sortie || "Résultat"} : ${v} — ${chances(law, v)}`];
          for (const i of res.issues || []) lignes.push(`${i.nom} : ${texteChance(...fraction(i.fraction))}`);
          afficher(fiche, jet, etat, zone, lignes, lignes[0]);
        }
      } catch (err) {
        zone.replaceChildren(el("p", { classe: "cpjj-erreur", texte: `Jet impossible : ${(err && err.message) || err}` }));
      }
    }

    /** A draw from the game's deck: real cards off the pile, with the exact chance of the count. */
    async function piocher(fiche, jet, etat, zone, vue) {
      const partie = ctx.partie();
      const p = jet.paquet;
      const paquet = paquetDe(p);
      if (!paquet) {
        return zone.replaceChildren(el("p", { texte: "Paquet inconnu : le livre ne donne sa composition qu'en images. " }),
          el("a", { href: ctx.base + p.page, texte: "Décrivez votre paquet dans « Mon matériel »", "data-role": "jet-materiel" }));
      }
      if (paquet.tirees.length) return zone.replaceChildren(el("p", { texte: "Choisissez d'abord la carte gardée du tirage précédent." }));
      const lu = parametres(fiche, jet, etat);
      if (lu.erreur) return zone.replaceChildren(el("p", { classe: "cpjj-erreur", texte: lu.erreur }));
      const n = entier(lu.p.tirees);
      const periode = etat.periode;
      const compte = p.compte || "lumiere";
      const voulue = (i) => paquet.sortes[i][periode][compte] > 0;
      // The pile's law before the draw: unknown part of the pile, and the discard shuffled back when it runs out.
      const connues = paquet.pioche.length - paquet.dessous;
      let law = null;
      if (n <= connues || paquet.dessous === 0) {
        const pile = paquet.sortes.map((s, i) => {
          const total = [paquet.pioche, paquet.main, paquet.defausse].reduce((t, l) => t + l.filter((x) => x === i).length, 0);
          const dans = paquet.pioche.slice(0, connues).filter((x) => x === i).length;
          return { nom: s.nom, nombre: total, sorties: total - dans, defaussees: paquet.defausse.filter((x) => x === i).length, voulue: voulue(i) };
        }).filter((s) => s.nombre > 0);
        try {
          law = poids((await ctx.moteur.calculer(ctx.jeu, jet.calcul, Object.assign({}, lu.p, { [p.parametre]: pile }))).distribution);
        } catch (err) {
          law = { erreur: (err && err.message) || String(err) };
        }
      }
      const suivant = JSON.parse(JSON.stringify(paquet));
      const tirees = [];
      for (let k = 0; k < n; k++) {
        if (!suivant.pioche.length) {
          if (!suivant.defausse.length) break;
          suivant.pioche = melanger(suivant.defausse);
          suivant.defausse = [];
          suivant.dessous = 0;
          suivant.remelanges += 1;
        }
        tirees.push(suivant.pioche.shift());
        if (suivant.dessous > suivant.pioche.length) suivant.dessous = suivant.pioche.length;
      }
      suivant.tirees = tirees;
      partie.paquets = Object.assign({}, partie.paquets, { [p.id]: suivant });
      const k = tirees.filter(voulue).length;
      const lignes = [`Pioche de ${tirees.length} carte(s) : ${tirees.map((i) => nomCarte(suivant, i, periode)).join(", ") || "aucune"}`,
        `${k} carte(s) avec ${compte === "ombre" ? "Ombre" : "Lumière"} (${periode === "nuit" ? "Nuit" : "Jour"}) — ` +
        (law && !law.erreur ? chances(law, k) : law ? `chance non calculée : ${law.erreur}` : "chance non calculée : la pioche atteint les cartes remises dessous.")];
      afficher(fiche, jet, etat, zone, lignes);
      majEtatsPaquets(p.id, suivant);
      vue.replaceWith(panneau(fiche, jet, etat));
    }

    function garder(fiche, jet, etat, i) {
      const partie = ctx.partie();
      const p = jet.paquet;
      const paquet = JSON.parse(JSON.stringify(partie.paquets[p.id]));
      const carte = paquet.tirees[i];
      const autres = paquet.tirees.filter((_, k) => k !== i);
      paquet.main.push(carte);
      paquet.pioche.push(...autres); // the others go back under the pile (book, l. 329)
      paquet.dessous += autres.length;
      paquet.tirees = [];
      partie.paquets = Object.assign({}, partie.paquets, { [p.id]: paquet });
      ctx.noter(`${ctx.nomFiche(fiche)} garde ${nomCarte(paquet, carte, etat.periode)} ; ${autres.length} carte(s) sous la pioche.`);
      ctx.sauver();
      majEtatsPaquets(p.id, paquet);
    }

    function defausser(fiche, jet, etat, i) {
      const partie = ctx.partie();
      const p = jet.paquet;
      const paquet = JSON.parse(JSON.stringify(partie.paquets[p.id]));
      const [carte] = paquet.main.splice(i, 1);
      paquet.defausse.push(carte);
      partie.paquets = Object.assign({}, partie.paquets, { [p.id]: paquet });
      ctx.noter(`Carte jouée, défaussée : ${nomCarte(paquet, carte, etat.periode)}.`);
      ctx.sauver();
      majEtatsPaquets(p.id, paquet);
    }

    function pas(texte, etiquette, actif, action) {
      return el("button", { type: "button", classe: "cpj-pas cpjj-pas", texte, "aria-label": etiquette, disabled: !actif, onclick: action });
    }

    function demandeVue(fiche, jet, etat, d, redessiner) {
      const v = etat.valeurs[d.id];
      if (d.type === "booleen") {
        return el("p", { classe: "cpjj-ligne" }, el("button", { type: "button", classe: "md-button cpj-gros cpjj-bascule", "aria-pressed": v ? "true" : "false",
          "data-demande": d.id, texte: d.nom, onclick: () => { etat.valeurs[d.id] = !v; redessiner(); } }));
      }
      return el("p", { classe: "cpjj-ligne", "data-demande": d.id },
        el("span", { classe: "cpjj-nom", texte: d.nom }),
        pas("−", `${d.nom} : moins`, v > d.min, () => { etat.valeurs[d.id] = v - 1; redessiner(); }),
        el("output", { classe: "cpjj-valeur", texte: v, "aria-live": "polite" }),
        pas("+", `${d.nom} : plus`, v < d.max, () => { etat.valeurs[d.id] = v + 1; redessiner(); }));
    }

    function physiqueVue(jet, etat, redessiner) {
      const noms = jet.etapes ? [jet.etapes.nom, jet.etapes.nom_seconde || jet.etapes.nom] : [jet.sortie || "Résultat"];
      return noms.map((nom, i) => {
        const v = etat.physique[i];
        const max = i === 1 ? etat.physique[0] : 99;
        return el("p", { classe: "cpjj-ligne", "data-physique": i },
          el("span", { classe: "cpjj-nom", texte: `J'ai lancé — ${nom}` }),
          pas("−", `J'ai lancé, ${nom} : moins`, v > 0, () => { etat.physique[i] = v - 1; redessiner(); }),
          el("output", { classe: "cpjj-valeur", texte: v }),
          pas("+", `J'ai lancé, ${nom} : plus`, v < max, () => { etat.physique[i] = v + 1; redessiner(); }));
      });
    }

    function panneau(fiche, jet, etat) {
      const zone = el("div", { classe: "cpjj-resultat", "data-role": "jet-resultat", "aria-live": "polite" }, etat.resultat.map((t) => el("p", { texte: t })));
      const vue = el("div", { classe: "cpjj-panneau", "data-jet-panneau": jet.id, role: "group", "aria-label": `${jet.nom} — ${ctx.nomFiche(fiche)}` });
      const redessiner = () => {
        const etiquette = document.activeElement && vue.contains(document.activeElement) ? document.activeElement.getAttribute("aria-label") || document.activeElement.textContent : null;
        const nouvelle = panneau(fiche, jet, etat);
        vue.replaceWith(nouvelle);
        const cible = etiquette ? Array.from(nouvelle.querySelectorAll("button")).find((b) => (b.getAttribute("aria-label") || b.textContent) === etiquette) : null;
        if (cible && !cible.disabled) cible.focus();
      };
      const enfants = [];
      if (jet.lien) enfants.push(el("p", { classe: "cpd-aide" }, el("a", { href: ctx.base + String(jet.lien).replace(/^\/+/, ""), texte: `Règle : ${jet.nom}` })));
      if (jet.manquant) {
        enfants.push(el("p", { classe: "cpjj-erreur", texte: jet.manquant }));
        vue.append(...enfants);
        return vue;
      }
      for (const m of jet.materiel || []) if (!faces(m)) enfants.push(el("p", { classe: "cpjj-manque" }, `${m.nom} : faces inconnues (le livre ne les montre qu'en images). `, lienMateriel(m.page)));
      enfants.push(...(jet.demandes || []).map((d) => demandeVue(fiche, jet, etat, d, redessiner)));
      if (jet.paquet) {
        const paquet = (ctx.partie().paquets || {})[jet.paquet.id];
        enfants.push(el("p", { classe: "cpjj-ligne" },
          ["jour", "nuit"].map((per) => el("button", { type: "button", classe: "md-button cpj-gros cpjj-bascule", "aria-pressed": etat.periode === per ? "true" : "false",
            texte: per === "nuit" ? "Tour de Nuit" : "Tour de Jour", onclick: () => { etat.periode = per; redessiner(); } }))));
        enfants.push(el("p", { classe: "cpd-aide", "data-paquet-etat": jet.paquet.id, texte: paquet ? etatPaquetTexte(paquet) : "Paquet pas encore mélangé : il vient de « Mon matériel » à la première pioche." }));
        enfants.push(el("p", { classe: "cpjj-boutons" }, el("button", { type: "button", classe: "md-button md-button--primary cpj-gros", "data-role": "jet-lancer", texte: "Piocher", onclick: () => piocher(fiche, jet, etat, zone, vue) })));
        if (paquet && paquet.tirees.length) {
          enfants.push(el("p", { classe: "cpjj-boutons", "data-role": "jet-garder" }, paquet.tirees.map((c, i) => el("button", { type: "button", classe: "md-button cpj-gros",
            texte: `Garder ${paquet.sortes[c].nom}`, onclick: () => { garder(fiche, jet, etat, i); vue.replaceWith(panneau(fiche, jet, etat)); } }))));
        }
        if (paquet && paquet.main.length) {
          enfants.push(el("p", { classe: "cpjj-boutons", "data-role": "jet-main" }, el("span", { texte: "Main : " }), paquet.main.map((c, i) => el("button", { type: "button", classe: "md-button cpj-gros",
            texte: `Jouer ${paquet.sortes[c].nom}`, onclick: () => { defausser(fiche, jet, etat, i); vue.replaceWith(panneau(fiche, jet, etat)); } }))));
        }
      } else {
        enfants.push(el("p", { classe: "cpjj-boutons" }, el("button", { type: "button", classe: "md-button md-button--primary cpj-gros", "data-role": "jet-lancer", texte: "Lancer", onclick: () => resoudre(fiche, jet, etat, zone, false) })));
        enfants.push(...physiqueVue(jet, etat, redessiner));
        enfants.push(el("p", { classe: "cpjj-boutons" }, el("button", { type: "button", classe: "md-button cpj-gros", "data-role": "jet-physique", texte: "Noter mon jet", onclick: () => resoudre(fiche, jet, etat, zone, true) })));
      }
      enfants.push(zone);
      vue.append(...enfants);
      return vue;
    }

    function jetsVue(fiche) {
      const jets = Array.isArray(fiche.jets) ? fiche.jets : [];
      if (!jets.length) return null;
      return el("div", { classe: "cpjj-jets", "data-role": "jets" }, jets.map((jet) => {
        const etat = etatDe(fiche, jet);
        const bloc = el("div", { classe: "cpjj-jet", "data-jet": jet.id });
        const bouton = el("button", { type: "button", classe: "md-button cpj-gros cpjj-ouvrir", "aria-expanded": etat.ouvert ? "true" : "false",
          "data-role": "jet-ouvrir", texte: `Jet : ${jet.nom}`, onclick: () => {
            etat.ouvert = !etat.ouvert;
            bouton.setAttribute("aria-expanded", etat.ouvert ? "true" : "false");
            bloc.querySelector(".cpjj-panneau")?.remove();
            if (etat.ouvert) bloc.append(panneau(fiche, jet, etat));
          } });
        bloc.append(bouton);
        if (etat.ouvert) bloc.append(panneau(fiche, jet, etat));
        return bloc;
      }));
    }

    return { jetsVue };
  }

  window.Compendium = window.Compendium || {};
  window.Compendium.jouerJets = { monter };
})();
