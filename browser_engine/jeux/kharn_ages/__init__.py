"""Khârn-Âges Tactik: the Fer de Lance checker, the D10 odds, the odds of a list.

* `liste` (with `liste_equipement`: weapons, armours and their costs);
* `calculs` (with `calculs_jets`: action, opposed, armour and morale rolls, `calculs_degats` and
  `calculs_degats_jointe`: a whole attack and its damage, `calculs_divers`: the other rolls);
* `liste_probas` (with `liste_probas_profils`: the profiles read from the player's cards).
"""
PARTS = ("liste", "calculs", "liste_probas")
