"""The bounds of a list rule (`borne`) against the values their names can take.

A bound is a number or an expression of the list (`floor(format / 250)`). The engine skips a rule
whose bound divides by zero, and a negative bound or a minimum above the maximum makes a rule that
no list (or every list) satisfies. Each name takes the values the game's list schema allows:

* `format`: the schema's `format` (its `const`, or its integer `minimum` to `maximum`);
* `nb_entrees`: the number of entries, from `minItems` (else 0) to `maxItems`;
* `cout`: a total of costs, from 0 up (no upper bound).

Readings, applied to each bound of each rule:

* **division**: a divisor must be non-zero for every value of its names. It is evaluated with
  interval arithmetic over their ranges; a divisor whose interval contains 0 is refused (a
  literal 0, `format - format`, or `floor(format / 500)`, which is 0 for a format under 500). The
  test is cautious: a divisor that never reaches 0 but whose interval contains it is refused too;
  write it so that its range shows it (a literal, or `format` with a minimum of 1).
* **sign**: what a rule measures with `compte` or `longueur`, or with `somme` of a field that
  cannot be negative, is never negative: a bound that is negative for a value of its names is
  refused (`exact: -4` on a count of tokens).
* **order**: `min` ≤ `exact` ≤ `max`.

Sign and order are tested on sample values of the names (the ends of their ranges, the numbers
the bound itself uses, their neighbours and multiples), so that a refusal names a list format
that shows the problem.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from browser_engine.expressions import ErreurExpression, ValeurIndisponible, _tokens, evaluer
from browser_engine.regles import NOMS_LISTE

from . import rule_values

Number = Fraction | float  # float only for ±infinity
KINDS = ("min", "exact", "max")
MAX_COMBINATIONS = 4000
MAX_SAMPLE = 10**6  # samples of a name without upper bound (cout) stop here


class DivisionByZero(Exception):
    """A divisor of the expression can be zero; carries the divisor's text and whether it is always 0."""

    def __init__(self, divisor: str, always: bool) -> None:
        super().__init__(divisor)
        self.divisor = divisor
        self.always = always


@dataclass(frozen=True)
class Interval:
    """A closed range of values (ends may be infinite)."""

    low: Number
    high: Number

    def __add__(self, other: Interval) -> Interval:
        return Interval(self.low + other.low, self.high + other.high)

    def __neg__(self) -> Interval:
        return Interval(-self.high, -self.low)

    def __sub__(self, other: Interval) -> Interval:
        return self + -other

    def __mul__(self, other: Interval) -> Interval:
        ends = [_times(a, b) for a in (self.low, self.high) for b in (other.low, other.high)]
        return Interval(min(ends), max(ends))

    def inverse(self) -> Interval:
        """1 / self, for a range without 0."""
        return Interval(_inverse(self.high), _inverse(self.low))

    def apply(self, function: Callable[[Number], Number]) -> Interval:
        """A non-decreasing function applied to both ends."""
        return Interval(function(self.low), function(self.high))


def _times(a: Number, b: Number) -> Number:
    return Fraction(0) if a == 0 or b == 0 else a * b


def _inverse(x: Number) -> Number:
    return Fraction(0) if math.isinf(x) else 1 / Fraction(x)


def _rounded(function: Callable[[Any], int]) -> Callable[[Number], Number]:
    return lambda x: x if math.isinf(x) else Fraction(function(x))


class _IntervalEvaluator:
    """The bound grammar of `browser_engine.expressions`, evaluated over ranges of values."""

    FUNCTIONS: dict[str, Callable[[list[Interval]], Interval]] = {
        "floor": lambda xs: xs[0].apply(_rounded(math.floor)),
        "ceil": lambda xs: xs[0].apply(_rounded(math.ceil)),
        "min": lambda xs: Interval(min(x.low for x in xs), min(x.high for x in xs)),
        "max": lambda xs: Interval(max(x.low for x in xs), max(x.high for x in xs)),
    }

    def __init__(self, text: str, ranges: dict[str, Interval]) -> None:
        self.tokens = _tokens(text)
        self.pos = 0
        self.ranges = ranges

    def take(self, op: str) -> bool:
        if self.pos < len(self.tokens) and self.tokens[self.pos] == ("op", op):
            self.pos += 1
            return True
        return False

    def sum(self) -> Interval:
        value = self.product()
        while True:
            if self.take("+"):
                value = value + self.product()
            elif self.take("-"):
                value = value - self.product()
            else:
                return value

    def product(self) -> Interval:
        value = self.unary()
        while True:
            if self.take("*"):
                value = value * self.unary()
            elif self.take("/"):
                start = self.pos
                divisor = self.unary()
                if divisor.low <= 0 <= divisor.high:
                    raise DivisionByZero(_text(self.tokens[start:self.pos]), divisor.low == divisor.high)
                value = value * divisor.inverse()
            else:
                return value

    def unary(self) -> Interval:
        if self.take("-"):
            return -self.unary()
        if self.take("+"):
            return self.unary()
        kind, text = self.tokens[self.pos]
        self.pos += 1
        if kind == "number":
            return Interval(Fraction(text), Fraction(text))
        if kind == "name" and self.take("("):
            args = [self.sum()]
            while self.take(","):
                args.append(self.sum())
            self.take(")")
            return self.FUNCTIONS[text](args)
        if kind == "name":
            return self.ranges[text]
        value = self.sum()  # "("
        self.take(")")
        return value


def _text(tokens: list[tuple[str, str]]) -> str:
    return "".join(text if kind != "op" or text in "()," else f" {text} " for kind, text in tokens).strip()


# --- the names' ranges and samples ----------------------------------------------------------

def name_ranges(list_schema: dict[str, Any]) -> dict[str, Interval]:
    """The range of each name a bound may use, read from the game's list schema."""
    props = list_schema.get("properties") or {}
    fmt = rule_values.resolve(list_schema, props.get("format") or {})
    if isinstance(fmt, dict) and isinstance(fmt.get("const"), int) and not isinstance(fmt["const"], bool):
        format_range = Interval(Fraction(fmt["const"]), Fraction(fmt["const"]))
    else:
        fmt = fmt if isinstance(fmt, dict) else {}
        format_range = Interval(_end(fmt.get("minimum"), -math.inf), _end(fmt.get("maximum"), math.inf))
    entries = rule_values.resolve(list_schema, props.get("entrees") or {})
    entries = entries if isinstance(entries, dict) else {}
    return {"format": format_range, "cout": Interval(Fraction(0), math.inf),
            "nb_entrees": Interval(_end(entries.get("minItems"), 0), _end(entries.get("maxItems"), math.inf))}


def _end(value: Any, default: Number) -> Number:
    return Fraction(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else default


def _samples(span: Interval, literals: set[Fraction]) -> list[int]:
    """Integer values of a name worth trying: the range's ends, powers of ten, the literals and their multiples."""
    low = -MAX_SAMPLE if math.isinf(span.low) else math.ceil(span.low)
    high = MAX_SAMPLE if math.isinf(span.high) else math.floor(span.high)
    points = {low, low + 1, high - 1, high, 0, 1}
    points |= {m * 10**k for k in range(7) for m in (1, 2, 5)}
    for literal in literals:
        for k in range(1, 5):
            base = math.floor(literal * k)
            points |= {base - 1, base, base + 1}
    return sorted(p for p in points if low <= p <= high)


def _literals(expressions: list[Any]) -> set[Fraction]:
    found: set[Fraction] = set()
    for expression in expressions:
        if isinstance(expression, str):
            found |= {Fraction(text) for kind, text in _tokens(expression) if kind == "number"}
    return found


def _names_used(expressions: list[Any]) -> list[str]:
    used = {text for e in expressions if isinstance(e, str) for kind, text in _tokens(e) if kind == "name"}
    return [name for name in NOMS_LISTE if name in used]


def _combinations(names: list[str], ranges: dict[str, Interval],
                  literals: set[Fraction]) -> Iterator[dict[str, int]]:
    samples = [_samples(ranges[name], literals) for name in names]
    while math.prod(len(s) for s in samples) > MAX_COMBINATIONS:
        longest = max(range(len(samples)), key=lambda i: len(samples[i]))
        samples[longest] = samples[longest][::2] + samples[longest][-1:]
    for values in itertools.product(*samples):
        yield dict(zip(names, values, strict=True))


# --- the checks ----------------------------------------------------------------------------

def division_problem(expression: Any, ranges: dict[str, Interval]) -> str | None:
    """Why an expression can divide by zero on the values its names can take, or None."""
    if not isinstance(expression, str):
        return None
    try:
        _IntervalEvaluator(expression, ranges).sum()
    except DivisionByZero as exc:
        shown = ", ".join(f"{name} de {_shown(span.low)} à {_shown(span.high)}"
                          for name, span in ranges.items() if name in _names_used([expression]))
        where = f" ({shown})" if shown else ""
        if exc.always:
            return f"division par zéro : le diviseur « {exc.divisor} » vaut toujours 0{where} ; la règle serait ignorée"
        return (f"division par zéro possible : le diviseur « {exc.divisor} » peut valoir 0{where} ; la règle "
                "serait alors ignorée")
    except (IndexError, KeyError):
        return None  # a malformed expression: reported by the engine's own evaluation
    return None


def _shown(value: Number) -> str:
    if math.isinf(value):
        return "+∞" if value > 0 else "−∞"
    return str(value)


def sign_and_order_problems(bounds: dict[str, Any], ranges: dict[str, Interval],
                            never_negative: bool) -> Iterator[tuple[str, str]]:
    """(bound kind, message) for a negative bound of a measure that cannot be negative, and for bounds out of order."""
    expressions = [bounds[k] for k in KINDS if k in bounds]
    names = _names_used(expressions)
    reported: set[str] = set()
    for values in _combinations(names, ranges, _literals(expressions)):
        try:
            evaluated = {k: evaluer(bounds[k], values) for k in KINDS if k in bounds}
        except (ErreurExpression, ValeurIndisponible):
            continue  # malformed, or a division by zero: reported elsewhere
        where = _where(values)
        for kind, value in evaluated.items():
            if never_negative and value < 0 and kind not in reported:
                reported.add(kind)
                yield kind, (f"borne négative ({_number(value)}{where}) : la mesure (un compte, une longueur ou "
                             "une somme de valeurs jamais négatives) ne l'est jamais")
        for low, high in (("min", "max"), ("min", "exact"), ("exact", "max")):
            if low in evaluated and high in evaluated and evaluated[low] > evaluated[high] and "ordre" not in reported:
                reported.add("ordre")
                yield low, (f"{low} ({_number(evaluated[low])}) plus grand que {high} ({_number(evaluated[high])})"
                            f"{where} : aucune liste ne respecterait la règle")


def _where(values: dict[str, int]) -> str:
    return (" pour " + ", ".join(f"{name} = {value}" for name, value in values.items())) if values else ""


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value)).replace(".", ",")


def measure_never_negative(rule: dict[str, Any], fields: dict[str, Any], list_schema: dict[str, Any]) -> bool:
    """Whether what a rule measures can never be negative.

    `compte` and `longueur` count; `somme` adds a field's numbers (other values count 0), so it is
    never negative when the field's schema or domain has a minimum of 0 or more, or holds no number.
    """
    if "somme" not in rule:
        return True
    node = rule_values.resolve(list_schema, fields.get(rule["somme"]))
    if not isinstance(node, dict):
        return False
    low = node.get("minimum")
    if isinstance(low, (int, float)) and not isinstance(low, bool):
        return low >= 0
    types = node.get("type")
    types = [types] if isinstance(types, str) else types if isinstance(types, list) else []
    return bool(types) and not {"integer", "number"} & set(types)
