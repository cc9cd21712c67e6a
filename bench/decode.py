#!/usr/bin/env python3
"""Decode throughput of the three bindings, side by side, on one corpus.

Builds the corpus (bench/decode/corpus.py: 200,000 chat-stream envelopes,
deterministic, written to build/bench/, not committed), then parses and
validates every line into the typed object with each binding:
  C++         contract::parse<chat_stream::StreamEnvelope> (scanner → tape → struct)
  TypeScript  JSON.parse + chat_stream.StreamEnvelope.parse (Zod 4), also with zod/compile
  Python      chat_stream.StreamEnvelope.model_validate_json (Pydantic v2)
  Go          chatstream.ParseStreamEnvelope (streaming decoder, bench/decode/decode_go)
and, as references, nlohmann::json::parse, JSON.parse and json.loads alone,
and encoding/json into the Go structs without validation (Go's figures are
medians of interleaved rounds, see decode_go/main.go).
Reports the best of --repeats runs per binding, in MB/s, and the ratios the
project targets (C++ >= 2x Pydantic, Zod >= Pydantic).

usage: bench/decode.py [--lines 200000] [--repeats 3] [--build build]
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def run_json_lines(cmd, env=None, cwd=None):
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env, cwd=cwd).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=200000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    args = ap.parse_args()
    work = os.path.join(args.build, "bench")
    os.makedirs(work, exist_ok=True)
    corpus = os.path.join(work, f"corpus-{args.lines}.ndjson")
    if not os.path.exists(corpus):
        subprocess.run([sys.executable, os.path.join(HERE, "decode", "corpus.py"), corpus, "--lines", str(args.lines)], check=True)

    results = []
    # C++
    subprocess.run(["cmake", "--build", args.build, "--target", "bench_decode_cpp"], check=True, stdout=subprocess.DEVNULL)
    results += run_json_lines([os.path.join(args.build, "bench", "decode", "bench_decode_cpp"), corpus, str(args.repeats)])
    # TypeScript: generated/ts runs as it is (ESM JavaScript); zod resolves from the repository's node_modules.
    script = os.path.join(HERE, "decode", "decode_ts.mjs")
    package = os.path.join(ROOT, "generated", "ts")
    results += run_json_lines(["node", script, package, corpus, str(args.repeats), "TypeScript (Zod 4)"])
    results += run_json_lines(["node", "--import", "zod/compile", script, package, corpus, str(args.repeats),
                               "TypeScript (Zod 4, zod/compile)"], cwd=ROOT)
    results += run_json_lines(["node", os.path.join(HERE, "decode", "decode_js_parse.mjs"), corpus, str(args.repeats)])
    # Python
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "generated", "python"))
    results += run_json_lines([os.path.join(ROOT, ".venv", "bin", "python"), os.path.join(HERE, "decode", "decode_py.py"),
                               corpus, str(args.repeats)], env=env)

    # Go: the benchmark program against generated/go, with Go's caches in the build folder.
    go = shutil.which("go") or "/usr/local/go/bin/go"
    if os.path.exists(go):
        gohome = os.path.join(work, "gohome")
        env = dict(os.environ, GOCACHE=os.path.join(gohome, "cache"), GOPATH=os.path.join(gohome, "path"),
                   GOMODCACHE=os.path.join(gohome, "path", "pkg", "mod"), GOTOOLCHAIN="local", GOWORK="off",
                   GOFLAGS="-mod=mod -buildvcs=false", CGO_ENABLED="0", XDG_CONFIG_HOME=os.path.join(gohome, "config"))
        binary = os.path.join(work, "decode_go")
        subprocess.run([go, "build", "-o", binary, "."], cwd=os.path.join(HERE, "decode", "decode_go"), env=env, check=True)
        results += run_json_lines([binary, corpus, str(max(args.repeats, 5))])

    rate = {r["binding"]: r["mb"] / r["seconds"] for r in results}
    pydantic = rate["Python (Pydantic v2)"]
    print(f"decode throughput, {results[0]['lines']:,} NDJSON lines ({results[0]['mb']:.1f} MB), best of {args.repeats}:")
    for r in results:
        mbs = rate[r["binding"]]
        print(f"  {r['binding']:<44} {mbs:7.1f} MB/s  {r['lines'] / r['seconds']:>10,.0f} lines/s  {mbs / pydantic:5.2f}x Pydantic")
    cpp = rate["C++ (contractgen, scanner + tape)"]
    zod = rate["TypeScript (Zod 4)"]
    print(f"targets: C++ / Pydantic = {cpp / pydantic:.2f} (want >= 2), Zod / Pydantic = {zod / pydantic:.2f} (want >= 1)")


if __name__ == "__main__":
    main()
