#!/usr/bin/env python3
"""The Python stream runner: raw bytes on stdin through the runtime's reader.

    stream_runner.py --framing ndjson|sse [--chunk N] [--decode text|json]
                     [--max-line-bytes N] [--max-event-bytes N] [FILE...]

Feeds stdin (or each FILE, as a stream of its own, after a line "stream FILE")
to a reader in chunks of N bytes (default: all at once) and prints one line
per record, the same in every language's runner:
    item <json>                        an NDJSON line, or an SSE event {"event","id","data"}
    retry <ms>                         an SSE retry field
    error <offset> <line>: <code>: <message>
With --decode text an item's text is a JSON string; with --decode json it is
parsed and re-serialised (a parse failure is an error with code "decode").
Exit status 0, or 2 for a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from stream_support import rt


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def main() -> int:
    parser = argparse.ArgumentParser(prog="stream_runner.py")
    parser.add_argument("--framing", choices=("ndjson", "sse"), required=True)
    parser.add_argument("--chunk", type=int, default=0)
    parser.add_argument("--decode", choices=("text", "json"), default="text")
    parser.add_argument("--max-line-bytes", type=int, default=rt.DEFAULT_MAX_LINE_BYTES)
    parser.add_argument("--max-event-bytes", type=int, default=rt.DEFAULT_MAX_EVENT_BYTES)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    if args.chunk < 0:
        parser.error("--chunk must be positive")
    out = sys.stdout

    def value(text: str, offset: int, line: int) -> str | None:
        if args.decode == "text":
            return _dump(text)
        try:
            return _dump(json.loads(text))
        except ValueError as error:
            out.write(f"error {offset} {line}: decode: {error}\n")
            return None

    def emit(record: object) -> None:
        if isinstance(record, rt.StreamError):
            out.write(f"error {record.offset} {record.line}: {record.code}: {record.message}\n")
        elif isinstance(record, rt.SseRetry):
            out.write(f"retry {record.ms}\n")
        elif isinstance(record, rt.NdjsonItem):
            text = value(record.text, record.offset, record.line)
            if text is not None:
                out.write(f"item {text}\n")
        elif isinstance(record, rt.SseEvent):
            data = value(record.data, record.offset, record.line)
            if data is not None:
                out.write('item {"event":' + _dump(record.type) + ',"id":' + _dump(record.last_event_id) + ',"data":' + data + "}\n")

    def run(data: bytes) -> None:
        size = args.chunk or max(1, len(data))
        reader: Any = rt.NdjsonReader(args.max_line_bytes) if args.framing == "ndjson" else rt.SseReader(args.max_line_bytes, args.max_event_bytes)
        for start in range(0, len(data), size):
            for record in reader.feed(data[start : start + size]):
                emit(record)
        for record in reader.end():
            emit(record)

    if not args.files:
        run(sys.stdin.buffer.read())
    for path in args.files:
        out.write(f"stream {path}\n")
        with open(path, "rb") as file:
            run(file.read())
    return 0


if __name__ == "__main__":
    sys.exit(main())
