"""Tamashii: deterministic scores (no dice), computed from what the players enter."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

SCORES: dict[str, Callable[..., Any]] = {}
