"""The standalone HTML of a print sheet."""
from __future__ import annotations

import jinja2

from .cards import card_pages
from .layout import stylesheet
from .roster import profile_card, roster_model, roster_spec, roster_spec_json
from .sheet import Sheet, links
from .tokens import place_tokens


def render_sheet(sheet: Sheet, env: jinja2.Environment, for_pdf: bool = False) -> str:
    """The standalone HTML of a print sheet."""
    common = {"css": stylesheet(), "feuille": sheet, "jeu": sheet.jeu, "liens": links(sheet),
              "pdf": for_pdf}
    if sheet.sorte == "cartes":
        return env.get_template("cartes.html.j2").render(pages=card_pages(sheet.cartes, balanced=True), **common)
    if sheet.sorte == "jetons":
        return env.get_template("jetons.html.j2").render(pages=place_tokens(sheet.jetons), **common)
    if sheet.sorte == "reference":
        return env.get_template("reference.html.j2").render(**common)
    if sheet.sorte == "liste":
        model = roster_model(sheet.jeu, None, None)
        if sheet.lignes_vides is not None:
            model["vides"] = sheet.lignes_vides
        skeleton = None
        if roster_spec(sheet.jeu).get("profils"):
            skeleton = profile_card({"nom": "", "type": "Profil", "infos": " ", "caracs": [], "lignes": []},
                                    sheet.jeu, "profil-modele")
        return env.get_template("liste.html.j2").render(
            modele=model, spec=roster_spec_json(sheet.jeu), pages_cartes=[], squelette=skeleton, **common)
    if sheet.sorte == "formulaire":     # a game's own form (tracker, score sheet): its template and context
        return env.get_template(sheet.gabarit).render(**sheet.contexte, **common)
    raise ValueError(sheet.sorte)
