"""The reference engine: the contract's three streams served on 127.0.0.1, built on the
generated Pydantic models (generated/python, package `contract`) and the stream runtime's
writers (`_stream`: sse_event, ndjson_line, HeartbeatEmitter). What an engine author copies,
and what `contractgen verify --url` is tested against (tests/verify/).

    POST /v1/assist                     an AgentRequest; with `Accept: text/event-stream` an SSE
                                        stream of CloudEvents (event: the CloudEvent's type, id:
                                        its id; resumed after `Last-Event-ID`), else one
                                        AssistResponse (application/json)
    GET  /v1/assist                     StreamPackets over SSE (event: stream.packet, id: the
                                        stream_id): two interleaved streams, seq from 0, CLOSE last
    GET  /api/chat/message/stream?message_stream_id=ID   (header X-Gradient-Browser-Client: 1)
                                        NDJSON StreamEnvelopes: stream_start, deltas, a pause the
                                        heartbeat emitter fills, done

Switches that break one rule each (BREAKS below; `--list-breaks` prints them), for every
request with `--break NAME`, or for one request with the query parameter `break=NAME`
(repeatable). Faults of the connection itself (a cut, a stall, 429 then 404: tests/engine/faults.py)
are asked for with the header `X-Engine-Fault: NAME`, or `--fault NAME` for every request.

A page from another origin may call the engine (CORS): a request that sends `Origin` is
answered with `Access-Control-Allow-Origin: *` and `Retry-After` exposed, and a preflight
(OPTIONS) allows every method and header (tests/clients/browser.test.mjs).

Timestamps come from a virtual clock (the runtime's ManualScheduler), so a 45-second pause
in the script costs no time: the heartbeat emitter fires on that clock as it would on a real one.

Usage: python tests/engine/engine.py [--port 0] [--break NAME]... [--fault NAME]; it prints
"listening on http://127.0.0.1:PORT" once it accepts connections and stops on SIGTERM/SIGINT.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import parse_qs, urlsplit

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "generated" / "python"))
# The stream runtime, from its source folder until the Python target writes it into the package.
sys.path.insert(0, str(REPO / "runtime" / "python"))

import _stream as stream  # noqa: E402
import pydantic  # noqa: E402
from faults import CUT_PAUSE_S, FAULT_HEADER, KEY_HEADER, RETRY_AFTER_S, RUNS_PATH, Faults, Plan, describe  # noqa: E402

from contract import assist, chat_stream, cloudevents, dump, dump_json, packets  # noqa: E402

BREAKS: dict[str, str] = {
    "seq-gap": "GET /v1/assist: a seq is skipped (sequence.gap)",
    "seq-duplicate": "GET /v1/assist: a packet is sent twice (sequence.duplicate)",
    "wrong-id": "GET /v1/assist: an event's id is not its packet's stream_id (sse.id)",
    "event-name": "SSE: an event named other than the contract says (sse.event)",
    "after-close": "an item after the terminal one: a DELTA after CLOSE, an event after done (terminal.after)",
    "no-terminal": "no terminal item: no CLOSE, no done (terminal.missing)",
    "invalid-payload": "an item the contract rejects (item)",
    "heartbeat-gap": "chat: no heartbeat during the 45 s pause (heartbeat.interval)",
    "first-event": "chat: the stream starts with message_delta, not stream_start (first)",
    "drop": "chat: the first connection for a message_stream_id is cut mid-stream (clients reconnect)",
}

PACKET_STREAMS = ("123e4567-e89b-12d3-a456-426614174000", "9b2e3f4a-5c6d-4e7f-8a9b-0c1d2e3f4a5b")
CLOCK_START_MS = 1_730_000_000_000
BROWSER_CLIENT_HEADER = "X-Gradient-Browser-Client"
NDJSON_TYPE = "application/x-ndjson"
SSE_TYPE = assist.DELIVERY_MODE_CONTENT_TYPES["SERVER_SENT_EVENTS"]
JSON_TYPE = assist.DELIVERY_MODE_CONTENT_TYPES["REQUEST_RESPONSE"]


def rfc3339(ms: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000)) + f".{ms % 1000:03d}Z"


# ---- the scripts: what each stream sends, as (virtual time, text) pairs ------------------------------
def packet_events(breaks: set[str]) -> Iterator[str]:
    """GET /v1/assist: two interleaved StreamPacket streams (seed 002)."""
    a, b = PACKET_STREAMS
    script: list[tuple[str, str, Any]] = [(a, "DELTA", "Hel"), (b, "DELTA", "Hi"), (a, "DELTA", "lo"),
                                          (a, "EVENT", {"kind": "citation", "index": 1}), (b, "CLOSE", "done"),
                                          (a, "DELTA", "!"), (a, "CLOSE", "done")]
    if "no-terminal" in breaks:
        script.pop()
    if "after-close" in breaks:
        script.append((a, "DELTA", "late"))
    seq = {a: 0, b: 0}
    for i, (sid, op, payload) in enumerate(script):
        model = {"DELTA": packets.DeltaPacket, "EVENT": packets.EventPacket, "CLOSE": packets.ClosePacket}[op]
        packet = dump(model(stream_id=sid, seq=seq[sid], t=rfc3339(CLOCK_START_MS + 50 * i), p=payload))
        seq[sid] += 2 if "seq-gap" in breaks and (sid, seq[sid]) == (a, 1) else 1
        if "invalid-payload" in breaks and i == 2:
            packet["p"] = 42  # a DELTA's p must be a string
        event = packets.STREAM_PACKET_SSE_EVENT if "event-name" not in breaks or i != 3 else "packet"
        event_id = packet[packets.STREAM_PACKET_SSE_ID_FIELD] if "wrong-id" not in breaks or i != 2 else b
        text = stream.sse_event(json.dumps(packet, separators=(",", ":")), event=event, id=event_id)
        yield text
        if "seq-duplicate" in breaks and i == 0:
            yield text


def assist_events(request: assist.AgentRequest, breaks: set[str], last_event_id: str | None = None) -> Iterator[str]:
    """POST /v1/assist with Accept: text/event-stream: CloudEvents (seed 003). A reconnection
    that sends `Last-Event-ID` resumes after that event (the stream is resumable: its ids are
    unique), so that a client which has read up to it gets nothing twice; an id the stream
    never sent resumes nothing (the whole stream)."""
    source = f"urn:engine:{request.request_id}"
    script = [("ai.coreason.node.started", None, {"node_id": "1", "status": "RUNNING"}),
              ("ai.coreason.node.stream", "application/vnd.coreason.stream+json", {"chunk": "Hello"}),
              ("ai.coreason.node.stream", "application/vnd.coreason.stream+json", {"chunk": " world"}),
              ("ai.coreason.node.completed", "application/json", {"output_summary": "Hello world"})]
    ids = [f"evt-{i + 1:03d}" for i in range(len(script))]
    resume_after = last_event_id if last_event_id in ids else None
    for i, (event_type, content_type, data) in enumerate(script):
        fields: dict[str, Any] = {"id": ids[i], "source": source, "type": event_type,
                                  "time": rfc3339(CLOCK_START_MS + 100 * i), "data": data}
        if content_type:
            fields["datacontenttype"] = content_type
        event = dump(cloudevents.CloudEvent(**fields))
        if "invalid-payload" in breaks and i == 1:
            event["specversion"] = "0.3"
        name = event_type if "event-name" not in breaks or i != 2 else "message"
        if resume_after is not None:  # up to the client's last event: read already
            resume_after = None if event["id"] == resume_after else resume_after
            continue
        yield stream.sse_event(json.dumps(event, separators=(",", ":")), event=name, id=event["id"])


def chat_events(message_stream_id: str, breaks: set[str], stop_after: int | None) -> Iterator[str]:
    """GET /api/chat/message/stream: StreamEnvelopes (seed 004), a heartbeat after each
    HEARTBEAT_INTERVAL_MS of silence (on the virtual clock)."""
    scheduler = stream.ManualScheduler()
    out: list[str] = []

    def send(event: Any) -> None:
        envelope = chat_stream.StreamEnvelope(data=event, timestamp=CLOCK_START_MS + scheduler.now_ms)
        out.append(stream.ndjson_line(dump_json(envelope)))
        heartbeats.sent()

    heartbeats = stream.HeartbeatEmitter(scheduler, chat_stream.HEARTBEAT_INTERVAL_MS,
                                         lambda: send(chat_stream.Heartbeat()))
    if "heartbeat-gap" not in breaks:
        heartbeats.start()
    script: list[Callable[[], None]] = [
        lambda: send(chat_stream.StreamStart(chat_id="chat-1", creator_user_id="user-1",
                                             user_chat_message_id=message_stream_id, workspace_id="ws-1")),
        lambda: send(chat_stream.MessageDelta(delta="The answer is ")),
        lambda: send(chat_stream.MessageDelta(delta="42 [1")),
        lambda: send(chat_stream.MessageDelta(delta="].")),
        lambda: scheduler.advance(45_000),  # the model thinks; the emitter fills the silence
        lambda: send(chat_stream.MessageDelta(delta=" Sources follow.")),
        lambda: send(chat_stream.DoneEvent(has_async_entities_pending=False)),
    ]
    if "first-event" in breaks:
        script.pop(0)
    if "no-terminal" in breaks:
        script.pop()
    if "after-close" in breaks:
        script.append(lambda: send(chat_stream.MessageDelta(delta=" (late)")))
    sent = 0
    for step in script:
        scheduler.advance(50)
        step()
        for line in out:
            if "invalid-payload" in breaks and '"message_delta"' in line and '"42 [1"' in line:
                line = line.replace('"delta":"42 [1"', '"text":"42 [1"')  # message_delta requires delta
            yield line
            sent += 1
            if stop_after is not None and sent >= stop_after:
                return
        out.clear()


# ---- HTTP -------------------------------------------------------------------------------------------
class Engine(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # chunked bodies: a cut connection is visible as such
    server_version = "reference-engine/1"
    breaks: set[str] = set()
    connections: dict[str, int] = {}  # chat: connections per message_stream_id (for `drop`)
    lock = threading.Lock()
    faults = Faults()

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the tests read stdout
        pass

    # ---- CORS: a page from another origin may call the engine (tests/clients/browser) ----
    def end_headers(self) -> None:
        """A browser's cross-origin request (it sends Origin) may read the answer, and the headers
        a client needs from it: Retry-After (honoured on 429) is not readable by default."""
        if self.headers.get("Origin") is not None:
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Access-Control-Expose-Headers", "Retry-After")
        super().end_headers()

    def do_OPTIONS(self) -> None:
        """The preflight of a request with headers a browser does not send on its own
        (Last-Event-ID, X-Engine-Fault, ...): every method and header of the engine is allowed."""
        self.send_response(204)
        self.send_header("Access-Control-Allow-Methods", "GET, POST")
        requested = self.headers.get("Access-Control-Request-Headers")
        if requested:
            self.send_header("Access-Control-Allow-Headers", requested)
        self.send_header("Access-Control-Max-Age", "600")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def request_breaks(self) -> set[str]:
        query = parse_qs(urlsplit(self.path).query)
        unknown = [b for b in query.get("break", []) if b not in BREAKS]
        if unknown:
            raise ValueError(f"unknown break {unknown[0]!r}")
        return self.breaks | set(query.get("break", []))

    def plain(self, status: int, content_type: str, body: str, extra: dict[str, str] | None = None) -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def rejected(self, message: str, issues: list[assist.ValidationIssue]) -> None:
        """400 with the contract's ValidationErrorResponse (a request that does not match it)."""
        body = assist.ValidationErrorResponse(error_message=message, code=400, retryable=False, errors=issues)
        self.plain(400, JSON_TYPE, dump_json(body))

    def not_found(self, path: str) -> None:
        self.plain(404, "text/plain; charset=utf-8", f"no route {path}\n")

    def fault_plan(self, key: str = "default") -> Plan | None:
        """The connection's fault (tests/engine/faults.py); None once it has been answered with an error."""
        key = self.headers.get(KEY_HEADER) or key
        plan = self.faults.plan(self.headers.get(FAULT_HEADER), key, self.headers.get("Last-Event-ID"))
        if plan.status in (429, 404):
            retryable = plan.status == 429
            body = cloudevents.ErrorPayload(error_message="Rate limit exceeded" if retryable else "no such stream",
                                            code=plan.status, domain="LLM" if retryable else "REQUEST",
                                            retryable=retryable)
            extra = {"Retry-After": str(RETRY_AFTER_S)} if retryable else {}
            self.plain(plan.status, JSON_TYPE, dump_json(body), extra)
            return None
        if plan.status != 200:
            self.plain(plan.status, "text/plain; charset=utf-8", "upstream engine unavailable (fault mode)\n")
            return None
        return plan

    def stream(self, content_type: str, texts: Iterator[str], cut: bool = False, plan: Plan | None = None) -> None:
        plan = plan or Plan()
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Accel-Buffering", "no")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            for sent, text in enumerate(texts):
                if sent == plan.cut_after:
                    time.sleep(CUT_PAUSE_S)
                    cut = True
                    break
                if sent == plan.stall_after:
                    time.sleep(self.faults.stall_ms / 1000)
                data = text.encode("utf-8")
                self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
                self.wfile.flush()
                time.sleep(0.002)
            if cut:  # no last chunk: the client sees the connection end mid-stream
                self.close_connection = True
                return
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):  # the client went away: its business
            self.close_connection = True

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        try:
            breaks = self.request_breaks()
        except ValueError as e:
            return self.rejected(str(e), [assist.ValidationIssue(location="query", path="/break", message=str(e))])
        if url.path.startswith(RUNS_PATH):
            return self.plain(200, JSON_TYPE, self.faults.report(url.path[len(RUNS_PATH):]))
        if url.path == assist.ASSIST_ENDPOINT_PATH:
            if (plan := self.fault_plan()) is None:
                return None
            if plan.skip_seq:
                breaks = breaks | {"seq-gap"}
            return self.stream(packets.STREAM_PACKET_SSE_CONTENT_TYPE, packet_events(breaks), plan=plan)
        if url.path == chat_stream.CHAT_STREAM_PATH:
            ids = parse_qs(url.query).get("message_stream_id", [""])
            issues = []
            if not ids[0]:
                issues.append(assist.ValidationIssue(location="query", path="/message_stream_id",
                                                     message="message_stream_id is required"))
            # Optional (schemas/README.md, fidelity #31): only a value other than 1 is refused.
            if self.headers.get(BROWSER_CLIENT_HEADER, "1") != "1":
                issues.append(assist.ValidationIssue(location="header", path=f"/{BROWSER_CLIENT_HEADER}",
                                                     message=f"{BROWSER_CLIENT_HEADER} must be 1 when sent"))
            if issues:
                return self.rejected("the chat stream request is incomplete", issues)
            if (plan := self.fault_plan(ids[0])) is None:
                return None
            with self.lock:
                Engine.connections[ids[0]] = attempt = Engine.connections.get(ids[0], 0) + 1
            cut = "drop" in breaks and attempt == 1
            accept = self.headers.get("Accept", "")
            content_type = NDJSON_TYPE if NDJSON_TYPE in accept else chat_stream.CHAT_STREAM_CONTENT_TYPE
            return self.stream(content_type, chat_events(ids[0], breaks, 3 if cut else None), cut=cut, plan=plan)
        self.not_found(url.path)

    def do_POST(self) -> None:
        url = urlsplit(self.path)
        try:
            breaks = self.request_breaks()
        except ValueError as e:
            return self.rejected(str(e), [assist.ValidationIssue(location="query", path="/break", message=str(e))])
        if url.path != assist.ASSIST_ENDPOINT_PATH:
            return self.not_found(url.path)
        length = int(self.headers.get("Content-Length") or 0)
        try:
            request = assist.AgentRequest.model_validate_json(self.rfile.read(length))
        except pydantic.ValidationError as e:
            issues = [assist.ValidationIssue(location="body", path="".join(f"/{p}" for p in err["loc"]),
                                             message=err["msg"] or "invalid") for err in e.errors()]
            return self.rejected("the body is not an AgentRequest", issues)
        if (plan := self.fault_plan()) is None:
            return None
        if SSE_TYPE in self.headers.get("Accept", ""):
            events = assist_events(request, breaks, self.headers.get("Last-Event-ID"))
            return self.stream(SSE_TYPE, events, plan=plan)
        self.plain(200, JSON_TYPE, dump_json(assist.AssistResponse(summary="Hello world")))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--break", dest="breaks", action="append", default=[], choices=sorted(BREAKS),
                    help="break one rule in every response (repeatable)")
    ap.add_argument("--list-breaks", action="store_true")
    ap.add_argument("--fault", help="a fault of every connection (tests/engine/faults.py; --list-faults)")
    ap.add_argument("--stall-ms", type=int, default=1500, help="how long the `stall` fault keeps silent")
    ap.add_argument("--list-faults", action="store_true")
    args = ap.parse_args()
    if args.list_breaks:
        for name, what in BREAKS.items():
            print(f"{name:16} {what}")
        return 0
    if args.list_faults:
        print(describe())
        return 0
    Engine.breaks = set(args.breaks)
    Engine.faults = Faults(args.fault, args.stall_ms)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Engine)
    server.daemon_threads = True
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
