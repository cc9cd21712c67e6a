"""`driver.py acceptance`: the three payloads that decide whether the contract follows the seeds
(schemas/README.md, "Seed fidelity decisions"), through the oracle and every language.

  1. an AgentRequest in the upstream envelope shape (root_request_id, parent_request_id, timestamp,
     capabilities, metadata, an `input` payload): accepted (fidelity #7, #8, #9);
  2. a GraphEvent type outside the five, and the CloudEvent it migrates to: accepted (fidelity #1);
  3. a naive ISO 8601 timestamp (no offset, meaning UTC): accepted where the table says ISO 8601 or
     UTC (fidelity #14, #15, the Timestamps policy), refused where it says RFC 3339 (CloudEvent.time,
     PresentationEvent.timestamp); its text comes back unchanged from every binding.

Each payload carries the table row it follows; the row's decision is read from the README so that
a change of the table without a change of the contract (or the other way round) fails here.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from . import langs
from .compare import judge
from .jsonvalue import dumps
from .oracle import Oracle
from .schemas import SchemaSet

REQUEST_ID, SESSION_ID, ROOT_ID = ("123e4567-e89b-12d3-a456-42661417400" + d for d in "210")
NAIVE = "2026-02-20T10:15:30.123456"  # datetime.utcnow().isoformat()
UPSTREAM_REQUEST = {
    "request_id": REQUEST_ID, "session_id": SESSION_ID, "root_request_id": ROOT_ID, "parent_request_id": ROOT_ID,
    "timestamp": NAIVE, "payload": {"input": "Hello"},
    "capabilities": {"supported_events": ["CITATION_BLOCK"], "prefers_markdown": True},
    "metadata": {"tenant": "acme", "trace": {"sampled": True}}, "client_build": "2026.02.1",
}
MESSAGE = {"id": "m1_chat_message", "chat_id": "c1_chat", "creator_type": "AI", "is_answer": True,
           "content": "Hello", "created_at": NAIVE}
PACKET = {"stream_id": ROOT_ID, "seq": 1, "op": "DELTA", "t": NAIVE, "p": "Hello"}
CLOUD_EVENT = {"specversion": "1.0", "id": "evt-301", "type": "ai.coreason.legacy.node_skipped",
               "source": "urn:node:7", "datacontenttype": "application/json", "data": {"node_id": "7"}}
PRESENTATION = {"id": "987fcdeb-51a2-11e1-fad2-0242ac130003", "timestamp": NAIVE, "type": "CITATION_BLOCK",
                "data": {}}

# (fidelity row, words its decision must contain, type, instance, expected verdict, what it shows)
CASES = [
    (8, "**Changed**", "assist.AgentRequest", UPSTREAM_REQUEST, True,
     "upstream envelope with every extra member, an input payload and an undeclared member"),
    (8, "**Changed**", "assist.AgentRequest", {**UPSTREAM_REQUEST, "root_request_id": "root-1"}, False,
     "upstream envelope whose root_request_id is not a UUID"),
    (9, "**Changed**", "assist.AgentRequestPayload", {"input": "Hello"}, True, "payload without query"),
    (1, "**Changed**", "cloudevents.GraphEventType", "NODE_SKIPPED", True, "a GraphEvent type outside the five"),
    (1, "**Changed**", "cloudevents.GraphEventType", 7, False, "a GraphEvent type that is not a string"),
    (1, "**Changed**", "cloudevents.CloudEvent", CLOUD_EVENT, True,
     "the CloudEvent migrated from that type (application/json)"),
    (14, "**Changed**", "chat_stream.Message", MESSAGE, True, "Message.created_at naive"),
    (14, "**Changed**", "chat_stream.Message", {**MESSAGE, "created_at": "2026-02-20 10:15:30.123456"}, False,
     "Message.created_at as str(datetime): a space for T"),
    (15, "**Changed**", "chat_stream.PingEvent", {"type": "ping", "timestamp": NAIVE}, True,
     "PingEvent.timestamp naive"),
    (8, "**Changed**", "assist.AgentRequest", {"request_id": REQUEST_ID, "session_id": SESSION_ID,
                                               "timestamp": NAIVE, "payload": {"query": "Hi"}}, True,
     "AgentRequest.timestamp naive"),
    (None, None, "packets.StreamPacket", PACKET, True, "StreamPacket t naive (\"The UTC timestamp\")"),
    (None, None, "packets.StreamPacket", {**PACKET, "t": NAIVE + "+02:00"}, False,
     "StreamPacket t in another offset"),
    (None, None, "cloudevents.CloudEvent", {**CLOUD_EVENT, "time": NAIVE}, False,
     "CloudEvent.time naive (RFC 3339)"),
    (None, None, "packets.PresentationEvent", PRESENTATION, False, "PresentationEvent.timestamp naive (RFC 3339)"),
]


def fidelity_rows(readme: Path) -> dict[int, str]:
    """The rows of the "Seed fidelity decisions" table, by number: the Decision column's text."""
    text = readme.read_text(encoding="utf-8")
    section = text.split("## Seed fidelity decisions", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    rows = {}
    for line in section.splitlines():
        m = re.match(r"\| (\d+) \|", line)
        if m:
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
            rows[int(m.group(1))] = cells[3]
    return rows


def run(args) -> int:
    t0 = time.monotonic()
    failures: list[str] = []
    schemas = SchemaSet(Path(args.schemas))
    oracle, types = Oracle(schemas), dict(schemas.named_types())

    rows = fidelity_rows(Path(args.schemas) / "README.md")
    # Rows are numbered from 1 without gaps (the second pass added #20-#31).
    if not rows or sorted(rows) != list(range(1, len(rows) + 1)) or len(rows) < 31:
        failures.append(f"the fidelity table has rows {sorted(rows)}, not 1-{max(len(rows), 31)} without gaps")
    for row, words, type_name, instance, valid, what in CASES:
        if row is not None and words not in rows.get(row, ""):
            failures.append(f"fidelity #{row} no longer says {words} ({what})")
        ok, note = oracle.verdict(types[type_name], instance)
        if ok != valid:
            failures.append(f"{what}: the oracle says {'valid' if ok else 'invalid'}{' (' + note + ')' if note else ''}, "
                            f"the table {'valid' if valid else 'invalid'}")

    runners, missing = langs.available_runners(args, Path(args.generated), Path(args.work), failures)
    lines = [f"{type_name}\t{dumps(instance)}" for _, _, type_name, instance, _, _ in CASES]
    for lang, runner in runners.items():
        try:
            outputs = runner.run(lines)
        except langs.RunnerFailure as e:
            failures.append(str(e))
            continue
        for (row, _, type_name, instance, valid, what), line in zip(CASES, outputs):
            d = judge({"type": type_name, "name": what, "instance": instance}, valid, {lang: line})
            if d:
                print(d.render())
                failures.append(f"{lang}: {what}")
            else:
                print(f"{lang}: {'accepts' if valid else 'refuses'} {what}")
    for failure in failures:
        print("FAILURE " + failure)
    for lang, why in missing.items():
        print(f"NOT CHECKED: {lang}: {why}")
    print(f"acceptance: {len(CASES)} payloads, languages {', '.join(runners) or 'none'}, "
          f"{len(failures)} failures, {time.monotonic() - t0:.1f}s")
    return 1 if failures or not runners else 0
