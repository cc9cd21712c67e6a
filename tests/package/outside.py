"""What the tests of the release artifacts share: the artifacts, copied out of reach of the repository.

Each test works in a temporary folder outside the repository, on a copy of one artifact of
scripts/package (the CTest fixture `package_artifacts` writes them into CONTRACTGEN_DIST), with a
PATH that holds no build folder: what a user gets is what is tested.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("CONTRACTGEN_DIST", REPO / "dist"))
VERSION = os.environ.get("CONTRACTGEN_VERSION", "")
CONTRACT = REPO / "tests" / "cmake" / "consumer" / "schemas"  # one family, demo.Ping


def artifact(pattern: str) -> Path:
    found = sorted(DIST.glob(pattern))
    assert len(found) == 1, f"{DIST}: expected one {pattern}, found {[p.name for p in found]}"
    return found[0]


def clean_path() -> str:
    """PATH without this repository's folders (its build/, .venv, node_modules)."""
    keep = [p for p in os.environ.get("PATH", "").split(os.pathsep)
            if p and not Path(p).resolve().is_relative_to(REPO)]
    return os.pathsep.join(keep)


def run(command: list[str | Path], cwd: Path, env: dict[str, str] | None = None,
        expect: int | None = 0) -> subprocess.CompletedProcess:
    full_env = {"PATH": clean_path(), "HOME": str(cwd), "LANG": "C.UTF-8", **(env or {})}
    result = subprocess.run([str(c) for c in command], cwd=cwd, env=full_env, capture_output=True, text=True)
    if expect is not None and result.returncode != expect:
        pytest.fail(f"{' '.join(map(str, command))} exited {result.returncode}, expected {expect}\n"
                    f"stdout: {result.stdout[-4000:]}\nstderr: {result.stderr[-4000:]}")
    return result


@pytest.fixture
def outside() -> Path:
    with tempfile.TemporaryDirectory(prefix="contractgen-artifact-") as tmp:
        work = Path(tmp).resolve()
        assert not work.is_relative_to(REPO), f"{work} is inside the repository"
        yield work


def copy_contract(work: Path) -> Path:
    """A user's project: schemas/demo/ping.schema.json, nothing generated yet."""
    project = work / "project"
    shutil.copytree(CONTRACT, project / "schemas")
    return project


def expected_version() -> str:
    assert VERSION, "CONTRACTGEN_VERSION is not set (CMake's PROJECT_VERSION)"
    return f"contractgen {VERSION}"


__all__ = ["REPO", "DIST", "VERSION", "artifact", "run", "outside", "copy_contract", "expected_version", "sys"]
