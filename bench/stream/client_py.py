#!/usr/bin/env python3
"""The generated Python client's read path beside the bare reader's, on the SSE corpus: the same
bytes in 64 KiB chunks, each packet decoded by the bindings (packets.StreamPacket, strict):
  SseReader + bindings          the runtime's SSE reader, each event's data validated
  client read (rules + bindings) what contract.client's streams run per chunk (_client._Feed):
                                the reader, the stream's rules (StreamCore: event name, id, key,
                                gapless sequence, terminal), then the same validation
No HTTP: the socket costs both alike. Median of REPEATS rounds, round robin; one JSON line each.

usage: client_py.py PREFIX REPEATS
"""
import json
import os
import statistics
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "generated", "python"))
from contract import client  # noqa: E402
from contract._client import _Feed  # noqa: E402
from contract._stream import SseReader  # noqa: E402
from contract._stream.client_core import StreamCore  # noqa: E402

CHUNK = 65536


def reader(data, decoder):
    r, n = SseReader(), 0
    for start in range(0, len(data), CHUNK):
        for record in r.feed(data[start : start + CHUNK]):
            decoder.validate_json(record.data)
            n += 1
    r.end()
    return n


def client_read(data, decoder, rules):
    feed, n = _Feed(StreamCore(rules), decoder, False), 0
    for start in range(0, len(data), CHUNK):
        n += len(feed.feed(data[start : start + CHUNK]))
    n += len(feed.end(None))
    return n


def main():
    prefix, repeats = sys.argv[1], int(sys.argv[2])
    sse = open(prefix + ".sse", "rb").read()
    call = client._STREAM_PACKETS
    decoder = call_decoder()
    items = reader(sse, decoder)
    assert client_read(sse, decoder, call.rules) == items  # every packet delivered, no rule broken
    runs = [("SseReader + bindings", lambda: reader(sse, decoder)),
            ("client read (rules + bindings)", lambda: client_read(sse, decoder, call.rules))]
    times = {name: [] for name, _ in runs}
    for _ in range(repeats):
        for name, run in runs:
            start = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - start)
    for name, _ in runs:
        print(json.dumps({"lang": "Python", "what": name, "items": items, "mb": len(sse) / 1e6,
                          "seconds": statistics.median(times[name])}))


def call_decoder():
    """The decoder the generated stream_packets method passes (its item type's adapter)."""
    from contract import registry

    return registry.find("packets.StreamPacket")


if __name__ == "__main__":
    main()
