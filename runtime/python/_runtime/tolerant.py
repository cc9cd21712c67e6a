"""The tolerant-reader mode (docs/semantics.md): a decode-time option for consumers.

A decode with ``tolerant=True`` judges the instance as strict mode does,
except for two things a newer producer may send:

* a closed object (``additionalProperties: false``) keeps the members it does
  not declare, as free-form values in ``__pydantic_extra__``; they are written
  back after the declared members, in their order;
* a discriminated union whose tag (a string) no variant has becomes an
  ``UnknownVariant`` carrying the tag and the object as read, which is written
  back exactly.

Strict decoding pays nothing for this: the generated types and their
validators stay as they are. The mode has validators of its own, built from
the strict core schema on first use (``validator``): every closed model
opened, every discriminated union wrapped. Only ``dump`` / ``dump_json``
(models.py) write what tolerant mode kept (``to_json_value``, a walk in
Python, used once a tolerant decode has happened in the process); pydantic's
own ``model_dump`` writes the declared members only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from pydantic import BaseModel
from pydantic_core import PydanticSerializationError, SchemaValidator, core_schema

from . import payload
from .numeric import canonical_double
from .values import JsonValue, check_json


class UnknownVariant:
    """A member of a discriminated union whose tag no variant has (tolerant mode only).

    ``tag`` is the tag as read, ``value`` the whole object as read (members in
    order); encoding writes ``value`` unchanged.
    """

    __slots__ = ("tag", "value")

    def __init__(self, tag: str, value: dict[str, Any]) -> None:
        self.tag = tag
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, UnknownVariant) and other.tag == self.tag and other.value == self.value

    __hash__ = None  # type: ignore[assignment]  # holds a dict

    def __repr__(self) -> str:
        return f"UnknownVariant(tag={self.tag!r}, value={self.value!r})"


class _State:
    used = False  # set by the first tolerant decode: from then on dump/dump_json write what it kept


STATE: Final = _State()

# The strict settings every generated model and adapter shares (models.py, unions.py):
# the opened schema has no model schemas left to carry them.
_CONFIG: Final[core_schema.CoreConfig] = {"strict": True, "validate_by_alias": True, "validate_by_name": False}

_validators: dict[int, tuple[Any, SchemaValidator]] = {}


def validator(schema: Any) -> SchemaValidator:
    """The tolerant validator of a strict core schema (built once per schema); marks the mode as used."""
    STATE.used = True
    entry = _validators.get(id(schema))  # the entry keeps the schema alive, so its id stays its own
    if entry is None:
        entry = (schema, SchemaValidator(_open(schema, _extras_schema()), _CONFIG))
        _validators[id(schema)] = entry
    return entry[1]


_EXTRAS: list[Any] = []


def _extras_schema() -> Any:
    # Undeclared members are free-form values: kept as read, doubles as they are written.
    if not _EXTRAS:
        from .unions import type_adapter

        _EXTRAS.append(type_adapter(JsonValue).core_schema)
    return _EXTRAS[0]


def _open(schema: Any, extras: Any) -> Any:
    """A copy of ``schema`` with every closed model opened and every discriminated union wrapped.

    Core schemas are at most as deep as the schema files' nesting (references
    are definitions, not inlined), so recursion is bounded by the contract.
    """
    if isinstance(schema, list):
        return [_open(item, extras) for item in schema]
    if not isinstance(schema, dict):
        return schema
    copy = {
        key: (value if key in ("metadata", "cls", "config") else _open(value, extras)) for key, value in schema.items()
    }
    kind = copy.get("type")
    if kind == "model" and not schema.get("root_model"):
        return _model(copy, extras)
    if kind == "tagged-union" and "contract_tag" in (schema.get("metadata") or {}):
        return _union(copy, schema["metadata"]["contract_tag"])
    return copy


def _model(model: Any, extras: Any) -> Any:
    # pydantic-core reuses a complete model class's own (strict) validator for
    # every schema of type "model" naming it; so the opened model validates its
    # members (model-fields) and this function builds the instance, as
    # pydantic-core does: no __init__, defaults filled in by model-fields.
    behavior = (model.get("config") or {}).get("extra_fields_behavior", "ignore")
    fields = dict(model["schema"])
    if behavior == "forbid":
        fields["extra_behavior"] = "allow"
        fields["extras_schema"] = extras
    else:
        fields["extra_behavior"] = behavior
    cls = model["cls"]
    post_init = model.get("post_init")

    def build(result: tuple[dict[str, Any], dict[str, Any] | None, set[str]]) -> Any:
        values, extra, fields_set = result
        instance = cls.__new__(cls)
        object.__setattr__(instance, "__dict__", values)
        object.__setattr__(instance, "__pydantic_extra__", extra)
        object.__setattr__(instance, "__pydantic_fields_set__", fields_set)
        object.__setattr__(instance, "__pydantic_private__", None)
        if post_init:
            getattr(instance, post_init)(None)
        return instance

    opened = core_schema.no_info_after_validator_function(build, fields)
    if "ref" in model:
        opened["ref"] = model["ref"]
    return opened


def _union(union: Any, wire: str) -> Any:
    tags = frozenset(union["choices"])

    def read(value: Any, handler: core_schema.ValidatorFunctionWrapHandler) -> Any:
        if type(value) is dict:
            tag = value.get(wire)
            if type(tag) is str and tag not in tags:
                return UnknownVariant(tag, check_json(value))  # doubles kept as they are written
        return handler(value)

    opened = core_schema.no_info_wrap_validator_function(read, union)
    if "ref" in union:
        opened["ref"] = union.pop("ref")
    return opened


def to_json_value(value: Any) -> Any:
    """The JSON value of a contract value that tolerant mode may have read (dump, models.py).

    pydantic's serializers are the strict types' own and know neither the
    members a closed model kept nor ``UnknownVariant``; this walk writes
    both: declared members first (those that were present), in declaration
    order, under their wire names, then the kept ones in their order. It uses
    a stack of its own (a value may be as deep as ``[payload] max_depth``) and
    refuses deeper values, as the encoders of the other bindings do.
    """
    limit = payload.SETTINGS.max_depth
    holder: list[Any] = [None]
    work: list[tuple[Any, Any, Any, int]] = [(holder, 0, value, 0)]
    while work:
        parent, key, v, depth = work.pop()
        items: Iterable[tuple[Any, Any]]
        if isinstance(v, UnknownVariant):
            parent[key] = v.value  # a free-form value: doubles already as they are written
            continue
        if isinstance(v, BaseModel):
            present = v.__pydantic_fields_set__
            members = [
                (field.serialization_alias or field.alias or name, getattr(v, name))
                for name, field in type(v).model_fields.items()
                if name in present
            ]
            members.extend((v.__pydantic_extra__ or {}).items())
            out: Any = {}
            items = members
        elif isinstance(v, (list, tuple)):
            out, items = [None] * len(v), enumerate(v)
        elif isinstance(v, Mapping):
            out, items = {}, v.items()
        else:
            parent[key] = canonical_double(v) if type(v) is float else v
            continue
        if depth >= limit:
            raise PydanticSerializationError(f"depth: nesting deeper than {limit}")
        parent[key] = out
        for k, item in items:
            if type(out) is dict:
                out[k] = None  # the member's place, filled in when its value is written
            work.append((out, k, item, depth + 1))
    return holder[0]
