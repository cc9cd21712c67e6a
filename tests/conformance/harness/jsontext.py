"""JSON text as the user sees it: number spellings and member order kept.

The strict judgement (docs/conformance.md, "Strict languages") compares what a
binding writes, not only the value it means: every number's exact text must be
the canonical spelling of docs/semantics.md §3, and free-form values must keep
their member order. `json.loads` with hooks keeps both: numbers come back as
`Num` (their lexeme) and objects as `Obj` (their members in order, duplicates
included).

Also here: error lines (`<path>: <keyword>: <detail>`, semantics §2) taken
apart, and paths spelled the one way every binding spells them.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

MAX_SAFE = 2**53 - 1


@dataclass(frozen=True)
class Num:
    text: str


class Obj(list):
    """An object's members, in order: [(name, value), ...]."""

    def names(self) -> list[str]:
        return [k for k, _ in self]


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads(text: str) -> Any:
    """Parses JSON text into None/bool/str/Num/list/Obj (raises ValueError when it is not JSON)."""
    return json.loads(text, parse_int=Num, parse_float=Num, parse_constant=_no_constant, object_pairs_hook=Obj)


# ---- canonical number spelling (semantics §3) -------------------------------------------------------
def es_number(v: float) -> str:
    """ECMAScript Number.prototype.toString of a finite double (RFC 8785 §3.2.2.3): the shortest
    digits that round-trip (Python's repr computes the same digits), placed by ES rules."""
    if not math.isfinite(v):
        raise ValueError(f"{v} is not a finite double")
    if v == 0:
        return "0"  # -0 too
    if v < 0:
        return "-" + es_number(-v)
    mantissa, _, exp = repr(v).partition("e")
    whole, _, frac = mantissa.partition(".")
    digits = whole + frac
    point = len(whole) + (int(exp) if exp else 0)  # value = 0.<digits> x 10^point
    stripped = digits.lstrip("0")
    point -= len(digits) - len(stripped)
    s = stripped.rstrip("0")
    k, n = len(s), point
    if k <= n <= 21:
        return s + "0" * (n - k)
    if 0 < n <= 21:
        return s[:n] + "." + s[n:]
    if -6 < n <= 0:
        return "0." + "0" * (-n) + s
    e = n - 1
    sign = "+" if e >= 0 else "-"
    return (s if k == 1 else s[0] + "." + s[1:]) + "e" + sign + str(abs(e))


def is_integer_literal(lexeme: str) -> bool:
    return not any(c in lexeme for c in ".eE")


def canonical_integer(lexeme: str) -> str:
    """An integer literal kept exactly (free-form values, integer-typed members): its digits, `-0` is `0`."""
    n = int(lexeme)
    return str(n)


def canonical_double(lexeme: str) -> str | None:
    """A number stored as a double, spelled canonically; None when it overflows (a `range` error)."""
    v = float(lexeme)
    return es_number(v) if math.isfinite(v) else None


def spellings_of(value: Any) -> set[str]:
    """The canonical spellings a number of a vector (a Python int or float, as json.load gives it) may
    come back as, when its position (integer, number or free-form) is not known: an integer beyond
    2^53 is exact in a free-form value and a double in a `number` member."""
    if isinstance(value, int):
        out = {str(value)}
        if abs(value) > MAX_SAFE:
            out.add(es_number(float(value)))
        return out
    return {es_number(value)}


# ---- comparing what came out with what should have --------------------------------------------------
def python_to_text_tree(v: Any) -> Any:
    """A Python JSON value (json.load of a vector) as the tree `expected_tree` compares against:
    numbers become the set of spellings they may come back as."""
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    if isinstance(v, (int, float)):
        return frozenset(spellings_of(v))
    if isinstance(v, list):
        return [python_to_text_tree(x) for x in v]
    return Obj((k, python_to_text_tree(x)) for k, x in v.items())


def difference(expected: Any, got: Any, path: str = "$", ordered: dict[str, Any] | None = None,
               keep_all: bool = False) -> str:
    """Where `got` (a `loads` tree) differs from `expected`; "" when equal.

    `expected` is a `loads` tree (numbers as Num: their exact text) or a `python_to_text_tree`
    (numbers as sets of allowed spellings). Objects compare member by member in any order, except
    where `ordered` says: path -> "all" (every object inside keeps its member order: a free-form
    value) or path -> [names] (those members keep their relative order: an open object's extras)."""
    ordered = ordered or {}
    rule = ordered.get(path)
    keep_all = keep_all or rule == "all"
    if isinstance(expected, (Num, frozenset)):
        if not isinstance(got, Num):
            return f"{path}: expected a number, got {_show(got)}"
        allowed = {expected.text} if isinstance(expected, Num) else expected
        if got.text not in allowed:
            return f"{path}: number spelled {got.text}, expected {' or '.join(sorted(allowed))}"
        return ""
    if isinstance(expected, bool) or expected is None:
        return "" if type(got) is type(expected) and got == expected else f"{path}: expected {_show(expected)}, got {_show(got)}"
    if isinstance(expected, str):
        return "" if isinstance(got, str) and got == expected else f"{path}: expected {_show(expected)}, got {_show(got)}"
    if isinstance(expected, list) and not isinstance(expected, Obj):
        if not isinstance(got, list) or isinstance(got, Obj):
            return f"{path}: expected an array, got {_show(got)}"
        if len(got) != len(expected):
            return f"{path}: expected {len(expected)} items, got {len(got)}"
        for i, (e, g) in enumerate(zip(expected, got)):
            d = difference(e, g, f"{path}[{i}]", ordered, keep_all)
            if d:
                return d
        return ""
    assert isinstance(expected, Obj)
    if not isinstance(got, Obj):
        return f"{path}: expected an object, got {_show(got)}"
    en, gn = expected.names(), got.names()
    if len(set(gn)) != len(gn):
        return f"{path}: a member written twice ({', '.join(sorted({n for n in gn if gn.count(n) > 1}))})"
    if set(en) != set(gn):
        missing, added = [n for n in en if n not in gn], [n for n in gn if n not in en]
        return f"{path}: " + "; ".join(([f"missing {missing}"] if missing else []) + ([f"added {added}"] if added else []))
    if keep_all and en != gn:
        return f"{path}: member order changed: expected {en}, got {gn}"
    if isinstance(rule, list) and [n for n in gn if n in rule] != [n for n in en if n in rule]:
        return f"{path}: the order of {rule} changed: got {[n for n in gn if n in rule]}"
    got_by_name = dict(got)
    for name, e in expected:
        d = difference(e, got_by_name[name], member_path(path, name), ordered, keep_all)
        if d:
            return d
    return ""


def _show(v: Any) -> str:
    if isinstance(v, Num):
        return v.text
    if isinstance(v, Obj):
        return "an object"
    if isinstance(v, list):
        return "an array"
    return json.dumps(v, ensure_ascii=False)[:80]


# ---- paths and error lines (semantics §2) ------------------------------------------------------------
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
KEYWORDS = frozenset({
    "syntax", "depth", "duplicate", "type", "required", "additionalProperties", "not", "discriminator", "oneOf",
    "anyOf", "const", "enum", "format", "pattern", "minLength", "maxLength", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "uniqueItems", "minProperties",
    "maxProperties", "range",
    # the assertions' keywords (docs/semantics.md, "Assertions"; `if` is reported as `then` or `else`)
    "$ref", "allOf", "then", "else", "dependentRequired", "dependentSchemas", "prefixItems", "items", "contains",
    "minContains", "maxContains", "properties", "patternProperties", "propertyNames", "unevaluatedItems",
    "unevaluatedProperties"})


def member_path(path: str, name: str) -> str:
    """`$.name` for identifier-like names, else `$["..."]` escaped as JSON.stringify escapes it."""
    if IDENTIFIER.match(name):
        return f"{path}.{name}"
    return f"{path}[{json.dumps(name, ensure_ascii=False)}]"


def index_path(path: str, i: int) -> str:
    return f"{path}[{i}]"


@dataclass(frozen=True)
class ErrorLine:
    path: str
    keyword: str
    detail: str


_DECODER = json.JSONDecoder()
_SEGMENT = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(0|[1-9][0-9]*)\]")


def parse_error(message: str) -> ErrorLine | str:
    """`<path>: <keyword>: <detail>` taken apart, or why the message does not have that shape."""
    path = leading_path(message)
    if path.startswith("!"):
        return path[1:]
    i = len(path)
    # A segment must be spelled the one way (`.a`, not `["a"]`): respelling it must give the same text.
    if _respell(path) != path:
        return f"the path {path} is not spelled canonically ({_respell(path)})"
    if not message.startswith(": ", i):
        return "no ': <keyword>: ' after the path"
    keyword, sep, detail = message[i + 2:].partition(": ")
    if not sep:
        return "no ': <detail>' after the keyword"
    if keyword not in KEYWORDS:
        return f"{keyword!r} is not a keyword of the vocabulary"
    return ErrorLine(path, keyword, detail)


def leading_path(message: str) -> str:
    """The JSON path a message starts with, as written; "!<why>" when it does not start with one."""
    if not message.startswith("$"):
        return "!the message does not start with a JSON path"
    i = 1
    while i < len(message) and message[i] in ".[":
        m = _SEGMENT.match(message, i)
        if m:
            i = m.end()
            continue
        if message.startswith('["', i):
            try:
                name, end = _DECODER.raw_decode(message, i + 1)
            except ValueError:
                return f"!a bad [\"...\"] path segment at {i}"
            if not message.startswith("]", end):
                return f"!a bad [\"...\"] path segment at {i}"
            i = end + 1
            continue
        return f"!a bad path segment at {i}"
    return message[:i]


def _respell(path: str) -> str:
    out, i = "$", 1
    while i < len(path):
        m = _SEGMENT.match(path, i)
        if m:
            out = member_path(out, m.group(1)) if m.group(1) else index_path(out, int(m.group(2)))
            i = m.end()
            continue
        name, end = _DECODER.raw_decode(path, i + 1)
        out = member_path(out, name)
        i = end + 1
    return out
