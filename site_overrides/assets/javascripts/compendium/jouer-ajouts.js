// « Jouer »: cards added during play (Tamashii's attached Enemies, one card each). partie.yaml's
// `ajouts` declares which sheets can take them; the engine (browser_engine/partie_ajouts.py) gives
// each kind with its counters resolved from the game's profiles. This file draws the « add a card »
// block on a sheet and the remove button on an added card, and keeps the added cards in the stored
// game (`ajoutees`, ids `<parent>~<ajout>-<n>`); jouer.js draws them after their sheet.
(function () {
  "use strict";

  const el = (...args) => window.Compendium.el(...args);

  /**
   * ctx: {outil, role, partie: () => game, noter, sauver, dessinerFiche, lienRegle, toutesFiches}.
   * Returns {ajoutees, placerAjout, ajoutsVue}.
   */
  function monter(ctx) {
    const { outil, role, partie, noter, sauver, dessinerFiche, lienRegle, toutesFiches } = ctx;

    /** The added cards of the stored game (a malformed one is left out, never a crash). */
    function ajoutees() {
      if (!Array.isArray(partie().ajoutees)) partie().ajoutees = [];
      return partie().ajoutees.filter((a) => a && typeof a.id === "string" && typeof a.parent === "string"
        && Array.isArray(a.compteurs) && Array.isArray(a.statuts));
    }

    function declarationsAjout(fiche) {
      const resultat = fiche.camp === "b" && partie().adversaire ? partie().adversaire.resultat : partie().resultat;
      return (resultat.ajouts || []).filter((d) => d.pour.includes(fiche.sorte) && d.sortes.length);
    }

    function placerAjout(fiche, carte) {
      const voisins = outil.querySelectorAll(`[data-fiche="${CSS.escape(fiche.parent)}"], [data-parent="${CSS.escape(fiche.parent)}"]`);
      if (voisins.length) voisins[voisins.length - 1].after(carte);
      else role(fiche.camp === "b" ? "fiches-adversaire" : "fiches").append(carte);
    }

    /** The sheet's « add a card » block (a kind picked from the data), or, on an added card, its remove button. */
    function ajoutsVue(fiche, carte) {
      if (fiche.parent) {
        carte.append(el("p", { classe: "cpj-actions" }, el("button", { type: "button", classe: "md-button cpj-gros", "data-role": "retirer-ajout",
          "aria-label": `${fiche.retirer} : ${fiche.nom}`, texte: fiche.retirer, onclick: () => retirerAjout(fiche) })));
        return;
      }
      for (const decl of declarationsAjout(fiche)) {
        const n = ajoutees().filter((a) => a.parent === fiche.id && a.ajout === decl.id).length;
        const ident = `cpj-${fiche.id}-ajout-${decl.id}`;
        const choix = el("select", { id: ident, "data-role": "ajout-sorte" },
          decl.sortes.map((x) => el("option", { value: x.id, texte: x.nom })));
        const saisies = decl.sortes[0].compteurs.map((c, i) => el("span", { classe: "cpj-ajout-saisie", "data-compteur-saisi": c.id },
          el("label", { for: `${ident}-${c.id}`, texte: `${c.nom} (lue sur la carte)` }), " ",
          el("input", { type: "number", id: `${ident}-${c.id}`, min: 0, max: 999, inputmode: "numeric", "data-index": i })));
        const montrerSaisies = () => {
          const sorte = decl.sortes.find((x) => x.id === choix.value) || decl.sortes[0];
          saisies.forEach((s, i) => { s.hidden = sorte.compteurs[i].depart !== null; });
        };
        choix.addEventListener("change", montrerSaisies);
        const bloc = el("div", { classe: "cpj-ajout", "data-ajout": decl.id },
          el("p", { classe: "cpj-ajout-titre" }, decl.lien ? lienRegle(decl.lien, decl.titre, decl.aide) : decl.titre, ` : ${n}`),
          el("p", { classe: "cpj-ajout-ligne" }, el("label", { for: ident, texte: decl.nom }), " ", choix, " ", saisies, " ",
            el("button", { type: "button", classe: "md-button cpj-gros", "data-role": "ajouter-ajout", texte: "Ajouter",
              "aria-label": `Ajouter : ${decl.nom} à ${fiche.nom}`,
              onclick: () => ajouterAjout(fiche, decl, choix.value, saisies.map((s) => s.querySelector("input").value), bloc) })),
          el("p", { classe: "cpj-ajout-avis", "data-role": "ajout-avis", role: "status" }));
        montrerSaisies();
        carte.append(bloc);
      }
    }

    function ajouterAjout(fiche, decl, sorteId, saisies, bloc) {
      const sorte = decl.sortes.find((x) => x.id === sorteId);
      if (!sorte) return;
      const compteurs = [];
      for (const [i, c] of sorte.compteurs.entries()) {
        if (c.depart !== null) {
          compteurs.push(c);
          continue;
        }
        const lu = /^\d+$/.test(String(saisies[i] || "").trim()) ? parseInt(saisies[i], 10) : null;
        if (lu === null || (c.min !== null && lu < c.min) || (c.max !== null && lu > c.max)) {
          bloc.querySelector("[data-role=ajout-avis]").textContent = `Saisissez « ${c.nom} » lue sur la carte (un nombre entier).`;
          bloc.querySelector(`[data-compteur-saisi="${c.id}"] input`).focus();
          return;
        }
        compteurs.push({ ...c, depart: lu, max: c.max === null && c.depart_est_max ? lu : c.max, manquant: null });
      }
      partie().numeroAjout = (partie().numeroAjout || 0) + 1;
      const memes = ajoutees().filter((a) => a.parent === fiche.id && a.sorteAjout === sorte.id).length;
      const ajout = { id: `${fiche.id}~${decl.id}-${partie().numeroAjout}`, sorte: decl.id, ajout: decl.id, sorteAjout: sorte.id,
        nom: sorte.nom + (memes ? ` ${memes + 1}` : ""), role: `${decl.nom} à ${fiche.nom}`, parent: fiche.id, camp: fiche.camp,
        retirer: decl.retirer, compteurs, statuts: [] };
      partie().ajoutees.push(ajout);
      noter(`${ajout.nom} : ${decl.nom} à ${fiche.nom}` + compteurs.map((c) => ` (${c.nom} ${c.depart})`).join(""));
      sauver();
      dessinerFiche(fiche);
      dessinerFiche(ajout);
      const bloc2 = outil.querySelector(`[data-fiche="${CSS.escape(fiche.id)}"] [data-ajout="${CSS.escape(decl.id)}"]`);
      bloc2.querySelector("[data-role=ajout-avis]").textContent = `${ajout.nom} ajouté.`;
      bloc2.querySelector("[data-role=ajouter-ajout]").focus();
    }

    function retirerAjout(ajout) {
      partie().ajoutees = ajoutees().filter((a) => a.id !== ajout.id);
      delete partie().valeurs[ajout.id];
      noter(`${ajout.nom} : ${ajout.retirer.toLowerCase()} (${ajout.role})`);
      sauver();
      outil.querySelector(`[data-fiche="${CSS.escape(ajout.id)}"]`)?.remove();
      const parent = toutesFiches().find((f) => f.id === ajout.parent);
      if (parent) {
        dessinerFiche(parent);
        outil.querySelector(`[data-fiche="${CSS.escape(parent.id)}"] [data-role=ajout-sorte]`)?.focus();
      }
    }

    return { ajoutees, placerAjout, ajoutsVue };
  }

  window.Compendium = window.Compendium || {};
  window.Compendium.jouerAjouts = { monter };
})();
