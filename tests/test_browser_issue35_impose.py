"""Issue 35, items 2 and 3: the rules fill in what they force, and a new list starts calm.

In Chromium at 390 × 844, on « Composer et vérifier »:

* a new Hate list has its tribe of 11 at once, and shows what remains to choose, not errors;
* a new Tamashii setup has its player and Sac; its Marché des Corps and Réserve follow the player
  count once the mode and Scenario are chosen, except a value the player changed;
* a new list of every game shows no error (« À choisir » when something remains to choose);
* Tamashii in solo shows no rule of the co-op or competitive modes;
* « Corriger » sets the value its message names in one tap, says so, and « Annuler » undoes it;
* an error of the entry being edited shows once the focus leaves its card.

Expected values come from the game data (data/<jeu>/regles-liste.yaml, listes/, the list schemas).
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from tests.composer_support import attendre_liste, attendre_rapport, liste_texte, onglet_telephone, ouvrir, saisir

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
A_CHOISIR = "[data-role=a-choisir]"
ERREURS = "[data-role=composer] li.cpd-violation--erreur"


def regles(jeu: str) -> list[dict]:
    return yaml.safe_load((DATA / jeu / "regles-liste.yaml").read_text(encoding="utf-8"))["regles_liste"]


def regle(jeu: str, ident: str) -> dict:
    return next(r for r in regles(jeu) if r["id"] == ident)


def borne(jeu: str, ident: str, joueurs: int) -> int:
    """A rule's exact bound, an arithmetic expression of `format` (« format + 1 », « 4 * format »)."""
    expression = str(regle(jeu, ident)["borne"]["exact"])
    assert set(expression) <= set("format0123456789+* ")
    return int(eval(expression, {"__builtins__": {}}, {"format": joueurs}))  # noqa: S307 - checked above


def titre(jeu: str, *chemin: str) -> str:
    """The label of a list field: its schema title."""
    noeud = json.loads((ROOT / "schemas" / f"liste-{jeu}.schema.json").read_text(encoding="utf-8"))
    for cle in chemin:
        noeud = noeud["properties"][cle]
    return noeud["title"]


@pytest.fixture
def page(navigateur: object) -> Iterator[object]:
    """A phone-sized tab (390 × 844), a fresh browser profile, that must not leave 127.0.0.1 or throw."""
    yield from onglet_telephone(navigateur)




def capture(page: object, output_dir: Path, nom: str, cible: str) -> None:
    page.locator(cible).first.scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / f"issue35-impose-{nom}.png"))


def gardees_du_jeu(page: object, jeu: str) -> list[dict]:
    brut = page.evaluate("(c) => localStorage.getItem(c)", f"compendium.listes.{jeu}")
    return json.loads(brut)["listes"] if brut else []


def pas_d_erreur(page: object) -> None:
    assert page.locator(ERREURS).count() == 0
    assert page.get_attribute("[data-role=composer] [data-nombre]", "data-nombre") == "0"


# --- Item 2: Hate's tribe, Tamashii's setup -----------------------------------------------------


def test_hate_nouvelle_liste_a_sa_tribu_et_rien_en_erreur(page: object, site_url: str, output_dir: Path) -> None:
    composition = {r["selecteur"]["type"]: r["borne"]["exact"] for r in regles("hate")
                   if r["id"].startswith("composition-") and r.get("compte") == "entrees"}
    ouvrir(page, site_url + "hate/verifier/")
    attendre_liste(page, "return (t.match(/^- type:/gm) || []).length === a", sum(composition.values()))
    attendre_rapport(page)
    assert Counter(e["type"] for e in liste_texte(page)["entrees"]) == Counter(composition)
    page.wait_for_selector(A_CHOISIR)
    pas_d_erreur(page)
    items = page.locator(f"{A_CHOISIR} li").all_inner_texts()
    assert items == [titre("hate", "options", "tribu"), titre("hate", "options", "mode")]
    capture(page, output_dir, "hate-nouvelle", A_CHOISIR)
    # Each item goes to its control.
    page.locator(f"{A_CHOISIR} li button").nth(1).click()
    assert page.evaluate("() => document.activeElement.closest('[data-champ-chemin]').dataset.champChemin") == "/options/mode"


def test_tamashii_nouvelle_partie_remplie_et_qui_suit_les_joueurs(page: object, site_url: str, output_dir: Path) -> None:
    exemple = yaml.safe_load((DATA / "tamashii" / "listes" / "02-geo-chasse-a-trois.yaml").read_text(encoding="utf-8"))
    joueur = exemple["entrees"][0]
    # Step 4a in the example: 3 of each type besides the one more of the Données Essentielles.
    sac_base = sorted(n - (k == joueur["donnees_essentielles"]) for k, n in joueur["sac"].items())
    ouvrir(page, site_url + "tamashii/verifier/")
    attendre_liste(page, "return /sac:/.test(t)")
    attendre_rapport(page)
    liste = liste_texte(page)
    assert len(liste["entrees"]) == liste["format"] == 1
    assert sorted(liste["entrees"][0]["sac"].values()) == sac_base
    page.wait_for_selector(A_CHOISIR)
    pas_d_erreur(page)
    capture(page, output_dir, "tamashii-nouvelle", A_CHOISIR)

    page.select_option("#cpd-c-options-mode", json.dumps("cooperatif"))
    page.select_option("#cpd-c-options-scenario", json.dumps("geo-chasse"))
    attendre_liste(page, "return /marche_des_corps: \\d/.test(t) && /reserve_corrompues: \\d/.test(t)")
    options = liste_texte(page)["options"]
    assert options["marche_des_corps"] == borne("tamashii", "marche-des-corps-de-depart", 1)
    assert options["reserve_corrompues"] == borne("tamashii", "reserve-corrompues-geo-chasse", 1)

    # One player more: a second player, and the Marché and Réserve follow.
    page.click("#cpd-c-format-plus")
    marche2 = borne("tamashii", "marche-des-corps-de-depart", 2)
    attendre_liste(page, "return t.includes('marche_des_corps: ' + a)", marche2)
    attendre_liste(page, "return (t.match(/sac:/g) || []).length === 2")
    liste = liste_texte(page)
    assert liste["options"]["reserve_corrompues"] == borne("tamashii", "reserve-corrompues-geo-chasse", 2)
    assert len(liste["entrees"]) == 2

    # The player changes the Marché: it is theirs, and stays when the player count changes again.
    page.click("#cpd-c-options-marche_des_corps-plus")
    attendre_liste(page, "return t.includes('marche_des_corps: ' + a)", marche2 + 1)
    page.click("#cpd-c-format-plus")
    attendre_liste(page, "return t.includes('reserve_corrompues: ' + a)", borne("tamashii", "reserve-corrompues-geo-chasse", 3))
    assert liste_texte(page)["options"]["marche_des_corps"] == marche2 + 1


# --- Item 3: calm start, the chosen mode only, errors after leaving the entry ---------------------


def a_atteindre(jeu: str) -> list[str]:
    """The names of the list-wide rules an empty list does not meet: a lower bound on its entries
    (`min` or `exact` above 0), an error, that holds for a list in the game's usual setting (no
    condition, or only « not the predators' group »)."""
    noms = []
    for r in regles(jeu):
        bornes = r.get("borne") or {}
        bas = [v for v in (bornes.get("min"), bornes.get("exact")) if isinstance(v, int)]  # a number, not « format »
        if (r.get("portee") == "liste" and r.get("severite") == "erreur" and bas and max(bas) > 0
                and r.get("si") in (None, {"groupe_de_predateurs": False})):
            noms.append(r["nom"])
    return noms


@pytest.mark.parametrize("jeu", ["hami", "bataille-d6", "kharn-ages"])
def test_nouvelle_liste_sans_erreur(page: object, site_url: str, jeu: str) -> None:
    """Nothing forced in a new list of these games: it is checked all the same, and what remains to
    choose is listed, by the data rules' names, with its entries and their budget; no error."""
    schema = json.loads((ROOT / "schemas" / f"liste-{jeu}.schema.json").read_text(encoding="utf-8"))
    depart = schema["properties"]["format"]
    budget = depart.get("const", depart.get("default", (depart.get("x-depart") or {}).get("valeur")))
    ouvrir(page, site_url + f"{jeu}/verifier/")
    attendre_rapport(page)
    page.wait_for_selector(A_CHOISIR)
    assert page.locator(ERREURS).count() == 0
    items = page.locator(f"{A_CHOISIR} li").all_inner_texts()
    assert set(a_atteindre(jeu)) <= set(items), items
    entrees = [i for i in items if i.startswith(schema["properties"]["entrees"]["title"])]
    assert len(entrees) == 1 and f"{budget} " in entrees[0], items
    assert gardees_du_jeu(page, jeu) == [], "a list the player never touched is not kept"
    # The entries' item goes to « Ajouter ».
    page.locator(f"{A_CHOISIR} li button", has_text=entrees[0]).click()
    assert page.evaluate("() => !!document.activeElement.closest('[data-role=ajouter], .cpd-section-ajouter')")


def test_tamashii_solo_sans_regle_des_autres_modes(page: object, site_url: str) -> None:
    autres = set()
    for r in regles("tamashii"):
        si = (r.get("si") or {}).get("mode")
        modes = si.get("parmi") if isinstance(si, dict) else [si] if isinstance(si, str) else None
        if modes is not None and "solo" not in modes:
            autres.add(r["code"])
    autres -= {r["code"] for r in regles("tamashii") if "solo" in str((r.get("si") or {}).get("mode"))}
    ouvrir(page, site_url + "tamashii/verifier/")
    attendre_liste(page, "return /sac:/.test(t)")
    page.select_option("#cpd-c-options-mode", json.dumps("solo"))
    attendre_liste(page, "return /mode: solo/.test(t)")
    attendre_rapport(page)
    page.click("[data-action=verifier-tout]") if page.locator("[data-action=verifier-tout]").count() else None
    codes = set(page.eval_on_selector_all("[data-role=composer] li.cpd-violation", "ls => ls.map((l) => l.dataset.code)"))
    assert codes, "the solo setup has things to fix: its messages are shown"
    assert not codes & autres


def test_une_erreur_apparait_en_quittant_l_entree(page: object, site_url: str) -> None:
    ouvrir(page, site_url + "tamashii/verifier/")
    attendre_liste(page, "return /sac:/.test(t)")
    page.select_option("#cpd-c-options-mode", json.dumps("cooperatif"))
    attendre_liste(page, "return /protocoles:/.test(t)")  # what co-op forces is filled in
    attendre_rapport(page)
    ligne = "li[data-role=entree][data-index='0']"
    if page.get_attribute(f"{ligne} [data-action=ouvrir]", "aria-expanded") != "true":
        page.click(f"{ligne} [data-action=ouvrir]")
    # The player picks a Plateau: the entry's remaining errors (Classe…) wait while they edit it.
    page.click("#cpd-c-entrees-0-plateau-plus")
    attendre_liste(page, "return /plateau: \\d/.test(t)")
    attendre_rapport(page)
    assert page.locator(f"{ligne}.cpd-ligne--erreur").count() == 0
    assert page.locator(f"{ligne} li.cpd-violation--erreur").count() == 0
    # Focus leaves the card: its errors show.
    page.focus("#cpd-listes-gardees")
    page.wait_for_selector(f"{ligne}.cpd-ligne--erreur", timeout=10_000)


def test_corriger_applique_la_valeur_et_annuler_la_retire(page: object, site_url: str, output_dir: Path) -> None:
    fichier = DATA / "tamashii" / "listes" / "22-invalide-geo-chasse-sans-marche.yaml"
    liste = yaml.safe_load(fichier.read_text(encoding="utf-8"))
    assert "marche_des_corps" not in liste["options"]
    attendu = borne("tamashii", "marche-des-corps-a-poser", liste["format"])
    code = regle("tamashii", "marche-des-corps-a-poser")["code"]
    ouvrir(page, site_url + "tamashii/verifier/")
    saisir(page, fichier.read_text(encoding="utf-8"))
    attendre_liste(page, "return /geo-chasse/.test(t)")
    attendre_rapport(page)
    # A list read from the text view is never filled by itself: its message offers « Corriger ».
    assert "marche_des_corps" not in liste_texte(page)["options"]
    message = page.locator(f"[data-role=composer] li.cpd-violation[data-code={code}]").filter(has=page.locator("[data-role=corriger]")).first
    capture(page, output_dir, "corriger-avant", f"[data-role=composer] li.cpd-violation[data-code={code}]")
    message.locator("[data-role=corriger]").click()
    attendre_liste(page, "return t.includes('marche_des_corps: ' + a)", attendu)
    statut = page.inner_text("[data-role=composer-statut]")
    assert "Corrigé" in statut and titre("tamashii", "options", "marche_des_corps") in statut
    capture(page, output_dir, "corriger-apres", "[data-role=composer-statut]")
    page.click("[data-role=annuler]")
    attendre_liste(page, "return !/marche_des_corps/.test(t)")
    assert liste_texte(page)["options"] == liste["options"]
