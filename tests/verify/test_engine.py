"""The reference engine (tests/engine/engine.py) against `contractgen verify --url`: its three
streams conform; each switch that breaks a rule is flagged with that rule and nothing else; the
committed captures are what the engine sends, and conform; the TypeScript client built on the
stream runtime consumes the engine's streams end to end (tests/verify/ts)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

from verify_support import HERE, REPO, Run, verify

ENGINE = REPO / "tests" / "engine" / "engine.py"
CAPTURES = HERE / "captures"
REQUEST = CAPTURES / "request.json"
CHAT_PATH = "/api/chat/message/stream"

# stream → (the verify arguments, the request's path and arguments)
STREAMS: dict[str, tuple[tuple[str, ...], str, tuple[str, ...]]] = {
    "packets": (("--stream", "packets.PacketStream"), "/v1/assist", ()),
    "assist": (("--stream", "assist.AssistEvents"), "/v1/assist", ("--data", f"@{REQUEST}")),
    "chat": (("--framing", "ndjson", "--type", "chat_stream.StreamEnvelope"), CHAT_PATH + "?message_stream_id={id}",
             ("--header", "X-Gradient-Browser-Client: 1")),
}

# The rules the seeds' streams weigh as warnings, where the engine's breaks reach them.
WARNINGS = {"sequence.gap"}

# (stream, break) → the rules its findings must name, exactly.
BROKEN: dict[tuple[str, str], set[str]] = {
    ("packets", "seq-gap"): {"sequence.gap"},
    ("packets", "seq-duplicate"): {"sequence.duplicate"},
    ("packets", "wrong-id"): {"sse.id"},
    ("packets", "event-name"): {"sse.event"},
    ("packets", "after-close"): {"terminal.after"},
    ("packets", "no-terminal"): {"terminal.missing"},
    ("packets", "invalid-payload"): {"item"},
    ("assist", "event-name"): {"sse.event"},
    ("assist", "invalid-payload"): {"item"},
    ("chat", "after-close"): {"terminal.after"},
    ("chat", "no-terminal"): {"terminal.missing"},
    ("chat", "invalid-payload"): {"item"},
    ("chat", "heartbeat-gap"): {"heartbeat.interval"},
    ("chat", "first-event"): {"first"},
    # The first connection for a message_stream_id is cut after three lines.
    ("chat", "drop"): {"framing.truncated", "terminal.missing"},
}


@pytest.fixture(scope="module")
def engine() -> Iterator[str]:
    p = subprocess.Popen([sys.executable, str(ENGINE), "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline() if p.stdout else ""
        match = re.fullmatch(r"listening on (http://127\.0\.0\.1:\d+)\n", line)
        assert match, f"the engine did not start: {line!r}"
        yield match.group(1)
    finally:
        p.terminate()
        p.wait(timeout=10)


def url_of(engine: str, stream: str, message_stream_id: str, breaks: str = "") -> str:
    path = STREAMS[stream][1].format(id=message_stream_id)
    query = f"break={breaks}" if breaks else ""
    return engine + path + (("&" if "?" in path else "?") + query if query else "")


def verify_url(engine: str, stream: str, message_stream_id: str, breaks: str = "") -> Run:
    args, _, request = STREAMS[stream]
    return verify(*args, "--url", url_of(engine, stream, message_stream_id, breaks), *request)


@pytest.mark.parametrize("stream", sorted(STREAMS))
def test_the_good_engine_conforms(engine: str, stream: str) -> None:
    r = verify_url(engine, stream, f"good-{stream}")
    assert (r.code, r.findings, r.err) == (0, [], ""), r.out


@pytest.mark.parametrize("stream, breaks", sorted(BROKEN))
def test_each_broken_variant_is_flagged_with_its_rule(engine: str, stream: str, breaks: str) -> None:
    r = verify_url(engine, stream, f"{breaks}-{stream}", breaks)
    # A lost packet is a warning (PacketStream's `severity`, schemas/README.md, fidelity #23): reported, exit 0.
    warnings_only = BROKEN[(stream, breaks)] <= WARNINGS
    assert r.code == (0 if warnings_only else 1), r.out
    assert {finding.split(": ")[1] for finding in r.findings} == BROKEN[(stream, breaks)], r.out
    assert all(finding.split(": ")[2] == "warning" for finding in r.findings) == warnings_only, r.out


def test_every_switch_of_the_engine_is_checked() -> None:
    listed = subprocess.run([sys.executable, str(ENGINE), "--list-breaks"], capture_output=True, text=True, check=True)
    switches = {line.split()[0] for line in listed.stdout.splitlines()}
    assert switches == {b for _, b in BROKEN}


def test_a_bad_request_is_answered_400_and_flagged(engine: str) -> None:
    r = verify("--stream", "assist.AssistEvents", "--url", engine + "/v1/assist", "--data", '{"request_id": "x"}')
    assert r.code == 1 and len(r.findings) == 1
    assert r.findings[0].startswith('0/1: http.status: the endpoint answered 400: {"error_message":"the body is not an '
                                    'AgentRequest"')


def fetch(url: str, data: bytes | None = None, headers: dict[str, str] | None = None) -> bytes:
    with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers or {})) as response:
        body: bytes = response.read()
        return body


def test_the_captures_are_what_the_engine_sends_and_conform(engine: str) -> None:
    sent = {
        "packets.sse": fetch(engine + "/v1/assist"),
        "assist.sse": fetch(engine + "/v1/assist", REQUEST.read_bytes(),
                            {"Accept": "text/event-stream", "Content-Type": "application/json"}),
        "chat.ndjson": fetch(engine + CHAT_PATH + "?message_stream_id=m1", None, {"X-Gradient-Browser-Client": "1"}),
    }
    for name, data in sent.items():
        assert data == (CAPTURES / name).read_bytes(), name
    for name, stream in (("packets.sse", "packets"), ("assist.sse", "assist"), ("chat.ndjson", "chat")):
        r = verify(*STREAMS[stream][0], str(CAPTURES / name))
        assert (r.code, r.findings) == (0, []), r.out


def test_the_typescript_client_consumes_the_engine_end_to_end(engine: str, tmp_path: Path) -> None:
    run = REPO / "tests" / "verify" / "ts" / "run.sh"
    env = {**os.environ, "CONTRACTGEN_NODE_MODULES": os.environ.get("CONTRACTGEN_NODE_MODULES", str(REPO / "node_modules"))}
    built = subprocess.run(["bash", str(run), "build", str(tmp_path / "ts")], capture_output=True, text=True, env=env)
    assert built.returncode == 0, built.stdout + built.stderr
    tested = subprocess.run(["bash", str(run), "test", str(tmp_path / "ts"), engine], capture_output=True, text=True,
                            env=env, timeout=120)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "# pass 5" in tested.stdout and "# fail 0" in tested.stdout
