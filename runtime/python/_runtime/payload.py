"""The payload policy (docs/semantics.md §1): which text is a JSON instance at all.

UTF-8 without a byte order mark, no duplicate member names, no lone
surrogate escapes, no nesting deeper than ``max_depth``, no NaN or Infinity.
Two readers implement it:

* ``parse``, the fast path: ``json.loads`` (the C scanner) with a hook that
  refuses duplicate names, behind cheap tests that send everything it cannot
  judge alone (a possible surrogate escape, more brackets than ``max_depth``,
  integers longer than Python converts by default) to the exact reader;
* ``scan``, the exact reader: a loop with its own stack (no recursion, so a
  million ``[`` is one ``depth`` error, never a RecursionError) that finds the
  first problem in document order and records where every value starts and
  where every container ends, for locating validation errors (errors.py).
"""

from __future__ import annotations

import decimal
import json
import re
from collections.abc import Callable
from typing import Any, Final

_jiter: Any
try:
    import jiter as _jiter
except ImportError:  # pragma: no cover - the stdlib path below is complete on its own
    _jiter = None

DEFAULT_MAX_DEPTH: Final = 128


class _Settings:
    max_depth = DEFAULT_MAX_DEPTH


SETTINGS: Final = _Settings()
"""The generated package sets ``SETTINGS.max_depth`` from contractgen.toml's ``[payload] max_depth``."""


# Told every new max_depth (the compiled checks keep their own copy: models.py).
LISTENERS: Final[list[Callable[[int], object]]] = []


def configure(*, max_depth: int) -> None:
    """Sets the maximum nesting depth for every decode (1..10000)."""
    if not 1 <= max_depth <= 10000:
        raise ValueError(f"max_depth must be within 1..10000, got {max_depth}")
    SETTINGS.max_depth = max_depth
    for listener in LISTENERS:
        listener(max_depth)


Path = tuple[Any, ...]


class PayloadError(Exception):
    """A policy violation: where (a JSON path, a text offset), the keyword and a detail."""

    def __init__(self, path: Path, keyword: str, detail: str, offset: int) -> None:
        super().__init__(detail)
        self.path = path
        self.keyword = keyword
        self.detail = detail
        self.offset = offset


class _Refused(Exception):
    """The fast path cannot judge this text: the exact reader decides."""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        raise _Refused
    return value


def _constant(name: str) -> Any:
    raise _Refused  # NaN, Infinity, -Infinity: not JSON


_DECODER: Final = json.JSONDecoder(object_pairs_hook=_object, parse_constant=_constant)
# An escape that may be half of a surrogate pair (or, after an escaped
# backslash, not an escape at all).
_SURROGATE_ESCAPE: Final = re.compile(r"\\u[dD][89a-fA-F]")
# Every escape sequence from left to right (each starts at a backslash, so an
# escaped backslash is consumed whole): a pair, a lone half (captured) or any other.
_ESCAPE_SEQUENCE: Final = re.compile(
    r"\\(?:u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|(u[dD][89a-fA-F][0-9a-fA-F]{2})|.)", re.S
)
_SURROGATE_CHAR: Final = re.compile("[\ud800-\udfff]")


def text_of(data: str | bytes | bytearray | memoryview) -> str:
    """The text of an instance; invalid UTF-8, a lone surrogate or a byte order mark is a ``syntax`` error."""
    if isinstance(data, str):
        if not data.isascii() and _SURROGATE_CHAR.search(data) is not None:
            at = _SURROGATE_CHAR.search(data)
            raise PayloadError((), "syntax", "a lone surrogate is not text", at.start() if at else 0)
        text = data
    else:
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as e:
            raise PayloadError((), "syntax", f"invalid UTF-8 at byte {e.start}", e.start) from None
    if text.startswith("\ufeff"):
        raise PayloadError((), "syntax", "byte order mark at the start of the text", 0)
    return text


def needs_scan(text: str, max_depth: int) -> bool:
    """Whether the fast path cannot judge ``text`` alone."""
    if text.count("[") + text.count("{") > max_depth:
        return True
    if "\\u" not in text or _SURROGATE_ESCAPE.search(text) is None:
        return False
    return any(_ESCAPE_SEQUENCE.findall(text))  # a lone surrogate escape: json.loads would accept it


# len(data.translate(None, _ALL_BUT_BRACKETS)) counts the opening brackets of
# bytes in one pass: about a third cheaper than two count() calls, which took
# a twentieth of a decode on the corpus's longer lines.
_ALL_BUT_BRACKETS: Final = bytes(b for b in range(256) if b not in b"[{")


def parse(data: str | bytes | bytearray | memoryview, max_depth: int) -> Any:
    """The value of ``data`` by the fast path; raises ``_Refused`` when only ``scan`` can tell.

    With jiter (pydantic's JSON parser, a dependency of the generated package)
    one pass checks UTF-8, the byte order mark, duplicates, lone surrogates
    and NaN; without it, json.loads with the hooks above does the same.
    """
    if _jiter is not None and type(data) is bytes:
        # A text shorter than max_depth cannot hold more brackets than that.
        if len(data) > max_depth and len(data.translate(None, _ALL_BUT_BRACKETS)) > max_depth:
            raise _Refused
        try:
            # No string cache: most strings of a payload occur once, and jiter's cache
            # made parsing and validating the decode corpus about a tenth slower.
            return _jiter.from_json(data, catch_duplicate_keys=True, allow_inf_nan=False, cache_mode="none")
        except ValueError:
            raise _Refused from None
    return _parse_other(data, max_depth)


def _parse_other(data: str | bytes | bytearray | memoryview, max_depth: int) -> Any:
    if _jiter is not None:
        try:
            raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        except UnicodeEncodeError:  # a lone surrogate in a str
            raise _Refused from None
        return parse(raw, max_depth)
    try:
        text = text_of(data)
    except PayloadError:
        raise _Refused from None
    if needs_scan(text, max_depth):
        raise _Refused
    try:
        return _DECODER.decode(text)
    except (ValueError, RecursionError):
        raise _Refused from None


Refused = _Refused


class Scan:
    """What the exact reader found: the value (None after a fatal problem), the first
    problem, and the positions of values (start offsets) and containers (end offsets)."""

    __slots__ = ("value", "complete", "problem", "starts", "ends", "members", "unclosed")

    def __init__(self) -> None:
        self.value: Any = None
        self.complete = False
        self.problem: PayloadError | None = None
        self.starts: dict[Path, int] = {}
        self.ends: dict[Path, int] = {}
        self.members: dict[Path, int] = {}  # a member's path → the offset of its name
        self.unclosed: set[Path] = set()  # containers cut off by a fatal problem


_WHITESPACE: Final = re.compile(r"[ \t\n\r]*")


def _skip(text: str, i: int) -> int:
    # The offset of the first non-whitespace character at or after i.
    m = _WHITESPACE.match(text, i)
    return m.end() if m is not None else i
_NUMBER: Final = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_PLAIN: Final = re.compile(r'[^"\\\x00-\x1f]*')
_HEX4: Final = re.compile(r"[0-9a-fA-F]{4}")
_ESCAPES: Final = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


class _Syntax(Exception):
    def __init__(self, offset: int, detail: str) -> None:
        super().__init__(detail)
        self.offset = offset
        self.detail = detail


def _integer(token: str) -> int:
    if len(token) <= 4000:
        return int(token)
    return int(decimal.Decimal(token))  # beyond Python's default digit limit, still exact


def _string(text: str, i: int) -> tuple[str, int]:
    # text[i] is the opening quote; returns the string and the offset after its closing quote.
    parts: list[str] = []
    i += 1
    n = len(text)
    while True:
        m = _PLAIN.match(text, i)
        assert m is not None
        parts.append(m.group())
        i = m.end()
        if i >= n:
            raise _Syntax(i, "unterminated string")
        c = text[i]
        if c == '"':
            return "".join(parts), i + 1
        if c != "\\":
            raise _Syntax(i, "control character in a string")
        e = text[i + 1 : i + 2]
        if e in _ESCAPES:
            parts.append(_ESCAPES[e])
            i += 2
            continue
        if e != "u" or _HEX4.match(text, i + 2) is None:
            raise _Syntax(i, "invalid escape in a string")
        code = int(text[i + 2 : i + 6], 16)
        if 0xDC00 <= code <= 0xDFFF:
            raise _Syntax(i, "lone surrogate escape (a low surrogate without a high one)")
        if 0xD800 <= code <= 0xDBFF:
            low = int(text[i + 8 : i + 12], 16) if text.startswith("\\u", i + 6) and _HEX4.match(text, i + 8) else -1
            if not 0xDC00 <= low <= 0xDFFF:
                raise _Syntax(i, "lone surrogate escape (a high surrogate without a low one)")
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            i += 6
        parts.append(chr(code))
        i += 6


class _Frame:
    __slots__ = ("container", "path", "key", "duplicate")

    def __init__(self, container: Any, path: Path) -> None:
        self.container = container
        self.path = path
        self.key: str | None = None  # the member being read (objects)
        self.duplicate = False  # its name was seen before: its value is read and dropped


def scan(text: str, max_depth: int) -> Scan:
    """Reads ``text`` exactly (no recursion): the value, the first policy problem, the positions.

    After a fatal problem (syntax, depth) the value is what was read before
    it: the open containers with the members read so far (a too-deep one
    empty), their paths in ``unclosed``; errors.py keeps only the validation
    errors that come before the problem and are not about what was cut off.
    """
    result = Scan()
    stack: list[_Frame] = []
    try:
        _scan(text, max_depth, result, stack)
    except _Syntax as e:
        if result.problem is None or result.problem.offset > e.offset:
            result.problem = PayloadError((), "syntax", "invalid JSON: " + e.detail, e.offset)
        _cut_off(result, stack, None, None)
    return result


def _cut_off(result: Scan, stack: list[_Frame], path: Path | None, placeholder: Any) -> None:
    # The partial value after a fatal problem: each open container put into its parent.
    result.complete = False
    result.unclosed = {frame.path for frame in stack}
    value = placeholder
    if path is not None:
        result.unclosed.add(path)
    for frame in reversed(stack):
        if path is not None:
            if isinstance(frame.container, list):
                frame.container.append(value)
            elif not frame.duplicate:
                frame.container[frame.key] = value
        value, path = frame.container, frame.path
    result.value = value if stack or path is not None else None


def _scan(text: str, max_depth: int, result: Scan, stack: list[_Frame]) -> None:  # noqa: C901 - one state machine
    n = len(text)
    path: Path = ()
    i = _skip(text, 0)
    while True:
        # A value starts at i.
        if i >= n:
            raise _Syntax(i, "unexpected end of the text")
        result.starts.setdefault(path, i)
        c = text[i]
        if c == "{" or c == "[":
            if len(stack) >= max_depth:
                problem = PayloadError(path, "depth", f"nesting deeper than {max_depth}", i)
                if result.problem is None or result.problem.offset > i:
                    result.problem = problem
                _cut_off(result, stack, path, {} if c == "{" else [])
                return
            frame = _Frame({} if c == "{" else [], path)
            stack.append(frame)
            i = _skip(text, i + 1)
            if c == "[":
                if text.startswith("]", i):
                    value: Any = None
                    closed = True
                else:
                    path = frame.path + (0,)
                    continue
            else:
                closed = text.startswith("}", i)
                if not closed:
                    i = _member_name(text, i, frame, result)
                    path = frame.path + (frame.key,)
                    continue
            # An empty container closes at once.
            result.ends.setdefault(frame.path, i)
            stack.pop()
            value = frame.container
            i += 1
        elif c == '"':
            value, i = _string(text, i)
        elif c == "-" or "0" <= c <= "9":
            m = _NUMBER.match(text, i)
            if m is None:
                raise _Syntax(i, "invalid number")
            token = m.group()
            value = _integer(token) if m.group(1) is None and m.group(2) is None else float(token)
            i = m.end()
        elif text.startswith("true", i):
            value, i = True, i + 4
        elif text.startswith("false", i):
            value, i = False, i + 5
        elif text.startswith("null", i):
            value, i = None, i + 4
        else:
            raise _Syntax(i, f"unexpected character {json.dumps(c)}")
        # A value ended before i: put it into its container, close what ends here.
        while True:
            i = _skip(text, i)
            if not stack:
                if i != n:
                    raise _Syntax(i, "text after the value")
                result.value, result.complete = value, True
                return
            frame = stack[-1]
            container = frame.container
            if isinstance(container, list):
                container.append(value)
                if text.startswith(",", i):
                    i = _skip(text, i + 1)
                    path = frame.path + (len(container),)
                    break
                if not text.startswith("]", i):
                    raise _Syntax(i, "expected ',' or ']'")
            else:
                if not frame.duplicate:
                    container[frame.key] = value
                if text.startswith(",", i):
                    i = _member_name(text, _skip(text, i + 1), frame, result)
                    path = frame.path + (frame.key,)
                    break
                if not text.startswith("}", i):
                    raise _Syntax(i, "expected ',' or '}'")
            result.ends.setdefault(frame.path, i)
            stack.pop()
            value = container
            i += 1


def _member_name(text: str, i: int, frame: _Frame, result: Scan) -> int:
    # Reads `"name" :` at i; returns the offset of the member's value.
    if not text.startswith('"', i):
        raise _Syntax(i, "expected a member name")
    start = i
    key, i = _string(text, i)
    i = _skip(text, i)
    if not text.startswith(":", i):
        raise _Syntax(i, "expected ':'")
    frame.key = key
    frame.duplicate = key in frame.container
    member = frame.path + (key,)
    if frame.duplicate:
        if result.problem is None:
            result.problem = PayloadError(
                member, "duplicate", f"member {json.dumps(key, ensure_ascii=False)} appears twice", start
            )
    else:
        result.members[member] = start
    return _skip(text, i + 1)
