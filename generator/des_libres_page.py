"""« Dés libres » page: a free calculator for any pool of dice, for every game (outils/des-libres/).

The page (templates/des-libres.md.j2, wired by des-libres.js) carries:

* the dice of the games whose faces the player types (calculation parameters of type `des`),
  one per browser storage key, so that a die described once on an odds page (or, later, in
  « Mon matériel ») can be added to a pool;
* the engine's bounds (`browser_engine.des_libres.LIMITES`), printed in the page's help;
* the engine's answer for the pool shown on arrival, computed here, drawn before the engine loads.
"""
from __future__ import annotations

import json
from typing import Any

from browser_engine import des_libres

from .model import Site
from .urls import relative_link

URI = "outils/des-libres.md"
BASE = "../../"  # from the page's URL (outils/des-libres/) to the site root
TITRE = "Dés libres"
NAV = {"Outils": [{TITRE: URI}]}
# The pool shown on arrival (no game's data: two plain six-sided dice).
RESERVE_INITIALE: dict[str, Any] = {"des": [{"nombre": 2, "faces": "d6"}], "operation": "somme"}
CLE_STOCKAGE = "compendium.des."  # + game id + "." + the declaration's `stockage` (des.js)


def game_dice(site: Site) -> list[dict[str, Any]]:
    """Each die a game's calculations ask the player to describe, once per storage key.

    Returns:
        `[{cle, jeu, nom_jeu, nom, exclusif, faces, symboles: [{id, nom}], page}]`; `cle` is the
        localStorage key des.js keeps the die under, `page` the odds page that describes it.

    """
    out: list[dict[str, Any]] = []
    vues: set[str] = set()
    for game in site.games:
        for calcul in game.raw.get("calculs", []):
            for param in calcul.get("parametres") or []:
                if param.get("type") != "des":
                    continue
                cle = CLE_STOCKAGE + game.id + "." + str(param.get("stockage") or param["id"])
                if cle in vues:
                    continue
                vues.add(cle)
                out.append({"cle": cle, "jeu": game.id, "nom_jeu": game.nom, "nom": param.get("nom", param["id"]),
                            "exclusif": bool(param.get("exclusif")), "faces": param.get("faces"),
                            "symboles": [{"id": s["id"], "nom": s.get("nom", s["id"])}
                                         for s in param.get("symboles") or [] if isinstance(s, dict) and "id" in s],
                            "page": f"{BASE}{game.id}/probas/"})
    return out


def _json(value: Any) -> str:
    """JSON for a `<script type="application/json">` (no `</` can close it)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def with_nav(nav: list[Any]) -> list[Any]:
    """The site's navigation with an « Outils » section (« Dés libres ») before « Référence »."""
    place = next((k for k, item in enumerate(nav) if isinstance(item, dict) and "Référence" in item), len(nav))
    return [*nav[:place], NAV, *nav[place:]]


def page(site: Site) -> dict[str, str]:
    """The page's Markdown, by source URI."""
    from .render import available_tools, environment

    initial = des_libres.calculer({"reserves": [RESERVE_INITIALE]})
    des = game_dice(site)
    avec_des = {d["jeu"] for d in des}
    text = environment().get_template("des-libres.md.j2").render(
        base=BASE, limites=des_libres.LIMITES, operations=des_libres.OPERATIONS,
        des_des_jeux=_json(des), initiale=_json({"reserves": [RESERVE_INITIALE]}),
        resultat_initial=_json(initial),
        jeux=[{"nom": g.nom, "probas": relative_link(URI, g.uri("probas"))}
              for g in site.games if g.id in avec_des and "probas" in available_tools(g)])
    return {URI: text}
