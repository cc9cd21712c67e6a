"""Runs the C++ example of docs/clients.md (built by CMake from the page's ```cpp block:
tests/clients/cpp/CMakeLists.txt) against the reference engine, and checks what it prints.

Usage: run_docs_example.py EXAMPLE_BINARY (CMake: clients_cpp_docs).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def main() -> int:
    engine = subprocess.Popen([sys.executable, str(REPO / "tests" / "engine" / "engine.py"), "--port", "0"],
                              stdout=subprocess.PIPE, text=True)
    try:
        line = engine.stdout.readline() if engine.stdout else ""
        match = re.fullmatch(r"listening on (http://127\.0\.0\.1:\d+)\n", line)
        if not match:
            print(f"the engine did not start: {line!r}")
            return 1
        run = subprocess.run([sys.argv[1]], env=dict(os.environ, ENGINE_URL=match.group(1)), capture_output=True,
                             text=True, timeout=60)
    finally:
        engine.terminate()
        engine.wait(timeout=10)
    want = "The answer is 42 [1]. Sources follow.\n"
    if run.returncode != 0 or run.stdout != want:
        print(f"the example exited {run.returncode}, printed {run.stdout!r} (want {want!r}); stderr: {run.stderr}")
        return 1
    print("1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
