#!/usr/bin/env python3
"""The generated Pydantic binding against hand-written Pydantic models of the same
contract (bench/decode/handwritten/pydantic/), and the hand-written msgspec peer
(handwritten/msgspec/), on one corpus, in interleaved rounds.

Per round, every line of the corpus is
  validated  generated: chat_stream.StreamEnvelope.model_validate_json (payload policy included)
             hand-written: StreamEnvelope.model_validate_json
  dumped     generated: contract.dump_json (exact round trip, canonical numbers)
             hand-written: model_dump_json(exclude_unset=True) (absent members stay absent)
  msgspec    Decoder.decode and Encoder.encode of the msgspec peer
As a reference, the generated models' own pydantic validator without the payload
policy (validate_json: no duplicate, depth or located-error handling).
The order of the runs alternates between rounds; the garbage collector is
off while a run is timed. Reported: the median time
per binding and the median of the per-round ratios (hand-written time / generated
time: above 1.0 the generated binding is faster). Before timing, both must accept
every line, and the generated dump must give back each line's JSON value.

usage: python bench/decode/pydantic_vs_handwritten.py <corpus.ndjson> [--rounds 7] [--lines N] [--clock wall|cpu]
       (the generated package on PYTHONPATH, installed as a user installs it, so that its
       compiled payload checks are built: pip install --no-deps --no-build-isolation --target DIR
       <a copy of generated/python>; the corpus from bench/decode/corpus.py)
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time
from typing import Any, Callable

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "handwritten", "pydantic"))

import chat_stream as handwritten  # noqa: E402
import contract  # noqa: E402
from contract import chat_stream  # noqa: E402
from handwritten_msgspec import load as load_msgspec  # noqa: E402


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
CLOCK = time.perf_counter


def timed(fn: Callable[[], Any]) -> float:
    # Like timeit: the garbage collector off while timing, so that one binding
    # does not pay for collecting what another left behind.
    gc.collect()
    gc.disable()
    try:
        start = CLOCK()
        fn()
        return CLOCK() - start
    finally:
        gc.enable()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--lines", type=int, default=0, help="only the first N lines (0: all)")
    ap.add_argument("--clock", choices=CLOCKS, default="wall",
                    help="cpu: the process's CPU time, which leaves out the time spent waiting for a core on a busy machine")
    args = ap.parse_args()
    global CLOCK
    CLOCK = CLOCKS[args.clock]
    with open(args.corpus, "rb") as f:
        lines = [line for line in f.read().split(b"\n") if line]
    if args.lines:
        lines = lines[: args.lines]
    mb = sum(len(line) for line in lines) / 1e6

    gen_validate = chat_stream.StreamEnvelope.model_validate_json
    hw_validate = handwritten.StreamEnvelope.model_validate_json
    peer = load_msgspec()
    ms_values = [peer.decoder.decode(line) for line in lines]
    gen_values = [gen_validate(line) for line in lines]
    hw_values = [hw_validate(line) for line in lines]
    dump_json = contract.dump_json
    for line, value in zip(lines, gen_values):
        if json.loads(dump_json(value)) != json.loads(line):
            print(f"the generated binding does not round-trip {line[:120]!r}", file=sys.stderr)
            return 1

    def each(fn: Callable[[Any], Any], items: list[Any]) -> Callable[[], None]:
        def run() -> None:
            for item in items:
                fn(item)

        return run

    runs: dict[str, Callable[[], Any]] = {
        "generated validate": each(gen_validate, lines),
        "hand-written validate": each(hw_validate, lines),
        "generated, pydantic only": each(chat_stream.StreamEnvelope.__pydantic_validator__.validate_json, lines),
        "generated dump": each(dump_json, gen_values),
        "hand-written dump": each(lambda v: v.model_dump_json(exclude_unset=True), hw_values),
        "msgspec validate": each(peer.decoder.decode, lines),
        "msgspec dump": each(peer.encoder.encode, ms_values),
    }
    times: dict[str, list[float]] = {name: [] for name in runs}
    for r in range(args.rounds):
        order = list(runs) if r % 2 == 0 else list(reversed(runs))
        for name in order:
            times[name].append(timed(runs[name]))

    from contract._runtime import models
    from contract._runtime import codec

    compiled = "with" if models._clean is not None else "WITHOUT"
    with_codec = "with" if codec.ENABLED else "WITHOUT"
    print(f"{len(lines)} lines, {mb:.1f} MB, {args.rounds} interleaved rounds, {args.clock} clock, "
          f"generated package {compiled} its compiled payload checks, {with_codec} its compiled codec")
    for name, ts in times.items():
        median = statistics.median(ts)
        print(f"  {name:24} {median * 1e3:8.1f} ms  {mb / median:6.1f} MB/s  {median / len(lines) * 1e6:6.2f} us/line")
    for what, ours in (("validate", "generated validate"), ("dump", "generated dump"), ("validate", "generated, pydantic only"),
                       ("validate", "msgspec validate"), ("dump", "msgspec dump")):
        ratios = [h / g for h, g in zip(times[f"hand-written {what}"], times[ours])]
        what = what if ours != "generated, pydantic only" else "validate without the payload policy (reference)"
        what = what if not ours.startswith("msgspec") else f"msgspec {what}"
        print(f"  {what}: {'msgspec' if ours.startswith('msgspec') else 'generated'} / hand-written speed, median of per-round ratios: {statistics.median(ratios):.2f}x "
              f"(rounds: {', '.join(f'{x:.2f}' for x in ratios)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
