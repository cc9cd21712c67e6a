"""Two things a Python user meets first, on the repository's contract:

* a union's tag (a member whose only value is a string) may be left out when
  a model is built in Python, and is written back; the wire still requires it;
* validation errors are located by JSON path, as in the other languages
  (``$.data.delta``), not by pydantic's schema path (``data.message_delta.delta``),
  with pydantic's error types and messages unchanged.
"""

from __future__ import annotations

import json

import pydantic
import pytest

import contract
from contract import chat_stream, registry, run_events


def test_a_tag_defaults_to_its_constant() -> None:
    delta = chat_stream.MessageDelta(delta="hi")
    assert delta.type_ == "message_delta"
    assert contract.dump(delta) == {"type": "message_delta", "delta": "hi"}
    assert contract.dump_json(chat_stream.StreamEnvelope(data=chat_stream.Heartbeat(), timestamp=1)) == (
        '{"data":{"type":"heartbeat"},"timestamp":1}'
    )
    # Given explicitly, by field or wire name, it is checked as before.
    assert chat_stream.MessageDelta(type_="message_delta", delta="x").type_ == "message_delta"
    with pytest.raises(pydantic.ValidationError):
        chat_stream.MessageDelta(type_="heartbeat", delta="x")  # type: ignore[arg-type]


def test_the_wire_still_requires_the_tag() -> None:
    for validate in (chat_stream.MessageDelta.model_validate_json, registry.TYPES["chat_stream.MessageDelta"].validate_json):
        with pytest.raises(pydantic.ValidationError) as caught:
            validate('{"delta": "hi"}')
        assert [(e["type"], e["loc"], e["msg"]) for e in caught.value.errors()] == [("required", (), 'missing member "type"')]
    with pytest.raises(pydantic.ValidationError):
        chat_stream.MessageDelta.model_validate({"delta": "hi"})


ENVELOPE = {"data": {"type": "message_delta", "delta": 1}, "timestamp": "x"}


@pytest.mark.parametrize(
    "validate",
    [
        lambda: chat_stream.StreamEnvelope.model_validate_json(json.dumps(ENVELOPE)),
        lambda: chat_stream.StreamEnvelope.model_validate(ENVELOPE),
        lambda: registry.TYPES["chat_stream.StreamEnvelope"].validate_json(json.dumps(ENVELOPE)),
        lambda: registry.TYPES["chat_stream.StreamEnvelope"].validate_python(ENVELOPE),
        lambda: chat_stream.StreamEventAdapter.validate_python(ENVELOPE["data"]),
    ],
    ids=["model_validate_json", "model_validate", "adapter.validate_json", "adapter.validate_python", "union adapter"],
)
def test_errors_are_located_by_json_path(validate) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(pydantic.ValidationError) as caught:
        validate()
    paths = [contract.error_path(e["loc"]) for e in caught.value.errors()]
    assert paths[0] in ("$.data.delta", "$.delta") and "message_delta" not in "".join(paths)


def test_one_error_the_first_in_the_text() -> None:
    # pydantic finds two errors; the binding reports the one that comes first
    # in the text, as `<path>: <keyword>: <detail>` (docs/semantics.md §2).
    text = json.dumps(ENVELOPE)
    with pytest.raises(pydantic.ValidationError) as theirs:
        pydantic.TypeAdapter(chat_stream.StreamEnvelope).validate_json(text)
    assert [e["loc"] for e in theirs.value.errors()] == [("data", "message_delta", "delta"), ("timestamp",)]
    with pytest.raises(pydantic.ValidationError) as ours:
        chat_stream.StreamEnvelope.model_validate_json(text)
    assert [(e["loc"], e["type"]) for e in ours.value.errors()] == [(("data", "delta"), "type")]
    assert ours.value.title == "StreamEnvelope"
    assert contract.describe_error(ours.value) == "$.data.delta: type: Input should be a valid string"
    reordered = json.dumps({"timestamp": "x", "data": ENVELOPE["data"]})
    with pytest.raises(pydantic.ValidationError) as ours:
        chat_stream.StreamEnvelope.model_validate_json(reordered)
    assert [(e["loc"], e["type"]) for e in ours.value.errors()] == [(("timestamp",), "type")]


def test_a_tag_equal_to_a_member_name_is_not_taken_for_the_member() -> None:
    # run_events' `error` event has a member `error`: pydantic's location
    # ("error", "error") is the tag then the member; the JSON path is $.error.
    line = {"type": "error", "run_id": "r1", "error": 5}
    with pytest.raises(pydantic.ValidationError) as caught:
        run_events.RunEventAdapter.validate_json(json.dumps(line))
    assert [contract.error_path(e["loc"]) for e in caught.value.errors()] == ["$.error"]


def test_errors_of_models_built_in_python_are_located_too() -> None:
    with pytest.raises(pydantic.ValidationError) as caught:
        chat_stream.StreamEnvelope(data={"type": "message_delta", "delta": 2}, timestamp=1)  # type: ignore[arg-type]
    assert [e["loc"] for e in caught.value.errors()] == [("data", "delta")]


def test_error_path_spelling() -> None:
    assert contract.error_path(()) == "$"
    assert contract.error_path(("data", "plans", "p 1", 0, "名前", "_x9")) == '$.data.plans["p 1"][0]["名前"]._x9'


def test_field_names_and_wire_names_are_told_apart() -> None:
    # Built in Python, a member may be given by field name: its error is at its wire name.
    with pytest.raises(pydantic.ValidationError) as caught:
        chat_stream.MessageFileEvent(file_id="f", name="n", mime_type=1, url="https://x.example/f")  # type: ignore[arg-type]
    assert [e["loc"] for e in caught.value.errors()] == [("mimeType",)]
    # Read from JSON, only wire names count: "mime_type" is an unknown member, not the field.
    text = '{"type": "message-file", "fileId": "f", "name": "n", "mimeType": "a/b", "url": "https://x.example/f", "mime_type": 1}'
    with pytest.raises(pydantic.ValidationError) as caught:
        chat_stream.MessageFileEvent.model_validate_json(text)
    assert [(e["type"], e["loc"]) for e in caught.value.errors()] == [("additionalProperties", ("mime_type",))]
