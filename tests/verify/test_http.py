"""`contractgen verify --url` against a scripted HTTP server on 127.0.0.1: the rules only a live
endpoint can break (http.status, http.content-type, client.watchdog, a connection cut mid-stream),
what the request carries by default and on demand, and an endpoint that cannot be reached."""

from __future__ import annotations

import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterator

import pytest

from verify_support import DONE, MS0, START, TEST_SCHEMAS, envelope, verify

CHAT = ("--framing", "ndjson", "--type", "chat_stream.StreamEnvelope")
GOOD_CHAT = (envelope(START, MS0) + envelope(DONE, MS0 + 10)).encode()
seen: list[dict[str, Any]] = []  # the requests the server received, for the tests to inspect


class Scripted(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send(self, status: int, content_type: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def chunked(self, content_type: str, pieces: list[bytes], pause: float = 0, last: bool = True) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for piece in pieces:
            self.wfile.write(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            self.wfile.flush()
            time.sleep(pause)
        if last:
            self.wfile.write(b"0\r\n\r\n")
        else:
            self.close_connection = True

    def handle_any(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        seen.append({"method": self.command, "path": self.path, "headers": dict(self.headers),
                     "body": self.rfile.read(length).decode()})
        path = self.path.split("?")[0]
        if path == "/chat":
            return self.send(200, "text/plain; charset=utf-8", GOOD_CHAT)
        if path == "/status":
            return self.send(503, "text/plain", b"overloaded, try later")
        if path == "/json":
            return self.send(200, "application/json", GOOD_CHAT)
        if path == "/stall":  # one tick, then silence longer than the 300 ms watchdog
            return self.chunked("application/x-ndjson", [b'{"kind":"start","n":1}\n', b'{"kind":"end","n":2}\n'],
                                pause=2.5)
        if path == "/cut":  # a complete line, half of the next, and the connection closes
            return self.chunked("text/plain", [envelope(START, MS0).encode(), b'{"data":{"type":"do'], last=False)
        self.send(404, "text/plain", b"no route")

    do_GET = do_POST = do_PUT = handle_any


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Scripted)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_a_conforming_endpoint_and_the_default_request(server: str) -> None:
    seen.clear()
    r = verify(*CHAT, "--url", f"{server}/chat")
    assert (r.code, r.findings) == (0, [])
    assert r.out.startswith("chat_stream.ChatStream (ndjson, items chat_stream.StreamEnvelope): 2 items, 0 findings")
    # The operation's method, and its first media type for the stream as Accept.
    assert seen[0]["method"] == "GET" and seen[0]["headers"]["Accept"] == "application/x-ndjson"


def test_method_data_and_headers(server: str, tmp_path: Path) -> None:
    body = tmp_path / "body.json"
    body.write_text('{"q": 1}')
    seen.clear()
    r = verify(*CHAT, "--url", f"{server}/chat", "--method", "put", "--data", f"@{body}", "--header", "X-Test: yes",
               "--header", "Accept: text/plain")
    assert r.code == 0
    request = seen[0]
    assert request["method"] == "PUT" and request["body"] == '{"q": 1}'
    assert request["headers"]["X-Test"] == "yes" and request["headers"]["Accept"] == "text/plain"
    assert request["headers"]["Content-Type"] == "application/json"
    seen.clear()
    assert verify(*CHAT, "--url", f"{server}/chat", "--data", "inline").code == 0
    assert seen[0]["body"] == "inline"


def test_http_status(server: str) -> None:
    r = verify(*CHAT, "--url", f"{server}/status")
    assert r.code == 1 and r.findings == ["0/1: http.status: the endpoint answered 503: overloaded, try later"]


def test_http_content_type(server: str) -> None:
    r = verify(*CHAT, "--url", f"{server}/json")
    assert r.code == 1
    assert r.findings == ["0/1: http.content-type: the response is 'application/json', not application/x-ndjson "
                          "or text/plain"]


def test_client_watchdog(server: str) -> None:
    r = verify("--stream", "ticks.Ticks", "--url", f"{server}/stall", schemas=TEST_SCHEMAS)
    first = len(b'{"kind":"start","n":1}\n')
    assert r.code == 1
    assert r.findings == [f"{first}/2: client.watchdog: no data for 300 ms; a client gives up on the stream here"]


def test_a_connection_cut_mid_stream(server: str) -> None:
    r = verify(*CHAT, "--url", f"{server}/cut")
    start = len(envelope(START, MS0))
    end = start + len('{"data":{"type":"do')
    assert r.code == 1 and len(r.findings) == 3
    assert r.findings[0].startswith(f"{end}/2: framing.truncated: the connection ended abnormally: ")
    assert r.findings[1:] == [f"{start}/2: framing.truncated: stream ends inside a line (no line feed after it)",
                              f"{end}/2: terminal.missing: the stream ended without a terminal item "
                              "(one of done|ERROR|clarification_needed)"]


def test_an_endpoint_that_cannot_be_reached_is_exit_2() -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}/"
    r = verify(*CHAT, "--url", url)
    assert r.code == 2 and r.out == "" and r.err.startswith(f"{url}: error: cannot read: ")


def test_timeout_gives_up() -> None:
    # A server that accepts and never answers; --timeout ends the wait (exit 2: nothing was read).
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        url = f"http://127.0.0.1:{s.getsockname()[1]}/"
        started = time.monotonic()
        r = verify(*CHAT, "--url", url, "--timeout", "0.5")
        assert time.monotonic() - started < 20
    assert r.code == 2 and r.err.startswith(f"{url}: error: cannot read: ") and "timed out" in r.err
