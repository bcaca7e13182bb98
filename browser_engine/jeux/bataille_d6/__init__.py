"""Bataille fantastique d6: the costs of a list's units, the dice odds, the odds of a list.

* `liste`: each unit's cost from the cost tables, Heroes and Sorcerers counted for the data rules;
* `calculs`: attacks, initiative, pillage, spells and magic objects, and the rule pages' odds tables;
* `liste_probas`: a list's units against reference Armures and an opposing list.
"""
PARTS = ("liste", "calculs", "liste_probas")
