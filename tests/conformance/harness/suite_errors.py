"""The error docs/semantics.md §2 puts on an invalid test of the JSON Schema Test Suite, where the
group's schema makes it plain, all at `$`:

* `{"type": "T"}` alone: `type`; `{"type": "T", K: ...}` with one constraint K that sits at the value:
  `type` for a value of another kind (the order of §2), else K;
* `{"enum": ...}` or `{"const": ...}` alone: that keyword;
* `{"oneOf": [...]}` or `{"anyOf": [...]}` alone, two or more variants, none of which could carry a
  discriminator (a const or enum property, a `$ref`), is a union itself or a boolean schema: that keyword.

Anything else has no expectation (the strict languages must then agree with each other). Left out on
purpose: a constraint without `type` (`{"maxLength": 2}`) and a list of types (`"type": ["array",
"object"]`), which the IR lowers to a union by JSON kind, so the bindings report `anyOf` where §2
names the constraint's keyword or `type`; a one-variant union, or one with `false` variants, which
the IR reduces.
"""

from __future__ import annotations

from typing import Any

from .jsonvalue import kind_of

# Keywords whose failure sits at the value that has them (§2), not at a member or an item.
AT_THE_VALUE = {"enum", "const", "format", "pattern", "minLength", "maxLength", "minimum", "maximum",
                "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "uniqueItems",
                "minProperties", "maxProperties", "required"}
NOT_ASSERTIONS = {"$schema", "$id", "$defs", "$comment", "title", "description", "default", "examples", "deprecated",
                  "definitions", "id"}


def expected_error(schema: Any, instance: Any) -> tuple[str, str] | None:
    if not isinstance(schema, dict):
        return None
    keys = [k for k in schema if k not in NOT_ASSERTIONS and not k.startswith("x-")]
    if keys == ["type"] and isinstance(schema["type"], str):
        return "$", "type"
    if len(keys) == 2 and "type" in keys and isinstance(schema["type"], str):
        other = keys[0] if keys[1] == "type" else keys[1]
        if other not in AT_THE_VALUE:
            return None
        kind = kind_of(instance)
        allowed = schema["type"] == kind or (schema["type"] == "number" and kind == "integer")
        return ("$", other) if allowed else ("$", "type")
    if len(keys) != 1:
        return None
    keyword = keys[0]
    if keyword in ("enum", "const"):
        return "$", keyword
    if keyword in ("oneOf", "anyOf") and isinstance(schema[keyword], list) and len(schema[keyword]) >= 2 \
            and all(isinstance(v, dict) and not _may_carry_tag(v) and not _is_union(v) for v in schema[keyword]):
        return "$", keyword
    return None


def _is_union(variant: Any) -> bool:
    return isinstance(variant, dict) and ("oneOf" in variant or "anyOf" in variant)


def _may_carry_tag(variant: Any) -> bool:
    """A variant that might make the union discriminated (a const or enum property, or a $ref not followed)."""
    if not isinstance(variant, dict):
        return False
    if "$ref" in variant:
        return True
    props = variant.get("properties", {})
    return any(isinstance(p, dict) and ("const" in p or "enum" in p or "$ref" in p) for p in props.values())
