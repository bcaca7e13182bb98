"""A list and its report as plain text, to paste into a forum (`texte_liste`).

Fields and values are named by their labels (schema titles, data names), messages in the player's
wording; user text is put on one line without control or bidirectional characters.
"""
from __future__ import annotations

from typing import Any

from . import bundle
from .composer import ABSENT, MAX_CHOIX_TEXTE, _propre, _resoudre
from .errors import ErreurEntree
from .messages import Noms, rendu_joueur
from .reader import nom_de_type
from .validation import SANS_NOM, nom_de_liste, valider
from .yaml_lite import grouped


def _nombre(valeur: Any) -> str:
    if isinstance(valeur, int) and not isinstance(valeur, bool):
        return grouped(valeur).replace("\u202f", " ")
    if isinstance(valeur, float):
        return f"{valeur:g}".replace(".", ",")
    return _propre(valeur, 40)


class _Libelles:
    """French labels of the list's fields and values, from the schema titles and the data names."""

    def __init__(self, donnees_jeu: dict[str, Any]) -> None:
        self.racine = bundle.schema_liste(donnees_jeu) or {}
        self.noms = {ident: e["nom"] for ident, e in bundle.entrees_du_jeu(donnees_jeu).items()
                     if isinstance(e.get("nom"), str)}

    def nom(self, valeur: str, cle: str | None, titre: str | None, noeud: dict[str, Any] | None = None) -> str:
        """A value's name: its field's `x-noms` (`canopee` → Canopée), else the data name of an id.

        `lumiere` → Lumière; tribu `um-rak` → Um'Rak (the item `tribu-um-rak`); else the value itself.
        """
        for candidat in (noeud or {}, _resoudre(self.racine, (noeud or {}).get("items"), ABSENT)):
            noms = candidat.get("x-noms")
            if isinstance(noms, dict) and isinstance(noms.get(valeur), str):
                return _propre(noms[valeur], 60)
        nom = self.noms.get(valeur)
        if nom is None and cle:
            nom = self.noms.get(f"{cle}-{valeur}")
            if nom is not None and titre and nom.lower().startswith(titre.lower() + " "):
                nom = nom[len(titre) + 1:]
        return _propre(nom if nom is not None else valeur, 60)

    def noeud(self, parent: dict[str, Any], cle: str, valeur: Any) -> dict[str, Any]:
        sous = (parent.get("properties") or {}).get(cle)
        if sous is None and isinstance(parent.get("additionalProperties"), dict):
            sous = parent["additionalProperties"]
        return _resoudre(self.racine, sous, valeur)

    def titre(self, noeud: dict[str, Any], cle: str) -> str:
        titre = noeud.get("title")
        return titre if isinstance(titre, str) else _propre(cle, 40)

    def valeur(self, valeur: Any, noeud: dict[str, Any], profondeur: int = 0, cle: str | None = None) -> str:
        """A value as text: data names for ids, `oui`/`non`, lists joined by commas."""
        if isinstance(valeur, bool):
            return "oui" if valeur else "non"
        if isinstance(valeur, str):
            return self.nom(valeur, cle, noeud.get("title") if isinstance(noeud.get("title"), str) else None, noeud)
        if isinstance(valeur, (int, float)) or valeur is None:
            return _nombre(valeur) if valeur is not None else "—"
        if profondeur >= 2:
            return "…"
        if isinstance(valeur, list):
            items = _resoudre(self.racine, noeud.get("items"), ABSENT)
            montres = [self.valeur(v, items, profondeur + 1, cle) for v in valeur[:MAX_CHOIX_TEXTE]]
            reste = len(valeur) - MAX_CHOIX_TEXTE
            return ", ".join(montres + ([f"… (+{reste})"] if reste > 0 else [])) or "aucun"
        if isinstance(valeur, dict):
            parties = []
            for k, v in list(valeur.items())[:MAX_CHOIX_TEXTE]:
                sous = self.noeud(noeud, str(k), v)
                nomme = str(k) in (noeud.get("properties") or {})  # else a free key (a token's colour)
                titre = self.titre(sous, str(k)) if nomme else self.nom(str(k), None, None)
                parties.append(f"{titre} {self.valeur(v, sous, profondeur + 1, str(k))}")
            return ", ".join(parties)
        return _propre(valeur, 40)

    def champs(self, objet: dict[str, Any], noeud: dict[str, Any], sauf: tuple[str, ...] = ()) -> list[str]:
        """`Titre valeur` for each field of an object, in the schema's order; `true` flags show the title alone."""
        ordre = list(noeud.get("properties") or {})
        cles = sorted((k for k in objet if isinstance(k, str) and k not in sauf),
                      key=lambda k: ordre.index(k) if k in ordre else len(ordre))
        out = []
        for cle in cles:
            valeur = objet[cle]
            sous = self.noeud(noeud, cle, valeur)
            if valeur is False or valeur == [] or valeur is None:
                continue
            titre = self.titre(sous, cle)
            out.append(titre if valeur is True else f"{titre} : {self.valeur(valeur, sous, 0, cle)}")
        return out


def _ligne_entree(libelles: _Libelles, noeud_entree: dict[str, Any], numero: int, entree: Any,
                  rangee: dict[str, Any] | None, unite: str | None) -> str:
    nom = (rangee or {}).get("nom") or (entree.get("nom") if isinstance(entree, dict) else None)
    ligne = f"{numero}. {_propre(nom) if nom else f'Entrée {numero}'}"
    nombre = (rangee or {}).get("nombre")
    if isinstance(nombre, int) and not isinstance(nombre, bool) and nombre > 1:
        ligne += f" ({_nombre(nombre)} figurines)"  # a unit, or a Hami with its familiar
    if isinstance(entree, dict):
        noeud = _resoudre(libelles.racine, noeud_entree, entree)
        champs = libelles.champs(entree, noeud, sauf=("nom", "nombre"))
        if champs:
            ligne += " — " + " ; ".join(champs)
    cout = None if rangee is None else rangee["cout_total"] if "cout_total" in rangee else rangee.get("cout")
    if unite and isinstance(cout, (int, float)) and not isinstance(cout, bool):
        ligne += f" — {_quantite(cout, unite)}"
    elif (rangee or {}).get("au_village") is True:
        ligne += " — reste au village"
    return ligne


def _quantite(nombre: float, unite: str) -> str:
    """`3 points`, `1 point`, `1 jeton Sauvagerie`: the unit's first word is singular below 2."""
    if abs(nombre) < 2:
        premier, _, reste = unite.partition(" ")
        if premier.endswith("s") and len(premier) > 2:
            unite = premier[:-1] + (" " + reste if reste else "")
    return f"{_nombre(nombre)} {unite}"


def _message_joueur(violation: dict[str, Any], noms: Noms) -> str:
    """A violation in the player's words (fields by their labels, values by their names)."""
    parties = violation.get("parties")
    if not isinstance(parties, list) or not parties:
        return str(violation.get("message", ""))
    return rendu_joueur(parties, noms.schema, None, noms)


def texte_liste(donnees_jeu: dict[str, Any], liste: Any, rapport: dict[str, Any] | None = None) -> str:
    """A list as plain text, to paste into a forum or a chat.

    Args:
        donnees_jeu: the game bundle.
        liste: the list document.
        rapport: its validation report; computed when None.

    Returns:
        Title line, options, one line per entry with its cost, the total against
        the format, the verdict and the errors, one per line.

    Raises:
        ErreurEntree: the list cannot be checked (not an object, too large...).

    """
    if rapport is None:
        rapport = valider(donnees_jeu, liste)
    if not isinstance(liste, dict):
        raise ErreurEntree(f"La liste doit être un objet, pas {nom_de_type(liste)}.")
    libelles = _Libelles(donnees_jeu)
    noms = Noms(libelles.racine, donnees_jeu).nommer_cartes(liste)
    for ident, nom in noms.noms.items():  # the list's own cards too (Khârn-Âges)
        libelles.noms.setdefault(ident, nom)
    racine = _resoudre(libelles.racine, libelles.racine, liste)
    unite = donnees_jeu["jeu"].get("unite_cout") if isinstance(donnees_jeu["jeu"].get("unite_cout"), str) else None
    details = rapport.get("details") if isinstance(rapport.get("details"), dict) else {}
    lignes = [f"{_propre(nom_de_liste(liste) or SANS_NOM)} — {bundle.nom_du_jeu(donnees_jeu)}"]
    format_ = liste.get("format")
    noeud_format = libelles.noeud(racine, "format", format_)
    if isinstance(format_, (int, float)) and not isinstance(format_, bool):
        montre = _quantite(format_, unite) if unite and rapport.get("cout") is not None else _nombre(format_)
        lignes.append(f"{libelles.titre(noeud_format, 'format')} : {montre}")
    options = liste.get("options")
    if isinstance(options, dict) and options:
        lignes += libelles.champs(options, libelles.noeud(racine, "options", options))
    entrees = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
    rangees = {r.get("index"): r for r in details.get("entrees") or [] if isinstance(r, dict)}
    noeud_entrees = libelles.noeud(racine, "entrees", entrees)
    if entrees:
        lignes.append("")
    for k, entree in enumerate(entrees):
        rangee = rangees.get(k)
        lignes.append(_ligne_entree(libelles, noeud_entrees.get("items") or {}, k + 1, entree, rangee,
                                    unite if rapport.get("cout") is not None or "cout_activation" in details else None))
    lignes.append("")
    cout, budget = rapport.get("cout"), rapport.get("budget")
    if unite and isinstance(cout, (int, float)):
        total = f"Total : {_nombre(cout)}" + (f" / {_quantite(budget, unite)}" if isinstance(budget, int) else
                                               f" {unite}")
        lignes.append(total)
    if unite and isinstance(details.get("cout_activation"), int):
        lignes.append(f"Coût d'activation : {_quantite(details['cout_activation'], unite)}")
    erreurs = [e for e in rapport.get("erreurs") or [] if isinstance(e, dict)]
    if rapport.get("valide"):
        lignes.append("Liste valide")
    else:
        lignes.append(f"Liste invalide : {len(erreurs)} erreur{'s' if len(erreurs) > 1 else ''}")
        lignes += [f"- {_propre(_message_joueur(e, noms), 600)}" for e in erreurs]
    return "\n".join(lignes) + "\n"
