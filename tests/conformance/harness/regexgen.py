"""Strings that match (or just miss) a `pattern`, for generated cases.

Only ASCII strings without line terminators are produced: on those, Python's
`re` (the oracle's engine) and ECMA-262 (the contract's) agree, so a
generated case never lands on an engine corner (docs/conformance.md).
"""

from __future__ import annotations

import random
import re
import string
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser as P  # type: ignore[attr-defined]

PRINTABLE = [c for c in string.printable if c not in "\t\n\r\x0b\x0c"]


def matches(pattern: str, s: str) -> bool:
    return re.search(pattern, s, re.ASCII) is not None


def portable(s: str) -> bool:
    """ASCII, no line terminators: where Python re and ECMA-262 agree."""
    return all(" " <= c <= "~" for c in s)


class _Gen:
    def __init__(self, rng: random.Random, max_repeat: int):
        self.rng = rng
        self.max_repeat = max_repeat

    def seq(self, items) -> str:
        return "".join(self.one(op, av) for op, av in items)

    def in_set(self, items) -> str:
        negate = bool(items) and items[0][0] is C.NEGATE
        chars = [c for c in PRINTABLE if self.in_class(c, items)]
        if negate:
            chars = [c for c in PRINTABLE if c not in chars]
        return self.rng.choice(chars) if chars else "\x00"

    @staticmethod
    def in_class(c: str, items) -> bool:
        o = ord(c)
        for op, av in items:
            if op is C.LITERAL and o == av:
                return True
            if op is C.RANGE and av[0] <= o <= av[1]:
                return True
            if op is C.CATEGORY:
                if av is C.CATEGORY_DIGIT and c.isdigit():
                    return True
                if av is C.CATEGORY_NOT_DIGIT and not c.isdigit():
                    return True
                if av is C.CATEGORY_WORD and (c.isalnum() or c == "_"):
                    return True
                if av is C.CATEGORY_NOT_WORD and not (c.isalnum() or c == "_"):
                    return True
        return False

    def one(self, op, av) -> str:
        r = self.rng
        if op is C.LITERAL:
            return chr(av)
        if op is C.NOT_LITERAL:
            return r.choice([c for c in PRINTABLE if ord(c) != av])
        if op is C.ANY:
            return r.choice(PRINTABLE)
        if op is C.IN:
            return self.in_set(av)
        if op is C.BRANCH:
            return self.seq(r.choice(av[1]))
        if op is C.SUBPATTERN:
            return self.seq(av[-1])
        if op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", None)):
            lo, hi, sub = av
            hi = min(hi, lo + self.max_repeat)
            return "".join(self.seq(sub) for _ in range(r.randint(lo, hi)))
        if op is C.CATEGORY:
            return self.in_set([(C.CATEGORY, av)])
        # anchors and lookarounds produce nothing; the result is checked afterwards
        return ""


def generate(pattern: str, rng: random.Random, accept=lambda s: True, tries: int = 200) -> str | None:
    """A portable string the pattern matches (searched, as JSON Schema does), or None."""
    tree = P.parse(pattern)
    for attempt in range(tries):
        s = _Gen(rng, 2 if attempt < tries // 2 else 6).seq(tree)
        if portable(s) and matches(pattern, s) and accept(s):
            return s
    return None


def near_miss(pattern: str, valid: str, rng: random.Random, accept=lambda s: True) -> str | None:
    """A portable string close to `valid` that the pattern does not match, or None."""
    candidates = [valid[1:], valid[:-1], valid[::-1], "#" + valid, valid + "#", valid.swapcase(), "", "~", "0", " "]
    candidates += ["".join(rng.choice(PRINTABLE) for _ in range(rng.randint(1, 12))) for _ in range(40)]
    for s in candidates:
        if portable(s) and not matches(pattern, s) and accept(s):
            return s
    for s in candidates:
        if portable(s) and not matches(pattern, s):
            return s
    return None
