#!/usr/bin/env python3
"""Stream read throughput of the four runtimes, side by side, on one corpus.

Builds the corpus (bench/stream/corpus.py: StreamPackets, deterministic,
written to build/bench/, not committed) twice, as NDJSON and as SSE, then, in
C++, TypeScript, Python and Go, reads every item from the raw bytes and decodes it
with the language's JSON parser (the generated bindings will take its place):
  plain NDJSON split   the bytes split at LF by hand, each line parsed
  NdjsonReader         the runtime's NDJSON reader, 64 KiB chunks, each item parsed
  SseReader            the runtime's SSE reader on the SSE file, each event's data parsed
and the two readers alone (no parse); then, in Python and TypeScript, the generated client's read
path beside the SSE reader, both decoding each packet with the bindings (bench/stream/client_py.py,
bench/stream/client_ts.mjs), and what the client costs over the reader. Reports the median of
--repeats rounds (each round runs every measurement once): items per second, MB/s of each one's
own input, and SSE (read + parse) as a share of plain NDJSON (read + parse) of the same items.

usage: bench/stream.py [--items 200000] [--repeats 5] [--build build]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def run_json_lines(cmd, cwd=None):
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=cwd).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--items", type=int, default=200000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    args = ap.parse_args()
    work = os.path.join(args.build, "bench", "stream")
    os.makedirs(work, exist_ok=True)
    prefix = os.path.join(work, f"packets-{args.items}")
    if not os.path.exists(prefix + ".sse"):
        subprocess.run([sys.executable, os.path.join(HERE, "stream", "corpus.py"), prefix, "--items", str(args.items)], check=True)

    results = []
    subprocess.run(["cmake", "--build", args.build, "--target", "bench_stream_cpp"], check=True, stdout=subprocess.DEVNULL)
    results += run_json_lines([os.path.join(args.build, "bench", "stream", "bench_stream_cpp"), prefix, str(args.repeats)])
    # TypeScript: compile runtime/ts/stream with the project's tsc.
    js = os.path.join(work, "ts")
    shutil.rmtree(js, ignore_errors=True)
    tsc = os.path.join(ROOT, "node_modules", ".bin", "tsc")
    subprocess.run([tsc, "--target", "ES2022", "--module", "NodeNext", "--moduleResolution", "NodeNext", "--strict",
                    "--skipLibCheck", "--outDir", js, os.path.join(ROOT, "runtime", "ts", "stream", "index.ts")], check=True)
    with open(os.path.join(js, "package.json"), "w") as f:
        f.write('{"type": "module"}\n')
    results += run_json_lines(["node", os.path.join(HERE, "stream", "stream_ts.mjs"), os.path.join(js, "index.js"), prefix, str(args.repeats)])
    results += run_json_lines([sys.executable, os.path.join(HERE, "stream", "stream_py.py"), prefix, str(args.repeats)])
    # The generated Python client's read path (generated/python) beside the reader with the same bindings.
    clients = run_json_lines([sys.executable, os.path.join(HERE, "stream", "client_py.py"), prefix, str(args.repeats)])
    # The generated TypeScript client (generated/ts, its .js files) beside the reader with the same bindings.
    clients += run_json_lines(["node", os.path.join(HERE, "stream", "client_ts.mjs"), os.path.join(ROOT, "generated", "ts"),
                               prefix, str(args.repeats)])
    # Go: bench/stream/go against runtime/go, built with the installed toolchain (caches in the build folder).
    go = shutil.which("go") or "/usr/local/go/bin/go"
    go_bin = os.path.join(work, "stream_go")
    go_home = os.path.join(work, "gohome")
    go_env = dict(os.environ, GOCACHE=os.path.join(go_home, "cache"), GOPATH=os.path.join(go_home, "path"),
                  GOTOOLCHAIN="local", GOWORK="off", GOFLAGS="-mod=mod -buildvcs=false", CGO_ENABLED="0")
    subprocess.run([go, "build", "-o", go_bin, "."], check=True, cwd=os.path.join(HERE, "stream", "go"), env=go_env)
    results += run_json_lines([go_bin, prefix, str(args.repeats)])

    print(f"stream read throughput, {results[0]['items']:,} StreamPackets, median of {args.repeats}:")
    for lang in ("C++", "TypeScript", "Python", "Go"):
        rows = [r for r in results if r["lang"] == lang]
        plain = rows[0]
        for r in rows:
            items_s = r["items"] / r["seconds"]
            share = f"{plain['seconds'] / r['seconds']:6.0%} of plain" if "only" not in r["what"] else ""
            print(f"  {lang:<10} {r['what']:<38} {items_s:>11,.0f} items/s {r['mb'] / r['seconds']:8.1f} MB/s  {share}")
    print(f"client read throughput (SSE, each packet decoded by the bindings), median of {args.repeats}:")
    for lang in ("Python", "TypeScript"):
        reader, client = [r for r in clients if r["lang"] == lang]
        for r in (reader, client):
            print(f"  {lang:<10} {r['what']:<38} {r['items'] / r['seconds']:>11,.0f} items/s {r['mb'] / r['seconds']:8.1f} MB/s")
        print(f"  {lang:<10} the client costs {client['seconds'] / reader['seconds'] - 1:+.0%} over the reader")


if __name__ == "__main__":
    main()
