"""The generated API documents (generated/openapi: openapi.json and .yaml, OpenAPI 3.2, and
openapi-3.1.json; generated/asyncapi), checked with a standard JSON Schema validator (Python
jsonschema, draft 2020-12, formats asserted):

  * every example in them (request and response media types; each item of a serialised
    stream, against itemSchema and the stream's rules; parameters; every `examples` entry of
    every component) validates against its schema, and the checker catches a broken example;
  * every contract type is a component under the documented key rule, equal to its source
    schema with only the `$ref`s rewritten (plus an OpenAPI `discriminator`, and the standard
    contentMediaType/contentSchema beside `x-json-content`), in all three documents, and every
    conformance vector gets the same verdict from the components as from the contract;
  * JSON and YAML hold the same value; schema text (the hostile golden case) survives exactly
    while invisible and bidirectional characters are escaped in the file.
test_operations.py checks the operations and streams against the schemas' x-openapi/x-streams.
Run: .venv/bin/python -m pytest tests/openapi/test_document.py -q
"""

from __future__ import annotations

import copy
import json
import posixpath
import re
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import quote, unquote

import pytest
import yaml

from stream_rules import problems as stream_problems
from support import GENERATED, GOLDEN_OUTPUT, OUTPUT_ROOT, REPO, load_document, parse_event_stream, parse_ndjson, validator, errors

SCHEMAS = REPO / "schemas"
GOLDEN = REPO / "tests" / "golden"
DOCUMENTS = [GENERATED] + sorted(p.parent for p in GOLDEN_OUTPUT.glob("*/expected/openapi/openapi.json"))
KEY_RE = re.compile(r"^[a-zA-Z0-9.\-_]+$")
SSE = "text/event-stream"


def schema_files(root: Path) -> dict[str, Any]:
    """Every *.schema.json, and every other *.json with a top-level "$schema" (the others are skipped)."""
    files = {}
    for p in sorted(root.rglob("*.json")):
        schema = json.loads(p.read_text(encoding="utf-8"))
        if p.name.endswith(".schema.json") or (isinstance(schema, dict) and "$schema" in schema):
            files[p.relative_to(root).as_posix()] = schema
    return files


ANNOTATIONS = {"title", "description", "deprecated", "examples", "default", "$comment", "$schema", "$id"}


def root_type(rel: str, schema: Any) -> str | None:
    """The name of a file's root type: a root with more than $defs and annotations is one, named
    by its title in PascalCase, else by its file name (the documented rule, for the simple names
    the golden cases use: words split at anything but letters and digits)."""
    if not isinstance(schema, dict) or all(k == "$defs" or k in ANNOTATIONS or k.startswith("x-") for k in schema):
        return None
    def pascal(text: str) -> str:
        return "".join(w[0].upper() + w[1:] for w in re.split(r"[^A-Za-z0-9]+", text) if w)
    stem = re.sub(r"(\.schema)?\.json$", "", posixpath.basename(rel))
    return pascal(schema["title"]) if pascal(schema.get("title", "")) else pascal(stem)


# ---- the component key rule, implemented independently of the generator ----------------------
def key_part(text: str) -> str:
    return "".join(chr(b) if (chr(b).isascii() and (chr(b).isalnum() or chr(b) == "_")) else f"-{b:02X}"
                   for b in text.encode("utf-8"))


def component_key(family: str, name: str) -> str:
    return key_part(family) + "." + key_part(name)


def test_component_key_rule() -> None:
    assert component_key("chat_stream", "StreamEvent") == "chat_stream.StreamEvent"
    assert component_key("f", "A-B") == "f.A-2DB"
    assert component_key("f", "A.B") == "f.A-2EB"
    assert component_key("f.x", "B") == "f-2Ex.B"
    assert component_key("f", "café") == "f.caf-C3-A9"
    # injective where naive rules collide: "a.b"+"c" vs "a"+"b.c", "A-2DB" vs "A-B"
    assert component_key("a.b", "c") != component_key("a", "b.c")
    assert component_key("f", "A-2DB") != component_key("f", "A-B")


SCHEMA_KEYWORDS = {"items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
                   "unevaluatedItems", "unevaluatedProperties", "contentSchema"}
SCHEMA_MAPS = {"properties", "patternProperties", "$defs", "dependentSchemas"}
SCHEMA_LISTS = {"allOf", "anyOf", "oneOf", "prefixItems"}


def rewrite_ref(ref: str, rel: str, files: dict[str, Any]) -> str:
    """A $ref as a component ref: into a $defs entry, or into a file whose root is a type."""
    file_part, _, fragment = ref.partition("#")
    target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), unquote(file_part))) if file_part else rel
    pointer = unquote(fragment)
    m = re.match(r"^/\$defs/([^/]*)(.*)$", pointer)
    if m:
        name, tail = m.group(1).replace("~1", "/").replace("~0", "~"), m.group(2)
    else:
        name, tail = root_type(target, files[target]), pointer
        assert name, f"{rel}: $ref {ref} names neither a $defs entry nor a root type"
    return "#/components/schemas/" + component_key(target.split("/")[0], name) + quote(tail, safe="-._~!$&'()*+,;=:@/?")


def types_of(rel: str, schema: Any) -> list[tuple[str, Any]]:
    """The types a file publishes: its root type first (without what only a file's top has), then its $defs."""
    types = list(schema.get("$defs", {}).items())
    if root := root_type(rel, schema):
        types.insert(0, (root, {k: v for k, v in schema.items() if k not in ("$defs", "$schema", "$id", "x-openapi", "x-streams")}))
    return types


def rewrite(node: Any, rel: str, files: dict[str, Any], asyncapi: bool = False) -> Any:
    """The source schema with every $ref turned into a component ref, and the standard annotations
    of a string holding JSON right after `x-json-content` (the documented rule)."""
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for k, v in node.items():
        if k in ("x-tag-enum", "x-keys-of"):
            continue  # conventions for `contractgen lint` only: the documents leave them out
        if k == "$ref":
            out[k] = rewrite_ref(v, rel, files)
        elif k == "x-json-content" and "contentMediaType" not in node and "contentSchema" not in node:
            family, _, name = v.partition(".")
            out[k] = v
            out["contentMediaType"] = "application/json"
            out["contentSchema"] = {"$ref": "#/components/schemas/" + component_key(family, name)}
        elif k in SCHEMA_KEYWORDS:
            out[k] = rewrite(v, rel, files, asyncapi)
        elif k in SCHEMA_MAPS and isinstance(v, dict):
            out[k] = {n: rewrite(s, rel, files, asyncapi) for n, s in v.items()}
        elif k in SCHEMA_LISTS and isinstance(v, list):
            out[k] = [rewrite(s, rel, files, asyncapi) for s in v]
        elif k == "discriminator" and asyncapi and isinstance(v, dict):
            out[k] = v["propertyName"]  # AsyncAPI's discriminator is the property's name
        elif k == "discriminator" and isinstance(v, dict) and isinstance(v.get("mapping"), dict):
            out[k] = {**v, "mapping": {tag: rewrite_ref(r, rel, files) for tag, r in v["mapping"].items()}}
        else:
            out[k] = v
    return out


def source_for(doc_dir: Path) -> Path:
    return SCHEMAS if doc_dir == GENERATED else GOLDEN / doc_dir.parent.parent.name / "input"


@pytest.mark.parametrize("doc_dir", DOCUMENTS, ids=lambda p: p.relative_to(OUTPUT_ROOT).as_posix())
def test_every_contract_type_is_its_source_schema_as_a_component(doc_dir: Path) -> None:
    document = load_document(doc_dir / "openapi.json")
    components = document["components"]["schemas"]
    expected_keys = []
    files = schema_files(source_for(doc_dir))
    for rel, schema in files.items():
        family = rel.split("/")[0]
        for name, definition in types_of(rel, schema):
            key = component_key(family, name)
            expected_keys.append(key)
            assert KEY_RE.match(key), key
            assert key in components, f"{family}.{name} is not published as {key}"
            published = dict(components[key])
            # The schema's own discriminator is re-emitted like the rest; otherwise the IR adds one.
            discriminator = None if "discriminator" in definition else published.pop("discriminator", None)
            assert published == rewrite(definition, rel, files), f"{key} differs from its source in {rel}"
            if discriminator is not None:
                # x-discriminator when the contract states it; otherwise the IR inferred it
                assert discriminator["propertyName"] == definition.get("x-discriminator", discriminator["propertyName"])
                variants = [b["$ref"] for b in published.get("oneOf", published.get("anyOf", []))]
                assert sorted(discriminator["mapping"].values()) == sorted(variants), key
                for tag, ref in discriminator["mapping"].items():
                    target = components[ref.rsplit("/", 1)[1]]
                    assert json.dumps(tag) in json.dumps(target), f"{key}: tag {tag} not in {ref}"
    assert list(components) == expected_keys, "components: exactly the contract types, in file and $defs order"
    # The 3.1 rendering has the same components; AsyncAPI too, but without the discriminators
    # OpenAPI adds from the IR, and with a schema's own one as its property name (AsyncAPI's form).
    assert load_document(doc_dir / "openapi-3.1.json")["components"]["schemas"] == components
    asyncapi = load_document(doc_dir.parent / "asyncapi" / "asyncapi.json")["components"]["schemas"]
    assert list(asyncapi) == expected_keys
    for rel, schema in files.items():
        for name, definition in types_of(rel, schema):
            key = component_key(rel.split("/")[0], name)
            assert asyncapi[key] == rewrite(definition, rel, files, asyncapi=True), f"AsyncAPI {key}"


def test_discriminated_unions_get_an_openapi_discriminator() -> None:
    components = load_document()["components"]["schemas"]
    union = components["chat_stream.StreamEvent"]
    assert union["discriminator"]["propertyName"] == "type"
    assert union["discriminator"]["mapping"]["ERROR"] == "#/components/schemas/chat_stream.StreamError"
    assert union["discriminator"]["mapping"]["error"] == "#/components/schemas/chat_stream.ErrorEvent"
    assert components["packets.StreamPacket"]["discriminator"]["propertyName"] == "op"


def walk_refs(node: Any, path: str = "#") -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "$ref" and isinstance(v, str):
                yield path, v
            elif k not in ("examples", "example", "const", "default", "enum"):
                yield from walk_refs(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk_refs(v, f"{path}/{i}")


ALL_DOCUMENTS = [d / name for d in DOCUMENTS for name in ("openapi.json", "openapi-3.1.json")] + \
    [d.parent / "asyncapi" / "asyncapi.json" for d in DOCUMENTS]


@pytest.mark.parametrize("path", ALL_DOCUMENTS, ids=lambda p: p.relative_to(OUTPUT_ROOT).as_posix())
def test_every_ref_resolves_inside_the_document(path: Path) -> None:
    document = load_document(path)
    refs = list(walk_refs(document))
    assert refs
    for where, ref in refs:
        assert ref.startswith("#/"), f"{where}: {ref} leaves the document"
        node: Any = document
        for token in unquote(ref[2:]).split("/"):
            token = token.replace("~1", "/").replace("~0", "~")
            node = node[int(token)] if isinstance(node, list) else node[token]


def test_conformance_vectors_get_the_same_verdict_from_the_components() -> None:
    document = load_document()
    validators: dict[str, Any] = {}
    count = 0
    for path in sorted((REPO / "tests" / "conformance" / "vectors").glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            family, name = case["type"].split(".", 1)
            key = component_key(family, name)
            v = validators.setdefault(key, validator(document, {"$ref": f"#/components/schemas/{key}"}))
            problems = errors(v, case["instance"])
            assert (not problems) == case["valid"], f"{path.name}: {case['name']}: {problems or 'accepted'}"
            count += 1
    assert count > 100


# ---- examples ----------------------------------------------------------------------------------
def media_examples(media: dict[str, Any]) -> list[tuple[str, Any]]:
    out = [(name, ex["value"]) for name, ex in media.get("examples", {}).items()]
    if "example" in media:
        out.append(("example", media["example"]))
    return out


def check_examples(document: dict[str, Any]) -> tuple[list[str], dict[str, int]]:
    """Every example in an OpenAPI document (3.2, or the 3.1 rendering) against its schema: a
    value against `schema`; a serialised stream (3.2 `serializedValue`, 3.1 `x-oai-serializedValue`)
    split by its framing, each item against the item schema (3.2 `itemSchema`, 3.1
    `x-item-schema`), a string holding JSON against its contentSchema, and the whole stream
    against its `x-stream` rules. Returns (problems, counts)."""
    problems: list[str] = []
    counts = {"media": 0, "streams": 0, "stream items": 0, "parameters": 0, "components": 0}
    is_31 = document["openapi"].startswith("3.1")
    item_key = "x-item-schema" if is_31 else "itemSchema"
    serialized_key = "x-oai-serializedValue" if is_31 else "serializedValue"

    def check(where: str, schema: Any, instance: Any) -> None:
        problems.extend(f"{where}{p}" for p in errors(validator(document, schema), instance))

    def check_item(where: str, item_schema: Any, item: Any) -> None:
        check(where, item_schema, item)
        # contentMediaType/contentSchema are annotations in 2020-12: assert them here.
        target = item_schema
        if "$ref" in target:
            target = document["components"]["schemas"][target["$ref"].rsplit("/", 1)[1]]
        for prop, sub in target.get("properties", {}).items():
            if sub.get("contentMediaType") == "application/json" and isinstance(item, dict) and isinstance(item.get(prop), str):
                check(f"{where} {prop} (JSON content)", sub["contentSchema"], json.loads(item[prop]))

    for path, item in document.get("paths", {}).items():
        for method, op in item.items():
            here = f"{method.upper()} {path}"
            for p in op.get("parameters", []):
                if "example" in p:
                    check(f"{here} parameter {p['name']}", p["schema"], p["example"])
                    counts["parameters"] += 1
            contents = [("request", op.get("requestBody", {}).get("content", {}))]
            contents += [(f"response {code}", r.get("content", {})) for code, r in op.get("responses", {}).items()]
            for label, content in contents:
                for media_type, media in content.items():
                    for name, example in media.get("examples", {}).items():
                        where = f"{here} {label} {media_type} example {name}"
                        if serialized_key in example:
                            text = example[serialized_key]
                            items = parse_event_stream(text) if media_type == SSE else parse_ndjson(text)
                            if not items:
                                problems.append(f"{where}: no items")
                            for i, it in enumerate(items):
                                check_item(f"{where} item {i}", media[item_key], it)
                                counts["stream items"] += 1
                            if "x-stream" in media:
                                problems.extend(f"{where}: {p}" for p in stream_problems(document, media["x-stream"], text))
                            counts["streams"] += 1
                        else:
                            schema = media["schema"] if "schema" in media else media[item_key]
                            check(where, schema, example["value"])
                            counts["media"] += 1
    for key, schema in document.get("components", {}).get("schemas", {}).items():
        for i, value in enumerate(schema.get("examples", [])):
            check(f"components/schemas/{key} examples/{i}", {"$ref": f"#/components/schemas/{key}"}, value)
            counts["components"] += 1
    return problems, counts


@pytest.mark.parametrize("name", ["openapi.json", "openapi-3.1.json"])
def test_every_example_validates_against_its_schema(name: str) -> None:
    problems, counts = check_examples(load_document(GENERATED / name))
    assert not problems, "\n".join(problems)
    # The operations carry the seeds' examples: the request, the 200 JSON body, 400 (three
    # operations) and 429; the streams of seeds 003 (3 events), 002 (3 packets) and 004 (4 lines,
    # under both media types); the parameters' examples; the components' own examples.
    assert counts["media"] == 6, counts
    assert counts["streams"] == 4, counts
    assert counts["stream items"] == 3 + 3 + 4 + 4, counts
    assert counts["parameters"] == 5, counts
    assert counts["components"] >= 50, counts


def test_the_golden_operations_examples_validate() -> None:
    """The second contract (golden case `operations`): its JSON example and its example stream,
    against the schemas and the stream's rules (gapless sequence, first, heartbeat tag, terminal)."""
    for name in ("openapi.json", "openapi-3.1.json"):
        problems, counts = check_examples(load_document(GOLDEN_OUTPUT / "operations" / "expected" / "openapi" / name))
        assert not problems, "\n".join(problems)
        assert (counts["media"], counts["streams"], counts["stream items"]) == (1, 1, 3), counts


def test_the_example_check_catches_broken_examples() -> None:
    document = load_document()
    broken = copy.deepcopy(document)
    body = broken["paths"]["/v1/assist"]["post"]["requestBody"]["content"]["application/json"]
    next(iter(body["examples"].values()))["value"]["request_id"] = "not-a-uuid"
    sse = next(iter(broken["paths"]["/v1/assist"]["post"]["responses"]["200"]["content"][SSE]["examples"].values()))
    sse["serializedValue"] = sse["serializedValue"].replace('"source":', '"sauce":', 1)  # no source
    packets = next(iter(broken["paths"]["/v1/assist"]["get"]["responses"]["200"]["content"][SSE]["examples"].values()))
    packets["serializedValue"] = packets["serializedValue"].replace('"seq": 2', '"seq": 5').replace("event: stream.packet", "event: message", 1)
    chat = broken["paths"]["/api/chat/message/stream"]["get"]["responses"]["200"]["content"]["application/x-ndjson"]
    lines = next(iter(chat["examples"].values()))
    lines["serializedValue"] = "\n".join(lines["serializedValue"].split("\n")[1:3]) + "\n"  # no stream_start, no done
    problems, _ = check_examples(broken)
    assert any("request application/json example" in p and "request_id" in p for p in problems), problems
    assert any("(JSON content)" in p and "source" in p for p in problems), problems
    assert any("sse-event: event 'message', expected 'stream.packet'" in p for p in problems), problems
    assert any("sequence-gap: 5 after 1" in p for p in problems), problems
    assert any("first: 'message_delta' cannot start the stream" in p for p in problems), problems
    assert any("terminal: the stream ends without a terminal item" in p for p in problems), problems


# ---- provenance and serialisation ------------------------------------------------------------
def test_header_says_generated_and_lists_every_source() -> None:
    document = load_document()
    header = document["x-generated-by"]
    assert re.fullmatch(r"generated by contractgen \d+\.\d+\.\d+ from .+ \(schema set sha256:[0-9a-f]{16}\); do not edit", header)
    for rel in schema_files(SCHEMAS):
        assert f"schemas/{rel}" in header
    yaml_text = (GENERATED / "openapi.yaml").read_text(encoding="utf-8")
    assert yaml_text.splitlines()[0] == "# " + header
    assert load_document(GENERATED / "openapi-3.1.json")["x-generated-by"] == header
    asyncapi = load_document(OUTPUT_ROOT / "generated" / "asyncapi" / "asyncapi.json")["x-generated-by"]
    assert re.fullmatch(r"generated by contractgen \d+\.\d+\.\d+ \(schema set sha256:[0-9a-f]{16}\); do not edit", asyncapi)


@pytest.mark.parametrize("doc_dir", DOCUMENTS + [d.parent / "asyncapi" for d in DOCUMENTS],
                         ids=lambda p: p.relative_to(OUTPUT_ROOT).as_posix())
def test_json_and_yaml_hold_the_same_value(doc_dir: Path) -> None:
    stem = doc_dir.name
    as_json = load_document(doc_dir / f"{stem}.json")
    with (doc_dir / f"{stem}.yaml").open(encoding="utf-8") as f:
        as_yaml = yaml.safe_load(f)
    assert as_yaml == as_json
    for path in doc_dir.iterdir():
        raw = path.read_bytes()
        assert raw.endswith(b"\n") and not raw.endswith(b"\n\n") and b"\r" not in raw


def test_hostile_text_survives_exactly_and_invisible_characters_are_escaped() -> None:
    case = GOLDEN / "hostile"
    expected = GOLDEN_OUTPUT / "hostile" / "expected"
    document = load_document(expected / "openapi" / "openapi.json")
    compared = 0
    for rel, schema in schema_files(case / "input").items():
        for name, definition in schema.get("$defs", {}).items():
            published = document["components"]["schemas"][component_key(rel.split("/")[0], name)]
            assert published.get("description") == definition.get("description")
            compared += 1
    assert compared >= 1
    for name in ("openapi/openapi.json", "openapi/openapi.yaml", "openapi/openapi-3.1.json", "asyncapi/asyncapi.json",
                 "asyncapi/asyncapi.yaml"):
        text = (expected / name).read_text(encoding="utf-8")
        for ch in ("\u202e", "\u2028", "\u2029", "\u200f", "\ufeff"):
            assert ch not in text, f"{name} has a raw U+{ord(ch):04X}"
        assert "\\u202e" in text and "\\u2028" in text
