#!/usr/bin/env python3
"""Encode throughput of the C++ and Python bindings, each beside its peers.

Builds the decode benchmark's corpus (bench/decode/corpus.py: chat-stream
envelopes, deterministic, written to build/bench/), then
  C++     bench_encode_cpp: every line decoded once into chat_stream::StreamEnvelope and
          into an nlohmann::json (not timed; each line must round-trip to the same JSON
          value through the generated encoder), then --rounds interleaved rounds of
            contract::dump(value)          the generated encoder, one string per value
            contract::dump_to(buffer, v)   the same into one buffer reused for every value
            nlohmann::json::dump()         the DOM's own dump (reference)
  Python  bench/encode/encode_python.py, the generated package installed with pip as a
          user installs it (bench/decode.py's install_python_package): every line decoded
          once by each row, each row checked to write every line back, then --rounds
          interleaved rounds (rotating order) of
            contract.dump_json            the binding, through its compiled codec
            the binding's pure path       (no codec: what a machine without a compiler runs)
            model_dump_json(exclude_unset=True)   hand-written Pydantic
            Encoder.encode                hand-written msgspec
Reports, per encoder, the median MB/s of the rounds (megabytes written), and
the median of the per-round ratios to nlohmann (C++) or to hand-written
Pydantic (Python). Targets: contract::dump >= 1,000 MB/s; the Python binding >=
4x hand-written Pydantic.

usage: bench/encode.py [--lines 200000] [--rounds 7] [--build build] [--runtimes cpp,python]
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
HAND_PYDANTIC = "Python hand-written Pydantic (model_dump_json)"
PY_BINDING = "Python binding: contract.dump_json"
PY_TARGET = 4.0
CPP_TARGET_MBS = 1000.0


def run_cpp(args, corpus):
    subprocess.run(["cmake", "--build", args.build, "--target", "bench_encode_cpp"], check=True, stdout=subprocess.DEVNULL)
    binary = os.path.join(args.build, "bench", "encode", "bench_encode_cpp")
    out = subprocess.run([binary, corpus, str(args.rounds)], check=True, capture_output=True, text=True).stdout
    command = " ".join([os.path.relpath(binary, ROOT), os.path.relpath(corpus, ROOT), str(args.rounds)])
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")], command


def run_python(args, corpus):
    sys.path.insert(0, HERE)
    from decode import install_python_package  # bench/decode.py

    package = install_python_package(os.path.join(args.build, "bench"))
    script = os.path.join(HERE, "encode", "encode_python.py")
    done = subprocess.run([os.path.join(ROOT, ".venv", "bin", "python"), script, corpus, str(args.rounds)],
                          capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=package))
    if done.returncode != 0:
        sys.exit(f"Python: the write-back check or the run failed (exit {done.returncode}):\n{done.stderr.strip()}")
    command = f"PYTHONPATH={os.path.relpath(package, ROOT)} .venv/bin/python bench/encode/encode_python.py " \
              f"{os.path.relpath(corpus, ROOT)} {args.rounds}"
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")], command


def report(rows, reference, label):
    rates: dict[str, dict[int, float]] = {}
    for r in rows:
        rates.setdefault(r["encoder"], {})[r["round"]] = r["mb"] / r["seconds"]
    mb = {r["encoder"]: r["mb"] for r in rows}
    for encoder, by_round in rates.items():
        ratios = [by_round[k] / rates[reference][k] for k in by_round]
        print(f"  {encoder:<48} {statistics.median(by_round.values()):7.1f} MB/s  ({mb[encoder]:.1f} MB written)  "
              f"{statistics.median(ratios):5.2f}x {label} (median of per-round ratios)")
    return rates


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=200000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--runtimes", default="cpp,python", help="which of cpp, python to run (default both)")
    args = ap.parse_args()
    runtimes = args.runtimes.split(",")
    work = os.path.join(args.build, "bench")
    os.makedirs(work, exist_ok=True)
    corpus = os.path.join(work, f"corpus-{args.lines}.ndjson")
    if not os.path.exists(corpus):
        subprocess.run([sys.executable, os.path.join(HERE, "decode", "corpus.py"), corpus, "--lines", str(args.lines)],
                       check=True)
    print(f"encode throughput, {args.lines:,} chat-stream envelopes, median of {args.rounds} interleaved rounds, "
          f"load average {os.getloadavg()[0]:.1f} at the start")
    if "cpp" in runtimes:
        rows, command = run_cpp(args, corpus)
        print(f"command: {command}")
        rates = report(rows, REFERENCE, "nlohmann")
        dump = statistics.median(rates["C++ contract::dump (generated encoder)"].values())
        print(f"target: contract::dump >= {CPP_TARGET_MBS:,.0f} MB/s: {dump:.1f} MB/s "
              f"({'met' if dump >= CPP_TARGET_MBS else 'NOT met'})")
    if "python" in runtimes:
        rows, command = run_python(args, corpus)
        print(f"command: {command}")
        rates = report(rows, HAND_PYDANTIC, "hand-written Pydantic")
        ratio = statistics.median(rates[PY_BINDING][k] / rates[HAND_PYDANTIC][k] for k in rates[PY_BINDING])
        per_round = ", ".join(f"{rates[PY_BINDING][k] / rates[HAND_PYDANTIC][k]:.2f}" for k in sorted(rates[PY_BINDING]))
        print(f"  per round, binding / hand-written Pydantic: {per_round}")
        print(f"target: the Python binding >= {PY_TARGET:.0f}x hand-written Pydantic: {ratio:.2f}x "
              f"({'met' if ratio >= PY_TARGET else 'NOT met'})")


if __name__ == "__main__":
    main()
