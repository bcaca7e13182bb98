// « Jouer »: undo and redo. Every save compares what a tap can change (round, step, counters,
// statuses, names, added cards, decks drawn from: `paquets`) with the last save; the difference, with the log lines written
// since, is one action. Undo applies it backwards, redo forwards; both are written in the log.
// The stack (MAX actions) is kept in the stored game (`historique`), so a reload keeps it.
(function () {
  "use strict";

  const MAX = 60;
  const SEP = "\u0001";

  /** What a tap can change, as a flat map {key: value} (objects are compared by their JSON). */
  function aplatir(partie) {
    const plat = { tour: partie.tour, etape: partie.etape, ajoutees: JSON.stringify(partie.ajoutees || []),
      paquets: JSON.stringify(partie.paquets || {}) };
    for (const [id, v] of Object.entries(partie.valeurs || {})) {
      if (!v || typeof v !== "object") continue;
      for (const [c, n] of Object.entries(v.compteurs || {})) plat[["c", id, c].join(SEP)] = n;
      for (const [s, b] of Object.entries(v.statuts || {})) if (b) plat[["s", id, s].join(SEP)] = true;
    }
    for (const [id, nom] of Object.entries(partie.noms || {})) plat[["n", id].join(SEP)] = nom;
    return plat;
  }

  function difference(avant, apres) {
    const d = [];
    for (const k of new Set(Object.keys(avant).concat(Object.keys(apres)))) {
      if (avant[k] !== apres[k]) d.push([k, avant[k] === undefined ? null : avant[k], apres[k] === undefined ? null : apres[k]]);
    }
    return d;
  }

  function poser(partie, cle, valeur) {
    if (cle === "tour" || cle === "etape") {
      partie[cle] = valeur;
      return;
    }
    if (cle === "ajoutees" || cle === "paquets") {
      try {
        partie[cle] = JSON.parse(valeur || (cle === "ajoutees" ? "[]" : "{}"));
      } catch (e) {
        partie[cle] = cle === "ajoutees" ? [] : {};
      }
      return;
    }
    const [sorte, id, nom] = cle.split(SEP);
    if (sorte === "n") {
      partie.noms = partie.noms || {};
      if (valeur === null) delete partie.noms[id];
      else partie.noms[id] = valeur;
      return;
    }
    const v = (partie.valeurs[id] = partie.valeurs[id] || { compteurs: {}, statuts: {} });
    const table = sorte === "c" ? (v.compteurs = v.compteurs || {}) : (v.statuts = v.statuts || {});
    if (valeur === null) delete table[nom];
    else table[nom] = valeur;
  }

  /**
   * The game's history. `partie()` gives the game in play. Returns {valider(textes), annuler(), refaire(),
   * etat()}: `valider` records the change since the last call as one action (nothing when nothing changed);
   * `annuler` / `refaire` apply one action and return its text, or null.
   */
  function monter(partie) {
    let base = null;

    function pile() {
      const p = partie();
      if (!p.historique || !Array.isArray(p.historique.annuler) || !Array.isArray(p.historique.refaire)) {
        p.historique = { annuler: [], refaire: [] };
      }
      return p.historique;
    }

    function repartir() {
      base = partie() ? aplatir(partie()) : null;
    }

    function valider(textes) {
      const p = partie();
      if (!p) return;
      const maintenant = aplatir(p);
      if (base) {
        const d = difference(base, maintenant);
        if (d.length) {
          const h = pile();
          h.annuler.push({ texte: textes.join(" ; ") || "Changement", d });
          if (h.annuler.length > MAX) h.annuler.splice(0, h.annuler.length - MAX);
          h.refaire = [];
        }
      }
      base = maintenant;
    }

    function appliquer(depuis, vers, sens) {
      const h = pile();
      const action = h[depuis].pop();
      if (!action || !Array.isArray(action.d)) return null;
      for (const [cle, avant, apres] of action.d) poser(partie(), cle, sens < 0 ? avant : apres);
      h[vers].push(action);
      base = aplatir(partie());
      return action.texte;
    }

    return {
      repartir,
      valider,
      annuler: () => appliquer("annuler", "refaire", -1),
      refaire: () => appliquer("refaire", "annuler", 1),
      etat: () => {
        const h = partie() ? pile() : { annuler: [], refaire: [] };
        return { annuler: h.annuler.length ? h.annuler[h.annuler.length - 1].texte : null,
          refaire: h.refaire.length ? h.refaire[h.refaire.length - 1].texte : null };
      },
    };
  }

  window.Compendium = window.Compendium || {};
  window.Compendium.jouerHistorique = { monter, aplatir, difference };
})();
