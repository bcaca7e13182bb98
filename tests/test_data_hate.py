"""Hate data against the rulebook (../shared/seeds/002_00c9c544d4fe4dce.txt): facts, missing values, readings.

Each test names the book lines it checks. Expected facts are read from the book by hand (and, where
the rulebook is present, counted in the book text itself), never from the data under test.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "hate"
LIVRE = (ROOT / os.environ.get("COMPENDIUM_SHARED", "../shared")).resolve() / "seeds" / "002_00c9c544d4fe4dce.txt"


def entrees(fichier: str) -> dict[str, dict[str, Any]]:
    """The entries of one Hate data file, by id."""
    with open(DATA / fichier, encoding="utf-8") as f:
        contenu = yaml.safe_load(f)
    (liste,) = contenu.values()
    return {e["id"]: e for e in liste}


def toutes() -> dict[str, dict[str, Any]]:
    """Every Hate entry of every kind, by id."""
    out: dict[str, dict[str, Any]] = {}
    for fichier in ("sections.yaml", "tables.yaml", "capacites.yaml", "profils.yaml", "mots-cles.yaml",
                    "scenarios.yaml"):
        out.update(entrees(fichier))
    return out


def lignes_du_livre(debut: int, fin: int) -> list[str]:
    if not LIVRE.exists():
        pytest.skip(f"le livre de règles ({LIVRE}) n'est pas présent dans ce clone ; indiquez son dossier avec COMPENDIUM_SHARED")
    return LIVRE.read_text("utf-8").splitlines()[debut - 1:fin]


def capacites(categorie: str) -> list[dict[str, Any]]:
    return [e for e in entrees("capacites.yaml").values() if e["categorie"] == categorie]


def lignes(table: str) -> list[dict[str, Any]]:
    return entrees("tables.yaml")[table]["lignes"]


# ------------------------------------------------------------------ manifest


def test_outils_et_pages():
    # Issue 11 asks for a roster checker (V), exact odds (O), the chronicle score and print aids (P).
    with open(DATA / "jeu.yaml", encoding="utf-8") as f:
        jeu = yaml.safe_load(f)["jeu"]
    assert set(jeu["outils"]) == {"verifier", "jouer", "probas", "score", "imprimer"}
    assert [p["id"] for p in jeu["pages"]] == [
        "bases", "chronique", "bataille-simple", "bataille", "tour", "actions", "combat", "forge",
        "fin-de-bataille", "village", "mercenaires", "multijoueur", "tribus", "competences", "rappels"]


# ------------------------------------------------------------ tribes, figures


TRIBUS = ["um-kator", "bul-gar", "um-rak", "um-gra", "um-gorr", "um-cordu", "um-cal", "um-tal",
          "vore-nash", "um-tull", "sarrassa"]


def test_onze_tribus_dont_sept_avec_regle_speciale():
    # l. 146-173: 8 tribes in the core box; l. 1507-1577: Vore Nash, Um'Tull, Sarrassa "ne fait pas partie
    # de la boîte principale". Special rules: Um'Gra, Um'Kator, Um'Tal, Bul'Gar (1450-1505), Vore Nash,
    # Um'Tull, Sarrassa (1507-1577).
    table = lignes("tribus")
    assert [r["ref"] for r in table] == [f"tribu-{t}" for t in TRIBUS]
    assert [r["ref"] for r in table if not r["boite"]] == ["tribu-vore-nash", "tribu-um-tull", "tribu-sarrassa"]
    avec_regle = {r["ref"] for r in table if r["speciale"]}
    assert avec_regle == {f"tribu-{t}" for t in ("um-gra", "um-kator", "um-tal", "bul-gar", "vore-nash", "um-tull",
                                                   "sarrassa")}


def test_les_huit_tribus_de_la_boite_dans_le_livre():
    texte = "\n".join(lignes_du_livre(145, 173))
    assert len(re.findall(r"^Tribu Um’|^Tribu Bul’", texte, re.MULTILINE)) == 8
    assert "1 Tyran" in texte and "14 figurines" in texte


def test_cinq_types_de_figurines_onze_par_tribu():
    # l. 679-680: 1 Prince, 1 Shaman, 1 Champion, 6 Guerriers, 2 Jeunes-sang.
    profils = entrees("profils.yaml")
    attendu = {"prince": 1, "shaman": 1, "champion": 1, "guerrier": 6, "jeune-sang": 2}
    assert {i: profils[i]["proprietes"]["nombre_par_tribu"] for i in attendu} == attendu
    assert sum(attendu.values()) == 11


def test_cout_d_activation():
    # l. 557-560: 1 savagery, Princes and mercenaries 2; l. 1951: Char 3; l. 2026: Worm 0.
    couts = {r["figurine"]: r["cout"] for r in lignes("cout-d-activation")}
    assert couts["Prince"] == 2
    assert couts["Char"] == 3
    assert couts["Worm"] == 0
    assert couts["Shaman, Champion, Guerrier, Jeune-sang"] == 1
    profils = entrees("profils.yaml")
    assert profils["char"]["proprietes"]["cout_activation"] == 3
    assert profils["worm"]["proprietes"]["cout_activation"] == 0
    assert profils["maw"]["proprietes"]["cout_activation"] == 2


# ------------------------------------------------------ skills and upgrades


def test_trois_competences_de_depart():
    # l. 1616-1626: Endurance, Soutien +1 ou +2, Portée.
    assert [c["id"] for c in capacites("compétence de départ")] == ["endurance", "soutien", "portee"]


def test_seize_ameliorations_generiques_a01_a_d04():
    # l. 1628-1678: A-01..A-04, B-01..B-04, C-01..C-04, D-01..D-04.
    codes = [c["proprietes"]["code"] for c in capacites("amélioration générique")]
    assert codes == [f"{x}-0{n}" for x in "ABCD" for n in range(1, 5)]


def test_generiques_exactes():
    par_code = {c["proprietes"]["code"]: c["resume"] for c in capacites("amélioration générique")}
    assert "+1 dé en attaque" in par_code["A-03"]           # l. 1635
    assert "5 cases" in par_code["B-04"]                    # l. 1649-1650
    assert "+1 PM" in par_code["C-01"]                      # l. 1651
    assert "2 PM" in par_code["C-02"]                       # l. 1654-1656
    assert "+1 frappe" in par_code["C-04"]                  # l. 1661-1662


def test_trente_trois_ameliorations_specifiques_trois_par_tribu():
    # l. 1680-1849: three specific upgrades for each of the 11 tribes.
    specifiques = capacites("amélioration spécifique")
    assert len(specifiques) == 33
    for tribu in TRIBUS:
        assert sum(c["proprietes"]["tribu"] == tribu for c in specifiques) == 3, tribu
    codes = {c["nom"] for c in specifiques}
    # A few codes exactly as printed (l. 1680, 1692, 1733, 1789, 1804, 1836).
    assert {"Um'Tal-B-03", "Um'Kator-D-01", "Um'Gorr-D-01", "Bul'Gar-D-03", "Vore Nash-A-03", "Sarrassa-D-03"} <= codes


def test_um_gra_codes_illisibles():
    # l. 1693, 1701, 1709: all three printed "Um'Gra-B-01"; the slot is unknown, not guessed.
    um_gra = [c for c in capacites("amélioration spécifique") if c["proprietes"]["tribu"] == "um-gra"]
    assert [c["proprietes"]["code"] for c in um_gra] == ["B-01", "B-01", "B-01"]
    assert all(c["proprietes"]["emplacement"] is None and "manquant" in c for c in um_gra)


def test_restrictions_imprimees():
    cap = entrees("capacites.yaml")
    assert cap["um-tal-b-03"]["restrictions"] == ["seulement pour les guerriers"]              # l. 1682
    assert cap["bul-gar-c-01"]["restrictions"] == ["seulement pour les shamans"]              # l. 1777-1778
    assert cap["um-gorr-d-01"]["restrictions"] == ["seulement pour les Princes et mercenaires"]  # l. 1737-1739


def test_shamans_dix_sur_onze():
    # l. 1683-1849: ten shaman skills; the Bul'Gar one is absent from the text.
    shamans = {c["proprietes"]["tribu"]: c for c in capacites("compétence de shaman")}
    assert set(shamans) == set(TRIBUS)
    assert [t for t, c in shamans.items() if "manquant" in c] == ["bul-gar"]


def test_shaman_um_kator_cinq_jetons():
    # l. 1716-1719: five savagery tokens on the card at the start of each battle.
    assert "5 jetons Sauvagerie" in entrees("capacites.yaml")["um-kator-shaman"]["resume"]


def test_neuf_ameliorations_de_mission():
    # l. 1851-1886.
    noms = [c["nom"] for c in capacites("amélioration de mission")]
    assert noms[:2] == ["Tueur de Princes", "Sauveur"]
    assert noms[3:] == ["Catapulte", "Faucher", "Pousser", "Saisir", "Saut en longueur", "Champignon"]
    assert len(noms) == 9
    catapulte = entrees("capacites.yaml")["mission-catapulte"]["resume"]
    assert "5 dés" in catapulte and "1 relance" in catapulte and "−3 PM" in catapulte   # l. 1859-1862


def test_douze_cicatrices():
    # l. 1888-1929: Scar-A-01 .. Scar-D-03, four of them "Pas d'effet" (A-03, B-03, C-03, D-03).
    cic = capacites("cicatrice")
    assert [c["proprietes"]["code"] for c in cic] == [f"{x}-0{n}" for x in "ABCD" for n in range(1, 4)]
    sans_effet = [c["proprietes"]["code"] for c in cic if c["resume"].startswith("Aucun effet")]
    assert sans_effet == ["A-03", "B-03", "C-03", "D-03"]


def test_douze_cicatrices_dans_le_livre():
    texte = "\n".join(lignes_du_livre(1888, 1929))
    assert sorted(set(re.findall(r"Scar-([A-D]-0\d)", texte))) == [f"{x}-0{n}" for x in "ABCD" for n in range(1, 4)]


MERCENAIRES = {  # l. 1897-2037, letters as printed
    "clay-man": "BD", "corvux": "CD", "grock": "AD", "bra-ku-taa": "AD", "brothers-ashkar": "AD", "char": "ACD",
    "maw": "AD", "rash-naar": "BCD", "sheya": "AC", "spore-child": "BD", "trull": "AB", "tun-dor": "AC",
    "vrail": "AD", "worm": "CD", "le-tyran": "ACD",
}


def test_quatorze_mercenaires_et_le_tyran_trente_trois_competences():
    comp = capacites("compétence de mercenaire")
    assert len(comp) == 33 == sum(len(v) for v in MERCENAIRES.values())
    lettres: dict[str, str] = {}
    for c in comp:
        lettres[c["proprietes"]["mercenaire"]] = lettres.get(c["proprietes"]["mercenaire"], "") + c["proprietes"]["emplacement"]
    assert lettres == MERCENAIRES
    profils = entrees("profils.yaml")
    mercs = [p for p in profils.values() if p["categorie"] == "mercenaire"]
    assert len(mercs) == 14
    assert profils["profil-le-tyran"]["capacites"] == ["le-tyran-a", "le-tyran-c", "le-tyran-d"]


def test_mercenaires_dans_le_livre():
    texte = "\n".join(lignes_du_livre(1897, 2037))
    for nom, lettre in [("Clay Man", "B"), ("Corvux", "C"), ("Grock", "A"), ("Bra Ku Taa", "A"), ("Maw", "A"),
                        ("Rash’Naar", "B"), ("Sheya", "A"), ("Spore Child", "B"), ("Trull", "A"), ("Tun’Dor", "A"),
                        ("Le Tyran", "A"), ("Vrail", "A"), ("Worm", "C"), ("Char", "A")]:
        assert f"{nom} {lettre} –" in texte, nom


# --------------------------------------------------------------- tables


def test_table_des_cicatrices_vingt_resultats():
    # l. 2132-2222, results in book order.
    table = lignes("table-des-cicatrices")
    assert [r["n"] for r in table] == list(range(1, 21))
    noms = [r["resultat"] for r in table]
    assert noms[0] == "Parties écrasées" and noms[-1] == "Saigner à mort"
    assert noms[8:14] == ["Côtes cassées", "Déformation majeure", "Muscles déchirés", "Sans armes", "Main broyée",
                          "Dérangé"]   # l. 2173-2179, the interleaved block
    lignes_par_nom = {r["resultat"]: r for r in table}
    assert lignes_par_nom["Parties écrasées"]["effet"] == "+2 Haine"            # l. 2137
    assert lignes_par_nom["Main Sandwich"]["effet"] == "+1 Ressource"           # l. 2162
    assert lignes_par_nom["Côtes cassées"]["ref"] == "cicatrice-b-03"           # l. 2182
    assert lignes_par_nom["Os cassés"]["ref"] == "cicatrice-b-01"               # l. 2219-2220
    assert "+2 Ressources" in lignes_par_nom["Saigner à mort"]["effet"]         # l. 2222


def test_table_des_cicatrices_repartition():
    # 12 results give a scar, and with « Dérangé » read as C-01 (l. 1053-1055) each scar is reached once.
    refs = [r["ref"] for r in lignes("table-des-cicatrices") if r["ref"]]
    assert len(refs) == 12
    assert sorted(refs) == sorted(f"cicatrice-{x}-0{n}" for x in "abcd" for n in range(1, 4))
    derange = next(r for r in lignes("table-des-cicatrices") if r["resultat"] == "Dérangé")
    assert "A-03" in derange["effet"]   # the printed text (l. 2194) is kept


def test_vingt_combinaisons_de_trois_des_a_quatre_faces():
    # The count argument of the scar table: multisets of size 3 over 4 face kinds.
    from itertools import combinations_with_replacement
    assert len(list(combinations_with_replacement("FPSJ", 3))) == 20 == len(lignes("table-des-cicatrices"))


def test_penalites_du_mur_de_la_mort():
    # l. 1336-1338.
    assert [r["penalite"] for r in lignes("penalites-mur-de-la-mort")] == [-20, -10, -5]


def test_affrontements_par_joueur():
    # l. 251-255; the total is derived independently: each affrontement involves two players.
    table = lignes("affrontements-par-joueur")
    assert [(r["joueurs"], r["par_joueur"]) for r in table] == [(2, 5), (3, 4), (4, 3), (5, 4), (6, 5)]
    for r in table:
        assert r["total"] * 2 == r["joueurs"] * r["par_joueur"]
        assert r["contre_chacun"] * (r["joueurs"] - 1) == r["par_joueur"]
    assert [r["total"] for r in table] == [5, 6, 6, 10, 15]


def test_livre_affrontements_par_joueur():
    texte = lignes_du_livre(251, 255)
    assert [re.match(r"- (\d) – (\d) affrontements", t).groups() for t in texte] == [
        ("2", "5"), ("3", "4"), ("4", "3"), ("5", "4"), ("6", "5")]


def test_forge_quatre_exploits():
    # l. 880-901.
    table = lignes("exploits-de-la-forge")
    assert [r["exploit"] for r in table] == ["Déplacer", "Lancer", "Relancer", "Réactiver"]
    assert "+3 dés" == table[1]["emplacement_3"]
    assert "+3 cases" == table[0]["emplacement_3"]


def test_sept_batiments_du_village():
    # l. 1138-1206: seven buildings; only the forge's slots are given (4 exploits × 3, l. 869-873, 880-901).
    table = lignes("batiments-du-village")
    assert len(table) == 7
    assert [r["ref"] for r in table if r["max"] is None] == ["forge-du-village"]
    assert [r["ref"] for r in table if r["emplacements"] is not None] == ["forge-du-village"]
    depart = {r["ref"]: r["au_depart"] for r in table}
    assert depart["chambre-de-torture"] == 1          # l. 1005-1006
    assert depart["forge-du-village"] == 4             # l. 869-870: first slot of each exploit


def test_six_etapes_d_intermission():
    # l. 984-989.
    assert [r["ref"] for r in lignes("etapes-intermission")] == [
        "cuisiner-ou-torturer", "jet-de-cicatrice", "mur-de-la-mort", "piste-de-chronique", "ameliorer-la-carte",
        "gagner-une-amelioration"]


def test_composants_comptes_du_livre():
    # l. 72-142.
    par_element = {r["element"]: r["nombre"] for r in lignes("composants")}
    assert par_element["jetons sauvagerie"] == 45
    assert par_element["cartes d'amélioration générique"] == 72
    assert par_element["cartes d'amélioration de mission"] == 17
    assert par_element["cartes cicatrice"] == 24
    assert par_element["cartes tribu (8 par tribu)"] == 64


def test_vingt_six_tables_du_livre_et_la_liste_des_tribus():
    # Spec §5 lists 26 tables of the book; we add the list of tribes.
    assert len(entrees("tables.yaml")) == 27


# ------------------------------------------------------------- missing values


MANQUANTS = [
    # §4.1: the die's face counts.
    "faces-du-de",
    # §4.3: the scar table's dice combinations.
    "table-des-cicatrices",
    # §6.2: each figure type's base dice and starting skill.
    "prince", "shaman", "champion", "guerrier", "jeune-sang", "competences-de-depart",
    # §6.3: card copies; §6.1: tribe cards; Bul'Gar shaman; Um'Gra codes; the stray mission upgrade.
    "ameliorations-generiques", "ameliorations-de-mission", "cicatrices", "ameliorations-specifiques", "cartes-tribu",
    "bul-gar-shaman", "um-gra-b-01-des", "um-gra-b-01-pm", "um-gra-b-01-vol", "mission-joker-trois-frappes",
    # §6.4: mercenaries' dice, resistance and behaviour cards.
    *[m if m != "le-tyran" else "profil-le-tyran" for m in MERCENAIRES], "mercenaires-installation",
    # §6.5: village slots per building.
    "batiments-du-village",
    # §3.3: milestone positions; §6.7: territories, conquest points and their bonus icons; huts; traps.
    "piste-de-chronique", "carte-de-chronique", "bonus-de-territoire-table", "huttes", "pieges",
    # §6.7: scenario sheets, secret and Outsider missions.
    "traditions", "scenario-du-tyran", "champ-de-bataille",
]


def test_chaque_valeur_manquante_est_marquee_avec_son_gabarit():
    tout = toutes()
    for entry_id in MANQUANTS:
        entree = tout[entry_id]
        assert entree.get("manquant"), entry_id
        assert entree.get("gabarit"), entry_id


def test_aucune_valeur_inventee():
    # No face count, no building slot count, no figure dice are given a value.
    assert all(r["nombre"] is None for r in lignes("faces-du-de"))
    for p in entrees("profils.yaml").values():
        assert "caracteristiques" not in p, p["id"]
    assert "combinaison" not in lignes("table-des-cicatrices")[0]


# ---------------------------------------------------------------- readings


LECTURES = {  # entry → a book line number its question cites (spec §7)
    "types-de-competences": None,                  # A1 slot = letter
    "competences-de-depart": "1604",               # A2
    "terrain-d-entrainement": "1180",              # A3, A42
    "fin-de-la-chronique": "1334",                 # A4
    "piste-de-chronique": None,                    # A5, A6
    "ameliorations-specifiques-table": "1693",     # A7
    "mission-joker-trois-frappes": "1856",         # A8
    "table-des-cicatrices": "2193",                # A10
    "cicatrices": "124-142",                       # A11-A14
    "jouer-une-simple-bataille": "242",            # A15, A27
    "mercenaires-installation": "1220",            # A16
    "sol-sureleve": None,                          # A17
    "exemple-de-combat": None,                     # A18
    "forge-et-exploits": "889",                    # A19
    "des-supplementaires-et-relances": "882",      # A20
    "huttes": "632",                               # A23
    "jouer-une-bataille": "466",                   # A24
    "materiel": "70",                              # A25
    "batailles-multijoueur": "1405",               # A26
    "champ-de-bataille": "384",                    # A28
    "le-village": "1005",                          # A29
    "tribu-um-gra": "1457",                        # A30
    "endurance": None,                             # A31
    "retraite": None,                              # A33
    "pieges": "1561",                              # A34
    "tribu-sarrassa": "1575",                      # A35
    "ameliorations-specifiques": "1682",           # A36
    "worm-c": "2022",                              # A37
    "tribu-vore-nash": "1544",                     # A38
    "rappel-combat": "2268",                       # A39
    "exceptions-de-selection": "334",              # A40
    "le-tyran": "1280",                            # A41
}


def test_chaque_ambiguite_a_sa_lecture():
    tout = toutes()
    for entry_id, ligne in LECTURES.items():
        lecture = tout[entry_id].get("interpretation")
        assert lecture and lecture["question"] and lecture["lecture"], entry_id
        if ligne:
            assert ligne in lecture["question"], entry_id


def test_paires_regle_tribu_lecture():
    # l. 1450-1505 are interleaved; the pairing is recorded as a reading.
    lecture = entrees("sections.yaml")["regles-speciales-de-tribus"]["interpretation"]["lecture"]
    assert "Um'Gra paie ses cartes tribu en Haine" in lecture
    assert "Um'Kator" in lecture and "Um'Tal" in lecture and "Bul'Gar" in lecture


# ---------------------------------------------------------------- coverage


SECTIONS_DU_LIVRE = [  # spec §1 rows 2-67 (1 table of contents, 3 flavour and 65 index are not rule pages)
    "materiel", "les-chroniques-de-hate", "demarrer-une-chronique", "jouer-une-simple-bataille", "carte-de-chronique",
    "jouer-un-affrontement", "choisir-un-scenario", "exceptions-de-selection", "champ-de-bataille",
    "fiche-de-scenario", "installation-environnement", "jouer-une-bataille", "sauvagerie-monnaie",
    "phase-de-reapprovisionnement", "deplacement", "phase-d-activation", "tour-d-un-joueur", "actions", "charge",
    "effets-de-deplacement", "piller-une-hutte", "saisir-un-corps", "attaquer", "cartes-de-figurines",
    "portee-d-attaque", "zone-d-effet", "combat", "soutien-en-combat", "sol-sureleve", "resultat-du-combat",
    "exemple-de-combat", "cartes-tribu", "forge-et-exploits", "fin-du-round", "jeton-festin",
    "fin-de-bataille-et-vainqueur", "retraite", "intermission", "cuisiner-ou-torturer", "gagner-des-cicatrices",
    "jet-de-cicatrice", "mur-de-la-mort", "piste-de-chronique", "trois-sortes-d-ameliorations", "ameliorer-la-carte",
    "gagner-une-amelioration", "le-village", "mercenaires-installation", "activation-d-un-mercenaire",
    "capturer-un-mercenaire", "une-partie-de-la-tribu", "le-tyran", "fin-de-l-intermission", "bonus-de-territoire",
    "fin-de-la-chronique", "batailles-multijoueur", "regles-speciales-de-tribus", "types-de-competences",
    "competences-de-depart", "ameliorations-generiques", "ameliorations-specifiques", "ameliorations-de-mission",
    "cicatrices", "competences-de-mercenaires", "rappel-affrontement",
]


def test_toutes_les_sections_du_livre():
    sections = entrees("sections.yaml")
    absentes = [s for s in SECTIONS_DU_LIVRE if s not in sections]
    assert absentes == []
    assert "table-des-cicatrices" in entrees("tables.yaml")
    for s in SECTIONS_DU_LIVRE:
        assert sections[s]["source"].get("ligne"), s


def test_pas_de_narration_ni_de_credits():
    # l. 175-185 (flavour), 2110-2130 (credits), the scar table's jokes (2136-2222) stay out.
    texte = yaml.safe_dump([e for e in toutes().values()], allow_unicode=True)
    for mot in ("Adrian Smith", "Mike McVey", "Eric M. Lang", "organes génitaux", "connards", "comme une merde",
                "fruit trop pourri"):
        assert mot not in texte, mot


def test_qui_remplace_qui():
    # l. 1260-1264: a captured mercenary replaces a Guerrier or a Jeune-sang; l. 2026-2029: Worm is added next
    # to an ally; l. 1280-1281: the Tyran replaces the Prince; l. 1218-1219: neither Worm nor the Tyran is drawn.
    profils = entrees("profils.yaml")
    assert profils["maw"]["proprietes"]["remplace"] == ["guerrier", "jeune-sang"]
    assert profils["worm"]["proprietes"]["remplace"] == []
    assert profils["profil-le-tyran"]["proprietes"]["remplace"] == ["prince"]
    tires = sorted(p["id"] for p in profils.values() if p.get("proprietes", {}).get("tirage_aleatoire"))
    assert len(tires) == 13 and "worm" not in tires and "profil-le-tyran" not in tires


def test_restrictions_lisibles_par_le_verificateur():
    cap = entrees("capacites.yaml")
    assert cap["um-tal-b-03"]["proprietes"]["pour_types"] == ["guerrier"]               # l. 1682
    assert cap["bul-gar-c-01"]["proprietes"]["pour_types"] == ["shaman"]                # l. 1778
    assert cap["um-gorr-d-01"]["proprietes"]["pour_types"] == ["prince", "mercenaire"]  # l. 1737-1739
    assert cap["um-gorr-shaman"]["proprietes"]["sauf_types"] == ["prince", "mercenaire"]  # l. 1760-1763
    assert cap["sarrassa-shaman"]["proprietes"]["jamais_remplace"] is True              # l. 1568, 1844-1846


def test_pas_de_lien_brut_hors_du_texte():
    # [[id]] links are resolved in texts only; a reading, a missing-data note, a summary or a table cell
    # would show the brackets as they are.
    for entree in toutes().values():
        for champ in ("nom", "resume", "interpretation", "manquant", "notes", "lignes"):
            assert "[[" not in str(entree.get(champ, "")), (entree["id"], champ)
