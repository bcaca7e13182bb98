"""HAMI scenario line-ups: what a Communauté must look like for the scenario its list names.

A list may name its scenario (`options.scenario`, an id of `data/hami/scenarios.yaml`) and,
when the scenario gives the players different parts, its role (`options.role`). What data
rules can say is in `data/hami/regles-liste.yaml` (« uniquement de Hami », predators only or
none, rules that a group of predators does not follow). This module checks the rest:

* the role belongs to the scenario;
* « deux groupes d'au moins 3 points » (l. 1044, 1121, 1143, 1167): the entries can be split
  into two groups worth at least 3 points each (a Hami stays with its familiers and mount);
* « une Communauté contenant 4 familiers » (l. 1267): exactly four familiers, attached or wild.

Which scenarios give roles, and who deploys in two groups, is data: the `proprietes` of each scenario
(`roles`, `deux_groupes`: « tous » or a role). The numbers below are those of the book's lines quoted
beside them.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

TOUS = "tous"  # `deux_groupes`: every player deploys in two groups
POINTS_PAR_GROUPE = 3  # « un groupe ne peut pas faire moins de 3 points »
VOL_DE_FAMILIERS = "vol-de-familiers"
FAMILIERS_DU_JOUEUR_1 = 4  # « une Communauté contenant 4 familiers » (l. 1267)
INVASION = "invasion-de-predateurs"
ROLE_PREDATEURS = "joueur-1"  # « Le joueur 1 joue un groupe de 9 points de prédateurs » (l. 1285)

CODE_ROLE_SANS_SCENARIO = "HAMI_ROLE_SANS_SCENARIO"
CODE_ROLE_INCONNU = "HAMI_ROLE_SCENARIO"
CODE_ROLE_MANQUANT = "HAMI_ROLE_MANQUANT"
CODE_DEUX_GROUPES = "HAMI_SCENARIO_DEUX_GROUPES"
CODE_VOL_FAMILIERS = "HAMI_VOL_FAMILIERS"

Signaler = Callable[..., None]  # (code, message template, chemin, rule id, template values)


@dataclass
class Unite:
    """One list entry as a scenario sees it: where it is, its name, cost and familiers."""

    index: int
    nom: str
    cout: int | None
    familiers: list[str]  # chemins of each familier it brings (attached ones, or the wild one itself)


@dataclass
class Choix:
    """The scenario and role a list names (None when absent or unknown)."""

    scenario: str | None
    role: str | None

    @property
    def groupe_de_predateurs(self) -> bool:
        """True for the predators' side of « Invasion de prédateurs »."""
        return self.scenario == INVASION and self.role == ROLE_PREDATEURS


def _proprietes(scenarios: dict[str, dict[str, Any]], scenario: str | None) -> dict[str, Any]:
    valeur = (scenarios.get(scenario) or {}).get("proprietes") if scenario is not None else None
    return valeur if isinstance(valeur, dict) else {}


def roles_du_scenario(scenarios: dict[str, dict[str, Any]], scenario: str | None) -> tuple[str, ...]:
    """The roles a scenario gives its players (none when it does not distinguish them)."""
    return tuple(str(r) for r in _proprietes(scenarios, scenario).get("roles") or ())


def lire(options: dict[str, Any], scenarios: dict[str, dict[str, Any]]) -> Choix:
    """The scenario and role of a list's options; unknown values are left to the schema."""
    scenario, role = options.get("scenario"), options.get("role")
    roles = {r for ident in scenarios for r in roles_du_scenario(scenarios, ident)}
    return Choix(scenario if isinstance(scenario, str) and scenario in scenarios else None,
                 role if isinstance(role, str) and role in roles else None)


def verifier(choix: Choix, options: dict[str, Any], unites: Sequence[Unite],
             scenarios: dict[str, dict[str, Any]], erreur: Signaler, avertissement: Signaler) -> None:
    """Check the role and the line-up a list's scenario asks for.

    Args:
        choix: the scenario and role read from the options.
        options: the list's options (for the role as written).
        unites: the entries that are creatures, with their cost and familiers.
        scenarios: the game's scenarios by id (names and page anchors).
        erreur: reports an error `(code, message, chemin, regle)`.
        avertissement: reports a warning the same way.

    """
    if not _role(choix, options, scenarios, erreur, avertissement):
        return
    deux_groupes = _proprietes(scenarios, choix.scenario).get("deux_groupes")
    if choix.scenario is not None and deux_groupes is not None and deux_groupes in (TOUS, choix.role):
        _deux_groupes(choix.scenario, unites, scenarios, erreur)
    if choix.scenario == VOL_DE_FAMILIERS and choix.role == "joueur-1":
        _quatre_familiers(unites, erreur)


def _nom(scenarios: dict[str, dict[str, Any]], scenario: str) -> str:
    return str(scenarios[scenario].get("nom", scenario))


def _role(choix: Choix, options: dict[str, Any], scenarios: dict[str, dict[str, Any]], erreur: Signaler,
          avertissement: Signaler) -> bool:
    """True when the line-up can be checked: the role, if any, fits the scenario."""
    donne = options.get("role")
    if donne is None:
        if roles_du_scenario(scenarios, choix.scenario):
            avertissement(CODE_ROLE_MANQUANT, "Le scénario « {scenario} » donne un rôle à chaque joueur : indiquez le "
                          "vôtre, {champ:/options/role} ({valeurs:/options/role={roles}}), pour que la composition "
                          "de la Communauté soit vérifiée.", "/options", choix.scenario,
                          {"scenario": _nom(scenarios, choix.scenario),
                           "roles": list(roles_du_scenario(scenarios, choix.scenario))})
            return False
        return True
    if choix.scenario is None:
        if "scenario" not in options:
            erreur(CODE_ROLE_SANS_SCENARIO, "{champ:/options/role} n'a de sens qu'avec un scénario : choisissez aussi "
                   "{champ:/options/scenario}, ou retirez {champ:/options/role}.", "/options/role", "scenarios")
        return False
    roles = roles_du_scenario(scenarios, choix.scenario)
    if choix.role not in roles:
        attendu = ("ses rôles sont : {valeurs:/options/role={roles}&}" if roles
                   else "il ne distingue pas les joueurs : retirez {champ:/options/role}")
        erreur(CODE_ROLE_INCONNU, "Le rôle indiqué ne fait pas partie du scénario « {scenario} » ; " + attendu + ".",
               "/options/role", choix.scenario, {"scenario": _nom(scenarios, choix.scenario), "roles": list(roles)})
        return False
    return True


def partage_possible(couts: Sequence[int], minimum: int) -> bool:
    """True when the costs split into two groups (every cost in one) worth at least `minimum` each."""
    total = sum(couts)
    sommes = {0}
    for cout in couts:
        sommes |= {s + cout for s in sommes}
    return any(s >= minimum and total - s >= minimum for s in sommes)


def _deux_groupes(scenario: str, unites: Sequence[Unite], scenarios: dict[str, dict[str, Any]],
                  erreur: Signaler) -> None:
    couts = [u.cout for u in unites if u.cout is not None]
    if partage_possible(couts, POINTS_PAR_GROUPE):
        return
    detail = " + ".join(str(c) for c in couts) or "aucune entrée"
    erreur(CODE_DEUX_GROUPES, "Scénario « {scenario} » : la Communauté se déploie en deux groupes d'au moins "
           "{minimum} points chacun, un Hami restant avec ses familiers et sa monture ; ses entrées ({detail} points) "
           "ne se partagent pas ainsi.", "/entrees", scenario,
           {"scenario": _nom(scenarios, scenario), "minimum": POINTS_PAR_GROUPE, "detail": detail})


def _quatre_familiers(unites: Sequence[Unite], erreur: Signaler) -> None:
    chemins = [c for u in unites for c in u.familiers]
    if len(chemins) > FAMILIERS_DU_JOUEUR_1:
        for rang, chemin in enumerate(chemins[FAMILIERS_DU_JOUEUR_1:], start=FAMILIERS_DU_JOUEUR_1 + 1):
            erreur(CODE_VOL_FAMILIERS, "Vol de familiers : le joueur 1 a exactement {nombre} familiers ; celui-ci est "
                   "le {rang}e : retirez-le.", chemin, VOL_DE_FAMILIERS, {"nombre": FAMILIERS_DU_JOUEUR_1, "rang": rang})
    elif len(chemins) < FAMILIERS_DU_JOUEUR_1:
        erreur(CODE_VOL_FAMILIERS, "Vol de familiers : le joueur 1 a exactement {nombre} familiers (rattachés ou "
               "sauvages) ; la Communauté n'en a {combien}.", "/entrees", VOL_DE_FAMILIERS,
               {"nombre": FAMILIERS_DU_JOUEUR_1, "combien": f"que {len(chemins)}" if chemins else "aucun"})
