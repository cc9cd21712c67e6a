"""together.py, the batching and the judging of schemastore.py's second phase, without contractgen."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "conformance"))
sys.path.insert(0, str(HERE))

import together  # noqa: E402


def write(root: Path, files: dict[str, dict]) -> None:
    for rel, doc in files.items():
        (root / rel).write_text(json.dumps(doc), encoding="utf-8")


def test_a_shared_vendored_file_is_written_once_and_a_clashing_own_id_waits(tmp_path):
    write(
        tmp_path,
        {
            "a.json": {"$id": "https://json.schemastore.org/a.json"},
            "b.json": {"$id": "https://json.schemastore.org/b.json"},
            "base.json": {"$id": "https://json.schemastore.org/base.json"},
            # a copy left unrenamed: it says it is a.json
            "c.json": {"$id": "https://json.schemastore.org/a.json"},
        },
    )
    batches = together.plan(
        {"a.json": ["a.json", "base.json"], "b.json": ["b.json", "base.json"], "c.json": ["c.json"]}, tmp_path
    )
    # base.json once, beside the first schema that brings it; c.json after a.json, judged on its own text.
    assert batches == [{"a.json": set(), "b.json": {"base.json"}}, {"c.json": set()}]


def test_a_vendored_copy_of_another_schema_of_the_batch_is_left_to_its_owner(tmp_path):
    write(tmp_path, {"a.json": {"$id": "https://json.schemastore.org/a.json"}, "b.json": {"id": "b.json#"}})
    batches = together.plan({"b.json": ["b.json", "a.json"], "a.json": ["a.json"]}, tmp_path)
    assert batches == [{"b.json": {"a.json"}, "a.json": set()}]


class NoRunner:
    def run_each(self, lines):
        assert lines == []
        return []


def test_a_schema_whose_root_type_is_not_found_is_a_failure(tmp_path, monkeypatch):
    write(tmp_path, {"a.json": {"type": "object"}})
    monkeypatch.setattr(together.subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(a, 0, "", ""))
    monkeypatch.setattr(together, "root_types", lambda out, names: {})
    monkeypatch.setattr(together, "runner", lambda *a: NoRunner())
    failures: list[str] = []
    judged, _, agreed, runs = together.judge(
        SimpleNamespace(langs="py", contractgen="contractgen"),
        tmp_path,
        [("a.json", "src/test/a/x.json", True, {})],
        tmp_path / "work",
        failures,
        [],
        SimpleNamespace(verdict=lambda name, inst: True),
        files_of=lambda n: [n],
        write=lambda n, root, skip: root.mkdir(parents=True, exist_ok=True),
    )
    assert (judged, agreed["py"], runs) == (0, 0, 1)
    assert failures == [
        "batch 0: the root type of a.json is not in the Python bindings; its instances go unjudged"
    ]
