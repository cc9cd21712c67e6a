#!/usr/bin/env python3
"""Generator speed and memory (figures, not pass/fail).

Measures, with the built generator:
  1. full regeneration of the repository's schemas, all targets, into a temp folder
     (first run writes everything; later runs find the files unchanged);
  2. `check` of the same output (must be no slower than generate);
  3. a synthetic schema of 2,000 object types x 20 fields (bench/synthetic_schema.py):
     wall time and peak RSS of `generate`, all targets.
Prints medians of --runs runs (the machine is noisy: read ratios and medians).

usage: bench/generate.py [--generator build/contractgen] [--runs 15]
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def run(cmd):
    """Runs cmd, returns (seconds, peak RSS of that child in MB)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr}")
    # ru_maxrss of children is the maximum over all children so far; measure
    # the big run in a fresh process (see peak_rss) to attribute it.
    return elapsed, max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024


def peak_rss(cmd):
    """Peak RSS (MB) of one run of cmd, measured in a fresh Python child."""
    code = ("import resource,subprocess,sys;"
            "subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,check=True);"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code] + cmd, capture_output=True, text=True, check=True).stdout
    return int(out.strip()) / 1024


def median_ms(cmd, runs):
    return statistics.median(run(cmd)[0] for _ in range(runs)) * 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--generator", default=os.path.join(ROOT, "build", "contractgen"))
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    gen = os.path.abspath(args.generator)
    schemas = os.path.join(ROOT, "schemas")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out")
        first, _ = run([gen, "generate", "-q", "--schemas", schemas, "--out", out])
        generate = median_ms([gen, "generate", "-q", "--schemas", schemas, "--out", out], args.runs)
        check = median_ms([gen, "check", "-q", "--schemas", schemas, "--out", out], args.runs)
        files = sum(len(f) for _, _, f in os.walk(out))
        print(f"repository schemas, all targets ({files} files):")
        print(f"  generate, first run (writes everything): {first * 1000:7.1f} ms")
        print(f"  generate, median of {args.runs} (unchanged):    {generate:7.1f} ms")
        print(f"  check, median of {args.runs}:                  {check:7.1f} ms  (check/generate = {check / generate:.2f})")

        synthetic = os.path.join(tmp, "synthetic")
        subprocess.run([sys.executable, os.path.join(HERE, "synthetic_schema.py"), synthetic,
                        "--types", "2000", "--fields", "20"], check=True)
        syn_out = os.path.join(tmp, "synthetic-out")
        cmd = [gen, "generate", "-q", "--schemas", synthetic, "--out", syn_out]
        times = []
        for _ in range(max(5, args.runs // 3)):
            subprocess.run(["rm", "-rf", syn_out], check=True)
            times.append(run(cmd)[0])
        rss = peak_rss(cmd)
        print("synthetic schema, 2,000 types x 20 fields, all targets:")
        print(f"  generate, median of {len(times)}: {statistics.median(times) * 1000:7.1f} ms, peak RSS {rss:.0f} MB")


if __name__ == "__main__":
    main()
