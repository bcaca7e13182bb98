"""HAMI — La Saga des Murmures: the Communauté checker, the odds of the solo tables and Combat cards.

* `liste` (with `liste_details`: each creature's final values, `liste_scenarios`: the scenarios'
  line-ups): the Communauté checker;
* `calculs` (with `calculs_tables`: the solo setup tables and the deck a player gives,
  `calculs_cartes`: Combat cards);
* `liste_probas` (with `liste_probas_cibles`: the reference targets): a Communauté's attacks;
* `donnees`: the game data the checker reads, and one list entry.
"""
PARTS = ("liste", "calculs", "liste_probas")
