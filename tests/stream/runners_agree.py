#!/usr/bin/env python3
"""The three stream runners (C++, TypeScript, Python) against each other and
against the vectors: for every input of ndjson.json and sse.json, whole and in
chunks of 1 and 7 bytes, each runner must print exactly the lines the vector's
records give (the runners take many files per process, so this stays fast) (docs/streams.md, "stream runners"); with --decode json the items
of the seed streams must be the same JSON values.

    runners_agree.py --cpp <stream_runner_cpp> --ts <stream_runner.js>
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from typing import Any

from stream_support import ROOT, input_bytes, vector_file

CHUNKS = (0, 1, 7)


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
    parser.add_argument("--cpp", required=True)
    parser.add_argument("--ts", required=True)
    args = parser.parse_args()
    runners = {
        "cpp": [args.cpp],
        "ts": ["node", args.ts],
        "py": [sys.executable, str(ROOT / "tests" / "stream" / "stream_runner.py")],
    }
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
            if decoded["cpp"] == decoded["ts"] == decoded["py"] == want_items:
                passed += 1
            else:
                failed += 1
                print(f"FAIL --decode json {case['name']!r}: {decoded}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
