"""JSON values as JSON Schema compares them.

`json_equal` is the equality of the round-trip rule and of `const`/`enum`/
`uniqueItems`: numbers by value (1 == 1.0), arrays element-wise, objects
member-wise regardless of order, and booleans never equal to numbers
(Python's `True == 1` must not leak in).
"""

from __future__ import annotations

import json
import math
from typing import Any


def is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def json_equal(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if is_number(a) and is_number(b):
        return a == b  # int/float comparison in Python is exact
    if isinstance(a, str) or isinstance(b, str):
        return isinstance(a, str) and isinstance(b, str) and a == b
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return False


def kind_of(v: Any) -> str:
    """The JSON Schema type name of a value ("integer" for numbers with no fraction)."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "integer" if math.isfinite(v) and v == math.floor(v) else "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    return "object"


def dumps(v: Any, ascii_only: bool = False) -> str:
    """Compact JSON on one line (control characters are always escaped)."""
    return json.dumps(v, ensure_ascii=ascii_only, separators=(",", ":"), allow_nan=False)


def first_difference(expected: Any, got: Any, path: str = "$") -> str:
    """Where two JSON values first differ, for failure messages."""
    if json_equal(expected, got):
        return ""
    if isinstance(expected, dict) and isinstance(got, dict):
        for k in expected:
            if k not in got:
                return f"{path}.{k}: missing in the output"
        for k in got:
            if k not in expected:
                return f"{path}.{k}: added by the output ({dumps(got[k])[:80]})"
        for k in expected:
            d = first_difference(expected[k], got[k], f"{path}.{k}")
            if d:
                return d
    if isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got):
        for i, (x, y) in enumerate(zip(expected, got)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
    return f"{path}: expected {dumps(expected)[:120]}, got {dumps(got)[:120]}"
