"""`driver.py tolerant`: the tolerant-reader vectors (tests/conformance/tolerant/), every language.

Each case is decoded twice by each language's runner: with `--tolerant` it must answer exactly
`ok <output>` (the re-encoding, byte for byte) or an error starting with `error <error>` (the path
and keyword of docs/semantics.md §2); without it, the verdict `strict` (`ok` or `error`), so that the
vectors also show what strict mode still refuses. The expected outputs are written by hand from the
rules of docs/semantics.md ("tolerant reading"), not recorded from a binding.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from . import langs


def load(folder: Path) -> list[dict]:
    cases: list[dict] = []
    for path in sorted(folder.glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            if ("output" in case) == ("error" in case) or case.get("strict") not in ("ok", "error"):
                raise ValueError(f"{path}: case {case.get('name')!r} needs one of output/error and strict ok|error")
            if "\n" in case["text"]:
                raise ValueError(f"{path}: case {case['name']!r}: the text must be one line")
            cases.append(case)
    return cases


def verdicts(case: dict, tolerant: str, strict: str) -> list[str]:
    """What is wrong with one language's two answers to a case (nothing: an empty list)."""
    wrong = []
    if "output" in case:
        if tolerant != "ok " + case["output"]:
            wrong.append(f"tolerant: expected ok {case['output']}\n      got {tolerant}")
    elif not tolerant.startswith("error " + case["error"]):
        wrong.append(f"tolerant: expected error {case['error']}...\n      got {tolerant}")
    if strict.split(" ", 1)[0] != case["strict"]:
        wrong.append(f"strict: expected {case['strict']}, got {strict}")
    return wrong


def run(args) -> int:
    t0 = time.monotonic()
    failures: list[str] = []
    cases = load(Path(args.vectors))
    runners, missing = langs.available_runners(args, Path(args.generated), Path(args.work), failures)
    lines = [f"{c['type']}\t{c['text']}" for c in cases]
    for lang, runner in runners.items():
        tolerant, strict = langs.Runner(runner.lang, runner.cmd + ["--tolerant"], runner.env), runner  # both --mixed
        try:
            answers = zip(tolerant.run(lines), strict.run(lines))
        except langs.RunnerFailure as e:
            failures.append(str(e))
            continue
        bad = 0
        for case, (t, s) in zip(cases, answers):
            for wrong in verdicts(case, t, s):
                bad += 1
                print(f"{lang}: {case['name']}\n  {wrong}")
                failures.append(f"{lang}: {case['name']}")
        print(f"{lang}: {len(cases) - bad} of {len(cases)} cases as expected")
    for failure in failures:
        print("FAILURE " + failure)
    for lang, why in missing.items():
        print(f"NOT CHECKED: {lang}: {why}")
    print(f"tolerant: {len(cases)} cases, languages {', '.join(runners) or 'none'}, "
          f"{len(failures)} failures, {time.monotonic() - t0:.1f}s")
    return 1 if failures or not runners else 0
