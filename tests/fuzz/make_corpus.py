#!/usr/bin/env python3
"""Writes the committed seed corpus of the fuzz harnesses, tests/fuzz/corpus/<harness>/.

    tests/fuzz/make_corpus.py     # rewrites every corpus folder from the sources below

(fuzz_schema_emit starts from the schema_file folder: tests/fuzz/run.)
Seeds come from the repository's schemas (made self-contained), the golden
inputs, the conformance vectors and hand-written edge cases, a few dozen per
harness: enough for the fuzzer to start from every construct, small enough
to run through in a second. The output is deterministic; rerun this after a
schema or vector changes and commit the result.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fuzz" / "corpus"
SCHEMA = "https://json-schema.org/draft/2020-12/schema"
MAX_SCHEMA_BYTES = 24_000  # the schema harnesses read at most 32 KB

# The types a consumer decodes from the wire, per family (docs: DESIGN, "root types").
ROOT_TYPES = [
    "assist.AgentRequest", "assist.AssistResponse", "assist.ServerSentEvent", "assist.ValidationErrorResponse",
    "assist.DeliveryMode", "assist.AgentCapability",
    "chat_stream.StreamEnvelope", "chat_stream.StreamEvent", "chat_stream.Message", "chat_stream.Entity",
    "chat_stream.PlanSet", "chat_stream.PendingSource",
    "cloudevents.CloudEvent", "cloudevents.EventContentType",
    "packets.StreamPacket", "packets.PresentationEvent", "packets.Citation", "packets.StreamOpCode",
    "run_events.RunEvent", "run_events.RunEventEnvelope",
]


def dump(value) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def write(harness: str, name: str, data: str | bytes) -> None:
    path = CORPUS / harness / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)


# ---- schema files --------------------------------------------------------------


def stub_refs(node, keep):
    """`node` with every $ref to another file replaced by a string type,
    unless keep(ref) gives the reference to write instead."""
    if isinstance(node, list):
        return [stub_refs(n, keep) for n in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and not ref.startswith("#"):
        file_part, _, fragment = ref.partition("#")
        kept = keep(file_part)
        if kept is None:
            out = {"type": "string"}
            if "description" in node:
                out["description"] = node["description"]
            return out
        node = dict(node, **{"$ref": kept + ("#" + fragment if fragment or "#" in ref else "")})
    return {k: stub_refs(v, keep) for k, v in node.items()}


def repository_schemas():
    files = sorted((ROOT / "schemas").glob("*/*.json")) + sorted((ROOT / "tests/golden").glob("*/input/*/*.json"))
    for path in files:
        doc = json.loads(path.read_text())
        if path.name.endswith(".schema.json") or "$schema" in doc:
            yield path, doc


EDGE_SCHEMAS = {
    "root-type-by-title.json": {"$schema": SCHEMA, "title": "Chat event", "type": "object",
                                "properties": {"id": {"type": "string", "format": "uuid"}}, "required": ["id"]},
    "discriminator-mapping.json": {"$defs": {
        "A": {"type": "object", "properties": {"kind": {"const": "a"}, "x": {"type": "integer"}}, "required": ["kind"]},
        "B": {"type": "object", "properties": {"kind": {"enum": ["b"]}}, "required": ["kind"]},
        "U": {"oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}],
              "discriminator": {"propertyName": "kind", "mapping": {"a": "#/$defs/A", "b": "#/$defs/B"}}}}},
    "allof-not.json": {"$defs": {
        "Base": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
        "D": {"allOf": [{"$ref": "#/$defs/Base"}, {"type": "object", "properties": {"n": {"type": "number",
              "minimum": 0, "exclusiveMaximum": 1e3, "multipleOf": 0.5}}, "not": {"anyOf": [{"required": ["x"]}]}}]}}},
    "strings.json": {"$defs": {
        "S": {"type": "string", "pattern": "^[a-z]+(-[a-z0-9]+)*$", "minLength": 1, "maxLength": 64},
        "T": {"type": "string", "format": "date-time"}, "V": {"type": "string", "format": "uri"},
        "E": {"enum": ["one", "two", "three"]}, "O": {"anyOf": [{"enum": ["x"]}, {"type": "string"}]},
        "C": {"const": "fixed", "x-lookup": True}}},
    "containers.json": {"$defs": {
        "M": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": ["integer", "null"]},
              "minItems": 1, "uniqueItems": True}, "maxProperties": 9},
        "N": {"type": "object", "properties": {"inner": {"type": "object", "properties": {
              "deeper": {"oneOf": [{"type": "string"}, {"type": "boolean"}]}}}}, "additionalProperties": True}}},
    "annotations.json": {"$defs": {"A": {"type": "integer", "title": "a", "description": "*/ \"\\u0000 ${x}",
                                         "deprecated": True, "default": 3, "examples": [1, 2],
                                         "$comment": "c", "x-note": {"k": [1]}}}},
    "bad-ref.json": {"$defs": {"A": {"$ref": "#/$defs/Entit"}, "Entity": {"type": "string"},
                               "B": {"$ref": "other.schema.json#/$defs/X"}, "C": {"$ref": "#/$defs/C"}}},
    "unsupported.json": {"$defs": {"A": {"type": "strin", "patternProperties": {}, "if": True}}},
}
EDGE_TEXTS = {
    "duplicate-key.json": '{"$defs": {"A": {"type": "string"}, "A": {"type": "integer"}}}\n',
    "bom.json": "\ufeff{\"$defs\": {}}\n",
    "depth-128.json": '{"$defs": {"A": ' + '{"x-a": ' * 126 + "1" + "}" * 126 + "}}\n",
    "depth-129.json": '{"$defs": {"A": ' + '{"x-a": ' * 127 + "1" + "}" * 127 + "}}\n",
    "truncated.json": '{"$defs": {"A": {"type": "str',
}


def schema_file_corpus():
    for path, doc in repository_schemas():
        text = dump(stub_refs(doc, lambda ref: None))
        if len(text) <= MAX_SCHEMA_BYTES:
            write("schema_file", f"{path.parent.name}-{path.name}", text)
    for name, doc in EDGE_SCHEMAS.items():
        write("schema_file", name, dump(doc))
    for name, text in EDGE_TEXTS.items():
        write("schema_file", name, text)
    write("schema_file", "invalid-utf8.json", b'{"$defs": {"\xff": {"type": "string"}}}\n')


# ---- schema sets: f/a.schema.json NUL f/b.schema.json NUL g/c.json ----------------

SET_PATHS = ["f/a.schema.json", "f/b.schema.json", "g/c.json"]


def relative_ref(from_path: str, to_path: str) -> str:
    return to_path.split("/")[1] if from_path.split("/")[0] == to_path.split("/")[0] else "../" + to_path


def schema_set(*docs_by_real_path):
    """The set file: each (real path, document) at the next of SET_PATHS, its
    references to the others rewritten to their new places."""
    placed = {real: SET_PATHS[i] for i, (real, _) in enumerate(docs_by_real_path)}
    parts = []
    for real, doc in docs_by_real_path:
        here = placed[real]

        def keep(ref, real=real, here=here):
            target = str((Path(real).parent / ref).resolve().relative_to(ROOT)) if ref else real
            return relative_ref(here, placed[target]) if target in placed else None

        doc = stub_refs(doc, keep)
        if here.endswith("c.json"):
            doc = {"$schema": SCHEMA, **doc}
        parts.append(dump(doc))
    return "\0".join(parts)


def schema_set_corpus():
    by_path = {str(p.relative_to(ROOT)): d for p, d in repository_schemas()}
    pairs = set()
    for real, doc in by_path.items():
        for ref in sorted(set(refs_of(doc))):
            target = str((ROOT / real).parent.joinpath(ref).resolve().relative_to(ROOT))
            if target in by_path and target != real:
                pairs.add((real, target))
    for real, target in sorted(pairs):
        text = schema_set((real, by_path[real]), (target, by_path[target]))
        if len(text) <= MAX_SCHEMA_BYTES:
            name = f"{Path(real).parent.name}-{Path(real).stem}+{Path(target).stem}".replace(".schema", "")
            write("schema_set", name, text)
    sets = {
        "cross-family.set": [{"$defs": {"A": {"type": "object", "properties": {
                                 "c": {"$ref": "../g/c.json#/$defs/C"}, "b": {"$ref": "b.schema.json"}}}}},
                             {"title": "Bee", "type": "object", "properties": {"n": {"type": "integer"}}},
                             {"$schema": SCHEMA, "$defs": {"C": {"enum": ["x", "y"]}}}],
        "defined-twice.set": [{"$defs": {"A": {"type": "string"}}}, {"$defs": {"A": {"type": "integer"}}}],
        "cycle-across-files.set": [{"$defs": {"A": {"type": "object", "properties": {"b": {"$ref": "b.schema.json#/$defs/B"}}}}},
                                   {"$defs": {"B": {"type": "object", "properties": {"a": {"$ref": "a.schema.json#/$defs/A"}}}}}],
        "family-cycle.set": [{"$defs": {"A": {"type": "object", "properties": {"c": {"$ref": "../g/c.json#/$defs/C"}}}}},
                             {"$defs": {}},
                             {"$schema": SCHEMA, "$defs": {"C": {"type": "object", "properties": {
                                 "a": {"$ref": "../f/a.schema.json#/$defs/A"}}}}}],
        "union-across-files.set": [{"$defs": {"U": {"oneOf": [{"$ref": "b.schema.json#/$defs/X"},
                                                             {"$ref": "b.schema.json#/$defs/Y"}]}}},
                                   {"$defs": {"X": {"type": "object", "properties": {"t": {"const": "x"}}, "required": ["t"]},
                                              "Y": {"type": "object", "properties": {"t": {"const": "y"}}, "required": ["t"]}}}],
        "allof-across-files.set": [{"$defs": {"D": {"allOf": [{"$ref": "../g/c.json#/$defs/Base"},
                                                              {"properties": {"extra": {"type": "boolean"}}}]}}},
                                   {"$defs": {}},
                                   {"$schema": SCHEMA, "$defs": {"Base": {"type": "object", "properties": {
                                       "id": {"type": "string"}}, "required": ["id"]}}}],
        "skipped-data-file.set": [{"$defs": {"A": {"type": "string"}}}, {"$defs": {}}, {"not": "a schema"}],
        "missing-file.set": [{"$defs": {"A": {"$ref": "bb.schema.json#/$defs/B"}}}, {"$defs": {"B": {"type": "null"}}}],
    }
    for name, docs in sets.items():
        write("schema_set", name, "\0".join(dump(d) for d in docs))


def refs_of(node):
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and not ref.startswith("#"):
            yield ref.partition("#")[0]
        for v in node.values():
            yield from refs_of(v)
    elif isinstance(node, list):
        for v in node:
            yield from refs_of(v)


# ---- payloads --------------------------------------------------------------------


def vectors():
    for path in sorted((ROOT / "tests/conformance/vectors").glob("*.json")):
        yield from json.loads(path.read_text())["cases"]


EDGE_PAYLOADS = {
    # The policy cases of the contract's hostile-payload list, on the envelope.
    "int-beyond-int64": '{"data": {"type": "heartbeat"}, "timestamp": -9223372036854775809}',
    "int-2p53-plus-1": '{"data": {"type": "heartbeat"}, "timestamp": 9007199254740993}',
    "number-overflow": '{"data": {"type": "heartbeat"}, "timestamp": 1e400}',
    "duplicate-tag": '{"data": {"type": "message_delta", "delta": "a", "type": "done"}, "timestamp": 1}',
    "lone-surrogate": '{"data": {"type": "message_delta", "delta": "\\ud800"}, "timestamp": 1}',
    "bom": "\ufeff{\"data\": {\"type\": \"heartbeat\"}, \"timestamp\": 1}",
    "deep": '{"data": {"type": "heartbeat", "x": ' + "[" * 600 + "]" * 600 + "}, \"timestamp\": 1}",
    "proto": '{"data": {"type": "heartbeat"}, "timestamp": 1, "__proto__": {"a": 1}}',
}


def decode_corpus():
    taken = {}
    for case in vectors():
        t = case["type"]
        if t not in ROOT_TYPES:
            continue
        key = (t, case["valid"])
        if taken.get(key, 0) >= (2 if case["valid"] else 1):
            continue
        taken[key] = taken.get(key, 0) + 1
        name = f"{t}-{'valid' if case['valid'] else 'invalid'}-{taken[key]}"
        write("decode_round_trip", name, t + "\n" + json.dumps(case["instance"], ensure_ascii=False))
    for name, text in EDGE_PAYLOADS.items():
        write("decode_round_trip", "chat_stream.StreamEnvelope-" + name, "chat_stream.StreamEnvelope\n" + text)
    write("decode_round_trip", "cloudevents.CloudEvent-free-form",
          'cloudevents.CloudEvent\n{"specversion": "1.0", "id": "1", "source": "s", "type": "t", '
          '"datacontenttype": "application/json", "data": {"n": 123456789012345678901, "f": 1.5e-300, '
          '"s": "\\u00e9\\ud83d\\ude00", "a": [null, true, {}], "__proto__": 1}, "ext1": "x"}')


SCANNER_EDGES = [
    "0", "-0", "1.5", "-1.5e10", "1E+2", "01", "-", "1.", ".5", "1e", "18446744073709551615",
    "18446744073709551616", "-9223372036854775809", "123456789012345678901234567890", "1e400", "1e-400",
    "true", "tru", "null", '""', '"\\u0041"', '"\\ud83d\\ude00"', '"\\ud83d"', '"\\ude00"', '"\\uZZZZ"', '"a\tb"',
    '"\\/\\b\\f\\n\\r\\t\\"\\\\"', '"unterminated', "[1,]", "[1 2]", '{"a":1,}', '{"a" 1}', "{a:1}",
    '{"a":1,"a":2}', " \t\n\r[ 1 , 2 ] \n", "[1] x", "", "\ufeff{}",
]


def scanner_corpus(harness="scanner_differential"):
    seen = set()
    for case in vectors():
        text = json.dumps(case["instance"], ensure_ascii=False)
        shape = type(case["instance"]).__name__ + str(len(text) // 200)
        if shape in seen or len(seen) >= 24:
            continue
        seen.add(shape)
        write(harness, f"vector-{len(seen):02d}", text)
    for i, text in enumerate(SCANNER_EDGES):
        write(harness, f"edge-{i:02d}", text)
    for name, data in {"utf8-2": b'"\xc3\xa9"', "utf8-cut": b'"\xc3"', "utf8-overlong": b'"\xe0\x80\xaf"',
                       "utf8-surrogate": b'"\xed\xa0\x80"', "utf8-high": b'"\xf4\x90\x80\x80"', "byte-ff": b'"\xff"',
                       "nul-after": b"1\x00", "control": b"\x01"}.items():
        write(harness, name, data)
    write(harness, "depth-512", "[" * 512 + "]" * 512)
    write(harness, "depth-513", "[" * 513 + "]" * 513)
    write(harness, "depth-513-objects", '{"a":' * 513 + "1" + "}" * 513)


# What the compiled checks of the Python runtime look at besides the scanner's edges: names
# compared per object (nested, after a container, escaped, long, many), the words NaN and
# Infinity, and strings long enough to be scanned sixteen bytes at a time.
POLICY_EDGES = [
    '{"a":{"b":1,"b":2}}', '{"a":{"b":1},"b":2}', '{"a":[1,{"a":1}],"a":2}', '[{"a":1},{"a":1}]',
    '{"a":1,"\\u0061":2}', '{"abcdefgh1":1,"abcdefgh2":2}', '{"abcdefgh1":1,"abcdefgh1":2}',
    "{" + ",".join(f'"k{i}":{i}' for i in range(64)) + "}", "{" + ",".join(f'"k{i}":{i}' for i in range(65)) + "}",
    '{"a":NaN}', '[Infinity]', '[-Infinity]', '{"a":"NaN"}',
    '{"a":"' + "x" * 40 + '\\"' + "y" * 20 + '"}', '{"a":"' + "x" * 33 + '\\ud83d\\ude00"}',
    '{"a":"' + "é" * 20 + '","a":1}',
]


def policy_corpus():
    scanner_corpus("policy_scan")
    for i, text in enumerate(POLICY_EDGES):
        write("policy_scan", f"policy-{i:02d}", text)


def main():
    for harness, fill in [("schema_file", schema_file_corpus), ("schema_set", schema_set_corpus),
                          ("decode_round_trip", decode_corpus), ("scanner_differential", scanner_corpus),
                          ("policy_scan", policy_corpus)]:
        shutil.rmtree(CORPUS / harness, ignore_errors=True)
        (CORPUS / harness).mkdir(parents=True)
        fill()
        print(f"{harness}: {len(list((CORPUS / harness).iterdir()))} seeds")


if __name__ == "__main__":
    main()
