"""« Vérifier une liste » as a player uses it, in headless Chromium (issue 10, §6 and §7).

* The list survives « voir la règle » then Back, and a reload, per game, even when it does not read.
* A share link that inflates past the engine's size limit is refused with a French message.
* A list with thousands of violations shows the first ones and « … et N autres » (no freeze).
* Check codes (D6_HEROS_MAX) are small and secondary, never in the message.
* At 390 px the page does not scroll sideways and every entry's cost is on screen.
"""
from __future__ import annotations

import base64
import zlib

import pytest

from tests.browser_support import attendre_moteur
from tests.test_browser_outils import ETAT, EXEMPLE_INVALIDE, PANNEAU, Onglet, attendre_etat, exemples, ouvrir, saisir

JEU = "bataille-d6"
PAGE = f"{JEU}/verifier/"


def attendre_texte(page: object, texte: str) -> None:
    page.wait_for_function("(t) => document.querySelector('#cpd-liste').value === t", arg=texte, timeout=15_000)


def lien_deflate(contenu: bytes) -> str:
    """A share-link fragment as verifier.js writes it: deflate-raw, then base64url."""
    compresseur = zlib.compressobj(9, zlib.DEFLATED, -15)
    octets = compresseur.compress(contenu) + compresseur.flush()
    return "#liste=z." + base64.urlsafe_b64encode(octets).rstrip(b"=").decode("ascii")


def horde(n: int) -> str:
    """n Héros with values outside the cost table: three errors each, plus one Héros too many each."""
    lignes = ["jeu: bataille-d6", "nom: Horde", "format: 250", "entrees:"]
    for i in range(n):
        lignes += [f"  - nom: Gobelin {i}", "    role: heros", "    mouvement: 9", "    melee: 9", "    tir: 9",
                   "    armure: 9"]
    return "\n".join(lignes) + "\n"


# --- §7: the list is kept -----------------------------------------------------------------------


def test_liste_gardee_apres_la_regle_le_retour_et_un_rechargement(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    page.select_option("#cpd-exemple", exemples(page)[EXEMPLE_INVALIDE])
    attendre_etat(page, "invalide")
    texte = page.input_value("#cpd-liste") + "# ma remarque à moi\n"
    saisir(page, texte)
    attendre_etat(page, "invalide")

    # « voir la règle », then Back: the list is there and checked again.
    page.locator("[data-role=erreurs] a", has_text="voir la règle").first.click()
    page.wait_for_url(lambda url: "/verifier/" not in url)
    page.go_back()
    attendre_moteur(page)
    attendre_texte(page, texte)
    attendre_etat(page, "invalide")
    assert page.locator("[data-role=erreurs] li").count() == 1

    # A reload, then a fresh tab of the same browser.
    page.reload()
    attendre_moteur(page)
    attendre_texte(page, texte)
    attendre_etat(page, "invalide")
    autre = onglet.nouvelle_page()
    ouvrir(autre, site_url + PAGE)
    attendre_texte(autre, texte)
    attendre_etat(autre, "invalide")
    autre.close()

    # Text that does not read is kept exactly as typed, too.
    casse = "jeu: bataille-d6\nnom: [pas fermé\nentrees:\n"
    saisir(page, casse)
    attendre_etat(page, "illisible")
    page.reload()
    attendre_moteur(page)
    attendre_texte(page, casse)
    attendre_etat(page, "illisible")

    # Per game: another game's checker does not pick it up.
    ouvrir(page, site_url + "hami/verifier/")
    assert page.input_value("#cpd-liste") == ""
    ouvrir(page, site_url + PAGE)
    attendre_texte(page, casse)


def test_un_lien_partage_ne_perd_pas_la_liste_du_joueur(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    mienne = "jeu: bataille-d6\nnom: La mienne\nformat: 250\nentrees: []\n"
    saisir(page, mienne)
    attendre_etat(page, "valide")
    partagee = "jeu: bataille-d6\nnom: Celle d'un ami\nformat: 300\nentrees: []\n"
    page.goto(site_url + PAGE + lien_deflate(partagee.encode("utf-8")))
    attendre_moteur(page)
    attendre_texte(page, partagee)
    bouton = page.get_by_role("button", name="Reprendre ma liste précédente")
    bouton.click()
    attendre_texte(page, mienne)
    attendre_etat(page, "valide")
    assert bouton.is_hidden()
    page.reload()
    attendre_moteur(page)
    attendre_texte(page, mienne)


# --- §6: share links inflate within a limit ------------------------------------------------------


@pytest.mark.parametrize("taille_mo", [3, 50])
def test_lien_qui_gonfle_refuse(onglet: Onglet, site_url: str, taille_mo: int) -> None:
    """A 50 Mo list packs into a ~50 Ko link; it is refused before it reaches the text box."""
    page = onglet.page
    contenu = b"jeu: bataille-d6\nnom: bombe\n# " + b"a" * (taille_mo * 1024 * 1024) + b"\n"
    fragment = lien_deflate(contenu)
    assert len(fragment) < 120_000
    ouvrir(page, site_url + PAGE + fragment)
    page.wait_for_selector(PANNEAU, timeout=15_000)
    panneau = page.inner_text(PANNEAU)
    assert "Lien de partage refusé" in panneau and "1 Mo" in panneau, panneau
    assert "Liste illisible" not in page.inner_text(ETAT)
    assert page.input_value("#cpd-liste") == ""
    # The page still works.
    saisir(page, "jeu: bataille-d6\nnom: ok\nformat: 250\nentrees: []\n")
    attendre_etat(page, "valide")


# --- §6: thousands of violations -----------------------------------------------------------------


def test_milliers_de_violations_affichees_par_paquets(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    saisir(page, horde(900))
    attendre_etat(page, "invalide", timeout=60_000)
    erreurs = page.locator("[data-role=erreurs] > li")
    titre = page.locator("[data-role=details] h3", has_text="Erreurs").inner_text()
    total = int(titre.split("(")[1].split(")")[0].replace("\u202f", "").replace("\u00a0", "").replace(" ", ""))
    assert total > 2000, titre
    assert erreurs.count() == 200
    suite = page.locator("[data-role=suite]").first
    assert f"et {total - 200:,} autres erreurs".replace(",", "\u202f") in suite.inner_text()
    suite.get_by_role("button").click()
    assert erreurs.count() == 400
    assert page.locator("table[data-role=couts] tbody tr").count() == 200


# --- §7: technical noise ----------------------------------------------------------------------


def test_codes_discrets(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    page.select_option("#cpd-exemple", exemples(page)[EXEMPLE_INVALIDE])
    attendre_etat(page, "invalide")
    assert "D6_" not in page.inner_text("[data-role=exemple-description]")
    erreur = page.locator("[data-role=erreurs] > li").first
    message = erreur.locator(".cpd-violation-message")
    # The code is kept for tools in data-code, never shown to the player (issue 35).
    assert erreur.get_attribute("data-code") == "D6_HEROS_MAX"
    assert erreur.locator(".cpd-code").count() == 0
    assert "D6_" not in erreur.inner_text() and message.inner_text()


# --- §7: 390 px ---------------------------------------------------------------------------------


@pytest.mark.parametrize("jeu", ["bataille-d6", "hami", "kharn-ages"])
def test_telephone_390_px(navigateur: object, site_url: str, jeu: str) -> None:
    o = Onglet(navigateur)
    try:
        page = o.page
        page.set_viewport_size({"width": 390, "height": 844})
        ouvrir(page, site_url + f"{jeu}/verifier/")
        page.select_option("#cpd-exemple", sorted(exemples(page).values())[0])
        page.wait_for_selector("table[data-role=couts] tbody tr")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        couts = page.locator("table[data-role=couts] tbody tr > td:last-child").all()
        assert couts
        for cellule in couts:
            boite = cellule.bounding_box()
            assert boite["x"] >= 0 and boite["x"] + boite["width"] <= 390, boite
            assert cellule.inner_text().strip()
        o.verifier_propre()
    finally:
        o.contexte.close()
