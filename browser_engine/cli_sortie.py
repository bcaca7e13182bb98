r"""Command line (CPython): what the CLI writes on a terminal, made harmless in one place.

Lists, decks, score documents, data files and command-line arguments may carry terminal
control characters (ESC sequences, C1 controls such as U+009B, BEL…). `main` wraps standard
output and standard error in `SortieEchappee`, so that every message, table, help text and
JSON document goes through `echapper` on its way out, whatever path produced it.

The escape is the JSON and Python notation `\u001b`: shown as plain text on a terminal, and
inside a JSON string (`--json`) it is the same escape a JSON reader decodes back to the very
same character, so the exact value is kept.
"""
from __future__ import annotations

import re
from typing import Any, TextIO

# C0 controls except tab and line feed, DEL, and the C1 controls.
CONTROLES = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def echapper(texte: Any) -> str:
    r"""A text with each terminal control character written as `\uXXXX`."""
    return CONTROLES.sub(lambda m: f"\\u{ord(m.group()):04x}", str(texte))


class SortieEchappee:
    """A text stream that escapes control characters before writing to the stream it wraps."""

    def __init__(self, flux: TextIO) -> None:
        self.flux = flux

    def write(self, texte: str) -> int:
        """Write `texte` escaped; returns the length of `texte`, as a stream does."""
        self.flux.write(echapper(texte))
        return len(texte)

    def writelines(self, lignes: Any) -> None:
        """Write each line escaped."""
        for ligne in lignes:
            self.write(ligne)

    def __getattr__(self, nom: str) -> Any:  # flush, fileno, encoding, isatty… of the wrapped stream
        return getattr(self.flux, nom)
