"""Hate: the tribe checker, the combat odds, the chronicle scores and game aids.

* `liste` (with `liste_figures`: reading the figures and the rules between them, `liste_village`: the
  chronicle village, `liste_journal`: the chronicle log);
* `calculs` (with `calculs_combat`: the exact combat of special dice);
* `liste_probas` (with `liste_probas_effets`: the cards that change an attack);
* `scores` (with `scores_aides`: the game aids).
"""
PARTS = ("liste", "calculs", "liste_probas", "scores")
