"""`contractgen verify` on captures built byte by byte: every rule of docs/verify.md with the exact
finding line (offset/line computed from the bytes written, the message as the docs state it), the
summary, terminal-safe output, and every usage error with exit 2. The live-endpoint rules (http.*,
client.watchdog, a cut connection) are in test_http.py; the reference engine in test_engine.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from verify_support import (A, B, DONE, MS0, START, TEST_SCHEMAS, Capture, delta, envelope, packet, packet_event,
                            sse, verify)

PACKETS = ("--stream", "packets.PacketStream")
CHAT = ("--framing", "ndjson", "--type", "chat_stream.StreamEnvelope")
TICKS = ("--stream", "ticks.Ticks")


def chat(*events: dict[str, Any], step_ms: int = 1000) -> Capture:
    c = Capture()
    for i, e in enumerate(events):
        c.add(envelope(e, MS0 + i * step_ms))
    return c


# ---- conforming streams and the summary -------------------------------------------------------------
def test_a_conforming_packet_stream_exits_0_with_its_summary() -> None:
    c = Capture()
    c.add(packet_event(A, 0, "DELTA", "Hel"))
    c.add(packet_event(B, 0, "CLOSE", "done"))
    c.add(packet_event(A, 1, "DELTA", "lo"))
    c.add(packet_event(A, 2, "CLOSE", "done"))
    r = verify(*PACKETS, stdin=c.data)
    assert (r.code, r.err) == (0, "")
    assert r.out == ("packets.PacketStream (sse, items packets.StreamPacket): 4 items, 0 findings\n"
                     "  CLOSE       2  packets.ClosePacket\n"
                     "  DELTA       2  packets.DeltaPacket\n")


def test_the_type_and_framing_select_the_declared_stream_and_quiet_leaves_out_the_summary() -> None:
    c = chat(START, delta("hi"), DONE)
    r = verify(*CHAT, stdin=c.data)
    assert r.code == 0 and r.out.startswith("chat_stream.ChatStream (ndjson, items chat_stream.StreamEnvelope): 3 items")
    r = verify(*CHAT, "-q", stdin=c.data)
    assert (r.code, r.out) == (0, "")
    # The SSE event type of a stream selects it too.
    r = verify("--framing", "sse", "--type", "packets.PacketServerSentEvent", "-q",
               stdin=packet_event(A, 0, "CLOSE").encode())
    assert (r.code, r.out) == (0, "")


def test_a_type_no_stream_carries_is_checked_item_by_item() -> None:
    r = verify("--framing", "ndjson", "--type", "chat_stream.Heartbeat", stdin=b'{"type":"heartbeat"}\n{"type":1}\n')
    assert r.code == 1
    assert r.findings == ['21/2: item: $.type: const: expected "heartbeat", got a number']
    assert r.out.splitlines()[1:] == [
        "chat_stream.Heartbeat items (ndjson; no stream declared for it: items only): 2 items (1 invalid), 1 finding",
        "  (no tag)        1",
        "  (invalid)       1"]


def test_a_capture_file_is_read_like_stdin(tmp_path: Path) -> None:
    capture = tmp_path / "chat.ndjson"
    capture.write_bytes(chat(START, DONE).data)
    assert verify(*CHAT, "-q", str(capture)).code == 0


# ---- framing -------------------------------------------------------------------------------------------
def test_framing_utf8_ndjson_at_the_first_bad_byte() -> None:
    c = chat(START)
    line = c.add(b'{"data":{"type":"message_delta","delta":"a\xffb"},"timestamp":1}\n')
    bad = len(c.data) - len(b'b"},"timestamp":1}\n') - 1
    c.add(envelope(DONE))
    r = verify(*CHAT, stdin=c.data)
    assert line.endswith("/2")
    assert r.code == 1 and r.findings == [f"{bad}/2: framing.utf8: invalid UTF-8 (byte 0xFF)"]


def test_framing_utf8_sse_discards_the_event() -> None:
    c = Capture()
    c.add(packet_event(A, 0, "DELTA"))
    c.add(b"event: stream.packet\nid: \xc3(\n")
    bad = len(c.data) - len(b"\xc3(\n")
    c.add("data: {}\n\n")
    c.add(packet_event(A, 1, "CLOSE"))
    r = verify(*PACKETS, stdin=c.data)
    assert r.findings == [f"{bad}/6: framing.utf8: invalid UTF-8 (byte 0xC3)"]


def test_framing_line_too_long() -> None:
    c = chat(START)
    where = c.add(envelope(delta("x" * 200)))
    c.add(envelope(DONE))
    r = verify(*CHAT, "--max-line-bytes", "190", stdin=c.data)
    assert r.findings == [f"{where}: framing.line_too_long: line longer than 190 bytes"]


def test_framing_event_too_long_counts_the_joined_data() -> None:
    c = Capture()
    c.add(packet_event(A, 0, "DELTA"))
    c.add("event: stream.packet\ndata: " + "a" * 110 + "\n")
    second = c.add("data: " + "b" * 110 + "\n\n")  # 111 + 111 bytes of data buffer > 200
    c.add(packet_event(A, 1, "CLOSE"))
    r = verify(*PACKETS, "--max-line-bytes", "200", stdin=c.data)
    assert r.findings == [f"{second}: framing.event_too_long: event data longer than 200 bytes"]


def test_framing_truncated_ndjson_line_then_the_missing_terminal() -> None:
    c = chat(START)
    cut = c.add(envelope(DONE).rstrip("\n"))
    r = verify(*CHAT, stdin=c.data)
    assert r.findings == [f"{cut}: framing.truncated: stream ends inside a line (no line feed after it)",
                          f"{c.at()}: terminal.missing: the stream ended without a terminal item "
                          "(one of done|ERROR|clarification_needed)"]


def test_framing_truncated_sse_event() -> None:
    c = Capture()
    c.add(packet_event(A, 0, "CLOSE"))
    cut = c.add(packet_event(B, 0, "CLOSE")[:-1])  # no blank line after it
    r = verify(*PACKETS, stdin=c.data)
    assert r.findings == [f"{cut}: framing.truncated: stream ends inside an event (no blank line after it)"]


# ---- items ---------------------------------------------------------------------------------------------
def test_item_the_bindings_error_and_the_rules_still_read_the_item() -> None:
    c = chat(START)
    bad = c.add(envelope({"type": "message_delta"}))
    c.add(envelope(DONE))
    r = verify(*CHAT, stdin=c.data)
    assert r.code == 1
    assert r.findings == [f'{bad}: item: $.data: required: missing member "delta"']
    # Counted as invalid, not under its tag.
    assert "3 items (1 invalid), 1 finding" in r.out and re.search(r"^  \(invalid\) +1$", r.out, re.M)


# ---- SSE fields ----------------------------------------------------------------------------------------
def test_sse_event_a_wrong_name_and_a_name_only_readers_tolerate() -> None:
    c = Capture()
    wrong = c.add(sse(packet(A, 0, "DELTA"), event="packet", id=A))
    generic = c.add(sse(packet(A, 1, "DELTA"), event=None, id=A))  # no event line: "message"
    c.add(packet_event(A, 2, "CLOSE"))
    r = verify(*PACKETS, stdin=c.data)
    assert r.findings == [
        f'{wrong}: sse.event: event "packet" is not "stream.packet" (the stream\'s event name)',
        f'{generic}: sse.event: event "message" is only tolerated by readers; writers send "stream.packet" '
        "(the stream's event name)"]


def test_sse_event_from_an_item_field() -> None:
    cloud = '{"specversion":"1.0","id":"e1","source":"urn:x","type":"ai.coreason.node.started"}'
    c = Capture()
    where = c.add(sse(cloud, event="ai.coreason.node.stream", id="e1"))
    r = verify("--stream", "assist.AssistEvents", stdin=c.data)
    assert r.findings == [f'{where}: sse.event: event "ai.coreason.node.stream" is not "ai.coreason.node.started" '
                          "(the item's /type)"]


def test_sse_id_wrong_and_missing() -> None:
    c = Capture()
    wrong = c.add(packet_event(A, 0, "DELTA", id=B))
    c.add(packet_event(B, 0, "CLOSE"))
    missing = c.add(sse(packet(A, 1, "DELTA"), id=""))  # `id:` empty clears the last event ID
    c.add(packet_event(A, 2, "DELTA"))
    kept = c.add(sse(packet(A, 3, "CLOSE"), id=None))  # no `id:` line: the last event ID stays A's... of seq 2
    r = verify(*PACKETS, stdin=c.data)
    # PacketStream sets the id on every packet (schemas/README.md, fidelity #24): a missing one is an error.
    assert r.findings == [f'{wrong}: sse.id: id "{B}" is not the item\'s /stream_id "{A}"',
                          f'{missing}: sse.id.missing: the event has no id; when it has one it must be the item\'s '
                          f'/stream_id "{A}"']
    assert r.code == 1
    del kept  # the kept id equals the packet's stream_id: nothing to report


def test_sse_id_optional_for_assist_events_a_warning_a_wrong_one_an_error() -> None:
    # Seed 003's ServerSentEvent has `id: Optional[str]`: AssistEvents weighs a missing id as a
    # warning (its `severity`); a present id must still be the CloudEvent's.
    def cloud(i: str) -> str:
        return '{"specversion":"1.0","id":"%s","source":"urn:x","type":"t"}' % i
    c = Capture()
    first = c.add(sse(cloud("e1"), event="t", id=None))
    second = c.add(sse(cloud("e2"), event="t", id=None))
    c.add(sse(cloud("e3"), event="t", id="e3"))
    kept = c.add(sse(cloud("e4"), event="t", id=None))  # the last event ID is still e3
    r = verify("--stream", "assist.AssistEvents", stdin=c.data)
    assert r.findings == [f"{first}: sse.id.missing: warning: the event has no id; when it has one it must be the item's /id \"e1\"",
                          f"{second}: sse.id.missing: warning: the event has no id; when it has one it must be the item's /id \"e2\"",
                          f"{kept}: sse.id.missing: warning: the event has no id (the last event ID is still \"e3\"); "
                          "when it has one it must be the item's /id \"e4\""]
    assert r.code == 0
    assert r.out.splitlines()[3] == "assist.AssistEvents (sse, items cloudevents.CloudEvent): 4 items, 3 findings (3 warnings)"
    assert verify("--stream", "assist.AssistEvents", "--strict", "-q", stdin=c.data).code == 1
    wrong = Capture()
    at = wrong.add(sse(cloud("e1"), event="t", id="e9"))
    r = verify("--stream", "assist.AssistEvents", stdin=wrong.data)
    assert (r.code, r.findings) == (1, [f'{at}: sse.id: id "e9" is not the item\'s /id "e1"'])


def test_sse_id_source_absent_is_the_items_error_not_an_sse_id_one() -> None:
    # A CloudEvent's id is required (schemas/README.md, fidelity #2): an event without it is an
    # invalid item, and its SSE id is then not compared with a member that is not there.
    c = Capture()
    first = c.add(sse('{"specversion":"1.0","source":"urn:x","type":"t"}', event="t", id="anything"))  # no id member
    wrong = c.add(sse('{"specversion":"1.0","id":"e2","source":"urn:x","type":"t"}', event="t", id="other"))
    r = verify("--stream", "assist.AssistEvents", stdin=c.data)
    assert r.findings == [f'{first}: item: $: required: missing member "id"',
                          f'{wrong}: sse.id: id "other" is not the item\'s /id "e2"']


# ---- first, sequence, terminal -------------------------------------------------------------------------
def test_first() -> None:
    c = chat(delta("hi"), DONE)
    r = verify(*CHAT, stdin=c.data)
    assert r.findings == ['0/1: first: the first item is "message_delta", not stream_start|ERROR']
    assert r.code == 1


def test_a_chat_stream_may_start_with_error() -> None:
    # The seed's own emitter answers an unknown message with ERROR first (schemas/README.md, fidelity #27).
    c = chat({"type": "ERROR", "error_type": "NOT_FOUND", "error_message": "Message not found"})
    r = verify(*CHAT, stdin=c.data)
    assert (r.code, r.findings) == (0, [])


def test_sequence_gapless_gap_duplicate_reorder_per_key() -> None:
    c = Capture()
    c.add(packet_event(A, 0, "DELTA"))
    c.add(packet_event(B, 5, "DELTA"))  # another key starts where it likes
    gap = c.add(packet_event(A, 2, "DELTA"))
    dup = c.add(packet_event(A, 2, "DELTA"))
    late = c.add(packet_event(A, 1, "DELTA"))
    c.add(packet_event(A, 3, "CLOSE"))
    c.add(packet_event(B, 6, "CLOSE"))
    r = verify(*PACKETS, stdin=c.data)
    s = f'stream "{A}": '
    assert r.findings == [f"{gap}: sequence.gap: warning: {s}seq 1 missing before seq 2",
                          f"{dup}: sequence.duplicate: {s}seq 2 was already received",
                          f"{late}: sequence.reorder: {s}seq 1 arrived after seq 2"]


def test_a_lost_packet_is_a_warning_and_fails_only_with_strict() -> None:
    # PacketStream weighs sequence.gap as a warning (schemas/README.md, fidelity #23).
    c = Capture()
    c.add(packet_event(A, 0, "DELTA"))
    gap = c.add(packet_event(A, 2, "DELTA"))
    c.add(packet_event(A, 3, "CLOSE"))
    r = verify(*PACKETS, stdin=c.data)
    assert r.code == 0
    assert r.findings == [f'{gap}: sequence.gap: warning: stream "{A}": seq 1 missing before seq 2']
    assert "3 items, 1 finding (1 warning)" in r.out
    r = verify(*PACKETS, "--strict", stdin=c.data)
    assert (r.code, r.findings) == (1, [f'{gap}: sequence.gap: warning: stream "{A}": seq 1 missing before seq 2'])
    # An error fails with or without --strict.
    c.add(packet_event(B, 1, "CLOSE", id=A))
    assert verify(*PACKETS, "-q", stdin=c.data).code == 1


def test_sequence_with_gaps_allowed_duplicate_and_reorder() -> None:
    c = Capture()
    c.add('{"kind":"start","n":1}\n')
    c.add('{"kind":"tick","n":5}\n')  # a gap is allowed here
    dup = c.add('{"kind":"tick","n":5}\n')
    late = c.add('{"kind":"tick","n":3}\n')
    c.add('{"kind":"end","n":6}\n')
    r = verify(*TICKS, stdin=c.data, schemas=TEST_SCHEMAS)
    assert r.findings == [f"{dup}: sequence.duplicate: seq 5 was already received",
                          f"{late}: sequence.reorder: seq 3 arrived after seq 5"]


def test_terminal_after_per_key_and_reported_once_per_item() -> None:
    c = Capture()
    close = c.add(packet_event(A, 0, "CLOSE"))
    c.add(packet_event(B, 0, "DELTA"))  # the other stream goes on
    after = c.add(packet_event(A, 1, "DELTA"))
    c.add(packet_event(B, 1, "CLOSE"))
    r = verify(*PACKETS, stdin=c.data)
    assert r.findings == [f'{after}: terminal.after: stream "{A}": "DELTA" after the terminal item "CLOSE" at {close}']


def test_terminal_after_without_a_key() -> None:
    c = chat(START)
    done = c.add(envelope(DONE))
    after = c.add(envelope(delta("late")))
    r = verify(*CHAT, stdin=c.data)
    assert r.findings == [f'{after}: terminal.after: "message_delta" after the terminal item "done" at {done}']


def test_terminal_missing_per_key_without_a_key_and_with_no_item() -> None:
    c = Capture()
    c.add(packet_event(A, 0, "DELTA"))
    c.add(packet_event(B, 0, "CLOSE"))
    r = verify(*PACKETS, stdin=c.data)
    assert r.findings == [f'{c.at()}: terminal.missing: stream "{A}" ended without a terminal item (one of CLOSE)']
    c = chat(START, delta("x"))
    r = verify(*CHAT, stdin=c.data)
    assert r.findings == [f"{c.at()}: terminal.missing: the stream ended without a terminal item "
                          "(one of done|ERROR|clarification_needed)"]
    r = verify(*CHAT, stdin=b"\n\n")
    assert r.findings == ["2/3: terminal.missing: the stream ended without any item (it must end with one of "
                          "done|ERROR|clarification_needed)"]
    # Not required: the ticks stream may end anywhere.
    assert verify(*TICKS, "-q", stdin=b'{"kind":"tick","n":1}\n', schemas=TEST_SCHEMAS).code == 0


# ---- heartbeat -----------------------------------------------------------------------------------------
def test_heartbeat_interval_unix_ms_with_the_slack() -> None:
    c = Capture()
    c.add(envelope(START, MS0))
    c.add(envelope({"type": "heartbeat"}, MS0 + 20_000))
    c.add(envelope(delta("a"), MS0 + 41_000))  # 21 s: within 20 s + 1 s of slack
    late = c.add(envelope(DONE, MS0 + 62_001))
    r = verify(*CHAT, stdin=c.data)
    # Beyond the usual 20 s, within the 30 s the seed allows ("every 20-30s"): a warning.
    assert r.findings == [f'{late}: heartbeat.late: warning: no item for 21001 ms before this one; the server usually '
                          'sends "heartbeat" after 20000 ms (at the latest 30000 ms)']
    assert r.code == 0
    r = verify(*CHAT, "--heartbeat-slack", "0", stdin=c.data)
    assert len(r.findings) == 2 and r.findings[0].split(": ")[1] == "heartbeat.late"


def test_heartbeats_25_s_apart_are_a_warning_31_5_s_an_error() -> None:
    c = Capture()
    c.add(envelope(START, MS0))
    first = c.add(envelope({"type": "heartbeat"}, MS0 + 25_000))
    second = c.add(envelope({"type": "heartbeat"}, MS0 + 50_000))
    c.add(envelope(DONE, MS0 + 51_000))
    r = verify(*CHAT, stdin=c.data)
    assert r.code == 0 and [f.split(": ")[:3] for f in r.findings] == [
        [first, "heartbeat.late", "warning"], [second, "heartbeat.late", "warning"]]
    assert verify(*CHAT, "--strict", "-q", stdin=c.data).code == 1
    c = Capture()
    c.add(envelope(START, MS0))
    silent = c.add(envelope(DONE, MS0 + 31_500))
    r = verify(*CHAT, stdin=c.data)
    assert (r.code, r.findings) == (1, [f'{silent}: heartbeat.interval: no item for 31500 ms before this one; the server '
                                        'sends "heartbeat" after 20000 ms without another item, 30000 ms at the latest'])


def test_heartbeat_interval_date_time_with_offsets() -> None:
    c = Capture()
    c.add('{"kind":"start","n":1,"at":"2024-01-01T00:00:00Z"}\n')
    c.add('{"kind":"tick","n":2,"at":"2024-01-01T01:00:00.5+01:00"}\n')  # 00:00:00.5Z
    c.add('{"kind":"tick","n":3}\n')  # no timestamp: not timed
    late = c.add('{"kind":"tick","n":4,"at":"2023-12-31T23:00:01.600-01:00"}\n')  # 00:00:01.6Z
    r = verify(*TICKS, "--heartbeat-slack", "0", stdin=c.data, schemas=TEST_SCHEMAS)
    assert r.findings == [f'{late}: heartbeat.interval: no item for 1100 ms before this one; the server sends "tick" '
                          "after 1000 ms without another item"]


# ---- output safety -------------------------------------------------------------------------------------
def test_findings_stay_one_line_and_inert_on_a_terminal() -> None:
    c = Capture()
    where = c.add(sse(packet(A, 0, "CLOSE"), event="pa\x1b[2Jck\u202eet", id=A))
    r = verify(*PACKETS, stdin=c.data)
    assert r.findings == [f'{where}: sse.event: event "pa\\u001b[2Jck\\u{{202E}}et" is not "stream.packet" '
                          "(the stream's event name)"]


# ---- usage and unreadable input: exit 2, nothing on stdout ---------------------------------------------
@pytest.mark.parametrize("args, message", [
    (("--type", "chat_stream.StreamEnvelope"), "--framing sse|ndjson is required with --type"),
    ((), "say what the stream carries: --type family.Type or --stream family.Name"),
    (("--framing", "ndjson", "--type", "chat_stream.Nope"), "unknown type 'chat_stream.Nope' (a type is addressed as family.Type)"),
    (("--stream", "packets.Nope"), "no stream 'packets.Nope' is declared (streams: assist.AssistEvents, "
                                   "chat_stream.ChatStream, packets.PacketStream, run_events.RunEvents)"),
    (("--framing", "ndjson", "--stream", "packets.PacketStream"), "stream 'packets.PacketStream' has framing sse, not ndjson"),
    (("--stream", "packets.PacketStream", "--type", "chat_stream.StreamEnvelope"),
     "stream 'packets.PacketStream' carries packets.StreamPacket items, not chat_stream.StreamEnvelope"),
    ((*CHAT, "--url", "http://127.0.0.1:9/", "capture.ndjson"), "give a capture (FILE or -) or --url, not both"),
    ((*CHAT, "--method", "POST"), "--method, --data and --header are for --url"),
    ((*CHAT, "--data", "{}"), "--method, --data and --header are for --url"),
    ((*CHAT, "--url", "http://127.0.0.1:9/", "--header", "no colon"), "--header 'no colon' is not 'Name: value'"),
])
def test_usage_errors(args: tuple[str, ...], message: str) -> None:
    r = verify(*args)
    assert (r.code, r.out, r.err) == (2, "", f"contractgen: error: {message}\n")


def test_several_streams_of_one_type_need_stream() -> None:
    r = verify("--framing", "ndjson", "--type", "ticks.Tick", schemas=TEST_SCHEMAS)
    assert (r.code, r.err) == (2, "contractgen: error: several ndjson streams carry ticks.Tick (ticks.Ticks, "
                                  "ticks.Echo); pick one with --stream\n")


def test_unreadable_input(tmp_path: Path) -> None:
    missing = tmp_path / "missing.ndjson"
    r = verify(*CHAT, str(missing))
    assert (r.code, r.out, r.err) == (2, "", f"{missing}: error: cannot read: No such file or directory\n")
    r = verify(*CHAT, "--url", "http://127.0.0.1:9/", "--data", f"@{missing}")
    assert (r.code, r.out, r.err) == (2, "", f"{missing}: error: cannot read: No such file or directory\n")
    r = verify(*CHAT, "-", schemas=tmp_path / "no-schemas")
    assert r.code == 2 and r.out == "" and "error:" in r.err


def test_list_rules_is_the_table_of_the_docs() -> None:
    r = verify("--list-rules")
    listed = [line.split()[0] for line in r.out.splitlines()]
    from verify_support import REPO
    documented = re.findall(r"^\| `([a-z.\-_0-9]+)` \|", (REPO / "docs" / "verify.md").read_text(), re.M)
    assert r.code == 0 and listed == documented and len(listed) == 19
    # Each line gives the rule's default severity, as the docs' table does.
    severities = dict(re.findall(r"^\| `([a-z.\-_0-9]+)` \| (error|warning) \|", (REPO / "docs" / "verify.md").read_text(), re.M))
    assert {line.split()[0]: line.split()[1] for line in r.out.splitlines()} == severities


# ---- seed 001: the NDJSON run-event stream ----------------------------------------------------------
RUN_EVENTS = ("--stream", "run_events.RunEvents")


def run_event(kind: str, run: str = "abc123", **fields: Any) -> str:
    return json.dumps({"type": kind, "run_id": run, **fields}, separators=(",", ":")) + "\n"


def test_run_events_end_with_status_or_error_per_run() -> None:
    c = Capture()
    c.add(run_event("content", content="Here is"))
    c.add("\n")  # blank lines are skipped
    c.add(run_event("content", run="r2", content="Other run"))
    c.add(run_event("status", status="complete"))
    c.add(run_event("error", run="r2", error="Tool execution timed out."))
    r = verify(*RUN_EVENTS, stdin=c.data)
    assert (r.code, r.findings) == (0, [])
    assert r.out.startswith("run_events.RunEvents (ndjson, items run_events.RunEvent): 4 items, 0 findings")
    # Cut short: a warning (the seed does not say every stream ends with one); --strict fails it.
    c = Capture()
    c.add(run_event("content", content="Here is"))
    r = verify(*RUN_EVENTS, stdin=c.data)
    assert (r.code, r.findings) == (0, [f'{c.at()}: terminal.missing: warning: stream "abc123" ended without a terminal '
                                        'item (one of status|error)'])
    assert verify(*RUN_EVENTS, "--strict", "-q", stdin=c.data).code == 1
    # An event after the run's error: an error; an unknown event type: an invalid item.
    c = Capture()
    err = c.add(run_event("error", error="boom"))
    after = c.add(run_event("content", content="late"))
    r = verify(*RUN_EVENTS, stdin=c.data)
    assert (r.code, r.findings) == (1, [f'{after}: terminal.after: stream "abc123": "content" after the terminal item '
                                        f'"error" at {err}'])
