"""Every shell, CMake, TypeScript, Python and C++ block of the documentation runs, as a reader would run it.

The pages are README.md, CONTRIBUTING.md, bench/README.md, schemas/README.md and every page under
docs/ (DOCS below). The blocks of a page run in order, in one temporary folder of the page's own outside the repository that stands for a
reader's checkout: it links the repository's top-level entries (schemas/, generated/, scripts/,
tests/, .venv, ...), `build` links the build folder under test (CONTRACTGEN_BUILD_DIR), HOME is a
folder of its own, and whatever a block writes lands in the temporary folder. How each kind runs:

  sh      bash -euo pipefail, in the folder;
  ts      written to snippet_<line>.ts and compiled with tsc (strict, exactOptionalPropertyTypes,
          NodeNext; the generated package resolves as `npm install generated/ts` would make it),
          then run with node;
  python  run with the project's .venv python, the generated package importable as
          `pip install generated/python` would make it;
  cmake, cpp  files of an example project: each carries `<!-- docs-test: file PATH -->` and is
          written to PATH; the shell block after them configures (with -Wall -Wextra -Werror),
          builds and runs the example.

A block that cannot run in such a folder carries `<!-- docs-test: skip REASON -->` (see
readme_blocks.py). They are few, and each reason names where the same commands are tested:
the quick start (scripts/test runs the suite that contains this test), fuzzing and benchmarks
(minutes each; their own CTest labels and scripts), FetchContent (builds contractgen from source:
tests/cmake/package_test.py builds that very block, CTest label `slow`). The blocks of
"Adding an event type" are run by walkthrough_test.py; a block that needs the repository's
files (the Streams section reads the captured streams of tests/verify/) carries
`<!-- docs-test: run-by TEST -->`, naming the test file that runs it, which must exist and read
README.md.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

import pytest

from readme_blocks import Block, blocks

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
# Every page a reader is sent to; a new page under docs/ is picked up by itself.
DOCS = [README, REPO / "CONTRIBUTING.md", REPO / "bench" / "README.md", REPO / "schemas" / "README.md",
        *sorted((REPO / "docs").rglob("*.md"))]
BUILD = Path(os.environ.get("CONTRACTGEN_BUILD_DIR", REPO / "build")).resolve()
PYTHON = REPO / ".venv" / "bin" / "python"
NODE_MODULES = REPO / "node_modules"
KINDS = {"sh": "sh", "shell": "sh", "bash": "sh", "cmake": "cmake", "ts": "ts", "typescript": "ts",
         "python": "python", "py": "python", "cpp": "cpp", "c++": "cpp"}
MAX_SKIPS = 12  # over all the pages; each names the test that runs the same commands, or why none can


def page_of(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


ALL = [(page_of(doc), b) for doc in DOCS if doc.is_file() for b in blocks(doc) if b.lang in KINDS]
RUN = [(page, b) for page, b in ALL if b.kind != "walkthrough"]


def test_the_docs_have_blocks_of_every_kind():
    assert {KINDS[b.lang] for _, b in RUN} == {"sh", "cmake", "ts", "python", "cpp"}


def test_the_readme_runs_blocks_too():
    assert any(page == "README.md" and b.kind != "docs-test" for page, b in RUN)


def test_every_block_runs_or_says_why_not():
    problems = []
    skips = []
    for page, b in RUN:
        where = f"{page}:{b.line}"
        if b.kind == "docs-test":
            verb, _, rest = b.directive.partition(" ")
            if verb == "skip":
                if not rest.strip():
                    problems.append(f"{where}: a skip needs a reason")
                skips.append(f"{where}: {rest}")
            elif verb == "run-by":
                test = REPO / rest.strip()
                if not rest.strip() or not test.is_file() or page not in test.read_text():
                    problems.append(f"{where}: run-by names a test file that reads {page}: {rest!r} does not")
            elif verb == "file":
                if not rest.strip() or rest.startswith("/") or ".." in rest.split("/"):
                    problems.append(f"{where}: file needs a relative path inside the example folder")
            else:
                problems.append(f"{where}: unknown docs-test directive {b.directive!r} (file PATH, skip REASON, run-by TEST)")
        elif KINDS[b.lang] in ("cmake", "cpp"):
            problems.append(f"{where}: a {b.lang} block is a file of an example: precede it with "
                            "<!-- docs-test: file PATH --> and build it in a shell block after it")
    assert not problems, "\n".join(problems)
    assert len(skips) <= MAX_SKIPS, "too many blocks skipped:\n" + "\n".join(skips)


@pytest.fixture(scope="module")
def folders():
    """A reader's folder per page, made when the page's first block runs."""
    made: dict[str, Path] = {}
    with tempfile.TemporaryDirectory(prefix="contractgen-docs-") as tmp:
        def folder_for(page: str) -> Path:
            if page not in made:
                made[page] = reader_folder(Path(tmp) / page.replace("/", "_"))
            return made[page]
        yield folder_for


def reader_folder(work: Path) -> Path:
    """A folder that stands for a reader's checkout: the repository's entries linked, `build` the build
    under test, node_modules as `npm install zod path/to/generated/ts` leaves it."""
    work.mkdir()
    assert REPO not in work.parents
    for entry in REPO.iterdir():
        if entry.name in ("build", "node_modules", "package.json", "package-lock.json", ".git") or \
                entry.name.startswith("build-"):
            continue
        (work / entry.name).symlink_to(entry)
    (work / "build").symlink_to(BUILD)
    # node_modules as `npm install zod path/to/generated/ts` leaves it: the project's packages,
    # and the generated package under its own name.
    modules = work / "node_modules"
    modules.mkdir()
    for entry in NODE_MODULES.iterdir():
        (modules / entry.name).symlink_to(entry)
    ts_name = json.loads((REPO / "generated/ts/package.json").read_text())["name"]
    scope, _, name = ts_name.rpartition("/")
    target = modules / scope if scope else modules
    if scope and target.is_symlink():  # a scope folder of the project's own: copy its links
        real = target.resolve()
        target.unlink()
        target.mkdir()
        for entry in real.iterdir():
            (target / entry.name).symlink_to(entry)
    target.mkdir(exist_ok=True)
    (target / name).symlink_to(REPO / "generated/ts")
    (work / "package.json").write_text('{"type": "module", "private": true}\n')
    (work / "home").mkdir()
    return work


def run(command: list[str], cwd: Path, block: Block, env: dict[str, str] | None = None,
        timeout: int = 3600) -> None:
    full_env = {**os.environ, "HOME": str(cwd / "home"), "NO_COLOR": "1", **(env or {})}
    result = subprocess.run(command, cwd=cwd, env=full_env, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, (f"{block.lang} block at line {block.line} failed "
                                    f"(exit {result.returncode})\n--- block\n{block.text}--- stdout\n"
                                    f"{result.stdout[-4000:]}\n--- stderr\n{result.stderr[-4000:]}")


@pytest.mark.parametrize("page,block", RUN, ids=[f"{page}:{b.line}-{b.lang}" for page, b in RUN])
def test_block(page: str, block: Block, folders):
    folder = folders(page)
    kind = KINDS[block.lang]
    verb, _, rest = block.directive.partition(" ")
    if block.kind == "docs-test" and verb == "skip":
        pytest.skip(rest)
    if block.kind == "docs-test" and verb == "run-by":
        return  # run by that test (checked to exist in test_every_block_runs_or_says_why_not)
    if block.kind == "docs-test" and verb == "file":
        path = folder / rest.strip()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(block.text)
        return
    if kind == "sh":
        run(["bash", "-euo", "pipefail", "-c", block.text], folder, block)
    elif kind == "python":
        script = folder / f"snippet_{block.line}.py"
        script.write_text(block.text)
        run([str(PYTHON), script.name], folder, block, {"PYTHONPATH": str(REPO / "generated/python")})
    elif kind == "ts":
        script = folder / f"snippet_{block.line}.ts"
        script.write_text(block.text)
        out = f"out_{block.line}"
        run([str(NODE_MODULES / ".bin/tsc"), "--strict", "--exactOptionalPropertyTypes", "--module", "nodenext",
             "--moduleResolution", "nodenext", "--target", "es2022", "--outDir", out, script.name], folder, block)
        run(["node", f"{out}/{script.stem}.js"], folder, block)
