"""Encoding writes an object's declared members in schema order, then the
unknown members an open object kept (in the order they came), whatever the
order of the input. The expected order is read from the schema files.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

from conftest import GOLDEN, REPO, load_golden

import contract
from contract import chat_stream, registry

hostile_registry = importlib.import_module(load_golden("hostile").__name__ + ".registry")


def declared(path: str, name: str) -> list[str]:
    return list(json.loads((REPO / path).read_text(encoding="utf-8"))["$defs"][name]["properties"])


def reversed_members(value: dict[str, Any]) -> dict[str, Any]:
    return dict(reversed(value.items()))


def test_a_closed_object_in_schema_order() -> None:
    order = declared("schemas/chat_stream/events.schema.json", "StreamStart")
    value = {k: "stream_start" if k == "type" else f"v-{k}" for k in order}
    text = json.dumps(reversed_members(value))
    assert list(json.loads(text)) != order
    adapter = registry.TYPES["chat_stream.StreamStart"]
    assert list(json.loads(adapter.dump_json(adapter.validate_json(text)))) == order
    assert list(adapter.dump(adapter.validate_json(text))) == order


def test_an_open_object_declared_members_first_then_the_unknown_ones_as_they_came() -> None:
    order = declared("schemas/chat_stream/entities.schema.json", "Entity")
    present = [k for k in order if k in {"entity_type", "identifier", "title", "file_name", "mimetype", "workspace_id", "cited_entities"}]
    value: dict[str, Any] = {"zz_first_unknown": 1}
    for k in reversed(present):
        value[k] = "WEB_PAGE" if k == "entity_type" else ["e"] if k == "cited_entities" else f"v-{k}"
    value["aa_second_unknown"] = 2
    adapter = registry.TYPES["chat_stream.Entity"]
    assert list(json.loads(adapter.dump_json(adapter.validate_json(json.dumps(value))))) == [
        *present, "zz_first_unknown", "aa_second_unknown"
    ]


def test_a_union_member_in_an_envelope_and_a_model_built_in_python() -> None:
    envelope = declared("schemas/chat_stream/envelope.schema.json", "StreamEnvelope")
    delta = declared("schemas/chat_stream/events.schema.json", "MessageDelta")
    adapter = registry.TYPES["chat_stream.StreamEnvelope"]
    parsed = json.loads(adapter.dump_json(adapter.validate_json('{"timestamp": 1, "data": {"delta": "hi", "type": "message_delta"}}')))
    assert list(parsed) == envelope and list(parsed["data"]) == delta
    built = json.loads(contract.dump_json(chat_stream.StreamEnvelope(timestamp=1, data=chat_stream.MessageDelta(delta="hi"))))
    assert list(built) == envelope and list(built["data"]) == delta


def test_hostile_names_in_schema_order() -> None:
    schema = json.loads((GOLDEN / "hostile" / "input" / "hostile" / "names.schema.json").read_text(encoding="utf-8"))
    properties = schema["$defs"]["Everything"]["properties"]
    order = list(properties)
    assert "123" in order and "__proto__" in order  # names JavaScript would reorder or treat apart
    defs = schema["$defs"]
    value = {
        k: p["const"] if "const" in p else defs[p["$ref"].rsplit("/", 1)[1]]["enum"][0] if "$ref" in p
        else {"string": "s", "integer": 1, "boolean": True}[p["type"]]
        for k, p in properties.items()
    }
    adapter = hostile_registry.TYPES["hostile.Everything"]
    assert list(json.loads(adapter.dump_json(adapter.validate_json(json.dumps(reversed_members(value)))))) == order
