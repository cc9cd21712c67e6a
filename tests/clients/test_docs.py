"""docs/clients.md runs: each Python block against the reference engine, printing what it says."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "clients.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


@pytest.fixture(scope="module")
def engine() -> Iterator[str]:
    p = subprocess.Popen([sys.executable, str(REPO / "tests" / "engine" / "engine.py"), "--port", "0"],
                         stdout=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline() if p.stdout else ""
        match = re.fullmatch(r"listening on (http://127\.0\.0\.1:\d+)\n", line)
        assert match, f"the engine did not start: {line!r}"
        yield match.group(1)
    finally:
        p.terminate()
        p.wait(timeout=10)


def test_the_page_has_a_python_example() -> None:
    assert BLOCKS, "no ```python block in docs/clients.md"


@pytest.mark.parametrize("block", BLOCKS)
def test_python_block(engine: str, block: str) -> None:
    env = dict(os.environ, ENGINE_URL=engine, PYTHONPATH=str(REPO / "generated" / "python"))
    run = subprocess.run([sys.executable, "-c", block], env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout == "The answer is 42 [1]. Sources follow.\n"
