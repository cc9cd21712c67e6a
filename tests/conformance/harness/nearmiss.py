"""Near-misses: a valid sample broken at exactly one node, with the error every binding must report.

Each break names what it broke (for deduplication), the whole broken instance
and the error docs/semantics.md §2 puts on it: the path and the keyword.

* the value broken carries the error (`type`, `const`, `enum`, `format`,
  `pattern`, `minLength`, ..., `multipleOf`, `minItems`, `uniqueItems`, ...);
  where one value fails several keywords, the first in the order of the
  table of §2 wins (`format` before `pattern` before `minLength`);
* a removed required member: `required` at the object; an unknown member of
  a closed object: `additionalProperties` at the member; a forbidden one: `not`
  (from `not: {required}` or a `false` property) or `additionalProperties`
  (a closed `allOf` part that does not list it);
* a discriminated union (the union's `discriminator`, else the const string
  property every variant requires with distinct values, `type` first, as
  src/ir/passes/unions.cpp infers it): a tag that is off or not a string is
  `discriminator` at the tag member, a missing tag `required` at the object,
  a value that is not an object `type`; the chosen variant's own breaks keep
  their own path;
* any other union (`oneOf`/`anyOf`, except the `anyOf [X, {type: null}]` that
  spells a nullable X): every break inside it is `oneOf`/`anyOf` at the
  union's value (the outermost such union, when they nest).

Where a break is still valid (another `anyOf` branch accepts it) the oracle
says so and the expectation is not used.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass
from typing import Any, Callable

from jsonschema import Draft202012Validator

from . import regexgen
from .jsonvalue import dumps, json_equal, kind_of
from .jsontext import index_path, member_path
from .schemas import View

# Where several keywords fail on one value, the first of this order is reported (semantics §2).
TIE_ORDER = ["type", "const", "enum", "format", "pattern", "minLength", "maxLength", "minimum", "maximum",
             "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "range"]
MAX_SAFE = 2**53 - 1
FORMATS = Draft202012Validator.FORMAT_CHECKER

DATE_TIME_MISSES = [
    "2024-02-30T12:00:00Z", "2023-02-29T12:00:00Z", "2024-01-01T12:00:00", "2024-01-01 12:00:00Z",
    "2024-01-01T24:00:00Z", "2024-01-01T12:60:00Z", "2024-01-01T12:00:00.Z", "2024-01-01T12:00:00+0100",
    "2024-01-01T12:00:00+24:00", "2024-13-01T12:00:00Z", "2024-1-01T12:00:00Z", "1900-02-29T00:00:00Z",
    "2024-01-01", "12:00:00Z", "2024-01-01T12:00:00ZZ", "",
]
URI_MISSES = [
    "example.com/path", "/relative/path", "//example.com", "https://exa mple.com", "1http://example.com",
    "https://example.com/%zz", "https://example.com/<>", "https://example.com/a\"b", "", ":no-scheme",
    "https://example.com/é", "http://[::1/", "https://example.com/{x}",
]
UUID_MISSES = [
    "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456-4266141740000", "123e4567e89b12d3a456426614174000",
    "123e4567-e89b-12d3-a456-42661417400g", "{123e4567-e89b-12d3-a456-426614174000}", "123e4567_e89b_12d3_a456_426614174000",
    "urn:uuid:123e4567-e89b-12d3-a456-426614174000", "",
]

# (dedupe key, description, whole instance, (path, keyword) of the error)
Miss = tuple[str, str, Any, tuple[str, str]]


class Breaker:
    def __init__(self, gen):  # a generate.Generator: its views, cycler and random source
        self.g = gen

    def near_misses(self, node) -> list[Miss]:
        out: list[Miss] = []
        self._breaks(node, Where("$"), lambda x: x, out, set())
        return out

    # ---- unions -----------------------------------------------------------------------------------
    def discriminator(self, v: View) -> str | None:
        mode, alts = v.union
        views = [self.g.view([a]) for a in alts]
        if not views or any(not _is_struct(w) for w in views):
            return None
        if v.discriminator:
            return v.discriminator
        first = list(views[0].properties)
        candidates = (["type"] if "type" in first else []) + [p for p in first if p != "type"]
        for prop in candidates:
            tags = [self.tag_of(w, prop) for w in views]
            if all(t is not None for t in tags) and len(set(tags)) == len(tags):
                return prop
        return None

    def tag_of(self, w: View, prop: str) -> str | None:
        if prop not in w.required or prop not in w.properties or prop in w.forbidden:
            return None
        p = self.g.view(w.properties[prop])
        if p.allows("null") and p.kinds is not None:
            return None
        if p.has_const and isinstance(p.const, str):
            return p.const
        if p.enum is not None and len(p.enum) == 1 and isinstance(p.enum[0], str):
            return p.enum[0]
        return None

    def nullable_of(self, v: View) -> View | None:
        """`anyOf [X, {type: null}]`: the X of a nullable reference (no union in any binding)."""
        mode, alts = v.union
        if len(alts) != 2:
            return None
        views = [self.g.view([a]) for a in alts]
        nulls = [w for w in views if w.kinds == {"null"} and w.union is None and not w.has_const and w.enum is None]
        return next((w for w in views if w not in nulls), None) if len(nulls) == 1 else None

    # ---- breaks -----------------------------------------------------------------------------------
    def _breaks(self, node, where: "Where", embed: Callable[[Any], Any], out: list, outer: set[str]) -> None:
        """`outer`: kinds an enclosing union accepts anyway (no type break uses them)."""
        v = node.view
        if v is None:
            return
        path = where.path
        if node.variant is not None:  # a union: break the chosen alternative
            disc = self.discriminator(v)
            if disc is not None:
                tags = frozenset(self.tag_of(self.g.view([a]), disc) or "" for a in v.union[1])
                inner = Where(path, where.wrap, disc, where.is_tag, tags)
            elif self.nullable_of(v) is not None:
                inner = Where(path, where.wrap, None, where.is_tag, where.tags)
            else:
                inner = Where(path, where.wrap or (path, v.union[0]), None, where.is_tag, where.tags)
            for bad in self.wrong_kinds(v, node.value):
                out.append((v.key + "|type|" + kind_of(bad), f"{path}: {kind_of(bad)} where the union allows none",
                            embed(bad), where.error(self.kind_keyword(v))))
            self._breaks(node.variant, inner, embed, out, outer | (self.accepted_kinds(v) or set()))
            return
        x = node.value

        def add(what: str, bad: Any, desc: str, error: tuple[str, str]) -> None:
            out.append((v.key + "|" + what, f"{path}: {desc}", embed(bad), error))

        # A wrong kind is `type` where the schema says `type`; a bare const or enum is all there is to fail.
        kind_error = "type" if v.kinds is not None or not (v.has_const or v.enum is not None) else \
            ("const" if v.has_const else "enum")
        for bad in self.wrong_kinds(v, x, outer):
            add("type|" + kind_of(bad), bad, f"{kind_of(bad)} {dumps(bad)} instead of {kind_of(x)}", where.error(kind_error))
        if v.has_const:
            off = _off_value(x)
            if where.is_tag and off in where.tags:  # another variant's tag is no break of this one
                off = x + "_UNKNOWN"
            add("const", off, f"not the const {dumps(x)[:40]}", where.error("const"))
            return
        if v.enum is not None:
            for bad in _off_enum(v.enum, x):
                add("enum", bad, f"{dumps(bad)} is not in the enum", where.error("enum"))
            return
        if isinstance(x, str):
            self._string_breaks(v, x, add, where)
        elif isinstance(x, (int, float)) and not isinstance(x, bool):
            self._number_breaks(v, x, add, where)
        elif isinstance(x, list):
            if v.min_items and len(x) >= v.min_items:
                add("minItems", x[: v.min_items - 1], f"{v.min_items - 1} items, fewer than minItems {v.min_items}",
                    where.error("minItems"))
            if v.max_items is not None and x:
                add("maxItems", x + [copy.deepcopy(x[-1])] * (v.max_items + 1 - len(x)), f"more than maxItems {v.max_items}",
                    where.error("maxItems"))
            if v.unique_items and x:
                add("uniqueItems", x + [copy.deepcopy(x[0])], "a duplicate item (uniqueItems)", where.error("uniqueItems"))
            for i, item in enumerate(node.items):
                self._breaks(item, where.index(i), lambda bad, i=i: embed(x[:i] + [bad] + x[i + 1:]), out, set())
        elif isinstance(x, dict):
            self._object_breaks(node, where, embed, out, add)

    def _object_breaks(self, node, where: "Where", embed, out: list, add) -> None:
        v, x = node.view, node.value
        for name in v.required:
            if name in x:
                add("required|" + name, {k: val for k, val in x.items() if k != name}, f"required member {name!r} removed",
                    where.error("required"))
        if v.is_closed():
            add("closed", {**x, "unexpected_member": 1}, "unknown member in a closed object",
                where.member("unexpected_member").error("additionalProperties"))
        for name in v.forbidden:
            if name not in x:
                # An undeclared name of a closed object fails `additionalProperties` first (the order of §2).
                undeclared = v.is_closed() and any(name not in allowed for allowed in v.closed)
                keyword = "additionalProperties" if undeclared else v.forbidden_by.get(name, "not")
                add("forbidden|" + name, {**x, name: "forbidden"}, f"forbidden member {name!r} present",
                    where.member(name).error(keyword))
        if v.additional and not v.is_closed():
            add_view = self.g.view(v.additional)
            for bad in self.wrong_kinds(add_view, None)[:1]:
                add("additional", {**x, "extra_member": bad}, f"extra member of the wrong type ({kind_of(bad)})",
                    where.member("extra_member").error(self.kind_keyword(add_view)))
        if v.min_properties and len(x) >= v.min_properties and not v.required:
            add("minProperties", dict(list(x.items())[: v.min_properties - 1]), f"fewer than minProperties {v.min_properties}",
                where.error("minProperties"))
        if v.max_properties is not None and not v.is_closed():
            bigger = dict(x)
            filler = self.g.valid(self.g.view(v.additional)).value if v.additional else 0
            for i in range(v.max_properties + 1 - len(x)):
                bigger[f"filler_{i}"] = copy.deepcopy(filler)
            add("maxProperties", bigger, f"more than maxProperties {v.max_properties}", where.error("maxProperties"))
        for name, child in list(node.props.items()) + list(node.extra.items()):
            self._breaks(child, where.member(name), lambda bad, name=name: embed({**x, name: bad}), out, set())

    def kind_keyword(self, v: View) -> str:
        """The keyword of a value of the wrong JSON kind for `v`."""
        if v.union is not None and self.discriminator(v) is None:
            inner = self.nullable_of(v)
            return self.kind_keyword(inner) if inner is not None else v.union[0]
        return "type"

    def wrong_kinds(self, v: View, x: Any, outer: frozenset[str] | set[str] = frozenset()) -> list[Any]:
        """Values of JSON kinds the schema does not accept (at most two, nearest first)."""
        accepted = self.accepted_kinds(v)
        if accepted is None:
            return []
        accepted = accepted | outer
        candidates: list[Any] = [None, "7", 7, 7.5, True, [], {}]
        if isinstance(x, bool):
            candidates = [0, "true", None, {}]
        elif isinstance(x, int) or isinstance(x, float):
            candidates = [str(x), 7.5, None, True, [x]]
        elif isinstance(x, str):
            candidates = [None, 7, [x], {}, False]
        elif isinstance(x, list):
            candidates = [{}, None, "[]"]
        elif isinstance(x, dict):
            candidates = [[x], None, "{}"]
        bad = [c for c in candidates if kind_of(c) not in accepted and not (kind_of(c) == "integer" and "number" in accepted)]
        return bad[:2]

    def accepted_kinds(self, v: View, depth: int = 0) -> set[str] | None:
        """The JSON kinds some value of `v` can have (None: all)."""
        if depth > 20:
            return None
        if v.union is not None:
            out: set[str] = set()
            for alt in v.union[1]:
                k = self.accepted_kinds(self.g.view([alt]), depth + 1)
                if k is None:
                    return None
                out |= k
            return out
        if v.has_const:
            return {kind_of(v.const)}
        if v.enum is not None:
            return {kind_of(e) for e in v.enum}
        if v.kinds is None:
            return None
        return set(v.kinds)

    def _string_breaks(self, v: View, x: str, add, where: "Where") -> None:
        def first_failing(s: str) -> str:
            failing = [k for k, fails in (
                ("format", any(not FORMATS.conforms(s, f) for f in v.formats)),
                ("pattern", any(not regexgen.matches(p, s) for p in v.patterns)),
                ("minLength", v.min_length is not None and len(s) < v.min_length),
                ("maxLength", v.max_length is not None and len(s) > v.max_length)) if fails]
            return failing[0] if failing else "none"

        if v.min_length:
            bad = "é" * (v.min_length - 1)
            add("minLength", bad, f"{v.min_length - 1} code points, fewer than minLength {v.min_length}",
                where.error(first_failing(bad)))
        if v.max_length is not None:
            bad = "💩" * (v.max_length + 1)
            add("maxLength", bad, f"{v.max_length + 1} code points, more than maxLength {v.max_length}",
                where.error(first_failing(bad)))
        lo, hi = v.min_length or 0, v.max_length
        fits = lambda s: len(s) >= lo and (hi is None or len(s) <= hi)
        for p in v.patterns:
            bad = regexgen.near_miss(p, x, self.g.rng, fits)
            if bad is not None:
                add("pattern", bad, f"{dumps(bad)} does not match the pattern {p!r}", where.error(first_failing(bad)))
        for fmt in v.formats:
            pool = {"date-time": DATE_TIME_MISSES, "uri": URI_MISSES, "uuid": UUID_MISSES}.get(fmt, [])
            # two pool entries per visit; the dedupe key names the entry, so the samples of a
            # type walk the whole pool at the places visited most
            for _ in range(2 if pool else 0):
                i = self.g.cycle.choice(v.key + "|fmtmiss", len(pool))
                add(f"format{i}", pool[i], f"{dumps(pool[i])} is not a {fmt}", where.error(first_failing(pool[i])))

    def _number_breaks(self, v: View, x: Any, add, where: "Where") -> None:
        integer = not v.allows("number") or (v.kinds is not None and "number" not in v.kinds)
        lo, lo_x, hi, hi_x = self.g.bounds(v)

        def first_failing(n: Any) -> str:
            # A schema bound comes before `range` (the order of §2): -2^53 below `minimum: 0` is `minimum`.
            failing = [k for k, fails in (
                ("minimum", any(n < m for m in v.minimum)), ("maximum", any(n > m for m in v.maximum)),
                ("exclusiveMinimum", any(n <= m for m in v.exclusive_minimum)),
                ("exclusiveMaximum", any(n >= m for m in v.exclusive_maximum)),
                ("multipleOf", any(not _multiple(n, m) for m in v.multiple_of)),
                ("range", integer and abs(n) > MAX_SAFE)) if fails]
            return failing[0] if failing else "none"

        if lo is not None:
            bad = lo if lo_x else (math.ceil(lo) - 1 if integer else math.nextafter(lo, -math.inf))
            add("minimum", _clean(bad), f"{bad} is below the lower bound {lo}", where.error(first_failing(bad)))
        if hi is not None:
            bad = hi if hi_x else (math.floor(hi) + 1 if integer else math.nextafter(hi, math.inf))
            add("maximum", _clean(bad), f"{bad} is above the upper bound {hi}", where.error(first_failing(bad)))
        for m in v.multiple_of:
            if not (integer and m <= 1):
                bad = x + (m / 2 if not integer else 1)
                add("multipleOf", _clean(bad), f"{bad} is not a multiple of {m}", where.error(first_failing(bad)))
        if integer and abs(x) < 2**52:
            add("fraction", x + 0.5, f"{x + 0.5} has a fraction", where.error("type"))
            if abs(x) <= MAX_SAFE:
                add("string", str(x), "an integer written as a string", where.error("type"))


def _is_struct(w: View) -> bool:
    return w.union is None and w.kinds == {"object"} and bool(w.properties)


@dataclass(frozen=True)
class Where:
    """Where a node sits, and what that does to the error of a break there."""

    path: str
    wrap: tuple[str, str] | None = None  # the error of the outermost non-discriminated union around it
    tag: str | None = None               # it is a variant of a discriminated union dispatching on this member
    is_tag: bool = False                 # it is the tag member of such a variant
    tags: frozenset[str] = frozenset()   # then: every variant's tag

    def error(self, keyword: str) -> tuple[str, str]:
        if self.wrap is not None:
            return self.wrap
        if self.is_tag and keyword != "required":
            return (self.path, "discriminator")
        return (self.path, keyword)

    def member(self, name: str) -> "Where":
        is_tag = name == self.tag
        return Where(member_path(self.path, name), self.wrap, None, is_tag, self.tags if is_tag else frozenset())

    def index(self, i: int) -> "Where":
        return Where(index_path(self.path, i), self.wrap)


def _multiple(n: Any, m: Any) -> bool:
    if isinstance(n, int) and isinstance(m, int):
        return n % m == 0
    q = n / m
    return math.isfinite(q) and abs(q - round(q)) <= 1e-9 * max(1.0, abs(q))


def _clean(n: Any) -> Any:
    """Integral floats stay floats only when they must (large values)."""
    if isinstance(n, float) and n.is_integer() and abs(n) <= MAX_SAFE:
        return int(n)
    return n


def _off_value(x: Any) -> Any:
    if isinstance(x, str):
        return x + "x" if x.upper() == x.lower() else x.swapcase()
    if isinstance(x, bool):
        return not x
    if isinstance(x, (int, float)):
        return x + 1
    if x is None:
        return False
    if isinstance(x, list):
        return x + [None]
    return {**x, "off": True}


def _off_enum(values: list[Any], x: Any) -> list[Any]:
    out = []
    if isinstance(x, str):
        for cand in (x.swapcase(), x + "_UNKNOWN", x[:-1] if len(x) > 1 else "?"):
            if not any(json_equal(cand, e) for e in values):
                out.append(cand)
                break
    cand = "not-a-value"
    if not any(json_equal(cand, e) for e in values) and not out:
        out.append(cand)
    return out
