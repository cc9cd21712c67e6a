"""The SSE reader: the WHATWG event-stream interpretation with strict UTF-8
and size limits (readers.py has the rules every reader shares)."""

from __future__ import annotations

import re
from typing import Final

from .readers import (
    DEFAULT_MAX_EVENT_BYTES,
    DEFAULT_MAX_LINE_BYTES,
    MAX_RETRY_MS,
    SseEvent,
    SseRecord,
    SseRetry,
    StreamError,
    too_long,
    utf8_error,
)

_BOM: Final = b"\xef\xbb\xbf"
_SSE_LINE_END: Final = re.compile(rb"\r\n|\r|\n")
# The usual event: optional `event` and `id` lines, one `data` line, a blank
# line (groups: event space, event, id space, id, data space, data).
_SIMPLE_EVENT: Final = re.compile(r"(?:event:( ?)([^\n]*)\n)?(?:id:( ?)([^\n]*)\n)?data:( ?)([^\n]*)\n\n")


def _retry_value(value: str) -> int | None:
    # ASCII digits only (at least one), and no more than MAX_RETRY_MS.
    if not (value.isascii() and value.isdigit()):
        return None
    digits = value.lstrip("0") or "0"
    if len(digits) > 16 or int(digits) > MAX_RETRY_MS:
        return None
    return int(digits)


class SseReader:
    """The WHATWG event-stream interpretation, with strict UTF-8 and size limits.

    ``max_event_bytes`` bounds an event's data buffer as the standard builds
    it (each data line's value plus one LF). After an error the event being
    read is discarded and the reader skips to the next blank line.
    ``last_event_id`` seeds the last event ID (to resume after a reconnection,
    as EventSource keeps it).
    """

    def __init__(
        self,
        max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
        max_event_bytes: int = DEFAULT_MAX_EVENT_BYTES,
        last_event_id: str = "",
    ) -> None:
        self._max_line = max_line_bytes
        self._max_event = max_event_bytes
        self._pending = bytearray()
        self._bom_left = 3  # leading bytes still to compare with the BOM
        self._held = b""  # bytes held while they may still be a BOM
        self._after_cr = False  # the last line ended with CR: a LF next is part of it
        self._discard_line = False  # the rest of a too-long line
        self._discard_event = False  # skipping to the next blank line
        self._offset = 0
        self._line_start = 0
        self._line = 1
        self._ended = False
        self._data: list[str] = []
        self._data_bytes = 0
        self._event_type = ""
        self._id_buffer = last_event_id
        self._block: tuple[int, int] | None = None  # offset and line of the event's first line
        self.last_event_id = last_event_id
        self.reconnection_time: int | None = None

    def feed(self, chunk: bytes | bytearray | memoryview) -> list[SseRecord]:
        if self._ended:
            raise RuntimeError("SseReader.feed after end()")
        data = bytes(chunk)
        out: list[SseRecord] = []
        if self._bom_left:
            data = self._strip_bom(data)
            if self._bom_left:
                return out
        if self._after_cr and data:
            self._after_cr = False
            if data[0] == 10:  # the LF of a CRLF split across chunks
                data = data[1:]
                self._offset += 1
                self._line_start += 1
        base = self._offset
        pos = 0
        if b"\r" not in data:
            first = data.find(b"\n")
            last = data.rfind(b"\n")
            if first >= 0:
                # The first line (it may continue buffered bytes), then the rest
                # up to the last LF: at once when it is all ASCII (then a
                # character index is a byte offset), else line by line.
                self._complete_line(data[:first], out)
                pos = first + 1
                self._line += 1
                self._line_start = base + pos
                region = data[pos : last + 1]
                if region.isascii():
                    self._ascii_lines(region.decode("ascii"), out)
                else:
                    for raw in region.split(b"\n")[:-1]:
                        self._complete_line(raw, out)
                        self._line += 1
                        self._line_start += len(raw) + 1
                pos = last + 1
        else:
            for match in _SSE_LINE_END.finditer(data):
                self._complete_line(data[pos : match.start()], out)
                pos = match.end()
                self._line += 1
                self._line_start = base + pos
            self._after_cr = data.endswith(b"\r")
        if pos < len(data):
            self._partial(data[pos:], out)
        self._offset = base + len(data)
        return out

    def _ascii_lines(self, text: str, out: list[SseRecord]) -> None:
        # Complete ASCII lines without CR: _complete_line's steps, inlined (this
        # loop is most of the reader's time). At an event boundary an event of
        # the usual shape (_SIMPLE_EVENT) is taken whole when it is short enough
        # that no line and no data can be over a limit; anything else, line by line.
        start, line, at, end = self._line_start, self._line, 0, len(text)
        match, append, max_line, max_event = _SIMPLE_EVENT.match, out.append, self._max_line, self._max_event
        while at < end:
            if self._block is None and not (self._data or self._event_type or self._discard_event):
                m = match(text, at)
                if m is not None:
                    span = m.end() - at
                    _, event_type, _, event_id, _, data = m.groups()
                    if span <= max_line and len(data) < max_event:
                        if event_id is not None and "\0" not in event_id:
                            self._id_buffer = event_id
                        self.last_event_id = self._id_buffer
                        append(SseEvent(event_type or "message", data, self.last_event_id, start, line))
                        start += span
                        line += 2 + (event_type is not None) + (event_id is not None)
                        at += span
                        continue
            lf = text.index("\n", at)
            if lf == at:
                if self._discard_event:
                    self._discard_event = False
                    self._block = None
                else:
                    self._dispatch(out)
            elif not self._discard_event:
                if lf - at > max_line:
                    self._fail(too_long(start, line, max_line), out)
                else:
                    if self._block is None:
                        self._block = (start, line)
                    colon = text.find(":", at, lf)
                    if colon < 0:
                        self._field(text[at:lf], "", 0, start, line, out)
                    elif colon > at:
                        value = text[colon + 1 : lf]
                        if value[:1] == " ":
                            value = value[1:]
                        self._field(text[at:colon], value, len(value), start, line, out)
            start += lf - at + 1
            line += 1
            at = lf + 1
        self._line_start, self._line = start, line

    def _strip_bom(self, data: bytes) -> bytes:
        # Compares the stream's first bytes with EF BB BF, across chunks.
        held = self._held + data
        if len(held) < 3 and _BOM.startswith(held):
            self._held = held
            return b""
        self._bom_left = 0
        self._held = b""
        if held.startswith(_BOM):
            self._offset = self._line_start = 3
            return held[3:]
        return held

    def _partial(self, tail: bytes, out: list[SseRecord]) -> None:
        if self._discard_line:
            return
        if self._discard_event:
            # A non-empty line while skipping an event: never buffered.
            self._discard_line = True
            return
        if len(self._pending) + len(tail) > self._max_line:
            self._fail(too_long(self._line_start, self._line, self._max_line), out)
            self._discard_line = True
            self._pending.clear()
        else:
            self._pending += tail

    def _complete_line(self, raw: bytes, out: list[SseRecord]) -> None:
        if self._discard_line:
            self._discard_line = False
            return
        if self._pending:
            self._pending += raw
            raw = bytes(self._pending)
            self._pending.clear()
        if not raw:
            if self._discard_event:
                self._discard_event = False
                self._block = None
            else:
                self._dispatch(out)
            return
        if self._discard_event:
            return
        if len(raw) > self._max_line:
            self._fail(too_long(self._line_start, self._line, self._max_line), out)
            return
        if self._block is None:
            self._block = (self._line_start, self._line)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            self._fail(utf8_error(raw, error, self._line_start, self._line), out)
            return
        colon = text.find(":")
        if colon == 0:
            return  # a comment
        if colon < 0:
            self._field(text, "", 0, self._line_start, self._line, out)
            return
        value = text[colon + 1 :]
        value_bytes = len(raw) - raw.find(b":") - 1
        if value.startswith(" "):
            value = value[1:]
            value_bytes -= 1
        self._field(text[:colon], value, value_bytes, self._line_start, self._line, out)

    def _field(self, name: str, value: str, value_bytes: int, start: int, line: int, out: list[SseRecord]) -> None:
        if name == "data":
            self._data_bytes += value_bytes + 1
            if self._data_bytes > self._max_event:
                message = f"event data longer than {self._max_event} bytes"
                self._fail(StreamError("event_too_long", start, line, message), out)
                return
            self._data.append(value)
        elif name == "event":
            self._event_type = value
        elif name == "id":
            if "\0" not in value:
                self._id_buffer = value
        elif name == "retry":
            ms = _retry_value(value)
            if ms is not None:
                self.reconnection_time = ms
                out.append(SseRetry(ms, start, line))

    def _dispatch(self, out: list[SseRecord]) -> None:
        self.last_event_id = self._id_buffer
        block = self._block
        self._block = None
        if not self._data:
            self._event_type = ""
            return
        assert block is not None
        data = "\n".join(self._data)
        out.append(SseEvent(self._event_type or "message", data, self.last_event_id, block[0], block[1]))
        self._data = []
        self._data_bytes = 0
        self._event_type = ""

    def _fail(self, error: StreamError, out: list[SseRecord]) -> None:
        out.append(error)
        self._discard_event = True
        self._data = []
        self._data_bytes = 0
        self._event_type = ""

    def end(self) -> list[SseRecord]:
        """The end of the input: a started, undispatched event is discarded and ``truncated``."""
        if self._ended:
            return []
        out: list[SseRecord] = []
        if self._bom_left and self._held:
            # Fewer than three bytes, all a prefix of the BOM: they are data.
            held, self._held, self._bom_left = self._held, b"", 0
            self._partial(held, out)
        self._ended = True
        if self._discard_event or self._discard_line:
            return out
        if self._pending or self._data or self._event_type:
            offset, line = self._block if self._block is not None else (self._line_start, self._line)
            out.append(StreamError("truncated", offset, line, "stream ends inside an event (no blank line after it)"))
        return out
