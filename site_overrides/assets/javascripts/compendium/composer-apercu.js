// « Composer et vérifier », the builder's first picture (issue 35 §8). Loaded right after the
// builder's section, before every other script of the page: it runs while the page is still being
// read, long before the builder (which waits for the page's scripts and the game's data) and the
// engine (Pyodide) are ready.
//
// * A loading line (`<progress>`, role status) says how far the builder has loaded; the builder
//   (composer-reprise.js) moves it on and removes it when the engine has checked the list.
// * When this browser saved a picture of the list the text view is about to hold (saved by
//   composer-reprise.js with the last report: `compendium.apercu.<jeu>` {texte, html, maj}), it is
//   drawn at once, greyed, under « Dernier rapport enregistré ». Taps on it are not lost: the last
//   control tapped is tapped again on the builder as soon as it is drawn.
// The picture is the builder's own HTML, saved from the page (user text escaped by the browser);
// it is read through a <template> and loses any script, event attribute and `javascript:` link.
(function () {
  "use strict";

  const script = document.currentScript;
  const racine = script && script.closest('[data-compendium-outil="verifier"]');
  const section = racine && racine.querySelector('[data-role="composer"]');
  const contenu = section && section.querySelector('[data-role="composer-contenu"]');
  if (!racine || !section || !contenu || section.dataset.apercu) return;
  const jeu = racine.dataset.jeu || "";
  const ETAPES = 3; // the page, the builder, the engine's check

  function lire(zone, cle) {
    try {
      return window[zone].getItem(cle);
    } catch (e) {
      return null;
    }
  }

  // --- The loading line ---

  const barre = document.createElement("progress");
  barre.max = ETAPES;
  barre.value = 0;
  barre.setAttribute("aria-label", "Chargement du compositeur");
  const texte = document.createElement("span");
  texte.dataset.role = "composer-chargement-texte";
  const ligne = document.createElement("div");
  ligne.className = "cpd-chargement cpd-composer-chargement";
  ligne.dataset.role = "composer-chargement";
  ligne.setAttribute("role", "status");
  ligne.setAttribute("aria-live", "polite");
  ligne.append(barre, " ", texte);
  contenu.before(ligne);

  /** Step `n` of ETAPES, with what is happening (French, read by screen readers). */
  function etape(n, message) {
    if (!ligne.isConnected) return;
    barre.value = Math.min(n, ETAPES);
    texte.textContent = `Étape ${Math.min(n + 1, ETAPES)} sur ${ETAPES} : ${message}`;
  }

  /** Everything is loaded: the line goes. */
  function fin() {
    ligne.remove();
  }

  etape(0, "chargement du compositeur…");
  section.hidden = false;

  // --- The saved picture ---

  let touche = null; // id of the last control tapped on the picture
  const partage = window.location.hash.replace(/^#/, "").startsWith("liste=");
  const attendu = partage ? null : lire("sessionStorage", "compendium.liste." + jeu) ?? lire("localStorage", "compendium.liste." + jeu);
  let sauve = null;
  try {
    sauve = JSON.parse(lire("localStorage", "compendium.apercu." + jeu) || "null");
  } catch (e) {
    sauve = null;
  }
  if (attendu && attendu.trim() && sauve && typeof sauve.html === "string" && sauve.texte === attendu) {
    const modele = document.createElement("template");
    modele.innerHTML = sauve.html;
    for (const x of modele.content.querySelectorAll("script, iframe, object, embed, link, style, base, meta, frame")) x.remove();
    for (const x of modele.content.querySelectorAll("*")) {
      for (const a of [...x.attributes]) {
        if (/^on/i.test(a.name) || (/^(xlink:href|href|src|action|formaction)$/i.test(a.name) && /^\s*javascript:/i.test(a.value))) x.removeAttribute(a.name);
      }
    }
    contenu.replaceChildren(modele.content);
    section.dataset.apercu = "oui";
    section.dataset.rapportEnregistre = "oui";
    const note = document.createElement("p");
    note.className = "cpd-aide cpd-rapport-enregistre";
    note.dataset.role = "rapport-enregistre";
    note.textContent = "Dernier rapport enregistré : le moteur vérifie à nouveau la liste dès qu'il est prêt.";
    contenu.before(note);
    etape(1, "votre dernière liste est affichée ; chargement du compositeur…");
    // A tap on the picture: remembered, and tapped again on the builder once it is drawn.
    const retenir = (ev) => {
      if (section.dataset.apercu !== "oui" || !contenu.contains(ev.target)) return;
      ev.preventDefault();
      ev.stopPropagation();
      if (ev.type !== "click") return;
      const cible = ev.target.closest("button[id], input[id], summary[id], select[id], [data-action][id]");
      touche = cible ? cible.id : touche;
      etape(1, "votre choix sera appliqué dès que le compositeur est prêt…");
    };
    for (const t of ["click", "mousedown", "keydown"]) contenu.addEventListener(t, retenir, true);
  }

  /** The builder drew itself (composer-reprise.js): the picture is gone; the last tap on it is tapped again. */
  function remplace() {
    if (section.dataset.apercu !== "oui") return;
    section.dataset.apercu = "remplace";
    const id = touche;
    touche = null;
    const cible = id ? document.getElementById(id) : null;
    if (cible && contenu.contains(cible) && !cible.disabled) cible.click();
  }

  // The game's data (names, costs, the list schema's labels), asked for now: it downloads while the
  // page's other scripts run. composer.js takes this answer (donnees) instead of asking again.
  const adresse = new URL((racine.dataset.base || "./") + "assets/data/" + jeu + ".json", window.location.href).href;
  let reponse = null;
  try {
    reponse = fetch(adresse, { credentials: "same-origin" });
    reponse.catch(() => null);
  } catch (e) {
    reponse = null;
  }
  /** The early answer for `url` (once), or null: composer.js then fetches it itself. */
  function donnees(url) {
    const r = url === adresse ? reponse : null;
    reponse = null;
    return r;
  }

  window.Compendium = window.Compendium || {};
  window.Compendium.composerApercu = { etape, fin, remplace, donnees, ETAPES };
})();
