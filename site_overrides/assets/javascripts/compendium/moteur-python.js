// Python glue between the Web Worker and browser_engine.
//
// Loaded by moteur-worker.js (importScripts) and by the golden tests
// (tests/node/pyodide_golden.mjs under Node, tests/test_pyodide.py under
// CPython, which extracts the text between the two String.raw backquotes), so
// that the browser, real Pyodide and CPython run exactly the same code.
// Every function takes and returns plain strings (JSON), never proxies.
// The Python below must not contain a backquote nor a dollar followed by a brace.
self.COMPENDIUM_PYTHON = String.raw`
import json as _json

import browser_engine as _moteur
import browser_engine.reader as _lecteur

_DONNEES = {}


def _sortie(objet):
    return _json.dumps(objet, ensure_ascii=False, allow_nan=False)


def _erreur(exc):
    if isinstance(exc, _moteur.ErreurEntree):
        return {"erreur": str(exc)}
    if isinstance(exc, RecursionError):
        return {"erreur": "Entrée illisible : les valeurs sont imbriquées trop profondément."}
    if isinstance(exc, MemoryError):
        return {"erreur": "Entrée trop volumineuse : mémoire insuffisante pour la traiter."}
    return {
        "erreur": "Erreur interne du moteur (" + type(exc).__name__ + ") : " + str(exc),
        "interne": True,
    }


def charger_jeu(jeu, texte_json):
    _DONNEES[jeu] = _json.loads(texte_json)
    return jeu


def _donnees(jeu):
    try:
        return _DONNEES[jeu]
    except KeyError:
        raise _moteur.ErreurEntree("Données du jeu « " + str(jeu) + " » non chargées.") from None


def _avec_catalogue(donnees, liste, catalogue):
    # The player's profile catalogue (text), merged into the list; None when there is none.
    # JS null arrives as a JsNull object, not None: only text counts as a catalogue.
    if not isinstance(catalogue, str) or not catalogue.strip():
        return liste, None
    try:
        document = _lecteur.lire_document(catalogue)
    except _moteur.ErreurEntree as exc:
        raise _moteur.ErreurEntree("Catalogue de profils illisible : " + str(exc)) from None
    liste = _moteur.fusionner_catalogue(donnees, liste, document)
    resume = {"nom": None, "profils": 0, "equipements": 0}
    if isinstance(document, dict):
        nom = document.get("nom")
        resume["nom"] = nom if isinstance(nom, str) else None
        for cle in ("profils", "equipements"):
            resume[cle] = len(document[cle]) if isinstance(document.get(cle), list) else 0
    return liste, resume


def _verifier(jeu, texte, catalogue):
    if hasattr(texte, "to_bytes"):
        texte = texte.to_bytes()
    donnees = _donnees(jeu)
    ecrite = _moteur.lire_liste(texte)
    liste, resume = _avec_catalogue(donnees, ecrite, catalogue)
    rapport = _moteur.valider(donnees, liste)
    # The parsed list (with the catalogue's profiles) travels with the report for printing; the
    # list as written (without them) for the builder, when a catalogue was merged.
    resultat = dict(rapport, liste=liste, catalogue=resume)
    if liste is not ecrite:
        resultat["liste_ecrite"] = ecrite
    return donnees, liste, resultat


def valider_texte(jeu, texte, catalogue=None):
    # texte: str (textarea) or bytes (imported file; a JS Uint8Array arrives as a proxy);
    # catalogue: the text of a profile catalogue the player loaded, or None.
    try:
        return _sortie({"resultat": _verifier(jeu, texte, catalogue)[2]})
    except Exception as exc:  # every failure becomes a French message for the page
        return _sortie(_erreur(exc))


_SUITE = None  # the builder's follow-up of the last check: a generator, stepped by suite_pas


def etat_texte(jeu, texte, catalogue=None, demande_json=""):
    # The builder's check of one change: the report now; what it asks for the entry being edited
    # (forced values, open pickers) is computed afterwards, one validation per suite_pas step.
    global _SUITE
    _SUITE = None
    try:
        donnees, liste, resultat = _verifier(jeu, texte, catalogue)
        if isinstance(demande_json, str) and demande_json:
            import browser_engine.composer_suite as _suite

            _SUITE = _suite.suite_pas(donnees, liste, _json.loads(demande_json))
        return _sortie({"resultat": resultat})
    except Exception as exc:
        return _sortie(_erreur(exc))


def suite_pas(budget_ms):
    # Step the follow-up until one result, its end, or budget_ms spent: {resultats, fini}.
    global _SUITE
    import time as _temps

    if _SUITE is None:
        return _sortie({"resultats": [], "fini": True})
    fin = _temps.perf_counter() + float(budget_ms) / 1000
    resultats = []
    try:
        while True:
            pas = next(_SUITE)
            if pas is not None:
                resultats.append(pas)
                break
            if _temps.perf_counter() >= fin:
                break
    except StopIteration:
        _SUITE = None
        return _sortie({"resultats": resultats, "fini": True})
    except Exception as exc:
        _SUITE = None
        return _sortie(dict(_erreur(exc), resultats=resultats, fini=True))
    return _sortie({"resultats": resultats, "fini": False})


def suite_abandon():
    global _SUITE
    _SUITE = None
    return "null"


def score_json(jeu, cle, document_json):
    # A declared score (scores.yaml) from the document the form built: {joueurs: [...], ...}.
    try:
        import browser_engine.scores as _scores

        document = _json.loads(document_json)
        return _sortie({"resultat": _scores.calculer_score(_donnees(jeu), cle, document)})
    except Exception as exc:
        return _sortie(_erreur(exc))


def composer_json(jeu, requete_json, catalogue=None):
    # The list tools (builder, repairs, odds of a list, versions): browser_engine.requetes.ACTIONS
    # names the function of each requete["action"]; catalogue: the player's profile catalogue text.
    try:
        import browser_engine.requetes as _requetes

        donnees = _donnees(jeu)
        requete = _json.loads(requete_json)
        if not isinstance(requete, dict):
            raise _moteur.ErreurEntree("Requête du compositeur invalide : un objet est attendu.")
        liste = requete.get("liste")
        if not isinstance(liste, dict):
            raise _moteur.ErreurEntree("La liste doit être un objet (avec les clés jeu, nom, format et entrees).")
        liste, _resume = _avec_catalogue(donnees, liste, catalogue)
        return _sortie({"resultat": _requetes.executer(donnees, liste, requete)})
    except Exception as exc:
        return _sortie(_erreur(exc))


def des_libres_json(requete_json):
    # « Dés libres »: one or two pools of dice the player describes (browser_engine.des_libres); no game data.
    try:
        import browser_engine.des_libres as _des_libres

        return _sortie({"resultat": _des_libres.calculer(_json.loads(requete_json))})
    except Exception as exc:
        return _sortie(_erreur(exc))


def calculer_json(jeu, calcul, parametres_json):
    try:
        parametres = _json.loads(parametres_json)
        resultat = _moteur.calculer(_donnees(jeu), calcul, parametres)
        return _sortie({"resultat": resultat})
    except Exception as exc:
        return _sortie(_erreur(exc))
`;
