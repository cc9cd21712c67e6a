"""The stream rules as a client applies them (runtime/python/_stream/client_core.py, shipped as
contract._stream.client_core), without I/O: what the live scenarios (test_python_client.py)
cannot provoke from the reference engine."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "generated" / "python"))

from contract import client, registry  # noqa: E402
from contract._client import _Feed  # noqa: E402
from contract._stream.client_core import (  # noqa: E402
    StreamCore,
    StreamFailed,
    StreamRuleError,
    StreamRules,
    retry_after_ms,
)

CHAT = client._STREAM_CHAT_MESSAGE.rules
PACKETS = client._STREAM_PACKETS.rules
A = "123e4567-e89b-12d3-a456-426614174000"


def packet(seq: int, op: str = "DELTA") -> dict[str, object]:
    return {"stream_id": A, "seq": seq, "op": op, "t": "2023-10-27T10:00:00.000000+00:00", "p": "x"}


def chat(kind: str) -> dict[str, object]:
    return {"data": {"type": kind}, "timestamp": 1730000000000}


def test_retry_after_is_read_in_seconds_and_a_date_is_not_honoured() -> None:
    assert retry_after_ms("2") == 2000
    assert retry_after_ms(" 0 ") == 0
    assert retry_after_ms("Wed, 21 Oct 2015 07:28:00 GMT") is None
    assert retry_after_ms(None) is None


def test_a_no_retry_status_is_never_retried_and_429_is_with_its_retry_after() -> None:
    core = StreamCore(CHAT)
    assert core.retry_status(404, None) is None
    assert core.retry_status(429, "3") == 3000
    assert core.reconnects == 1
    assert core.retry_status(500, None) is None  # the caller's error, typed


def test_a_reordered_packet_is_an_error_unless_the_stream_weighs_it_a_warning() -> None:
    core = StreamCore(PACKETS)
    assert core.accept(packet(0), "stream.packet", A)
    assert core.accept(packet(1), "stream.packet", A)
    with pytest.raises(StreamRuleError) as e:
        core.accept(packet(0), "stream.packet", A)
    assert e.value.rule == "sequence.reorder"


def test_an_event_name_the_stream_does_not_accept_is_reported() -> None:
    core = StreamCore(PACKETS)
    with pytest.raises(StreamRuleError) as e:
        core.accept(packet(0), "packet", A)
    assert e.value.rule == "sse.event"


def test_the_first_item_must_be_a_first_tag_on_each_connection_of_an_unsequenced_stream() -> None:
    core = StreamCore(CHAT)
    core.opened()
    with pytest.raises(StreamRuleError) as e:
        core.accept(chat("message_delta"))
    assert e.value.rule == "first"


def test_heartbeats_are_not_delivered_and_the_terminal_item_ends_the_stream() -> None:
    core = StreamCore(CHAT)
    core.opened()
    assert core.accept(chat("stream_start"))
    assert not core.accept(chat("heartbeat"))
    assert core.accept(chat("done"))
    assert core.done
    assert core.ended(None) == -1


def test_a_stream_that_ends_without_its_terminal_item_and_may_not_reconnect_fails() -> None:
    core = StreamCore(PACKETS)
    core.opened()
    core.accept(packet(0), "stream.packet", A)
    with pytest.raises(StreamFailed) as e:
        core.ended(None)
    assert e.value.kind == "terminal.missing"


def test_the_backoff_doubles_up_to_its_maximum_and_stops_after_the_last_attempt() -> None:
    core = StreamCore(CHAT.with_options({"maxAttempts": 3, "initialDelayMs": 100, "maxDelayMs": 250}))
    core.opened()
    core.accept(chat("stream_start"))  # data once: later empty connections are retried too
    delays = []
    for _ in range(3):
        delays.append(core.ended("dropped"))
        core.opened()
    assert delays == [100, 200, 250]
    with pytest.raises(StreamFailed) as e:
        core.ended("dropped")
    assert e.value.kind == "retries_exhausted"


def test_a_stream_cut_before_any_item_is_not_retried() -> None:
    core = StreamCore(CHAT)
    core.opened()
    with pytest.raises(StreamFailed) as e:
        core.ended("dropped")
    assert e.value.kind == "dropped"


def test_an_item_the_fast_parser_cannot_judge_goes_to_the_bindings_exact_reader() -> None:
    # An escaped surrogate pair: the parser's fast path leaves it to the exact reader.
    text = '{"stream_id": "%s", "seq": 0, "op": "DELTA", "t": "2023-10-27T10:00:00.000000+00:00", "p": "\\ud83d\\ude00"}'
    decoder = registry.find("packets.StreamPacket")
    assert decoder is not None
    feed = _Feed(StreamCore(PACKETS), decoder, False)
    items = feed.feed(f"event: stream.packet\nid: {A}\ndata: {text % A}\n\n".encode())
    assert [item.p for item in items] == ["\U0001f600"]


def test_rules_read_from_the_model_keep_every_field() -> None:
    assert PACKETS == StreamRules.from_model(
        {"framing": "sse", "tag": {"pointer": "/op", "default": None}, "first": [],
         "terminal": {"tags": ["CLOSE"], "required": True}, "key": "/stream_id",
         "sequence": {"pointer": "/seq", "gapless": True},
         "sse": {"events": ["stream.packet", "message"], "eventPointer": None, "idPointer": "/stream_id",
                 "idOptional": False},
         "heartbeat": None, "watchdogMs": None,
         "reconnect": {"maxAttempts": 0, "initialDelayMs": 0, "multiplier": 1, "maxDelayMs": 0, "noRetryStatuses": []},
         "severity": {"sequence.gap": "warning"}})
