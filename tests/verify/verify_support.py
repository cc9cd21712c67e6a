"""Shared by the `contractgen verify` tests: running the binary, and building streams of the seeds'
contract byte by byte, so that every expected offset and line is computed from the bytes the test
wrote (len() and count of LFs of what comes before), never read back from contractgen."""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SCHEMAS = REPO / "schemas"
TEST_SCHEMAS = HERE / "schemas"  # the `ticks` family: rules the seeds' streams do not use


def binary() -> str:
    path = os.environ.get("CONTRACTGEN")
    if not path:
        raise RuntimeError("set CONTRACTGEN to the built contractgen binary (CTest does)")
    return path


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def findings(self) -> list[str]:
        """The finding lines (the summary, indented or naming what was checked, left out)."""
        return [line for line in self.out.splitlines() if line[:1].isdigit()]


def verify(*args: str, stdin: bytes = b"", schemas: Path = SCHEMAS, timeout: float = 60) -> Run:
    p = subprocess.run([binary(), "verify", "--schemas", str(schemas), *args], input=stdin,
                       capture_output=True, timeout=timeout)
    return Run(p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8"))


class Capture:
    """Bytes appended piece by piece; `at()` is the offset/line where the next piece starts."""

    def __init__(self) -> None:
        self.data = b""

    def at(self) -> str:
        lines = self.data.count(b"\n") + 1
        return f"{len(self.data)}/{lines}"

    def add(self, piece: str | bytes) -> str:
        """Appends `piece`; returns the offset/line it starts at."""
        where = self.at()
        self.data += piece.encode("utf-8") if isinstance(piece, str) else piece
        return where


# ---- seed 002: StreamPackets over SSE --------------------------------------------------------------
A = "123e4567-e89b-12d3-a456-426614174000"
B = "9b2e3f4a-5c6d-4e7f-8a9b-0c1d2e3f4a5b"
T0 = "2024-10-27T03:33:20.000Z"


def packet(sid: str, seq: int, op: str, p: Any = "x", t: str = T0) -> str:
    return json.dumps({"stream_id": sid, "seq": seq, "op": op, "t": t, "p": p}, separators=(",", ":"))


def sse(data: str, event: str | None = "stream.packet", id: str | None = None) -> str:
    head = (f"event: {event}\n" if event is not None else "") + (f"id: {id}\n" if id is not None else "")
    return head + "".join(f"data: {line}\n" for line in data.split("\n")) + "\n"


def packet_event(sid: str, seq: int, op: str, p: Any = "x", **kw: Any) -> str:
    kw.setdefault("id", sid)
    return sse(packet(sid, seq, op, p), **kw)


# ---- seed 004: the NDJSON chat stream ----------------------------------------------------------------
MS0 = 1_730_000_000_000


def envelope(data: dict[str, Any], ms: int = MS0) -> str:
    return json.dumps({"data": data, "timestamp": ms}, separators=(",", ":")) + "\n"


START = {"type": "stream_start", "chat_id": "c", "creator_user_id": "u", "user_chat_message_id": "m",
         "workspace_id": "w"}
DONE = {"type": "done", "has_async_entities_pending": False}


def delta(text: str) -> dict[str, Any]:
    return {"type": "message_delta", "delta": text}
