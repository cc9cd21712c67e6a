"""Generated cases for every named type: valid instances and near-misses.

Deterministic: everything is drawn from a `random.Random` seeded with the
type name, and choices that matter for coverage go through a `Cycler`, which
walks every option of a decision point (keyed by its schema location) in turn
before it starts choosing at random. So the first samples of a type cover:
every optional member present and absent, null where allowed, every union
alternative and enum value, the boundary values of every bound (minimum,
maximum, exclusive bounds, minLength/maxLength, minItems/maxItems), objects
with and without unknown members where they are allowed, and members in
schema order, reversed and shuffled. Samples continue until every decision
point seen has shown every option (or a cap is reached).

Near-misses (harness/nearmiss.py) take each valid sample and break exactly
one thing at one node: a wrong JSON type, null where null is not allowed, a
const or enum value that is off, a string one code point too short or too
long, a pattern or format miss, a number just past a bound or off its
multipleOf, an array one item too short/long or with a duplicate, a required
member removed, an unknown member in a closed object, a forbidden member
present; each with the path and keyword of the error docs/semantics.md §2
puts on it. They are deduplicated by (schema location, what was broken), so
each constraint of a type is broken once. Their verdict is the oracle's: a
mutation that is still valid (e.g. inside an anyOf another branch accepts)
is a valid case.

Corners where the oracle (jsonschema) deviates from docs/semantics.md are
not generated: strings that meet a pattern or a format are ASCII without
line terminators, no leap seconds, integers stay within +-(2^53 - 1).
"""

from __future__ import annotations

import copy
import math
import random
import uuid
import zlib
from dataclasses import dataclass, field
from typing import Any

from . import regexgen
from .jsonvalue import dumps, json_equal, kind_of
from .nearmiss import Breaker, _clean
from .schemas import Loc, SchemaSet, View

MAX_SAFE = 2**53 - 1

# Strings for members with no pattern or format: escapes, non-ASCII, non-BMP,
# line separators, combining marks, a BOM (lengths count code points).
TRICKY = ['"', "\\", "/", "\n", "\t", "\x00", "\x1f", "é", "中", "💩", "\u2028", "e\u0301", "\ufeff", "𝄞", " "]

DATE_TIMES = [
    "2024-02-29T12:34:56Z", "2023-10-27T10:00:00.000000+00:00", "1999-12-31T23:59:59.999-05:30",
    "2000-01-01t00:00:00z", "2026-02-20T10:15:30+14:00", "1970-01-01T00:00:00Z", "2038-01-19T03:14:07.5+00:00",
    "2024-06-30T23:59:59-12:00", "9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z",
]
URIS = [
    "https://example.com", "https://example.com/a/b?x=1&y=%20#frag", "http://user:pw@[::1]:8080/p",
    "urn:isbn:0451450523", "mailto:someone@example.org", "file:///etc/hosts", "ftp://ftp.example.org:21/x;type=i",
    "a+b-c.d:rest", "https://example.com/~user/(1)!$&'*+,;=:@", "tag:example.com,2024:x",
]
class Cycler:
    """Walks every option of a decision point in turn, then picks at random."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.count: dict[str, int] = {}
        self.options: dict[str, int] = {}

    def choice(self, key: str, n: int) -> int:
        c = self.count.get(key, 0)
        self.count[key] = c + 1
        self.options[key] = n
        return c if c < n else self.rng.randrange(n)

    def incomplete(self, owner: str = "") -> int:
        """Decision points not yet shown every option; with `owner` (a schema location key),
        only those inside that schema (not inside other named types it refers to)."""
        return sum(1 for k, n in self.options.items()
                   if self.count[k] < n and (not owner or (k.startswith(owner) and k[len(owner):len(owner) + 1] in "/|&")))


@dataclass
class Node:
    """A generated value and how it was made, for near-misses."""

    value: Any
    view: View | None
    props: dict[str, "Node"] = field(default_factory=dict)
    items: list["Node"] = field(default_factory=list)
    extra: dict[str, "Node"] = field(default_factory=dict)
    variant: "Node | None" = None


class Unsatisfiable(Exception):
    pass


class Generator:
    def __init__(self, schemas: SchemaSet, type_name: str, seed: int = 0):
        self.schemas = schemas
        self.rng = random.Random(zlib.crc32(type_name.encode()) ^ seed)
        self.cycle = Cycler(self.rng)
        self.views: dict[tuple[str, ...], View] = {}

    def view(self, locs: list[Loc]) -> View:
        key = tuple(l.key() for l in locs)
        if key not in self.views:
            self.views[key] = self.schemas.view(locs)
        return self.views[key]

    # ---- valid values ---------------------------------------------------------------------------
    def valid(self, v: View, depth: int = 0) -> Node:
        if v.false:
            raise Unsatisfiable(v.key)
        if v.union is not None:
            mode, alts = v.union
            i = self.cycle.choice(v.key + "|alt", len(alts))
            inner = self.valid(self.view([alts[i]]), depth + 1)
            return Node(inner.value, v, variant=inner)
        if v.has_const:
            return Node(copy.deepcopy(v.const), v)
        if v.enum is not None:
            values = [e for e in v.enum if v.allows(kind_of(e)) or (kind_of(e) == "integer" and v.allows("number"))]
            if not values:
                raise Unsatisfiable(v.key)
            return Node(copy.deepcopy(values[self.cycle.choice(v.key + "|enum", len(values))]), v)
        if v.kinds is None and not v.typed_keywords:
            return Node(self.any_value(v.key, depth), v)
        kinds = [k for k in ("null", "boolean", "object", "array", "string", "number", "integer")
                 if v.allows(k) and not (k == "integer" and v.allows("number") and v.kinds is not None and "number" in v.kinds)]
        if v.kinds is None:  # constraints without `type`: the value may be of any kind
            kinds = ["null", "boolean", "object", "array", "string", "number"]
        kind = kinds[self.cycle.choice(v.key + "|kind", len(kinds))]
        if kind == "null":
            return Node(None, v)
        if kind == "boolean":
            return Node(self.cycle.choice(v.key + "|bool", 2) == 0, v)
        if kind == "string":
            return Node(self.string(v), v)
        if kind in ("integer", "number"):
            return Node(self.number(v, integer=kind == "integer"), v)
        if kind == "array":
            return self.array(v, depth)
        return self.object(v, depth)

    def any_value(self, key: str, depth: int) -> Any:
        shapes = ["object", "string", "integer", "number", "boolean", "null", "array", "nested"]
        shape = shapes[self.cycle.choice(key + "|any", len(shapes)) if depth < 6 else 1]
        r = self.rng
        if shape == "object":
            return {"k": r.randint(-5, 5), "nested": {"list": [1, "two", None]}, "é": True}
        if shape == "string":
            return self.free_string(r.randint(0, 10))
        if shape == "integer":
            return r.choice([0, -1, 42, MAX_SAFE, -MAX_SAFE])
        if shape == "number":
            return r.choice([0.5, -3.25, 1e-7, 1.5e300, 123456.789])
        if shape == "boolean":
            return r.choice([True, False])
        if shape == "null":
            return None
        if shape == "array":
            return [1, "a", None, {"b": [True]}]
        return {"deep": [{"a": [[{}]]}, []], "s": self.free_string(3)}

    def free_string(self, length: int) -> str:
        r = self.rng
        out = []
        for _ in range(length):
            out.append(r.choice(TRICKY) if r.random() < 0.3 else r.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789 _-.:"))
        s = "".join(out)
        # TRICKY holds multi-code-point entries: trim to the exact length in code points.
        return s[:length] if len(s) >= length else s + "x" * (length - len(s))

    def string(self, v: View) -> str:
        lo = v.min_length or 0
        hi = v.max_length
        fits = lambda s: len(s) >= lo and (hi is None or len(s) <= hi) and all(regexgen.matches(p, s) for p in v.patterns)
        if v.formats:
            fmt = v.formats[0]
            if fmt == "uuid":
                u = str(uuid.UUID(int=self.rng.getrandbits(128)))
                pool = [u, u.upper(), "".join(c.upper() if self.rng.random() < 0.5 else c for c in u)]
            elif fmt == "date-time":
                pool = DATE_TIMES
            elif fmt == "uri":
                pool = URIS
            else:
                raise Unsatisfiable(f"format {fmt}")
            ok = [s for s in pool if fits(s)]
            if not ok:
                raise Unsatisfiable(f"{v.key}: no {fmt} candidate fits")
            return ok[self.cycle.choice(v.key + "|fmt", len(ok))]
        if v.patterns:
            s = regexgen.generate(v.patterns[0], self.rng, fits)
            if s is None:
                raise Unsatisfiable(f"{v.key}: cannot generate a string for pattern {v.patterns[0]!r}")
            return s
        targets = [lo]
        if hi is not None:
            targets.append(hi if hi <= 300 else lo + 300)
        else:
            targets.append(lo + 40)
        targets.append(self.rng.randint(lo, min(hi if hi is not None else lo + 12, lo + 12)))
        return self.free_string(targets[self.cycle.choice(v.key + "|len", len(targets))])

    @staticmethod
    def bounds(v: View) -> tuple[float | None, bool, float | None, bool]:
        lo, lo_x, hi, hi_x = None, False, None, False
        for m in v.minimum:
            if lo is None or m > lo:
                lo, lo_x = m, False
        for m in v.exclusive_minimum:
            if lo is None or m >= lo:
                lo, lo_x = m, True
        for m in v.maximum:
            if hi is None or m < hi:
                hi, hi_x = m, False
        for m in v.exclusive_maximum:
            if hi is None or m <= hi:
                hi, hi_x = m, True
        return lo, lo_x, hi, hi_x

    def number(self, v: View, integer: bool) -> Any:
        lo, lo_x, hi, hi_x = self.bounds(v)
        r = self.rng
        if integer:
            ilo = -MAX_SAFE if lo is None else (math.floor(lo) + 1 if lo_x or lo != math.floor(lo) else int(lo))
            ihi = MAX_SAFE if hi is None else (math.ceil(hi) - 1 if hi_x or hi != math.ceil(hi) else int(hi))
            ilo, ihi = max(ilo, -MAX_SAFE), min(ihi, MAX_SAFE)
            if v.multiple_of:
                m = v.multiple_of[0]
                if m != int(m):
                    raise Unsatisfiable(f"{v.key}: fractional multipleOf on an integer")
                m = int(m)
                klo, khi = -(-ilo // m), ihi // m
                if klo > khi:
                    raise Unsatisfiable(v.key)
                ks = [klo, khi, r.randint(klo, min(khi, klo + 50))]
                return m * ks[self.cycle.choice(v.key + "|num", len(ks))]
            if ilo > ihi:
                raise Unsatisfiable(v.key)
            options = [ilo, ihi, r.randint(max(ilo, -1000), max(min(ihi, 1000), max(ilo, -1000)))]
            if ilo <= 0 <= ihi:
                options.append(0)
            i = self.cycle.choice(v.key + "|num", len(options) + 1)
            if i == len(options):  # an integer written with a fraction: 5.0 is an integer
                return float(options[2])
            return options[i]
        flo = -1e12 if lo is None else (math.nextafter(lo, math.inf) if lo_x else float(lo))
        fhi = 1e12 if hi is None else (math.nextafter(hi, -math.inf) if hi_x else float(hi))
        if v.multiple_of:
            m = v.multiple_of[0]
            klo, khi = math.ceil(flo / m), math.floor(fhi / m)
            if klo > khi:
                raise Unsatisfiable(v.key)
            k = [klo, khi, r.randint(klo, min(khi, klo + 50))][self.cycle.choice(v.key + "|num", 3)]
            return _clean(k * m)
        candidates: list[float] = [flo if lo is not None else -1.5e10, fhi if hi is not None else 2.5e-7,
                                   round(r.uniform(max(flo, -1e6), min(fhi, 1e6)), 3), -0.5, 3]
        candidates = [o for o in candidates if flo <= o <= fhi] or [flo]
        return candidates[self.cycle.choice(v.key + "|num", len(candidates))]

    def array(self, v: View, depth: int) -> Node:
        lo = v.min_items or 0
        hi = v.max_items
        lengths = [lo, min(hi, lo + 4) if hi is not None else lo + 3, self.rng.randint(lo, lo + 2 if hi is None else min(hi, lo + 2))]
        n = lengths[self.cycle.choice(v.key + "|len", len(lengths))]
        item_view = self.view(v.items) if v.items else None
        items: list[Node] = []
        seen: list[Any] = []
        tries = 0
        while len(items) < n and tries < 20 * (n + 1):
            tries += 1
            node = self.valid(item_view, depth + 1) if item_view else Node(self.any_value(v.key + "|item", depth + 1), None)
            if v.unique_items and any(json_equal(node.value, s) for s in seen):
                continue
            items.append(node)
            seen.append(node.value)
        if len(items) < lo:
            raise Unsatisfiable(f"{v.key}: cannot make {lo} distinct items")
        return Node([i.value for i in items], v, items=items)

    def object(self, v: View, depth: int) -> Node:
        props: dict[str, Node] = {}
        for name in v.declared():
            required = name in v.required
            if not required and self.cycle.choice(v.key + "|opt|" + name, 2) == 1:
                continue
            props[name] = self.valid(self.view(v.properties[name]), depth + 1)
        extra: dict[str, Node] = {}
        if not v.is_closed():
            add_view = self.view(v.additional) if v.additional else None
            count = [0, 1, 2][self.cycle.choice(v.key + "|extra", 3)] if depth < 6 else 0
            want_min = (v.min_properties or 0) - len(props)
            count = max(count, want_min)
            if v.max_properties is not None:
                count = min(count, v.max_properties - len(props))
            names = ["x_extra", "", "ümlaut key", "with.dot", "0", "$ref"]
            for name in names:
                if len(extra) >= count:
                    break
                if name in v.properties or name in v.forbidden:
                    continue
                extra[name] = self.valid(add_view, depth + 1) if add_view else Node(self.any_value(v.key + "|x", depth + 1), None)
        order = list(props) + list(extra)
        how = self.cycle.choice(v.key + "|order", 3)
        if how == 1:
            order.reverse()
        elif how == 2:
            self.rng.shuffle(order)
        value = {k: (props[k] if k in props else extra[k]).value for k in order}
        return Node(value, v, props=props, extra=extra)


@dataclass
class Case:
    type: str
    name: str
    instance: Any
    intended_valid: bool
    ascii_only: bool = False
    error: tuple[str, str] | None = None  # a near-miss's (path, keyword), docs/semantics.md §2


def cases_for(schemas: SchemaSet, type_name: str, loc: Loc, max_valid: int = 60, min_valid: int = 6,
              max_misses: int = 400) -> list[Case]:
    """Valid samples (until every decision point was covered) and near-misses for one type."""
    g = Generator(schemas, type_name)
    root = g.view([loc])
    samples: list[Node] = []
    seen: set[str] = set()
    for i in range(max_valid):
        node = g.valid(root)
        text = dumps(node.value)
        if text not in seen:
            seen.add(text)
            samples.append(node)
        if i + 1 >= min_valid and g.cycle.incomplete(loc.key()) == 0:
            break
    out = [Case(type_name, f"generated valid #{i + 1}", s.value, True, ascii_only=i % 2 == 1) for i, s in enumerate(samples)]
    keys: set[str] = set()
    misses = 0
    breaker = Breaker(g)
    for s in samples:
        for key, desc, instance, error in breaker.near_misses(s):
            if key in keys or misses >= max_misses:
                continue
            keys.add(key)
            misses += 1
            out.append(Case(type_name, f"generated near-miss: {desc}", instance, False, ascii_only=misses % 2 == 0,
                            error=error))
    return out
