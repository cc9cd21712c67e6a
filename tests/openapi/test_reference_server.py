"""The reference server (reference_server.py, built on the generated Pydantic models) against
the generated OpenAPI document: every response it gives has a documented status and media
type, and its body (or each item of a stream) validates against the document's schema with a
standard validator. Then schemathesis runs against it with the document (zero failures).
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
CHAT_PATH = "/api/chat/message/stream"
CHAT = DOCUMENT["paths"][CHAT_PATH]["get"]
REQUEST = {
    "request_id": "123e4567-e89b-12d3-a456-426614174000",
    "session_id": "123e4567-e89b-12d3-a456-426614174001",
    "payload": {"query": "Hello world"},
}


@pytest.fixture(scope="module")
def server() -> Iterator[ReferenceServer]:
    with ReferenceServer() as s:
        yield s


def call(server: ReferenceServer, method: str, path: str, body: bytes | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, str, bytes]:
    req = urllib.request.Request(server.url + path, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read()


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
    content = media["x-item-schema"]["properties"]["data"]["contentSchema"]
    chunks = []
    for e in events:
        assert_valid(media["schema"], e)  # OpenAPI 3.1: `schema` of text/event-stream is per event
        assert_valid(media["x-item-schema"], e)
        cloud = json.loads(e["data"])
        assert_valid(content, cloud)
        assert e["event"] == cloud["type"] and e["id"] == cloud["id"]
        if cloud["datacontenttype"] == "application/vnd.coreason.stream+json":
            chunks.append(cloud["data"]["chunk"])
    assert [e["event"] for e in events][0] == "ai.coreason.node.started"
    assert json.loads(events[-1]["data"])["data"] == {"output_summary": "".join(chunks)}


@pytest.mark.parametrize(
    "body, content_type, expected",
    [
        ({**REQUEST, "request_id": "nope"}, "application/json", [("body", "/request_id")]),
        ({**REQUEST, "payload": {}}, "application/json", [("body", "/payload/query")]),
        ({**REQUEST, "extra": 1}, "application/json", [("body", "/extra")]),
        ({"payload": {"query": 1}}, "application/json",
         [("body", "/request_id"), ("body", "/session_id"), ("body", "/payload/query")]),
        ([], "application/json", [("body", "")]),
        (b"{not json", "application/json", [("body", "")]),
        (REQUEST, "text/plain", [("header", "/Content-Type")]),
    ],
    ids=["bad-uuid", "missing-query", "unknown-member", "three-problems", "not-an-object", "not-json", "content-type"],
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
    status, _, _ = call(server, "GET", "/v1/assist")
    assert status == 405


@pytest.mark.parametrize("accept, expected", [("application/x-ndjson", "application/x-ndjson"),
                                              (None, "text/plain; charset=utf-8")])
def test_chat_stream(server: ReferenceServer, accept: str | None, expected: str) -> None:
    status, ctype, body = call(server, "GET", CHAT_PATH + "?message_stream_id=msg_123",
                               headers={"Accept": accept} if accept else {})
    assert (status, ctype) == (200, expected)
    media = documented(CHAT, status, ctype)
    lines = parse_ndjson(body.decode("utf-8"))
    for line in lines:
        assert_valid(media["x-item-schema"], line)
    types = [line["data"]["type"] for line in lines]
    assert types[0] == "stream_start" and types[-1] == "done"


@pytest.mark.parametrize("query, status", [("", 400), ("?message_stream_id=", 400), ("?message_stream_id=missing-1", 404)])
def test_chat_stream_errors(server: ReferenceServer, query: str, status: int) -> None:
    got, ctype, body = call(server, "GET", CHAT_PATH + query)
    assert got == status
    assert_valid(documented(CHAT, got, ctype)["schema"], json.loads(body))


SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")


@pytest.mark.parametrize("accept", [None, "text/event-stream, application/x-ndjson"], ids=["default", "streaming"])
def test_schemathesis_finds_no_failures(server: ReferenceServer, accept: str | None, tmp_path: Path) -> None:
    """Examples, coverage and fuzzing phases, positive and negative data, every check."""
    command = [str(SCHEMATHESIS), "run", str(REPO / "generated" / "openapi" / "openapi.json"),
               "--url", server.url, "--checks", "all", "--mode", "all", "--max-examples", "25", "--seed", "20260220",
               "--request-timeout", "10", "--workers", "2", "--no-color",
               "--report", "junit", "--report-dir", str(tmp_path)]
    if accept:
        command += ["--header", f"Accept: {accept}"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=tmp_path,
                            env={"SCHEMATHESIS_TELEMETRY": "false", "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stdout[-8000:] + result.stderr[-2000:]
    assert "No issues found" in result.stdout, result.stdout[-4000:]
    assert "Tested: 2" in result.stdout, "both operations were exercised"
