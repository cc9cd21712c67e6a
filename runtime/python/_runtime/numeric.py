"""Numbers as the contract reads and writes them (docs/semantics.md §1.5, §1.6, §3).

* An integer is a JSON number with no fractional part (``1``, ``1.0``,
  ``1e2``), never a bool or a string; by default within ±(2^53−1), wider with
  ``format: int64`` / ``uint64``. A number is any finite double.
* Doubles are written in the canonical spelling of ECMAScript's
  ``Number.prototype.toString`` (``format_number``): pydantic-core writes
  most doubles that way already; it is given an ``int`` for an integral
  double (``1.0`` → ``1``, ``1e16`` → ``10000000000000000``), and the text
  of the few it spells otherwise (``1.5e-6``) is rewritten (``respell_numbers``).
"""

from __future__ import annotations

import math
import re
from typing import Annotated, Any, Final

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

SAFE_INTEGER: Final = 2**53 - 1
INTEGER_RANGES: Final = {
    None: (-SAFE_INTEGER, SAFE_INTEGER, "±(2^53−1)"),
    "int64": (-(2**63), 2**63 - 1, "of int64"),
    "uint64": (0, 2**64 - 1, "of uint64"),
}


# ---- canonical spelling ------------------------------------------------------------------------


def format_number(f: float) -> str:
    """The ECMAScript spelling of a double (RFC 8785): ``100``, ``0.1``, ``1e+21``, ``1e-7``, ``-0`` as ``0``."""
    if f == 0:
        return "0"
    if not math.isfinite(f):
        raise ValueError(f"{f!r} has no JSON spelling")
    sign = "-" if f < 0 else ""
    mantissa, _, exponent = repr(abs(f)).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = whole + fraction
    point = len(whole) + (int(exponent) if exponent else 0)
    stripped = digits.lstrip("0")
    point -= len(digits) - len(stripped)
    digits = stripped.rstrip("0")
    k, n = len(digits), point
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * -n + digits
    e = n - 1
    return sign + digits[0] + ("." + digits[1:] if k > 1 else "") + "e" + ("+" if e >= 0 else "-") + str(abs(e))


def canonical_double(v: float) -> float | int:
    """What pydantic-core should write for a double so that the text is canonical."""
    if v.is_integer():
        if -SAFE_INTEGER <= v <= SAFE_INTEGER:
            return int(v)
        if -1e21 < v < 1e21:
            return int(format_number(v))  # the shortest digits, padded with zeros
        return v
    return v  # 1e-6 <= |v| < 1e-5 is written 1.5e-6 by pydantic-core: respell_numbers fixes the text


# Respelling written text. Both writers (pydantic-core, and json.dumps with
# compact separators) put a number right after ":", "," or "[" (or at the
# start) and right before ",", "]", "}" (or at the end), and write an exponent
# as "e", a sign and digits. A candidate is found by its exponent, a search
# with a literal prefix (a pattern starting with the mantissa is tried at
# every byte: 240 us on a 4 KB line); its mantissa is then read backwards, and
# quote parity tells whether it sits inside a string. Strings that merely hold
# such bytes ("3e-6" in a UUID) are never given to Python one by one.
_ANY_EXPONENT: Final = re.compile(rb"e[-+][0-9]+(?![^,\]}])")
# pydantic-core writes doubles as ECMAScript does except within [1e-6, 1e-5)
# ("1.5e-6" for 0.0000015): the only exponent its output needs respelled.
_CORE_EXPONENT: Final = re.compile(rb"e-6(?![^,\]}])")
_MANTISSA: Final = re.compile(rb"(?<![^:,\[])-?[0-9]+(?:\.[0-9]+)?\Z")
_MANTISSA_SPAN: Final = 40  # a writer's mantissa: at most 17 digits, a point and a sign
_ESCAPE: Final = re.compile(rb"\\.", re.S)


def respell_numbers(text: bytes, exponents: re.Pattern[bytes] = _ANY_EXPONENT) -> bytes:
    """Rewrites the exponent-form numbers of compact JSON text in canonical spelling (strings untouched).

    ``text`` is what pydantic-core or ``json.dumps(..., separators=(",", ":"))``
    wrote; ``exponents`` finds the exponents to look at (every one by default).
    """
    found = exponents.search(text)
    if found is None:
        return text
    # Every escape sequence blanked out (same length), so that each '"' left is a string's delimiter.
    delimiters = _ESCAPE.sub(b"__", text) if b"\\" in text else text
    parts: list[bytes] = []
    copied = counted = quotes = 0
    for exponent in exponents.finditer(text, found.start()):
        at = exponent.start()
        mantissa = _MANTISSA.search(text, max(0, at - _MANTISSA_SPAN), at)
        if mantissa is None:
            continue
        start = mantissa.start()
        quotes += delimiters.count(b'"', counted, start)
        counted = start
        if quotes % 2:
            continue  # inside a string
        parts += (text[copied:start], format_number(float(text[start : exponent.end()])).encode())
        copied = exponent.end()
    if not parts:
        return text
    parts.append(text[copied:])
    return b"".join(parts)


def respell_core_numbers(raw: bytes) -> bytes:
    """``respell_numbers`` for pydantic-core's output: only its "e-6" exponents need it.

    Callers test for "e-6" first (in the decoded text, the cheaper search).
    """
    return respell_numbers(raw, _CORE_EXPONENT)


# ---- bounds ----------------------------------------------------------------------------------------


def is_multiple(value: float, divisor: float) -> bool:
    """multipleOf: exact for integers; otherwise within 1e-9 relative of a whole quotient."""
    if isinstance(value, int) and isinstance(divisor, int):
        return value % divisor == 0
    if float(value).is_integer() and float(divisor).is_integer():
        return math.fmod(value, divisor) == 0
    try:
        q = value / divisor
    except (OverflowError, ZeroDivisionError):
        return False
    if math.isinf(q) or math.isnan(q):
        return False
    return abs(q - round(q)) <= 1e-9 * max(1.0, abs(q))


def _show(v: float) -> str:
    return str(v) if isinstance(v, int) else format_number(v)


class _Bounds:
    __slots__ = ("minimum", "maximum", "exclusive_minimum", "exclusive_maximum", "multiple_of")

    def __init__(
        self,
        minimum: float | None,
        maximum: float | None,
        exclusive_minimum: float | None,
        exclusive_maximum: float | None,
        multiple_of: float | None,
    ) -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.exclusive_minimum = exclusive_minimum
        self.exclusive_maximum = exclusive_maximum
        self.multiple_of = multiple_of

    def bound_problem(self, v: float) -> tuple[str, str] | None:
        """(keyword, detail) of the first bound ``v`` breaks, in the order of docs/semantics.md."""
        if self.minimum is not None and v < self.minimum:
            return "minimum", f"{_show(v)} is less than the minimum {_show(self.minimum)}"
        if self.maximum is not None and v > self.maximum:
            return "maximum", f"{_show(v)} is greater than the maximum {_show(self.maximum)}"
        if self.exclusive_minimum is not None and v <= self.exclusive_minimum:
            return (
                "exclusiveMinimum",
                f"{_show(v)} is not greater than the exclusive minimum {_show(self.exclusive_minimum)}",
            )
        if self.exclusive_maximum is not None and v >= self.exclusive_maximum:
            return (
                "exclusiveMaximum",
                f"{_show(v)} is not less than the exclusive maximum {_show(self.exclusive_maximum)}",
            )
        if self.multiple_of is not None and not is_multiple(v, self.multiple_of):
            return "multipleOf", f"{_show(v)} is not a multiple of {_show(self.multiple_of)}"
        return None

    def _check(self, v: Any) -> Any:
        problem = self.bound_problem(v)
        if problem is not None:
            raise PydanticCustomError(problem[0], problem[1])
        return v

    def json_schema(self, base: dict[str, Any]) -> dict[str, Any]:
        for key, value in (
            ("minimum", self.minimum),
            ("maximum", self.maximum),
            ("exclusiveMinimum", self.exclusive_minimum),
            ("exclusiveMaximum", self.exclusive_maximum),
            ("multipleOf", self.multiple_of),
        ):
            if value is not None:
                base[key] = value
        return base


def _integral(v: float) -> int:
    if not math.isfinite(v):
        raise PydanticCustomError("range", "the number is beyond the range of a double")
    if not v.is_integer():
        raise PydanticCustomError("type", "expected an integer, got a number with a fraction")
    return int(v)


class IntegerRule(_Bounds):
    """An integer: a JSON number with no fraction (``1`` and ``1.0``), never a bool or a string.

    The bounds and the representable range (``format``: None for ±(2^53−1),
    ``"int64"``, ``"uint64"``) become one pydantic-core integer constraint
    where they can be expressed exactly; a fractional multipleOf is checked in
    Python. ``problem`` says which rule a value breaks first.
    """

    __slots__ = ("format",)

    def __init__(
        self,
        *,
        minimum: float | None = None,
        maximum: float | None = None,
        exclusive_minimum: float | None = None,
        exclusive_maximum: float | None = None,
        multiple_of: float | None = None,
        format: str | None = None,
    ) -> None:
        super().__init__(minimum, maximum, exclusive_minimum, exclusive_maximum, multiple_of)
        self.format = format

    def problem(self, v: Any) -> tuple[str, str] | None:
        """(keyword, detail) of the first rule ``v`` (a parsed JSON value) breaks, or None."""
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            return "type", "expected an integer"
        if isinstance(v, float):
            if not math.isfinite(v):
                return "range", "the number is beyond the range of a double"
            if not v.is_integer():
                return "type", f"expected an integer, got {format_number(v)}"
        bound = self.bound_problem(v)
        if bound is not None:
            return bound
        low, high, name = INTEGER_RANGES[self.format]
        if not low <= v <= high:
            return "range", f"{_show(v)} is outside the integer range {name}"
        return None

    def _core_bounds(self) -> tuple[int, int, int | None]:
        low, high, _ = INTEGER_RANGES[self.format]
        if self.minimum is not None:
            low = max(low, math.ceil(self.minimum))
        if self.exclusive_minimum is not None:
            low = max(low, math.floor(self.exclusive_minimum) + 1)
        if self.maximum is not None:
            high = min(high, math.floor(self.maximum))
        if self.exclusive_maximum is not None:
            high = min(high, math.ceil(self.exclusive_maximum) - 1)
        multiple = self.multiple_of
        exact = int(multiple) if multiple is not None and float(multiple).is_integer() else None
        return low, high, exact

    def _check_fraction_multiple(self, v: int) -> int:
        if self.multiple_of is not None and not is_multiple(v, self.multiple_of):
            raise PydanticCustomError("multipleOf", "not a multiple of {b}", {"b": self.multiple_of})
        return v

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        low, high, exact = self._core_bounds()
        exact_int = core_schema.int_schema(strict=True, ge=low, le=high, multiple_of=exact)
        schema: core_schema.CoreSchema = core_schema.union_schema(
            [
                exact_int,
                core_schema.chain_schema(
                    [
                        core_schema.no_info_after_validator_function(_integral, core_schema.float_schema(strict=True)),
                        core_schema.int_schema(strict=True, ge=low, le=high, multiple_of=exact),
                    ]
                ),
            ],
            mode="left_to_right",
            custom_error_type="integer",
            custom_error_message="expected an integer",
            serialization=core_schema.simple_ser_schema("int"),  # always an int: no union dispatch on dump
        )
        if self.multiple_of is not None and exact is None:
            schema = core_schema.no_info_after_validator_function(self._check_fraction_multiple, schema)
        schema["metadata"] = {"contract_rule": self}  # type: ignore[index]  # errors.py finds the rule by it
        return schema

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        base: dict[str, Any] = {"type": "integer"}
        if self.format is not None:
            base["format"] = self.format
        return self.json_schema(base)


_DOUBLE_SERIALIZER: Final = core_schema.plain_serializer_function_ser_schema(canonical_double, when_used="json")


class NumberRule(_Bounds):
    """Any finite JSON number, kept as a double; integers within ±2^53 stay ``int`` (the same value)."""

    __slots__ = ()

    def __init__(
        self,
        *,
        minimum: float | None = None,
        maximum: float | None = None,
        exclusive_minimum: float | None = None,
        exclusive_maximum: float | None = None,
        multiple_of: float | None = None,
    ) -> None:
        super().__init__(minimum, maximum, exclusive_minimum, exclusive_maximum, multiple_of)

    def problem(self, v: Any) -> tuple[str, str] | None:
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            return "type", "expected a number"
        try:
            value = float(v)
        except OverflowError:
            value = math.inf
        if not math.isfinite(value):
            return "range", "the number is beyond the range of a double"
        return self.bound_problem(v)

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        schema: core_schema.CoreSchema = core_schema.union_schema(
            [
                core_schema.int_schema(strict=True, ge=-(2**53), le=2**53),
                core_schema.float_schema(strict=True, allow_inf_nan=False, serialization=_DOUBLE_SERIALIZER),
            ],
            mode="left_to_right",
            custom_error_type="number",
            custom_error_message="expected a finite number",
        )
        if any(
            b is not None
            for b in (self.minimum, self.maximum, self.exclusive_minimum, self.exclusive_maximum, self.multiple_of)
        ):
            schema = core_schema.no_info_after_validator_function(self._check, schema)
        schema["metadata"] = {"contract_rule": self}  # type: ignore[index]  # errors.py finds the rule by it
        return schema

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return self.json_schema({"type": "number"})


Integer = Annotated[int, IntegerRule()]
"""A JSON Schema integer without bounds (within ±(2^53−1))."""
Number = Annotated[float, NumberRule()]
"""A JSON Schema number without bounds."""
