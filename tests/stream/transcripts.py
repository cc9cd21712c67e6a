"""Runs the state-machine and table vectors (chat_client, timers, replay,
routing) through the Python runtime; each raises AssertionError on a mismatch."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stream_support import (
    CHAT,
    chat_config,
    const,
    content_type_routes,
    graph_event_migration,
    input_bytes,
    record_json,
    rt,
    run_event_routing,
    type_const,
)


def _event(value: Any, config: rt.ChatClientConfig) -> rt.ChatEvent[Any]:
    event_type = value.get("type") if isinstance(value, dict) else None
    if not isinstance(event_type, str):
        raise ValueError("no data.type")
    delta = value.get("delta") if event_type == config.message_delta_event_type else None
    return rt.ChatEvent(event_type, delta if isinstance(delta, str) else None, value)


def _parse(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        raise ValueError("not JSON") from None


def decode_envelope(config: rt.ChatClientConfig, text: str) -> rt.ChatEvent[Any]:
    """A live line: a StreamEnvelope ``{"data": event, "timestamp": ...}`` (the bindings' job, in tests)."""
    value = _parse(text)
    return _event(value.get("data") if isinstance(value, dict) else None, config)


def decode_bare(config: rt.ChatClientConfig, text: str) -> rt.ChatEvent[Any]:
    """A replayed line: the event itself."""
    return _event(_parse(text), config)


def action_json(action: rt.ChatAction[Any]) -> dict[str, Any]:
    kind = action.kind
    if kind == "connect":
        return {"connect": action.attempt}
    if kind == "retry":
        return {"retry": {"attempt": action.attempt, "delay_ms": action.delay_ms}}
    if kind in ("event", "terminal"):
        assert action.event is not None
        return {kind: action.event.type}
    if kind == "invalid":
        assert action.error is not None
        error = record_json(action.error)
        return {"invalid": {"code": error["error"], "offset": error["offset"], "line": error["line"], "message": error["message"]}}
    if kind == "text":
        return {"text": action.text}
    return {kind: action.reason}


def run_chat(case: dict[str, Any]) -> None:
    config = chat_config(case.get("config"))
    scheduler = rt.ManualScheduler()
    got: list[dict[str, Any]] = []
    client: rt.ChatClient[Any] = rt.ChatClient(config, scheduler, lambda text: decode_envelope(config, text),
                                               lambda action: got.append(action_json(action)))
    for index, step in enumerate(case["steps"]):
        got.clear()
        (verb, arg), = step["in"].items()
        if verb == "start":
            client.start()
        elif verb == "response":
            client.response(arg)
        elif verb == "chunk":
            client.chunk(input_bytes(arg if isinstance(arg, list) else [arg]))
        elif verb == "closed":
            client.closed()
        elif verb == "abort":
            client.abort()
        elif verb == "advance":
            scheduler.advance(arg)
        elif verb == "play":
            done = type_const("chat_stream/events.schema.json", "DoneEvent")
            replay = rt.replay_events(arg["log"].encode("utf-8"), arg["final_message"], config.heartbeat_event_type, done)
            assert replay.errors == []
            client.play([decode_bare(config, text) for text in replay.events], arg["spacing_ms"])
        else:
            raise AssertionError(f"unknown input {verb}")
        assert got == step["out"], f"step {index} {step['in']}"
        if "state" in step:
            assert client.state == step["state"], f"step {index}"


def run_timer(case: dict[str, Any]) -> None:
    scheduler = rt.ManualScheduler()
    got: list[str] = []
    interval = const(CHAT, case["interval"])
    timer: Any
    if case["timer"] == "heartbeat":
        timer = rt.HeartbeatEmitter(scheduler, interval, lambda: got.append("beat"))
    else:
        timer = rt.Watchdog(scheduler, interval, lambda: got.append("timeout"))
    for index, step in enumerate(case["steps"]):
        got.clear()
        (verb, arg), = step["in"].items()
        if verb == "advance":
            scheduler.advance(arg)
        else:
            getattr(timer, verb)()
        assert got == step["out"], f"step {index} {step['in']}"


def run_replay(case: dict[str, Any]) -> None:
    heartbeat = type_const("chat_stream/events.schema.json", "Heartbeat")
    done = type_const("chat_stream/events.schema.json", "DoneEvent")
    log = case["log"].encode("utf-8")
    if case.get("error"):
        try:
            rt.replay_events(log, case["final_message"], heartbeat, done)
        except ValueError:
            return
        raise AssertionError("the final message was accepted")
    replay = rt.replay_events(log, case["final_message"], heartbeat, done)
    assert replay.events == case["events"]
    assert [record_json(e) for e in replay.errors] == case["errors"]


def run_routing(case: dict[str, Any]) -> None:
    if "expect_error" in case:
        m = case["migrate"]
        with pytest.raises(ValueError, match=case["expect_error"]):
            rt.migrate_graph_event(graph_event_migration(), m["graph_event_type"], type=m["type"], source=m["source"],
                                   id=m["id"])
        return
    expect = case["expect"]
    if "content_type" in case:
        assert rt.route_content_type(content_type_routes(), case["content_type"]) == expect
    elif "cloudevent" in case:
        assert rt.route_content_type(content_type_routes(), case["cloudevent"].get("datacontenttype")) == expect
    elif "graph_event_type" in case:
        assert rt.graph_event_content_type(graph_event_migration(), case["graph_event_type"]) == expect
    elif "migrate" in case:
        m = case["migrate"]
        event = rt.migrate_graph_event(graph_event_migration(), m["graph_event_type"], type=m["type"], source=m["source"],
                                       id=m["id"], data=m.get("data"))
        assert event == expect and list(event) == list(expect)
    elif "tool_call_start" in case:
        assert rt.route_tool_call_start(run_event_routing(), case["tool_call_start"]) == expect
    elif "web_status" in case:
        assert rt.route_web_status(run_event_routing(), case["web_status"]) == expect
    elif "research_status" in case:
        assert rt.route_research_status(run_event_routing(), *case["research_status"]) == expect
    elif "normalize" in case:
        assert rt.normalize_status(run_event_routing(), case["normalize"]) == expect
    else:
        router = rt.ContentRouter(run_event_routing())
        got: list[dict[str, Any]] = []
        for step in case["content"]:
            if "flush" in step:
                got.append({"flushed": router.flush()})
                continue
            decision = router.route(step["text"])
            out: dict[str, Any] = {"route": decision.route}
            if decision.route == "scratchpad_start":
                out["closed_entry"] = decision.closed_entry
            got.append(out)
        assert got == expect


RUNNERS = {"chat_client.json": run_chat, "timers.json": run_timer, "replay.json": run_replay, "routing.json": run_routing}
