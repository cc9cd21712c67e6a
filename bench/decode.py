#!/usr/bin/env python3
"""Decode throughput of every binding beside its peers, in one interleaved run.

One corpus of chat-stream envelopes (bench/decode/corpus.py, deterministic,
written to BUILD/bench/, not committed) and one negative set (NEGATIVE below).
Rows, each decoding every line into a validated, typed value (the references
only parse):
  C++         contract::parse<StreamEnvelope> (the public API), nlohmann::json::parse (reference)
  TypeScript  decodeStreamEnvelope(text), StreamEnvelope.parse(JSON.parse(line)),
              hand-written Zod, ajv 2020-12 on the repository's schema, JSON.parse (reference)
  Python      StreamEnvelope.model_validate_json (through the compiled codec), the same
              binding's pure path, hand-written Pydantic and msgspec, json.loads (reference)
  Go          ParseStreamEnvelope, encoding/json into hand-written structs (peer; no validation)
The hand-written peers are bench/decode/handwritten/ (the same contract written
as a team without a generator would) and, for Go, decode_go/handwritten.go. A round runs one process per runtime
(bench/decode/decode_cpp.cpp, decode_node.mjs, decode_python.py,
decode_go/main.go), in an order that rotates from round to round, so that a
busy machine slows every runtime alike. Each process first checks verdicts:
every row but the references must accept every corpus line and reject every
negative line, or the bench stops. Then each row gets a warm-up pass and one
timed pass.

Reported: the median MB/s of each row, the median of the per-round ratios to
hand-written Pydantic (and to hand-written Zod), the per-round ratios of the
rows that have targets, the targets met or not, and the command line.

usage: bench/decode.py [--lines 200000] [--rounds 5] [--build build] [--runtimes C++,Node,Python,Go]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# Lines every validating row must reject: a wrong tag, wrong kinds, a missing
# and an unknown member, numbers out of range. Only what the peers reject too
# (they keep the last of two duplicate members, so no duplicates here).
NEGATIVE = [
    '{"data": {"type": "nope"}, "timestamp": 1}',
    '{"data": {"type": "message_delta", "delta": 1}, "timestamp": 1}',
    '{"data": {"type": "message_delta", "delta": "x"}}',
    '{"data": {"type": "message_delta", "delta": "x"}, "timestamp": -1}',
    '{"data": {"type": "message_delta", "delta": "x"}, "timestamp": 1.5}',
    '{"data": {"type": "message_delta", "delta": "x"}, "timestamp": "1"}',
    '{"data": {"type": "message_delta", "delta": "x", "extra": 1}, "timestamp": 1}',
    '{"data": {"type": "heartbeat"}, "timestamp": 1, "extra": true}',
    '{"data": {"type": "message_is_answer", "is_answer": "true"}, "timestamp": 1}',
    '{"data": {"type": "ping", "timestamp": "yesterday"}, "timestamp": 1}',
]

CPP = "C++ binding: contract::parse<StreamEnvelope>"
TS_TEXT = "TypeScript binding: decodeStreamEnvelope(text)"
TS_ZOD = "TypeScript binding: Zod StreamEnvelope.parse(JSON.parse)"
HAND_ZOD = "TypeScript hand-written Zod (JSON.parse + parse)"
PYDANTIC = "Python binding: Pydantic model_validate_json"
HAND_PYDANTIC = "Python hand-written Pydantic (model_validate_json)"
HAND_MSGSPEC = "Python hand-written msgspec (Decoder.decode)"
GO = "Go binding: ParseStreamEnvelope"
HAND_GO = "Go encoding/json into hand-written structs (no validation)"
TS_ROWS = ("TypeScript", "JavaScript")
SHORT = {CPP: "C++ parse<>", TS_TEXT: "TS decodeStreamEnvelope", TS_ZOD: "TS StreamEnvelope.parse", HAND_ZOD: "hand-written Zod",
         PYDANTIC: "Pydantic binding", HAND_PYDANTIC: "hand-written Pydantic", HAND_MSGSPEC: "hand-written msgspec",
         GO: "Go binding", HAND_GO: "Go encoding/json (hand-written structs)"}

# (row, measured against, at least): the targets of the bindings.
RATIO_TARGETS = [(TS_TEXT, HAND_PYDANTIC, 1.5), (TS_TEXT, HAND_ZOD, 1.0), (PYDANTIC, HAND_PYDANTIC, 3.0),
                 (GO, HAND_GO, 1.5)]
CPP_TARGET_MBS = 800.0
ALL_RUNTIMES = "C++,Node,Python,Go"


def go_command(work):
    # The Go program against generated/go, with Go's caches in the build folder.
    go = shutil.which("go") or "/usr/local/go/bin/go"
    if not os.path.exists(go):
        print("go not found: the Go row is left out", file=sys.stderr)
        return None
    home = os.path.join(work, "gohome")
    env = dict(os.environ, GOCACHE=os.path.join(home, "cache"), GOPATH=os.path.join(home, "path"),
               GOMODCACHE=os.path.join(home, "path", "pkg", "mod"), GOTOOLCHAIN="local", GOWORK="off",
               GOFLAGS="-mod=mod -buildvcs=false", CGO_ENABLED="0", XDG_CONFIG_HOME=os.path.join(home, "config"))
    binary = os.path.join(work, "decode_go")
    subprocess.run([go, "build", "-o", binary, "."], cwd=os.path.join(HERE, "decode", "decode_go"), env=env, check=True)
    return [binary]


def install_python_package(work):
    """generated/python installed as a user installs it (pip, which compiles the runtime's optional
    C extension), into a folder of its own; the bench imports it from there."""
    source, target = os.path.join(work, "python-source"), os.path.join(work, "python-package")
    for folder in (source, target):
        shutil.rmtree(folder, ignore_errors=True)
    # From a copy: pip builds in the source folder, which would leave files in generated/.
    shutil.copytree(os.path.join(ROOT, "generated", "python"), source)
    subprocess.run([os.path.join(ROOT, ".venv", "bin", "python"), "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-build-isolation", "--no-index", "--disable-pip-version-check", "--target", target, source],
                   check=True)
    return target


def prepare(args):
    """The corpus, the negative set and one command per runtime (each followed by CORPUS NEGATIVE)."""
    work = os.path.join(args.build, "bench")
    os.makedirs(work, exist_ok=True)
    corpus = os.path.join(work, f"corpus-{args.lines}.ndjson")
    if not os.path.exists(corpus):
        subprocess.run([sys.executable, os.path.join(HERE, "decode", "corpus.py"), corpus, "--lines", str(args.lines)],
                       check=True)
    negative = os.path.join(work, "negative.ndjson")
    with open(negative, "w") as f:
        f.write("\n".join(NEGATIVE) + "\n")
    wanted = args.runtimes.split(",")
    if "C++" in wanted:
        subprocess.run(["cmake", "--build", args.build, "--target", "bench_decode_cpp"], check=True, stdout=subprocess.DEVNULL)
    runtimes = {
        "C++": ([os.path.join(args.build, "bench", "decode", "bench_decode_cpp")], None),
        "Node": (["node", os.path.join(HERE, "decode", "decode_node.mjs"), os.path.join(ROOT, "generated", "ts"),
                  os.path.join(ROOT, "schemas")], None),
        "Python": ([os.path.join(ROOT, ".venv", "bin", "python"), os.path.join(HERE, "decode", "decode_python.py")],
                   dict(os.environ, PYTHONPATH=install_python_package(work)) if "Python" in wanted else None),
    }
    go = go_command(work) if "Go" in wanted else None
    if go is not None:
        runtimes["Go"] = (go, None)
    return corpus, negative, runtimes


def run_round(order, runtimes, corpus, negative):
    rates, size = {}, None
    for runtime in order:
        command, env = runtimes[runtime]
        done = subprocess.run(command + [corpus, negative], capture_output=True, text=True, env=env)
        if done.returncode != 0:
            sys.exit(f"{runtime}: the verdict check or the run failed (exit {done.returncode}):\n{done.stderr.strip()}")
        for line in done.stdout.splitlines():
            if line.startswith("{"):
                row = json.loads(line)
                rates[row["row"]] = row["mb"] / row["seconds"]
                size = (row["lines"], row["mb"])
    return rates, size


def report(rounds, size, args):
    def ratio(row, peer):
        return statistics.median(r[row] / r[peer] for r in rounds)

    print(f"decode, {size[0]:,} chat-stream NDJSON lines ({size[1]:.1f} MB), {len(rounds)} interleaved rounds, "
          f"load average {os.getloadavg()[0]:.1f} at the end")
    print(f"command: .venv/bin/python bench/decode.py --lines {args.lines} --rounds {args.rounds}"
          + (f" --build {args.build}" if args.build != os.path.join(ROOT, "build") else "")
          + (f" --runtimes {args.runtimes}" if args.runtimes != ALL_RUNTIMES else ""))
    print(f"  {'row (median MB/s; ratios: medians of the per-round ratios)':<60} {'MB/s':>7}  "
          f"{'vs hand-written Pydantic':>24}  {'vs hand-written Zod':>19}")
    for row in rounds[0]:
        mbs = statistics.median(r[row] for r in rounds)
        zod = f"{ratio(row, HAND_ZOD):18.2f}x" if row.startswith(TS_ROWS) and HAND_ZOD in rounds[0] else ""
        # Without Python in --runtimes there is no hand-written Pydantic to divide by.
        pydantic = f"{ratio(row, HAND_PYDANTIC):23.2f}x" if HAND_PYDANTIC in rounds[0] else ""
        print(f"  {row:<60} {mbs:7.1f}  {pydantic:>24}  {zod:>19}")
    print("per-round figures:")
    if CPP in rounds[0]:
        print(f"  {SHORT[CPP]} MB/s: " + ", ".join(f"{r[CPP]:.1f}" for r in rounds))
    pairs = RATIO_TARGETS + [(TS_ZOD, HAND_PYDANTIC, None), (TS_ZOD, HAND_ZOD, None), (HAND_MSGSPEC, HAND_PYDANTIC, None)]
    for row, peer, _ in pairs:
        if row in rounds[0] and peer in rounds[0]:
            print(f"  {SHORT[row]} / {SHORT[peer]}: " + ", ".join(f"{r[row] / r[peer]:.2f}" for r in rounds))
    print("targets (medians):")
    if CPP in rounds[0]:
        cpp = statistics.median(r[CPP] for r in rounds)
        print(f"  {SHORT[CPP]} >= {CPP_TARGET_MBS:.0f} MB/s: {cpp:.1f} MB/s ({'met' if cpp >= CPP_TARGET_MBS else 'NOT met'})")
    for row, peer, least in RATIO_TARGETS:
        if row not in rounds[0] or peer not in rounds[0]:
            continue
        got = ratio(row, peer)
        print(f"  {SHORT[row]} >= {least:.1f}x {SHORT[peer]}: {got:.2f}x ({'met' if got >= least else 'NOT met'})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", type=int, default=200000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--runtimes", default=ALL_RUNTIMES, help="the runtimes to run (default all)")
    args = ap.parse_args()
    corpus, negative, runtimes = prepare(args)
    runtimes = {name: command for name, command in runtimes.items() if name in args.runtimes.split(",")}
    names = list(runtimes)
    rounds, size = [], None
    for r in range(args.rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        rates, size = run_round(order, runtimes, corpus, negative)
        rounds.append(rates)
        print(f"round {r + 1} ({' '.join(order)}; MB/s): " + ", ".join(f"{k} {v:.1f}" for k, v in rates.items()),
              file=sys.stderr)
    report(rounds, size, args)


if __name__ == "__main__":
    main()
