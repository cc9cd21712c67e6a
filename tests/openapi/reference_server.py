"""A small reference server of the contract's HTTP endpoints, built on the generated
Pydantic models (generated/python, import package `contract`) and the standard library.

    POST <assist.AssistEndpointPath>   (/v1/assist, seed 003)
        body: an AgentRequest (application/json), validated with contract.assist.AgentRequest;
        Accept: text/event-stream  -> a Server-Sent Events stream of canned CloudEvents;
        otherwise                  -> one AssistResponse (application/json);
        anything invalid           -> 400 with an assist.ValidationErrorResponse.
    GET <assist.AssistEndpointPath>    (/v1/assist, seed 002)
        -> a Server-Sent Events stream of canned StreamPackets (event: stream.packet, id: the
           stream_id; Last-Event-ID, a stream_id, resumes that stream); 400 when Last-Event-ID
           is not a UUID.
    GET <chat_stream.ChatStreamPath>?message_stream_id=ID   (/api/chat/message/stream, seed 004)
        -> NDJSON, one chat_stream.StreamEnvelope per line (application/x-ndjson when the
           client accepts it, chat_stream.ChatStreamContentType otherwise), with
           Cache-Control: no-cache and X-Accel-Buffering: no; 400 without an id, with an
           X-Gradient-Browser-Client other than 1 (the header is optional) or with an
           empty X-Gradient-Workspace-Id; 404
           (cloudevents.ErrorPayload) for ids starting with "missing".

Every body it writes is first built and validated as a contract model, so the server cannot
send what the models reject. Usage: python reference_server.py [--port 0]; it prints
"listening on http://127.0.0.1:PORT" once it accepts connections, and stops on SIGTERM/SIGINT.
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterable, Iterator
from urllib.parse import parse_qs, urlsplit

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "generated" / "python"))

import pydantic  # noqa: E402

from contract import assist, chat_stream, cloudevents, describe_error, dump, dump_json, packets  # noqa: E402

ASSIST_PATH = assist.ASSIST_ENDPOINT_PATH
ASSIST_METHOD = assist.ASSIST_ENDPOINT_METHOD
REQUEST_CONTENT_TYPE = assist.ASSIST_REQUEST_CONTENT_TYPE
JSON_TYPE = assist.DELIVERY_MODE_CONTENT_TYPES["REQUEST_RESPONSE"]
SSE_TYPE = assist.DELIVERY_MODE_CONTENT_TYPES["SERVER_SENT_EVENTS"]
CHAT_PATH = chat_stream.CHAT_STREAM_PATH
NDJSON_TYPE = "application/x-ndjson"
CHAT_CONTENT_TYPE = chat_stream.CHAT_STREAM_CONTENT_TYPE
PACKET_EVENT = packets.STREAM_PACKET_SSE_EVENT
PACKET_ID_FIELD = packets.STREAM_PACKET_SSE_ID_FIELD
PACKET_STREAM_ID = "123e4567-e89b-12d3-a456-426614174000"
BROWSER_CLIENT_HEADER = "X-Gradient-Browser-Client"
WORKSPACE_HEADER = "X-Gradient-Workspace-Id"


# RFC 4122 syntax only (any version and variant), as the contract's `format: uuid`.
UUID_RE = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"


# ---- content negotiation ------------------------------------------------------------------
def accepted(header: str | None) -> dict[str, float]:
    """Media ranges of an Accept header with their q values (RFC 9110 section 12.5.1)."""
    out: dict[str, float] = {}
    for part in (header or "").split(","):
        fields = [f.strip() for f in part.split(";")]
        if not fields[0]:
            continue
        q = 1.0
        for param in fields[1:]:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        out[fields[0].lower()] = max(q, out.get(fields[0].lower(), 0.0))
    return out


def choose(header: str | None, offers: list[str]) -> str:
    """The offer the client prefers; the first offer when it states no preference among them."""
    ranges = accepted(header)

    def quality(offer: str) -> float:
        kind = offer.split(";")[0].strip().lower()
        for key in (kind, kind.split("/")[0] + "/*", "*/*"):
            if key in ranges:
                return ranges[key]
        return 0.0

    best = max(offers, key=lambda o: (quality(o), -offers.index(o)))
    return best


# ---- error bodies -------------------------------------------------------------------------
def pointer(loc: Iterable[int | str]) -> str:
    """RFC 6901 pointer of a JSON path (an error location of the bindings)."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in loc)


def issue(location: str, path: str, message: str) -> dict[str, str]:
    return {"location": location, "path": path, "message": message or "invalid"}


def validation_error(summary: str, issues: list[dict[str, str]]) -> assist.ValidationErrorResponse:
    return assist.ValidationErrorResponse.model_validate(
        {"error_message": summary, "code": 400, "domain": "REQUEST", "retryable": False, "errors": issues}
    )


def error_payload(message: str, code: int, domain: str, retryable: bool) -> cloudevents.ErrorPayload:
    return cloudevents.ErrorPayload.model_validate(
        {"error_message": message, "code": code, "domain": domain, "retryable": retryable}
    )


# ---- canned responses ---------------------------------------------------------------------
def answer_for(request: assist.AgentRequest) -> str:
    return f"You asked: {request.payload.query}"


def assist_response(request: assist.AgentRequest) -> assist.AssistResponse:
    return assist.AssistResponse.model_validate({"summary": answer_for(request)})


def cloud_events(request: assist.AgentRequest) -> list[cloudevents.CloudEvent]:
    """node.started, one node.stream per word of the answer, node.completed (seed 003's stream)."""
    source = f"urn:node:{request.request_id}"
    answer = answer_for(request)
    events: list[dict[str, Any]] = [
        {"specversion": "1.0", "type": "ai.coreason.node.started", "source": source,
         "datacontenttype": "application/json", "data": {"node_id": "1", "status": "RUNNING"}},
    ]
    words = answer.split(" ")
    for i, word in enumerate(words):
        events.append({"specversion": "1.0", "type": "ai.coreason.node.stream", "source": source,
                       "datacontenttype": "application/vnd.coreason.stream+json",
                       "data": {"chunk": word + (" " if i + 1 < len(words) else "")}})
    events.append({"specversion": "1.0", "type": "ai.coreason.node.completed", "source": source,
                   "datacontenttype": "application/json", "data": {"output_summary": answer}})
    for n, e in enumerate(events, start=1):
        e["id"] = f"evt-{n:03d}"
    return [cloudevents.CloudEvent.model_validate(e) for e in events]


def server_sent_events(request: assist.AgentRequest) -> Iterator[assist.ServerSentEvent]:
    for event in cloud_events(request):
        wire = dump(event)
        yield assist.ServerSentEvent.model_validate(
            {"event": wire["type"], "id": wire.get("id"), "data": dump_json(event)}
        )


def sse_frame(event: assist.ServerSentEvent) -> bytes:
    lines = [f"event: {event.event}"]
    if event.id is not None:
        lines.append(f"id: {event.id}")
    lines.extend(f"data: {line}" for line in event.data.split("\n"))
    return ("\n".join(lines) + "\n\n").encode("utf-8")


def stream_packets(stream_id: str) -> Iterator[packets.PacketServerSentEvent]:
    """Seed 002's stream: DELTA tokens, an EVENT with a citation, CLOSE; seq 1, 2, 3, ..."""
    base = "2026-02-20T10:00:%02d.000000+00:00"
    bodies: list[tuple[str, Any]] = [("DELTA", token) for token in ["Hello", ", ", "world", "."]]
    bodies.append(("EVENT", {"id": "987fcdeb-51a2-11e1-fad2-0242ac130003", "timestamp": base % 5, "type": "CITATION_BLOCK",
                             "data": {"citations": [{"source_id": "src_1", "uri": "https://example.com",
                                                     "title": "Example Source", "confidence": 0.99}]}}))
    bodies.append(("CLOSE", "Stream completed successfully"))
    for seq, (op, payload) in enumerate(bodies, start=1):
        packet = packets.StreamPacketAdapter.validate_python(
            {"stream_id": stream_id, "seq": seq, "op": op, "t": base % seq, "p": payload})
        wire = packets.StreamPacketAdapter.dump(packet)
        yield packets.PacketServerSentEvent.model_validate(
            {"event": PACKET_EVENT, "id": wire[PACKET_ID_FIELD], "data": packets.StreamPacketAdapter.dump_json(packet)})


def packet_frame(event: packets.PacketServerSentEvent) -> bytes:
    return f"event: {event.event}\nid: {event.id}\ndata: {event.data}\n\n".encode("utf-8")


def chat_envelopes(message_stream_id: str) -> Iterator[chat_stream.StreamEnvelope]:
    """stream_start, the answer as message_delta tokens, a heartbeat, done (seed 004)."""
    base = 1_771_581_600_000  # 2026-02-20T10:00:00Z, fixed so runs are reproducible
    events: list[dict[str, Any]] = [
        {"type": "stream_start", "chat_id": "chat_1", "creator_user_id": "user_1",
         "user_chat_message_id": message_stream_id, "workspace_id": "ws_1"},
        *({"type": "message_delta", "delta": token} for token in ["Hello", ", ", "world", "."]),
        {"type": "heartbeat"},
        {"type": "done", "has_async_entities_pending": False},
    ]
    for i, event in enumerate(events):
        yield chat_stream.StreamEnvelope.model_validate({"data": event, "timestamp": base + 25 * i})


# ---- HTTP ---------------------------------------------------------------------------------
class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "contract-reference/1"
    error_content_type = "application/json"

    def log_message(self, format: str, *args: Any) -> None:  # quiet: tests read stdout
        pass

    # -- plumbing
    def send_json(self, status: int, model: Any, extra_headers: dict[str, str] | None = None) -> None:
        body = json.dumps(dump(model), ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for k, v in (extra_headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_stream(self, content_type: str, chunks: Iterable[bytes]) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        # Seed 004's response headers; harmless (and usual) on the other streams too.
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Accel-Buffering", "no")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for chunk in chunks:
            self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def read_body(self) -> bytes:
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def method_not_allowed(self, allowed: str) -> None:
        self.read_body()
        body = json.dumps(dump(error_payload(f"method {self.command} is not allowed here; use {allowed}",
                                             405, "REQUEST", False))).encode()
        self.send_response(405)
        self.send_header("Allow", allowed)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def not_found(self) -> None:
        self.read_body()
        self.send_json(404, error_payload(f"no resource at {urlsplit(self.path).path}", 404, "REQUEST", False))

    def dispatch(self) -> None:
        path = urlsplit(self.path).path
        try:
            if path == ASSIST_PATH:
                if self.command == "GET":
                    return self.packet_stream()
                if self.command != ASSIST_METHOD:
                    return self.method_not_allowed(f"GET, {ASSIST_METHOD}")
                return self.assist()
            if path == CHAT_PATH:
                if self.command != "GET":
                    return self.method_not_allowed("GET")
                return self.chat_stream()
            return self.not_found()
        except (BrokenPipeError, ConnectionResetError):
            return None
        except Exception as e:  # pragma: no cover - reported as the documented 500
            self.send_json(500, error_payload(f"internal error: {type(e).__name__}", 500, "SERVER", True))

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = dispatch

    def __getattr__(self, name: str) -> Any:
        # Any other method (QUERY, ...) gets the same routing, hence 405, not http.server's 501.
        if name.startswith("do_"):
            return self.dispatch
        raise AttributeError(name)

    # -- POST /v1/assist
    def assist(self) -> None:
        raw = self.read_body()
        content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if content_type != REQUEST_CONTENT_TYPE:
            return self.send_json(400, validation_error(
                f"the request body must be {REQUEST_CONTENT_TYPE}",
                [issue("header", "/Content-Type", f"expected {REQUEST_CONTENT_TYPE}, got {content_type or 'nothing'}")]))
        try:
            request = assist.AgentRequest.model_validate_json(raw)
        except pydantic.ValidationError as e:
            # The binding reports one problem, the first in the text (payload policy included).
            err = e.errors()[0]
            path = pointer(err["loc"])
            if err["type"] == "required" and "member" in (err.get("ctx") or {}):
                path += pointer([err["ctx"]["member"]])  # the member that is missing
            if err["type"] == "syntax":
                return self.send_json(400, validation_error("the request body is not JSON", [issue("body", "", err["msg"])]))
            return self.send_json(400, validation_error(
                f"request body is not a valid AgentRequest: {describe_error(e)}", [issue("body", path, err["msg"])]))
        if choose(self.headers.get("Accept"), [JSON_TYPE, SSE_TYPE]) == SSE_TYPE:
            # Built (and validated) before the status line, so a failure is still a clean 500.
            return self.send_stream(SSE_TYPE, [sse_frame(e) for e in server_sent_events(request)])
        return self.send_json(200, assist_response(request))

    # -- GET /v1/assist
    def packet_stream(self) -> None:
        self.read_body()
        last = self.headers.get("Last-Event-ID")
        stream_id = PACKET_STREAM_ID
        if last is not None:
            if not re.fullmatch(UUID_RE, last):
                return self.send_json(400, validation_error(
                    "header Last-Event-ID is not a stream id",
                    [issue("header", "/Last-Event-ID", "Input should be a valid UUID")]))
            stream_id = last  # resumes that stream: here, the canned one under its id
        return self.send_stream(SSE_TYPE, [packet_frame(e) for e in stream_packets(stream_id)])

    # -- GET /api/chat/message/stream
    def chat_stream(self) -> None:
        self.read_body()
        query = parse_qs(urlsplit(self.path).query, keep_blank_values=True)
        ids = query.get("message_stream_id", [])
        problems = []
        if not ids or not ids[0]:
            problems.append(issue("query", "/message_stream_id", "Field required" if not ids else "must not be empty"))
        # Optional (schemas/README.md, fidelity #31): only a value other than 1 is refused.
        if self.headers.get(BROWSER_CLIENT_HEADER, "1") != "1":
            problems.append(issue("header", "/" + BROWSER_CLIENT_HEADER, "must be 1"))
        if self.headers.get(WORKSPACE_HEADER) == "":
            problems.append(issue("header", "/" + WORKSPACE_HEADER, "must not be empty"))
        if problems:
            summary = ("query parameter message_stream_id is required" if problems[0]["location"] == "query"
                       else f"header {BROWSER_CLIENT_HEADER} must be 1 when sent")
            return self.send_json(400, validation_error(summary, problems))
        stream_id = ids[0]
        if stream_id.startswith("missing"):
            return self.send_json(404, error_payload(f"no message stream {stream_id!r}", 404, "CHAT_STREAM", False))
        content_type = choose(self.headers.get("Accept"), [CHAT_CONTENT_TYPE, NDJSON_TYPE])
        lines = [(dump_json(envelope) + "\n").encode("utf-8") for envelope in chat_envelopes(stream_id)]
        return self.send_stream(content_type, lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0: any free port (printed on startup)")
    args = parser.parse_args()
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    server.daemon_threads = True

    def stop(*_: Any) -> None:
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    host, port = server.server_address[:2]
    print(f"listening on http://{host}:{port}", flush=True)
    server.serve_forever(poll_interval=0.1)
    server.server_close()


if __name__ == "__main__":
    main()
