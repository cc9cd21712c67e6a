"""The type tables of the compiled codec (_codec.c), read from the models' core schemas.

A table is a tuple of nodes; a node refers to others by their index in it:

* ``("str",)``, ``("bool",)``: a JSON string, a JSON boolean;
* ``("str", min_length, max_length)``: a string of that many characters (as pydantic counts);
* ``("int", ge, le)``: a JSON integer within ``ge..le`` (numeric.IntegerRule);
* ``("literal", {value: value})``: one of these strings (enums, string constants);
* ``("nullable", n)``, ``("list", n)``, ``("dict", n)``: null or n, an array of n, an object of n;
* ``("model", cls, allow_extra, extras, fields, reserved)``: a model; ``fields`` is a tuple of
  ``(wire name, field name, node, required, default)`` in the fields' order, ``extras`` the node
  of undeclared members (-1 when closed), ``reserved`` the field names that are not wire names
  (such a member is never an extra: the pure path decides);
* ``("tagged", key, ((tag, n), ...))``: a discriminated union, its tag the string member ``key``;
* ``("json", fn)``: a free-form value, ``fn`` (values.py's check) called when it holds a double;
* ``("after", n, fn)``: n, then the rule function ``fn`` (a pattern, a format), as pydantic-core
  calls it.

The table is read from the same core schema pydantic-core validates with, so the two cannot
drift apart; a schema with anything not listed above (a constraint, a plain validator, a
default that is not a constant) has no table, and its type keeps the pure path entirely.
``CONTRACTGEN_CODEC=pure`` in the environment turns the codec off (the conformance runner
judges both ways).
"""

from __future__ import annotations

import os
from typing import Any, Final

from .values import check_json

_codec: Any
try:
    from . import _codec
except ImportError:  # pragma: no cover - depends on how the package was installed
    _codec = None

ENABLED: Final = _codec is not None and os.environ.get("CONTRACTGEN_CODEC") != "pure"
REFUSED: Final = _codec.REFUSED if _codec is not None else object()


class Unsupported(Exception):
    """The schema has something the table format cannot say: the pure path keeps the type."""


_SCALAR_KEYS: Final = {"type", "metadata", "strict", "ref"}
_CONSTANT_DEFAULTS: Final = (type(None), bool, int, str)


class _Builder:
    def __init__(self) -> None:
        self.nodes: list[Any] = []
        self.definitions: dict[str, Any] = {}
        self.built: dict[str, int] = {}

    def add(self, node: Any) -> int:
        self.nodes.append(node)
        return len(self.nodes) - 1

    def build(self, s: dict[str, Any]) -> int:  # noqa: C901 - one case per core schema type
        t = s["type"]
        if t == "definitions":
            for d in s["definitions"]:
                self.definitions[d["ref"]] = d
            return self.build(s["schema"])
        if "ref" in s:
            self.definitions.setdefault(s["ref"], s)
            return self._reference(s["ref"])
        if t == "definition-ref":
            return self._reference(s["schema_ref"])
        if t == "str" and ("min_length" in s or "max_length" in s):
            _only(s, _SCALAR_KEYS | {"min_length", "max_length"})
            return self.add(("str", s.get("min_length", 0), s.get("max_length", 2**62)))
        if t in ("str", "bool"):
            _only(s, _SCALAR_KEYS)
            return self.add((t,))
        if t == "int":
            _only(s, _SCALAR_KEYS | {"ge", "le"})
            return self.add(("int", s.get("ge", -(2**53 - 1)), s.get("le", 2**53 - 1)))
        if t == "union":
            return self._integer(s)
        if t == "literal":
            _only(s, _SCALAR_KEYS | {"expected"})
            if not all(type(v) is str for v in s["expected"]):
                raise Unsupported("a literal that is not a string")
            return self.add(("literal", {v: v for v in s["expected"]}))
        if t in ("nullable", "list", "dict"):
            _only(s, _SCALAR_KEYS | {"schema", "items_schema", "values_schema", "keys_schema"})
            keys = s.get("keys_schema")
            if keys is not None and (keys["type"] != "str" or set(keys) - _SCALAR_KEYS):
                raise Unsupported("keys with a rule")
            index = self.add(None)
            self.nodes[index] = (t, self.build(s.get("schema") or s.get("items_schema") or s["values_schema"]))
            return index
        if t == "tagged-union":
            _only(s, _SCALAR_KEYS | {"choices", "discriminator", "custom_error_type", "custom_error_message"})
            key = _discriminator(s["discriminator"])
            index = self.add(None)
            variants = tuple((tag, self.build(choice)) for tag, choice in s["choices"].items() if isinstance(tag, str))
            if len(variants) != len(s["choices"]):
                raise Unsupported("a tag that is not a string")
            self.nodes[index] = ("tagged", key, variants)
            return index
        if t == "function-after" and s["function"]["type"] == "no-info":
            _only(s, _SCALAR_KEYS | {"function", "schema"})
            fn = s["function"]["function"]
            if fn is check_json and s["schema"]["type"] == "any":
                return self.add(("json", fn))
            index = self.add(None)
            self.nodes[index] = ("after", self.build(s["schema"]), fn)
            return index
        if t == "model":
            return self._model(s)
        raise Unsupported(f"core schema type {t}")

    def _reference(self, ref: str) -> int:
        if ref in self.built:
            return self.built[ref]
        index = self.built[ref] = self.add(None)  # filled below; a cycle refers to it meanwhile
        target = dict(self.definitions[ref])
        target.pop("ref")
        self.nodes[index] = self.nodes[self.build(target)]
        return index

    def _integer(self, s: dict[str, Any]) -> int:
        # numeric.IntegerRule: a strict int with its bounds, then a double with no fraction. The
        # codec reads integers only (a number with a fraction or an exponent is refused), and
        # every one it accepts passes the first choice, so the node is the first choice's.
        _only(s, _SCALAR_KEYS | {"choices", "custom_error_type", "custom_error_message", "mode", "serialization"})
        first = s["choices"][0]
        if isinstance(first, tuple) or first["type"] != "int" or s.get("mode") != "left_to_right":
            raise Unsupported("a union that is not an integer rule")
        return self.build(first)

    def _model(self, s: dict[str, Any]) -> int:
        _only(s, _SCALAR_KEYS | {"cls", "config", "schema", "custom_init", "root_model"})
        cls, fields_schema, config = s["cls"], s["schema"], s.get("config", {})
        if s.get("custom_init") or s.get("root_model") or getattr(cls, "__pydantic_post_init__", None):
            raise Unsupported("a model with its own initialisation")
        if cls.__private_attributes__ or fields_schema["type"] != "model-fields":
            raise Unsupported("a model with private attributes")
        model_keys = {"fields", "extras_schema", "computed_fields", "model_name", "extra_behavior"}
        _only(fields_schema, _SCALAR_KEYS | model_keys)
        if fields_schema.get("computed_fields"):
            raise Unsupported("computed fields")
        extra = fields_schema.get("extra_behavior") or config.get("extra_fields_behavior", "ignore")
        if extra not in ("allow", "forbid"):
            raise Unsupported(f"extra={extra}")
        index = self.add(None)
        fields, reserved = [], set()
        for name, f in fields_schema["fields"].items():
            _only(f, {"type", "schema", "metadata", "validation_alias", "serialization_alias"})
            wire = f.get("validation_alias", name)
            if not isinstance(wire, str) or f.get("serialization_alias", wire) != wire:
                raise Unsupported("a field with two wire names")
            if wire != name:
                reserved.add(name)
            inner, required, default = f["schema"], True, None
            if inner["type"] == "default":
                _only(inner, {"type", "schema", "default", "metadata"})
                if type(inner["default"]) not in _CONSTANT_DEFAULTS:
                    raise Unsupported("a default that is not a constant")
                inner, required, default = inner["schema"], False, inner["default"]
            fields.append((wire, name, self.build(inner), required, default))
        extras = -1
        if extra == "allow":
            if "extras_schema" not in fields_schema:
                raise Unsupported("extras without a schema")
            extras = self.build(fields_schema["extras_schema"])
        self.nodes[index] = ("model", cls, extra == "allow", extras, tuple(fields), frozenset(reserved))
        return index


def _discriminator(d: Any) -> str:
    # A member name, or paths to try in turn ([["type"], ["type_"]]: the wire name, then the
    # field name, for Python input). JSON text is read by the first path: when that member is
    # absent the codec refuses, and the pure path decides.
    if isinstance(d, str):
        return d
    if isinstance(d, list) and d and isinstance(d[0], list) and len(d[0]) == 1 and isinstance(d[0][0], str):
        return d[0][0]
    raise Unsupported("a discriminator that is not a member name")


def _only(s: dict[str, Any], keys: set[str]) -> None:
    unknown = set(s) - keys
    if unknown:
        raise Unsupported(f"{s['type']} with {sorted(unknown)}")


def table(core_schema: Any) -> Any:
    """The compiled table of a core schema, or None when it has something the codec does not read."""
    if not ENABLED:
        return None
    builder = _Builder()
    try:
        root = builder.build(core_schema)
    except (Unsupported, KeyError, IndexError):
        return None
    return _codec.Table(tuple(builder.nodes), root)


def configure(max_depth: int) -> None:
    if _codec is not None:
        _codec.configure(max_depth)


def entry(table: Any, fallback: Any) -> Any:
    """A model class's model_validate_json: the codec, and ``fallback`` for what it refuses."""
    return _codec.Entry(table, fallback)
Entry: Final = _codec.Entry if _codec is not None else type("Entry", (), {})
