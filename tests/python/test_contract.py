"""The repository's Pydantic bindings (generated/python) against the contract.

* every conformance vector (tests/conformance/vectors/<family>.json) gets its
  declared verdict, and every valid one round-trips to the same JSON value;
* the registry names the same types as the C++ registry;
* every constant of the schemas equals its Python constant;
* models built in Python, wire names, strictness and error paths behave as documented.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pydantic
import pytest
from conftest import REPO, assert_json_location, same_json, show

import contract
from contract import _runtime as rt
from contract import chat_stream, cloudevents, packets, registry, run_events

VECTORS = sorted((REPO / "tests" / "conformance" / "vectors").glob("*.json"))


def _cases() -> list[Any]:
    params = []
    for path in VECTORS:
        for i, case in enumerate(json.loads(path.read_text(encoding="utf-8"))["cases"]):
            verdict = "valid" if case["valid"] else "invalid"
            params.append(pytest.param(case, id=f"{path.stem}[{i}] {verdict}: {case['name']}"))
    return params


CASES = _cases()


def test_vectors_exist() -> None:
    assert len(CASES) > 100, "tests/conformance/vectors/ should hold the contract's cases"


@pytest.mark.parametrize("case", CASES)
def test_vector(case: dict[str, Any]) -> None:
    adapter = registry.find(case["type"])
    assert adapter is not None, f"{case['type']} is not in contract.registry"
    text = json.dumps(case["instance"], ensure_ascii=False)
    if case["valid"]:
        value = adapter.validate_json(text)
        out = adapter.dump(value)
        assert same_json(out, case["instance"]), f"round trip changed the value:\n in  {text}\n out {show(out)}"
        assert same_json(json.loads(adapter.dump_json(value)), case["instance"])
        # The parsed-value entry point agrees with the JSON one.
        assert same_json(adapter.dump(adapter.validate_python(case["instance"])), case["instance"])
    else:
        with pytest.raises(pydantic.ValidationError) as caught:
            adapter.validate_json(text)
        with pytest.raises(pydantic.ValidationError):
            adapter.validate_python(case["instance"])
        # Every error is located by its JSON path: each step leads into the
        # instance (the last one too, unless that member is missing), with no
        # union tags or member labels in between.
        for error in caught.value.errors():
            assert_json_location(case["instance"], error["loc"], missing=error["type"] == "missing")


def test_registry_matches_the_cpp_registry() -> None:
    source = (REPO / "generated" / "cpp" / "src" / "registry.cpp").read_text(encoding="utf-8")
    cpp_names = set(re.findall(r'^\s*\{"([a-z_0-9]+\.[A-Za-z_0-9]+)",', source, re.M))
    assert cpp_names, "no entries found in the C++ registry"
    assert set(registry.TYPES) == cpp_names


def _screaming(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).upper()


def _schema_constants() -> list[Any]:
    params = []
    for path in sorted((REPO / "schemas").glob("*/*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        for name, definition in schema.get("$defs", {}).items():
            if "const" in definition:
                params.append(pytest.param(path.parent.name, name, definition, id=f"{path.parent.name}.{name}"))
    return params


@pytest.mark.parametrize("family,name,definition", _schema_constants())
def test_constants_equal_the_schema(family: str, name: str, definition: dict[str, Any]) -> None:
    module = getattr(contract, family)
    constant = getattr(module, _screaming(name))
    assert same_json(contract.dump(constant), definition["const"])
    assert _screaming(name) in module.__all__
    if isinstance(definition["const"], dict):
        # Tables are read-only.
        with pytest.raises(TypeError):
            constant["x"] = 1  # type: ignore[index]
    if isinstance(definition["const"], list):
        assert isinstance(constant, tuple)


def test_lookup_function() -> None:
    assert run_events.normalize_status("running") == "in_progress"
    assert run_events.normalize_status("inference_complete") == "success"
    assert run_events.normalize_status("warning") == "warning"
    assert run_events.normalize_status("nope") is None
    for key, value in run_events.STATUS_NORMALIZATION.items():
        assert run_events.normalize_status(key) == value


def test_envelope_decodes_to_typed_values() -> None:
    line = '{"data": {"type": "message_delta", "delta": "Hello"}, "timestamp": 1730000000050}'
    envelope = chat_stream.StreamEnvelope.model_validate_json(line)
    assert isinstance(envelope.data, chat_stream.MessageDelta)
    assert envelope.data.type_ == "message_delta"
    assert envelope.data.delta == "Hello"
    assert envelope.timestamp == 1730000000050 and type(envelope.timestamp) is int
    assert contract.dump(envelope) == json.loads(line)
    assert json.loads(contract.dump_json(envelope)) == json.loads(line)


def test_integral_float_is_an_integer_but_written_as_one() -> None:
    envelope = chat_stream.StreamEnvelope.model_validate_json('{"data": {"type": "heartbeat"}, "timestamp": 1.0}')
    assert envelope.timestamp == 1 and type(envelope.timestamp) is int
    assert contract.dump(envelope) == {"data": {"type": "heartbeat"}, "timestamp": 1}


@pytest.mark.parametrize("timestamp", ['"1"', "true", "1.5", "null", "[1]", "NaN", "Infinity"])
def test_no_coercion(timestamp: str) -> None:
    with pytest.raises(pydantic.ValidationError):
        chat_stream.StreamEnvelope.model_validate_json('{"data": {"type": "heartbeat"}, "timestamp": ' + timestamp + "}")


def test_wire_names_only_in_json() -> None:
    # The tag field is `type_` in Python and "type" on the wire: "type_" in JSON is an unknown member.
    good = {"type": "message_delta", "delta": "x"}
    assert isinstance(chat_stream.StreamEventAdapter.validate_python(good), chat_stream.MessageDelta)
    for bad in ({"type_": "message_delta", "delta": "x"}, {"type": "message_delta", "type_": "message_delta", "delta": "x"}):
        with pytest.raises(pydantic.ValidationError):
            chat_stream.StreamEventAdapter.validate_json(json.dumps(bad))
        with pytest.raises(pydantic.ValidationError):
            chat_stream.MessageDelta.model_validate(bad)
        with pytest.raises(pydantic.ValidationError):
            chat_stream.MessageDelta.model_validate_json(json.dumps(bad))


def test_models_built_in_python() -> None:
    delta = chat_stream.MessageDelta(type_="message_delta", delta="Hi")
    envelope = chat_stream.StreamEnvelope(data=delta, timestamp=5)
    assert contract.dump(envelope) == {"data": {"type": "message_delta", "delta": "Hi"}, "timestamp": 5}
    # Wire names are accepted too, and the union dispatches on the tag of a model instance.
    same = chat_stream.StreamEnvelope(data={"type": "message_delta", "delta": "Hi"}, timestamp=5)
    assert same == envelope
    with pytest.raises(pydantic.ValidationError):
        chat_stream.MessageDelta(type_="heartbeat", delta="Hi")  # type: ignore[arg-type]
    with pytest.raises(pydantic.ValidationError):
        chat_stream.StreamEnvelope(data=delta, timestamp="5")  # type: ignore[arg-type]


def test_optional_members_absent_null_and_present() -> None:
    # TaskUpdate.plan_set is optional; CloudEvent members are checked through the registry.
    adapter = registry.find("packets.Citation")
    assert adapter is not None
    base = {"source_id": "s1", "uri": "https://example.com/a", "title": "A"}
    assert adapter.dump(adapter.validate_python(base)) == base
    with_confidence = {**base, "confidence": 0.5}
    assert adapter.dump(adapter.validate_python(with_confidence)) == with_confidence
    # An optional, non-nullable member may be absent but not null.
    with pytest.raises(pydantic.ValidationError, match="confidence"):
        adapter.validate_python({**base, "confidence": None})
    citation = packets.Citation(source_id="s1", uri="https://example.com/a", title="A")
    assert citation.confidence is None
    assert contract.dump(citation) == base


def _valid_instance(type_name: str) -> dict[str, Any]:
    for param in CASES:
        case = param.values[0]
        if case["type"] == type_name and case["valid"]:
            return dict(case["instance"])
    raise AssertionError(f"no valid vector of {type_name}")


@pytest.mark.parametrize(
    "time",
    ["2024-02-29T23:59:59.123456789+05:30", "2024-01-01t00:00:00z", "2016-12-31T23:59:60Z", "2024-01-01T01:00:00.10-00:00"],
)
def test_date_time_text_is_kept(time: str) -> None:
    # pydantic's datetime would rewrite these (offsets, fractions, case); the binding keeps the text.
    instance = {**_valid_instance("cloudevents.CloudEvent"), "time": time}
    event = cloudevents.CloudEvent.model_validate_json(json.dumps(instance))
    assert event.time == time
    assert contract.dump(event) == instance


@pytest.mark.parametrize("time", ["2024-02-30T00:00:00Z", "2024-01-01T00:00:60Z", "2024-01-01 00:00:00Z", "2024-01-01T00:00:00"])
def test_date_time_is_checked(time: str) -> None:
    instance = {**_valid_instance("cloudevents.CloudEvent"), "time": time}
    with pytest.raises(pydantic.ValidationError, match="date-time"):
        cloudevents.CloudEvent.model_validate_json(json.dumps(instance))


def test_error_path_names_the_json_member() -> None:
    line = {"data": {"type": "task_update", "plan_set": {"plans": {"p1": {"status": "DONE"}}}}, "timestamp": 1}
    with pytest.raises(pydantic.ValidationError) as caught:
        chat_stream.StreamEnvelope.model_validate_json(json.dumps(line))
    paths = {rt.error_path(e["loc"]) for e in caught.value.errors()}
    assert "$.data.plan_set.plans.p1.status" in paths, paths


def test_every_type_has_json_schema() -> None:
    # pydantic can describe every type (custom markers provide their JSON Schema).
    for name, adapter in registry.TYPES.items():
        schema = adapter.type_adapter.json_schema()
        assert isinstance(schema, dict), name


def test_package_layout() -> None:
    root = REPO / "generated" / "python"
    pyproject = (root / "pyproject.toml").read_text(encoding="utf-8")
    assert 'name = "contract-bindings"' in pyproject
    assert "pydantic>=2" in pyproject
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            lines = path.read_text(encoding="utf-8").splitlines()
            comment = {".md": r"<!-- (.+) -->", ".c": r"// (.+)"}.get(path.suffix, r"# (.+)")
            # A long header wraps at the commas of its source list, within 120 columns.
            header = []
            for line in lines:
                match = re.fullmatch(comment, line)
                assert match, path
                header.append(match[1])
                if match[1].endswith("; do not edit"):
                    break
            assert re.fullmatch(r"generated by contractgen \d+\.\d+\.\d+( from .+)? \(schema set sha256:[0-9a-f]{16}\); do not edit", " ".join(header)), path
    assert (root / "contract" / "py.typed").exists()
    assert 'readme = "README.md"' in pyproject and (root / "README.md").exists()
    assert set(contract.__all__) >= {"assist", "chat_stream", "cloudevents", "packets", "run_events", "dump"}


def test_module_exports_resolve() -> None:
    for family in ("assist", "chat_stream", "cloudevents", "packets", "run_events"):
        module = getattr(contract, family)
        for name in module.__all__:
            assert hasattr(module, name), f"{family}.{name}"
