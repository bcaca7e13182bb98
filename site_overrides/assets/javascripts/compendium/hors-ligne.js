// Every page: registers the service worker (sw.js, see generator/offline.py) and, when a new
// build is waiting, offers to reload; loads hors-ligne-preparer.js where the button belongs.
(function () {
  "use strict";
  var sw = navigator.serviceWorker, script = document.currentScript;
  if (!script) return;
  var racine = new URL("../../../", script.src).href;
  if (document.querySelector("[data-hors-ligne],[data-role=chargement]")) {
    var bouton = document.createElement("script");
    bouton.src = racine + "assets/javascripts/compendium/hors-ligne-preparer.js";
    document.body.appendChild(bouton);
  }
  if (!sw) return;
  // A page never runs with two builds: when another build takes over, the page reloads.
  var controle = !!sw.controller, recharge = false;
  sw.addEventListener("controllerchange", function () {
    if (controle && !recharge) { recharge = true; location.reload(); }
    controle = true;
  });
  function proposer(attente) {
    if (!sw.controller || document.getElementById("cpd-nouvelle-version")) return;
    var b = document.createElement("div");
    b.id = "cpd-nouvelle-version";
    b.setAttribute("role", "alert");
    b.style.cssText = "position:fixed;z-index:10;left:50%;bottom:1rem;transform:translateX(-50%);padding:.6rem 1rem;" +
      "border-radius:.3rem;background:var(--md-primary-fg-color);color:var(--md-primary-bg-color);font-size:.8rem;" +
      "box-shadow:0 .2rem .6rem #0006;display:flex;gap:.8rem;align-items:center";
    b.textContent = "Nouvelle version du site disponible";
    var r = document.createElement("button");
    r.textContent = "Recharger";
    r.style.cssText = "font:inherit;font-weight:700;color:inherit;border:1px solid;border-radius:.2rem;padding:.2rem .6rem;cursor:pointer";
    r.onclick = function () { r.disabled = true; attente.postMessage({ type: "activer" }); };
    b.appendChild(r);
    document.body.appendChild(b);
  }
  function suivre(inscription) {
    if (!inscription) return; // blocked service workers (some test harnesses) resolve with nothing
    if (inscription.waiting) proposer(inscription.waiting);
    inscription.addEventListener("updatefound", function () {
      var nouveau = inscription.installing;
      if (nouveau) nouveau.addEventListener("statechange", function () {
        if (nouveau.state === "installed") proposer(nouveau);
      });
    });
  }
  function inscrire() {
    // `mkdocs serve` (live reload): no offline cache, which would keep showing the previous build.
    if (typeof window.livereload === "function") {
      sw.getRegistrations().then(function (l) { l.forEach(function (i) { i.unregister(); }); });
      return;
    }
    sw.register(racine + "sw.js", { scope: racine }).then(suivre, function (e) { console.warn("hors ligne :", e); });
  }
  if (document.readyState === "complete") inscrire(); else addEventListener("load", inscrire);
})();
