"""Issue 37, data items 5 to 8, and the family: a reference declared in a schema (`x-ref`) is checked
for every data kind, and `make check` runs what the data declares. Each corruption is made on a
copy of the data and located (`file:line:col JSONPath`) with a French message."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.donnees37_support import ROOT, corrompre, indice, lire, position, problemes, refus

# --- item 5: scores.yaml, a player count the score's code cannot handle ---------------------------

def test_item5_scores_nombre_de_joueurs_que_le_calcul_ne_traite_pas(tmp_path: Path) -> None:
    ancien = "regles: [demarrer-une-chronique, affrontements-par-joueur]\n    joueurs: {min: 2, max: 6}"
    texte = corrompre(tmp_path, "hate", "scores.yaml", ancien, ancien.replace("max: 6", "max: 7"))
    n = indice("hate", "scores.yaml", "scores", "aide-planning")
    ligne, col = position(texte, "joueurs: {min: 2, max: 7}")
    refus(tmp_path, "data/hate/scores.yaml", (ligne, col + len("joueurs: ")), f"$.scores[{n}].joueurs",
          "7 lignes", "2 à 7")


# --- item 6: sommaire.yaml ---------------------------------------------------------------------------

def _ligne_de(aiguille: str) -> str:
    """The whole line of Hate's `sommaire.yaml` that holds `aiguille` (its other fields may change)."""
    texte = (ROOT / "data" / "hate" / "sommaire.yaml").read_text("utf-8")
    debut = texte.rindex("\n", 0, texte.index(aiguille)) + 1
    return texte[debut:texte.index("\n", debut) + 1]


TERME = _ligne_de('{terme: "Allié", pages: [9]')
SECTION = _ligne_de('{titre: "Le village", page: 23,')


def _index_de(cle: str, champ: str, valeur: str) -> int:
    return next(i for i, e in enumerate(lire("hate", "sommaire.yaml")["sommaire"][cle]) if e[champ] == valeur)


def test_item6_sommaire_terme_d_index_en_double(tmp_path: Path) -> None:
    texte = corrompre(tmp_path, "hate", "sommaire.yaml", TERME, TERME + TERME)
    n = _index_de("index", "terme", "Allié") + 1
    ligne = position(texte, TERME)[0] + 1
    refus(tmp_path, "data/hate/sommaire.yaml", (ligne, TERME.index('"') + 1), f"$.sommaire.index[{n}].terme",
          "« Allié »", "en double")


def test_item6_sommaire_page_d_index_au_dela_du_livre(tmp_path: Path) -> None:
    pages = lire("hate", "sommaire.yaml")["sommaire"]["pages"]
    texte = corrompre(tmp_path, "hate", "sommaire.yaml", TERME, TERME.replace("pages: [9]", f"pages: [{pages + 63}]"))
    n = _index_de("index", "terme", "Allié")
    ligne, col = position(texte, f"[{pages + 63}]")
    refus(tmp_path, "data/hate/sommaire.yaml", (ligne, col + 1), f"$.sommaire.index[{n}].pages[0]",
          f"page {pages + 63}", f"{pages} pages")


def test_item6_sommaire_entree_en_double(tmp_path: Path) -> None:
    texte = corrompre(tmp_path, "hate", "sommaire.yaml", SECTION, SECTION + SECTION)
    n = _index_de("entrees", "titre", "Le village") + 1
    ligne = position(texte, SECTION)[0] + 1
    refus(tmp_path, "data/hate/sommaire.yaml", (ligne, SECTION.index('"') + 1), f"$.sommaire.entrees[{n}].titre",
          "« Le village »", "en double")


def test_item6_sommaire_pages_qui_reculent_signalees_sur_le_sommaire(tmp_path: Path) -> None:
    recule = SECTION.replace("page: 23", "page: 13")
    texte = corrompre(tmp_path, "hate", "sommaire.yaml", SECTION, recule)
    n = _index_de("entrees", "titre", "Le village")
    ligne = position(texte, recule)[0]
    refus(tmp_path, "data/hate/sommaire.yaml", (ligne, recule.index("page: 13") + 7), f"$.sommaire.entrees[{n}].page",
          "p. 13", "en arrière")
    # A contents that goes back is reported alone: no citation elsewhere is blamed for it.
    assert all(p.startswith("data/hate/sommaire.yaml:") for p in problemes(tmp_path))


def test_item6_cle_de_tables_probas_renommee_signalee_sur_son_fichier(tmp_path: Path) -> None:
    premiere = next(iter(lire("kharn-ages", "tables-probas.yaml")["tables_probas"]))
    texte = corrompre(tmp_path, "kharn-ages", "tables-probas.yaml", f"  {premiere}:", f"  {premiere}-zzz:")
    ligne, col = position(texte, f"{premiere}-zzz:")
    refus(tmp_path, "data/kharn-ages/tables-probas.yaml", (ligne, col), "$.tables_probas", f"« {premiere} »")
    assert not any(p.startswith("data/kharn-ages/jeu.yaml") for p in problemes(tmp_path))


# --- item 7: a calculation preset that cannot run ----------------------------------------------------

def test_item7_preselection_qui_ne_se_calcule_pas(tmp_path: Path) -> None:
    calculs = lire("hate", "calculs.yaml")["calculs"]
    n, k = next((i, j) for i, c in enumerate(calculs) for j, p in enumerate(c.get("preselections") or [])
                if p["id"] == "attaquant-au-hasard")
    pile = calculs[n]["preselections"][k]["valeurs"]["pile"]  # two items: one cannot draw five
    texte = corrompre(tmp_path, "hate", "calculs.yaml", "{nom: Votre adversaire, nombre: 1}], tirees: 1}",
                      "{nom: Votre adversaire, nombre: 1}], tirees: 5}")
    ligne, col = position(texte, "tirees: 5")
    refus(tmp_path, "data/hate/calculs.yaml", (ligne, col + len("tirees: ")),
          f"$.calculs[{n}].preselections[{k}].valeurs.tirees", "Attaquant tiré au hasard", "5", str(len(pile)))


# --- item 8: control characters in data text ----------------------------------------------------------

@pytest.mark.parametrize(("echappement", "code"), [
    ("\\e[31m", "U+001B"), ("\\0", "U+0000"), ("\\x9b", "U+009B"), ("\\N", "U+0085"), ("\\u202E", "U+202E"),
])
@pytest.mark.parametrize(("jeu", "fichier", "ancien", "chemin"), [
    ("hate", "partie.yaml", "      nom: Sauvagerie\n", "$.partie.compteurs[0].nom"),
    ("hate", "sommaire.yaml", '{titre: "Le village"', "$.sommaire.entrees[{village}].titre"),
])
def test_item8_caracteres_de_controle_ecrits_en_echappements(tmp_path: Path, echappement: str, code: str, jeu: str,
                                                             fichier: str, ancien: str, chemin: str) -> None:
    nom = "Sauvagerie" if "Sauvagerie" in ancien else "Le village"
    nouveau = ancien.replace(nom, f'"Le{echappement} village"') if fichier == "partie.yaml" else \
        ancien.replace('"Le village"', f'"Le{echappement} village"')
    texte = corrompre(tmp_path, jeu, fichier, ancien, nouveau)
    ligne, col = position(texte, f'"Le{echappement}')
    village = next(i for i, e in enumerate(lire("hate", "sommaire.yaml")["sommaire"]["entrees"])
                   if e["titre"] == "Le village")
    refus(tmp_path, f"data/{jeu}/{fichier}", (ligne, col), chemin.format(village=village), code, "interdit")


def test_item8_octet_esc_brut_signale_a_sa_ligne_en_francais(tmp_path: Path) -> None:
    texte = corrompre(tmp_path, "hate", "partie.yaml", "      nom: Sauvagerie\n", "      nom: Sauva\x1bgerie\n")
    ligne, col = position(texte, "\x1b")
    message = refus(tmp_path, "data/hate/partie.yaml", (ligne, col), "$", "U+001B", "caractère de contrôle")
    assert "unacceptable" not in message


# --- the family: one resolver, and a run of what the data declares ------------------------------------

def test_famille_une_reference_declaree_dans_un_schema_est_resolue(tmp_path: Path) -> None:
    """`x-ref` on a schema field is enough: the same resolver checks the pointers of partie.yaml."""
    schema = (Path(__file__).resolve().parent.parent / "schemas" / "partie.schema.json").read_text("utf-8")
    assert '"x-ref": "champ-liste"' in schema and '"x-ref": "stockage"' in schema
    texte = corrompre(tmp_path, "bataille-d6", "partie.yaml", "si: {champ: /role, parmi: [sorcier]}",
                      "si: {champ: /rolle, parmi: [sorcier]}")
    statuts = lire("bataille-d6", "partie.yaml")["partie"]["statuts"]
    n = next(i for i, s in enumerate(statuts) if (s.get("si") or {}).get("champ") == "/role")
    refus(tmp_path, "data/bataille-d6/partie.yaml", position(texte, "/rolle"), f"$.partie.statuts[{n}].si.champ",
          "« /rolle »", "n'a pas ce champ")



def test_famille_un_compteur_mort_sur_une_liste_d_exemple_est_refuse(tmp_path: Path) -> None:
    """No static rule sees it: a start of 500 figures against the list's unit sizes; running the sheets does."""
    compteurs = lire("bataille-d6", "partie.yaml")["partie"]["compteurs"]
    n = next(i for i, c in enumerate(compteurs) if c["id"] == "figurines-en-jeu")
    texte = corrompre(tmp_path, "bataille-d6", "partie.yaml", "      depart: max\n      min: {valeur: 0}\n",
                      "      depart: {valeur: 500}\n      min: {valeur: 0}\n")
    ligne = position(texte, "- id: figurines-en-jeu")[0]
    refus(tmp_path, "data/bataille-d6/partie.yaml", (ligne, len("    - ") + 1), f"$.partie.compteurs[{n}]",
          "compteur inutilisable", "départ 500")
