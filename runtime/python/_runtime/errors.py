"""Errors as every binding of the contract reports them (docs/semantics.md §2).

One error per rejected instance, the first in document order, with a JSON
path and a keyword of the vocabulary: ``$.data.type: discriminator: ...``.
pydantic collects every error and locates each by the schema it walked (the
tag of a tagged union, the label of a union member, ``[key]``); here each one
is walked through the core schema to its JSON path and its keyword, placed
in the text with the positions the exact reader recorded (payload.scan), and
the earliest is kept. The result is a ``pydantic.ValidationError`` with that
one error: ``type`` is the keyword, ``loc`` the JSON path, ``msg`` the detail.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

import pydantic
from pydantic_core import PydanticCustomError

from .payload import PayloadError, Scan

# Ties (two errors at one position) go by the order of the table in §2.
_RANK: Final = {
    "syntax": 0,
    "depth": 1,
    "duplicate": 2,
    "type": 3,
    "required": 4,
    "additionalProperties": 5,
    "not": 6,
    "discriminator": 7,
    "oneOf": 8,
    "anyOf": 8,
    "range": 10,
}
_CONSTRAINT_RANK: Final = 9
_ORDER: Final = {
    k: i
    for i, k in enumerate(
        ("type", "const", "enum", "format", "pattern", "minLength", "maxLength", "minimum", "maximum",
         "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "range")
    )
}

_BY_TYPE: Final = {
    "string_too_short": "minLength",
    "string_too_long": "maxLength",
    "string_pattern_mismatch": "pattern",
    "greater_than_equal": "minimum",
    "less_than_equal": "maximum",
    "greater_than": "exclusiveMinimum",
    "less_than": "exclusiveMaximum",
    "multiple_of": "multipleOf",
    "finite_number": "range",
    "json_invalid": "syntax",
}
_KEYWORDS: Final = frozenset(
    {
        "syntax", "depth", "duplicate", "type", "required", "additionalProperties", "not", "discriminator",
        "oneOf", "anyOf", "const", "enum", "format", "pattern", "minLength", "maxLength", "minimum", "maximum",
        "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "uniqueItems",
        "minProperties", "maxProperties", "range",
        # assertions (check.py)
        "$ref", "allOf", "then", "else", "dependentRequired", "dependentSchemas", "prefixItems", "items",
        "contains", "minContains", "maxContains", "unevaluatedItems", "properties", "patternProperties",
        "propertyNames", "unevaluatedProperties",
    }
)
_MISSING: Final = object()
_FAR: Final = 1 << 62  # after any offset
# What only a whole container can be judged by: not errors of one cut off by a fatal problem.
_ABOUT_THE_WHOLE: Final = frozenset(
    {"required", "minItems", "minProperties", "uniqueItems", "oneOf", "anyOf", "const", "enum"}
)


class _Walk:
    """Where a pydantic location leads: the JSON path, the schema node, the outermost union passed."""

    __slots__ = ("path", "node", "definitions", "union", "union_path")

    def __init__(self) -> None:
        self.path: list[Any] = []
        self.node: Any = None
        self.definitions: dict[str, Any] = {}
        self.union: str | None = None
        self.union_path: tuple[Any, ...] = ()


def _member(fields: Mapping[str, Any], part: int | str, by_name: bool) -> tuple[str, Any] | None:
    # The wire name and schema of the member `part` names (its field name too when by_name).
    names = {}
    for name, field in fields.items():
        alias = field.get("validation_alias")
        wire = alias if isinstance(alias, str) else name
        if part == wire:
            return wire, field["schema"]
        names[name] = (wire, field["schema"])
    return names.get(str(part)) if by_name else None


def _unwrap(walk: _Walk, node: Any) -> Any:
    # Through definitions and references to a node that means something.
    while isinstance(node, Mapping):
        kind = node.get("type")
        if kind == "definitions":
            walk.definitions.update((d["ref"], d) for d in node["definitions"])
            node = node["schema"]
        elif kind == "definition-ref":
            node = walk.definitions.get(node["schema_ref"])
        else:
            break
    return node


def walk(schema: Any, loc: Sequence[int | str], by_name: bool = False, base: _Walk | None = None) -> _Walk:
    """Follows a pydantic error location through ``schema``: the JSON path and the node reached.

    ``base``: the walk to the place ``schema`` sits (its path and definitions), for the
    errors of a value inside an assertion (check.py), located relative to it.
    """
    w = _Walk()
    if base is not None:
        w.path = list(base.path)
        w.definitions = dict(base.definitions)
    node: Any = _unwrap(w, schema)
    i = 0
    while i < len(loc):
        kind = node.get("type") if isinstance(node, Mapping) else None
        if kind == "model-fields":
            member = _member(node["fields"], loc[i], by_name)
            w.path.append(member[0] if member else loc[i])
            node = member[1] if member else node.get("extras_schema")
            i += 1
            if not member and i < len(loc) and loc[i] == "[key]":  # a key pattern's error
                i += 1
        elif kind == "tagged-union":  # the tag: not part of the value's path
            node = node["choices"].get(loc[i])
            i += 1
        elif kind == "union":  # a member's label: not part of the path either
            if w.union is None:
                w.union = (node.get("metadata") or {}).get("contract_union", "anyOf")
                w.union_path = tuple(w.path)
            labels = {c[1]: c[0] for c in node["choices"] if isinstance(c, tuple)}
            node = labels.get(str(loc[i]))
            i += 1
        elif kind == "tuple":  # shapes.TupleOf: a type per position, then the rest
            index = loc[i]
            w.path.append(index)
            i += 1
            items, rest = node["items_schema"], node.get("variadic_item_index")
            if isinstance(index, int) and rest is not None and index >= rest:
                node = items[rest]
            else:
                node = items[index] if isinstance(index, int) and index < len(items) else None
        elif kind in ("list", "dict"):
            w.path.append(loc[i])
            i += 1
            if kind == "dict" and i < len(loc) and loc[i] == "[key]":
                i += 1
            node = node.get("items_schema" if kind == "list" else "values_schema")
        elif isinstance(node, Mapping) and "schema" in node:  # model, nullable, functions, ...
            node = node["schema"]
        else:  # a schema this walk does not know: the rest as pydantic wrote it
            w.path.extend(loc[i:])
            node = None
            break
        node = _unwrap(w, node)
    w.node = node
    return w


def _rules(w: _Walk) -> list[Any]:
    # The contract rules (numeric.IntegerRule, formats.StringRule, ...) on the node and the nodes it wraps.
    rules, node = [], w.node
    while isinstance(node, Mapping):
        rule = (node.get("metadata") or {}).get("contract_rule")
        if rule is not None:
            rules.append(rule)
        node = _unwrap(w, node.get("schema"))
    return rules


def value_at(value: Any, path: Sequence[Any]) -> Any:
    for step in path:
        if isinstance(value, dict) and isinstance(step, str) and step in value:
            value = value[step]
        elif isinstance(value, list) and isinstance(step, int) and 0 <= step < len(value):
            value = value[step]
        else:
            return _MISSING
    return value


class Located:
    """One error as §2 states it, with its place in the text."""

    __slots__ = ("path", "keyword", "detail", "offset", "rank", "member", "assertion")

    def __init__(
        self,
        path: tuple[Any, ...],
        keyword: str,
        detail: str,
        offset: int,
        member: str | None = None,
        assertion: bool = False,
    ) -> None:
        self.path = path
        self.keyword = keyword
        self.detail = detail
        self.offset = offset
        self.rank = _RANK.get(keyword, _CONSTRAINT_RANK)
        self.member = member  # the missing member of a `required` error
        self.assertion = assertion  # judges the whole value (check.py)


def _show(v: Any) -> str:
    try:
        text = json.dumps(v, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        text = repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _kind(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, str):
        return "a string"
    return "an array" if isinstance(v, list) else "an object"


def classify(
    item: Mapping[str, Any],
    schema: Any,
    instance: Any,
    scan: Scan | None,
    order: int,
    by_name: bool = False,
    base: _Walk | None = None,
) -> Located:
    """The keyword, JSON path and position of one pydantic error (``base``: see walk)."""
    w = walk(schema, item["loc"], by_name, base)
    path = tuple(w.path)
    kind = item["type"]
    ctx = item.get("ctx") or {}
    starts = scan.starts if scan else {}
    unknown = _FAR if scan else order  # the place of what the text does not show (an object cut off)

    def at(p: tuple[Any, ...]) -> int:
        return starts.get(p, unknown)

    if w.union is not None:  # an error inside a non-discriminated union: the union's own error
        up = w.union_path
        return Located(up, w.union, f"no alternative of {w.union} accepts the value", at(up))
    if "contract_assertion" in ctx:
        return _assertion(item, w, instance, scan, order, by_name, at(path))
    value = value_at(instance, path)
    if kind == "missing":
        obj = path[:-1]
        end = scan.ends.get(obj, _FAR) if scan else order
        return Located(obj, "required", f"missing member {_show(path[-1])}", end, str(path[-1]))
    if kind == "additionalProperties":  # a member whose name breaks a key pattern (shapes.KeyPattern)
        member = scan.members.get(path, unknown) if scan else order
        return Located(path, kind, item["msg"], member)
    if kind == "extra_forbidden":
        member = scan.members.get(path, unknown) if scan else order
        return Located(path, "additionalProperties", f"member {_show(path[-1])} is not allowed here", member)
    if (
        kind in ("union_tag_not_found", "union_tag_invalid", "model_attributes_type", "dict_type")
        and isinstance(w.node, Mapping)
    ):
        meta = w.node.get("metadata") or {}
        tag = meta.get("contract_tag")
        if tag is not None:
            if not isinstance(value, dict):
                return Located(path, "type", f"expected an object, got {_kind(value)}", at(path))
            if tag not in value:
                return Located(path, "required", f"missing member {_show(tag)} (the tag)", at(path), tag)
            tags = "|".join(meta.get("contract_tags", ()))
            got = _show(value[tag])
            return Located(path + (tag,), "discriminator", f"expected one of {tags}, got {got}", at(path))
    if kind == "not" and "member" in ctx:
        forbidden = path + (ctx["member"],)
        return Located(forbidden, "not", item["msg"], scan.members.get(forbidden, unknown) if scan else order)
    if kind == "range" and "inside" in ctx:  # a free-form value: the number's own path
        inner = path + tuple(ctx["inside"])
        return Located(inner, "range", item["msg"], at(inner))
    if isinstance(value, float) and not math.isfinite(value):
        return Located(path, "range", "the number is beyond the range of a double", at(path))
    problems = [p for p in (rule.problem(value) for rule in _rules(w)) if p is not None]
    if problems:  # the rules a value breaks, the first in the order of §2's table
        keyword, detail = min(problems, key=lambda p: _ORDER.get(p[0], len(_ORDER)))
    else:
        keyword, detail = _keyword(kind, value, w.node), item["msg"]
    return Located(path, _renamed(w, keyword), detail, at(path))


def _assertion(
    item: Mapping[str, Any], w: _Walk, instance: Any, scan: Scan | None, order: int, by_name: bool, start: int
) -> Located:
    # A failed assertion sits at the start of its value, unless the value's type
    # failed too and its first error is at that same place (docs/semantics.md, "Assertions").
    path = tuple(w.path)
    ctx = item["ctx"]
    inner = ctx.get("contract_inner")
    if inner is not None:
        node = w.node  # through nullable and other wrappers to the assertion's wrap validator
        while isinstance(node, Mapping) and node.get("type") != "function-wrap":
            node = _unwrap(w, node.get("schema"))
        inner_schema = node.get("schema") if isinstance(node, Mapping) else None
        found = [
            classify(sub, inner_schema, instance, scan, order, by_name, w)
            for sub in inner.errors(include_url=False)
        ]
        if scan is None:  # a parsed value: no positions, so "at that same place" is the value's own path
            found = [e for e in found if e.path == path or (e.keyword == "discriminator" and e.path[:-1] == path)]
        if found:
            earliest = min(found, key=lambda e: (e.offset, e.rank))
            if scan is None or earliest.offset <= start:
                return earliest
    return Located(path, ctx["contract_assertion"], item["msg"], start, assertion=True)


def _renamed(w: _Walk, keyword: str) -> str:
    # A Keywords annotation on the node (or a node it wraps) may rename the keyword.
    node = w.node
    while isinstance(node, Mapping):
        renames = (node.get("metadata") or {}).get("contract_keywords")
        if renames and keyword in renames:
            return str(renames[keyword])
        node = _unwrap(w, node.get("schema"))
    return keyword


def _keyword(kind: str, value: Any, node: Any) -> str:
    if kind in _KEYWORDS:
        return kind
    if kind in _BY_TYPE:
        return _BY_TYPE[kind]
    if kind in ("too_short", "too_long"):
        items = isinstance(value, list)
        return (
            ("minItems" if items else "minProperties")
            if kind == "too_short"
            else ("maxItems" if items else "maxProperties")
        )
    if kind == "literal_error":
        while isinstance(node, Mapping) and node.get("type") != "literal" and "schema" in node:
            node = node["schema"]  # through nullable and validator functions to the literal
        expected = node.get("expected", ()) if isinstance(node, Mapping) else ()
        if not any(type(e) is type(value) for e in expected):
            return "type"
        return "const" if len(expected) == 1 else "enum"
    return "type"


def first(
    error: pydantic.ValidationError, schema: Any, instance: Any, scan: Scan | None, by_name: bool = False
) -> Located:
    """The error of ``error`` that comes first in the text (in pydantic's order without a scan)."""
    located = [
        classify(item, schema, instance, scan, i, by_name) for i, item in enumerate(error.errors(include_url=False))
    ]
    if scan is not None and scan.unclosed:
        # A value cut off by a fatal problem: what its containers lack is not an error of the text.
        located = [
            e for e in located if e.path not in scan.unclosed or (e.keyword not in _ABOUT_THE_WHOLE and not e.assertion)
        ]
        if not located:
            return Located((), "syntax", "", _FAR)  # nothing before the problem, which the caller has
    return min(located, key=lambda e: (e.offset, e.rank))


def from_payload(problem: PayloadError) -> Located:
    return Located(problem.path, problem.keyword, problem.detail, problem.offset)


def raise_located(
    title: str, e: Located, input_value: Any, input_type: Literal["python", "json"]
) -> pydantic.ValidationError:
    """A ValidationError holding ``e`` alone: type = keyword, loc = JSON path, msg = detail
    (and, for a missing member, ctx = {"member": name})."""
    # The detail holds no "{member}" placeholder: pydantic-core leaves it as it is.
    error = PydanticCustomError(e.keyword, e.detail, {"member": e.member} if e.member is not None else None)
    return pydantic.ValidationError.from_exception_data(
        title, [{"type": error, "loc": e.path, "input": input_value}], input_type=input_type
    )


_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def error_path(loc: Sequence[int | str]) -> str:
    """A JSON path as every binding writes it (``$.data.plans[0]["a b"]``) from an error location."""
    path = "$"
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        elif _NAME.fullmatch(part):
            path += "." + part
        else:
            path += "[" + json.dumps(part, ensure_ascii=False) + "]"
    return path


def describe_error(error: pydantic.ValidationError) -> str:
    """The error as one line: ``<path>: <keyword>: <detail>``."""
    e = error.errors(include_url=False)[0]
    return f"{error_path(e['loc'])}: {e['type']}: {e['msg']}"
