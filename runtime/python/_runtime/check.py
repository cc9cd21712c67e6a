"""Assertions: what a type cannot carry, checked on the value as parsed.

contractgen compiles each assertion (docs/semantics.md, "Assertions") into a
schema program, ``{"assert": [S, ...], "defs": [S, ...]}`` with
``{"$ref": n}`` naming ``defs[n]`` and patterns already in Python's dialect.
A generated module holds it as ``_CHECK_<n> = _rt.Check({...})`` and puts
that object in the annotation of the type it restricts
(``Annotated[T, _CHECK_0]``) or calls it from a model's wrap validator.

The value passes when it satisfies every schema of ``assert``. Its keywords
are taken in the documented order, so the first that fails is the one
reported; annotations (the members and items a successful schema evaluated)
are collected for ``unevaluatedProperties`` / ``unevaluatedItems``.

Types without an assertion never reach this module: nothing here runs on
the common path.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final, TypeVar

import pydantic
from pydantic import GetCoreSchemaHandler
from pydantic_core import PydanticCustomError, core_schema, to_jsonable_python

from .formats import FORMATS, Search
from .numeric import is_multiple
from .values import _canonical

T = TypeVar("T")

# The validation context of a model built in Python (ContractModel.__init__).
BUILT: Final = {"contract": "built"}

# Kind bits of `type`.
_NULL, _BOOLEAN, _OBJECT, _ARRAY, _STRING, _INTEGER, _NUMBER = (1 << i for i in range(7))
_TYPE_BITS: Final = {
    "null": _NULL, "boolean": _BOOLEAN, "object": _OBJECT, "array": _ARRAY,
    "string": _STRING, "integer": _INTEGER, "number": _NUMBER,
}


def _kind(v: Any) -> int:
    if v is None:
        return _NULL
    if v is True or v is False:
        return _BOOLEAN
    if isinstance(v, dict):
        return _OBJECT
    if isinstance(v, list):
        return _ARRAY
    if isinstance(v, str):
        return _STRING
    if isinstance(v, int):
        return _INTEGER | _NUMBER
    if isinstance(v, float):
        return _INTEGER | _NUMBER if math.isfinite(v) and v.is_integer() else _NUMBER
    return 0


class _Annotations:
    """What a successful schema evaluated: member names and item indexes, or all of them."""

    __slots__ = ("props", "all_props", "items", "all_items")

    def __init__(self) -> None:
        self.props: set[str] = set()
        self.all_props = False
        self.items: set[int] = set()
        self.all_items = False

    def merge(self, other: _Annotations) -> None:
        self.all_props = self.all_props or other.all_props
        self.all_items = self.all_items or other.all_items
        self.props |= other.props
        self.items |= other.items


class _Schema:
    """One compiled schema of a program: ``always`` for a boolean schema, else its keywords."""

    def __init__(self, source: Any) -> None:
        self.always: bool | None = source if isinstance(source, bool) else None
        keywords: dict[str, Any] = source if isinstance(source, dict) else {}
        get = keywords.get
        self.ref: int | None = get("$ref")
        types = get("type")
        self.types = 0
        for name in [types] if isinstance(types, str) else types or ():
            self.types |= _TYPE_BITS[name]
        self.has_enum = "enum" in keywords
        self.enum = {_canonical(e) for e in get("enum", ())}
        self.has_const = "const" in keywords
        self.const = _canonical(get("const"))
        self.multiple_of, self.maximum = get("multipleOf"), get("maximum")
        self.exclusive_maximum = get("exclusiveMaximum")
        self.minimum, self.exclusive_minimum = get("minimum"), get("exclusiveMinimum")
        self.max_length, self.min_length = get("maxLength"), get("minLength")
        self.pattern = Search(keywords["pattern"]) if "pattern" in keywords else None
        self.format: Callable[[str], bool] | None = FORMATS[keywords["format"]][0] if "format" in keywords else None
        self.max_items, self.min_items = get("maxItems"), get("minItems")
        self.unique_items = get("uniqueItems") is True
        self.max_contains, self.min_contains = get("maxContains"), get("minContains")
        self.max_properties, self.min_properties = get("maxProperties"), get("minProperties")
        self.required: list[str] = get("required", [])
        self.dependent_required: dict[str, list[str]] = get("dependentRequired", {})
        sub = _sub
        self.all_of = [_Schema(s) for s in get("allOf", ())]
        self.any_of = [_Schema(s) for s in get("anyOf", ())] if "anyOf" in keywords else None
        self.one_of = [_Schema(s) for s in get("oneOf", ())] if "oneOf" in keywords else None
        self.not_ = sub(get("not"))
        self.if_, self.then, self.else_ = sub(get("if")), sub(get("then")), sub(get("else"))
        self.dependent_schemas = {k: _Schema(s) for k, s in get("dependentSchemas", {}).items()}
        self.prefix_items = [_Schema(s) for s in get("prefixItems", ())]
        self.items, self.contains = sub(get("items")), sub(get("contains"))
        self.properties = {k: _Schema(s) for k, s in get("properties", {}).items()}
        self.pattern_properties = [(Search(p), _Schema(s)) for p, s in get("patternProperties", {}).items()]
        self.additional_properties = sub(get("additionalProperties"))
        self.property_names = sub(get("propertyNames"))
        self.unevaluated_items = sub(get("unevaluatedItems"))
        self.unevaluated_properties = sub(get("unevaluatedProperties"))

    def declares(self, name: str) -> bool:
        # The member is named by `properties` or matched by `patternProperties` of this schema.
        return name in self.properties or any(p(name) for p, _ in self.pattern_properties)


def _sub(source: Any) -> _Schema | None:
    return None if source is None else _Schema(source)


def _number(v: Any) -> float:
    try:
        return float(v)
    except OverflowError:
        return math.inf if v > 0 else -math.inf


class Check:
    """An assertion: a compiled schema program, used as an annotation or by a model's validator."""

    __slots__ = ("program", "_assert", "_defs")

    def __init__(self, program: dict[str, Any]) -> None:
        self.program = program
        self._defs = [_Schema(s) for s in program.get("defs", ())]
        self._assert = [_Schema(s) for s in program["assert"]]

    def evaluate(self, value: Any) -> str | None:
        """The keyword that fails first (a `false` schema is `not`, `if` is `then` or `else`), or None."""
        for s in self._assert:
            keyword = self._eval(s, value, _Annotations())
            if keyword is not None:
                return keyword
        return None

    # ---- pydantic -------------------------------------------------------------
    def run(self, value: Any, handler: Callable[[Any], T], info: core_schema.ValidationInfo | None = None) -> T:
        """Validates ``value`` with ``handler`` (the type), then asserts; a wrap validator's body.

        The assertion's error sits at the start of the value: after any error
        the type reports there, before anything inside it. When both fail,
        the assertion's error carries the type's (``ctx["contract_inner"]``)
        and errors.py keeps whichever comes first in the text.
        """
        built = info is not None and isinstance(info.context, dict) and info.context.get("contract") == "built"
        try:
            result = handler(value)
        except pydantic.ValidationError as inner:
            keyword = None if built else self.evaluate(value)
            if keyword is None:
                raise
            raise _failure(keyword, inner) from None
        # Built in Python (field names, models as members): the assertion reads the JSON value.
        keyword = self.evaluate(_json_of(result) if built else value)
        if keyword is not None:
            raise _failure(keyword, None)
        return result

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.with_info_wrap_validator_function(self.run, handler(source))

    def __repr__(self) -> str:
        return f"Check({self.program!r})"

    # ---- evaluation -----------------------------------------------------------
    def _valid(self, s: _Schema, v: Any, into: _Annotations | None) -> bool:
        # A subschema on its own: its annotations go to `into` only when it passes.
        a = _Annotations()
        if self._eval(s, v, a) is not None:
            return False
        if into is not None:
            into.merge(a)
        return True

    def _eval(self, s: _Schema, v: Any, a: _Annotations) -> str | None:  # noqa: C901 - one keyword after another
        if s.always is not None:
            return None if s.always else "not"
        kind = _kind(v)
        if s.types and not s.types & kind:
            return "type"
        if s.has_enum and _canonical(v) not in s.enum:
            return "enum"
        if s.has_const and _canonical(v) != s.const:
            return "const"
        if kind & _NUMBER:
            keyword = _check_number(s, v)
            if keyword is not None:
                return keyword
        elif kind == _STRING:
            keyword = _check_string(s, v)
            if keyword is not None:
                return keyword
        elif kind == _ARRAY:
            if s.max_items is not None and len(v) > s.max_items:
                return "maxItems"
            if s.min_items is not None and len(v) < s.min_items:
                return "minItems"
            if s.unique_items and len({_canonical(item) for item in v}) != len(v):
                return "uniqueItems"
        elif kind == _OBJECT:
            keyword = _check_object_counts(s, v)
            if keyword is not None:
                return keyword
        keyword = self._in_place(s, v, a)
        if keyword is not None:
            return keyword
        if kind == _ARRAY:
            return self._check_items(s, v, a)
        if kind == _OBJECT:
            return self._check_members(s, v, a)
        return None

    def _in_place(self, s: _Schema, v: Any, a: _Annotations) -> str | None:
        # The keywords that apply to the value itself and pass their annotations on.
        if s.ref is not None and self._eval(self._defs[s.ref], v, a) is not None:
            return "$ref"
        for sub in s.all_of:
            if not self._valid(sub, v, a):
                return "allOf"
        if s.any_of is not None:
            matched = False
            for sub in s.any_of:  # every branch: each one that passes adds its annotations
                matched = self._valid(sub, v, a) or matched
            if not matched:
                return "anyOf"
        if s.one_of is not None:
            passed = []
            for sub in s.one_of:
                b = _Annotations()
                if self._eval(sub, v, b) is None:
                    passed.append(b)
            if len(passed) != 1:
                return "oneOf"
            a.merge(passed[0])
        if s.not_ is not None and self._valid(s.not_, v, None):
            return "not"
        if s.if_ is not None:
            if self._valid(s.if_, v, a):
                if s.then is not None and not self._valid(s.then, v, a):
                    return "then"
            elif s.else_ is not None and not self._valid(s.else_, v, a):
                return "else"
        if s.dependent_schemas and isinstance(v, dict):
            for name, sub in s.dependent_schemas.items():
                if name in v and not self._valid(sub, v, a):
                    return "dependentSchemas"
        return None

    def _check_items(self, s: _Schema, arr: list[Any], a: _Annotations) -> str | None:
        for i, sub in enumerate(s.prefix_items[: len(arr)]):
            if not self._valid(sub, arr[i], None):
                return "prefixItems"
            a.items.add(i)
        if s.items is not None:
            for item in arr[len(s.prefix_items) :]:
                if not self._valid(s.items, item, None):
                    return "items"
            a.all_items = True
        if s.contains is not None:
            matches = 0
            for i, item in enumerate(arr):
                if self._valid(s.contains, item, None):
                    matches += 1
                    a.items.add(i)
            least = 1 if s.min_contains is None else s.min_contains
            if matches < least:
                return "contains" if s.min_contains is None else "minContains"
            if s.max_contains is not None and matches > s.max_contains:
                return "maxContains"
        if s.unevaluated_items is not None and not a.all_items:
            for i, item in enumerate(arr):
                if i not in a.items and not self._valid(s.unevaluated_items, item, None):
                    return "unevaluatedItems"
            a.all_items = True
        return None

    def _check_members(self, s: _Schema, obj: dict[str, Any], a: _Annotations) -> str | None:
        for name, sub in s.properties.items():
            if name in obj:
                if not self._valid(sub, obj[name], None):
                    return "properties"
                a.props.add(name)
        if s.pattern_properties:
            for name, member in obj.items():
                matched = False
                for pattern, sub in s.pattern_properties:
                    if pattern(name):
                        matched = True
                        if not self._valid(sub, member, None):
                            return "patternProperties"
                if matched:
                    a.props.add(name)
        if s.additional_properties is not None:
            for name, member in obj.items():
                if not s.declares(name) and not self._valid(s.additional_properties, member, None):
                    return "additionalProperties"
            a.all_props = True
        if s.property_names is not None:
            for name in obj:
                if not self._valid(s.property_names, name, None):
                    return "propertyNames"
        if s.unevaluated_properties is not None and not a.all_props:
            for name, member in obj.items():
                if name not in a.props and not self._valid(s.unevaluated_properties, member, None):
                    return "unevaluatedProperties"
            a.all_props = True
        return None


def _check_number(s: _Schema, v: Any) -> str | None:
    if s.multiple_of is not None and not is_multiple(v, s.multiple_of):
        return "multipleOf"
    f = _number(v)
    if s.maximum is not None and f > s.maximum:
        return "maximum"
    if s.exclusive_maximum is not None and f >= s.exclusive_maximum:
        return "exclusiveMaximum"
    if s.minimum is not None and f < s.minimum:
        return "minimum"
    if s.exclusive_minimum is not None and f <= s.exclusive_minimum:
        return "exclusiveMinimum"
    return None


def _check_string(s: _Schema, v: str) -> str | None:
    if s.max_length is not None and len(v) > s.max_length:
        return "maxLength"
    if s.min_length is not None and len(v) < s.min_length:
        return "minLength"
    if s.pattern is not None and not s.pattern(v):
        return "pattern"
    if s.format is not None and not s.format(v):
        return "format"
    return None


def _check_object_counts(s: _Schema, obj: dict[str, Any]) -> str | None:
    if s.max_properties is not None and len(obj) > s.max_properties:
        return "maxProperties"
    if s.min_properties is not None and len(obj) < s.min_properties:
        return "minProperties"
    for name in s.required:
        if name not in obj:
            return "required"
    for name, names in s.dependent_required.items():
        if name in obj and any(n not in obj for n in names):
            return "dependentRequired"
    return None


def _json_of(value: Any) -> Any:
    # The JSON value of a value built in Python: wire names, absent members left out.
    if isinstance(value, pydantic.BaseModel):
        return value.model_dump(mode="json", by_alias=True, exclude_unset=True)
    if isinstance(value, (list, tuple)):
        return [_json_of(v) for v in value]
    if isinstance(value, dict):
        return {k: _json_of(v) for k, v in value.items()}
    return to_jsonable_python(value)


def _failure(keyword: str, inner: pydantic.ValidationError | None) -> PydanticCustomError:
    # The detail says which keyword; errors.py reads the type's own error from the context.
    context: dict[str, Any] = {"contract_assertion": keyword}
    if inner is not None:
        context["contract_inner"] = inner
    return PydanticCustomError(keyword, f"the value does not satisfy the schema's \"{keyword}\"", context)
