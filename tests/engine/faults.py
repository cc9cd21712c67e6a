"""The reference engine's fault mode: what the generated clients are tested against
(tests/clients/vectors/*.json, one scenario each, shared by the four languages).

A request asks for a fault with the header ``X-Engine-Fault: NAME`` (or the engine's
``--fault NAME`` option, for every request); ``X-Engine-Fault-Key`` names the scenario run,
so that the engine counts the connections of one run apart from the others' (default: the
``message_stream_id``, else ``default``). What the engine saw of a run (connections, the
``Last-Event-ID`` each sent) is at ``GET /_faults/KEY`` as JSON, for the tests to compare.

Faults act on a connection by its number within the run (1 = the first):
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field

FAULT_HEADER = "X-Engine-Fault"
KEY_HEADER = "X-Engine-Fault-Key"
RUNS_PATH = "/_faults/"

FAULTS: dict[str, str] = {
    "drop": "connection 1 is cut mid-stream after 3 items; later ones are whole",
    "skip-seq": "GET /v1/assist: a seq is skipped (the reader's sequence.gap)",
    "stall": "connection 1 sends 3 items, then nothing for --stall-ms (past a client's watchdog), then the rest",
    "429": "connection 1 answers 429 with Retry-After: 1; later ones are whole",
    "404": "every connection answers 404 with an ErrorPayload",
    "429-then-404": "connection 1 answers 429 with Retry-After: 1, later ones 404",
    "undeclared": "every connection answers 502 text/plain, a status the operation does not declare",
}

RETRY_AFTER_S = 1
DROP_AFTER_ITEMS = 3
# How long a cut connection stays open after its last item: a browser's fetch discards what it
# has received but not yet handed to the page when the connection fails (the body stream is
# errored, its queue dropped), so a cut right after the data can hide the data from the client.
# Well under the vectors' watchdog (400 ms), so that a cut is seen as a cut.
CUT_PAUSE_S = 0.15


@dataclass
class Run:
    connections: int = 0
    last_event_ids: list[str | None] = field(default_factory=list)


@dataclass(frozen=True)
class Plan:
    """What the engine does on this connection."""

    status: int = 200  # 200: the stream (cut or stalled as below); else an error answer
    cut_after: int | None = None
    stall_after: int | None = None
    skip_seq: bool = False


class Faults:
    def __init__(self, default: str | None = None, stall_ms: int = 1500) -> None:
        self.default = default
        self.stall_ms = stall_ms
        self.runs: dict[str, Run] = {}
        self.lock = threading.Lock()

    def plan(self, fault: str | None, key: str, last_event_id: str | None) -> Plan:
        """Records the connection and says what to do with it."""
        fault = fault or self.default
        if fault is not None and fault not in FAULTS:
            raise ValueError(f"unknown fault {fault!r}")
        with self.lock:
            run = self.runs.setdefault(key, Run())
            run.connections += 1
            run.last_event_ids.append(last_event_id)
            n = run.connections
        if fault == "drop" and n == 1:
            return Plan(cut_after=DROP_AFTER_ITEMS)
        if fault == "stall" and n == 1:
            return Plan(stall_after=DROP_AFTER_ITEMS)
        if fault == "skip-seq":
            return Plan(skip_seq=True)
        if fault == "429" and n == 1 or fault == "429-then-404" and n == 1:
            return Plan(status=429)
        if fault == "404" or fault == "429-then-404":
            return Plan(status=404)
        if fault == "undeclared":
            return Plan(status=502)
        return Plan()

    def report(self, key: str) -> str:
        with self.lock:
            run = self.runs.get(key, Run())
            return json.dumps({"connections": run.connections, "lastEventIds": run.last_event_ids})


def describe() -> str:
    return "\n".join(f"{name:14} {what}" for name, what in FAULTS.items())


__doc__ = (__doc__ or "") + "\n" + "\n".join(f"    {name:14} {what}" for name, what in FAULTS.items()) + "\n"
