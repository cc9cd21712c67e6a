#!/usr/bin/env python3
"""Writes the stream benchmark corpus: the same StreamPackets (seed 002) twice,
as NDJSON (one packet a line) and as SSE (event: stream.packet, id: the
stream_id, data: the packet), the SSE written by the Python runtime's writer.
Mostly DELTA packets over a few interleaved streams, some EVENT packets with
citations, a CLOSE per stream. Deterministic for a given --items and --seed.

usage: bench/stream/corpus.py OUT_PREFIX [--items 200000] [--seed 7]
       (writes OUT_PREFIX.ndjson and OUT_PREFIX.sse)
"""
import argparse
import json
import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ under runtime/: every file there is compiled into contractgen
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "runtime", "python"))
import _stream  # noqa: E402

WORDS = ("the revenue of NVIDIA grew in fiscal 2024 driven by data center demand for accelerated "
         "computing while gaming recovered and margins expanded according to the annual report").split()


def uuid(rng):
    h = "%032x" % rng.getrandbits(128)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


def packets(rng, items):
    streams = [uuid(rng) for _ in range(8)]
    seq = {s: 0 for s in streams}
    for n in range(items):
        sid = streams[n % len(streams)]
        seq[sid] += 1
        t = f"2023-10-27T10:{n // 60000 % 60:02d}:{n // 1000 % 60:02d}.{n % 1000:03d}000+00:00"
        last = n >= items - len(streams)
        if last:
            yield {"stream_id": sid, "seq": seq[sid], "op": "CLOSE", "t": t, "p": "Stream completed successfully"}
        elif rng.random() < 0.1:
            citation = {"source_id": f"src_{rng.randint(1, 99)}", "uri": f"https://example.com/{rng.getrandbits(32):08x}",
                        "title": " ".join(rng.choice(WORDS) for _ in range(4)), "confidence": round(rng.random(), 2)}
            yield {"stream_id": sid, "seq": seq[sid], "op": "EVENT", "t": t,
                   "p": {"id": uuid(rng), "timestamp": t, "type": "CITATION_BLOCK", "data": {"citations": [citation]}}}
        else:
            yield {"stream_id": sid, "seq": seq[sid], "op": "DELTA", "t": t,
                   "p": " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 8))) + " "}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("prefix")
    ap.add_argument("--items", type=int, default=200000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with open(args.prefix + ".ndjson", "w", encoding="utf-8", newline="") as ndjson, \
         open(args.prefix + ".sse", "w", encoding="utf-8", newline="") as sse:
        for packet in packets(rng, args.items):
            text = json.dumps(packet, ensure_ascii=False, separators=(",", ":"))
            ndjson.write(_stream.ndjson_line(text))
            sse.write(_stream.sse_event(text, event="stream.packet", id=packet["stream_id"]))


if __name__ == "__main__":
    main()
