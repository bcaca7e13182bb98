"""The contract between the generic validator and a game's Python module."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .regles import Violation


@dataclass
class AnalyseJeu:
    """What a game's Python module adds to a validation.

    Attributes:
        cout: total cost of the list, when the game has costs.
        derives: per entry index, derived values that rules can use (`cout_total`).
        erreurs: violations of rules that data cannot express.
        avertissements: warnings of the same kind.
        details: values shown to the user (per-entry costs, totals...).

    """

    cout: int | None = None
    derives: dict[int, dict[str, Any]] = field(default_factory=dict)
    erreurs: list[Violation] = field(default_factory=list)
    avertissements: list[Violation] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)
