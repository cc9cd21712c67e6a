"""Shared by the OpenAPI tests: the generated document, a JSON Schema validator over its
components, the stream parsers (text/event-stream, NDJSON) and the reference server as a
context manager (a free loopback port, a start-up timeout, a clean shutdown)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Iterator

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

REPO = Path(__file__).resolve().parents[2]
# Where the documents under test are: the repository (its committed
# generated/ and golden expected/ folders), or what the current generator
# wrote into the build folder (tests/fresh/generate.sh), in the same layout.
OUTPUT_ROOT = Path(os.environ.get("CONTRACTGEN_OUTPUT_ROOT") or REPO)
GENERATED = OUTPUT_ROOT / "generated" / "openapi"
GOLDEN_OUTPUT = OUTPUT_ROOT / "tests" / "golden"
DOCUMENT_URI = "https://contract.invalid/openapi.json"


def load_document(path: Path = GENERATED / "openapi.json") -> dict[str, Any]:
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def validator(document: dict[str, Any], schema: Any) -> Draft202012Validator:
    """A draft 2020-12 validator of `schema`, whose `#/components/...` refs resolve in `document`.

    `schema` is placed *inside* a copy of the document (so its local refs resolve against the
    document root), and validated through a $ref to that place.
    """
    doc = dict(document)
    doc["x-test-subject"] = schema
    registry = Registry().with_resource(DOCUMENT_URI, Resource.from_contents(doc, default_specification=DRAFT202012))
    return Draft202012Validator({"$ref": DOCUMENT_URI + "#/x-test-subject"}, registry=registry,
                                format_checker=Draft202012Validator.FORMAT_CHECKER)


def errors(v: Draft202012Validator, instance: Any) -> list[str]:
    return [f"/{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}" for e in v.iter_errors(instance)]


def parse_event_stream(text: str) -> list[dict[str, Any]]:
    """W3C text/event-stream parsing into ServerSentEvent-shaped objects ({event, id, data});
    an event without an `id:` line gets id None; `data:` lines are joined with LF."""
    events: list[dict[str, Any]] = []
    event, ident, data = "", None, []
    for line in re.split(r"\r\n|\n|\r", text):
        if line == "":
            if data:
                events.append({"event": event or "message", "id": ident, "data": "\n".join(data)})
            event, ident, data = "", None, []
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if field == "event":
            event = value
        elif field == "data":
            data.append(value)
        elif field == "id":
            ident = value
    return events


def parse_ndjson(text: str) -> list[Any]:
    assert text.endswith("\n"), "NDJSON: every line ends with LF"
    return [json.loads(line) for line in text.split("\n")[:-1] if line.strip()]


class ReferenceServer:
    """tests/openapi/reference_server.py on a free loopback port, for the `with` block."""

    def __init__(self, timeout: float = 20.0) -> None:
        self.timeout = timeout
        self.process: subprocess.Popen[str] | None = None
        self.url = ""

    def __enter__(self) -> "ReferenceServer":
        self.process = subprocess.Popen(
            [sys.executable, str(REPO / "tests" / "openapi" / "reference_server.py"), "--port", "0"],
            stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        found = threading.Event()

        def read() -> None:
            assert self.process and self.process.stdout
            for line in self.process.stdout:
                m = re.search(r"listening on (http://\S+)", line)
                if m:
                    self.url = m.group(1)
                    found.set()

        threading.Thread(target=read, daemon=True).start()
        if not found.wait(self.timeout):
            self.__exit__(None, None, None)
            raise RuntimeError(f"reference server did not start within {self.timeout} s")
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


@contextlib.contextmanager
def reference_server() -> Iterator[ReferenceServer]:
    with ReferenceServer() as server:
        yield server
