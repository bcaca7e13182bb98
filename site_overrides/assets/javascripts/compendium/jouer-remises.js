// « Jouer »: what a round, a step reached or a status set resets, as the game's partie.yaml declares
// it (`remises`, computed by browser_engine/partie_remises.py). Each change is written in the log
// with its rule; the caller redraws the sheets and saves (one undo step with the tap that caused it).
(function () {
  "use strict";

  function valeurVisee(c, vers, actuel) {
    if (vers === "max") return c.max ?? null;
    if (vers === "min") return c.min ?? null;
    if (vers && typeof vers === "object" && Number.isInteger(vers.valeur)) return vers.valeur;
    if (vers && typeof vers === "object" && Number.isInteger(vers.ajoute) && Number.isInteger(actuel)) {
      let n = actuel + vers.ajoute;
      if (c.min !== null && c.min !== undefined) n = Math.max(c.min, n);
      if (c.max !== null && c.max !== undefined) n = Math.min(c.max, n);
      return n;
    }
    return null;
  }

  function correspond(quand, moment) {
    if (!quand || typeof quand !== "object") return false;
    if (moment.debut_du_tour) return quand.debut_du_tour === true;
    if (moment.etape) return quand.etape === moment.etape;
    if (moment.statut) return quand.statut === moment.statut;
    return false;
  }

  /**
   * Applies the resets declared for this moment (start of a round, a step reached, a status set on
   * `cible`), logged with their rule; `acces` reads and writes the sheets (jouer.js). Returns whether
   * a sheet changed.
   */
  function appliquer(partie, moment, cible, acces) {
    const { valeursDe, valeurCompteur, nomFiche, statutActif, noter } = acces;
    const camps = [[partie.resultat, partie.resultat.fiches, undefined]];
    if (partie.adversaire) camps.push([partie.adversaire.resultat, partie.adversaire.resultat.fiches, "b"]);
    let redessiner = false;
    for (const [resultat, liste, camp] of camps) {
      if (cible && cible.camp !== camp) continue;
      for (const r of resultat.remises || []) {
        if (!r || !correspond(r.quand, moment)) continue;
        const changes = [];
        for (const fiche of cible ? [cible] : liste) {
          for (const spec of r.compteurs || []) {
            const c = fiche.compteurs.find((x) => x.id === spec.id);
            if (!c) continue;
            const actuel = valeurCompteur(fiche, c);
            const nouveau = valeurVisee(c, spec.vers, actuel);
            if (nouveau === null || nouveau === actuel) continue;
            valeursDe(fiche).compteurs[c.id] = nouveau;
            changes.push(`${nomFiche(fiche)} ${c.nom} ${actuel ?? "?"} → ${nouveau}`);
          }
          for (const id of r.statuts || []) {
            const s = fiche.statuts.find((x) => x.id === id);
            if (!s || !statutActif(fiche, s)) continue;
            delete valeursDe(fiche).statuts[id];
            changes.push(`${nomFiche(fiche)} : ${s.nom} non`);
          }
        }
        if (changes.length) {
          noter(`${r.nom} (${camp === "b" ? "adversaire" : "règle"}) — ${changes.join(", ")}`, r.lien || null);
          redessiner = true;
        }
      }
    }
    return redessiner;
  }

  window.Compendium = window.Compendium || {};
  window.Compendium.jouerRemises = Object.freeze({ appliquer });
})();
