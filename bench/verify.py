#!/usr/bin/env python3
"""How fast `contractgen verify` checks a capture: the stream benchmark corpus
(bench/stream/corpus.py: StreamPackets, as SSE and as NDJSON) checked as the
declared packets.PacketStream (SSE: items, event names, ids, sequence per
stream_id, CLOSE) and as plain NDJSON items (--type packets.StreamPacket, no
stream rules), median wall time of --runs runs each, loading the schemas
included (a run on an empty capture is reported too, to subtract it).

usage: bench/verify.py [--contractgen build/contractgen] [--items 200000] [--runs 5]
"""
import argparse
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def timed(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True)
        times.append(time.perf_counter() - start)
        if p.returncode != 0:
            sys.exit(f"{' '.join(cmd)} exited {p.returncode}:\n{p.stdout.decode()[-2000:]}{p.stderr.decode()[-2000:]}")
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--contractgen", default=str(ROOT / "build" / "contractgen"))
    ap.add_argument("--items", type=int, default=200000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        prefix = str(pathlib.Path(tmp) / "corpus")
        subprocess.run([sys.executable, str(ROOT / "bench" / "stream" / "corpus.py"), prefix, "--items", str(args.items)],
                       check=True)
        empty = pathlib.Path(tmp) / "empty"
        empty.write_bytes(b"")
        verify = [args.contractgen, "verify", "-q", "--schemas", str(ROOT / "schemas")]
        cases = [
            ("schemas only (empty capture)", verify + ["--framing", "ndjson", "--type", "packets.StreamPacket", str(empty)]),
            ("SSE, packets.PacketStream", verify + ["--stream", "packets.PacketStream", prefix + ".sse"]),
            ("NDJSON, packets.StreamPacket items", verify + ["--framing", "ndjson", "--type", "packets.StreamPacket",
                                                             prefix + ".ndjson"]),
        ]
        print(f"{args.items} StreamPackets, median of {args.runs} runs")
        for name, cmd in cases:
            seconds = timed(cmd, args.runs)
            size = pathlib.Path(cmd[-1]).stat().st_size
            rate = f"{size / seconds / 1e6:7.1f} MB/s  {args.items / seconds / 1e3:7.0f}k items/s" if size else ""
            print(f"  {name:36} {seconds * 1000:8.0f} ms  {size / 1e6:6.1f} MB  {rate}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
