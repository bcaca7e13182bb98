"""Problem reports shared by the load and validate stages."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One problem in a data file, printed as `file:line:col JSONPath: message`."""

    file: str
    line: int
    col: int
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col} {self.path}: {self.message}"


class DataError(Exception):
    """Raised when data problems stop the build; carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def json_path(parts: tuple[str | int, ...]) -> str:
    """Format a path as JSONPath, e.g. `$.sorts[3].portee`.

    Args:
        parts: keys (str) and indexes (int) from the document root.

    """
    out = "$"
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.replace("_", "a").replace("-", "a").isalnum() and not part[:1].isdigit():
            out += f".{part}"
        else:
            out += "['" + part.replace("'", "\\'") + "']"
    return out
