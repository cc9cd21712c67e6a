"""A server of the second contract (tests/golden/operations: orders and their events) on
127.0.0.1, with the reference engine's fault mode (tests/engine/faults.py), so that the
clients generated from that contract are tested live as well. Plain JSON, no bindings: it
must not share code with the clients it tests.

    POST /orders                 a NewOrder → 201 an Order (Location: /orders/<id>); else 400 a Problem
    GET  /orders/{id}/events     NDJSON EventLines of any id: created, ping, ping, closed (seq 1..4)

Usage: python tests/clients/orders_engine.py [--port 0]; prints "listening on http://127.0.0.1:PORT".
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from faults import FAULT_HEADER, KEY_HEADER, RETRY_AFTER_S, RUNS_PATH, Faults  # noqa: E402

ORDERS: dict[str, int] = {}
FAULTS = Faults()


def event_lines() -> list[str]:
    events: list[dict[str, Any]] = [{"kind": "created", "total": 1250}, {"kind": "ping"}, {"kind": "ping"},
                                    {"kind": "closed"}]
    return [json.dumps({"seq": i + 1, "at": f"2026-01-01T00:00:{i:02d}Z", "event": e}) + "\n"
            for i, e in enumerate(events)]


class Orders(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def answer(self, status: int, body: Any, extra: dict[str, str] | None = None) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            order = json.loads(body)
            total = order["total"]
            assert isinstance(total, int) and total >= 0 and set(order) == {"total"}
        except (ValueError, KeyError, TypeError, AssertionError):
            return self.answer(400, {"message": "not a NewOrder"})
        order_id = str(uuid.uuid4())
        ORDERS[order_id] = total
        self.answer(201, {"id": order_id, "total": total, "status": "open"}, {"Location": f"/orders/{order_id}"})

    def do_GET(self) -> None:
        if self.path.startswith(RUNS_PATH):
            data = FAULTS.report(self.path[len(RUNS_PATH):]).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        parts = self.path.split("?")[0].split("/")
        if len(parts) != 4 or parts[1] != "orders" or parts[3] != "events":
            return self.answer(404, {"message": "no route"})
        plan = FAULTS.plan(self.headers.get(FAULT_HEADER), self.headers.get(KEY_HEADER) or parts[2],
                           self.headers.get("Last-Event-ID"))
        if plan.status == 429:
            return self.answer(429, {"message": "slow down"}, {"Retry-After": str(RETRY_AFTER_S)})
        if plan.status != 200:
            return self.answer(404, {"message": "no such order"})
        self.send_response(200)
        self.send_header("Content-Type", "application/x-ndjson")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            for sent, line in enumerate(event_lines()):
                if sent == plan.cut_after:
                    self.close_connection = True
                    return
                if sent == plan.stall_after:
                    time.sleep(FAULTS.stall_ms / 1000)
                data = line.encode()
                self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, default=0)
    args = ap.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Orders)
    server.daemon_threads = True
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
