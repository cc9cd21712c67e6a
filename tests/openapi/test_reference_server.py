"""The reference server (reference_server.py, built on the generated Pydantic models) against
the generated OpenAPI document (3.2): every response it gives has a documented status and media
type, its documented headers, and its body (or each item of a stream, against the media type's
itemSchema, and the stream's rules in its x-stream) validates with a standard validator. Then
schemathesis runs against it with the 3.2 and the 3.1 document (zero failures).
Run: .venv/bin/python -m pytest tests/openapi/test_reference_server.py -q
"""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from support import REPO, ReferenceServer, errors, load_document, parse_event_stream, parse_ndjson, validator

DOCUMENT = load_document()
ASSIST = DOCUMENT["paths"]["/v1/assist"]["post"]
PACKETS = DOCUMENT["paths"]["/v1/assist"]["get"]
CHAT_PATH = "/api/chat/message/stream"
CHAT = DOCUMENT["paths"][CHAT_PATH]["get"]
BROWSER = {"X-Gradient-Browser-Client": "1"}
REQUEST = {
    "request_id": "123e4567-e89b-12d3-a456-426614174000",
    "session_id": "123e4567-e89b-12d3-a456-426614174001",
    "payload": {"query": "Hello world"},
}


@pytest.fixture(scope="module")
def server() -> Iterator[ReferenceServer]:
    with ReferenceServer() as s:
        yield s


LAST_HEADERS: dict[str, str] = {}


def call(server: ReferenceServer, method: str, path: str, body: bytes | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, str, bytes]:
    """(status, Content-Type, body); the response's headers are left in LAST_HEADERS."""
    req = urllib.request.Request(server.url + path, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            LAST_HEADERS.clear()
            LAST_HEADERS.update(r.headers.items())
            return r.status, r.headers.get("Content-Type", ""), r.read()
    except urllib.error.HTTPError as e:
        LAST_HEADERS.clear()
        LAST_HEADERS.update(e.headers.items())
        return e.code, e.headers.get("Content-Type", ""), e.read()


def assert_documented_headers(operation: dict[str, Any], status: int) -> None:
    """Every header the response documents: present when required, and valid against its schema."""
    headers = {k.lower(): v for k, v in LAST_HEADERS.items()}
    for name, header in operation["responses"][str(status)].get("headers", {}).items():
        if name.lower() not in headers:
            assert not header.get("required"), f"required response header {name} is missing"
            continue
        assert_valid(header["schema"], headers[name.lower()])


def documented(operation: dict[str, Any], status: int, content_type: str) -> dict[str, Any]:
    """The media type object the document gives for this status and Content-Type."""
    response = operation["responses"].get(str(status))
    assert response is not None, f"status {status} is not documented"
    media = response["content"].get(content_type)
    assert media is not None, f"{status}: Content-Type {content_type!r} is not documented ({list(response['content'])})"
    return media


def assert_valid(schema: Any, instance: Any) -> None:
    problems = errors(validator(DOCUMENT, schema), instance)
    assert not problems, "\n".join(problems)


def post_assist(server: ReferenceServer, accept: str, body: Any = REQUEST,
                content_type: str = "application/json") -> tuple[int, str, bytes]:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    return call(server, "POST", "/v1/assist", raw, {"Content-Type": content_type, "Accept": accept})


def test_request_response_mode(server: ReferenceServer) -> None:
    status, ctype, body = post_assist(server, "application/json")
    assert status == 200
    media = documented(ASSIST, status, ctype)
    assert_valid(media["schema"], json.loads(body))
    assert json.loads(body) == {"summary": "You asked: Hello world"}


@pytest.mark.parametrize("accept", ["text/event-stream", "application/json;q=0.5, text/event-stream"])
def test_server_sent_events_mode(server: ReferenceServer, accept: str) -> None:
    status, ctype, body = post_assist(server, accept)
    assert (status, ctype) == (200, "text/event-stream")
    media = documented(ASSIST, status, ctype)
    events = parse_event_stream(body.decode("utf-8"))
    assert len(events) >= 3
    stream = media["x-stream"]
    assert stream["sse"]["event"] == {"pointer": "/type"} and stream["sse"]["id"] == {"pointer": "/id"}  # every CloudEvent has an id
    chunks = []
    for e in events:
        assert_valid(media["itemSchema"], e)
        cloud = json.loads(e["data"])
        assert_valid(stream["item"], cloud)
        assert e["event"] == cloud["type"] and e["id"] == cloud["id"]
        if cloud["datacontenttype"] == "application/vnd.coreason.stream+json":
            chunks.append(cloud["data"]["chunk"])
    assert [e["event"] for e in events][0] == "ai.coreason.node.started"
    assert json.loads(events[-1]["data"])["data"] == {"output_summary": "".join(chunks)}


@pytest.mark.parametrize(
    "body, content_type, expected",
    [
        ({**REQUEST, "request_id": "nope"}, "application/json", [("body", "/request_id")]),
        ({**REQUEST, "payload": {"query": 1}}, "application/json", [("body", "/payload/query")]),
        ({**REQUEST, "root_request_id": "nope"}, "application/json", [("body", "/root_request_id")]),
        # Three problems: the one reported is the first in the text (two members missing at the end).
        ({"payload": {"query": 1}}, "application/json", [("body", "/payload/query")]),
        (b'{"request_id":1,"request_id":2}', "application/json", [("body", "/request_id")]),
        ([], "application/json", [("body", "")]),
        (b"{not json", "application/json", [("body", "")]),
        (REQUEST, "text/plain", [("header", "/Content-Type")]),
    ],
    ids=["bad-uuid", "query-not-a-string", "bad-root-id", "first-of-three", "duplicate", "not-an-object", "not-json",
         "content-type"],
)
def test_invalid_requests_get_400_with_a_validation_error(server: ReferenceServer, body: Any, content_type: str,
                                                          expected: list[tuple[str, str]]) -> None:
    for accept in ("application/json", "text/event-stream"):
        status, ctype, raw = post_assist(server, accept, body, content_type)
        assert status == 400
        media = documented(ASSIST, status, ctype)
        payload = json.loads(raw)
        assert_valid(media["schema"], payload)
        assert sorted((e["location"], e["path"]) for e in payload["errors"]) == sorted(expected)


def test_other_methods_are_refused(server: ReferenceServer) -> None:
    status, _, _ = call(server, "PUT", "/v1/assist")
    assert status == 405


def constant(ref: dict[str, str]) -> Any:
    """The value of a contract constant a stream rule names: {"$ref": "#/components/schemas/<key>"}."""
    return DOCUMENT["components"]["schemas"][ref["$ref"].rsplit("/", 1)[1]]["const"]


@pytest.mark.parametrize("accept, expected", [("application/x-ndjson", "application/x-ndjson"),
                                              (None, "text/plain; charset=utf-8")])
def test_chat_stream(server: ReferenceServer, accept: str | None, expected: str) -> None:
    status, ctype, body = call(server, "GET", CHAT_PATH + "?message_stream_id=msg_123",
                               headers={**BROWSER, **({"Accept": accept} if accept else {})})
    assert (status, ctype) == (200, expected)
    assert_documented_headers(CHAT, status)
    assert {"cache-control": "no-cache", "x-accel-buffering": "no"}.items() <= {k.lower(): v for k, v in LAST_HEADERS.items()}.items()
    media = documented(CHAT, status, ctype)
    lines = parse_ndjson(body.decode("utf-8"))
    for line in lines:
        assert_valid(media["itemSchema"], line)
    types = [line["data"]["type"] for line in lines]
    stream = media["x-stream"]
    assert types[0] == "stream_start" and types[0] in constant(stream["first"])
    assert types[-1] in constant(stream["terminal"]["tags"])
    assert not set(types[:-1]) & set(constant(stream["terminal"]["tags"]))


@pytest.mark.parametrize("query, headers, status, problems", [
    ("", BROWSER, 400, [("query", "/message_stream_id")]),
    ("?message_stream_id=", BROWSER, 400, [("query", "/message_stream_id")]),
    ("?message_stream_id=m", {"X-Gradient-Browser-Client": "0"}, 400, [("header", "/X-Gradient-Browser-Client")]),
    ("?message_stream_id=m", {**BROWSER, "X-Gradient-Workspace-Id": ""}, 400, [("header", "/X-Gradient-Workspace-Id")]),
    ("?message_stream_id=missing-1", BROWSER, 404, []),
], ids=["no-id", "empty-id", "wrong-browser-header", "empty-workspace", "unknown-id"])
def test_chat_stream_errors(server: ReferenceServer, query: str, headers: dict[str, str], status: int,
                            problems: list[tuple[str, str]]) -> None:
    got, ctype, body = call(server, "GET", CHAT_PATH + query, headers=headers)
    assert got == status
    payload = json.loads(body)
    assert_valid(documented(CHAT, got, ctype)["schema"], payload)
    if problems:
        assert sorted((e["location"], e["path"]) for e in payload["errors"]) == sorted(problems)


def test_chat_stream_without_the_browser_header_is_served(server: ReferenceServer) -> None:
    # The header is what the browser client sends; engines must not require it (schemas/README.md, fidelity #31).
    got, ctype, body = call(server, "GET", CHAT_PATH + "?message_stream_id=m")
    assert got == 200 and body.endswith(b"\n")


def test_chat_stream_documents_the_seed_request_headers_and_cookie() -> None:
    params = {p["name"]: p for p in CHAT["parameters"] if p["in"] == "header"}
    assert params["X-Gradient-Browser-Client"]["required"] is False
    assert params["X-Gradient-Browser-Client"]["schema"]["const"] == "1"
    assert params["X-Gradient-Workspace-Id"]["required"] is False
    assert set(params) == {"X-Gradient-Browser-Client", "X-Gradient-Workspace-Id", "Cache-Control"}
    # The session cookie is a cookie parameter, not a `Cookie` header (fidelity #30).
    cookies = [p for p in CHAT["parameters"] if p["in"] == "cookie"]
    assert [(p["name"], p["required"]) for p in cookies] == [("session", False)]


@pytest.mark.parametrize("last_event_id", [None, "0b0e8c4e-6f9a-4c1e-9d2f-3a4b5c6d7e8f"])
def test_packet_stream(server: ReferenceServer, last_event_id: str | None) -> None:
    """GET /v1/assist (seed 002): each event against itemSchema, each packet against the stream's
    item, and the stream's rules: event name, id from the packet, seq + 1 per stream_id, CLOSE last."""
    status, ctype, body = call(server, "GET", "/v1/assist",
                               headers={"Accept": "text/event-stream", **({"Last-Event-ID": last_event_id} if last_event_id else {})})
    assert (status, ctype) == (200, "text/event-stream")
    media = documented(PACKETS, status, ctype)
    stream = media["x-stream"]
    events = parse_event_stream(body.decode("utf-8"))
    member = constant(stream["sse"]["id"]["member"])
    seqs = []
    for e in events:
        assert_valid(media["itemSchema"], e)
        packet = json.loads(e["data"])
        assert_valid(stream["item"], packet)
        assert e["event"] == constant(stream["sse"]["event"])
        assert e["id"] == packet[member]
        if last_event_id:
            assert packet["stream_id"] == last_event_id
        seqs.append(packet["seq"])
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))
    ops = [json.loads(e["data"])["op"] for e in events]
    assert ops[-1] in constant(stream["terminal"]["tags"]) and ops.count("CLOSE") == 1


def test_packet_stream_refuses_a_last_event_id_that_is_not_a_stream_id(server: ReferenceServer) -> None:
    status, ctype, body = call(server, "GET", "/v1/assist", headers={"Last-Event-ID": "evt-001"})
    assert status == 400
    payload = json.loads(body)
    assert_valid(documented(PACKETS, status, ctype)["schema"], payload)
    assert [(e["location"], e["path"]) for e in payload["errors"]] == [("header", "/Last-Event-ID")]


SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")


@pytest.mark.parametrize("document", ["openapi.json", "openapi-3.1.json"])
@pytest.mark.parametrize("accept", [None, "text/event-stream, application/x-ndjson"], ids=["default", "streaming"])
def test_schemathesis_finds_no_failures(server: ReferenceServer, document: str, accept: str | None, tmp_path: Path) -> None:
    """Examples, coverage and fuzzing phases, positive and negative data, every check; OpenAPI 3.2
    (schemathesis validates each Server-Sent Event against itemSchema) and the 3.1 rendering."""
    command = [str(SCHEMATHESIS), "run", str(REPO / "generated" / "openapi" / document),
               "--url", server.url, "--checks", "all", "--mode", "all", "--max-examples", "25", "--seed", "20260220",
               "--request-timeout", "10", "--workers", "2", "--no-color",
               "--report", "junit", "--report-dir", str(tmp_path)]
    if accept:
        command += ["--header", f"Accept: {accept}"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=tmp_path,
                            env={"SCHEMATHESIS_TELEMETRY": "false", "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stdout[-8000:] + result.stderr[-2000:]
    assert "No issues found" in result.stdout, result.stdout[-4000:]
    assert "Tested: 3" in result.stdout, "all three operations were exercised"
