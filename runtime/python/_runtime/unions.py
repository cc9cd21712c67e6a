"""Unions: discriminated (``Tagged``), anyOf (``FirstMatch``) and oneOf (``ExactlyOne``).

Each member of a non-discriminated union carries a label (``anyOf[1]``) in
pydantic's error locations; errors.py finds the union by it and reports one
``anyOf`` / ``oneOf`` error at the union's value instead of the members'.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Sequence
from typing import Any

import pydantic
from pydantic import ConfigDict, GetCoreSchemaHandler
from pydantic_core import PydanticCustomError, core_schema

ADAPTER_CONFIG: typing.Final = ConfigDict(
    strict=True, validate_by_alias=True, validate_by_name=False, serialize_by_alias=True
)


def type_adapter(tp: Any) -> pydantic.TypeAdapter[Any]:
    """A strict TypeAdapter reading wire names only."""
    if isinstance(tp, type) and issubclass(tp, pydantic.BaseModel):
        return pydantic.TypeAdapter(tp)
    return pydantic.TypeAdapter(tp, config=ADAPTER_CONFIG)


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
        return core_schema.tagged_union_schema(
            choices, discriminator, metadata={"contract_tag": self.wire, "contract_tags": self.tags}
        )


def _labelled(
    handler: GetCoreSchemaHandler, kind: str, members: Sequence[Any]
) -> list[core_schema.CoreSchema | tuple[core_schema.CoreSchema, str]]:
    # Each member with a label of its own ("anyOf[1]"): pydantic puts the label
    # into error locations, and errors.py finds the union by it.
    return [(handler.generate_schema(m), f"{kind}[{i}]") for i, m in enumerate(members)]


class FirstMatch:
    """anyOf (and oneOf whose members accept disjoint JSON kinds): the first member that accepts the value.

    ``keyword`` is the schema's own keyword, the one errors name: a oneOf whose
    members cannot both match is still reported as ``oneOf``, as in the other languages.
    """

    __slots__ = ("members", "keyword")

    def __init__(self, *members: Any, keyword: typing.Literal["anyOf", "oneOf"] = "anyOf") -> None:
        self.members = members
        self.keyword = keyword

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.union_schema(
            _labelled(handler, self.keyword, self.members),
            mode="left_to_right",
            metadata={"contract_union": self.keyword},
        )


class ExactlyOne:
    """oneOf whose members may overlap: exactly one member must accept the value."""

    __slots__ = ("members", "_adapters")

    def __init__(self, *members: Any) -> None:
        self.members = members
        self._adapters: list[pydantic.TypeAdapter[Any]] | None = None

    def _matches(self, value: Any) -> int:
        if self._adapters is None:
            self._adapters = [type_adapter(m) for m in self.members]
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
            raise PydanticCustomError("oneOf", "matches more than one alternative of oneOf")
        return result

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        union = core_schema.union_schema(
            _labelled(handler, "oneOf", self.members), mode="left_to_right", metadata={"contract_union": "oneOf"}
        )
        return core_schema.no_info_wrap_validator_function(self._validate, union)
