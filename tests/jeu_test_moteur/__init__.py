"""INVENTED engine package of the test game `jeu-test` (tests only): one calculation, one derived field.

The generator's checks of list rules and calculations read a game's engine parts; the tests
map `jeu-test` to this package (`browser_engine.jeux.PACKAGES`).
"""
PARTS = ("liste", "calculs")
