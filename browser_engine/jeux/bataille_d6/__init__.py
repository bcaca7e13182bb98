"""Bataille fantastique d6: the dice odds and the odds of a list.

A list's costs and checks are data (`data/bataille-d6/modele-liste.yaml`, `regles-liste.yaml`).

* `calculs`: pillage, spells and magic objects (attacks and initiative are data), and the rule pages' odds tables;
* `liste_probas`: a list's units against reference Armures and an opposing list.
"""
PARTS = ("calculs", "liste_probas")
