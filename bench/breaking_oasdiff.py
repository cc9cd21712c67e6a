#!/usr/bin/env python3
"""Recall of `contractgen breaking` and of oasdiff on the same pairs.

Pairs: every folder of tests/breaking/ (previous/ and current/ schemas, one
per rule and the refactorings) and every pattern pair of
tests/breaking/patterns/pairs.json. contractgen's verdict is the reference:
a pair is a real break when `breaking` reports an error on it, and each of
those errors is proven by a witness that a standard validator checks
(tests/breaking/check_case.py, tests/breaking/patterns/check_pairs.py).

oasdiff compares the OpenAPI 3.1 documents contractgen generates from each
side (`generate --target openapi`), in two ways:
  - as generated: the pairs declare no operation, as many contracts'
    shared types do not (stream items, event types);
  - with operations: every schema component is also added as the request
    body of one operation and the response of another, oasdiff's best case.
A pair counts as found by oasdiff when `oasdiff breaking` reports any
change (ERR or WARN).

oasdiff is a Go program: install it with
  GOBIN=$PWD/build/oasdiff/bin go install github.com/oasdiff/oasdiff@v1.39.0
usage: bench/breaking_oasdiff.py [--contractgen build/contractgen] [--oasdiff build/oasdiff/bin/oasdiff]
Prints a Markdown table and the recall of each.
"""
import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "breaking"


def pairs(tmp: pathlib.Path):
    """(name, previous folder, current folder) of every pair."""
    for folder in sorted(CASES.iterdir()):
        if (folder / "previous").is_dir():
            yield folder.name, folder / "previous", folder / "current"
    for i, pair in enumerate(json.loads((CASES / "patterns" / "pairs.json").read_text())):
        folder = tmp / "patterns" / str(i)
        for side in ("previous", "current"):
            (folder / side / "f").mkdir(parents=True)
            (folder / side / "f" / "s.schema.json").write_text(
                json.dumps({"$defs": {"S": {"type": "string", **pair[side]}}}))
        yield "pattern: " + pair["why"], folder / "previous", folder / "current"


def contractgen_errors(binary: str, previous: pathlib.Path, current: pathlib.Path) -> tuple[int, str]:
    run = subprocess.run([binary, "breaking", "--against", str(previous), "--schemas", str(current), "--format", "json"],
                         capture_output=True, text=True)
    if run.returncode not in (0, 1):
        first = run.stderr.strip().splitlines()[0] if run.stderr.strip() else f"exit {run.returncode}"
        return -1, first.split(": error: ", 1)[-1]  # without the (temporary) file name
    findings = json.loads(run.stdout)["findings"]
    return sum(f["severity"] == "error" for f in findings), ""


def openapi(binary: str, schemas: pathlib.Path, out: pathlib.Path, with_operations: bool) -> pathlib.Path:
    subprocess.run([binary, "generate", "--schemas", str(schemas), "--out", str(out), "--target", "openapi"],
                   check=True, capture_output=True)
    path = out / "openapi" / "openapi-3.1.json"
    if with_operations:
        doc = json.loads(path.read_text())
        for name in doc.get("components", {}).get("schemas", {}):
            ref = {"$ref": f"#/components/schemas/{name}"}
            slug = name.replace(".", "-")
            doc.setdefault("paths", {})[f"/write/{slug}"] = {"post": {
                "operationId": f"write-{slug}",
                "requestBody": {"required": True, "content": {"application/json": {"schema": ref}}},
                "responses": {"204": {"description": "written"}}}}
            doc["paths"][f"/read/{slug}"] = {"get": {
                "operationId": f"read-{slug}",
                "responses": {"200": {"description": "read", "content": {"application/json": {"schema": ref}}}}}}
        path.write_text(json.dumps(doc))
    return path


def oasdiff_changes(oasdiff: str, base: pathlib.Path, revision: pathlib.Path) -> int:
    run = subprocess.run([oasdiff, "breaking", str(base), str(revision), "--format", "json"], capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"oasdiff failed: {run.stderr}")
    return len(json.loads(run.stdout or "[]") or [])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--contractgen", default=str(ROOT / "build" / "contractgen"))
    ap.add_argument("--oasdiff", default=str(ROOT / "build" / "oasdiff" / "bin" / "oasdiff"))
    args = ap.parse_args()
    version = subprocess.run([args.oasdiff, "--version"], capture_output=True, text=True).stdout.strip()
    rows, real, found = [], 0, {False: 0, True: 0}
    false_alarms = {False: 0, True: 0}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = pathlib.Path(tmp_name)
        for n, (name, previous, current) in enumerate(pairs(tmp)):
            errors, problem = contractgen_errors(args.contractgen, previous, current)
            if errors < 0:
                rows.append(f"| {name} | refused: {problem} | | |")
                continue
            seen = {}
            for ops in (False, True):
                docs = [openapi(args.contractgen, side, tmp / "out" / str(n) / f"{side.name}-{ops}", ops)
                        for side in (previous, current)]
                seen[ops] = oasdiff_changes(args.oasdiff, *docs)
            real += errors > 0
            for ops in (False, True):
                if errors > 0 and seen[ops] > 0:
                    found[ops] += 1
                if errors == 0 and seen[ops] > 0:
                    false_alarms[ops] += 1
            rows.append(f"| {name} | {errors} | {seen[False]} | {seen[True]} |")
    print(f"`bench/breaking_oasdiff.py` ({version})\n")
    print("| pair | contractgen errors | oasdiff changes, as generated | oasdiff changes, with operations |")
    print("|---|---:|---:|---:|")
    print("\n".join(rows))
    print(f"\nReal breaks (contractgen errors, each with a checked witness): {real}.")
    for ops, label in ((False, "as generated"), (True, "with operations")):
        print(f"oasdiff {label}: found {found[ops]} of {real}; flagged {false_alarms[ops]} pairs contractgen finds no error in.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
