// The « Préparer pour jouer hors ligne » block (home page's [data-hors-ligne], and after the
// engine's loading line on tool pages): shows the size to download, fetches every file the
// service worker has not cached yet (sw.js does the work), with progress, then « Prêt hors ligne ».
(function () {
  "use strict";
  const sw = navigator.serviceWorker;
  const chiffre = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const mo = (octets) => chiffre.format(octets / (1024 * 1024)) + "\u00a0Mo";

  /** Send a message to the active worker; `surMessage` receives every answer until it returns true. */
  function demander(travailleur, message, surMessage) {
    const canal = new MessageChannel();
    canal.port1.onmessage = (e) => {
      if (surMessage(e.data)) canal.port1.close();
    };
    travailleur.postMessage(message, [canal.port2]);
  }

  function creer(tag, classe, texte) {
    const noeud = document.createElement(tag);
    if (classe) noeud.className = classe;
    if (texte) noeud.textContent = texte;
    return noeud;
  }

  function bloc() {
    const conteneur = creer("div", "cpd-hors-ligne");
    conteneur.setAttribute("data-hors-ligne", "");
    return conteneur;
  }

  function monter(conteneur) {
    if (conteneur.dataset.etat) return;
    conteneur.dataset.etat = "verification";
    conteneur.classList.add("cpd-hors-ligne");
    const bouton = creer("button", "md-button md-button--primary", "Préparer pour jouer hors ligne");
    bouton.type = "button";
    const barre = creer("progress");
    // Material's .md-button sets `display`, which beats the `hidden` attribute: hide by style.
    const montrer = (noeud, visible) => {
      noeud.style.display = visible ? "" : "none";
    };
    montrer(bouton, false);
    montrer(barre, false);
    const texte = creer("span", "cpd-hors-ligne__texte", "Vérification des fichiers disponibles hors ligne…");
    texte.setAttribute("role", "status");
    texte.setAttribute("aria-live", "polite");
    conteneur.replaceChildren(bouton, " ", texte, " ", barre);
    conteneur.style.cssText = "margin:1em 0;display:flex;flex-wrap:wrap;gap:.5em;align-items:center";
    if (!sw) {
      conteneur.dataset.etat = "impossible";
      texte.textContent = "Ce navigateur ne permet pas de jouer hors ligne.";
      return;
    }

    function afficher(etat) {
      montrer(barre, false);
      if (etat.manquant === 0) {
        conteneur.dataset.etat = "pret";
        montrer(bouton, false);
        texte.textContent = `Prêt hors ligne (${mo(etat.total)}) : règles, recherche, impression et outils.`;
      } else {
        conteneur.dataset.etat = "a-preparer";
        montrer(bouton, true);
        bouton.disabled = false;
        texte.textContent = `${mo(etat.manquant)} à télécharger (Python et le moteur des outils).`;
      }
    }

    if (!sw.controller) texte.textContent = "Mise en mémoire des pages du site…";
    sw.ready.then((inscription) => {
      const actif = () => inscription.active;
      demander(actif(), { type: "etat" }, (etat) => {
        afficher(etat);
        return true;
      });
      function lancer(depuisCacheHttp) {
        bouton.disabled = true;
        montrer(bouton, false);
        conteneur.dataset.etat = "preparation";
        montrer(barre, true);
        barre.value = 0;
        texte.textContent = "Téléchargement…";
        demander(actif(), { type: "preparer", depuisCacheHttp }, (m) => {
          if (m.type === "progression") {
            barre.max = Math.max(m.total, 1);
            barre.value = m.recus;
            texte.textContent = `${mo(m.recus)} reçus sur ${mo(m.total)}…`;
            return false;
          }
          if (m.type === "fini") afficher(m);
          else {
            conteneur.dataset.etat = "erreur";
            montrer(barre, false);
            montrer(bouton, true);
            bouton.disabled = false;
            texte.textContent = `Échec du téléchargement (${m.message}). Vérifiez le réseau et réessayez.`;
          }
          return true;
        });
      }
      bouton.addEventListener("click", () => lancer(false));
      // On a tool page, once the engine is ready, keep what it downloaded (from the HTTP cache).
      const chargement = conteneur.previousElementSibling;
      if (chargement && chargement.matches("[data-role=chargement]")) {
        const garder = () => {
          if (chargement.dataset.pret !== "oui" || conteneur.dataset.etat !== "a-preparer") return false;
          lancer(true);
          return true;
        };
        if (!garder()) {
          const observateur = new MutationObserver(() => garder() && observateur.disconnect());
          observateur.observe(chargement, { attributes: true, attributeFilter: ["data-pret"] });
          observateur.observe(conteneur, { attributes: true, attributeFilter: ["data-etat"] });
        }
      }
    });
  }

  function placer() {
    for (const zone of document.querySelectorAll("[data-hors-ligne]")) monter(zone);
    const chargement = document.querySelector("[data-role=chargement]");
    if (chargement && !document.querySelector(".cpd-hors-ligne")) {
      const conteneur = bloc();
      chargement.after(conteneur);
      monter(conteneur);
    }
  }
  placer();
})();
