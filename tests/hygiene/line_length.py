#!/usr/bin/env python3
"""No line of the generator's own source (src/, runtime/, templates/) is longer than 120 characters.

clang-format wraps code at 120 columns (.clang-format) but leaves string literals and comments as
they are; this check covers those too, and the runtimes and templates clang-format does not read.
Lengths are counted in code points. `--selftest` proves the check fails on a long line.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

LIMIT = 120
FOLDERS = ("src", "runtime", "templates")
SUFFIXES = {".cpp", ".h", ".hpp", ".py", ".ts", ".go", ".mustache", ".mjs"}
# Compiled output shipped as it is (runtime/ts/dist is what tsc writes from runtime/ts).
SKIP = ("runtime/ts/dist/",)


def long_lines(root: Path, files: list[str]) -> list[str]:
    found = []
    for name in files:
        path = root / name
        if path.suffix not in SUFFIXES or name.startswith(SKIP):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
            if len(line) > LIMIT:
                found.append(f"{name}:{number}: {len(line)} characters")
    return found


def tracked(root: Path) -> list[str]:
    out = subprocess.run(["git", "ls-files", "--", *FOLDERS], cwd=root, capture_output=True, text=True, check=True)
    return out.stdout.split()


def selftest() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "src").mkdir()
        (root / "src" / "ok.cpp").write_text("x" * LIMIT + "\n")
        (root / "src" / "long.cpp").write_text("int a;\n" + "é" * (LIMIT + 1) + "\n")
        found = long_lines(root, ["src/ok.cpp", "src/long.cpp"])
        assert found == [f"src/long.cpp:2: {LIMIT + 1} characters"], found
    print("line_length selftest: 1 passed, 0 failed")
    return 0


def main() -> int:
    if sys.argv[1:] == ["--selftest"]:
        return selftest()
    root = Path.cwd()
    found = long_lines(root, tracked(root))
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} lines over {LIMIT} characters (wrap them; string literals can be split)", file=sys.stderr)
        return 1
    print(f"no line over {LIMIT} characters in {', '.join(FOLDERS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
