"""Tamashii — Chronique d'Ascend: the game-setup checker, the dice and bag odds, the scores.

* `liste` (with `liste_setup`: the values the data rules read);
* `calculs` (with `calculs_des`: the player and Enemy dice, `calculs_sac`: the bag of Données);
* `liste_probas` (with `liste_probas_groupe`: the Group Test);
* `scores`.
"""
PARTS = ("liste", "calculs", "liste_probas", "scores")
