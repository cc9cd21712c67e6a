"""What the Python vector tests and stream runner share: the runtime on the
path, the configuration read from the contract's schema tables (the runtime
itself has no contract constant), the chunkings, and records as JSON values."""

from __future__ import annotations

import json
import pathlib
import sys
from collections.abc import Iterator
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[2]
# No __pycache__ under runtime/: every file there is compiled into contractgen.
sys.dont_write_bytecode = True
sys.path.insert(0, str(ROOT / "runtime" / "python"))

import _stream as rt  # noqa: E402  (the path above first)

__all__ = ["ROOT", "rt"]  # rt: the runtime package; the rest is imported by name

VECTORS = ROOT / "tests" / "stream" / "vectors"
SCHEMAS = ROOT / "schemas"
CHUNK_SIZES = (1, 2, 3, 7, 64)
SHORT = 64  # inputs up to this many bytes are also split at every pair of positions


def defs(path: str) -> dict[str, Any]:
    document: dict[str, dict[str, Any]] = json.loads((SCHEMAS / path).read_text(encoding="utf-8"))
    return document["$defs"]


def const(path: str, name: str) -> Any:
    return defs(path)[name]["const"]


def type_const(path: str, name: str) -> str:
    """The discriminator value of an event def (its ``type`` property's const)."""
    value: str = defs(path)[name]["properties"]["type"]["const"]
    return value


def vector_file(name: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((VECTORS / name).read_text(encoding="utf-8"))
    return document


def input_bytes(segments: list[Any]) -> bytes:
    """Vector input: strings are UTF-8 text, {"hex": "..."} raw bytes."""
    return b"".join(bytes.fromhex(s["hex"]) if isinstance(s, dict) else s.encode("utf-8") for s in segments)


def chunkings(data: bytes) -> Iterator[list[bytes]]:
    yield [data]
    for size in CHUNK_SIZES:
        yield [data[i : i + size] for i in range(0, len(data), size)]
    if len(data) <= SHORT:
        for i in range(len(data) + 1):
            for j in range(i, len(data) + 1):
                yield [data[:i], data[i:j], data[j:]]


def record_json(record: object) -> dict[str, Any]:
    if isinstance(record, rt.NdjsonItem):
        return {"item": record.text, "offset": record.offset, "line": record.line}
    if isinstance(record, rt.SseEvent):
        return {"event": record.type, "data": record.data, "id": record.last_event_id,
                "offset": record.offset, "line": record.line}
    if isinstance(record, rt.SseRetry):
        return {"retry": record.ms, "offset": record.offset, "line": record.line}
    if isinstance(record, rt.StreamError):
        return {"error": record.code, "offset": record.offset, "line": record.line, "message": record.message}
    raise TypeError(f"not a reader record: {record!r}")


# ---- configuration from the schema tables ----------------------------------------

CHAT = "chat_stream/tables.schema.json"
CHAT_EVENTS = "chat_stream/events.schema.json"
# HTTP statuses that are never retried (seed 004: "404 Not Found ... no retry"):
# a transport fact, not one of the contract's tables.
NO_RETRY_STATUSES = (404,)


def backoff_config(overrides: dict[str, Any] | None = None) -> rt.BackoffConfig:
    values = {
        "initial_delay_ms": const(CHAT, "ReconnectInitialDelayMs"),
        "multiplier": const(CHAT, "ReconnectBackoffMultiplier"),
        "max_delay_ms": const(CHAT, "ReconnectMaxDelayMs"),
        "max_attempts": const(CHAT, "ReconnectMaxAttempts"),
    }
    values.update(overrides or {})
    return rt.BackoffConfig(**values)


def chat_config(overrides: dict[str, Any] | None = None) -> rt.ChatClientConfig:
    return rt.ChatClientConfig(
        watchdog_timeout_ms=const(CHAT, "WatchdogTimeoutMs"),
        backoff=backoff_config(overrides),
        terminal_event_types=const(CHAT, "TerminalEventTypes"),
        heartbeat_event_type=type_const(CHAT_EVENTS, "Heartbeat"),
        stream_start_event_type=const(CHAT, "FirstEventType"),
        message_delta_event_type=type_const(CHAT_EVENTS, "MessageDelta"),
        no_retry_statuses=NO_RETRY_STATUSES,
    )


def sequencer_config(case: dict[str, Any]) -> rt.SequencerConfig:
    error_packet = defs("packets/stream_packet.schema.json")["ErrorPacket"]
    return rt.SequencerConfig(
        terminal_ops=const("packets/tables.schema.json", "TerminalOpCodes"),
        error_op=error_packet["allOf"][1]["properties"]["op"]["const"],
        policy=case["policy"],
        window=case.get("window", 0),
        first_seq=case.get("first_seq"),
    )


def content_type_routes() -> rt.ContentTypeRoutes:
    content_type = defs("cloudevents/cloudevent.schema.json")["EventContentType"]
    routes = {value: name.lower() for value, name in zip(content_type["enum"], content_type["x-enum-varnames"])}
    absent = defs("cloudevents/cloudevent.schema.json")["CloudEvent"]["properties"]["datacontenttype"]["default"]
    return rt.ContentTypeRoutes(routes=routes, absent_content_type=absent, fallback="generic")


def graph_event_migration() -> rt.GraphEventMigration:
    cloud_event = defs("cloudevents/cloudevent.schema.json")["CloudEvent"]
    return rt.GraphEventMigration(
        content_types=const("cloudevents/legacy.schema.json", "GraphEventContentTypes"),
        default_content_type=const("cloudevents/legacy.schema.json", "GraphEventDefaultContentType"),
        specversion=cloud_event["properties"]["specversion"]["const"],
    )


def run_event_routing() -> rt.RunEventRouting:
    tables = "run_events/tables.schema.json"
    components = defs(tables)["UiComponent"]["enum"]
    web_routes = set(const(tables, "WebToolRoutes").values())
    assert len(web_routes) == 1, "every web tool routes to one component"
    normalized = defs("run_events/events.schema.json")["NormalizedStatus"]["enum"]
    terminal_states = ["success", "error"]  # the NormalizedStatus values that end an operation
    assert "ScratchpadStatus" in components and all(s in normalized for s in terminal_states)
    return rt.RunEventRouting(
        web_tools=const(tables, "WebToolNames"),
        scratchpad_tools=const(tables, "ScratchpadToolNames"),
        web_route=web_routes.pop(),
        scratchpad_route="ScratchpadStatus",
        default_route=const(tables, "DefaultToolRoute"),
        strategy_prefixes=const(tables, "StrategyEntryPrefixes"),
        bleed_strings=const(tables, "ScratchpadBleedFilterStrings"),
        legacy_status_prefix=const(tables, "LegacyStatusEventPrefix"),
        status_normalization=const(tables, "StatusNormalization"),
        terminal_states=terminal_states,
    )
