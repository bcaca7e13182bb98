/*
 * Accent-insensitive search: a wrapper around Material's search worker.
 *
 * main.html points the theme's search worker at this file, with the name of
 * Material's own worker in `?w=`. Before loading that worker, two hooks are set:
 *
 * - the index: every indexed word is also indexed without its accents
 *   (« épée » is found as « épée » and as « epee »), and « œ », « æ » are also
 *   indexed as « oe », « ae »; positions are shared, so results still highlight
 *   the accented word;
 * - the query: the text typed is folded the same way before Material reads it,
 *   so « epee », « Épée » and « épée » give the same results.
 *
 * Nothing is fetched from anywhere but the site itself.
 */
"use strict";

(function () {
  /** Message type of a query in Material's worker protocol (SETUP, READY, QUERY, RESULT). */
  const REQUETE = 2;

  /** A word without diacritics; « œ » and « æ » become « oe » and « ae ». */
  function plier(texte) {
    return texte.normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/œ/g, "oe").replace(/Œ/g, "OE").replace(/æ/g, "ae").replace(/Æ/g, "AE");
  }

  /** Pipeline function: each token, plus its folded form when it differs. */
  function jetonPlie(jeton) {
    const mot = jeton.toString();
    const plie = plier(mot);
    return plie === mot ? jeton : [jeton, jeton.clone(() => plie)];
  }

  /** Fold every word indexed by the lunr builders of this worker (after the language's own steps). */
  function installerIndex(lunr) {
    if (!lunr || !lunr.Builder || lunr.Builder.prototype.compendiumAdd) {
      return;
    }
    lunr.Pipeline.registerFunction(jetonPlie, "compendiumPlier");
    const ajouter = lunr.Builder.prototype.add;
    lunr.Builder.prototype.compendiumAdd = ajouter;
    lunr.Builder.prototype.add = function (document, attributs) {
      if (!this.compendiumPlie) {      // first document of this index: the pipeline is complete
        this.compendiumPlie = true;
        this.pipeline.add(jetonPlie);
      }
      return ajouter.call(this, document, attributs);
    };
  }

  // Material's worker exposes lunr as `self.lunr = lunr`: catch it there.
  let lunrGlobal;
  Object.defineProperty(self, "lunr", {
    configurable: true,
    get() { return lunrGlobal; },
    set(valeur) { lunrGlobal = valeur; installerIndex(valeur); },
  });

  // Material's worker listens with `addEventListener("message", …)`: fold queries before it reads them.
  const ecouter = self.addEventListener.bind(self);
  self.addEventListener = function (type, ecouteur, options) {
    if (type !== "message" || typeof ecouteur !== "function") {
      return ecouter(type, ecouteur, options);
    }
    return ecouter(type, (evenement) => {
      const message = evenement.data;
      if (message && message.type === REQUETE && typeof message.data === "string") {
        return ecouteur({ data: { type: REQUETE, data: plier(message.data) } });
      }
      return ecouteur(evenement);
    }, options);
  };

  const nom = new URLSearchParams(self.location.search).get("w") || "";
  if (!/^search\.[0-9a-f]+\.min\.js$/.test(nom)) {
    throw new Error("recherche.js : nom du module de recherche de Material invalide : " + nom);
  }
  importScripts("../workers/" + nom);
})();
