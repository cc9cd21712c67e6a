#!/usr/bin/env python3
"""Pattern changes decided exactly: `contractgen breaking` on each pair of
pairs.json (a string type's keywords before and after), checked against
ECMA-262 itself rather than contractgen's own matcher:

  - the verdict: the directions of the witnesses reported are exactly the
    pair's `narrower` / `wider` (none: an equivalent rewrite, no finding);
  - each witness, judged by node's RegExp (`u` flag, `test`), by its length
    in code points and by jsonschema's format checker, is accepted by the
    version the finding names and rejected by the other;
  - it is a shortest one: its length is the one worked out by hand in
    pairs.json, and (up to 3 code points) no shorter string over printable
    ASCII and the ECMA-262 whitespace is a witness in that direction;
  - a format replaced by a pattern is one finding.

usage: check_pairs.py CONTRACTGEN
"""
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from jsonschema import Draft202012Validator

HERE = Path(__file__).resolve().parent
WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
ALPHABET = "".join(chr(c) for c in range(0x20, 0x7F)) + WHITESPACE + "\U0001F600"


def schema(bounds: dict) -> dict:
    return {"$defs": {"S": {"type": "string", **bounds}}}


def format_ok(bounds: dict, s: str) -> bool:
    if "format" not in bounds:
        return True
    return Draft202012Validator.FORMAT_CHECKER.conforms(s, bounds["format"])


def main() -> int:
    binary = Path(sys.argv[1]).resolve()
    pairs = json.loads((HERE / "pairs.json").read_text())
    reports, failures = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for i, pair in enumerate(pairs):
            folder = Path(tmp) / str(i)
            for side in ("previous", "current"):
                (folder / side / "f").mkdir(parents=True)
                (folder / side / "f" / "s.schema.json").write_text(json.dumps(schema(pair[side])))
            run = subprocess.run([str(binary), "breaking", "--against", "previous", "--schemas", "current", "--format", "json"],
                                 cwd=folder, capture_output=True, text=True)
            if run.returncode not in (0, 1):
                failures.append(f"{pair['why']}: exit {run.returncode}: {run.stderr}")
                reports.append(None)
                continue
            reports.append(json.loads(run.stdout))

    # Every witness and every pattern, judged by node in one process.
    tests, shorter, claims = [], [], []
    for pair, report in zip(pairs, reports):
        if report is None:
            continue
        findings = report["findings"]
        got = {w["accepted_by"]: w["instance"] for f in findings for w in f["witnesses"]}
        want = {"previous": pair.get("narrower"), "current": pair.get("wider")}
        want = {k: v for k, v in want.items() if v is not None}
        if set(got) != set(want):
            failures.append(f"{pair['why']}: witnesses accepted by {sorted(got)}, expected {sorted(want)}:\n"
                            + json.dumps(findings, indent=1, ensure_ascii=False))
            continue
        if len(findings) > 1:
            failures.append(f"{pair['why']}: {len(findings)} findings for one change: {[f['rule'] for f in findings]}")
        for side, s in got.items():
            other = "current" if side == "previous" else "previous"
            claims.append((pair, side, other, s, len(tests)))
            for p in (pair[side].get("pattern"), pair[other].get("pattern")):
                tests.append([p if p is not None else "", s])
            if want[side] <= 3:
                shorter.append({"previous": pair["previous"], "current": pair["current"], "accepted_by": side,
                                "below": want[side], "alphabet": ALPHABET})
            else:
                shorter.append(None)
    node = subprocess.run(["node", str(HERE / "ecma.js")], capture_output=True, text=True, check=True,
                          input=json.dumps({"tests": tests, "shorter": [s for s in shorter if s]}))
    verdicts = json.loads(node.stdout)
    shorter_results = iter(verdicts["shorter"])
    for (pair, side, other, s, at), brute in zip(claims, shorter):
        n = len(s)  # code points: Python strings are sequences of them
        def accepted(bounds, pattern_ok):
            return (pattern_ok and n >= bounds.get("minLength", 0) and n <= bounds.get("maxLength", n)
                    and format_ok(bounds, s))
        yes = accepted(pair[side], verdicts["tests"][at])
        no = accepted(pair[other], verdicts["tests"][at + 1])
        label = f"{pair['why']}: witness {json.dumps(s, ensure_ascii=False)} (accepted by {side})"
        if not yes or no:
            failures.append(f"{label}: ECMA-262 says accepted by {side}: {yes}, by {other}: {no}")
        want = pair["narrower" if side == "previous" else "wider"]
        if n != want:
            failures.append(f"{label}: {n} code points, the shortest has {want}")
        if brute:
            found = next(shorter_results)
            if found is not None:
                failures.append(f"{label}: {json.dumps(found)} is shorter")
    for f in failures:
        print(f"FAIL {f}")
    print(f"{len(pairs) - len(failures)} of {len(pairs)} pairs as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
