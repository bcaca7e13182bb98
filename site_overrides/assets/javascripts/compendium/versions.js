/* « Ce qui change pour votre liste » on the « Composer et vérifier » page (issue 16, part 3).
 *
 * Listens to the `compendium:rapport` event of the tool root (verifier.js: detail {rapport, texte}).
 * The report's details.version_donnees says where the list's data version stands (engine:
 * browser_engine/versions.py, `situer`). For a list built for an older version, this script loads the
 * frozen data of that version (assets/data/versions/<jeu>/<version>.json.gz, gzip read with
 * DecompressionStream) and asks the engine (moteur.composer(jeu, {action: "versions", liste,
 * donnees_version})) what changed for the list: the entries whose cost, limits or rules changed, and
 * the verdict then and now. A new list (no entry, no version) gets the current version written into
 * its text; a list without a version is offered it. Names from the list only reach the page as text (el()).
 */
(function () {
  "use strict";
  const C = () => window.Compendium;
  const CHAMP = "version_donnees";
  const NATURES = { cout: "Coût", limites: "Limites", regles: "Règles", ajout: "Ajout", retrait: "Retrait" };
  const VERSION = /^[0-9]{4}\.[0-9]{1,2}\.[0-9]{1,6}$/;
  const cache = new Map(); // URL -> Promise of the frozen bundle (or null)

  /** The text of a list with `version_donnees` set to `version` (YAML: a line after `jeu:`; JSON: a key). */
  function avecVersion(texte, version) {
    const debut = texte.trimStart();
    if (debut.startsWith("{")) {
      try {
        const objet = JSON.parse(texte);
        const sortie = {};
        for (const [k, v] of Object.entries(objet)) {
          if (k === CHAMP) continue;
          sortie[k] = v;
          if (k === "jeu") sortie[CHAMP] = version;
        }
        if (!(CHAMP in sortie)) sortie[CHAMP] = version;
        return JSON.stringify(sortie, null, 2) + "\n";
      } catch (e) {
        return null;
      }
    }
    const ligne = `${CHAMP}: "${version}"`;
    const lignes = texte.split("\n");
    const existante = lignes.findIndex((l) => l.startsWith(CHAMP + ":"));
    if (existante >= 0) {
      lignes[existante] = ligne;
      return lignes.join("\n");
    }
    const jeu = lignes.findIndex((l) => /^jeu\s*:/.test(l));
    lignes.splice(jeu >= 0 ? jeu + 1 : 0, 0, ligne);
    return lignes.join("\n");
  }

  /** The frozen data of a past version, or null when the site does not have it. */
  function donneesVersion(base, jeu, version) {
    const url = `${C().racine(base)}assets/data/versions/${encodeURIComponent(jeu)}/${encodeURIComponent(version)}.json.gz`;
    if (!cache.has(url)) {
      cache.set(url, (async () => {
        try {
          const reponse = await fetch(url);
          if (!reponse.ok) return null;
          let octets = new Uint8Array(await reponse.arrayBuffer());
          // A server may already have removed the gzip layer (Content-Encoding): look at the magic bytes.
          if (octets[0] === 0x1f && octets[1] === 0x8b) {
            const flux = new Blob([octets]).stream().pipeThrough(new DecompressionStream("gzip"));
            octets = new Uint8Array(await new Response(flux).arrayBuffer());
          }
          return JSON.parse(new TextDecoder().decode(octets));
        } catch (e) {
          return null;
        }
      })());
    }
    return cache.get(url);
  }

  function initialiser(racineOutil) {
    if (racineOutil.dataset.versions === "oui") return;
    const api = racineOutil.compendiumVerifier;
    const details = racineOutil.querySelector('[data-role="details"]');
    if (!api || !details) return;
    racineOutil.dataset.versions = "oui";
    const { el } = C();
    const { jeu, base, moteur, zone } = api;
    const section = el("section", { classe: "cpd-versions", "data-role": "versions", hidden: true, style: "display: none", "aria-live": "polite" });
    details.before(section);
    let generation = 0;
    // A list started from nothing in this page (empty text, or the builder's « Nouvelle liste ») and
    // written by the builder is a new list: it gets the current version. A list opened from a text,
    // an example, a file or a link keeps what it says; without a version it is only offered one.
    let partiDeRien = !zone.value.trim();
    let texteDuComposeur = null;
    const ecrireOrigine = api.ecrire;
    api.ecrire = function (texte) {
      texteDuComposeur = texte;
      if (!String(texte || "").trim()) partiDeRien = true;
      return ecrireOrigine.call(this, texte);
    };
    zone.addEventListener("input", () => {
      if (!zone.value.trim()) partiDeRien = true;
    });

    function ecrireVersion(version) {
      // The builder's list gets it in the builder (no second write when the next click comes early).
      const composeur = racineOutil.compendiumComposer;
      if (composeur && typeof composeur.noterVersion === "function" && composeur.noterVersion(version)) return;
      const texte = avecVersion(zone.value, version);
      if (texte === null || texte === zone.value) return;
      zone.value = texte;
      zone.dispatchEvent(new Event("input", { bubbles: true }));
    }

    function bouton(texte, action) {
      return el("button", { type: "button", classe: "md-button", "data-role": "versions-action", onclick: action }, texte);
    }

    function lienPage() {
      return el("a", { href: `${C().racine(base)}${jeu}/versions/` }, "Versions des données de ce jeu");
    }

    function montrer(genre, titre, ...contenu) {
      section.className = `cpd-versions admonition ${genre}`;
      section.dataset.statut = genre;
      section.replaceChildren(el("p", { classe: "admonition-title" }, titre), ...contenu.filter(Boolean));
      afficher(true);
    }

    /** Material's admonition style sets `display`, which would override the `hidden` attribute. */
    function afficher(visible) {
      section.hidden = !visible;
      section.style.display = visible ? "" : "none";
    }

    function verdictTexte(v) {
      if (!v) return "non vérifiable (données de cette version absentes)";
      const cout = v.cout === null || v.cout === undefined ? "" : ` — coût ${v.cout}${v.budget ? ` / ${v.budget}` : ""}`;
      const n = v.erreurs.length;
      return (v.valide ? "valide" : `invalide (${n} erreur${n > 1 ? "s" : ""})`) + cout;
    }

    function ligneChangement(c) {
      return el("li", {}, el("strong", {}, `${NATURES[c.nature] || c.nature} — ${c.nom || c.id}`), " : ", c.texte || "",
        c.version ? el("span", { classe: "cpd-aide" }, ` (annoncé en version ${c.version})`) : null,
        c.releve ? el("span", { classe: "cpd-aide" }, " (relevé dans les données)") : null);
    }

    /** One block per affected entry (a list, not a table: it stays readable at 390 px). */
    function tableauEntrees(entrees) {
      const blocs = entrees.map((e) => {
        const cout = e.cout_avant === e.cout_maintenant || e.cout_avant === null || e.cout_avant === undefined
          ? null : ` — coût ${e.cout_avant} → ${e.cout_maintenant}`;
        const lignes = [
          ...e.changements.map(ligneChangement),
          ...e.erreurs_nouvelles.map((m) => el("li", { classe: "cpd-versions-nouvelle" }, el("strong", {}, "Nouvelle erreur"), " : ", m)),
          ...e.erreurs_levees.map((m) => el("li", {}, el("strong", {}, "Erreur levée"), " : ", m)),
        ];
        return el("li", { "data-role": "versions-entree", "data-chemin": e.chemin },
          el("strong", {}, e.nom), cout, el("ul", {}, lignes));
      });
      return el("div", {}, el("p", {}, el("strong", {}, "Entrées touchées")), el("ul", { "data-role": "versions-entrees" }, blocs));
    }

    function listeErreurs(nouvelles, levees) {
      const lignes = [
        ...(nouvelles || []).map((m) => el("li", { classe: "cpd-versions-nouvelle" }, "Nouvelle erreur de la liste : ", m)),
        ...(levees || []).map((m) => el("li", {}, "Erreur de la liste levée : ", m)),
      ];
      return lignes.length ? el("ul", { "data-role": "versions-erreurs-liste" }, lignes) : null;
    }

    function montrerComparaison(r) {
      const verdicts = el("ul", { "data-role": "versions-verdicts" },
        el("li", {}, el("strong", {}, `Alors (version ${r.liste}) : `), el("span", { "data-role": "verdict-avant" }, verdictTexte(r.avant))),
        el("li", {}, el("strong", {}, `Maintenant (version ${r.actuelle}) : `), el("span", { "data-role": "verdict-maintenant" }, verdictTexte(r.maintenant))));
      const publiees = r.versions.map((v) => `${v.version} (${v.date}) : ${String(v.resume || "").replace(/[.\s]+$/, "")}`).join(" ; ");
      const rien = !r.entrees.length && !r.regles.length;
      montrer("warning", "Ce qui change pour votre liste",
        el("p", { "data-role": "versions-message" }, r.message),
        publiees ? el("p", { classe: "cpd-aide" }, "Publiées depuis : ", publiees, ". ", lienPage(), ".") : null,
        verdicts,
        listeErreurs(r.erreurs_liste_nouvelles, r.erreurs_liste_levees),
        r.entrees.length ? tableauEntrees(r.entrees) : null,
        r.regles.length ? el("div", {}, el("p", {}, el("strong", {}, "Règles de liste et options touchées")),
          el("ul", { "data-role": "versions-regles" }, r.regles.map(ligneChangement))) : null,
        rien ? el("p", {}, "Aucune entrée de votre liste n'est touchée par ces changements.") : null,
        el("p", {}, bouton(`Passer la liste à la version actuelle (${r.actuelle})`, () => ecrireVersion(r.actuelle)),
          " ", el("span", { classe: "cpd-aide" }, "La liste est alors vérifiée avec les règles actuelles, sans ce rappel.")));
    }

    async function comparer(rapport, ma) {
      const situation = rapport.details.version_donnees;
      montrer("info", "Ce qui change pour votre liste", el("p", {}, situation.message, " Comparaison en cours…"));
      const ancien = VERSION.test(situation.liste || "") ? await donneesVersion(base, jeu, situation.liste) : null;
      if (ma !== generation) return;
      const demande = { action: "versions", liste: rapport.liste };
      if (ancien) demande.donnees_version = ancien;
      let r = null;
      try {
        r = await moteur.composer(jeu, demande);
      } catch (e) {
        r = null;
      }
      if (ma !== generation) return;
      if (!r || typeof r !== "object" || !Array.isArray(r.entrees)) {
        montrer("failure", "Ce qui change pour votre liste",
          el("p", {}, "La comparaison avec la version de la liste n'a pas pu être faite. ", situation.message));
        return;
      }
      montrerComparaison(r);
    }

    racineOutil.addEventListener("compendium:rapport", (evenement) => {
      const { rapport, texte } = evenement.detail || {};
      const ma = ++generation;
      const situation = rapport && rapport.details && rapport.details.version_donnees;
      if (!situation || !rapport.liste || typeof rapport.liste !== "object") {
        if (!String(texte || "").trim()) partiDeRien = true;
        afficher(false);
        return;
      }
      const entrees = Array.isArray(rapport.liste.entrees) ? rapport.liste.entrees.length : 0;
      const duComposeur = texte !== null && texte === texteDuComposeur;
      if (!duComposeur && entrees > 0) partiDeRien = false;
      // Only the text on screen is stamped (a late report never touches a newer text).
      // Only a text the builder wrote: its « Nouvelle liste » (no entry yet) or a list built from nothing.
      // A shared link, an example, a file or typed text keeps its words, even with no entry.
      const nouvelle = texte === zone.value && duComposeur && (entrees === 0 || partiDeRien);
      if (situation.statut === "ancienne") {
        comparer(rapport, ma);
      } else if (situation.statut === "absente" && nouvelle) {
        // A new list (from the builder, or an empty start): it is composed for the current data.
        afficher(false);
        ecrireVersion(situation.actuelle);
      } else if (situation.statut === "absente") {
        montrer("note", "Version des données",
          el("p", {}, situation.message),
          el("p", {}, bouton(`Noter la version actuelle (${situation.actuelle}) dans la liste`, () => ecrireVersion(situation.actuelle)),
            " ", el("span", { classe: "cpd-aide" }, "Si les règles changent, le site vous dira ce qui change pour cette liste.")));
      } else if (situation.statut === "future" || situation.statut === "inconnue" || situation.statut === "invalide") {
        montrer("warning", situation.statut === "future" ? "Version des données plus récente" : "Version des données inconnue",
          el("p", { "data-role": "versions-message" }, situation.message),
          el("p", {}, lienPage(), ". ",
            bouton(`Noter la version actuelle (${situation.actuelle})`, () => ecrireVersion(situation.actuelle))));
      } else {
        afficher(false);
      }
    });
  }

  C().surPage(() => {
    document.querySelectorAll('[data-compendium-outil="verifier"]').forEach(initialiser);
  });
  window.Compendium.versions = { avecVersion };
})();
