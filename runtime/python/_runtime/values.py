"""JSON values and the rules about them that pydantic does not make alike.

* ``JsonValue``: a free-form value (schema ``true`` or ``{}``), kept as read:
  every member in order, integers of any size exact; a double that overflowed
  (``1e400``) is a ``range`` error; doubles are kept in the form that is
  written canonically (§3): an integral double below 1e21 as its digits.
* ``Const``, ``OneOfValues``: ``const`` / ``enum`` with JSON Schema equality.
* ``UNIQUE``: uniqueItems; ``NOT_NULL``: absent is fine, null is not.
* ``const_field``, ``check_object``, ``frozen_map``: helpers of the models.

Walks over JSON values use a stack of their own, never recursion: a value
may be as deep as ``[payload] max_depth`` allows.
"""

from __future__ import annotations

import json
import math
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Final, TypeVar

import pydantic
from pydantic import BaseModel, GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from .numeric import canonical_double

T = TypeVar("T")
V = TypeVar("V")


def show(value: Any) -> str:
    """A value in a message: JSON, cut after 60 characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _kind(v: Any) -> str:
    # The JSON kind of a value: integers and doubles are both numbers.
    if isinstance(v, bool):
        return "boolean"
    if v is None:
        return "null"
    if isinstance(v, (int, float)):
        # An integer constant comes from an integer schema: a fraction is of another kind.
        return "integer" if float(v).is_integer() else "number"
    return type(v).__name__


class Keywords:
    """An annotation that renames the keyword of an error here (errors.py reads it).

    ``ENUM``: a Literal of one value is an ``enum`` (not a ``const``);
    ``OPEN_ENUM``: a value that is not a string fails every alternative (``anyOf``).
    """

    __slots__ = ("renames",)

    def __init__(self, **renames: str) -> None:
        self.renames = renames

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        schema = typing.cast(dict[str, Any], handler(source))
        schema["metadata"] = {**(schema.get("metadata") or {}), "contract_keywords": self.renames}
        return typing.cast(core_schema.CoreSchema, schema)


ENUM: Final = Keywords(const="enum")
OPEN_ENUM: Final = Keywords(type="anyOf")


def json_equal(a: Any, b: Any) -> bool:
    """JSON Schema equality: numbers by value (1 == 1.0), objects by members, false != 0."""
    return bool(_canonical(a) == _canonical(b))


def _canonical(value: Any) -> Any:
    # A hashable form in which two values are equal exactly when JSON Schema says so.
    # Built bottom-up with an explicit stack.
    def leaf(v: Any) -> Any:
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
        raise TypeError(f"not a JSON value: {v!r}")

    results: list[Any] = []
    work: list[tuple[bool, Any]] = [(False, value)]
    while work:
        done, v = work.pop()
        if done:
            if isinstance(v, Mapping):
                items = [results.pop() for _ in range(len(v))]
                results.append(("obj", frozenset(zip(reversed(list(v)), items))))
            else:
                items = [results.pop() for _ in range(len(v))]
                items.reverse()
                results.append(("arr", tuple(items)))
        elif isinstance(v, (list, tuple)) or isinstance(v, Mapping):
            work.append((True, v))
            work.extend((False, x) for x in (v.values() if isinstance(v, Mapping) else v))
        elif isinstance(v, BaseModel):
            work.append((False, v.model_dump(mode="json", by_alias=True, exclude_unset=True)))
        else:
            results.append(leaf(v))
    return results[0]


def _check_json(value: Any) -> Any:
    # A free-form value: every double finite (1e400 overflowed when it was read),
    # and stored as pydantic-core will write it canonically (_canonical_json), so
    # that dumping needs no Python call.
    doubles = False
    work = [value]
    while work:
        v = work.pop()
        t = type(v)
        if t is float:
            if not math.isfinite(v):
                raise PydanticCustomError(
                    "range", "the number is beyond the range of a double", {"inside": _first_infinite(value)}
                )
            doubles = True
        elif t is list:
            work.extend(v)
        elif t is dict:
            work.extend(v.values())
    return _canonical_json(value) if doubles else value


def _first_infinite(value: Any) -> list[Any]:
    # The path, inside a free-form value, of its first non-finite double in document order.
    work: list[tuple[Any, tuple[Any, ...]]] = [(value, ())]
    while work:
        v, inside = work.pop()
        if type(v) is float and not math.isfinite(v):
            return list(inside)
        if type(v) is list:
            work.extend((x, inside + (i,)) for i, x in reversed(list(enumerate(v))))
        elif type(v) is dict:
            work.extend((x, inside + (k,)) for k, x in reversed(list(v.items())))
    return []


def _canonical_json(value: Any) -> Any:
    # The value to write: every double in its canonical spelling (numeric.canonical_double).
    t = type(value)
    if t is float:
        return canonical_double(value)
    if t is not list and t is not dict:
        return value
    root: list[Any] = [value]
    work: list[tuple[Any, Any, Any]] = [(root, 0, value)]
    while work:
        parent, key, v = work.pop()
        if type(v) is float:
            parent[key] = canonical_double(v)
        elif type(v) is list:
            copy = list(v)
            parent[key] = copy
            work.extend((copy, i, x) for i, x in enumerate(copy) if type(x) in (float, list, dict))
        elif type(v) is dict:
            copy_d = dict(v)
            parent[key] = copy_d
            work.extend((copy_d, k, x) for k, x in copy_d.items() if type(x) in (float, list, dict))
    return root[0]


class _Json:
    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_after_validator_function(_check_json, core_schema.any_schema())

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {}


JsonValue = Annotated[Any, _Json()]
check_json: Final = _check_json  # for tolerant.py: an unknown variant is a free-form value
"""Any JSON value (schema ``true`` or ``{}``), kept as parsed."""


def _thaw(value: Any) -> Any:
    # A fresh copy of a structured constant, so callers cannot change the schema's value.
    return json.loads(json.dumps(value)) if isinstance(value, (list, dict)) else value


class Const:
    """Exactly one JSON value, compared with JSON Schema equality (1 == 1.0, false != 0).

    String constants are generated as ``Literal`` instead, which pydantic-core checks on its own.
    """

    __slots__ = ("value", "typed")

    def __init__(self, value: Any, typed: bool = True) -> None:
        self.value = value
        self.typed = typed  # the schema states `type` too: another JSON kind is a `type` error, else `const`

    def check(self, v: Any) -> Any:
        kind, expected = _kind(v), _kind(self.value)
        if self.typed and kind != expected and (kind, expected) != ("integer", "number"):
            raise PydanticCustomError(
                "type", "expected {expected}, got {value}", {"expected": show(self.value), "value": show(v)}
            )
        if not json_equal(v, self.value):
            raise PydanticCustomError(
                "const", "expected {expected}, got {value}", {"expected": show(self.value), "value": show(v)}
            )
        value = _thaw(self.value)
        # An integral double is written as an integer (-2.0 as -2, docs/semantics.md §3).
        if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53:
            return int(value)
        return value

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(self.check)

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
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
        expected = "|".join(show(a) for a in self.values)
        raise PydanticCustomError(
            "enum", "expected one of {expected}, got {value}", {"expected": expected, "value": show(v)}
        )

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(self.check)

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {"enum": list(self.values)}


def _unique(items: list[Any]) -> list[Any]:
    seen: dict[Any, int] = {}
    for i, item in enumerate(items):
        first = seen.setdefault(_canonical(item), i)
        if first != i:
            raise PydanticCustomError(
                "uniqueItems", "items {first} and {second} are equal", {"first": first, "second": i}
            )
    return items


class _Unique:
    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_after_validator_function(_unique, handler(source))

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        value = handler(schema)
        if isinstance(value, dict):
            value["uniqueItems"] = True
        return value


UNIQUE: Final = _Unique()
"""uniqueItems, with JSON Schema equality (1 and 1.0 are equal, false and 0 are not)."""


def _reject_null(v: Any) -> Any:
    if v is None:
        raise PydanticCustomError("type", "null is not allowed here (the property may be absent, but not null)")
    return v


class _NotNull:
    """On ``X | None = None``: the property may be absent (then the attribute is None), but not null."""

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        schema = handler(source)
        if schema["type"] == "nullable":
            return typing.cast(core_schema.CoreSchema, schema["schema"])
        return core_schema.no_info_before_validator_function(_reject_null, schema)

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return handler(schema)


NOT_NULL: Final = _NotNull()


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
    """The object rules pydantic has no keyword for: forbidden members (``not``), member counts."""
    for field, wire in forbidden_fields:
        if field in model.__pydantic_fields_set__:
            raise PydanticCustomError(
                "not", "member {name} must not be present here", {"name": json.dumps(wire), "member": wire}
            )
    extra = model.__pydantic_extra__
    if extra:
        for wire in forbidden_extras:
            if wire in extra:
                raise PydanticCustomError(
                    "not", "member {name} must not be present here", {"name": json.dumps(wire), "member": wire}
                )
    if min_properties is not None or max_properties is not None:
        count = len(model.__pydantic_fields_set__)  # extras included
        if min_properties is not None and count < min_properties:
            raise PydanticCustomError(
                "minProperties", "object has {n}, fewer than the minimum {b}", {"n": count, "b": min_properties}
            )
        if max_properties is not None and count > max_properties:
            raise PydanticCustomError(
                "maxProperties", "object has {n}, more than the maximum {b}", {"n": count, "b": max_properties}
            )


def frozen_map(items: dict[str, V]) -> Mapping[str, V]:
    """A read-only mapping, for the contract's data tables."""
    return types.MappingProxyType(items)
