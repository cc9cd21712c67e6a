#!/usr/bin/env python3
"""Encode throughput of the C++ binding, next to nlohmann's DOM dump.

Builds the decode benchmark's corpus (bench/decode/corpus.py: chat-stream
envelopes, deterministic, written to build/bench/), then bench_encode_cpp:
every line decoded once into chat_stream::StreamEnvelope and into an
nlohmann::json (not timed; each line must round-trip to the same JSON value
through the generated encoder), then --rounds interleaved rounds of
  contract::dump(value)          the generated encoder, one string per value
  contract::dump_to(buffer, v)   the same into one buffer reused for every value
  nlohmann::json::dump()         the DOM's own dump (reference)
Reports, per encoder, the median MB/s of the rounds (megabytes written),
and the median of the per-round ratios to nlohmann. Target: >= 1,000 MB/s.

usage: bench/encode.py [--lines 200000] [--rounds 7] [--build build]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
REFERENCE = "C++ nlohmann::json::dump (DOM, reference)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=200000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    args = ap.parse_args()
    work = os.path.join(args.build, "bench")
    os.makedirs(work, exist_ok=True)
    corpus = os.path.join(work, f"corpus-{args.lines}.ndjson")
    if not os.path.exists(corpus):
        subprocess.run([sys.executable, os.path.join(HERE, "decode", "corpus.py"), corpus, "--lines", str(args.lines)],
                       check=True)
    subprocess.run(["cmake", "--build", args.build, "--target", "bench_encode_cpp"], check=True, stdout=subprocess.DEVNULL)
    binary = os.path.join(args.build, "bench", "encode", "bench_encode_cpp")
    out = subprocess.run([binary, corpus, str(args.rounds)], check=True, capture_output=True, text=True).stdout
    rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]

    rates: dict[str, dict[int, float]] = {}
    for r in rows:
        rates.setdefault(r["encoder"], {})[r["round"]] = r["mb"] / r["seconds"]
    mb = {r["encoder"]: r["mb"] for r in rows}
    print(f"encode throughput, {rows[0]['lines']:,} chat-stream envelopes, median of {args.rounds} interleaved rounds")
    print(f"command: {' '.join([os.path.relpath(binary, ROOT), os.path.relpath(corpus, ROOT), str(args.rounds)])}")
    for encoder, by_round in rates.items():
        ratios = [by_round[k] / rates[REFERENCE][k] for k in by_round]
        print(f"  {encoder:<44} {statistics.median(by_round.values()):7.1f} MB/s  ({mb[encoder]:.1f} MB written)  "
              f"{statistics.median(ratios):5.2f}x nlohmann (median of per-round ratios)")
    dump = statistics.median(rates["C++ contract::dump (generated encoder)"].values())
    print(f"target: contract::dump >= 1000 MB/s: {dump:.1f} MB/s ({'met' if dump >= 1000 else 'NOT met'}; "
          f"load average {os.getloadavg()[0]:.1f} at the end)")


if __name__ == "__main__":
    main()
