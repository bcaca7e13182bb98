"""French wording helpers: a summary written as an index definition stays the summary's own text."""
from __future__ import annotations

import html
import re

import markdown
import pytest

from generator.wording import inline_text


@pytest.mark.parametrize("resume", [
    "1. Premier point, puis le second.",
    "3) trois dés",
    "- un tiret en tête",
    "+ un plus en tête",
    "# pas un titre",
    "> pas une citation",
    "+1 dé en attaque.",
    "Deux lignes\nrepliées en une.",
])
def test_a_summary_is_one_plain_definition(resume: str) -> None:
    """Whatever its first characters, a summary is rendered as the definition's text, on one line,
    never as a list, a heading or a quote (the index template writes `term` then `:   summary`)."""
    rendu = markdown.markdown(f"[Nom](#nom)\n:   {inline_text(resume)}\n", extensions=["def_list"])
    definition = re.search(r"<dd>(.*?)</dd>", rendu, re.S)
    assert definition, rendu
    assert not re.search(r"<(ol|ul|li|h\d|blockquote|p)\b", definition[1]), rendu
    assert html.unescape(definition[1]) == " ".join(resume.split())
