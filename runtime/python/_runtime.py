"""The runtime every generated contract module shares.

It implements the rules of contractgen's docs/semantics.md, which the C++
runtime (templates/cpp/runtime.hpp.mustache) implements too, on top of
pydantic-core so that validation stays in compiled code wherever the rules
allow it:

* ``ContractModel``: strict models whose JSON and dict validation accepts wire
  names (aliases) only, while Python construction also takes field names.
* ``Integer`` / ``Number``: JSON numbers as JSON Schema sees them (``1.0`` is
  an integer, ``true`` and ``"1"`` are not numbers).
* ``Pattern``, ``DATE_TIME``, ``UUID``, ``URI``, ``UNIQUE``, ``Const``,
  ``OneOfValues``: the checks pydantic does not make the same way.
* ``NOT_NULL``, ``Tagged``, ``FirstMatch``, ``ExactlyOne``: optional fields
  that must not be null, discriminated unions, anyOf and oneOf.
* ``Adapter``, ``dump``, ``dump_json``: validate any contract type and write
  it back as the same JSON value (absent stays absent, null stays null, the
  declared members in schema order, then the unknown members that were kept).
* ``const_field``: a member whose only value is a string constant (a union's
  tag): required on the wire, filled in when a model is built in Python.
* Validation errors (``pydantic.ValidationError``) locate each problem by its
  JSON path: ``("data", "delta")``, written ``$.data.delta`` by ``error_path``,
  without the union members and tags pydantic adds to its locations.
"""

from __future__ import annotations

import json
import math
import re
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, ClassVar, Final, Generic, Literal, TypeVar

import pydantic
from pydantic import ConfigDict, GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, PydanticKnownError, core_schema
from typing_extensions import Self

__all__ = [
    "DATE_TIME",
    "NOT_NULL",
    "UNIQUE",
    "URI",
    "UUID",
    "Adapter",
    "ContractModel",
    "Const",
    "DateTime",
    "ExactlyOne",
    "FirstMatch",
    "Integer",
    "IntegerRule",
    "JsonValue",
    "Number",
    "NumberRule",
    "OneOfValues",
    "Pattern",
    "Tagged",
    "Uri",
    "Uuid",
    "decode",
    "dump",
    "dump_json",
    "check_object",
    "const_field",
    "describe_error",
    "error_path",
    "frozen_map",
    "is_date_time",
    "is_multiple",
    "is_uri",
    "is_uuid",
    "json_equal",
]

T = TypeVar("T")
V = TypeVar("V")

# ---- formats ----------------------------------------------------------------
# The same rules as is_uuid / is_date_time / is_uri of the C++ runtime.

_UUID_RE: Final = re.compile(
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\Z"
)
_DATE_TIME_RE: Final = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?"
    r"(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))\Z"
)
_DAYS_IN_MONTH: Final = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def is_uuid(s: str) -> bool:
    """RFC 4122 textual form: 8-4-4-4-12 hex digits, any case, any version."""
    return _UUID_RE.match(s) is not None


def is_date_time(s: str) -> bool:
    """RFC 3339 date-time (section 5.6), including leap seconds at 23:59:60 UTC."""
    m = _DATE_TIME_RE.match(s)
    if m is None:
        return False
    year, month, day = int(m[1]), int(m[2]), int(m[3])
    hour, minute, second = int(m[4]), int(m[5]), int(m[6])
    if month < 1 or month > 12 or day < 1:
        return False
    leap = (year % 4 == 0 and year % 100 != 0) or year % 400 == 0
    if day > _DAYS_IN_MONTH[month - 1] + (1 if month == 2 and leap else 0):
        return False
    if hour > 23 or minute > 59 or second > 60:
        return False
    offset_minutes = 0
    if m[7] is not None:
        offset_hours, offset_mins = int(m[8]), int(m[9])
        if offset_hours > 23 or offset_mins > 59:
            return False
        offset_minutes = (1 if m[7] == "+" else -1) * (offset_hours * 60 + offset_mins)
    if second == 60:  # a leap second is 23:59:60 in UTC
        utc = (hour * 60 + minute - offset_minutes) % 1440
        if utc != 23 * 60 + 59:
            return False
    return True


# Characters of a URI component besides percent-escapes: unreserved, sub-delims,
# and the extra characters each component allows.
_CHARS: Final = r"A-Za-z0-9\-._~!$&'()*+,;="
_HOST_RE: Final = re.compile(r"(?:[" + _CHARS + r"]|%[0-9A-Fa-f]{2})*")
_USERINFO_RE: Final = re.compile(r"(?:[" + _CHARS + r":]|%[0-9A-Fa-f]{2})*")
_PATH_RE: Final = re.compile(r"(?:[" + _CHARS + r":@/]|%[0-9A-Fa-f]{2})*")
_QUERY_RE: Final = re.compile(r"(?:[" + _CHARS + r":@/?]|%[0-9A-Fa-f]{2})*")
_SCHEME_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9+\-.]*")
_DIGITS_RE: Final = re.compile(r"[0-9]*")
_IPV4_RE: Final = re.compile(r"(?:0|[1-9][0-9]{0,2})(?:\.(?:0|[1-9][0-9]{0,2})){3}")
_H16_RE: Final = re.compile(r"[0-9A-Fa-f]{1,4}")
_IPVFUTURE_RE: Final = re.compile(r"[vV][0-9A-Fa-f]+\.[" + _CHARS + r":]+")


def _is_ipv4(s: str) -> bool:
    return _IPV4_RE.fullmatch(s) is not None and all(int(octet) <= 255 for octet in s.split("."))


def _h16_groups(part: str, ipv4_last: bool) -> int | None:
    # The number of 16-bit groups in "h16:h16:..." (an IPv4 address last counts as two), or None.
    if not part:
        return 0
    pieces = part.split(":")
    count = 0
    for i, piece in enumerate(pieces):
        if i == len(pieces) - 1 and ipv4_last and "." in piece:
            return count + 2 if _is_ipv4(piece) else None
        if _H16_RE.fullmatch(piece) is None:
            return None
        count += 1
    return count


def _is_ip_literal(s: str) -> bool:
    # RFC 3986 IP-literal (inside "[...]"): an IPv6 address (8 groups of 1-4 hex
    # digits, one "::" standing for one or more zero groups, the last two groups
    # possibly an IPv4 address) or an IPvFuture ("v" hex "." then unreserved,
    # sub-delims or ":").
    if s[:1] in ("v", "V"):
        return _IPVFUTURE_RE.fullmatch(s) is not None
    gap = s.find("::")
    if gap == -1:
        return _h16_groups(s, True) == 8
    if s.find("::", gap + 1) != -1:
        return False
    left, right = _h16_groups(s[:gap], False), _h16_groups(s[gap + 2 :], True)
    return left is not None and right is not None and left + right <= 7


def is_uri(s: str) -> bool:
    """RFC 3986 URI with a scheme (the rules of is_uri in the C++ runtime)."""
    colon = s.find(":")
    if colon <= 0 or _SCHEME_RE.fullmatch(s, 0, colon) is None:
        return False
    rest = s[colon + 1 :]
    hash_at = rest.find("#")
    if hash_at != -1:
        if _QUERY_RE.fullmatch(rest, hash_at + 1) is None:
            return False
        rest = rest[:hash_at]
    query_at = rest.find("?")
    if query_at != -1:
        if _QUERY_RE.fullmatch(rest, query_at + 1) is None:
            return False
        rest = rest[:query_at]
    path = rest
    if rest.startswith("//"):
        after = rest[2:]
        slash = after.find("/")
        authority = after if slash == -1 else after[:slash]
        path = "" if slash == -1 else after[slash:]
        at = authority.rfind("@")
        if at != -1:
            if _USERINFO_RE.fullmatch(authority, 0, at) is None:
                return False
            authority = authority[at + 1 :]
        host = authority
        if authority.startswith("["):
            close = authority.find("]")
            if close == -1 or not _is_ip_literal(authority[1:close]):
                return False
            host = ""
            port = authority[close + 1 :]
            if port and (port[0] != ":" or _DIGITS_RE.fullmatch(port, 1) is None):
                return False
        else:
            port_at = authority.rfind(":")
            if port_at != -1:
                if _DIGITS_RE.fullmatch(authority, port_at + 1) is None:
                    return False
                host = authority[:port_at]
        if _HOST_RE.fullmatch(host) is None:
            return False
    return _PATH_RE.fullmatch(path) is not None


# ---- JSON values ----------------------------------------------------------------


def json_equal(a: Any, b: Any) -> bool:
    """JSON Schema equality: numbers by value (1 == 1.0), objects by members, false != 0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, str) or isinstance(b, str):
        return isinstance(a, str) and isinstance(b, str) and a == b
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return len(a) == len(b) and all(k in b and json_equal(v, b[k]) for k, v in a.items())
    return False


def _canonical(v: Any) -> Any:
    # A hashable form in which two values are equal exactly when json_equal says so.
    if v is None:
        return ("null",)
    if isinstance(v, bool):
        return ("bool", v)
    if isinstance(v, int):
        return ("num", v)
    if isinstance(v, float):
        return ("num", int(v) if v.is_integer() else v)
    if isinstance(v, str):
        return ("str", v)
    if isinstance(v, (list, tuple)):
        return ("arr", tuple(_canonical(x) for x in v))
    if isinstance(v, Mapping):
        return ("obj", frozenset((k, _canonical(x)) for k, x in v.items()))
    return _canonical(dump(v))


def is_multiple(value: float, divisor: float) -> bool:
    """multipleOf: exact for integers; otherwise within 1e-9 relative of a whole quotient."""
    if isinstance(value, int) and isinstance(divisor, int):
        return value % divisor == 0
    try:
        q = value / divisor
    except OverflowError:
        return False
    if math.isinf(q) or math.isnan(q):
        return False
    return abs(q - round(q)) <= 1e-9 * max(1.0, abs(q))


def _check_finite(v: Any) -> Any:
    # Any JSON value: pydantic's parser also reads NaN and Infinity (and turns
    # 1e400 into inf); JSON has no such numbers, so they are refused here.
    t = type(v)
    if t is float:
        if not math.isfinite(v):
            raise PydanticCustomError("json_number", "JSON numbers must be finite, got {value}", {"value": repr(v)})
    elif t is list:
        for item in v:
            _check_finite(item)
    elif t is dict:
        for item in v.values():
            _check_finite(item)
    return v


def _json_kind_error(value: Any, expected: str) -> PydanticCustomError:
    return PydanticCustomError("json_value", "expected {expected}, got {value}", {"expected": expected, "value": _show(value)})


def _show(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# ---- numbers --------------------------------------------------------------------


def _integral_float(v: float) -> int:
    if v.is_integer():
        return int(v)
    raise PydanticCustomError("integer_type", "Input should be an integer (a number with no fraction)")


_INTEGER_CORE: Final = core_schema.union_schema(
    [
        core_schema.int_schema(strict=True),
        core_schema.no_info_after_validator_function(_integral_float, core_schema.float_schema(strict=True)),
    ],
    mode="left_to_right",
    custom_error_type="integer_type",
    custom_error_message="Input should be an integer (a number with no fraction)",
)
_NUMBER_CORE: Final = core_schema.union_schema(
    [core_schema.int_schema(strict=True), core_schema.float_schema(strict=True, allow_inf_nan=False)],
    mode="left_to_right",
    custom_error_type="number_type",
    custom_error_message="Input should be a finite number",
)


def _bound_errors(
    v: float,
    minimum: float | None,
    maximum: float | None,
    exclusive_minimum: float | None,
    exclusive_maximum: float | None,
    multiple_of: float | None,
) -> None:
    if minimum is not None and v < minimum:
        raise PydanticCustomError("minimum", "number {v} is less than minimum {b}", {"v": v, "b": minimum})
    if maximum is not None and v > maximum:
        raise PydanticCustomError("maximum", "number {v} is greater than maximum {b}", {"v": v, "b": maximum})
    if exclusive_minimum is not None and v <= exclusive_minimum:
        raise PydanticCustomError(
            "exclusive_minimum", "number {v} is not greater than exclusiveMinimum {b}", {"v": v, "b": exclusive_minimum}
        )
    if exclusive_maximum is not None and v >= exclusive_maximum:
        raise PydanticCustomError(
            "exclusive_maximum", "number {v} is not less than exclusiveMaximum {b}", {"v": v, "b": exclusive_maximum}
        )
    if multiple_of is not None and not is_multiple(v, multiple_of):
        raise PydanticCustomError("multiple_of", "number {v} is not a multiple of {b}", {"v": v, "b": multiple_of})


class _NumberBounds:
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

    def check(self, v: Any) -> Any:
        _bound_errors(v, self.minimum, self.maximum, self.exclusive_minimum, self.exclusive_maximum, self.multiple_of)
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


_INT64_MIN: Final = -(2**63)
_INT64_MAX: Final = 2**63 - 1


class IntegerRule(_NumberBounds):
    """An integer: a JSON number with no fraction (``1`` and ``1.0``), never a bool or a string.

    Bounds become pydantic-core integer constraints when they can be expressed
    exactly (a fractional minimum 0.5 is ``ge=1``); a fractional multipleOf is
    checked in Python with the rule of docs/semantics.md.
    """

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

    def _core_bounds(self) -> tuple[int | None, int | None, int | None]:
        # The bounds as exact integer constraints: ge, le and an integral multipleOf.
        ge = None if self.minimum is None else math.ceil(self.minimum)
        if self.exclusive_minimum is not None:
            above = math.floor(self.exclusive_minimum) + 1
            ge = above if ge is None else max(ge, above)
        le = None if self.maximum is None else math.floor(self.maximum)
        if self.exclusive_maximum is not None:
            below = math.ceil(self.exclusive_maximum) - 1
            le = below if le is None else min(le, below)
        multiple = self.multiple_of
        exact = int(multiple) if multiple is not None and float(multiple).is_integer() else None
        return ge, le, exact

    def _check_multiple(self, v: int) -> int:
        _bound_errors(v, None, None, None, None, self.multiple_of)
        return v

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        ge, le, exact = self._core_bounds()
        if not all(b is None or _INT64_MIN <= b <= _INT64_MAX for b in (ge, le, exact)):
            return core_schema.no_info_after_validator_function(self.check, _INTEGER_CORE)
        schema: core_schema.CoreSchema = _INTEGER_CORE
        if ge is not None or le is not None or exact is not None:
            schema = core_schema.chain_schema([schema, core_schema.int_schema(strict=True, ge=ge, le=le, multiple_of=exact)])
        if self.multiple_of is not None and exact is None:
            schema = core_schema.no_info_after_validator_function(self._check_multiple, schema)
        return schema

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return self.json_schema({"type": "integer"})


class NumberRule(_NumberBounds):
    """Any finite JSON number; integers stay ``int`` so they are written back as integers."""

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

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        if all(b is None for b in (self.minimum, self.maximum, self.exclusive_minimum, self.exclusive_maximum, self.multiple_of)):
            return _NUMBER_CORE
        return core_schema.no_info_after_validator_function(self.check, _NUMBER_CORE)

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return self.json_schema({"type": "number"})


Integer = Annotated[int, IntegerRule()]
"""A JSON Schema integer without bounds."""
Number = Annotated[float, NumberRule()]
"""A JSON Schema number without bounds."""


# ---- strings ---------------------------------------------------------------------


class _StringCheck:
    __slots__ = ("test", "error_type", "message", "context", "schema_extra")

    def __init__(
        self,
        test: Callable[[str], bool],
        error_type: str,
        message: str,
        schema_extra: dict[str, Any],
        context: dict[str, str] | None = None,
    ) -> None:
        self.test = test
        self.error_type = error_type
        self.message = message  # a pydantic-core message template: {value} and the context keys
        self.context = context or {}
        self.schema_extra = schema_extra

    def check(self, v: str) -> str:
        if not self.test(v):
            raise PydanticCustomError(self.error_type, self.message, {**self.context, "value": _show(v)})
        return v

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_after_validator_function(self.check, handler(source))

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        value = handler(schema)
        if isinstance(value, dict):
            value.update(self.schema_extra)
        return value


DATE_TIME: Final = _StringCheck(is_date_time, "date_time", "expected an RFC 3339 date-time, got {value}", {"format": "date-time"})
UUID: Final = _StringCheck(is_uuid, "uuid", "expected a UUID, got {value}", {"format": "uuid"})
URI: Final = _StringCheck(is_uri, "uri", "expected an absolute URI, got {value}", {"format": "uri"})

DateTime = Annotated[str, DATE_TIME]
"""An RFC 3339 date-time, kept as its exact text."""
Uuid = Annotated[str, UUID]
"""A UUID, kept as its exact text."""
Uri = Annotated[str, URI]
"""An absolute URI, kept as its exact text."""


class Pattern(_StringCheck):
    """A schema ``pattern``: searched (not anchored) with Python ``re`` in ASCII mode.

    ``translated`` is the ECMA-262 source rewritten by contractgen for Python
    (``.`` excludes every line terminator, ``$`` only matches at the end);
    ``source`` is the pattern as the schema wrote it, for messages.
    """

    __slots__ = ("source", "regex")

    def __init__(self, translated: str, source: str) -> None:
        self.source = source
        self.regex = re.compile(translated, re.ASCII)
        super().__init__(
            self._search,
            "pattern_mismatch",
            "string does not match pattern {pattern}: {value}",
            {"pattern": source},
            {"pattern": json.dumps(source, ensure_ascii=False)},
        )

    def _search(self, v: str) -> bool:
        return self.regex.search(v) is not None


# ---- other values ----------------------------------------------------------------


def _unique(items: list[Any]) -> list[Any]:
    seen: dict[Any, int] = {}
    for i, item in enumerate(items):
        key = _canonical(item)
        first = seen.setdefault(key, i)
        if first != i:
            raise PydanticCustomError(
                "unique_items", "items {first} and {second} are equal (uniqueItems)", {"first": first, "second": i}
            )
    return items


class _Unique:
    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_after_validator_function(_unique, handler(source))

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        value = handler(schema)
        if isinstance(value, dict):
            value["uniqueItems"] = True
        return value


UNIQUE: Final = _Unique()
"""uniqueItems, with JSON Schema equality (1 and 1.0 are equal, false and 0 are not)."""


class _Finite:
    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_after_validator_function(_check_finite, core_schema.any_schema())

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return {}


JsonValue = Annotated[Any, _Finite()]
"""Any JSON value (schema ``true`` or ``{}``), kept as parsed."""


class Const:
    """Exactly one JSON value, compared with JSON Schema equality (1 == 1.0, false != 0).

    String constants are generated as ``Literal`` instead, which pydantic-core
    checks on its own.
    """

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def check(self, v: Any) -> Any:
        if not json_equal(v, self.value):
            raise _json_kind_error(v, _show(self.value))
        return _thaw(self.value)

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(self.check)

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return {"const": self.value}


class OneOfValues:
    """An ``enum`` whose values are not all strings: JSON Schema equality, the listed value is kept."""

    __slots__ = ("values",)

    def __init__(self, *values: Any) -> None:
        self.values = values

    def check(self, v: Any) -> Any:
        for allowed in self.values:
            if json_equal(v, allowed):
                return _thaw(allowed)
        raise _json_kind_error(v, "one of " + "|".join(_show(a) for a in self.values))

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(self.check)

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return {"enum": list(self.values)}


def _thaw(value: Any) -> Any:
    # A fresh copy of a structured constant, so callers cannot change the schema's value.
    if isinstance(value, list):
        return [_thaw(v) for v in value]
    if isinstance(value, dict):
        return {k: _thaw(v) for k, v in value.items()}
    return value


# ---- optional fields ---------------------------------------------------------------


def _reject_null(v: Any) -> Any:
    if v is None:
        raise PydanticCustomError("not_null", "null is not allowed here (the property may be absent, but not null)")
    return v


class _NotNull:
    """On ``X | None = None``: the property may be absent (then the attribute is None), but not null."""

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        schema = handler(source)
        if schema["type"] == "nullable":
            return typing.cast(core_schema.CoreSchema, schema["schema"])
        return core_schema.no_info_before_validator_function(_reject_null, schema)

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return handler(schema)


NOT_NULL: Final = _NotNull()


# ---- unions ------------------------------------------------------------------------


def _union_members(source: Any) -> tuple[Any, ...]:
    if typing.get_origin(source) in (typing.Union, types.UnionType):
        return typing.get_args(source)
    return (source,)


class Tagged:
    """A union discriminated by a const string property (a tagged union in pydantic-core).

    The tag is read from the wire name first (``"type"``), then from the Python
    field name (``type_``) for model instances built in Python; missing,
    non-string and unknown tags are errors.
    """

    __slots__ = ("wire", "fields", "tags")

    def __init__(self, wire: str, fields: tuple[str, ...], *tags: str) -> None:
        self.wire = wire  # the property on the wire
        self.fields = fields  # Python names of that property in the members, where they differ
        self.tags = tags  # the tag of each member, in order

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        members = _union_members(source)
        if len(members) != len(self.tags):
            raise TypeError(f"Tagged: {len(self.tags)} tags for {len(members)} union members")
        choices: dict[Any, core_schema.CoreSchema] = {
            tag: handler.generate_schema(member) for tag, member in zip(self.tags, members)
        }
        discriminator: str | list[list[str | int]] = self.wire
        if self.fields:
            paths: list[list[str | int]] = [[self.wire]]
            paths.extend([field] for field in self.fields)
            discriminator = paths
        return core_schema.tagged_union_schema(choices, discriminator)


class FirstMatch:
    """anyOf (and unions whose members accept disjoint JSON kinds): the first member that accepts the value."""

    __slots__ = ("members",)

    def __init__(self, *members: Any) -> None:
        self.members = members

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.union_schema(_labelled(handler, "anyOf", self.members), mode="left_to_right")


def _labelled(handler: GetCoreSchemaHandler, kind: str, members: Sequence[Any]) -> list[core_schema.CoreSchema | tuple[core_schema.CoreSchema, str]]:
    # Each member with a label of its own ("anyOf[1]"): pydantic puts the label
    # into error locations, and _json_location finds the member by it.
    return [(handler.generate_schema(m), f"{kind}[{i}]") for i, m in enumerate(members)]


class ExactlyOne:
    """oneOf whose members may overlap: exactly one member must accept the value."""

    __slots__ = ("members", "_adapters")

    def __init__(self, *members: Any) -> None:
        self.members = members
        self._adapters: list[pydantic.TypeAdapter[Any]] | None = None

    def _matches(self, value: Any) -> int:
        if self._adapters is None:
            self._adapters = [_type_adapter(m) for m in self.members]
        count = 0
        for adapter in self._adapters:
            try:
                adapter.validate_python(value, strict=True)
            except pydantic.ValidationError:
                continue
            count += 1
        return count

    def _validate(self, value: Any, handler: core_schema.ValidatorFunctionWrapHandler) -> Any:
        result = handler(value)  # the first match; raises when nothing matches
        if self._matches(value) > 1:
            raise PydanticCustomError("one_of_ambiguous", "matches more than one alternative of oneOf")
        return result

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        union = core_schema.union_schema(_labelled(handler, "oneOf", self.members), mode="left_to_right")
        return core_schema.no_info_wrap_validator_function(self._validate, union)


# ---- models --------------------------------------------------------------------------


class ContractModel(pydantic.BaseModel):
    """The base of every generated model.

    * strict: nothing JSON Schema rejects is coerced (no "1" -> 1, no 1 -> "1");
    * ``model_validate_json`` / ``model_validate`` read wire names only: a
      property ``"class_"`` in JSON is not the field ``class_`` (wire name
      ``"class"``); it is an unknown member;
    * ``Model(field=...)`` in Python takes field names (and wire names); a
      member whose only value is a string constant (``const_field``) may be
      left out and gets that value;
    * ``model_dump()`` writes wire names; use ``dump`` (absent members stay
      absent) for the exact JSON value;
    * validation errors carry JSON paths as locations (see ``error_path``).
    """

    # Field name → (wire name, value) of the members with one string value,
    # filled in by __init__ when not given (set per model class).
    __contract_constants__: ClassVar[Mapping[str, tuple[str, str]]] = {}

    model_config = ConfigDict(
        strict=True,
        validate_by_alias=True,
        validate_by_name=False,
        serialize_by_alias=True,
        protected_namespaces=(),
        revalidate_instances="never",
        extra="forbid",
    )

    def __init__(self, /, **data: Any) -> None:
        __tracebackhide__ = True
        for name, (wire, value) in self.__contract_constants__.items():
            if name not in data and wire not in data:
                data[name] = value
        try:
            self.__pydantic_validator__.validate_python(data, self_instance=self, by_name=True)
        except pydantic.ValidationError as e:
            raise _located(e, type(self).__pydantic_core_schema__, "python", by_name=True) from None

    # Tells pydantic this __init__ behaves like BaseModel's: nested models are
    # built by pydantic-core directly (with wire names), not through __init__.
    setattr(__init__, "__pydantic_base_init__", True)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        constants: dict[str, tuple[str, str]] = {}
        for name, field in cls.model_fields.items():
            args = typing.get_args(field.annotation)
            if field.is_required() and typing.get_origin(field.annotation) is Literal and len(args) == 1 and isinstance(args[0], str):
                wire = field.validation_alias if isinstance(field.validation_alias, str) else name
                constants[name] = (wire, args[0])
        cls.__contract_constants__ = constants

    # BaseModel's two entry points with the errors relocated. They call the
    # validator as BaseModel's do (its options passed through as they are),
    # without a second Python frame on the way: the decode path stays as fast.
    @classmethod
    def model_validate_json(cls, json_data: str | bytes | bytearray, **options: Any) -> Self:
        """Parses and validates JSON text (wire names); raises pydantic.ValidationError located by JSON paths."""
        try:
            return cls.__pydantic_validator__.validate_json(json_data, **options)  # type: ignore[no-any-return]
        except pydantic.ValidationError as e:
            raise _located(e, cls.__pydantic_core_schema__, "json", options.get("by_name") is True) from None

    @classmethod
    def model_validate(cls, obj: Any, **options: Any) -> Self:
        """Validates a parsed JSON value (wire names); raises pydantic.ValidationError located by JSON paths."""
        try:
            return cls.__pydantic_validator__.validate_python(obj, **options)  # type: ignore[no-any-return]
        except pydantic.ValidationError as e:
            raise _located(e, cls.__pydantic_core_schema__, "python", options.get("by_name") is True) from None


def const_field(
    value: T,
    *,
    validation_alias: str | None = None,
    serialization_alias: str | None = None,
    description: str | None = None,
) -> T:
    """A required member whose only value is ``value`` (a string ``const``, such as a union's tag).

    The wire must carry it, like any required member; a model built in Python
    (``MessageDelta(delta="hi")``) gets ``value`` when the member is not given
    (ContractModel.__init__), and writes it back. Typed as ``value`` so that
    type checkers see a default and let the argument be left out.
    """
    field: Any = pydantic.Field(
        validation_alias=validation_alias, serialization_alias=serialization_alias, description=description
    )
    return typing.cast(T, field)


def check_object(
    model: pydantic.BaseModel,
    forbidden_fields: Sequence[tuple[str, str]],
    forbidden_extras: Sequence[str],
    min_properties: int | None,
    max_properties: int | None,
) -> None:
    for field, wire in forbidden_fields:
        if field in model.__pydantic_fields_set__:
            raise PydanticCustomError("forbidden", "property {name} must not be present here", {"name": json.dumps(wire)})
    extra = model.__pydantic_extra__
    if extra:
        for wire in forbidden_extras:
            if wire in extra:
                raise PydanticCustomError("forbidden", "property {name} must not be present here", {"name": json.dumps(wire)})
    if min_properties is not None or max_properties is not None:
        count = len(model.__pydantic_fields_set__)
        if min_properties is not None and count < min_properties:
            raise PydanticCustomError(
                "min_properties", "object has {n}, fewer than the minimum {b}", {"n": count, "b": min_properties}
            )
        if max_properties is not None and count > max_properties:
            raise PydanticCustomError(
                "max_properties", "object has {n}, more than the maximum {b}", {"n": count, "b": max_properties}
            )


# ---- adapters and dumping ----------------------------------------------------------------

_ADAPTER_CONFIG: Final = ConfigDict(strict=True, validate_by_alias=True, validate_by_name=False, serialize_by_alias=True)


def _type_adapter(tp: Any) -> pydantic.TypeAdapter[Any]:
    if isinstance(tp, type) and issubclass(tp, pydantic.BaseModel):
        return pydantic.TypeAdapter(tp)
    return pydantic.TypeAdapter(tp, config=_ADAPTER_CONFIG)


class Adapter(Generic[T]):
    """Validation and dumping for any contract type (model, union, enum, alias).

    Built on first use, so importing a module stays cheap.
    """

    __slots__ = ("type", "_adapter")

    def __init__(self, tp: Any) -> None:
        self.type = tp
        self._adapter: pydantic.TypeAdapter[T] | None = None

    @property
    def type_adapter(self) -> pydantic.TypeAdapter[T]:
        """The underlying pydantic TypeAdapter (strict, wire names only)."""
        if self._adapter is None:
            self._adapter = _type_adapter(self.type)
        return self._adapter

    def validate_json(self, data: str | bytes | bytearray) -> T:
        """Parses and validates JSON text; raises pydantic.ValidationError located by JSON paths."""
        adapter = self.type_adapter
        try:
            return adapter.validate_json(data)
        except pydantic.ValidationError as e:
            raise _located(e, adapter.core_schema, "json") from None

    def validate_python(self, data: Any) -> T:
        """Validates an already parsed JSON value (dicts, lists, str, int, float, bool, None)."""
        adapter = self.type_adapter
        try:
            return adapter.validate_python(data)
        except pydantic.ValidationError as e:
            raise _located(e, adapter.core_schema, "python") from None

    def dump(self, value: T) -> Any:
        """The JSON value of ``value``: absent members stay absent, null stays null."""
        return self.type_adapter.dump_python(value, mode="json", by_alias=True, exclude_unset=True)

    def dump_json(self, value: T) -> str:
        """``value`` as compact JSON text (non-ASCII characters kept as UTF-8)."""
        return self.type_adapter.dump_json(value, by_alias=True, exclude_unset=True).decode()

    def __repr__(self) -> str:
        return f"Adapter({self.type!r})"


def dump(value: Any) -> Any:
    """The JSON value of a validated contract value (model, list, dict or scalar).

    Models are written with their wire names, without the members that were
    absent when they were read (``exclude_unset``), with explicit nulls kept.
    """
    if isinstance(value, pydantic.BaseModel):
        return value.model_dump(mode="json", by_alias=True, exclude_unset=True)
    if isinstance(value, (list, tuple)):
        return [dump(v) for v in value]
    if isinstance(value, Mapping):
        return {k: dump(v) for k, v in value.items()}
    return value


def dump_json(value: Any) -> str:
    """``dump(value)`` as compact JSON text."""
    if isinstance(value, pydantic.BaseModel):
        return value.model_dump_json(by_alias=True, exclude_unset=True)
    return json.dumps(dump(value), ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def decode(tp: Any, text: str) -> Any:
    """Validates constant data of the contract at import time."""
    return _type_adapter(tp).validate_json(text)


def frozen_map(items: dict[str, V]) -> Mapping[str, V]:
    """A read-only mapping, for the contract's data tables."""
    return types.MappingProxyType(items)


# ---- error locations ---------------------------------------------------------------------
# pydantic locates an error by the schema it walked: it adds the tag of a
# tagged union, the label of a union member and "[key]" for a dict key to the
# location. The other languages report the JSON path of the value at fault,
# so every error is relocated: the location is walked through the core schema
# that produced it, and only the steps into the JSON value are kept.


def _model_field(fields: Mapping[str, Any], part: int | str, by_name: bool) -> tuple[str, Any] | None:
    # The wire name and schema of the member that `part` names: its wire name,
    # or its field name when the input was read by field name too (a model
    # built in Python). Otherwise `part` is an unknown member (such as
    # "mime_type" next to the field mime_type, whose wire name is "mimeType").
    wires = {}
    for name, field in fields.items():
        alias = field.get("validation_alias")
        wire = alias if isinstance(alias, str) else name
        if part == wire:
            return wire, field["schema"]
        wires[name] = (wire, field["schema"])
    return wires.get(str(part)) if by_name else None


def _json_location(schema: Any, loc: Sequence[int | str], by_name: bool = False) -> tuple[int | str, ...]:
    """The JSON path (member names and indexes) of a pydantic error location in values of `schema`."""
    definitions: dict[str, Any] = {}
    path: list[int | str] = []
    node: Any = schema
    i = 0
    while i < len(loc):
        kind = node.get("type") if isinstance(node, Mapping) else None
        if kind == "definitions":
            definitions.update((d["ref"], d) for d in node["definitions"])
            node = node["schema"]
        elif kind == "definition-ref":
            node = definitions.get(node["schema_ref"])
        elif kind == "model-fields":
            member = _model_field(node["fields"], loc[i], by_name)
            path.append(member[0] if member else loc[i])
            node = member[1] if member else node.get("extras_schema")
            i += 1
        elif kind == "tagged-union":  # the tag: not part of the value's path
            node = node["choices"].get(loc[i])
            i += 1
        elif kind == "union":  # the member's label (_labelled): not part of the path either
            labels = {c[1]: c[0] for c in node["choices"] if isinstance(c, tuple)}
            node = labels.get(str(loc[i]))
            i += 1
        elif kind == "list":
            path.append(loc[i])
            node = node.get("items_schema")
            i += 1
        elif kind == "dict":
            path.append(loc[i])
            i += 1
            if i < len(loc) and loc[i] == "[key]":  # the key itself is at fault: its path is the member's
                i += 1
            node = node.get("values_schema")
        elif node is not None and "schema" in node:  # model, nullable, validator functions, ...
            node = node["schema"]
        else:  # a schema this walk does not know: the rest as pydantic wrote it
            path.extend(loc[i:])
            break
    return tuple(path)


_KNOWN_ERRORS: Final = frozenset(typing.get_args(core_schema.ErrorType))


def _known_error(kind: str, ctx: dict[str, Any] | None, message: str) -> bool:
    # Whether an error is pydantic's own: a known type whose message its context
    # rebuilds (a custom error may reuse a known type's name, e.g. multiple_of).
    if kind not in _KNOWN_ERRORS:
        return False
    try:
        return PydanticKnownError(typing.cast(Any, kind), ctx).message() == message
    except (KeyError, TypeError, ValueError):
        return False


def _located(
    error: pydantic.ValidationError, schema: Any, input_type: Literal["python", "json"], by_name: bool = False
) -> pydantic.ValidationError:
    """`error` with every location replaced by its JSON path (same types, messages and inputs).

    `by_name`: the input was read by field names too (ContractModel.__init__).
    """
    details: list[Any] = []
    for item in error.errors(include_url=False):
        loc = _json_location(schema, item["loc"], by_name)
        kind, ctx = item["type"], item.get("ctx")
        detail: dict[str, Any] = {"type": kind, "loc": loc, "input": item["input"]}
        if _known_error(kind, ctx, item["msg"]):  # one of pydantic's error types: its message is rebuilt from ctx
            if ctx is not None:
                detail["ctx"] = ctx
        else:
            # A custom error: its message is kept as written. The context goes
            # along unless the message contains a "{key}" it would be put into.
            keep_ctx = ctx is not None and not any("{" + k + "}" in item["msg"] for k in ctx)
            detail["type"] = PydanticCustomError(kind, item["msg"], ctx if keep_ctx else None)
        details.append(detail)
    return pydantic.ValidationError.from_exception_data(error.title, details, input_type=input_type)


def error_path(loc: Sequence[int | str]) -> str:
    """A JSON path as the other languages write it (``$.data.plans[0]["a b"]``) from an error location."""
    path = "$"
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", part):
            path += "." + part
        else:
            path += "[" + json.dumps(part, ensure_ascii=False) + "]"
    return path


def describe_error(error: pydantic.ValidationError) -> str:
    """The first problem of a validation error as one line that starts with its JSON path."""
    first = error.errors(include_url=False)[0]
    return f"{error_path(first['loc'])}: {first['msg']}"
