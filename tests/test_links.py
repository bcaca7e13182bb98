"""Links stage: first mentions become tooltip links; headings, code and own definitions do not."""
from __future__ import annotations

from pathlib import Path

from generator.links import LinkIndex, linkify
from generator.plugin import load_site

CACHEE = '[{text}](../jeu-test/glossaire.md#cachee "Figurine invisible pour l\'ennemi (inventé).")'


def index(game_root: Path) -> LinkIndex:
    return LinkIndex.of(load_site(game_root).game("jeu-test"))


def test_only_the_first_mention_in_a_section_is_linked(game_root: Path) -> None:
    out = linkify("Une figurine Cachée, puis une autre cachée.", index(game_root), "jeu-test/regles.md", set())
    assert out == "Une figurine " + CACHEE.format(text="Cachée").replace("../jeu-test/", "") + ", puis une autre cachée."


def test_each_section_starts_afresh(game_root: Path) -> None:
    idx = index(game_root)
    first = linkify("Cachée", idx, "jeu-test/regles.md", set())
    second = linkify("cachée", idx, "jeu-test/regles.md", set())
    assert first.startswith("[Cachée](glossaire.md#cachee ")
    assert second.startswith("[cachée](glossaire.md#cachee ")


def test_headings_code_and_own_definition_are_left_alone(game_root: Path) -> None:
    idx = index(game_root)
    text = "## Cachée\n\n```\nCachée\n```\n\nLe mot `Cachée` en code."
    assert linkify(text, idx, "jeu-test/regles.md", set()) == text
    assert linkify("Une figurine Cachée.", idx, "jeu-test/glossaire.md", {"cachee"}) == "Une figurine Cachée."


def test_whole_words_only_and_after_an_apostrophe(game_root: Path) -> None:
    idx = index(game_root)
    assert linkify("Cachéeux et precachée", idx, "x/y.md", set()) == "Cachéeux et precachée"
    assert linkify("l'cachée", idx, "jeu-test/regles.md", set()).startswith("l'[cachée](glossaire.md#cachee")


def test_explicit_link_uses_the_entry_name_and_counts_as_mention(game_root: Path) -> None:
    out = linkify("Voir [[bouclier]] ; un Bouclier.", index(game_root), "jeu-test/glossaire.md", set())
    assert out == 'Voir [Bouclier](regles.md#bouclier "Protège (inventé).") ; un Bouclier.'


def test_existing_links_are_not_relinked(game_root: Path) -> None:
    text = "[Cachée](https://exemple.invalid) puis Cachée"
    out = linkify(text, index(game_root), "jeu-test/regles.md", set())
    assert out.startswith("[Cachée](https://exemple.invalid) puis [Cachée](glossaire.md#cachee")
