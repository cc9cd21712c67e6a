"""The generated Python clients against live servers in the fault mode, on loopback, with every
shared scenario (vectors/*.json, README.md there), sync Client and AsyncClient: this contract's
(generated/python, contract.client) against the reference engine, and the second contract's
(tests/golden/operations, generated here by $CONTRACTGEN) against orders_engine.py."""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any, Iterator

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "generated" / "python"))

import contract  # noqa: E402
import contract.client  # noqa: E402
import contract.registry  # noqa: E402

VECTORS = sorted((HERE / "vectors").glob("*.json"))
MISSING = object()


def serve(script: Path) -> Iterator[str]:
    p = subprocess.Popen([sys.executable, str(script), "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline() if p.stdout else ""
        match = re.fullmatch(r"listening on (http://127\.0\.0\.1:\d+)\n", line)
        assert match, f"{script.name} did not start: {line!r}"
        yield match.group(1)
    finally:
        p.terminate()
        p.wait(timeout=10)


@pytest.fixture(scope="module")
def engine() -> Iterator[str]:
    yield from serve(REPO / "tests" / "engine" / "engine.py")


@pytest.fixture(scope="module")
def orders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """The second contract's server and its generated package (acme_orders)."""
    out = tmp_path_factory.mktemp("orders")
    case = REPO / "tests" / "golden" / "operations"
    subprocess.run([os.environ.get("CONTRACTGEN", str(REPO / "build" / "contractgen")), "generate", "--schemas",
                    str(case / "input"), "--out", str(out), "--target", "python"], cwd=case, check=True)
    sys.path.insert(0, str(out / "python"))
    package = importlib.import_module("acme_orders")
    importlib.import_module("acme_orders.client")
    importlib.import_module("acme_orders.registry")
    for url in serve(HERE / "orders_engine.py"):
        yield url, package


def setup(request: pytest.FixtureRequest, vector: dict[str, Any]) -> tuple[str, Any]:
    """The server a vector runs against and the package whose client calls it."""
    if vector.get("server") == "orders":
        url, package = request.getfixturevalue("orders")
        return url, package
    return request.getfixturevalue("engine"), contract


def pointer(value: Any, ptr: str) -> Any:
    for token in ptr[1:].split("/") if ptr else []:
        if not isinstance(value, dict) or token not in value:
            return MISSING
        value = value[token]
    return value


def snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()).strip("_")


def call_args(package: Any, vector: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
    args = []
    if "body" in vector:
        adapter = package.registry.find(vector["bodyType"])
        assert adapter is not None
        args.append(adapter.validate_json(json.dumps(vector["body"])))
    return args, {snake(k): v for k, v in vector["parameters"].items()}


def headers_of(vector: dict[str, Any], key: str) -> dict[str, str]:
    h = {"X-Engine-Fault-Key": key}
    if vector["fault"]:
        h["X-Engine-Fault"] = vector["fault"]
    return h


def error_outcome(package: Any, e: Exception) -> dict[str, Any]:
    client = package.client
    if isinstance(e, client.ApiError):
        return {"kind": "status", "status": e.status, "body": package.dump(e.body), "headers": e.headers}
    if isinstance(e, client.UnexpectedResponse):
        return {"kind": "unexpected", "status": e.status, "text": e.text}
    if isinstance(e, client.StreamFailed):
        return {"kind": e.kind}
    if isinstance(e, client.StreamRuleError):
        return {"kind": "rule", "rule": e.rule}
    raise e


def check(vector: dict[str, Any], outcome: dict[str, Any], engine: str, key: str) -> None:
    expect = vector["expect"]
    want_error, got_error = expect.get("error"), outcome.get("error")
    if want_error is None:
        assert got_error is None, got_error
    else:
        assert got_error is not None, "no error"
        for k, v in want_error.items():
            if k in ("body", "headers"):
                for member, value in v.items():
                    assert got_error[k].get(member) == value, (k, member, got_error[k])
            elif k == "text":
                assert got_error["text"].startswith(v), got_error["text"]
            else:
                assert got_error[k] == v, (k, got_error)
    for member, value in expect.get("value", {}).items():
        assert outcome["value"][member] == value, (member, outcome["value"])
    items = outcome.get("items", [])
    if "tags" in expect:
        assert [pointer(i, expect["tags"]["pointer"]) for i in items] == expect["tags"]["values"]
    if "text" in expect:
        t, text = expect["text"], ""
        for i in items:
            tag = pointer(i, expect["tags"]["pointer"])
            if tag == t.get("resetOn"):
                text = ""
            elif tag == t["tag"]:
                text += pointer(i, t["pointer"])
        assert text == t["value"]
    if "findings" in expect:
        assert outcome["findings"] == expect["findings"]
    if "reconnects" in expect:
        assert outcome["reconnects"] == expect["reconnects"]
    if "minElapsedMs" in expect:
        assert outcome["elapsed_ms"] >= expect["minElapsedMs"]
    with urllib.request.urlopen(f"{engine}/_faults/{key}") as r:
        seen = json.load(r)
    assert seen["lastEventIds"] == expect["lastEventIds"]


def run_sync(engine: str, package: Any, vector: dict[str, Any], key: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    args, kwargs = call_args(package, vector)
    dump = package.dump
    started = time.monotonic()
    with package.client.Client(engine) as c:
        method = getattr(c, snake(vector["method"]))
        stream = None
        try:
            if "tags" in vector["expect"]:  # a stream method
                stream = method(*args, **kwargs, headers=headers_of(vector, key), options=vector["client"])
                assert isinstance(stream, package.client._c.Stream)
                out["items"] = []
                for item in stream:
                    out["items"].append(dump(item))
            else:
                out["value"] = dump(method(*args, **kwargs, headers=headers_of(vector, key)))
        except package.client.ClientError as e:
            out["error"] = error_outcome(package, e)
        if stream is not None:
            out["findings"] = [f.rule for f in stream.findings]
            out["reconnects"] = stream.reconnects
    out["elapsed_ms"] = (time.monotonic() - started) * 1000
    return out


async def run_async(engine: str, package: Any, vector: dict[str, Any], key: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    args, kwargs = call_args(package, vector)
    dump = package.dump
    started = time.monotonic()
    async with package.client.AsyncClient(engine) as c:
        method = getattr(c, snake(vector["method"]))
        stream = None
        try:
            if "tags" in vector["expect"]:  # a stream method
                stream = method(*args, **kwargs, headers=headers_of(vector, key), options=vector["client"])
                assert isinstance(stream, package.client._c.AsyncStream)
                out["items"] = []
                async for item in stream:
                    out["items"].append(dump(item))
            else:
                out["value"] = dump(await method(*args, **kwargs, headers=headers_of(vector, key)))
        except package.client.ClientError as e:
            out["error"] = error_outcome(package, e)
        if stream is not None:
            out["findings"] = [f.rule for f in stream.findings]
            out["reconnects"] = stream.reconnects
    out["elapsed_ms"] = (time.monotonic() - started) * 1000
    return out


@pytest.mark.parametrize("path", VECTORS, ids=[p.stem for p in VECTORS])
def test_sync(request: pytest.FixtureRequest, path: Path) -> None:
    vector = json.loads(path.read_text())
    url, package = setup(request, vector)
    key = f"py-sync-{path.stem}-{uuid.uuid4()}"
    check(vector, run_sync(url, package, vector, key), url, key)


@pytest.mark.parametrize("path", VECTORS, ids=[p.stem for p in VECTORS])
def test_async(request: pytest.FixtureRequest, path: Path) -> None:
    vector = json.loads(path.read_text())
    url, package = setup(request, vector)
    key = f"py-async-{path.stem}-{uuid.uuid4()}"
    check(vector, asyncio.run(run_async(url, package, vector, key)), url, key)
