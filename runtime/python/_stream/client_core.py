"""The rules of a stream as a client applies them, without I/O (docs/clients.md).

``StreamRules`` is the stream's part of the client model (src/ir/clients.h) as the generated
client module writes it: a plain mapping, read by ``StreamRules.from_model``. ``StreamCore``
follows one call of a streaming operation across its connections: it says which headers a
(re)connection sends (``Last-Event-ID``), what a status means (read, retry after a delay, fail),
which records are delivered (heartbeats and replayed items are not), which rules they break
(findings: a warning is reported and the item delivered, an error ends the stream with
``StreamRuleError``) and what the end of a connection means (done, reconnect, or
``StreamFailed``). The HTTP drivers (``_client``) only move bytes; ``Reconnection`` (the
attempt count and the backoff) is shared with the chat client (chat.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from .timing import BackoffConfig, backoff_delay

_MISSING = object()


def pointer_tokens(pointer: str | None) -> tuple[str, ...] | None:
    """An RFC 6901 pointer's tokens, unescaped (read once per stream, not per item)."""
    if pointer is None:
        return None
    return tuple(t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")) if pointer else ()


def pointer_get(value: Any, tokens: tuple[str, ...]) -> Any:
    """The value at a pointer (its tokens), or ``_MISSING``."""
    if len(tokens) == 1 and type(value) is dict:  # a top-level member: most rules
        return value.get(tokens[0], _MISSING)
    for token in tokens:
        if type(value) is dict:
            value = value.get(token, _MISSING)
            if value is _MISSING:
                return value
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        else:
            return _MISSING
    return value


def pointer_getter(tokens: tuple[str, ...]) -> Callable[[Any], Any]:
    """``pointer_get`` for one pointer, made once per stream: a top-level member (most rules)
    is one dict lookup per item, without the general walk."""
    if len(tokens) == 1:
        token = tokens[0]

        def member(value: Any) -> Any:
            return value.get(token, _MISSING) if type(value) is dict else pointer_get(value, tokens)

        return member
    return lambda value: pointer_get(value, tokens)


def _getter_of(pointer: str | None) -> Callable[[Any], Any] | None:
    tokens = pointer_tokens(pointer)
    return None if tokens is None else pointer_getter(tokens)


class ClientError(Exception):
    """Every error a generated client raises."""


class ApiError(ClientError):
    """A declared error response: its status, decoded body (None when it has none) and headers."""

    def __init__(self, status: int, body: Any, headers: Mapping[str, str], text: str) -> None:
        super().__init__(f"HTTP {status}: {text[:200]}")
        self.status = status
        self.body = body
        self.headers = dict(headers)
        self.text = text


class UnexpectedResponse(ClientError):
    """A response the operation does not declare (or whose body is not what it declares)."""

    def __init__(self, status: int, text: str, headers: Mapping[str, str], detail: str = "") -> None:
        start = text[:200]
        super().__init__(f"unexpected response: HTTP {status}{': ' + detail if detail else ''}: {start!r}")
        self.status = status
        self.text = start
        self.headers = dict(headers)


class StreamFailed(ClientError):
    """The stream ended without its end: ``kind`` is dropped, watchdog, terminal.missing, retries_exhausted."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind


class StreamRuleError(ClientError):
    """An item broke a rule of the stream whose severity is error (``rule``: verify's rule id)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule


class Finding(NamedTuple):
    rule: str
    message: str


@dataclass(frozen=True)
class StreamRules:
    framing: str
    tag_pointer: str
    tag_default: str | None = None
    first: tuple[str, ...] = ()
    terminal: tuple[str, ...] = ()
    terminal_required: bool = False
    key_pointer: str | None = None
    sequence_pointer: str | None = None
    sequence_gapless: bool = False
    sse_events: tuple[str, ...] = ()
    sse_event_pointer: str | None = None
    sse_id_pointer: str | None = None
    heartbeat_tag: str | None = None
    watchdog_ms: int | None = None
    backoff: BackoffConfig = BackoffConfig(0, 1, 0, 0)
    no_retry_statuses: tuple[int, ...] = ()
    warnings: frozenset[str] = frozenset()  # rules the stream weighs as warnings

    @property
    def resumable(self) -> bool:
        return self.framing == "sse" and self.sse_id_pointer is not None

    @classmethod
    def from_model(cls, m: Mapping[str, Any]) -> StreamRules:
        sse = m.get("sse") or {}
        seq = m.get("sequence") or {}
        hb = m.get("heartbeat") or {}
        rc = m["reconnect"]
        return cls(
            framing=m["framing"], tag_pointer=m["tag"]["pointer"], tag_default=m["tag"]["default"],
            first=tuple(m["first"]), terminal=tuple(m["terminal"]["tags"]),
            terminal_required=m["terminal"]["required"], key_pointer=m["key"], sequence_pointer=seq.get("pointer"),
            sequence_gapless=bool(seq.get("gapless")), sse_events=tuple(sse.get("events", ())),
            sse_event_pointer=sse.get("eventPointer"), sse_id_pointer=sse.get("idPointer"),
            heartbeat_tag=hb.get("tag"), watchdog_ms=m["watchdogMs"],
            backoff=BackoffConfig(rc["initialDelayMs"], rc["multiplier"], rc["maxDelayMs"], rc["maxAttempts"]),
            no_retry_statuses=tuple(rc["noRetryStatuses"]),
            warnings=frozenset(rule for rule, weight in m.get("severity", {}).items() if weight == "warning"))

    def with_options(self, options: Mapping[str, int]) -> StreamRules:
        """The caller's overrides: watchdogMs, maxAttempts, initialDelayMs, multiplier, maxDelayMs."""
        b = self.backoff
        backoff = BackoffConfig(options.get("initialDelayMs", b.initial_delay_ms),
                                options.get("multiplier", b.multiplier), options.get("maxDelayMs", b.max_delay_ms),
                                options.get("maxAttempts", b.max_attempts))
        return replace(self, watchdog_ms=options.get("watchdogMs", self.watchdog_ms), backoff=backoff)


class Reconnection:
    """The attempt count and backoff of a stream's reconnections (the chat client's too).

    A drop reconnects after backoff_delay(attempt) while attempts remain; a drop before any
    data on any connection does not (the server never answered with a stream); an item
    restarts the count. ``Retry-After`` replaces the delay of the attempt it answers.
    """

    def __init__(self, backoff: BackoffConfig, no_retry_statuses: Sequence[int]) -> None:
        self.backoff = backoff
        self.no_retry = tuple(no_retry_statuses)
        self.attempt = 0
        self.data_ever = False

    def delivered(self) -> None:
        self.attempt = 0
        self.data_ever = True

    def refuses(self, status: int) -> bool:
        return status in self.no_retry

    def after_drop(self, got_data: bool) -> tuple[int | None, str]:
        """The delay before the next connection, or None and why not."""
        if not got_data and not self.data_ever:
            return None, "no_data"
        return self._next(None)

    def after_status(self, retry_after_ms: int | None) -> tuple[int | None, str]:
        """A 429 or 503 (the server asks to come back later): retried even before any data."""
        return self._next(retry_after_ms)

    def _next(self, retry_after_ms: int | None) -> tuple[int | None, str]:
        self.attempt += 1
        delay = backoff_delay(self.backoff, self.attempt)
        if delay is None:
            return None, "retries_exhausted"
        return (retry_after_ms if retry_after_ms is not None else delay), ""


def retry_after_ms(value: str | None) -> int | None:
    """``Retry-After`` in delta-seconds (an HTTP date is not honoured: clocks differ)."""
    if value is None or not value.strip().isdigit():
        return None
    return int(value.strip()) * 1000


@dataclass
class StreamCore:
    rules: StreamRules
    findings: list[Finding] = field(default_factory=list)
    reconnects: int = 0
    last_event_id: str | None = None
    done: bool = False
    _last_seq: dict[Any, int] = field(default_factory=dict)
    _terminated: set[Any] = field(default_factory=set)
    _keys: set[Any] = field(default_factory=set)
    _connection_items: int = 0  # records on this connection, heartbeats included
    _connection_delivered: int = 0

    def __post_init__(self) -> None:
        self.reconnection = Reconnection(self.rules.backoff, self.rules.no_retry_statuses)
        r = self.rules
        # accept() runs once per item: what it reads of the rules is read here once.
        self._tag = pointer_getter(pointer_tokens(r.tag_pointer) or ())
        self._key = _getter_of(r.key_pointer)
        self._seq = _getter_of(r.sequence_pointer)
        self._event = _getter_of(r.sse_event_pointer)
        self._id = _getter_of(r.sse_id_pointer)
        self._id_is_key = r.sse_id_pointer is not None and r.sse_id_pointer == r.key_pointer
        self._sse_events = frozenset(r.sse_events)

    def request_headers(self) -> dict[str, str]:
        if self.rules.resumable and self.last_event_id:
            return {"Last-Event-ID": self.last_event_id}
        return {}

    def opened(self) -> None:
        self._connection_items = self._connection_delivered = 0

    def retry_status(self, status: int, retry_after: str | None) -> int | None:
        """The delay before retrying a non-2XX status, or None: it is the caller's error."""
        if status in (429, 503) and not self.reconnection.refuses(status):
            delay, _ = self.reconnection.after_status(retry_after_ms(retry_after))
            if delay is not None:
                self.reconnects += 1
            return delay
        return None

    def ended(self, cut: str | None) -> int:
        """The connection ended (``cut``: why it was cut, None for a clean end): the delay before
        reconnecting, or -1 when the stream is complete; raises StreamFailed when it is neither."""
        complete = self.done or (not cut and (not self.rules.terminal_required or
                                              (self._keys and self._keys <= self._terminated)))
        if complete:
            self.done = True
            return -1
        kind = cut or "terminal.missing"
        delay, why = self.reconnection.after_drop(self._connection_items > 0)
        if delay is None:
            reason = {"no_data": "before any item", "retries_exhausted": "no reconnection left"}[why]
            raise StreamFailed(kind if why == "no_data" or self.rules.backoff.max_attempts == 0 else why,
                               f"the stream ended without its terminal item ({reason})")
        self.reconnects += 1
        return delay

    def _finding(self, rule: str, message: str) -> None:
        if rule not in self.rules.warnings:
            raise StreamRuleError(rule, message)
        self.findings.append(Finding(rule, message))

    def accept(self, item: Any, event: str | None = None, event_id: str | None = None) -> bool:
        """Applies the rules to one decoded JSON item (and its SSE event name and id): whether to
        deliver it. Raises StreamRuleError for a broken rule of severity error."""
        self._connection_items += 1
        if self._connection_items == 1:
            self.reconnection.delivered()
        if event is not None:
            if self._sse_events and event not in self._sse_events:
                self._finding("sse.event", f"event {event!r}, not one of {list(self.rules.sse_events)}")
            if self._event is not None and self._event(item) != event:
                self._finding("sse.event", f"event {event!r} is not the item's {self.rules.sse_event_pointer}")
        own: Any = _MISSING  # the item's id, when it was read: the key too when they share a pointer
        if event_id:
            if self._id is not None:
                own = self._id(item)
                if own is not _MISSING and own != event_id:
                    self._finding("sse.id", f"id {event_id!r} is not the item's {self.rules.sse_id_pointer} ({own!r})")
            self.last_event_id = event_id
        tag = self._tag(item)
        if tag is _MISSING:
            tag = self.rules.tag_default
        if self._key is None:
            key = None
        else:
            key = own if self._id_is_key and own is not _MISSING else self._key(item)
            if type(key) is dict or type(key) is list:
                key = json.dumps(key)
        if self._seq is not None:
            seq = self._seq(item)
            if isinstance(seq, int):
                last = self._last_seq.get(key)
                if last is not None:
                    if seq <= last:
                        if self.reconnects:  # sent again after a reconnection: delivered already
                            return False
                        self._finding("sequence.duplicate" if seq == last else "sequence.reorder",
                                      f"seq {seq} after {last} (key {key!r})")
                        return False
                    if seq > last + 1 and self.rules.sequence_gapless:
                        self._finding("sequence.gap", f"seq {seq} after {last} (key {key!r}): {seq - last - 1} lost")
                self._last_seq[key] = seq
        heartbeat = self.rules.heartbeat_tag
        if heartbeat is not None and tag == heartbeat:
            return False  # it kept the connection alive (and counted in the sequence)
        self._connection_delivered += 1
        first_of_key = key not in self._keys if self._seq is not None else self._connection_delivered == 1
        if key in self._terminated:
            self._finding("terminal.after", f"an item after the terminal one (key {key!r})")
            return False
        self._keys.add(key)
        first = self.rules.first
        if first_of_key and first and tag not in first:
            self._finding("first", f"the first item is {tag!r}, not one of {list(first)}")
        if tag in self.rules.terminal:  # a tuple: a tag may be any JSON value
            self._terminated.add(key)
            if self._key is None:  # one stream, not one per key
                self.done = True
        return True
