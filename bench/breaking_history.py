#!/usr/bin/env python3
"""`contractgen breaking` over this repository's own history: for every commit
that changed `schemas/`, the schemas of its first parent against its own
(both exported with `git archive`, so the timing is the comparison alone,
not git), median wall time of --runs runs, and the findings.

usage: bench/breaking_history.py [--contractgen build/contractgen] [--runs 5]
                                 [--findings FILE.json] [--consumers strict|tolerant]

Prints a Markdown table (one row per commit: time, findings by severity,
rules) and writes every finding to --findings for review. A commit whose
previous or current schemas the generator refuses (an older schema dialect)
is listed with the error instead of a time.
"""
import argparse
import io
import json
import pathlib
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def export_schemas(commit: str, into: pathlib.Path) -> bool:
    """schemas/ of `commit` under `into` (False when the commit has none)."""
    p = subprocess.run(["git", "archive", "--format=tar", commit, "schemas"], cwd=ROOT, capture_output=True)
    if p.returncode != 0:
        return False
    with tarfile.open(fileobj=io.BytesIO(p.stdout)) as tar:
        tar.extractall(into, filter="data")
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--contractgen", default=str(ROOT / "build" / "contractgen"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--findings", help="write every finding (JSON) here")
    ap.add_argument("--consumers", default="strict", choices=["strict", "tolerant"])
    args = ap.parse_args()

    commits = git("log", "--format=%H %h %s", "--", "schemas").splitlines()
    rows, all_findings = [], []
    for line in reversed(commits):
        full, short, subject = line.split(" ", 2)
        parent = git("rev-list", "--parents", "-n", "1", full).split()[1:2]
        with tempfile.TemporaryDirectory() as tmp:
            prev, cur = pathlib.Path(tmp) / "previous", pathlib.Path(tmp) / "current"
            if not parent or not export_schemas(parent[0], prev):
                rows.append((short, subject, None, "no previous schemas (the first version)", {}))
                continue
            export_schemas(full, cur)
            cmd = [args.contractgen, "breaking", "--against", str(prev / "schemas"), "--schemas", str(cur / "schemas"),
                   "--format", "json", "--consumers", args.consumers]
            times, out = [], None
            for _ in range(args.runs):
                start = time.perf_counter()
                p = subprocess.run(cmd, capture_output=True, text=True)
                times.append(time.perf_counter() - start)
                if p.returncode == 2:
                    out = None
                    error = (p.stderr.strip().splitlines() or ["exit 2"])[0].replace(tmp, "")
                    break
                out = json.loads(p.stdout)
            if out is None:
                rows.append((short, subject, None, error, {}))
                continue
            findings = out["findings"]
            for f in findings:
                f["commit"] = short
            all_findings += findings
            rows.append((short, subject, statistics.median(times), "", out["summary"], sorted({f["rule"] for f in findings})))
    print(f"`{' '.join(['bench/breaking_history.py', '--runs', str(args.runs), '--consumers', args.consumers])}`\n")
    print("| commit | change | median time | errors | warnings | notes | rules |")
    print("|---|---|---:|---:|---:|---:|---|")
    for row in rows:
        short, subject, median, error, summary = row[:5]
        title = subject if len(subject) <= 60 else subject[:57] + "..."
        if median is None:
            print(f"| {short} | {title} | — | | | | {error} |")
        else:
            print(f"| {short} | {title} | {median * 1000:.0f} ms | {summary['error']} | {summary['warning']} | "
                  f"{summary['info']} | {', '.join(row[5])} |")
    if args.findings:
        pathlib.Path(args.findings).write_text(json.dumps(all_findings, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
