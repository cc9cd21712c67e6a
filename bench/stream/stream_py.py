#!/usr/bin/env python3
"""Stream read throughput in Python: plain NDJSON line splitting vs the
runtime's NDJSON and SSE readers, each item decoded with json.loads (the
generated bindings will be plugged in later). Median of REPEATS rounds; one
JSON line per measurement on stdout.

usage: stream_py.py PREFIX REPEATS
"""
import json
import os
import statistics
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ under runtime/: every file there is compiled into contractgen
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "runtime", "python"))
import _stream  # noqa: E402

CHUNK = 65536


def plain(data):
    n = 0
    for line in data.split(b"\n"):
        if line:
            n += json.loads(line)["seq"]
    return n


def ndjson_reader(data, decode=True):
    reader, n = _stream.NdjsonReader(), 0
    for start in range(0, len(data), CHUNK):
        for record in reader.feed(data[start : start + CHUNK]):
            n += json.loads(record.text)["seq"] if decode else 1
    reader.end()
    return n


def sse_reader(data, decode=True):
    reader, n = _stream.SseReader(), 0
    for start in range(0, len(data), CHUNK):
        for record in reader.feed(data[start : start + CHUNK]):
            n += json.loads(record.data)["seq"] if decode else 1
    reader.end()
    return n


def main():
    prefix, repeats = sys.argv[1], int(sys.argv[2])
    ndjson = open(prefix + ".ndjson", "rb").read()
    sse = open(prefix + ".sse", "rb").read()
    items = ndjson.count(b"\n")
    runs = [("plain NDJSON split + json.loads", plain, ndjson), ("NdjsonReader + json.loads", ndjson_reader, ndjson),
            ("SseReader + json.loads", sse_reader, sse), ("NdjsonReader only", lambda d: ndjson_reader(d, False), ndjson),
            ("SseReader only", lambda d: sse_reader(d, False), sse)]
    # Round robin, so that a change of load on a shared machine hits every measurement alike.
    times = {name: [] for name, _, _ in runs}
    for _ in range(repeats):
        for name, run, data in runs:
            start = time.perf_counter()
            run(data)
            times[name].append(time.perf_counter() - start)
    for name, _, data in runs:
        print(json.dumps({"lang": "Python", "what": name, "items": items, "mb": len(data) / 1e6, "seconds": statistics.median(times[name])}))


if __name__ == "__main__":
    main()
