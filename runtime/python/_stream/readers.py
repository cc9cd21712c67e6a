"""Incremental NDJSON and SSE readers: feed byte chunks of any size, get items out.

The rules (docs/streams.md) are the same in the C++ and TypeScript runtimes,
and the shared vectors of tests/stream/ prove it at every chunking:

* every line is strict UTF-8: an invalid sequence is an error (never U+FFFD)
  at the byte offset of its first byte;
* a line longer than ``max_line_bytes`` is an error as soon as it is seen,
  and its bytes are never buffered;
* errors carry the stream's byte offset and the 1-based line number, and the
  reader goes on after them (NDJSON at the next line, SSE at the next event);
* ``end()`` reports input cut off inside a line or an event (``truncated``).

The SSE reader (sse.py) follows the WHATWG HTML "event stream" interpretation: one
leading BOM stripped, CR / LF / CRLF line ends, ``data`` lines joined with LF,
``event``, ``id`` (ignored if it contains NUL, and kept across events),
``retry`` (ASCII digits only), ``:`` comments, fields without a colon, one
space after the colon stripped, dispatch on a blank line and never with an
empty data buffer.
"""

from __future__ import annotations

from typing import Final, NamedTuple, Union

DEFAULT_MAX_LINE_BYTES: Final = 16 * 1024 * 1024
DEFAULT_MAX_EVENT_BYTES: Final = 16 * 1024 * 1024
# The largest reconnection time accepted: what every language holds exactly.
MAX_RETRY_MS: Final = 2**53 - 1


class StreamError(NamedTuple):
    """A framing problem: ``code`` is utf8, line_too_long, event_too_long or truncated."""

    code: str
    offset: int
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.offset}/{self.line}: {self.code}: {self.message}"


class NdjsonItem(NamedTuple):
    """One non-blank NDJSON line (without its line end), where it starts."""

    text: str
    offset: int
    line: int


class SseEvent(NamedTuple):
    """A dispatched SSE event; ``offset``/``line`` are those of its first line."""

    type: str
    data: str
    last_event_id: str
    offset: int
    line: int


class SseRetry(NamedTuple):
    """A valid ``retry`` field: the reconnection time is now ``ms``."""

    ms: int
    offset: int
    line: int


# Records are named tuples: immutable, and the cheapest objects to create
# (a frozen dataclass costs three times as much, and the readers make one
# per item).
NdjsonRecord = Union[NdjsonItem, StreamError]
SseRecord = Union[SseEvent, SseRetry, StreamError]


def utf8_error(raw: bytes, error: UnicodeDecodeError, start: int, line: int) -> StreamError:
    return StreamError("utf8", start + error.start, line, f"invalid UTF-8 (byte 0x{raw[error.start]:02X})")


def too_long(start: int, line: int, limit: int) -> StreamError:
    return StreamError("line_too_long", start, line, f"line longer than {limit} bytes")


def _is_blank(raw: bytes) -> bool:
    # JSON whitespace only (LF cannot occur inside a line).
    return not raw.strip(b" \t\r")


class NdjsonReader:
    """Lines end at LF; one CR before the LF is dropped; blank lines are skipped.

    A line counts every byte before its LF against ``max_line_bytes``. A BOM
    is not special: it stays in the first item, where the JSON decoder
    rejects it (docs/semantics.md, payload policy).
    """

    def __init__(self, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> None:
        self._max = max_line_bytes
        self._pending = bytearray()  # the unfinished line's bytes
        self._skipping = False  # inside a line already reported too long
        self._offset = 0  # stream offset of the next byte fed
        self._line_start = 0
        self._line = 1
        self._ended = False

    def feed(self, chunk: bytes | bytearray | memoryview) -> list[NdjsonRecord]:
        if self._ended:
            raise RuntimeError("NdjsonReader.feed after end()")
        data = bytes(chunk)
        out: list[NdjsonRecord] = []
        pieces = data.split(b"\n")
        tail = pieces.pop()  # the bytes after the last LF: an unfinished line
        base = self._offset
        pos = 0
        for index, raw in enumerate(pieces):
            pos += len(raw) + 1
            if index == 0 and (self._skipping or self._pending):
                if self._skipping:
                    self._skipping = False
                    raw = b""
                else:
                    self._pending += raw
                    raw = bytes(self._pending)
                    self._pending.clear()
            self._take_line(raw, out)
            self._line += 1
            self._line_start = base + pos
        if tail and not self._skipping:
            if len(self._pending) + len(tail) > self._max:
                out.append(too_long(self._line_start, self._line, self._max))
                self._skipping = True
                self._pending.clear()
            else:
                self._pending += tail
        self._offset = base + len(data)
        return out

    def _take_line(self, raw: bytes, out: list[NdjsonRecord]) -> None:
        if len(raw) > self._max:
            out.append(too_long(self._line_start, self._line, self._max))
            return
        if _is_blank(raw):
            return
        if raw[-1] == 13:
            raw = raw[:-1]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            out.append(utf8_error(raw, error, self._line_start, self._line))
            return
        out.append(NdjsonItem(text, self._line_start, self._line))

    def end(self) -> list[NdjsonRecord]:
        """The end of the input: an unfinished, non-blank last line is ``truncated``."""
        if self._ended:
            return []
        self._ended = True
        if self._skipping or _is_blank(bytes(self._pending)):
            return []
        return [
            StreamError("truncated", self._line_start, self._line, "stream ends inside a line (no line feed after it)")
        ]
