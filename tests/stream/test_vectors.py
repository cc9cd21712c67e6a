"""The shared stream vectors (tests/stream/vectors/) through the Python runtime.

Readers run at every chunking (stream_support.chunkings); the state machines
run the transcripts step by step. The C++ and TypeScript runners check the
same files the same way.
"""

from __future__ import annotations

from typing import Any

import pytest
from stream_support import (
    backoff_config,
    chunkings,
    const,
    input_bytes,
    record_json,
    rt,
    sequencer_config,
    vector_file,
)
from transcripts import RUNNERS


def _cases(name: str) -> list[Any]:
    cases: list[Any] = vector_file(name)["cases"]
    return [pytest.param(case, id=case["name"]) for case in cases]


def _read(reader: Any, chunks: list[bytes]) -> list[dict[str, Any]]:
    records = [record_json(r) for chunk in chunks for r in reader.feed(chunk)]
    return records + [record_json(r) for r in reader.end()]


@pytest.mark.parametrize("case", _cases("ndjson.json"))
def test_ndjson_reader(case: dict[str, Any]) -> None:
    options = case.get("options", {})
    data = input_bytes(case["input"])
    for chunks in chunkings(data):
        assert _read(rt.NdjsonReader(**options), chunks) == case["expect"], chunks


@pytest.mark.parametrize("case", _cases("sse.json"))
def test_sse_reader(case: dict[str, Any]) -> None:
    options = case.get("options", {})
    data = input_bytes(case["input"])
    final = case.get("final", {})
    for chunks in chunkings(data):
        reader = rt.SseReader(**options)
        assert _read(reader, chunks) == case["expect"], chunks
        if "last_event_id" in final:
            assert reader.last_event_id == final["last_event_id"]
        if "reconnection_time" in final:
            assert reader.reconnection_time == final["reconnection_time"]


@pytest.mark.parametrize("case", _cases("writers.json"))
def test_writers(case: dict[str, Any]) -> None:
    def write() -> str:
        if "ndjson" in case:
            return rt.ndjson_line(case["ndjson"])
        if "sse" in case:
            sse = case["sse"]
            return rt.sse_event(sse["data"], event=sse.get("event"), id=sse.get("id"), retry=sse.get("retry"))
        return rt.sse_comment(case["sse_comment"])

    if "error" in case:
        with pytest.raises(ValueError) as raised:
            write()
        assert str(raised.value) == case["error"]
        return
    text = write()
    assert text == case["expect"]
    reader: Any = rt.NdjsonReader() if "ndjson" in case else rt.SseReader()
    assert _read(reader, [text.encode("utf-8")]) == case["read_back"]


def _sequencer_json(output: Any) -> dict[str, Any]:
    if isinstance(output, rt.Delivery):
        assert output.packet == [output.stream_id, output.seq]
        return {"deliver": [output.stream_id, output.seq]}
    return {"finding": output.kind, "stream": output.stream_id, "seq": output.seq,
            "expected": output.expected, "message": output.message}


@pytest.mark.parametrize("case", _cases("sequencer.json"))
def test_sequencer(case: dict[str, Any]) -> None:
    sequencer: rt.PacketSequencer[list[Any]] = rt.PacketSequencer(sequencer_config(case))
    got = []
    for stream_id, seq, op in case["packets"]:
        got += [_sequencer_json(o) for o in sequencer.push(stream_id, seq, op, [stream_id, seq])]
    assert got == case["expect"]
    assert [_sequencer_json(o) for o in sequencer.finish()] == case["finish"]


@pytest.mark.parametrize("case", _cases("citation.json"))
def test_citation_buffer(case: dict[str, Any]) -> None:
    buffer = rt.CitationBuffer()
    changed = [buffer.feed(chunk) for chunk in case["chunks"][:1]]
    ready = [buffer.ready]
    for chunk in case["chunks"][1:]:
        changed.append(buffer.feed(chunk))
        ready.append(buffer.ready)
    assert (ready, changed, buffer.full) == (case["ready"], case["changed"], case["full"])


@pytest.mark.parametrize("case", _cases("backoff.json"))
def test_backoff(case: dict[str, Any]) -> None:
    config = backoff_config(case.get("config"))
    assert [rt.backoff_delay(config, n) for n in case["attempts"]] == case["expect"]
    if "equals_table" in case:
        table = const("chat_stream/tables.schema.json", case["equals_table"])
        assert [rt.backoff_delay(config, n) for n in range(1, config.max_attempts + 1)] == table


@pytest.mark.parametrize(
    ("file", "case"),
    [pytest.param(file, case, id=f"{file}:{case['name']}") for file in RUNNERS for case in vector_file(file)["cases"]],
)
def test_transcripts(file: str, case: dict[str, Any]) -> None:
    RUNNERS[file](case)


def test_migrated_events_are_cloud_events() -> None:
    """Every CloudEvent the migration vectors expect is valid against the contract's own CloudEvent schema,
    judged by a standard validator (jsonschema, formats asserted), so the runtimes cannot agree on an event
    the contract rejects (an event without `id`, say)."""
    import json as _json

    from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012
    from stream_support import SCHEMAS

    base = "https://contract.invalid/"
    resources = [(base + p.relative_to(SCHEMAS).as_posix(),
                  Resource.from_contents(_json.loads(p.read_text(encoding="utf-8")), default_specification=DRAFT202012))
                 for p in sorted(SCHEMAS.rglob("*.schema.json"))]
    validator = Draft202012Validator({"$ref": base + "cloudevents/cloudevent.schema.json#/$defs/CloudEvent"},
                                     registry=Registry().with_resources(resources),
                                     format_checker=Draft202012Validator.FORMAT_CHECKER)
    migrated = [case for case in vector_file("routing.json")["cases"] if "migrate" in case and "expect" in case]
    assert len(migrated) >= 3
    for case in migrated:
        errors = [e.message for e in validator.iter_errors(case["expect"])]
        assert errors == [], f"{case['name']}: {errors}"
    assert not validator.is_valid({k: v for k, v in migrated[0]["expect"].items() if k != "id"})
