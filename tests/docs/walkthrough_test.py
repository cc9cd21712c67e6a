#!/usr/bin/env python3
"""README "Adding an event type", followed literally on a copy of the repository.

  walkthrough_test.py [--steps-only]

The copy holds the working tree's files (tracked and untracked, not ignored; `.venv` and
`node_modules` are linked), in a temporary folder outside the repository. Each README block after a
`<!-- walkthrough: VERB FILE POINTER -->` comment is applied as it stands:

  add FILE POINTER     the block's JSON becomes the member POINTER names (it must not exist yet);
  append FILE POINTER  the block's JSON is appended to the array at POINTER;
  extend FILE POINTER  the block's JSON array is appended, item by item, to the array at POINTER;
  run                  the block runs with bash in the copy (build, lint, the whole suite, check).

Between the steps, `contractgen lint` (the build under test, CONTRACTGEN) runs on the copy's
schemas: right after the union gains the event it must fail naming the enum value to add, after
the enum gains it naming the EventCategories key to add, and after that pass; so the conventions
the walkthrough depends on are enforced with a message saying what to add. --steps-only stops
before the `run` block (the build and the whole suite in the copy take long: CTest label `slow`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from readme_blocks import blocks  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
BINARY = os.environ.get("CONTRACTGEN", str(REPO / "build" / "contractgen"))
SECTION = "## Adding an event type"


def fail(message: str) -> None:
    print(f"walkthrough_test: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def walkthrough_blocks():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    start = text.index(SECTION)
    first_line = text.count("\n", 0, start) + 1
    end_line = text.count("\n", 0, text.index("\n## ", start + 1)) + 1
    steps = [b for b in blocks(REPO / "README.md") if b.kind == "walkthrough"]
    outside = [b.line for b in steps if not first_line < b.line < end_line]
    if outside:
        fail(f"walkthrough blocks outside the section at README.md lines {outside}")
    return steps


def copy_repository(to: Path) -> None:
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                           check=True, capture_output=True).stdout.split(b"\0")
    for raw in files:
        if not raw:
            continue
        rel = raw.decode()
        source = REPO / rel
        if not source.exists() and not source.is_symlink():
            continue  # deleted in the working tree
        if rel in (".venv", "node_modules"):
            continue
        dest = to / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            dest.symlink_to(os.readlink(source))
        else:
            shutil.copy2(source, dest)
    for shared in (".venv", "node_modules"):
        if (REPO / shared).exists():
            (to / shared).symlink_to((REPO / shared).resolve())


def node_at(doc, pointer: str):
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    for part in parts[:-1]:
        doc = doc[int(part)] if isinstance(doc, list) else doc[part]
    return doc, parts[-1]


def apply(copy: Path, verb: str, file: str, pointer: str, text: str, line: int) -> None:
    path = copy / file
    doc = json.loads(path.read_text(encoding="utf-8"))
    value = json.loads(text)
    parent, last = node_at(doc, pointer)
    if verb == "add":
        if last in parent:
            fail(f"README.md:{line}: {file}#{pointer} exists already")
        parent[last] = value
    elif verb in ("append", "extend"):
        array = parent[int(last)] if isinstance(parent, list) else parent[last]
        if not isinstance(array, list):
            fail(f"README.md:{line}: {file}#{pointer} is not an array")
        if verb == "append":
            array.append(value)
        else:
            if not isinstance(value, list):
                fail(f"README.md:{line}: extend needs a JSON array")
            array.extend(value)
    else:
        fail(f"README.md:{line}: unknown walkthrough verb {verb!r}")
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def lint(copy: Path) -> subprocess.CompletedProcess:
    return subprocess.run([BINARY, "lint", "-q", "--schemas", "schemas"], cwd=copy, capture_output=True, text=True,
                          env={**os.environ, "NO_COLOR": "1"})


def expect_lint(copy: Path, after: str, needle: str | None) -> None:
    result = lint(copy)
    if needle is None:
        if result.returncode != 0:
            fail(f"lint fails after {after}:\n{result.stderr}")
        print(f"after {after}: lint passes")
        return
    if result.returncode != 2 or needle not in result.stderr:
        fail(f"after {after}, lint should exit 2 saying {needle!r}; exit {result.returncode}:\n{result.stderr}")
    print(f"after {after}: lint says {result.stderr.strip().splitlines()[0]}")


def main() -> None:
    steps_only = "--steps-only" in sys.argv[1:]
    steps = walkthrough_blocks()
    verbs = [b.directive.split()[0] for b in steps]
    if verbs != ["add", "append", "append", "add", "extend", "run"]:
        fail(f"the walkthrough's steps changed ({verbs}): update the lint expectations of this test")
    with tempfile.TemporaryDirectory(prefix="contractgen-walkthrough-") as tmp:
        copy = Path(tmp) / "repo"
        copy.mkdir()
        copy_repository(copy)
        expect_lint(copy, "copying", None)
        # What lint must say once a step is done and before the next one is.
        expected = {
            1: '"citation_added", the tag of \'CitationAdded\' in union \'StreamEvent\' (x-tag-enum): add it to the enum',
            2: 'constant \'EventCategories\' has no key "citation_added" (a value of enum \'StreamEventType\', '
               'x-keys-of): add "citation_added": <value>',
        }
        for index, block in enumerate(steps):
            verb, *args = block.directive.split()
            if verb == "run":
                if steps_only:
                    print("--steps-only: the build and the suite in the copy are not run")
                    return
                print(f"README.md:{block.line}: running in the copy:\n{block.text}", flush=True)
                result = subprocess.run(["bash", "-euo", "pipefail", "-c", block.text], cwd=copy)
                if result.returncode != 0:
                    fail(f"README.md:{block.line}: the walkthrough's commands failed (exit {result.returncode})")
                print("the walkthrough's build, lint, suite and check pass")
                return
            apply(copy, verb, args[0], args[1], block.text, block.line)
            if index in expected:
                expect_lint(copy, f"README.md:{block.line} ({verb} {args[1]})", expected[index])
            elif index == 3:
                expect_lint(copy, f"README.md:{block.line} ({verb} {args[1]})", None)
        fail("the walkthrough has no run step")


if __name__ == "__main__":
    main()
