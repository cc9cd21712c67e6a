#!/usr/bin/env python3
"""The hostile-payload suite: every case is raw bytes for one type and the verdict docs/semantics.md
gives it (ok with the exact canonical output, or error with the path and keyword), derived by rule.

  generate.py [--out hostile.ndjson]     write the cases, one JSON object per line
  generate.py --summary                  count them per rule

Deterministic: no randomness, no clock. `driver.py hostile` generates the same cases in memory and
runs them (docs/conformance.md, "The hostile-payload suite"). A line of the file:

  {"type": "packets.StreamPacket", "name": "...", "rule": "§1.2 duplicate members",
   "text": "..." | "base64": "...",                      (base64 when the bytes are not UTF-8)
   "expect": {"verdict": "error", "path": "$.op", "keyword": "duplicate"}
           | {"verdict": "ok", "output": "...", "ordered": {"$.data": "all"}},
   "oracle": "checked" | "policy-only"}
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `hostile` and `harness` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    __package__ = "hostile"

from hostile import cases_numbers, cases_text, cases_values  # noqa: E402
from hostile.build import RULES, Case  # noqa: E402


def all_cases() -> list[Case]:
    cases = (cases_text.encoding() + cases_text.surrogates() + cases_text.syntax() + cases_text.duplicates()
             + cases_numbers.depth() + cases_numbers.integers() + cases_numbers.numbers() + cases_numbers.spelling()
             + cases_values.free_form() + cases_values.long_strings() + cases_values.locations())
    # A line that starts with a BOM reaches a runner's own decoder first only with --type (with --mixed
    # the type name comes first): those cases run both ways.
    cases += [dataclasses.replace(c, name=c.name + " (runner --type)", mode="type")
              for c in cases if c.data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"))]
    seen: set[tuple[str, str]] = set()
    for c in cases:
        key = (c.type, c.name)
        if key in seen:
            raise ValueError(f"two hostile cases named {c.name!r} for {c.type}")
        seen.add(key)
        if c.rule not in RULES:
            raise ValueError(f"{c.name}: unknown rule {c.rule!r}")
    return cases


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", help="write the cases here (NDJSON); default: standard output")
    ap.add_argument("--summary", action="store_true", help="print the number of cases per rule instead")
    args = ap.parse_args()
    cases = all_cases()
    if args.summary:
        per_rule = collections.Counter(c.rule for c in cases)
        for rule in RULES:
            print(f"{per_rule[rule]:5}  {rule}")
        print(f"{len(cases):5}  cases ({sum(c.ok for c in cases)} ok, {sum(not c.ok for c in cases)} error; "
              f"{sum(c.policy for c in cases)} judged by the payload policy alone)")
        return 0
    out = open(args.out, "w", encoding="utf-8") if args.out else sys.stdout
    with out:
        for c in cases:
            out.write(json.dumps(c.record(), ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
