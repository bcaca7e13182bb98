"""The YAML of a list rule's texts, set apart for the player (issue 35, item 4).

A rule of `regles-liste.yaml` may explain how a list file writes something (« ajoutez
`leader: true` à son entrée »). The player reads the rule's sentence; the YAML is only for who
edits the text view, so each inline code span and each code block of such a text is set apart and
labelled « Champ YAML » (`data-role="champ-yaml"`), as the text view's messages do
(verifier-rapport.js). The player's words around it are the data's own text.
"""
from __future__ import annotations

import html
import re

# A fenced code block (its fence and language line kept) or an inline code span.
BLOC = re.compile(r"^(?P<indent>[ \t]*)```[^\n]*\n.*?^(?P=indent)```[ \t]*$", re.M | re.S)
EN_LIGNE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")


def _en_ligne(m: re.Match[str]) -> str:
    return ('<span class="cp-champ-yaml" data-role="champ-yaml">(Champ YAML : '
            f"<code>{html.escape(m.group(1), quote=False)}</code>)</span>")


def _bloc(m: re.Match[str]) -> str:
    indent = m.group("indent")
    return (f'{indent}<div class="cp-champ-yaml" data-role="champ-yaml" markdown>\n\n'
            f"{indent}*Champ YAML, pour qui écrit la liste en texte :*\n\n{m.group(0)}\n\n{indent}</div>")


def champs_yaml(texte: str) -> str:
    """Markdown text with its code (inline spans and blocks) set apart as « Champ YAML »."""
    if not texte:
        return texte
    morceaux = []
    debut = 0
    for m in BLOC.finditer(texte):
        morceaux.append(EN_LIGNE.sub(_en_ligne, texte[debut:m.start()]))
        morceaux.append(_bloc(m))
        debut = m.end()
    morceaux.append(EN_LIGNE.sub(_en_ligne, texte[debut:]))
    return "".join(morceaux)
