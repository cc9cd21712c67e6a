#!/usr/bin/env python3
"""What including the C++ bindings costs a consumer: compile time and peak
memory of one translation unit that parses a chat_stream.StreamEnvelope
(and, as a second case, also dumps it), at -O2, median of --runs runs each.

The decoders and encoders are compiled once, into the bindings library
(generated/cpp/src/); a consumer's file includes only the declarations. The
one-off cost of that library is reported too (--library).

usage: bench/compile.py [--include generated/cpp/include] [--runs 5] [--cxx c++] [--library]
Pass --include of another output (e.g. an older, header-only one) to compare.
"""
import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent

CASES = {
    "parse<StreamEnvelope>": """#include "contract/chat_stream.hpp"
int main(int argc, char** argv) {
    if (argc < 2) return 2;
    auto envelope = contract::parse<contract::chat_stream::StreamEnvelope>(argv[1]);
    return static_cast<int>(envelope.timestamp % 7);
}
""",
    "parse + dump": """#include <cstdio>
#include "contract/chat_stream.hpp"
int main(int argc, char** argv) {
    if (argc < 2) return 2;
    auto envelope = contract::parse<contract::chat_stream::StreamEnvelope>(argv[1]);
    std::puts(contract::dump(envelope).c_str());
    return 0;
}
""",
}


def measure(cmd: list[str]) -> tuple[float, int]:
    """Wall seconds and peak resident memory (KiB) of one compiler run."""
    start = time.monotonic()
    process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.monotonic() - start
    if status != 0:
        sys.exit(f"compiling failed: {' '.join(cmd)}\n{process.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--include", default=str(ROOT / "generated" / "cpp" / "include"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cxx", default="c++")
    ap.add_argument("--opt", default="-O2")
    ap.add_argument("--library", action="store_true", help="also time compiling the library's sources once")
    args = ap.parse_args()
    include = pathlib.Path(args.include).resolve()
    with tempfile.TemporaryDirectory() as work:
        print(f"consumer compile, {args.cxx} -std=c++17 {args.opt}, headers from {include}, median of {args.runs} runs")
        for name, code in CASES.items():
            source = pathlib.Path(work) / "consumer.cpp"
            source.write_text(code)
            cmd = [args.cxx, "-std=c++17", args.opt, "-I", str(include), "-c", str(source), "-o", str(source) + ".o"]
            runs = [measure(cmd) for _ in range(args.runs)]
            seconds = statistics.median(r[0] for r in runs)
            memory = statistics.median(r[1] for r in runs) / 1024
            print(f"  {name:<24} {seconds:6.2f} s  {memory:6.0f} MiB peak   (runs: {', '.join(f'{r[0]:.2f}' for r in runs)})")
        print(f"  command: {' '.join(cmd)}")
        sources = sorted((include.parent / "src").rglob("*.cpp"))
        if args.library and sources:
            total, peak = 0.0, 0
            for source in sources:
                seconds, memory = measure([args.cxx, "-std=c++17", args.opt, "-I", str(include), "-c", str(source),
                                           "-o", str(pathlib.Path(work) / (source.stem + ".o"))])
                total += seconds
                peak = max(peak, memory)
            print(f"  the library, once: {len(sources)} files, {total:.1f} s in all, {peak / 1024:.0f} MiB peak")


if __name__ == "__main__":
    main()
