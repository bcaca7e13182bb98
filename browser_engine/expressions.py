"""A tiny, safe arithmetic evaluator for rule bounds such as `floor(format / 250)`.

Grammar: numbers, names taken from a context, `+ - * /`, parentheses, unary
minus, and the functions floor, ceil, min, max. Arithmetic is exact
(`fractions.Fraction`). Nothing is ever passed to `eval`.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from fractions import Fraction

MAX_LENGTH = 200
_TOKEN = re.compile(r"\s*(?:(?P<number>[0-9]+(?:\.[0-9]+)?)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<op>[-+*/(),]))")
_FUNCTIONS: dict[str, Callable[..., Fraction]] = {
    "floor": lambda x: Fraction(math.floor(x)),
    "ceil": lambda x: Fraction(math.ceil(x)),
    "min": lambda *xs: min(xs),
    "max": lambda *xs: max(xs),
}
_ARITY = {"floor": (1, 1), "ceil": (1, 1), "min": (1, 16), "max": (1, 16)}


class ErreurExpression(ValueError):
    """The expression is malformed or uses an unknown name (a bug in the data)."""


class ValeurIndisponible(ValueError):
    """A name of the expression has no usable value in this list (e.g. `format` is not a number)."""


def _tokens(text: str) -> list[tuple[str, str]]:
    if len(text) > MAX_LENGTH:
        raise ErreurExpression(f"expression trop longue : {text[:30]}…")
    out: list[tuple[str, str]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if not match:
            raise ErreurExpression(f"caractère inattendu « {text[pos:].strip()[:1]} » dans « {text} »")
        kind = match.lastgroup or "op"
        out.append((kind, match.group(kind)))
        pos = match.end()
    return out


class _Evaluator:
    def __init__(self, text: str, names: Mapping[str, object]) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.pos = 0
        self.names = names
        self.depth = 0

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, op: str) -> bool:
        token = self.peek()
        if token == ("op", op):
            self.pos += 1
            return True
        return False

    def expect(self, op: str) -> None:
        if not self.take(op):
            raise ErreurExpression(f"« {op} » attendu dans « {self.text} »")

    def run(self) -> Fraction:
        value = self.sum()
        if self.peek() is not None:
            raise ErreurExpression(f"texte en trop dans « {self.text} »")
        return value

    def sum(self) -> Fraction:
        value = self.product()
        while True:
            if self.take("+"):
                value += self.product()
            elif self.take("-"):
                value -= self.product()
            else:
                return value

    def product(self) -> Fraction:
        value = self.unary()
        while True:
            if self.take("*"):
                value *= self.unary()
            elif self.take("/"):
                divisor = self.unary()
                if divisor == 0:
                    raise ValeurIndisponible(f"division par zéro dans « {self.text} »")
                value /= divisor
            else:
                return value

    def unary(self) -> Fraction:
        if self.take("-"):
            return -self.unary()
        if self.take("+"):
            return self.unary()
        return self.atom()

    def atom(self) -> Fraction:
        self.depth += 1
        if self.depth > 50:
            raise ErreurExpression(f"expression trop imbriquée : « {self.text} »")
        token = self.peek()
        if token is None:
            raise ErreurExpression(f"expression incomplète : « {self.text} »")
        kind, text = token
        self.pos += 1
        if kind == "number":
            return Fraction(text)
        if kind == "name":
            return self.call(text) if self.take("(") else self.name(text)
        if text == "(":
            value = self.sum()
            self.expect(")")
            return value
        raise ErreurExpression(f"« {text} » inattendu dans « {self.text} »")

    def name(self, name: str) -> Fraction:
        if name not in self.names:
            raise ErreurExpression(f"nom inconnu « {name} » dans « {self.text} »")
        value = self.names[name]
        if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
            raise ValeurIndisponible(f"« {name} » n'a pas de valeur numérique")
        return Fraction(value)

    def call(self, name: str) -> Fraction:
        if name not in _FUNCTIONS:
            raise ErreurExpression(f"fonction inconnue « {name} » dans « {self.text} »")
        args = [self.sum()]
        while self.take(","):
            args.append(self.sum())
        self.expect(")")
        low, high = _ARITY[name]
        if not low <= len(args) <= high:
            raise ErreurExpression(f"mauvais nombre d'arguments pour {name} dans « {self.text} »")
        return _FUNCTIONS[name](*args)


def evaluer(expression: str | int | float, noms: Mapping[str, object]) -> Fraction:
    """Evaluate a bound expression exactly.

    Args:
        expression: a number, or text such as `floor(format / 250)`.
        noms: values of the names the expression may use.

    Returns:
        The exact value.

    Raises:
        ErreurExpression: malformed expression or unknown name.
        ValeurIndisponible: a name has no numeric value, or division by zero.

    """
    if isinstance(expression, bool):
        raise ErreurExpression("un booléen n'est pas une borne")
    if isinstance(expression, (int, float)):
        return Fraction(expression)
    return _Evaluator(str(expression), noms).run()


def noms_utilises(expression: str | int | float) -> set[str]:
    """Names (not functions) used by an expression; used to check rule data."""
    if not isinstance(expression, str):
        return set()
    tokens = _tokens(expression)
    return {text for i, (kind, text) in enumerate(tokens)
            if kind == "name" and not (i + 1 < len(tokens) and tokens[i + 1] == ("op", "("))}
