#!/usr/bin/env python3
"""The TypeScript binding against its peers, side by side, on one corpus of
chat-stream envelopes (bench/decode/corpus.py): in each round one node process
(bench/decode/peers_ts.mjs: the binding's text decoder, the binding's Zod
schema, a hand-written Zod model, JSON.parse alone) and one Python process
(bench/decode/peers_py.py: a hand-written Pydantic model, the generated
Pydantic binding) each decode the whole corpus once after a warm-up pass.
Rounds interleave the two languages, so that a busy machine slows both alike;
the figures are medians over rounds, and each ratio is the median of the
per-round ratios. Before timing, every binding must reject every line of a
negative set (wrong tag, wrong kinds, missing and unknown members, a number
out of range).

usage: bench/decode_peers.py [--lines 50000] [--rounds 5] [--build build]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

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

TS_TEXT = "TypeScript binding: decodeStreamEnvelope(text)"
TS_ZOD = "TypeScript binding: Zod StreamEnvelope.parse(JSON.parse)"
HAND_ZOD = "TypeScript hand-written Zod (JSON.parse + parse)"
HAND_PYDANTIC = "Python hand-written Pydantic (model_validate_json)"


def run(cmd, env=None):
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout
    return {r["binding"]: r for r in (json.loads(line) for line in out.splitlines() if line.startswith("{"))}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", type=int, default=50000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    args = ap.parse_args()
    work = os.path.join(args.build, "bench")
    os.makedirs(work, exist_ok=True)
    corpus = os.path.join(work, f"corpus-{args.lines}.ndjson")
    if not os.path.exists(corpus):
        subprocess.run([sys.executable, os.path.join(HERE, "decode", "corpus.py"), corpus, "--lines", str(args.lines)],
                       check=True)
    negative = os.path.join(work, "negative.ndjson")
    with open(negative, "w") as f:
        f.write("\n".join(NEGATIVE) + "\n")

    python = os.path.join(ROOT, ".venv", "bin", "python")
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "generated", "python"))
    ts = [os.path.join(HERE, "decode", "peers_ts.mjs"), os.path.join(ROOT, "generated", "ts"), corpus, negative]
    rounds = []
    for r in range(args.rounds):
        rates = {}
        for result in (run(["node"] + ts), run([python, os.path.join(HERE, "decode", "peers_py.py"), corpus, negative], env)):
            rates.update({name: v["mb"] / v["seconds"] for name, v in result.items()})
            mb, lines = next(iter(result.values()))["mb"], next(iter(result.values()))["lines"]
        rounds.append(rates)
        print(f"round {r + 1} (MB/s): " + ", ".join(f"{name} {rate:.1f}" for name, rate in rates.items()), file=sys.stderr)

    def ratio(a, b):
        return statistics.median(r[a] / r[b] for r in rounds)

    print(f"decode, {lines:,} chat-stream NDJSON lines ({mb:.1f} MB), median of {args.rounds} interleaved rounds "
          f"(command: bench/decode_peers.py --lines {args.lines} --rounds {args.rounds}):")
    for name in rounds[0]:
        rate = statistics.median(r[name] for r in rounds)
        print(f"  {name:<58} {rate:7.1f} MB/s  {ratio(name, HAND_PYDANTIC):5.2f}x hand-written Pydantic  "
              f"{ratio(name, HAND_ZOD):5.2f}x hand-written Zod")
    text_pydantic, text_zod = ratio(TS_TEXT, HAND_PYDANTIC), ratio(TS_TEXT, HAND_ZOD)
    print(f"targets: TS binding >= 1.5x hand-written Pydantic: {text_pydantic:.2f}x "
          f"({'met' if text_pydantic >= 1.5 else 'NOT met'}); >= 1.0x hand-written Zod: {text_zod:.2f}x "
          f"({'met' if text_zod >= 1.0 else 'NOT met'})")
    print("per-round ratios (TS binding / hand-written Pydantic, / hand-written Zod): " +
          ", ".join(f"{r[TS_TEXT] / r[HAND_PYDANTIC]:.2f}/{r[TS_TEXT] / r[HAND_ZOD]:.2f}" for r in rounds))


if __name__ == "__main__":
    main()
