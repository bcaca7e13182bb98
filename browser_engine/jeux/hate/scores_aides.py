"""Hate: deterministic helpers of a chronicle (Outsider, Festin, savagery, draws, milestones, schedule, order).

Each function takes the checked document and returns `{classement, vainqueur, notes}`
(`vainqueur` is the player the helper designates, or None).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...errors import ErreurEntree
from ...scores import ligne, liste_noms

# Affrontements per player by player count (l. 250-256).
AFFRONTEMENTS_PAR_JOUEUR = {2: 5, 3: 4, 4: 3, 5: 4, 6: 5}
ECART_OUTSIDER = 10
SAUVAGERIE_BASE, SAUVAGERIE_MAX = 5, 6
PISTE_JALONS = 60
AU_DELA_HAINE, AU_DELA_RESSOURCES = 5, 6


def _pluriel(n: int, mot: str) -> str:
    return f"{n} {mot}{'s' if abs(n) > 1 else ''}"


def outsider(document: dict[str, Any]) -> dict[str, Any]:
    """Outsider missions (l. 384-388, 1400-1404): more than 10 behind an opponent in Haine + Ressources."""
    joueurs = document["joueurs"]
    totaux = {j["nom"]: j["haine"] + j["ressources"] for j in joueurs}
    classement, notes, outsiders = [], [], []
    for j in joueurs:
        meilleur = max(v for n, v in totaux.items() if n != j["nom"])
        retard = max(0, meilleur - totaux[j["nom"]])
        est = retard > ECART_OUTSIDER
        if est:
            outsiders.append(j["nom"])
        classement.append(ligne(j["nom"], totaux[j["nom"]], [("Haine", j["haine"]), ("Ressources", j["ressources"]),
                                                             ("Retard sur l'adversaire le mieux placé", retard),
                                                             ("Missions", "Outsider" if est else "secrètes")]))
    if outsiders:
        notes.append(f"{liste_noms(outsiders)} : plus de {ECART_OUTSIDER} points de retard (Haine + Ressources) : "
                     "cartes mission Outsider au lieu des missions secrètes.")
    else:
        notes.append(f"Aucun joueur n'a plus de {ECART_OUTSIDER} points de retard : tout le monde tire des missions "
                     "secrètes.")
    return {"classement": classement, "vainqueur": outsiders[0] if len(outsiders) == 1 else None, "notes": notes}


def festin(document: dict[str, Any]) -> dict[str, Any]:
    """Festin token (l. 927-933): strictly more resource tokens in this battle; a tie means nobody."""
    a, b = document["joueurs"]
    classement = [ligne(j["nom"], j["ressources"], []) for j in (a, b)]
    if a["ressources"] == b["ressources"]:
        return {"classement": classement, "vainqueur": None,
                "notes": [f"Égalité ({a['ressources']}) : personne ne détient le jeton Festin."]}
    tient = a if a["ressources"] > b["ressources"] else b
    return {"classement": classement, "vainqueur": tient["nom"],
            "notes": [f"« {tient['nom']} » a plus de jetons Ressource : il prend le jeton Festin et peut activer une "
                      "figurine de plus à chaque tour."]}


def sauvagerie(document: dict[str, Any]) -> dict[str, Any]:
    """Savagery tokens at a replenishment (l. 501-502, 1138-1145, 1771-1774, territory bonus l. 1304-1306)."""
    classement = []
    for j in document["joueurs"]:
        base = SAUVAGERIE_MAX if j["mutilation_max"] else SAUVAGERIE_BASE
        gardes = min(j["restants"], j["mutilation"])
        cordu = 1 if j["shaman_um_cordu"] else 0
        total = base + gardes + cordu + j["bonus_territoire"]
        detail = [("Réapprovisionnement" + (" (Max de la chambre de mutilation)" if j["mutilation_max"] else ""), base),
                  (f"Jetons gardés ({j['restants']} inutilisés, {_pluriel(j['mutilation'], 'emplacement')} de "
                   "mutilation)", gardes),
                  ("Shaman Um'Cordu", cordu), ("Bonus de territoire (1er round de la 1re bataille)",
                                               j["bonus_territoire"])]
        classement.append(ligne(j["nom"], total, detail))
    return {"classement": classement, "vainqueur": None,
            "notes": ["Les jetons inutilisés au-delà des emplacements de mutilation activés sont défaussés."]}


def tirage_intermission(document: dict[str, Any]) -> dict[str, Any]:
    """Generic upgrades drawn at an intermission (l. 1107-1114): owed to both + 1; the winner picks first, alternating."""
    joueurs = document["joueurs"]
    gagnants = [j for j in joueurs if j["vainqueur"]]
    if len(gagnants) != 1:
        raise ErreurEntree("Cochez « Vainqueur de la bataille » pour exactement un des deux joueurs : il choisit "
                           "le premier.")
    ordre = [gagnants[0]] + [j for j in joueurs if not j["vainqueur"]]
    return _pioche(ordre, ["Un jalon spécial donne en plus le choix d'une amélioration spécifique de sa tribu, hors "
                           "de cette pioche."])


def _pioche(ordre: list[dict[str, Any]], notes: list[str]) -> dict[str, Any]:
    """Picks in turn, in `ordre`, skipping players who have all theirs; the draw is everything owed + 1."""
    restant = {j["nom"]: j["dues"] for j in ordre}
    choix: dict[str, list[int]] = {j["nom"]: [] for j in ordre}
    numero = 0
    while any(restant.values()):
        for j in ordre:
            if restant[j["nom"]]:
                numero += 1
                choix[j["nom"]].append(numero)
                restant[j["nom"]] -= 1
    pioche = sum(j["dues"] for j in ordre) + 1
    classement = [ligne(j["nom"], j["dues"], [("Choix n°", ", ".join(map(str, choix[j["nom"]])) or "aucun")], rang)
                  for rang, j in enumerate(ordre, 1)]
    tete = f"Piochez {_pluriel(pioche, 'amélioration')} générique{'s' if pioche > 1 else ''} ; il en restera 1."
    return {"classement": classement, "vainqueur": ordre[0]["nom"], "notes": [tete, *notes]}


def tirage_multijoueur(document: dict[str, Any]) -> dict[str, Any]:
    """Upgrade picks after a multiplayer battle (l. 1367-1379): winning side then losing side, or retreat order."""
    joueurs = document["joueurs"]
    gagnants = [j for j in joueurs if j["vainqueur"]]
    perdants = [j for j in joueurs if not j["vainqueur"]]
    retires = [j["nom"] for j in gagnants if j["retraite"]]
    if retires:
        raise ErreurEntree(f"{liste_noms(retires)} : un vainqueur n'a pas battu en retraite ; laissez son rang de "
                           "retraite à 0.")
    if document["chacun_pour_sa_peau"]:
        if len(gagnants) != 1:
            raise ErreurEntree("Chacun pour sa peau : cochez « Vainqueur » pour un seul joueur.")
        partis = [j for j in perdants if j["retraite"]]
        rangs = [j["retraite"] for j in partis]
        if len(set(rangs)) != len(rangs):
            raise ErreurEntree("Deux joueurs ont le même rang de retraite : numérotez-les 1 (le premier parti), 2, 3.")
        restes = [j for j in perdants if not j["retraite"]]
        ordre = gagnants + restes + sorted(partis, key=lambda j: j["retraite"], reverse=True)
        notes = ["Ordre : le vainqueur, puis le dernier à battre en retraite, puis celui d'avant, jusqu'au premier parti."]
        if restes:
            verbe, place = ("n'a", "placé") if len(restes) == 1 else ("n'ont", "placés")
            notes.append(f"{liste_noms([j['nom'] for j in restes])} {verbe} pas battu en retraite : {place} juste après "
                         "le vainqueur (lecture retenue, le livre ne traite pas ce cas).")
    else:
        if not gagnants or not perdants:
            raise ErreurEntree("Cochez « Vainqueur » pour chaque joueur du camp gagnant, et pour eux seulement.")
        if len(joueurs) == 4 and len(gagnants) != 2:  # 2 contre 2: two sides of two
            raise ErreurEntree(f"2 contre 2 : le camp vainqueur compte 2 joueurs ; {len(gagnants)} sont cochés "
                               "« Vainqueur ».")
        ordre = gagnants + perdants
        notes = ["Ordre : chaque joueur du camp vainqueur prend une amélioration, puis chaque joueur du camp perdant, "
                 "et ainsi de suite ; dans un camp, l'ordre de la table (lecture retenue)."]
    return _pioche(ordre, notes)


def _franchis(positions: list[int], avant: int, apres: int) -> list[int]:
    return [p for p in positions if avant < p <= apres]


def _au_dela(pas: int, avant: int, apres: int) -> list[int]:
    """Thresholds 60 + pas, 60 + 2 pas… crossed between two track totals (reading A5)."""
    return [s for s in range(PISTE_JALONS + pas, apres + 1, pas) if s > avant]


def jalons(document: dict[str, Any]) -> dict[str, Any]:
    """Milestones crossed on the chronicle track (l. 1060-1072, 1089-1095), positions up to 60 supplied by the player."""
    rouges, speciaux, verts = document["jalons_haine"], document["jalons_speciaux"], document["jalons_ressources"]
    communs = sorted(set(rouges) & set(speciaux))
    if communs:
        raise ErreurEntree(f"Les jalons {', '.join(map(str, communs))} sont à la fois rouges et spéciaux : mettez un "
                           "nombre souligné seulement dans « Jalons spéciaux ».")
    classement = []
    for j in document["joueurs"]:
        h0, h1 = j["haine_avant"], j["haine_avant"] + j["haine_gagnee"]
        r0, r1 = j["ressources_avant"], j["ressources_avant"] + j["ressources_gagnees"]
        g, s, v = _franchis(rouges, h0, h1), _franchis(speciaux, h0, h1), _franchis(verts, r0, r1)
        g60, v60 = _au_dela(AU_DELA_HAINE, h0, h1), _au_dela(AU_DELA_RESSOURCES, r0, r1)
        generiques, specifiques, village = len(g) + len(g60), len(s), len(v) + len(v60)
        detail = [(f"Haine : {h0} → {h1}", ""), ("Jalons rouges franchis" + _positions(g), len(g)),
                  ("Jalons spéciaux franchis" + _positions(s), len(s)),
                  (f"Au-delà de {PISTE_JALONS}, tous les {AU_DELA_HAINE} Haine" + _positions(g60), len(g60)),
                  (f"Ressources : {r0} → {r1}", ""), ("Jalons verts franchis" + _positions(v), len(v)),
                  (f"Au-delà de {PISTE_JALONS}, tous les {AU_DELA_RESSOURCES} Ressources" + _positions(v60), len(v60))]
        total = (f"{generiques} générique{'s' if generiques > 1 else ''}, {specifiques} spécifique"
                 f"{'s' if specifiques > 1 else ''}, {_pluriel(village, 'emplacement')} de village")
        classement.append(ligne(j["nom"], total, detail))
    notes = []
    manquants = [nom for nom, liste in (("rouges", rouges), ("spéciaux", speciaux), ("verts", verts)) if not liste]
    if manquants:
        notes.append(f"Positions des jalons {', '.join(manquants)} non saisies : ils ne sont pas comptés de 1 à "
                     f"{PISTE_JALONS} (elles sont imprimées sur la feuille de chronique, absentes du texte du livre).")
    notes.append("Un jalon spécial donne une amélioration spécifique à la place d'une générique (lecture retenue, "
                 "d'après l'exemple du livre).")
    return {"classement": classement, "vainqueur": None, "notes": notes}


def _positions(valeurs: list[int]) -> str:
    return f" ({', '.join(map(str, valeurs))})" if valeurs else ""


def planning(document: dict[str, Any]) -> dict[str, Any]:
    """Chronicle schedule (l. 250-261): affrontements per player, against each opponent, and in total."""
    joueurs = document["joueurs"]
    n = len(joueurs)
    par_joueur = AFFRONTEMENTS_PAR_JOUEUR[n]
    contre = par_joueur // (n - 1)
    classement = [ligne(j["nom"], par_joueur, [(f"contre « {o['nom']} »", contre) for o in joueurs if o is not j])
                  for j in joueurs]
    total = n * par_joueur // 2
    notes = [f"{n} joueurs : {_pluriel(par_joueur, 'affrontement')} par joueur et {_pluriel(total, 'affrontement')} "
             f"en tout ({2 * total} batailles) ; réparties également, {contre} contre chaque adversaire.",
             "Le livre ne fixe que le nombre par joueur : la répartition égale est notre proposition"
             + (" (de 4 à 6 joueurs, rencontrer deux fois le même adversaire reste permis)" if n >= 4 else
                " (à 2 et 3 joueurs, c'est la seule possible)")
             + ". L'ordre est libre ; notez le calendrier au dos de votre feuille de village."]
    return {"classement": classement, "vainqueur": None, "notes": notes}


def multijoueur(document: dict[str, Any]) -> dict[str, Any]:
    """Multiplayer order helpers (l. 1385-1389, 1410-1414, 1430-1434), players entered in seating order."""
    joueurs = document["joueurs"]
    totaux = [j["haine"] + j["ressources"] for j in joueurs]
    bas = min(totaux)
    premier = totaux.index(bas)
    ordre = joueurs[premier:] + joueurs[:premier]
    classement = [ligne(j["nom"], j["haine"] + j["ressources"], [("Haine", j["haine"]), ("Ressources", j["ressources"])],
                        rang) for rang, j in enumerate(ordre, 1)]
    notes = [f"Chacun pour sa peau : « {ordre[0]['nom']} » (plus petit total Haine + Ressources) joue en premier, puis "
             "le sens des aiguilles d'une montre : " + " → ".join(j["nom"] for j in ordre) + "."]
    ex_aequo = [j["nom"] for j, t in zip(joueurs, totaux, strict=True) if t == bas]
    if len(ex_aequo) > 1:
        notes.append(f"{liste_noms(ex_aequo)} ont le même plus petit total : le livre ne les départage pas ; l'outil "
                     "prend le premier dans l'ordre de la table (lecture retenue), mettez-vous d'accord au besoin.")
    haut = max(totaux)
    defenseurs = [j["nom"] for j, t in zip(joueurs, totaux, strict=True) if t == haut]
    if len(joueurs) == 3:
        if len(defenseurs) == 1:
            notes.append(f"2 contre 1 (chronique à 3, bataille finale) : « {defenseurs[0]} » a le plus grand total "
                         "et défend seul contre les deux autres, alliés.")
        else:
            notes.append(f"2 contre 1 : {liste_noms(defenseurs)} ont le même plus grand total ; le livre ne dit pas "
                         "qui défend.")
    notes.append("2 contre 2 : si les vainqueurs ne s'entendent pas sur les territoires, celui des vainqueurs qui a le "
                 "plus petit total tranche.")
    return {"classement": classement, "vainqueur": ordre[0]["nom"], "notes": notes}


AIDES: dict[str, Callable[..., Any]] = {
    "outsider": outsider, "festin": festin, "sauvagerie": sauvagerie, "tirage_intermission": tirage_intermission,
    "tirage_multijoueur": tirage_multijoueur,
    "jalons": jalons, "planning": planning, "multijoueur": multijoueur,
}
