#!/usr/bin/env python3
"""The four stream runners (C++, TypeScript, Python, Go) against each other and
against the vectors: for every input of ndjson.json and sse.json, whole and in
chunks of 1 and 7 bytes, each runner must print exactly the lines the vector's
records give (the runners take many files per process, so this stays fast);
with --decode json the items of the seed streams must be the same JSON values;
and on random byte streams (seeded: SSE and NDJSON syntax, CR, NUL, BOMs,
invalid UTF-8, small limits) the four must print the same, at every chunk
size tried: no hand-written expectation, the languages check each other.

    runners_agree.py --build-dir <build folder>

The runners are called through tests/stream/run (so that entry point is
checked too), which takes the C++ runner, the compiled TypeScript and the Go
runner from the build folder.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from typing import Any

from stream_support import ROOT, input_bytes, vector_file

CHUNKS = (0, 1, 7)
RANDOM_STREAMS = 300
# Random streams are random lines: the fields and values of each framing,
# mixed line ends, NUL, BOMs, invalid UTF-8, sometimes no final line end.
VALUES = [b"", b"x", b" x", b"42", b"{\"a\":1}", "é🎉".encode(), b"a:b", b"\x00", b"[1", b"  "]
INVALID = [b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80"]  # one value in 30
SSE_LINES = [b"data: %s", b"data:%s", b"data", b"event: %s", b"event:%s", b"id: %s", b"id", b"retry: 1%s", b"retry: 7",
             b": %s", b":", b"", b"", b"", b"", b"", b"foo: %s", b"Data: %s", b"\xef\xbb\xbfdata: %s"]
NDJSON_LINES = [b"{\"a\":%s}", b"%s", b"", b"  ", b"\t\r", b"[%s]", b"\xef\xbb\xbf{}"]
ENDS = {"sse": [b"\n", b"\n", b"\r", b"\r\n"], "ndjson": [b"\n", b"\n", b"\r\n"]}


def random_stream(rng: random.Random, framing: str) -> bytes:
    lines = SSE_LINES if framing == "sse" else NDJSON_LINES
    out = [b"\xef\xbb\xbf"] if rng.random() < 0.1 else []
    for _ in range(rng.randint(0, 12)):
        line = rng.choice(lines)
        value = rng.choice(INVALID) if rng.random() < 1 / 30 else rng.choice(VALUES)
        out.append((line % value if b"%s" in line else line) + rng.choice(ENDS[framing]))
    if out and rng.random() < 0.2:
        out[-1] = out[-1].rstrip(b"\r\n")
    return b"".join(out)


LIMITS: tuple[list[str], ...] = ([], ["--max-line-bytes", "8"], ["--max-line-bytes", "12", "--max-event-bytes", "6"])


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def expected_lines(records: list[dict[str, Any]]) -> str:
    lines = []
    for r in records:
        if "item" in r:
            lines.append("item " + _dump(r["item"]))
        elif "event" in r:
            lines.append("item " + _dump({"event": r["event"], "id": r["id"], "data": r["data"]}))
        elif "retry" in r:
            lines.append(f"retry {r['retry']}")
        else:
            lines.append(f"error {r['offset']} {r['line']}: {r['error']}: {r['message']}")
    return "".join(line + "\n" for line in lines)


def flags(options: dict[str, Any]) -> list[str]:
    out = []
    for name in ("max_line_bytes", "max_event_bytes"):
        if name in options:
            out += ["--" + name.replace("_", "-"), str(options[name])]
    return out


def split_streams(output: str) -> dict[str, str]:
    """The output of a runner given several FILEs: each file's lines."""
    streams: dict[str, str] = {}
    current = None
    for line in output.splitlines(keepends=True):
        if line.startswith("stream "):
            current = line[len("stream "):].rstrip("\n")
            streams[current] = ""
        elif current is not None:
            streams[current] += line
    return streams


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", required=True)
    args = parser.parse_args()
    run_script = str(ROOT / "tests" / "stream" / "run")
    runners = {lang: ["bash", run_script, "--lang", lang, "--build-dir", args.build_dir] for lang in ("cpp", "ts", "py", "go")}
    passed = failed = 0

    def run(lang: str, arguments: list[str]) -> str:
        result = subprocess.run(runners[lang] + arguments, capture_output=True, check=False)
        if result.returncode != 0:
            return f"exit {result.returncode}: {result.stderr.decode(errors='replace')}"
        return result.stdout.decode("utf-8")

    with tempfile.TemporaryDirectory() as work:
        # One runner process per language, framing, option set and chunk size, over every case's file.
        groups: dict[tuple[str, ...], list[tuple[str, dict[str, Any]]]] = {}
        for framing in ("ndjson", "sse"):
            for index, case in enumerate(vector_file(f"{framing}.json")["cases"]):
                if "last_event_id" in case.get("options", {}):
                    continue  # a reader option the runners do not take
                path = os.path.join(work, f"{framing}-{index}.bin")
                with open(path, "wb") as file:
                    file.write(input_bytes(case["input"]))
                groups.setdefault((framing, *flags(case.get("options", {}))), []).append((path, case))
        for (framing, *option_flags), cases in groups.items():
            for chunk in CHUNKS:
                arguments = ["--framing", framing, "--chunk", str(chunk), *option_flags, *(path for path, _ in cases)]
                for lang in runners:
                    streams = split_streams(run(lang, arguments))
                    for path, case in cases:
                        got, want = streams.get(path), expected_lines(case["expect"])
                        if got == want:
                            passed += 1
                        else:
                            failed += 1
                            print(f"FAIL {lang} {framing} {case['name']!r} --chunk {chunk}:\n  got  {got!r}\n  want {want!r}")
        # The seed streams decoded as JSON: the same values in every language.
        for path, case in groups[("sse",)]:
            if not case["name"].startswith(("seed 002's", "seed 003's")):
                continue
            outputs = {lang: run(lang, ["--framing", "sse", "--decode", "json", path]).splitlines()[1:] for lang in runners}
            decoded = {lang: [json.loads(line[5:]) if line.startswith("item ") else line for line in lines] for lang, lines in outputs.items()}
            want_items = [{"event": r["event"], "id": r["id"], "data": json.loads(r["data"])} for r in case["expect"]]
            if decoded["cpp"] == decoded["ts"] == decoded["py"] == decoded["go"] == want_items:
                passed += 1
            else:
                failed += 1
                print(f"FAIL --decode json {case['name']!r}: {decoded}")
        # Random streams: the four runners agree, whole and in small chunks.
        rng = random.Random(20261126)
        for framing in ("ndjson", "sse"):
            paths = []
            for index in range(RANDOM_STREAMS):
                path = os.path.join(work, f"random-{framing}-{index}.bin")
                with open(path, "wb") as file:
                    file.write(random_stream(rng, framing))
                paths.append(path)
            for limits in LIMITS:
                printed: dict[tuple[str, int], str] = {}
                for chunk in (0, 1, 3):
                    for lang in runners:
                        printed[(lang, chunk)] = run(lang, ["--framing", framing, "--chunk", str(chunk), *limits, *paths])
                reference = printed[("py", 0)]
                for key, output in printed.items():
                    if output == reference:
                        passed += 1
                    else:
                        failed += 1
                        print(f"FAIL random {framing} {limits} {key}: differs from py whole")
                        for path in paths:
                            mine, theirs = split_streams(output).get(path), split_streams(reference).get(path)
                            if mine != theirs:
                                print(f"  first difference: {path}\n  got  {mine!r}\n  want {theirs!r}")
                                break
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
