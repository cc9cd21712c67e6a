#!/usr/bin/env python3
"""What including the C++ bindings costs a consumer: compile time and peak
memory of one translation unit that parses a chat_stream.StreamEnvelope
(and, as a second case, also dumps it), at -O2, median of --runs runs each,
next to a file that only uses nlohmann::json (which the bindings include).

The decoders and encoders are compiled once, into the bindings library
(generated/cpp/src/); a consumer's file includes only the declarations. The
one-off cost of that library is reported too (--library).

usage: bench/compile.py [--include DIR]... [--runs 5] [--cxx c++] [--library]
Repeat --include to compare outputs (e.g. an older, header-only one): the
runs are interleaved, so a busy machine slows each alike.
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
    "nlohmann parse + dump": """#include <cstdio>
#include <nlohmann/json.hpp>
int main(int argc, char** argv) {
    if (argc < 2) return 2;
    std::puts(nlohmann::json::parse(argv[1]).dump().c_str());  // the reference: the DOM library alone
    return 0;
}
""",
}


def measure(cmd: list[str], results: list) -> list | None:
    """Appends (wall seconds, peak resident KiB) of one compiler run; None if it fails."""
    start = time.monotonic()
    process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        return None
    return results + [(time.monotonic() - start, usage.ru_maxrss)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--include", action="append",
                    help="folder of C++ headers (repeat to compare outputs; default generated/cpp/include)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cxx", default="c++")
    ap.add_argument("--opt", default="-O2")
    ap.add_argument("--library", action="store_true", help="also time compiling the library's sources once")
    args = ap.parse_args()
    includes = [pathlib.Path(i).resolve() for i in (args.include or [ROOT / "generated" / "cpp" / "include"])]
    with tempfile.TemporaryDirectory() as work:
        # Every (include, case) pair compiled once per round, rounds interleaved,
        # so that a busy machine slows every pair alike.
        jobs = {}
        for n, include in enumerate(includes):
            for name, code in CASES.items():
                if n > 0 and "contract" not in code:
                    continue  # a reference case does not depend on the bindings: once is enough
                source = pathlib.Path(work) / f"consumer-{n}-{len(jobs)}.cpp"
                source.write_text(code)
                jobs[(include, name)] = [args.cxx, "-std=c++17", args.opt, "-I", str(include), "-c", str(source),
                                         "-o", str(source) + ".o"]
        runs: dict = {key: [] for key in jobs}
        for _ in range(args.runs):
            for key, cmd in jobs.items():
                if runs[key] is not None:
                    runs[key] = measure(cmd, runs[key])
        print(f"consumer compile, {args.cxx} -std=c++17 {args.opt}, median of {args.runs} interleaved runs")
        for (include, name), result in runs.items():
            if result is None:
                print(f"  {name:<24} does not compile with {include}")
                continue
            seconds = statistics.median(r[0] for r in result)
            memory = statistics.median(r[1] for r in result) / 1024
            print(f"  {name:<24} {seconds:6.2f} s  {memory:6.0f} MiB peak   {include}"
                  f"   (runs: {', '.join(f'{r[0]:.2f}' for r in result)})")
        print(f"  command: {' '.join(jobs[(includes[0], next(iter(CASES)))])}")
        sources = sorted((includes[0].parent / "src").rglob("*.cpp"))
        if args.library and sources:
            total, peak = 0.0, 0
            for source in sources:
                result = measure([args.cxx, "-std=c++17", args.opt, "-I", str(includes[0]), "-c", str(source),
                                  "-o", str(pathlib.Path(work) / (source.stem + ".o"))], [])
                if result is None:
                    sys.exit(f"compiling {source} failed")
                total += result[0][0]
                peak = max(peak, result[0][1])
            print(f"  the library, once: {len(sources)} files, {total:.1f} s in all, {peak / 1024:.0f} MiB peak")


if __name__ == "__main__":
    main()
