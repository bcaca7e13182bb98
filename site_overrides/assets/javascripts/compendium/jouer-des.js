// « Jouer »: the page's plain dice (d6, D10 and the game's own, whose faces may come from « Mon
// matériel »), rolled with crypto.getRandomValues; the engine adds the exact chance of the result or
// better to the result and to its log line. The helpers (`tirage`, `materiel`) serve the rolls from a
// sheet too (jouer-jets.js).
(function () {
  "use strict";

  const C = () => window.Compendium;
  const el = (...args) => window.Compendium.el(...args);
  const lire = (cle) => C().jouerStockage.lire(cle);

  /** A uniform integer in [0, n) from crypto.getRandomValues (rejection sampling, no modulo bias). */
  function tirage(n) {
    const borne = Math.floor(0x100000000 / n) * n;
    const tampon = new Uint32Array(1);
    for (;;) {
      window.crypto.getRandomValues(tampon);
      if (tampon[0] < borne) return tampon[0] % n;
    }
  }

  /** An item of « Mon matériel » (`genre`: des, catalogue), or undefined (no store on this page, nothing typed). */
  function materiel(jeu, genre, cle) {
    try {
      return C().materiel ? C().materiel.pour(jeu).lire(genre, cle) : undefined;
    } catch (e) {
      return undefined;
    }
  }

  /** The faces typed in « Mon matériel » for a die the book prints only as pictures. */
  function facesStockees(jeu, stockage) {
    try {
      const typees = materiel(jeu, "des", stockage);
      const faces = Array.isArray(typees) ? typees : JSON.parse(lire("compendium.des." + jeu + "." + stockage) || "[]");
      if (!Array.isArray(faces) || !faces.length) return null;
      return faces.map((f) => {
        if (typeof f === "string") return f;
        if (f && typeof f === "object") {
          const parts = Object.entries(f).filter(([, v]) => String(v).trim() && String(v).trim() !== "0");
          return parts.length ? parts.map(([k, v]) => `${v} ${k}`).join(" + ") : "vide";
        }
        return String(f);
      });
    } catch (e) {
      return null;
    }
  }

  /** The same faces as the engine reads them: a symbol (text) or `{symbol: count}` with numbers. */
  function facesSymboles(jeu, stockage, faces) {
    let brutes = null;
    try {
      const typees = stockage ? materiel(jeu, "des", stockage) : null;
      brutes = Array.isArray(typees) ? typees : stockage ? JSON.parse(lire("compendium.des." + jeu + "." + stockage) || "null") : null;
    } catch (e) {
      brutes = null;
    }
    if (!Array.isArray(brutes) || brutes.length !== faces.length) return faces;
    return brutes.map((f, i) => {
      if (!f || typeof f !== "object") return faces[i];
      const face = {};
      for (const [k, v] of Object.entries(f)) if (String(v).trim() !== "") face[k] = Number(v);
      return face;
    });
  }

  /**
   * ctx: {outil, role, jeu, moteur, partie: () => game, noter(texte) → line, sauver(), etape() → the
   * current step's name, completerLigne(line, suffix)}. Wires the page's « Lancer » buttons.
   */
  function monter(ctx) {
    const { outil, role, jeu, moteur } = ctx;

    function lancer(bouton) {
      if (!ctx.partie()) return;
      const nombre = Math.min(20, Math.max(1, parseInt(role("nombre").value, 10) || 1));
      let faces = bouton.dataset.faces ? bouton.dataset.faces.split(",") : null;
      if (!faces && bouton.dataset.stockage) faces = facesStockees(jeu, bouton.dataset.stockage);
      if (!faces || faces.length < 2) {
        role("resultat").replaceChildren(`${bouton.dataset.nom} : faces inconnues. `,
          outil.dataset.materiel
            ? el("a", { href: outil.dataset.materiel, texte: "Décrivez votre dé dans « Mon matériel »" })
            : el("a", { href: outil.dataset.probas, texte: "Saisissez-les dans Probabilités" }), ".");
        return;
      }
      const indices = Array.from({ length: nombre }, () => tirage(faces.length));
      const tires = indices.map((i) => faces[i]);
      const pour = role("pour").value.trim();
      const texte = `${nombre} ${bouton.dataset.nom}${pour ? ` pour « ${pour} »` : ""} : ${tires.join(", ")}` +
        (nombre > 1 && tires.every((t) => /^\d+$/.test(t)) ? ` (total ${tires.reduce((s, t) => s + Number(t), 0)})` : "");
      role("resultat").textContent = texte;
      const ligne = ctx.noter(`Jet — ${ctx.etape()} — ${texte}`);
      ctx.sauver();
      // The exact chance of this result or better, from the engine: the total, or the symbols.
      if (faces.every((f) => /^-?\d+$/.test(f))) {
        const total = tires.reduce((somme, t) => somme + Number(t), 0);
        ajouterChance({ action: "chance", liste: {}, faces: faces.map(Number), nombre, total }, texte, ligne);
      } else {
        // Symbol dice: at least as many of each rolled symbol (and of all at once).
        const symboles = facesSymboles(jeu, bouton.dataset.stockage, faces);
        ajouterChance({ action: "chance-symboles", liste: {}, faces: symboles, tires: indices }, texte, ligne);
      }
    }

    /** The engine's exact chance of a roll, added after the roll on screen and in its log line. */
    function ajouterChance(requete, texte, ligne) {
      moteur.composer(jeu, requete)
        .then((r) => {
          if (!r || typeof r.texte !== "string" || !ctx.partie()) return;
          if (requete.action === "chance-symboles" && !(r.symboles && r.symboles.length)) return;
          if (role("resultat").textContent === texte) role("resultat").textContent = `${texte} — ${r.texte}`;
          ctx.completerLigne(ligne, ` — ${r.texte}`);
        })
        .catch(() => {});
    }

    outil.querySelectorAll('[data-role="lancer"]').forEach((b) => b.addEventListener("click", () => lancer(b)));
  }

  window.Compendium = window.Compendium || {};
  window.Compendium.jouerDes = { monter, tirage, materiel };
})();
