"""How the repository's bindings look to a type checker.

Checked by ``mypy --strict`` (tests/python/CMakeLists.txt), never run. Under
--strict an unneeded ``# type: ignore[code]`` is itself an error, so every
such comment asserts that mypy rejects that line with that code.
"""

from typing import Literal, assert_type

import contract
from contract import chat_stream, packets, registry, run_events


def decode(line: str) -> None:
    envelope = chat_stream.StreamEnvelope.model_validate_json(line)
    assert_type(envelope.timestamp, int)
    event = envelope.data
    if isinstance(event, chat_stream.MessageDelta):
        assert_type(event.delta, str)
        assert_type(event.type_, Literal["message_delta"])
    elif isinstance(event, chat_stream.TaskUpdate):
        assert_type(event.type_, Literal["task_update"])
    event.nope  # type: ignore[union-attr]
    if event.type_ == "message-delta":  # type: ignore[comparison-overlap]
        pass
    assert_type(contract.dump(envelope), object)  # type: ignore[assert-type]


def build() -> chat_stream.StreamEnvelope:
    chat_stream.MessageDelta(type_="heartbeat", delta="x")  # type: ignore[arg-type]
    chat_stream.MessageDelta(type="message_delta", delta="x")  # type: ignore[call-arg]
    chat_stream.MessageDelta(type_="message_delta")  # type: ignore[call-arg]
    chat_stream.MessageDelta(delta=1)  # type: ignore[arg-type]
    chat_stream.StreamEnvelope(data=chat_stream.Heartbeat(type_="heartbeat"), timestamp="1")  # type: ignore[arg-type]
    delta = chat_stream.MessageDelta(type_="message_delta", delta="x")
    # A union's tag defaults to its constant: leaving it out is fine.
    chat_stream.StreamEnvelope(data=chat_stream.Heartbeat(), timestamp=1)
    chat_stream.MessageDelta()  # type: ignore[call-arg]
    return chat_stream.StreamEnvelope(data=chat_stream.MessageDelta(delta="x") if delta.delta else delta, timestamp=1)


def optional_members(citation: packets.Citation) -> float:
    assert_type(citation.confidence, float | None)
    return citation.confidence  # type: ignore[return-value]


def adapters(text: str) -> None:
    event = chat_stream.StreamEventAdapter.validate_json(text)
    assert_type(event, chat_stream.StreamEvent)
    kind = chat_stream.StreamEventTypeAdapter.validate_json(text)
    assert_type(kind, chat_stream.StreamEventType)
    found = registry.find("chat_stream.StreamEnvelope")
    if found is not None:
        found.dump(found.validate_json(text))


def tolerant(line: str) -> str:
    # A consumer's decode: the option type-checks on every entry, and the
    # unknown variant is told apart with isinstance (the static types are the
    # strict ones: UnknownVariant is not a member of the generated unions).
    envelope = chat_stream.StreamEnvelope.model_validate_json(line, tolerant=True)
    event = chat_stream.StreamEventAdapter.validate_json(line, tolerant=True)
    chat_stream.StreamEventAdapter.validate_json(line, tolerant="yes")  # type: ignore[arg-type]
    if isinstance(envelope.data, contract.UnknownVariant):
        assert_type(envelope.data.tag, str)
        return contract.dump_json(envelope.data.value)
    if isinstance(event, contract.UnknownVariant):
        return event.tag
    return contract.dump_json(envelope)


def constants() -> None:
    assert_type(chat_stream.HEARTBEAT_INTERVAL_MS, int)
    terminal: tuple[chat_stream.StreamEventType, ...] = chat_stream.TERMINAL_EVENT_TYPES
    status = run_events.normalize_status("running")
    assert_type(status, run_events.NormalizedStatus | None)
    run_events.STATUS_NORMALIZATION["x"] = "success"  # type: ignore[index]
    chat_stream.HEARTBEAT_INTERVAL_MS = 1  # type: ignore[misc]
    del terminal
