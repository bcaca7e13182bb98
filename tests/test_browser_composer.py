"""The list builder's engine call in real Pyodide: `Moteur.composer` from the HAMI tool page."""
from __future__ import annotations

from tests.browser_support import Onglet, attendre_moteur
from tests.test_composer import exemple

APPEL = """async ([requete, catalogue]) => {
  const outil = document.querySelector('[data-compendium-outil][data-base]');
  const m = Compendium.moteur(Compendium.racine(outil ? outil.dataset.base : '../../'));
  try {
    return {resultat: await m.composer('hami', requete, catalogue)};
  } catch (e) {
    return {erreur: e.message};
  }
}"""


def test_composer_dans_le_navigateur(onglet: Onglet, site_url: str) -> None:
    """A Canopée Hami in a Communauté of the Ombre is refused with its French reason; text and errors too."""
    page = onglet.page
    page.goto(site_url + "hami/verifier/")
    attendre_moteur(page)
    liste = exemple("hami", "01-exemple-du-livre.yaml")
    sortie = page.evaluate(APPEL, [{"action": "options", "liste": liste, "chemin": "/entrees/1/tribu"}, None])
    choix = {c["valeur"]: c for c in sortie["resultat"]["choix"]}
    assert not choix["canopee"]["permis"]
    raison = choix["canopee"]["raisons"][0]
    assert raison["code"] == "HAMI_CANOPEE_LUMIERE"
    assert "Canopée" in raison["message"] and "Ombre" in raison["message"]
    assert raison["regle"].startswith("hami/")
    assert choix["eau"]["actif"] and choix["eau"]["permis"] and choix["eau"]["cout_total"] == 9
    texte = page.evaluate(APPEL, [{"action": "texte", "liste": liste}, None])["resultat"]
    assert texte["valide"] and texte["texte"].startswith("Les Guetteurs du Rocher — HAMI")
    erreur = page.evaluate(APPEL, [{"action": "options", "liste": liste, "chemin": "/../x"}, None])
    assert erreur["erreur"].startswith("Chemin de champ invalide")
