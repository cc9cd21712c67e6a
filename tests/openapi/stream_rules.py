"""The stream rules a document publishes (a media type's `x-stream`, from the schemas' `x-streams`;
schemas/README.md, "Operations and streams"), applied to a stream's text by an independent reader
of the keyword: the tests check the contract's example streams and the reference server's streams
with it, so the rules are shown to be complete enough to judge a stream.

    problems(document, x_stream, text) -> list of "item N: rule: message" strings (empty: conforms)

Only what the tests need: SSE and NDJSON framing, the SSE event name and id, the first and terminal
tags, the sequence (per key) and nothing after a terminal item. Timing rules (heartbeat interval,
watchdog, reconnection) need timestamps and a clock and are left to the stream runtimes.
"""

from __future__ import annotations

import json
from typing import Any

from support import parse_event_stream, parse_ndjson

MISSING = object()


def resolve(document: dict[str, Any], value: Any) -> Any:
    """A rule value: a literal, or {"$ref": "#/components/schemas/<key>"} naming a constant."""
    if isinstance(value, dict) and "$ref" in value:
        return document["components"]["schemas"][value["$ref"].rsplit("/", 1)[1]]["const"]
    return value


def pointer_of(document: dict[str, Any], field: dict[str, Any]) -> str:
    if "pointer" in field:
        return field["pointer"]
    name = resolve(document, field["member"])
    return "/" + name.replace("~", "~0").replace("/", "~1")


def get(item: Any, pointer: str) -> Any:
    node = item
    for token in pointer.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return MISSING
    return node


def as_set(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def items_of(stream: dict[str, Any], text: str) -> list[tuple[dict[str, Any] | None, Any]]:
    """(SSE event or None, item) for every item of the stream's text."""
    if stream["framing"] == "sse":
        return [(event, json.loads(event["data"])) for event in parse_event_stream(text)]
    return [(None, line) for line in parse_ndjson(text)]


def problems(document: dict[str, Any], stream: dict[str, Any], text: str) -> list[str]:
    out: list[str] = []
    items = items_of(stream, text)
    if not items:
        return ["stream: no items"]
    tag_pointer = pointer_of(document, stream["tag"])
    default = resolve(document, stream["tag"].get("default", MISSING)) if "default" in stream["tag"] else MISSING

    def tag(item: Any) -> Any:
        value = get(item, tag_pointer)
        return default if value is MISSING else value

    sse = stream.get("sse")
    key_pointer = pointer_of(document, stream["key"]) if "key" in stream else None
    terminal = as_set(resolve(document, stream["terminal"]["tags"])) if "terminal" in stream else []
    last_seq: dict[Any, int] = {}
    ended: set[Any] = set()
    for n, (event, item) in enumerate(items, start=1):
        where = f"item {n}"
        key = get(item, key_pointer) if key_pointer else None
        if key in ended:
            out.append(f"{where}: terminal: an item after the terminal item")
        if sse is not None and event is not None:
            rule = sse["event"]
            expected = get(item, pointer_of(document, rule)) if isinstance(rule, dict) and ("pointer" in rule or "member" in rule) \
                else resolve(document, rule)
            if event["event"] != expected:
                out.append(f"{where}: sse-event: event {event['event']!r}, expected {expected!r}")
            if "id" in sse:
                wanted = get(item, pointer_of(document, sse["id"]))
                if wanted is MISSING and not sse["id"].get("optional"):
                    out.append(f"{where}: sse-id: the item has no id")
                elif wanted is not MISSING and event["id"] != wanted:
                    out.append(f"{where}: sse-id: id {event['id']!r}, expected {wanted!r}")
        if n == 1 and "first" in stream and tag(item) not in as_set(resolve(document, stream["first"])):
            out.append(f"{where}: first: {tag(item)!r} cannot start the stream")
        if "sequence" in stream:
            seq = get(item, pointer_of(document, stream["sequence"]))
            previous = last_seq.get(key)
            if previous is not None:
                if seq <= previous:
                    out.append(f"{where}: sequence: {seq} after {previous}")
                elif stream["sequence"].get("gapless") and seq != previous + 1:
                    out.append(f"{where}: sequence-gap: {seq} after {previous}")
            last_seq[key] = seq
        if tag(item) in terminal:
            ended.add(key)
    if "terminal" in stream and stream["terminal"].get("required"):
        keys = {get(item, key_pointer) if key_pointer else None for _, item in items}
        for key in sorted(keys - ended, key=repr):
            out.append(f"stream: terminal: {'stream ' + repr(key) if key_pointer else 'the stream'} ends without a terminal item")
    return out
