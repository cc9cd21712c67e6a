"""Every IR construct, through the Python output of the golden case
tests/golden/constructs (as tests/fresh generates it), against valid and invalid samples.

Each sample's verdict is first confirmed by a standard validator (jsonschema,
formats checked) on the case's input schemas, so the expectations are JSON
Schema's, then the binding must agree: valid samples round-trip to the same
JSON value (absent stays absent, null stays null, integers stay integers),
invalid ones raise pydantic.ValidationError.
"""

from __future__ import annotations

import functools
import importlib
import json
from typing import Any

import pydantic
import pytest
from conftest import GOLDEN, load_golden, same_json, show
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

pkg = load_golden("constructs")
constructs = pkg.constructs
shared = pkg.shared
registry = importlib.import_module(pkg.__name__ + ".registry")
rt = pkg._runtime

INPUT = GOLDEN / "constructs" / "input"
BASE = "https://constructs.invalid/"


def _schema_files() -> dict[str, Any]:
    """The case's schema files as contractgen reads them: every *.schema.json, and every
    other *.json with a top-level "$schema" (input/constructs/fixture.json has none)."""
    files = {}
    for path in sorted(INPUT.glob("*/*.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        if path.name.endswith(".schema.json") or (isinstance(contents, dict) and "$schema" in contents):
            files[path.relative_to(INPUT).as_posix()] = contents
    return files


FILES = _schema_files()
SCHEMAS = Registry().with_resources(
    (BASE + rel, Resource.from_contents(contents, DRAFT202012)) for rel, contents in FILES.items()
)
# type name → its URI fragment in its file: the $defs entries, and the files whose root is a
# type (named after the title "Tagged envelope", and after the file name reading.json).
WHERE = {"constructs.TaggedEnvelope": "constructs/envelope.schema.json#", "constructs.Reading": "constructs/reading.json#"}
for _rel, _contents in FILES.items():
    for _name in _contents.get("$defs", {}):
        WHERE[f"{_rel.split('/')[0]}.{_name}"] = f"{_rel}#/$defs/{_name}"


@functools.cache
def _validator(type_name: str) -> Draft202012Validator:
    schema = {"$ref": BASE + WHERE[type_name]}
    return Draft202012Validator(schema, registry=SCHEMAS, format_checker=Draft202012Validator.FORMAT_CHECKER)


def standard_verdict(type_name: str, instance: Any) -> bool:
    return _validator(type_name).is_valid(instance)


OK, BAD = True, False
# Where Python's jsonschema is known to deviate from the specification (the
# binding follows the specification; these cross-checks are expected to fail,
# strictly, so a fixed jsonschema shows up):
RE = "jsonschema matches `pattern` with Python re as written, not with ECMA-262 semantics ($, \\d, .)"
LEAP = "jsonschema's date-time check (rfc3339-validator) refuses leap seconds, which RFC 3339 allows"
UUID = "123e4567-e89b-12d3-a456-426614174000"
SHAPE = {"kind": "circle", "r": 1.5}

# (type, instance, verdict[, jsonschema deviation]): one line per construct and edge.
SAMPLES: list[tuple[Any, ...]] = [
    # ---- objects: presence and nullability
    ("constructs.Presence", {"required_plain": "a", "required_nullable": None, "any_required": 1}, OK),
    ("constructs.Presence", {"required_plain": "a", "required_nullable": "b", "any_required": None}, OK),
    ("constructs.Presence", {"required_plain": "a", "required_nullable": "b", "any_required": {"x": [1, 2.5, None]},
                             "optional_plain": 3, "optional_nullable": None, "optional_nullable_ref": None,
                             "any_optional": None, "old": "o"}, OK),
    ("constructs.Presence", {"required_plain": "a", "required_nullable": "b", "any_required": 1,
                             "optional_nullable": 7, "optional_nullable_ref": {"id": "x"}}, OK),
    ("constructs.Presence", {"required_plain": "a", "any_required": 1}, BAD),  # required nullable: null, not absent
    ("constructs.Presence", {"required_plain": "a", "required_nullable": None}, BAD),  # any_required absent
    ("constructs.Presence", {"required_plain": None, "required_nullable": None, "any_required": 1}, BAD),
    ("constructs.Presence", {"required_plain": "a", "required_nullable": None, "any_required": 1,
                             "optional_plain": None}, BAD),  # optional, not nullable
    ("constructs.Presence", {"required_plain": "a", "required_nullable": None, "any_required": 1,
                             "optional_nullable_ref": {"id": 1}}, BAD),
    ("constructs.Presence", {"required_plain": "a", "required_nullable": None, "any_required": 1, "extra": 1}, BAD),
    # ---- closed / open / typed extras
    ("constructs.Closed", {"id": "x"}, OK),
    ("constructs.Closed", {"id": "x", "other": 1}, BAD),
    ("constructs.Closed", {}, BAD),
    ("constructs.Open", {"id": "x", "other": {"deep": [1, "two", None, True]}, "n": 1.5}, OK),
    ("constructs.Open", {"id": "x", "meta": {"source": "s", "at": "2024-01-01T00:00:00Z", "more": [1]}}, OK),
    ("constructs.Open", {"id": "x", "meta": {"source": ""}}, BAD),  # minLength 1 across families
    ("constructs.Open", {"id": "x", "meta": {"source": "s", "at": "yesterday"}}, BAD),
    ("constructs.Open", {"other": 1}, BAD),
    ("constructs.TypedExtras", {"name": "n", "a": 1, "b": 0, "c": 2.0}, OK),
    ("constructs.TypedExtras", {"name": "n", "a": -1}, BAD),
    ("constructs.TypedExtras", {"name": "n", "a": "1"}, BAD),
    ("constructs.TypedExtras", {"name": "n", "a": 1.5}, BAD),
    ("constructs.TypedExtras", {"name": "n", "a": None}, BAD),
    # ---- forbidden members
    ("constructs.Forbidding", {"a": "x", "b": 1}, OK),
    ("constructs.Forbidding", {}, OK),
    ("constructs.Forbidding", {"a": "x", "x": 1}, BAD),
    ("constructs.Forbidding", {"y": None}, BAD),
    ("constructs.Forbidding", {"gone": "anything"}, BAD),
    ("constructs.ClosedForbidding", {"a": "x"}, OK),
    ("constructs.ClosedForbidding", {"z": 1}, BAD),
    ("constructs.ClosedForbidding", {"b": 1}, BAD),
    # ---- const members
    ("constructs.Consts", {"kind": "consts", "version": 2, "flag": True, "nothing": None, "shape": {"b": None, "a": [1, 2.5]}}, OK),
    ("constructs.Consts", {"kind": "consts", "version": 2.0, "flag": True, "nothing": None, "shape": {"a": [1.0, 2.5], "b": None}, "maybe": "x"}, OK),
    ("constructs.Consts", {"kind": "other", "version": 2, "flag": True, "nothing": None, "shape": {"a": [1, 2.5], "b": None}}, BAD),
    ("constructs.Consts", {"kind": "consts", "version": 3, "flag": True, "nothing": None, "shape": {"a": [1, 2.5], "b": None}}, BAD),
    ("constructs.Consts", {"kind": "consts", "version": 2, "flag": 1, "nothing": None, "shape": {"a": [1, 2.5], "b": None}}, BAD),
    ("constructs.Consts", {"kind": "consts", "version": True, "flag": True, "nothing": None, "shape": {"a": [1, 2.5], "b": None}}, BAD),
    ("constructs.Consts", {"kind": "consts", "version": 2, "flag": True, "nothing": 0, "shape": {"a": [1, 2.5], "b": None}}, BAD),
    ("constructs.Consts", {"kind": "consts", "version": 2, "flag": True, "nothing": None, "shape": {"a": [2.5, 1], "b": None}}, BAD),
    ("constructs.Consts", {"kind": "consts", "version": 2, "flag": True, "nothing": None, "shape": {"a": [1, 2.5]}}, BAD),
    ("constructs.Consts", {"kind": "consts", "version": 2, "flag": True, "nothing": None}, BAD),
    ("constructs.Consts", {"kind": "consts", "version": 2, "flag": True, "nothing": None, "shape": {"a": [1, 2.5], "b": None}, "maybe": "y"}, BAD),
    # ---- member counts
    ("constructs.Counted", {"a": 1}, OK),
    ("constructs.Counted", {"b": "x", "c": None}, OK),
    ("constructs.Counted", {}, BAD),
    ("constructs.Counted", {"a": 1, "b": 2, "c": 3}, BAD),
    # ---- nested, lifted declarations
    ("constructs.Nested", {"inner": {"deep": {"leaf": 1}}, "mode": "fast", "items": [{"n": 1}, {"n": 2.5}]}, OK),
    ("constructs.Nested", {"inner": {"deep": {"leaf": 1.5}}}, BAD),
    ("constructs.Nested", {"inner": {"deep": {}}}, BAD),
    ("constructs.Nested", {"inner": {"deep": {"leaf": 1}}, "mode": "medium"}, BAD),
    ("constructs.Nested", {"inner": {"deep": {"leaf": 1}}, "items": [{"n": "1"}]}, BAD),
    ("constructs.Nested", {"inner": {"deep": {"leaf": 1}, "x": 1}}, BAD),
    ("constructs.NestedMode", "anything", OK),  # the declared type, not the lifted enum (NestedMode_2)
    ("constructs.NestedMode", "too long!", BAD),
    # ---- a file whose root is a type; a union with an explicit discriminator; a plain *.json schema
    ("constructs.TaggedEnvelope", {"event": {"op": "stopped"}, "reading": {"value": 3}}, OK),
    ("constructs.TaggedEnvelope", {"event": {"at": "2024-01-01T00:00:00Z", "op": "started"}}, OK),
    ("constructs.TaggedEnvelope", {"reading": {"value": 3}}, BAD),
    ("constructs.TaggedEnvelope", {"event": {"op": "stopped"}, "extra": 1}, BAD),
    ("constructs.TaggedEnvelope", {"event": {"op": "stopped"}, "reading": {"unit": "celsius"}}, BAD),
    ("constructs.Batch", [{"event": {"op": "stopped"}}, {"event": {"op": "stopped", "reason": "r"}}], OK),
    ("constructs.Batch", [{"event": {"op": "stopped"}}] * 4, BAD),
    ("constructs.Event", {"op": "stopped", "reason": "done"}, OK),
    ("constructs.Event", {"op": "started", "at": "2024-01-01T00:00:00Z"}, OK),
    ("constructs.Event", {"op": "paused"}, BAD),
    ("constructs.Event", {"op": "started"}, BAD),
    ("constructs.Event", {"reason": "no tag"}, BAD),
    ("constructs.Started", {"op": "started", "at": "2024-01-01T00:00:00Z"}, OK),
    ("constructs.Started", {"op": "stopped", "at": "2024-01-01T00:00:00Z"}, BAD),
    ("constructs.Stopped", {"op": "stopped"}, OK),
    ("constructs.Stopped", {"op": "started"}, BAD),
    ("constructs.Reading", {"value": 21.5, "unit": "celsius", "note": "kept"}, OK),
    ("constructs.Reading", {"value": "21.5"}, BAD),
    ("constructs.Unit", "fahrenheit", OK),
    ("constructs.Unit", "kelvin", BAD),
    # ---- strings: code point lengths, patterns, formats
    ("constructs.Strings", {"short": "💩💩"}, OK),  # 2 code points (4 UTF-16 units, 8 bytes)
    ("constructs.Strings", {"short": "💩💩💩"}, OK),
    ("constructs.Strings", {"short": "💩"}, BAD),
    ("constructs.Strings", {"short": "abcd"}, BAD),
    ("constructs.Strings", {"slug": "abc-12"}, OK),
    ("constructs.Strings", {"slug": "abc-123"}, BAD),
    ("constructs.Strings", {"slug": "abc-12\n"}, BAD, RE),  # `$` is the end of the text, not of a line
    ("constructs.Strings", {"slug": "abc-١٢"}, BAD, RE),  # \d is ASCII only
    ("constructs.Strings", {"dotted": "abc"}, OK),
    ("constructs.Strings", {"dotted": "a💩c"}, OK),  # `.` is one code point
    ("constructs.Strings", {"dotted": "a\nc"}, BAD),
    ("constructs.Strings", {"dotted": "a\rc"}, BAD, RE),
    ("constructs.Strings", {"dotted": "a\u2028c"}, BAD, RE),
    ("constructs.Strings", {"accented": "ééé"}, OK),
    ("constructs.Strings", {"accented": "e"}, BAD),
    ("constructs.Strings", {"search": "abbbc"}, OK),  # searched, not anchored
    ("constructs.Strings", {"search": "ac"}, BAD),
    ("constructs.Strings", {"when": "2024-02-29T12:00:00.5+01:00", "stamp": "1990-12-31T23:59:60Z"}, OK, LEAP),
    ("constructs.Strings", {"when": "1990-12-31T15:59:60-08:00"}, OK, LEAP),  # 23:59:60 UTC
    ("constructs.Strings", {"when": "2024-02-29T12:00:00.5+01:00"}, OK),
    ("constructs.Strings", {"when": "2023-02-29T12:00:00Z"}, BAD),
    ("constructs.Strings", {"when": "2024-01-01T12:00:60Z"}, BAD),  # a leap second not at 23:59:60 UTC
    ("constructs.Strings", {"when": "2024-01-01T12:00:00"}, BAD),
    ("constructs.Strings", {"when": "2024-01-01T24:00:00Z"}, BAD),
    ("constructs.Strings", {"stamp": "2024-01-01"}, BAD),
    ("constructs.Strings", {"id": UUID, "lower_id": UUID}, OK),
    ("constructs.Strings", {"id": UUID.upper()}, OK),
    ("constructs.Strings", {"lower_id": UUID.upper()}, BAD),  # uuid, but the pattern wants lower case
    ("constructs.Strings", {"id": UUID[:-1]}, BAD),
    ("constructs.Strings", {"id": "{" + UUID + "}"}, BAD),
    ("constructs.Strings", {"link": "https://user@example.com:8080/p/a%20th?q=1#frag"}, OK),
    ("constructs.Strings", {"link": "urn:isbn:0451450523"}, OK),
    ("constructs.Strings", {"link": "/relative/path"}, BAD),
    ("constructs.Strings", {"link": "https://exa mple.com"}, BAD),
    ("constructs.Strings", {"link": "https://example.com/%zz"}, BAD),
    ("constructs.Strings", {"short": 12}, BAD),
    # ---- numbers
    ("constructs.Numbers", {"small": -5, "whole": 10, "real": 2.5}, OK),
    ("constructs.Numbers", {"small": 5.0, "whole": 1e2}, OK),  # integers written with a fraction part
    ("constructs.Numbers", {"small": 6}, BAD),
    ("constructs.Numbers", {"small": -5.5}, BAD),
    ("constructs.Numbers", {"whole": 1.5}, BAD),
    ("constructs.Numbers", {"whole": "1"}, BAD),
    ("constructs.Numbers", {"whole": True}, BAD),
    ("constructs.Numbers", {"real": True}, BAD),
    ("constructs.Numbers", {"real": "2.5"}, BAD),
    ("constructs.Numbers", {"open_unit": 0.5}, OK),
    ("constructs.Numbers", {"open_unit": 0}, BAD),
    ("constructs.Numbers", {"open_unit": 1}, BAD),
    ("constructs.Numbers", {"step": 0.0075}, OK),  # 75 * 0.0001 despite binary floating point
    ("constructs.Numbers", {"step": 3}, OK),
    ("constructs.Numbers", {"step": 0.00015}, BAD),
    ("constructs.Numbers", {"trillions": 3000000000000}, OK),
    ("constructs.Numbers", {"trillions": 3e12}, OK),
    ("constructs.Numbers", {"trillions": 3000000000001}, BAD),
    ("constructs.Numbers", {"whole": 9007199254740991}, OK),  # beyond ±(2^53−1): test_payload_policy.py
    # ---- arrays and maps
    ("constructs.Arrays", {"tags": ["a", "b", "c"]}, OK),
    ("constructs.Arrays", {"tags": []}, BAD),
    ("constructs.Arrays", {"tags": ["a", "b", "c", "d"]}, BAD),
    ("constructs.Arrays", {"tags": ["a", "a"]}, BAD),
    ("constructs.Arrays", {"values": [1, "1", True, None, [1], {"a": 1}, 0, False]}, OK),  # false != 0, 1 != true
    ("constructs.Arrays", {"values": [1, 1.0]}, BAD),  # 1 == 1.0
    ("constructs.Arrays", {"values": [{"a": 1, "b": 2}, {"b": 2, "a": 1}]}, BAD),  # members in any order
    ("constructs.Arrays", {"values": [[1, 2], [2, 1]]}, OK),
    ("constructs.Arrays", {"matrix": [[1, 2.5], [], [3]], "holes": ["a", None, "b"]}, OK),
    ("constructs.Arrays", {"matrix": [[1, "2"]]}, BAD),
    ("constructs.Arrays", {"holes": [1]}, BAD),
    ("constructs.Maps", {"counts": {"a": 1, "b": 2}, "anything": {"x": [None, {"y": False}]}}, OK),
    ("constructs.Maps", {"counts": {}}, BAD),
    ("constructs.Maps", {"counts": {"a": 1, "b": 2, "c": 3}}, BAD),
    ("constructs.Maps", {"counts": {"a": 1.5}}, BAD),
    ("constructs.Maps", {"anything": []}, BAD),
    # ---- enums
    ("constructs.Color", "red", OK),
    ("constructs.Color", "Red", BAD),
    ("constructs.Color", 1, BAD),
    ("constructs.Mixed", "a", OK),
    ("constructs.Mixed", 1, OK),
    ("constructs.Mixed", 1.0, OK),
    ("constructs.Mixed", True, OK),
    ("constructs.Mixed", 2.5, OK),
    ("constructs.Mixed", False, BAD),
    ("constructs.Mixed", "1", BAD),
    ("constructs.Mixed", 2, BAD),
    ("constructs.Structured", [1, 2], OK),
    ("constructs.Structured", [1.0, 2], OK),
    ("constructs.Structured", {"a": 1}, OK),
    ("constructs.Structured", "x", OK),
    ("constructs.Structured", [2, 1], BAD),
    ("constructs.Structured", {"a": 1, "b": 2}, BAD),
    ("constructs.Label", "red", OK),
    ("constructs.Label", "Anything At All", OK),
    ("constructs.Label", 1, BAD),
    ("constructs.Shade", "red", OK),
    ("constructs.Shade", "purple", OK),
    ("constructs.Shade", "Purple", BAD),
    ("constructs.Palette", {"main": "blue", "maybe": None, "label": "x", "shade": "teal", "mixed": True, "structured": [1, 2]}, OK),
    ("constructs.Palette", {"maybe": "green"}, OK),
    ("constructs.Palette", {"maybe": "blue"}, BAD),
    ("constructs.Palette", {"main": None}, BAD),
    # ---- unions
    ("constructs.Circle", SHAPE, OK),
    ("constructs.Circle", {"kind": "square", "r": 1}, BAD),
    ("constructs.Square", {"kind": "square", "side": 0}, OK),
    ("constructs.Square", {"kind": "square", "side": -0.5}, BAD),
    ("constructs.Shape", SHAPE, OK),
    ("constructs.Shape", {"side": 2, "kind": "square"}, OK),  # the tag need not come first
    ("constructs.Shape", {"kind": "triangle"}, BAD),
    ("constructs.Shape", {"r": 1}, BAD),
    ("constructs.Shape", {"kind": 1, "r": 1}, BAD),
    ("constructs.Shape", {"kind": "circle", "side": 1}, BAD),
    ("constructs.Shape", {"kind": "circle", "r": 0}, BAD),
    ("constructs.Shape", "circle", BAD),
    ("constructs.Scalar", "s", OK),
    ("constructs.Scalar", 3, OK),
    ("constructs.Scalar", 3.0, OK),
    ("constructs.Scalar", True, OK),
    ("constructs.Scalar", ["a"], OK),
    ("constructs.Scalar", None, OK),
    ("constructs.Scalar", 3.5, BAD),
    ("constructs.Scalar", [1], BAD),
    ("constructs.Scalar", {"a": 1}, BAD),
    ("constructs.Exclusive", "xy", OK),  # only maxLength 3
    ("constructs.Exclusive", "axxxx", OK),  # only ^a
    ("constructs.Exclusive", "abc", BAD),  # both
    ("constructs.Exclusive", "xxxxx", BAD),  # neither
    ("constructs.Inclusive", 3, OK),
    ("constructs.Inclusive", 12, OK),  # both: the first wins
    ("constructs.Inclusive", 12.5, OK),
    ("constructs.Inclusive", 5.5, BAD),
    ("constructs.Holder", {"shape": SHAPE, "maybe_shape": None, "scalar": None, "exclusive": "b",
                           "inclusive": 10.5, "shapes": [SHAPE, {"kind": "square", "side": 0}]}, OK),
    ("constructs.Holder", {"shape": SHAPE, "maybe_shape": {"kind": "square", "side": 1}}, OK),
    ("constructs.Holder", {"shape": None}, BAD),
    ("constructs.Holder", {"shape": SHAPE, "shapes": [SHAPE, {"kind": "hexagon"}]}, BAD),
    ("constructs.Holder", {"shape": SHAPE, "exclusive": None}, BAD),
    # ---- unions of objects (variants.schema.json)
    ("constructs.Ping", {"type": "ping", "seq": 1, "extra": [1]}, OK),
    ("constructs.Ping", {"type": "ping", "seq": -1}, BAD),
    ("constructs.Pong", {"type": "pong"}, OK),
    ("constructs.Signal", {"type": "ping", "type_": "pong"}, OK),  # a Ping with an unknown member "type_"
    ("constructs.Signal", {"type_": "ping"}, BAD),  # no tag on the wire
    ("constructs.Signal", {"type": "pong", "reply_to": "x"}, BAD),
    ("constructs.Signal", {"type": "PING"}, BAD),
    ("constructs.Either", {"a": 1}, OK),
    ("constructs.Either", {"b": 2, "c": None}, OK),
    ("constructs.Either", {"a": 1, "b": 2}, BAD),  # matches both
    ("constructs.Either", {"c": 3}, BAD),  # matches neither
    ("constructs.Either", {"a": "1"}, BAD),
    ("constructs.Carrier", {"value": "v", "shape_or_name": "round", "signals": [{"type": "pong"}]}, OK),
    ("constructs.Carrier", {"value": 3, "shape_or_name": SHAPE, "signals": []}, OK),
    ("constructs.Carrier", {"value": ""}, BAD),
    ("constructs.Carrier", {"value": 2.5}, BAD),
    ("constructs.Carrier", {"shape_or_name": {"kind": "circle"}}, BAD),
    ("constructs.Carrier", {"signals": [{"type": "ping"}, {"type": "ping"}, {"type": "ping"}]}, BAD),
    ("constructs.Directory", {"version": 1, "x": {"id": "a"}, "y": {"id": "b"}}, OK),
    ("constructs.Directory", {"version": 1, "x": {"id": "a", "more": 1}}, BAD),
    ("constructs.Directory", {"version": 1, "x": "a"}, BAD),
    ("constructs.Directory", {"x": {"id": "a"}}, BAD),
    # ---- aliases
    ("constructs.Identifier", UUID, OK),
    ("constructs.Identifier", "nope", BAD),
    ("constructs.Count", 0, OK),
    ("constructs.Count", 2.0, OK),
    ("constructs.Count", -1, BAD),
    ("constructs.MaybeName", None, OK),
    ("constructs.MaybeName", "n", OK),
    ("constructs.MaybeName", 1, BAD),
    ("constructs.Names", [], OK),
    ("constructs.Names", ["a", "b"], OK),
    ("constructs.Names", "a", BAD),
    ("shared.Timestamp", "2024-01-01T00:00:00.000000001Z", OK),
    ("shared.Meta", {"source": "s", "anything": {"else": 1}}, OK),
]


def _param(sample: tuple[Any, ...], cross_check: bool = False) -> Any:
    type_name, instance, verdict = sample[:3]
    marks = [pytest.mark.xfail(strict=True, reason=sample[3])] if cross_check and len(sample) > 3 else []
    return pytest.param(
        type_name, instance, verdict, id=f"{type_name} {'ok' if verdict else 'bad'} {show(instance)[:70]}", marks=marks
    )


PARAMS = [_param(s) for s in SAMPLES]


@pytest.mark.parametrize("type_name,instance,verdict", [_param(s, cross_check=True) for s in SAMPLES])
def test_sample_verdict_is_json_schema_s(type_name: str, instance: Any, verdict: bool) -> None:
    assert standard_verdict(type_name, instance) is verdict, "the sample's expectation disagrees with jsonschema"


@pytest.mark.parametrize("type_name,instance,verdict", PARAMS)
def test_sample(type_name: str, instance: Any, verdict: bool) -> None:
    adapter = registry.find(type_name)
    assert adapter is not None, type_name
    text = json.dumps(instance, ensure_ascii=False)
    if verdict:
        value = adapter.validate_json(text)
        out = adapter.dump(value)
        assert same_json(out, instance), f"round trip changed the value:\n in  {text}\n out {show(out)}"
        assert same_json(json.loads(adapter.dump_json(value)), instance)
        assert same_json(adapter.dump(adapter.validate_python(instance)), instance)
    else:
        with pytest.raises(pydantic.ValidationError):
            adapter.validate_json(text)
        with pytest.raises(pydantic.ValidationError):
            adapter.validate_python(instance)


def test_every_registered_type_has_samples() -> None:
    sampled = {sample[0] for sample in SAMPLES}
    for name in registry.TYPES:
        assert name in sampled, f"no sample exercises {name}"
    for name in sampled:
        assert registry.find(name) is not None


# ---- values, not only verdicts ------------------------------------------------------------


def test_absent_null_and_value_are_three_states() -> None:
    absent = constructs.Presence.model_validate_json('{"required_plain": "a", "required_nullable": null, "any_required": 1}')
    null = constructs.Presence.model_validate_json(
        '{"required_plain": "a", "required_nullable": null, "any_required": 1, "optional_nullable": null}'
    )
    assert absent.optional_nullable is None and null.optional_nullable is None
    assert "optional_nullable" not in absent.model_fields_set
    assert "optional_nullable" in null.model_fields_set
    assert "optional_nullable" not in pkg.dump(absent)
    assert pkg.dump(null)["optional_nullable"] is None
    # No default is added: `optional_plain` documents a default of 0 but stays absent.
    assert "optional_plain" not in pkg.dump(absent)
    assert absent.optional_plain is None


def test_integers_and_numbers_keep_their_kind() -> None:
    numbers = constructs.Numbers.model_validate_json('{"small": 2.0, "real": 3, "whole": 4}')
    assert numbers.small == 2 and type(numbers.small) is int
    assert numbers.real == 3 and type(numbers.real) is int  # read as an integer, written as one
    assert pkg.dump(numbers) == {"small": 2, "real": 3, "whole": 4}
    assert json.loads(pkg.dump_json(numbers)) == {"small": 2, "real": 3, "whole": 4}
    real = constructs.Numbers.model_validate_json('{"real": 3.0}')
    assert type(real.real) is float


def test_extras_are_kept_and_typed() -> None:
    opened = constructs.Open.model_validate_json('{"id": "x", "z": {"k": [1, null]}, "class": 2}')
    assert opened.model_extra == {"z": {"k": [1, None]}, "class": 2}
    assert pkg.dump(opened) == {"id": "x", "z": {"k": [1, None]}, "class": 2}
    typed = constructs.TypedExtras.model_validate_json('{"name": "n", "a": 2.0}')
    assert typed.model_extra == {"a": 2} and type(typed.model_extra["a"]) is int
    with pytest.raises(pydantic.ValidationError):
        constructs.Open.model_validate_json('{"id": "x", "bad": NaN}')  # not JSON: kept values must be JSON


def test_unions_decode_to_their_member() -> None:
    holder = constructs.Holder.model_validate_json(
        '{"shape": {"r": 2, "kind": "circle"}, "shapes": [{"kind": "square", "side": 1}], "inclusive": 12}'
    )
    assert isinstance(holder.shape, constructs.Circle) and holder.shape.r == 2
    assert holder.shapes is not None and isinstance(holder.shapes[0], constructs.Square)
    assert holder.inclusive == 12 and type(holder.inclusive) is int  # the first member (integer) won
    assert constructs.ScalarAdapter.validate_json("3.0") == 3
    assert type(constructs.ScalarAdapter.validate_json("3.0")) is int


def test_tagged_union_reads_the_wire_tag_only() -> None:
    signal = constructs.SignalAdapter.validate_json('{"type_": "pong", "type": "ping"}')
    assert isinstance(signal, constructs.Ping)
    assert signal.type_ == "ping" and signal.model_extra == {"type_": "pong"}
    # Built in Python, a model instance carries its tag in the field `type_`.
    carrier = constructs.Carrier(signals=[constructs.Pong(type_="pong"), {"type": "ping", "seq": 2}])
    assert pkg.dump(carrier) == {"signals": [{"type": "pong"}, {"type": "ping", "seq": 2}]}


def test_explicit_discriminator_decodes_to_the_variant_its_value_names() -> None:
    envelope = constructs.TaggedEnvelope.model_validate_json('{"event": {"op": "stopped", "reason": "r"}}')
    assert isinstance(envelope.event, constructs.Stopped) and envelope.event.reason == "r"
    assert isinstance(constructs.EventAdapter.validate_json('{"at": "2024-01-01T00:00:00Z", "op": "started"}'), constructs.Started)
    with pytest.raises(pydantic.ValidationError):
        constructs.EventAdapter.validate_json('{"op": "paused"}')


def test_overlapping_one_of_and_typed_extras_decode_to_models() -> None:
    either = constructs.EitherAdapter.validate_json('{"b": 2}')
    assert isinstance(either, constructs.EitherVariant2) and either.b == 2
    with pytest.raises(pydantic.ValidationError, match="more than one"):
        constructs.EitherAdapter.validate_json('{"a": 1, "b": 2}')
    directory = constructs.Directory.model_validate_json('{"version": 1, "x": {"id": "a"}}')
    assert directory.model_extra is not None and isinstance(directory.model_extra["x"], constructs.Closed)
    assert pkg.dump(directory) == {"version": 1, "x": {"id": "a"}}


def test_enum_values_keep_the_listed_value() -> None:
    assert constructs.MixedAdapter.validate_json("1.0") == 1
    assert constructs.MixedAdapter.validate_json("true") is True
    assert constructs.StructuredAdapter.validate_json("[1.0, 2]") == [1, 2]
    assert constructs.COLOR_VALUES == ("red", "green", "blue")
    assert constructs.LABEL_KNOWN_VALUES == ("red", "green", "blue")


def test_models_built_in_python_use_python_names() -> None:
    circle = constructs.Circle(kind="circle", r=1)
    holder = constructs.Holder(shape=circle, exclusive="b")
    assert pkg.dump(holder) == {"shape": {"kind": "circle", "r": 1}, "exclusive": "b"}
    with pytest.raises(pydantic.ValidationError):
        constructs.Holder(shape=circle, exclusive=None)
    with pytest.raises(pydantic.ValidationError):
        constructs.Circle(kind="circle", r=0)


def test_constants() -> None:
    assert constructs.ANSWER == 42
    assert constructs.RATIOS == (0.5, 1, 1e21)
    assert dict(constructs.COLOR_CODES) == {"red": "#f00", "green": "#0f0", "__proto__": "#000"}
    assert constructs.color_code("__proto__") == "#000"
    assert constructs.color_code("blue") is None
    assert constructs.PRIMARY == "red"
    assert constructs.FAVOURITES == ("red", "blue")
    assert isinstance(constructs.ORIGIN, constructs.Closed) and constructs.ORIGIN.id == "origin"
    with pytest.raises(TypeError):
        constructs.COLOR_CODES["blue"] = "#00f"


def located(caught: pytest.ExceptionInfo[pydantic.ValidationError]) -> list[tuple[str, str]]:
    return [(rt.error_path(e["loc"]), e["type"]) for e in caught.value.errors()]


def test_error_paths_name_json_members() -> None:
    # One error, the first in document order (docs/semantics.md §2).
    instance = {"shape": {"kind": "square", "side": -1}, "shapes": [SHAPE, {"kind": "circle", "r": "x"}]}
    with pytest.raises(pydantic.ValidationError) as caught:
        constructs.Holder.model_validate_json(json.dumps(instance))
    assert located(caught) == [("$.shape.side", "minimum")]
    instance = {"shapes": [SHAPE, {"kind": "circle", "r": "x"}], "shape": {"kind": "square", "side": -1}}
    with pytest.raises(pydantic.ValidationError) as caught:
        constructs.Holder.model_validate_json(json.dumps(instance))
    assert located(caught) == [("$.shapes[1].r", "type")]


def test_error_paths_leave_out_union_members() -> None:
    # pydantic locates an error inside a union by the member it tried (its
    # label "anyOf[1]" or "oneOf[0]", or the tag): the bindings report the
    # JSON path only, and one anyOf/oneOf error for a union no member accepts.
    # A plain TypeAdapter shows what pydantic itself reports.
    cases = [
        ({"shape": SHAPE, "scalar": [1]}, ("$.scalar", "oneOf"), ("scalar", "oneOf[4]", 0)),
        ({"shape": SHAPE, "exclusive": 5}, ("$.exclusive", "oneOf"), ("exclusive", "oneOf[0]")),
        ({"shape": SHAPE, "maybe_shape": {"kind": "circle", "r": "x"}}, ("$.maybe_shape.r", "type"), ("maybe_shape", "circle", "r")),
        ({"shape": {"kind": "square", "side": 1, "extra": 1}}, ("$.shape.extra", "additionalProperties"), ("shape", "square", "extra")),
    ]
    for instance, expected, pydantic_location in cases:
        text = json.dumps(instance)
        with pytest.raises(pydantic.ValidationError) as caught:
            constructs.Holder.model_validate_json(text)
        assert located(caught) == [expected], instance
        with pytest.raises(pydantic.ValidationError) as raw:
            pydantic.TypeAdapter(constructs.Holder).validate_json(text)
        assert pydantic_location in {e["loc"] for e in raw.value.errors()}
