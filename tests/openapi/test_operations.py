"""The operations and streams of the generated documents against the schemas they come from
(schemas/*/*.schema.json: `x-openapi` and `x-streams`; schemas/README.md, "Operations and
streams"), by an independent reading of the documented rules:

  * each operation is its source Operation Object with every schema `$ref` rewritten to its
    component, and each `x-stream` replaced by the stream it names, published with its name and
    its `$ref`s rewritten; tags are the schemas' tags;
  * every streaming media type's itemSchema is a bare `$ref` to a named component: the stream's
    item (NDJSON) or its SSE event schema;
  * the 3.1 rendering is the 3.2 document with exactly the documented changes;
  * the AsyncAPI document has one channel per streaming operation and one message per tag value;
  * the contract's tables that restate the operations agree with them, and the operations' prose
    names what the tables hold.
Run: .venv/bin/python -m pytest tests/openapi/test_operations.py -q
"""

from __future__ import annotations

import copy
import json
import posixpath
from pathlib import Path
from typing import Any

import pytest

from support import GENERATED, OUTPUT_ROOT, REPO, load_document
from test_document import component_key, rewrite, rewrite_ref, schema_files

SCHEMAS = REPO / "schemas"
DOCUMENT = load_document()
DOCUMENT_31 = load_document(GENERATED / "openapi-3.1.json")
ASYNCAPI = load_document(OUTPUT_ROOT / "generated" / "asyncapi" / "asyncapi.json")
FILES = schema_files(SCHEMAS)
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def streams(files: dict[str, Any]) -> dict[tuple[str, str], tuple[str, dict[str, Any]]]:
    """(file, name) → (family.Name, declaration) of every x-streams entry."""
    return {(rel, name): (rel.split("/")[0] + "." + name, decl)
            for rel, doc in files.items() for name, decl in doc.get("x-streams", {}).items()}


def all_refs(node: Any, rel: str, files: dict[str, Any]) -> Any:
    """A stream declaration: every $ref names a type or constant."""
    if isinstance(node, list):
        return [all_refs(v, rel, files) for v in node]
    if not isinstance(node, dict):
        return node
    return {k: rewrite_ref(v, rel, files) if k == "$ref" else all_refs(v, rel, files) for k, v in node.items()}


def published(files: dict[str, Any], rel: str, ref: str) -> dict[str, Any]:
    file_part, _, fragment = ref.partition("#")
    target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), file_part)) if file_part else rel
    name = fragment.removeprefix("/x-streams/")
    qualified, decl = streams(files)[(target, name)]
    return {"name": qualified, **all_refs(decl, target, files)}


def expected_operation(files: dict[str, Any], rel: str, op: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(op)
    for p in out.get("parameters", []):
        if "schema" in p:
            p["schema"] = rewrite(p["schema"], rel, files)
    bodies = [out["requestBody"]] if "requestBody" in out else []
    for body in bodies + list(out["responses"].values()):
        for header in body.get("headers", {}).values():
            if "schema" in header:
                header["schema"] = rewrite(header["schema"], rel, files)
        for media in body.get("content", {}).values():
            for key in ("schema", "itemSchema"):
                if key in media:
                    media[key] = rewrite(media[key], rel, files)
            if "x-stream" in media:
                media["x-stream"] = published(files, rel, media["x-stream"]["$ref"])
    return out


def source_operations(files: dict[str, Any]) -> list[tuple[str, str, str, dict[str, Any]]]:
    return [(rel, path, method, op) for rel, doc in files.items()
            for path, item in doc.get("x-openapi", {}).get("paths", {}).items()
            for method, op in item.items() if method in METHODS]


# The repository's contract, and the second contract of the golden case `operations`.
CONTRACTS = [(SCHEMAS, GENERATED, 3), (REPO / "tests/golden/operations/input", OUTPUT_ROOT / "tests/golden/operations/expected/openapi", 2)]


@pytest.mark.parametrize("schemas, documents, count", CONTRACTS, ids=["repository", "golden-operations"])
def test_every_operation_is_its_x_openapi_source_with_components_and_streams(schemas: Path, documents: Path, count: int) -> None:
    files = schema_files(schemas)
    document = load_document(documents / "openapi.json")
    sources = source_operations(files)
    assert len(sources) == count
    for rel, path, method, op in sources:
        assert document["paths"][path][method] == expected_operation(files, rel, op), f"{method} {path} from {rel}"
    assert sum(len(item) for item in document["paths"].values()) == len(sources)
    assert document["tags"] == [t for doc in files.values() for t in doc.get("x-openapi", {}).get("tags", [])]


def streaming_media() -> list[tuple[str, str, str, dict[str, Any]]]:
    return [(f"{method} {path}", code, name, media)
            for path, item in DOCUMENT["paths"].items() for method, op in item.items()
            for code, response in op["responses"].items()
            for name, media in response.get("content", {}).items()
            if "itemSchema" in media or name.startswith("text/event-stream") or "ndjson" in name]


def test_every_streaming_media_type_has_an_item_schema_naming_its_item_component() -> None:
    media_types = streaming_media()
    assert len(media_types) == 4  # POST and GET /v1/assist, the chat stream's two media types
    components = DOCUMENT["components"]["schemas"]
    for where, code, name, media in media_types:
        ref = media["itemSchema"]
        assert list(ref) == ["$ref"] and ref["$ref"].rsplit("/", 1)[1] in components, f"{where} {code} {name}: {ref}"
        stream = media["x-stream"]
        expected = stream["sse"]["eventSchema"] if stream["framing"] == "sse" else stream["item"]
        assert ref == expected, f"{where} {name}: itemSchema is not the stream's item"
        assert (stream["framing"] == "sse") == name.startswith("text/event-stream")
        assert "schema" not in media and "x-item-schema" not in media
    named = {(where, name): media["itemSchema"]["$ref"].rsplit("/", 1)[1] for where, _, name, media in media_types}
    assert named == {
        ("post /v1/assist", "text/event-stream"): "assist.ServerSentEvent",
        ("get /v1/assist", "text/event-stream"): "packets.PacketServerSentEvent",
        ("get /api/chat/message/stream", "application/x-ndjson"): "chat_stream.StreamEnvelope",
        ("get /api/chat/message/stream", "text/plain; charset=utf-8"): "chat_stream.StreamEnvelope",
    }


def test_the_3_1_rendering_is_the_3_2_document_with_the_documented_changes() -> None:
    expected = copy.deepcopy(DOCUMENT)
    expected["openapi"] = "3.1.0"
    expected["jsonSchemaDialect"] = "https://spec.openapis.org/oas/3.1/dialect/base"
    for item in expected["paths"].values():
        for op in item.values():
            for body in ([op["requestBody"]] if "requestBody" in op else []) + list(op["responses"].values()):
                for name, media in body.get("content", {}).items():
                    converted: dict[str, Any] = {}
                    for key, value in media.items():
                        if key == "itemSchema":
                            converted["schema"] = value if name.startswith("text/event-stream") else {
                                "type": "string",
                                "description": "A stream of items; `x-item-schema` is the schema of each item "
                                               "(OpenAPI 3.2's `itemSchema`)."}
                            converted["x-item-schema"] = value
                        elif key == "examples":
                            converted[key] = {n: {("x-oai-serializedValue" if k == "serializedValue" else k): v
                                                  for k, v in ex.items()} for n, ex in value.items()}
                        else:
                            converted[key] = value
                    body["content"][name] = converted
    assert DOCUMENT_31 == expected
    assert '"itemSchema":' not in json.dumps(DOCUMENT_31["paths"]) and '"serializedValue":' not in json.dumps(DOCUMENT_31)


def test_the_asyncapi_document_has_a_channel_per_streaming_operation_and_a_message_per_tag_value() -> None:
    operations = {op["operationId"]: (method, path, op) for path, item in DOCUMENT["paths"].items()
                  for method, op in item.items()
                  if any("x-stream" in m for r in op["responses"].values() for m in r.get("content", {}).values())}
    assert set(operations) == {"assist", "streamPackets", "streamChatMessage"}
    # Plus one channel per stream no operation serves: seed 001's run events (no endpoint given).
    assert set(ASYNCAPI["channels"]) == set(operations) | {"RunEvents"}
    messages = ASYNCAPI["components"]["messages"]
    for op_id, (method, path, op) in operations.items():
        channel = ASYNCAPI["channels"][op_id]
        assert channel["address"] == path
        stream = next(m["x-stream"] for r in op["responses"].values() for m in r.get("content", {}).values() if "x-stream" in m)
        assert channel["x-streams"] == [stream]
        operation = ASYNCAPI["operations"][op_id]
        assert operation["action"] == "receive" and operation["channel"] == {"$ref": f"#/channels/{op_id}"}
        assert operation["bindings"]["http"]["method"] == method.upper()
        assert [m["$ref"].rsplit("/", 1)[1] for m in operation["messages"]] == list(channel["messages"])
        for key in channel["messages"]:
            assert key in messages
            assert messages[key]["payload"], key
    names = lambda op_id: [messages[k]["name"] for k in ASYNCAPI["channels"][op_id]["messages"]]  # noqa: E731
    chat_types = FILES["chat_stream/envelope.schema.json"]["$defs"]["StreamEventType"]["enum"]
    assert names("streamChatMessage") == chat_types
    assert names("streamPackets") == FILES["packets/stream_packet.schema.json"]["$defs"]["StreamOpCode"]["enum"]
    content_types = FILES["cloudevents/cloudevent.schema.json"]["$defs"]["EventContentType"]["enum"]
    assert names("assist") == content_types + ["other"]  # datacontenttype is open: one message for any other value
    assert messages["chat_stream.ChatStream.message_delta"]["payload"] == {"allOf": [
        {"$ref": "#/components/schemas/chat_stream.StreamEnvelope"},
        {"type": "object", "properties": {"data": {"$ref": "#/components/schemas/chat_stream.MessageDelta"}}, "required": ["data"]}]}
    assert messages["packets.PacketStream.CLOSE"]["payload"] == {"$ref": "#/components/schemas/packets.ClosePacket"}
    chat_binding = messages["chat_stream.ChatStream.done"]["bindings"]["http"]
    assert chat_binding["statusCode"] == 200 and chat_binding["headers"]["required"] == ["Cache-Control", "X-Accel-Buffering"]
    # The request's headers and cookies, as the operation's parameters declare them.
    for op_id, (method, path, op) in operations.items():
        for place, member in (("header", "x-request-headers"), ("cookie", "x-request-cookies")):
            declared = [p["name"] for p in op.get("parameters", []) if p["in"] == place]
            published = ASYNCAPI["operations"][op_id].get(member, {"properties": {}})["properties"]
            assert list(published) == declared, (op_id, place)
    run_events = ASYNCAPI["channels"]["RunEvents"]
    assert "address" not in run_events
    assert names("RunEvents") == FILES["run_events/events.schema.json"]["$defs"]["RunEventType"]["enum"]
    assert ASYNCAPI["operations"]["RunEvents"]["action"] == "receive"


# ---- the tables that restate the operations -------------------------------------------------------
def const(rel: str, name: str) -> Any:
    return FILES[rel]["$defs"][name]["const"]


def test_the_contract_tables_agree_with_the_operations() -> None:
    assist = DOCUMENT["paths"][const("assist/tables.schema.json", "AssistEndpointPath")]
    post = assist[const("assist/tables.schema.json", "AssistEndpointMethod").lower()]
    assert list(post["requestBody"]["content"]) == [const("assist/tables.schema.json", "AssistRequestContentType")]
    modes = const("assist/tables.schema.json", "DeliveryModeContentTypes")
    assert list(post["responses"]["200"]["content"]) == [modes["REQUEST_RESPONSE"], modes["SERVER_SENT_EVENTS"]]
    assert list(assist["get"]["responses"]["200"]["content"]) == [const("packets/tables.schema.json", "StreamPacketSseContentType")]
    chat = DOCUMENT["paths"][const("chat_stream/tables.schema.json", "ChatStreamPath")]["get"]
    assert const("chat_stream/tables.schema.json", "ChatStreamContentType") in chat["responses"]["200"]["content"]


def test_the_operations_prose_names_what_the_tables_hold() -> None:
    post = DOCUMENT["paths"]["/v1/assist"]["post"]
    ok = post["responses"]["200"]["description"]
    for value in FILES["cloudevents/cloudevent.schema.json"]["$defs"]["EventContentType"]["enum"]:
        assert f"`{value}`" in ok, value
    for mode in FILES["assist/service.schema.json"]["$defs"]["DeliveryMode"]["enum"]:
        assert f"`{mode}`" in post["description"], mode
    chat = DOCUMENT["paths"]["/api/chat/message/stream"]["get"]["description"]
    for value in [*const("chat_stream/tables.schema.json", "FirstEventTypes"), *const("chat_stream/tables.schema.json", "TerminalEventTypes")]:
        assert f"`{value}`" in chat, value
    assert f"{const('chat_stream/tables.schema.json', 'HeartbeatIntervalMs') // 1000} s" in chat
    assert f"{const('chat_stream/tables.schema.json', 'WatchdogTimeoutMs') // 1000} s" in chat
    assert f"at most {const('chat_stream/tables.schema.json', 'ReconnectMaxAttempts')} attempts" in chat


@pytest.mark.parametrize("key", ["assist.ServerSentEvent", "packets.PacketServerSentEvent"])
def test_sse_event_components_describe_their_data(key: str) -> None:
    data = DOCUMENT["components"]["schemas"][key]["properties"]["data"]
    family, _, name = data["x-json-content"].partition(".")
    assert data["contentMediaType"] == "application/json"
    assert data["contentSchema"] == {"$ref": "#/components/schemas/" + component_key(family, name)}
