"""The hostile-names golden case (tests/golden/hostile): reserved words of
three languages as property names, names that fold to one identifier,
Unicode and empty names, and text built to break out of comments, docstrings
and literals. The Python output must import, keep every wire name exactly,
and keep the text as inert data.
"""

from __future__ import annotations

import importlib
import json
import keyword
from typing import Any

import pydantic
import pytest
from conftest import GOLDEN, load_golden, same_json

pkg = load_golden("hostile")
hostile = pkg.hostile
registry = importlib.import_module(pkg.__name__ + ".registry")

SCHEMA = json.loads((GOLDEN / "hostile" / "input" / "hostile" / "names.schema.json").read_text(encoding="utf-8"))
DEFS = SCHEMA["$defs"]
HOSTILE_TEXT = DEFS["Everything"]["properties"]["hostile_text"]["const"]
RESERVED = {"model_config", "model_fields", "model_dump", "schema", "json", "dict", "copy", "validate", "construct"}


def _value_for(schema: dict[str, Any]) -> Any:
    if "const" in schema:
        return schema["const"]
    if "$ref" in schema:
        return DEFS[schema["$ref"].rsplit("/", 1)[1]]["enum"][0]
    return {"string": "s", "integer": 1, "boolean": True}[schema["type"]]


EVERYTHING = {name: _value_for(prop) for name, prop in DEFS["Everything"]["properties"].items()}


def test_every_wire_name_round_trips() -> None:
    text = json.dumps(EVERYTHING, ensure_ascii=False)
    value = hostile.Everything.model_validate_json(text)
    assert same_json(pkg.dump(value), EVERYTHING)
    assert same_json(json.loads(pkg.dump_json(value)), EVERYTHING)
    # And nested, through an adapter from the registry.
    outer = {"for": EVERYTHING, "while": DEFS["HostileEnum"]["enum"]}
    adapter = registry.find("hostile.Class")
    assert adapter is not None
    assert same_json(adapter.dump(adapter.validate_json(json.dumps(outer))), outer)


def test_python_names_are_safe_and_distinct() -> None:
    fields = hostile.Everything.model_fields
    wire = {name: name if info.validation_alias is None else info.validation_alias for name, info in fields.items()}
    assert sorted(wire.values()) == sorted(DEFS["Everything"]["properties"])  # every wire name, exactly once
    for name in fields:
        assert name.isidentifier() and name.isascii(), name
        assert not keyword.iskeyword(name) and not keyword.issoftkeyword(name), name
        assert name not in RESERVED, name
        assert not name.startswith("_"), name
    # Names that fold together get the deterministic suffixes, in schema order.
    assert [n for n in fields if n.startswith("foo_bar")] == ["foo_bar", "foo_bar_2", "foo_bar_3", "foo_bar_4", "foo_bar_5"]
    assert wire["foo_bar"] == "fooBar" and wire["foo_bar_5"] == "foo bar"


def test_python_name_in_json_is_not_the_member() -> None:
    # `class_` is the Python name of "class"; in JSON it is an unknown member of a closed object.
    bad = {**EVERYTHING, "class_": "x"}
    with pytest.raises(pydantic.ValidationError):
        hostile.Everything.model_validate_json(json.dumps(bad))
    missing = {k: v for k, v in EVERYTHING.items() if k != "class"}
    with pytest.raises(pydantic.ValidationError):
        hostile.Everything.model_validate_json(json.dumps({**missing, "class_": "x"}))


def test_construction_by_python_name() -> None:
    value = hostile.Everything(class_="c", type_="t", hostile_text=HOSTILE_TEXT, self="me", field_empty=False)
    assert pkg.dump(value) == {"class": "c", "type": "t", "hostile_text": HOSTILE_TEXT, "self": "me", "": False}


def test_const_text_is_exact() -> None:
    assert HOSTILE_TEXT.count("\r\n") == 1 and "\u202e" in HOSTILE_TEXT and HOSTILE_TEXT.endswith("\\")
    with pytest.raises(pydantic.ValidationError):
        hostile.Everything.model_validate_json(json.dumps({**EVERYTHING, "hostile_text": HOSTILE_TEXT.replace("\r\n", "\n")}))


def test_enum_values_are_exact() -> None:
    assert list(hostile.HOSTILE_ENUM_VALUES) == DEFS["HostileEnum"]["enum"]
    for value in DEFS["HostileEnum"]["enum"]:
        assert hostile.HostileEnumAdapter.validate_json(json.dumps(value)) == value
    with pytest.raises(pydantic.ValidationError):
        hostile.HostileEnumAdapter.validate_json('"cafe"')


def test_constant_strings_are_exact() -> None:
    assert list(hostile.STRINGS) == DEFS["Strings"]["const"]
    assert "\x00nul" in hostile.STRINGS


def test_documentation_is_inert_text() -> None:
    # The docstrings hold the schema's text (line breaks normalised, controls made visible).
    doc = hostile.Everything.__doc__
    assert doc is not None
    for piece in ('*/', '"""', "'''", "`template ${literal}`", "\\ backslash", "<!-- html --> # hash", "<U+202E>", "<U+2028>"):
        assert piece in doc, piece
    assert doc.rstrip().endswith("\\")
    assert hostile.__doc__ is not None and '"""' in hostile.__doc__
    description = hostile.Everything.model_fields["hostile_text"].description
    assert description is not None and description.startswith("Ends a comment */ and a docstring \"\"\"")
    assert hostile.Everything.model_fields["class_"].description == "property named class"
