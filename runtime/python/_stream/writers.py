"""NDJSON and SSE writers: text that the readers of readers.py read back exactly.

Each function returns ``str``; send it UTF-8 encoded. What a reader could
not give back unchanged is refused with ``ValueError`` rather than written
differently: a line break inside an NDJSON item, an SSE event name or id,
a NUL in an id (the reader ignores such an id), a blank NDJSON item (the
reader skips blank lines). SSE data is the one exception, because the format
itself has no other way to carry a line break: data is split at CRLF, CR and
LF into ``data:`` lines, which the reader joins with LF, so a bare CR is
never written.
"""

from __future__ import annotations

import re
from typing import Final

from .readers import MAX_RETRY_MS

_LINE_BREAK: Final = re.compile(r"\r\n|\r|\n")


def ndjson_line(text: str) -> str:
    """One NDJSON line: the item's JSON text and a LF."""
    if "\n" in text or "\r" in text:
        raise ValueError("an NDJSON item must not contain a line break")
    if not text.strip(" \t"):
        raise ValueError("an NDJSON item must not be blank")
    return text + "\n"


def _field(name: str, value: str) -> str:
    return f"{name}: {value}\n" if value else f"{name}:\n"


def sse_event(data: str, *, event: str | None = None, id: str | None = None, retry: int | None = None) -> str:
    """One SSE event: ``event``, ``id``, ``retry``, the data lines and a blank line.

    ``event=None`` leaves the type to the reader's default (``message``);
    ``id=None`` writes no id, so the reader keeps the last one (``id=""``
    clears it).
    """
    out = []
    if event is not None:
        if "\n" in event or "\r" in event:
            raise ValueError("an SSE event name must not contain a line break")
        out.append(_field("event", event))
    if id is not None:
        if "\n" in id or "\r" in id or "\0" in id:
            raise ValueError("an SSE id must not contain a line break or NUL")
        out.append(_field("id", id))
    if retry is not None:
        if isinstance(retry, bool) or retry < 0 or retry > MAX_RETRY_MS:
            raise ValueError("an SSE retry must be an integer from 0 to 2^53-1")
        out.append(_field("retry", str(retry)))
    for piece in _LINE_BREAK.split(data):
        out.append(_field("data", piece))
    out.append("\n")
    return "".join(out)


def sse_comment(text: str) -> str:
    """Comment lines (``: text``), e.g. a keep-alive; they do not end an event."""
    return "".join(f": {piece}\n" if piece else ":\n" for piece in _LINE_BREAK.split(text))
