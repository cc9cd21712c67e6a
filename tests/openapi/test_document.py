"""The generated OpenAPI document (generated/openapi/openapi.json and .yaml), checked with a
standard JSON Schema validator (Python jsonschema, draft 2020-12, formats asserted):

  * every example in it (request and response media types, each item of the streaming
    examples, parameters, and every `examples` entry of every component) validates against
    its schema, and the checker itself catches a broken example;
  * every contract type is a component under the documented key rule, equal to its source
    schema with only the `$ref`s rewritten (plus an OpenAPI `discriminator`), and every
    conformance vector gets the same verdict from the components as from the contract;
  * operations, paths and content types are the contract's constants;
  * JSON and YAML hold the same value; schema text (the hostile golden case) survives exactly
    while invisible and bidirectional characters are escaped in the file.
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

from support import REPO, load_document, parse_event_stream, parse_ndjson, validator, errors

SCHEMAS = REPO / "schemas"
GOLDEN = REPO / "tests" / "golden"
DOCUMENTS = [REPO / "generated" / "openapi"] + sorted(p.parent for p in GOLDEN.glob("*/expected/openapi/openapi.json"))
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


def rewrite(node: Any, rel: str, files: dict[str, Any]) -> Any:
    """The source schema with every $ref turned into a component ref (the documented rule)."""
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for k, v in node.items():
        if k == "$ref":
            out[k] = rewrite_ref(v, rel, files)
        elif k in SCHEMA_KEYWORDS:
            out[k] = rewrite(v, rel, files)
        elif k in SCHEMA_MAPS and isinstance(v, dict):
            out[k] = {n: rewrite(s, rel, files) for n, s in v.items()}
        elif k in SCHEMA_LISTS and isinstance(v, list):
            out[k] = [rewrite(s, rel, files) for s in v]
        elif k == "discriminator" and isinstance(v, dict) and isinstance(v.get("mapping"), dict):
            out[k] = {**v, "mapping": {tag: rewrite_ref(r, rel, files) for tag, r in v["mapping"].items()}}
        else:
            out[k] = v
    return out


def source_for(doc_dir: Path) -> Path:
    return SCHEMAS if doc_dir == REPO / "generated" / "openapi" else doc_dir.parent.parent / "input"


@pytest.mark.parametrize("doc_dir", DOCUMENTS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_contract_type_is_its_source_schema_as_a_component(doc_dir: Path) -> None:
    document = load_document(doc_dir / "openapi.json")
    components = document["components"]["schemas"]
    expected_keys = []
    files = schema_files(source_for(doc_dir))
    for rel, schema in files.items():
        family = rel.split("/")[0]
        types = list(schema.get("$defs", {}).items())
        if root := root_type(rel, schema):  # the root first, without what only a file's top has
            types.insert(0, (root, {k: v for k, v in schema.items() if k not in ("$defs", "$schema", "$id")}))
        for name, definition in types:
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


@pytest.mark.parametrize("doc_dir", DOCUMENTS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_ref_resolves_inside_the_document(doc_dir: Path) -> None:
    document = load_document(doc_dir / "openapi.json")
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
    """Every example in the document against its schema. Returns (problems, counts)."""
    problems: list[str] = []
    counts = {"media": 0, "stream items": 0, "parameters": 0, "components": 0}

    def check(where: str, schema: Any, instance: Any) -> None:
        problems.extend(f"{where}{p}" for p in errors(validator(document, schema), instance))

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
                    for name, value in media_examples(media):
                        where = f"{here} {label} {media_type} example {name}"
                        check(where, media["schema"], value)
                        counts["media"] += 1
                        if "x-item-schema" not in media:
                            continue
                        item_schema = media["x-item-schema"]
                        if isinstance(value, str):  # a whole stream: each item against x-item-schema
                            items = parse_event_stream(value) if media_type == SSE else parse_ndjson(value)
                        else:  # one event (text/event-stream: `schema` describes each event)
                            items = [value]
                        if not items:
                            problems.append(f"{where}: no items")
                        for i, it in enumerate(items):
                            check(f"{where} item {i}", item_schema, it)
                            counts["stream items"] += 1
                            # contentMediaType/contentSchema are annotations in 2020-12: assert them here.
                            for prop, sub in item_schema.get("properties", {}).items():
                                if sub.get("contentMediaType") == "application/json" and isinstance(it.get(prop), str):
                                    check(f"{where} item {i} {prop} (JSON content)", sub["contentSchema"], json.loads(it[prop]))
    for key, schema in document.get("components", {}).get("schemas", {}).items():
        for i, value in enumerate(schema.get("examples", [])):
            check(f"components/schemas/{key} examples/{i}", {"$ref": f"#/components/schemas/{key}"}, value)
            counts["components"] += 1
    return problems, counts


def test_every_example_validates_against_its_schema() -> None:
    problems, counts = check_examples(load_document())
    assert not problems, "\n".join(problems)
    # The operations carry the contract's examples: request, 200 JSON, the SSE stream (the
    # ServerSentEvent and CloudEvent examples), the NDJSON stream (twice: both media types),
    # 400 (two operations) and 429; plus the parameter and the components' own examples.
    assert counts["media"] >= 7, counts
    assert counts["stream items"] >= 4, counts
    assert counts["parameters"] == 1, counts
    assert counts["components"] >= 50, counts


def test_the_example_check_catches_broken_examples() -> None:
    document = load_document()
    broken = copy.deepcopy(document)
    body = broken["paths"]["/v1/assist"]["post"]["requestBody"]["content"]["application/json"]
    next(iter(body["examples"].values()))["value"]["request_id"] = "not-a-uuid"
    sse = broken["paths"]["/v1/assist"]["post"]["responses"]["200"]["content"][SSE]
    example = next(iter(sse["examples"].values()))
    example["value"]["data"] = example["value"]["data"].replace('"source":', '"sauce":', 1)  # no source
    problems, _ = check_examples(broken)
    assert any("request application/json example" in p and "request_id" in p for p in problems), problems
    assert any("(JSON content)" in p and "source" in p for p in problems), problems


# ---- the operations follow the contract's tables -------------------------------------------------
def const(rel: str, name: str) -> Any:
    return json.loads((SCHEMAS / rel).read_text(encoding="utf-8"))["$defs"][name]["const"]


def test_operations_come_from_the_contract_tables() -> None:
    document = load_document()
    assert document["openapi"] == "3.1.0"
    path = const("assist/tables.schema.json", "AssistEndpointPath")
    method = const("assist/tables.schema.json", "AssistEndpointMethod").lower()
    op = document["paths"][path][method]
    assert op["operationId"] == "assist"
    body = op["requestBody"]
    assert body["required"] is True
    assert list(body["content"]) == [const("assist/tables.schema.json", "AssistRequestContentType")]
    assert body["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/assist.AgentRequest"}
    modes = const("assist/tables.schema.json", "DeliveryModeContentTypes")
    ok = op["responses"]["200"]["content"]
    assert list(ok) == [modes["REQUEST_RESPONSE"], modes["SERVER_SENT_EVENTS"]]
    assert ok["application/json"]["schema"] == {"$ref": "#/components/schemas/assist.AssistResponse"}
    item = ok[SSE]["x-item-schema"]
    assert item["allOf"] == [{"$ref": "#/components/schemas/assist.ServerSentEvent"}]
    assert item["properties"]["data"]["contentSchema"] == {"$ref": "#/components/schemas/cloudevents.CloudEvent"}
    # OpenAPI 3.1 tools read the `schema` of text/event-stream as the schema of each event.
    per_event = dict(ok[SSE]["schema"])
    per_event.pop("description")
    assert per_event == item
    description = op["responses"]["200"]["description"]  # media types have no description in 3.1
    for needle in ["event:", "id:", "data:", "datacontenttype", "application/vnd.coreason.stream+json",
                   "application/vnd.coreason.error+json", "application/vnd.coreason.artifact+json"]:
        assert needle in description, needle
    assert set(op["responses"]) == {"200", "400", "429", "500"}
    assert op["responses"]["400"]["content"]["application/json"]["schema"] == \
        {"$ref": "#/components/schemas/assist.ValidationErrorResponse"}
    for code in ("429", "500"):
        assert op["responses"][code]["content"]["application/json"]["schema"] == \
            {"$ref": "#/components/schemas/cloudevents.ErrorPayload"}

    chat = document["paths"][const("chat_stream/tables.schema.json", "ChatStreamPath")]["get"]
    assert [p["name"] for p in chat["parameters"]] == ["message_stream_id"]
    content = chat["responses"]["200"]["content"]
    assert list(content) == ["application/x-ndjson", const("chat_stream/tables.schema.json", "ChatStreamContentType")]
    for media in content.values():
        assert media["x-item-schema"] == {"$ref": "#/components/schemas/chat_stream.StreamEnvelope"}
    assert set(chat["responses"]) == {"200", "400", "404"}


def test_header_says_generated_and_lists_every_source() -> None:
    document = load_document()
    header = document["x-generated-by"]
    assert re.fullmatch(r"generated by contractgen \d+\.\d+\.\d+ from .+ \(schema set sha256:[0-9a-f]{16}\); do not edit", header)
    for rel in schema_files(SCHEMAS):
        assert f"schemas/{rel}" in header
    yaml_text = (REPO / "generated" / "openapi" / "openapi.yaml").read_text(encoding="utf-8")
    assert yaml_text.splitlines()[0] == "# " + header


# ---- serialisation ------------------------------------------------------------------------------
@pytest.mark.parametrize("doc_dir", DOCUMENTS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_json_and_yaml_hold_the_same_value(doc_dir: Path) -> None:
    as_json = load_document(doc_dir / "openapi.json")
    with (doc_dir / "openapi.yaml").open(encoding="utf-8") as f:
        as_yaml = yaml.safe_load(f)
    assert as_yaml == as_json
    for name in ("openapi.json", "openapi.yaml"):
        raw = (doc_dir / name).read_bytes()
        assert raw.endswith(b"\n") and not raw.endswith(b"\n\n") and b"\r" not in raw


def test_hostile_text_survives_exactly_and_invisible_characters_are_escaped() -> None:
    case = GOLDEN / "hostile"
    document = load_document(case / "expected" / "openapi" / "openapi.json")
    compared = 0
    for rel, schema in schema_files(case / "input").items():
        for name, definition in schema.get("$defs", {}).items():
            published = document["components"]["schemas"][component_key(rel.split("/")[0], name)]
            assert published.get("description") == definition.get("description")
            compared += 1
    assert compared >= 1
    for name in ("openapi.json", "openapi.yaml"):
        text = (case / "expected" / "openapi" / name).read_text(encoding="utf-8")
        for ch in ("\u202e", "\u2028", "\u2029", "\u200f", "\ufeff"):
            assert ch not in text, f"{name} has a raw U+{ord(ch):04X}"
        assert "\\u202e" in text and "\\u2028" in text
