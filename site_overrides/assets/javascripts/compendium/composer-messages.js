// « Composer et vérifier », builder part: the engine's messages in the player's words.
// A violation carries `parties` (browser_engine: regles.py, messages.py): plain strings and
// references — {entree: i}, {champ: pointer}, {champ: pointer, valeur}, {valeurs: [...], champ,
// liaison} — whose CLI rendering is the message of the text view (it speaks YAML). Here each
// reference is named for the player: a field by its label (the schema's title), a value by its
// name (the data's `nom`, or the schema's `x-noms`), an entry by its name. No rule is written here.
// Loaded on the tool page only, before composer.js, which calls this part with the builder's
// shared state `b` (see the top of composer.js).
(function () {
  "use strict";

  const P = (window.Compendium.composerParties = window.Compendium.composerParties || {});

  P.messages = function (b) {
    const C = () => window.Compendium;
    const { el } = C();
    const { estObjet, joli, resoudre } = window.Compendium.composer;
    const { schema } = b;

    const jetons = (pointeur) => String(pointeur || "").split("/").slice(1).map((m) => m.replace(/~1/g, "/").replace(/~0/g, "~"));
    // `-` stands for any entry (a list-wide message about a field of the entries).
    const chemin = (pointeur) => jetons(pointeur).map((m) => (/^\d+$/.test(m) ? Number(m) : m === "-" ? 0 : m));

    /** The label of the field at `pointeur`: its schema title, else its key made readable. */
    function etiquette(pointeur) {
      const c = chemin(pointeur);
      const cle = c.filter((m) => typeof m === "string").pop();
      if (!c.length) return "La liste";
      const s = resoudre(b.schemaA(c), schema);
      return String(s.title || joli(cle || ""));
    }

    /** A value's name for the field at `pointeur` (data name, `x-noms`, or the value made readable). */
    function nomValeur(pointeur, valeur) {
      const c = chemin(pointeur);
      const cle = c.filter((m) => typeof m === "string").pop();
      if (valeur === true) return "coché";
      if (valeur === false) return "non coché";
      if (valeur === null || valeur === undefined) return "vide";
      if (Array.isArray(valeur)) return valeur.length ? valeur.map((v) => nomValeur(pointeur, v)).join(", ") : "aucun";
      if (estObjet(valeur)) return Object.entries(valeur).map(([k, v]) => `${etiquette(pointeur + "/" + k)} : ${nomValeur(pointeur + "/" + k, v)}`).join(", ");
      if (typeof valeur === "number") return C().nombre(valeur);
      const s = c.length ? resoudre(b.schemaA(c), schema) : {};
      const items = s.items ? resoudre(s.items, schema) : null;
      const noms = (estObjet(s["x-noms"]) && s["x-noms"]) || (items && estObjet(items["x-noms"]) && items["x-noms"]) || null;
      if (noms && typeof noms[valeur] === "string") return noms[valeur];
      return b.libelle(cle, valeur);
    }

    function liste(noms, liaison) {
      if (noms.length <= 1) return noms.join("");
      return noms.slice(0, -1).join(", ") + " " + (liaison === "et" ? "et" : "ou") + " " + noms[noms.length - 1];
    }

    /** `« texte »`, unless the text holds its own guillemets (a label quoting a bonus). */
    const guillemets = (texte) => (texte.includes("«") ? texte : `« ${texte} »`);

    /** « Meneur » coché, « Tribu : Canopée », « Mode : Coopératif » (as browser_engine/messages.py). */
    function champValeur(pointeur, valeur) {
      const titre = etiquette(pointeur);
      if (typeof valeur === "boolean") return `${guillemets(titre)} ${valeur ? "coché" : "non coché"}`;
      return guillemets(`${titre} : ${nomValeur(pointeur, valeur)}`);
    }

    function nomEntree(i) {
      const entree = Array.isArray(b.liste && b.liste.entrees) ? b.liste.entrees[i] : null;
      const ligne = b.ligneCout ? b.ligneCout(i) : null;
      const sorte = b.sorteDe(entree);
      return String((ligne && ligne.nom) || (estObjet(entree) && entree.nom) || (sorte ? b.libelle(sorte, entree[sorte]) : "Entrée " + (i + 1)));
    }

    /**
     * The message of violation `v` for the player. `surEntree`: the entry whose card shows it (its
     * own designation is left out there).
     */
    function texteJoueur(v, surEntree) {
      const parties = Array.isArray(v.parties) && v.parties.length ? v.parties : [String(v.message || "")];
      let texte = "";
      for (const p of parties) {
        if (typeof p === "string") texte += p;
        else if (!estObjet(p)) continue;
        else if (typeof p.entree === "number") texte += p.entree === surEntree ? "" : (typeof p.nom === "string" && p.nom ? p.nom : nomEntree(p.entree)) + " — ";
        else if (Array.isArray(p.valeurs)) texte += liste(p.valeurs.map((x) => nomValeur(p.champ, x)), p.liaison);
        else if (typeof p.champ === "string" && "valeur" in p) texte += champValeur(p.champ, p.valeur);
        else if (typeof p.champ === "string") texte += guillemets(etiquette(p.champ));
      }
      texte = texte.trim();
      return texte.charAt(0).toUpperCase() + texte.slice(1);
    }

    /** The field a « Corriger » button goes to: the first field the message names, else its pointer. */
    function champCible(v) {
      for (const p of Array.isArray(v.parties) ? v.parties : []) {
        if (estObjet(p) && typeof p.champ === "string") return p.champ;
      }
      return typeof v.chemin === "string" ? v.chemin : "";
    }

    /** One message: its text, « Corriger » (sets the one value it names, else goes to the field) and its rule. */
    function message(v, surEntree) {
      const lien = C().lienSur(b.base, v.regle);
      const cible = champCible(v);
      // « Corriger » goes to a field: of an entry, of the options, or another field of the list — not
      // to the list of entries as a whole (a budget exceeded is fixed by choosing what to drop).
      const haut = cible.split("/")[1] || "";
      const corrigeable = /^\/entrees\/\d+/.test(cible) || (haut && haut !== "entrees" && haut !== "jeu");
      return el("li", { classe: "cpd-violation cpd-violation--" + v.severite, "data-code": v.code || "", "data-chemin": v.chemin || "" },
        el("span", { classe: "cpd-violation-genre" }, v.severite === "erreur" ? "Erreur : " : v.severite === "a-completer" ? "À compléter : " : "Avertissement : "),
        el("span", { classe: "cpd-violation-message" }, texteJoueur(v, surEntree)),
        corrigeable ? [" ", el("button", { type: "button", classe: "cpd-lien-bouton", "data-role": "corriger", "data-cible": cible,
          onclick: () => (b.corriger ? b.corriger(v, cible) : b.allerAuChamp(cible)) }, "Corriger")] : null,
        lien ? [" · ", el("a", { href: lien }, "voir la règle")] : null);
    }

    Object.assign(b, { etiquette, nomValeur, texteJoueur, champCible, message, nomEntree });
  };
})();
