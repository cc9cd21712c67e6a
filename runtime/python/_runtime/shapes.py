"""The shapes of the whole vocabulary (docs/semantics.md): tuples and keys
with a pattern.

* ``TupleOf``: ``prefixItems`` (+ ``items``), a tuple with a type per
  position. The static type is the union of the lengths the array may have
  (``tuple[A] | tuple[A, B] | tuple[A, B, *tuple[R, ...]]``); pydantic-core
  picks the variant by the array's length, so an item's error keeps its
  path and keyword. Counts are checked first, at the array: ``minItems``,
  ``maxItems``, ``uniqueItems``, then ``items`` when no item may follow the
  prefix.
* ``KeyPattern``: a map key (or a struct's undeclared member) that must
  match a pattern; one that does not is an ``additionalProperties`` error
  at the member.
"""

from __future__ import annotations

from typing import Any

from pydantic import GetCoreSchemaHandler
from pydantic_core import PydanticCustomError, core_schema

from .formats import Pattern, show
from .values import _canonical

_REST = "rest"  # the tag of the variant with the items after the prefix


class TupleOf:
    """The positional types of a tuple, the type of the items after them (None: none allowed), its counts."""

    __slots__ = ("items", "rest", "min_items", "max_items", "unique")

    def __init__(
        self, *items: Any, rest: Any = None, min_items: int = 0, max_items: int | None = None, unique: bool = False
    ) -> None:
        self.items = items
        self.rest = rest
        self.min_items = min_items
        self.max_items = max_items
        self.unique = unique

    def _counts(self, v: Any) -> Any:
        if isinstance(v, (list, tuple)):
            n = len(v)
            if n < self.min_items:
                raise PydanticCustomError(
                    "minItems", "has {n} items, fewer than the minimum {min}", {"n": n, "min": self.min_items}
                )
            if self.max_items is not None and n > self.max_items:
                raise PydanticCustomError(
                    "maxItems", "has {n} items, more than the maximum {max}", {"n": n, "max": self.max_items}
                )
            if self.unique and len({_canonical(item) for item in v}) != n:
                raise PydanticCustomError("uniqueItems", "has equal items", None)
            if self.rest is None and n > len(self.items):
                raise PydanticCustomError(
                    "items",
                    "has {n} items, more than the {prefix} the tuple allows",
                    {"n": n, "prefix": len(self.items)},
                )
        return v

    def _variant(self, v: Any) -> Any:
        # The variant for the array's length: each shorter length, then the whole prefix and the rest.
        if not isinstance(v, (list, tuple)):
            return None
        return len(v) if len(v) < len(self.items) else _REST

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        items = [handler.generate_schema(item) for item in self.items]
        choices: dict[Any, core_schema.CoreSchema] = {
            n: core_schema.tuple_schema(items[:n], strict=False)
            for n in range(min(self.min_items, len(items)), len(items))
        }
        if self.rest is None:
            choices[_REST] = core_schema.tuple_schema(items, strict=False)
        else:
            rest = handler.generate_schema(self.rest)
            choices[_REST] = core_schema.tuple_schema([*items, rest], variadic_item_index=len(items), strict=False)
        union = core_schema.tagged_union_schema(
            choices, discriminator=self._variant, custom_error_type="type", custom_error_message="expected an array"
        )
        return core_schema.no_info_before_validator_function(self._counts, union)


class KeyPattern:
    """A member name that must match ``pattern`` (``Annotated[str, KeyPattern(_PATTERN_0)]``)."""

    __slots__ = ("pattern",)

    def __init__(self, pattern: Pattern) -> None:
        self.pattern = pattern

    def _check(self, name: str) -> str:
        if not self.pattern.search(name):
            raise PydanticCustomError(
                "additionalProperties",
                "member {member} is not allowed here: it does not match {pattern}",
                {"member": show(name), "pattern": show(self.pattern.source)},
            )
        return name

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_after_validator_function(self._check, core_schema.str_schema(strict=True))
