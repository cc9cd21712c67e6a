"""The CI integrations, run as a user's repository runs them, outside this repository:

- `.pre-commit-hooks.yaml`: `pre-commit try-repo` of this repository in a temporary git repository
  that holds a contract, with the wheel's contractgen on PATH (the hooks run the installed generator);
- `action.yml`: its steps (packaging/action/run.sh) install the wheel into a venv of their own,
  then run `check` and `breaking --format github` against the previous commit.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from outside import REPO, artifact, copy_contract, outside, run  # noqa: F401

GIT = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
       "GIT_COMMITTER_EMAIL": "t@example.com", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"}


def user_repository(work: Path, contractgen: Path) -> Path:
    """A git repository with a contract and its generated code, committed."""
    project = copy_contract(work)
    run([contractgen, "generate", "--schemas", "schemas", "--out", "generated"], cwd=project)
    git(project, "init", "-q", "-b", "main")
    git(project, "add", ".")
    git(project, "commit", "-q", "-m", "contract")
    return project


def git(project: Path, *args: str) -> None:
    run(["git", *args], cwd=project, env=GIT)


def remove_seq(project: Path) -> None:
    ping = project / "schemas/demo/ping.schema.json"
    ping.write_text(ping.read_text().replace(', "seq": {"type": "integer", "minimum": 0}', "")
                    .replace('"required": ["type", "seq"]', '"required": ["type"]'))


@pytest.fixture
def wheel_venv(outside: Path) -> Path:
    venv = outside / "venv"
    wheel = shutil.copy(artifact("contractgen-*.whl"), outside)
    run([sys.executable, "-m", "venv", venv], cwd=outside)
    run([venv / "bin/python", "-m", "pip", "install", "-q", "--no-index", wheel], cwd=outside)
    return venv


def pre_commit(project: Path, venv: Path, hook: str, expect: int) -> subprocess.CompletedProcess:
    # pre-commit from the project's .venv; the hooks find contractgen on PATH (the wheel's venv).
    env = {**GIT, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}",
           "PRE_COMMIT_HOME": str(project.parent / "pre-commit-home")}
    return run([REPO / ".venv/bin/pre-commit", "try-repo", REPO, hook, "--all-files", "--verbose"],
               cwd=project, env=env, expect=expect)


def test_pre_commit_hooks(wheel_venv: Path, outside: Path):
    project = user_repository(outside, wheel_venv / "bin/contractgen")
    for hook in ("contractgen-check", "contractgen-lint", "contractgen-breaking"):
        result = pre_commit(project, wheel_venv, hook, expect=0)
        assert "Passed" in result.stdout, result.stdout
    # A field deleted and generated/ not regenerated: check and breaking fail, each saying why.
    remove_seq(project)
    git(project, "add", ".")
    drift = pre_commit(project, wheel_venv, "contractgen-check", expect=1)
    assert "Failed" in drift.stdout and "differ from the schemas; run: contractgen generate" in drift.stdout, drift.stdout
    broken = pre_commit(project, wheel_venv, "contractgen-breaking", expect=1)
    assert "FIELD_NO_DELETE" in broken.stdout, broken.stdout


def test_action_steps(outside: Path):
    """run.sh with the wheel (offline): passes on an unchanged contract; a deleted field is an
    `::error` annotation with its rule, and the step fails."""
    wheel = shutil.copy(artifact("contractgen-*.whl"), outside)
    venv = outside / "tool"  # only to prepare the repository; the action installs its own
    run([sys.executable, "-m", "venv", venv], cwd=outside)
    run([venv / "bin/python", "-m", "pip", "install", "-q", "--no-index", wheel], cwd=outside)
    project = user_repository(outside, venv / "bin/contractgen")
    action = {**GIT, "CONTRACTGEN_PACKAGE": str(wheel), "PIP_NO_INDEX": "1", "RUNNER_TEMP": str(outside),
              "CONTRACTGEN_ACTION_DIR": str(REPO)}

    (project / "README.md").write_text("a change that is not a schema change\n")
    git(project, "add", ".")
    git(project, "commit", "-q", "-m", "docs")
    ok = run([REPO / "packaging/action/run.sh"], cwd=project, env=action)
    assert ok.stdout.startswith("::group::pip install "), ok.stdout

    remove_seq(project)
    run([venv / "bin/contractgen", "generate", "--schemas", "schemas", "--out", "generated"], cwd=project)
    git(project, "commit", "-q", "-am", "drop seq")
    failed = run([REPO / "packaging/action/run.sh"], cwd=project, env=action, expect=1)
    annotations = [line for line in failed.stdout.splitlines() if line.startswith("::error ")]
    assert len(annotations) == 1 and "ping.schema.json" in annotations[0] and "FIELD_NO_DELETE" in annotations[0], \
        failed.stdout
