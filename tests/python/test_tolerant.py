"""The tolerant-reader mode of the Pydantic bindings (docs/semantics.md, "tolerant reading").

``tolerant=True`` on a decode keeps the members a closed object does not
declare and turns an unknown union tag into ``UnknownVariant``; both are
written back unchanged. Strict stays the default and still rejects both.
The shared cross-language vectors of the mode are tests/conformance/tolerant/.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pydantic
import pydantic_core
import pytest
from conftest import REPO

import contract
from contract import _runtime as rt
from contract import chat_stream, packets, registry

# A newer producer's line: a new event type, an undeclared envelope member.
NEW_EVENT = '{"data":{"type":"reasoning_step","step":2,"detail":{"text":"thinking","scores":[0.5,1.0]}},"timestamp":1730000000000,"trace_id":"t-9"}'
# A known event with a member this version does not declare.
EXTRA_FIELD = (
    '{"data":{"type":"stream_start","chat_id":"c","creator_user_id":"u","user_chat_message_id":"m",'
    '"workspace_id":"w","region":"eu"},"timestamp":1730000000000}'
)


def test_a_new_event_type_and_an_extra_field_decode_and_re_encode_unchanged() -> None:
    envelope = chat_stream.StreamEnvelope.model_validate_json(NEW_EVENT, tolerant=True)
    event = envelope.data
    assert isinstance(event, contract.UnknownVariant)
    assert event.tag == "reasoning_step"
    assert event.value == {"type": "reasoning_step", "step": 2, "detail": {"text": "thinking", "scores": [0.5, 1]}}
    assert envelope.timestamp == 1730000000000
    assert envelope.__pydantic_extra__ == {"trace_id": "t-9"}
    # 1.0 is written canonically (1), as by every binding; everything else as read.
    assert contract.dump_json(envelope) == NEW_EVENT.replace("1.0", "1")

    known = chat_stream.StreamEnvelope.model_validate_json(EXTRA_FIELD, tolerant=True)
    assert isinstance(known.data, chat_stream.StreamStart)
    assert known.data.chat_id == "c"
    assert known.data.__pydantic_extra__ == {"region": "eu"}
    assert contract.dump_json(known) == EXTRA_FIELD
    assert contract.dump(known) == json.loads(EXTRA_FIELD)


def test_strict_still_rejects_both() -> None:
    with pytest.raises(pydantic.ValidationError) as e:
        chat_stream.StreamEnvelope.model_validate_json(NEW_EVENT)
    assert contract.describe_error(e.value).startswith("$.data.type: discriminator: ")
    with pytest.raises(pydantic.ValidationError) as e:
        chat_stream.StreamEnvelope.model_validate_json(EXTRA_FIELD)
    assert contract.describe_error(e.value) == '$.data.region: additionalProperties: member "region" is not allowed here'
    # tolerant=False is strict, and a tolerant decode does not loosen later strict ones.
    chat_stream.StreamEnvelope.model_validate_json(EXTRA_FIELD, tolerant=True)
    with pytest.raises(pydantic.ValidationError):
        chat_stream.StreamEnvelope.model_validate_json(EXTRA_FIELD, tolerant=False)
    with pytest.raises(pydantic.ValidationError):
        registry.find("chat_stream.StreamEnvelope").validate_json(NEW_EVENT)  # type: ignore[union-attr]


def test_every_entry_takes_the_option() -> None:
    value: Any = json.loads(EXTRA_FIELD)
    assert chat_stream.StreamEnvelope.model_validate(value, tolerant=True).data.__pydantic_extra__ == {"region": "eu"}
    with pytest.raises(pydantic.ValidationError):
        chat_stream.StreamEnvelope.model_validate(value)
    adapter = chat_stream.StreamEventAdapter
    unknown = adapter.validate_json('{"type":"x-new","n":1}', tolerant=True)
    assert unknown == contract.UnknownVariant("x-new", {"type": "x-new", "n": 1})
    assert adapter.dump_json(unknown) == '{"type":"x-new","n":1}'
    assert adapter.dump(adapter.validate_python({"type": "x-new"}, tolerant=True)) == {"type": "x-new"}
    with pytest.raises(pydantic.ValidationError):
        adapter.validate_python({"type": "x-new"})
    packet = packets.StreamPacketAdapter.validate_json(
        '{"stream_id":"123e4567-e89b-12d3-a456-426614174000","seq":1,"op":"PROGRESS","t":"2023-10-27T10:00:00.000000+00:00","p":{}}',
        tolerant=True,
    )
    assert isinstance(packet, contract.UnknownVariant) and packet.tag == "PROGRESS"


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ('{"data":{"type":"task_update","key":"k","title":"t","message":"m","status":"DONE"},"timestamp":1}', "$.data.status: enum: "),
        ('{"data":{"type":"stream_start","chat_id":1,"creator_user_id":"u","user_chat_message_id":"m","workspace_id":"w","x":1},"timestamp":1}', "$.data.chat_id: type: "),
        ('{"data":{"type":7},"timestamp":1}', "$.data.type: discriminator: "),
        ('{"data":{"type":"reasoning_step"}}', '$: required: missing member "timestamp"'),
        ('{"data":{"type":"heartbeat","x":1e400},"timestamp":1}', "$.data.x: range: "),
        ('{"data":{"type":"reasoning_step","a":1,"a":2},"timestamp":1}', "$.data.a: duplicate: "),
    ],
)
def test_what_tolerant_mode_still_refuses(line: str, error: str) -> None:
    with pytest.raises(pydantic.ValidationError) as e:
        chat_stream.StreamEnvelope.model_validate_json(line, tolerant=True)
    assert contract.describe_error(e.value).startswith(error)


def _valid_vectors() -> list[tuple[str, Any]]:
    cases = []
    for path in sorted((REPO / "tests" / "conformance" / "vectors").glob("*.json")):
        for case in json.loads(Path(path).read_text(encoding="utf-8"))["cases"]:
            if case["valid"]:
                cases.append((case["type"], case["instance"]))
    return cases


def test_the_tolerant_writer_agrees_with_pydantic_on_every_valid_vector() -> None:
    # Once a tolerant decode has happened, dump/dump_json write through
    # tolerant.to_json_value; on values strict mode reads it must write what
    # pydantic-core's own serializers write.
    cases = _valid_vectors()
    assert len(cases) > 100
    for type_name, instance in cases:
        adapter = registry.find(type_name)
        assert adapter is not None, type_name
        text = json.dumps(instance, ensure_ascii=False)
        value = adapter.validate_json(text)
        expected = rt.models._finish(adapter.type_adapter.dump_json(value, by_alias=True, exclude_unset=True))
        assert rt.models._text(rt.tolerant.to_json_value(value)) == expected, type_name
        assert adapter.dump_json(adapter.validate_json(text, tolerant=True)) == expected, type_name


def test_the_tolerant_writer_refuses_a_tree_too_deep_cleanly() -> None:
    # Built in Python beyond [payload] max_depth: an error, never a RecursionError.
    deep: Any = "leaf"
    for _ in range(100_000):
        deep = [deep]
    event = chat_stream.StreamEventAdapter.validate_json('{"type":"x-new"}', tolerant=True)
    assert isinstance(event, contract.UnknownVariant)
    envelope = chat_stream.StreamEnvelope.model_validate_json('{"data":{"type":"heartbeat"},"timestamp":1}', tolerant=True)
    envelope.__pydantic_extra__ = {"deep": deep}
    with pytest.raises(pydantic_core.PydanticSerializationError, match="depth"):
        contract.dump_json(envelope)
    envelope.__pydantic_extra__ = {"deep": [[[1.0]]]}
    assert contract.dump_json(envelope) == '{"data":{"type":"heartbeat"},"timestamp":1,"deep":[[[1]]]}'
