#!/usr/bin/env python3
"""Recursive types in every language: trees round-trip exactly, a tree at the
nesting limit decodes, and a 100,000-level tree is a `depth` error at the
first container past the limit (128), never a crash or a stack overflow.

The schemas here are generated for C++, TypeScript, Python and Go into WORK
and each language's conformance runner (tests/conformance/{cpp,ts,py,go})
decodes and re-encodes every case; every answer must be the expected one.

  run.py CONTRACTGEN WORK
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from harness import langs  # noqa: E402

LIMIT = 128  # the default [payload] max_depth
CONFIG = """[project]
name = "recursion"
version = "1.0.0"
[cpp]
namespace = "contract"
[python]
package = "contract"
[go]
module = "example.com/contract"
"""


def chain(levels: int) -> str:
    """A Node whose first child's first child... goes `levels` nodes deep (2 * levels - 1 containers)."""
    return '{"name":"n","children":[' * (levels - 1) + '{"name":"n"}' + "]}" * (levels - 1)


def plans(levels: int) -> str:
    return '{"title":"t","sub_plan":' * (levels - 1) + '{"title":"t"}' + "}" * (levels - 1)


def cases() -> list[tuple[str, str, str]]:
    """(type, JSON text, expected answer: "ok <canonical text>" or "error <path>: <keyword>")."""
    tree = '{"name":"root","children":[{"name":"a","children":[{"name":"a1"}]},{"name":"b","children":[]}]}'
    plan = '{"title":"q3","sub_plan":{"title":"hire"},"by_owner":{"ann":{"title":"ship","by_owner":{}}}}'
    deepest_ok = (LIMIT + 1) // 2  # 64 nodes: 127 containers
    # A node at depth 2k+1 sits at ($.children[0]) * k: the first container past the limit (depth 129) is node 65.
    too_deep_node = "$" + ".children[0]" * (LIMIT // 2)
    return [
        ("tree.Node", tree, "ok " + tree),
        ("tree.Node", chain(deepest_ok), "ok " + chain(deepest_ok)),
        ("tree.Node", chain(deepest_ok + 1), f"error {too_deep_node}: depth"),
        ("tree.Node", chain(100_000), f"error {too_deep_node}: depth"),
        # Errors deep inside keep their path: the undeclared member comes first in document order.
        ("tree.Node", '{"name":"root","children":[{"name":"a","children":[{"nom":"x"}]}]}',
         "error $.children[0].children[0].nom: additionalProperties"),
        ("tree.Node", '{"name":"root","children":[{"name":"a","children":[{}]}]}',
         "error $.children[0].children[0]: required"),
        ("tree.Plan", plan, "ok " + plan),
        ("tree.Plan", plans(LIMIT), "ok " + plans(LIMIT)),
        ("tree.Plan", plans(LIMIT + 1), "error $" + ".sub_plan" * LIMIT + ": depth"),
        ("tree.Plan", plans(100_000), "error $" + ".sub_plan" * LIMIT + ": depth"),
    ]


def matches(answer: str, expected: str) -> bool:
    if expected.startswith("ok "):
        return answer == expected
    return answer.startswith(expected + ":")  # the detail after the keyword is each language's own


def main() -> int:
    contractgen, work = sys.argv[1], Path(sys.argv[2])
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    (work / "contractgen.toml").write_text(CONFIG)
    out = work / "out"
    p = subprocess.run([contractgen, "generate", "--quiet", "--config", str(work / "contractgen.toml"),
                        "--schemas", str(HERE / "schemas"), "--out", str(out),
                        "--target", "cpp", "--target", "ts", "--target", "python", "--target", "go"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"contractgen generate failed ({p.returncode}):\n{p.stdout}{p.stderr}")
    runners = {"cpp": langs.compile_cpp_runner(out / "cpp" / "include", work / "cpp", "g++", [], opt="-O1"),
               "ts": langs.ts_runner(langs.ts_registry(out / "ts")),
               "py": langs.py_runner(out / "python"),
               "go": langs.compile_go_runner(out / "go", work / "go")}
    all_cases = cases()
    lines = [f"{t}\t{text}" for t, text, _ in all_cases]
    wrong = 0
    for lang, runner in runners.items():
        for (t, text, expected), answer in zip(all_cases, runner.run(lines, timeout=300)):
            if not matches(answer, expected):
                wrong += 1
                print(f"{lang}: {t} ({len(text)} bytes): got {answer[:300]!r}, expected {expected[:300]!r}")
    print(f"{len(all_cases)} cases x {len(runners)} languages: {wrong} wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
