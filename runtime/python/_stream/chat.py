"""The chat-stream client (schemas/README.md: `chat_stream`): citation buffer, reconnection, watchdog,
terminal events, replay.

``ChatClient`` is a state machine with no I/O of its own. The host feeds it
what happens (``start``, ``response``, ``chunk``, ``closed``, ``abort``; the
scheduler fires its timers) and carries out the actions it returns
(``connect``, ``cancel``, ``retry`` ...) and shows ``text``. Lines are
decoded by the host's ``decode`` (the generated bindings), so nothing here
depends on a generated type; event names, the terminal events, the no-retry
statuses, the watchdog and the backoff are configuration, filled from the
contract's tables.

Decisions where the chat-stream contract is silent or loose (docs/streams.md):
* reconnection: a drop after data on this connection retries; a drop before
  any data retries only if an earlier connection delivered data ("only if
  buffer non-empty"); a manual abort or a no-retry status (404) never
  retries; the attempt count restarts when a chunk arrives (``Reconnection``,
  client_core.py: the same code as the generated operation clients);
* the watchdog runs from the response until the stream ends; when it fires
  the connection is cancelled and handled as a drop;
* ``stream_start`` resets the message (the server replays from its log
  after a reconnection); a terminal event releases text still held by the
  citation buffer (nothing can complete the citation any more);
* heartbeats only keep the connection alive: they are not passed on.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from .client_core import Reconnection
from .readers import DEFAULT_MAX_LINE_BYTES, NdjsonItem, NdjsonReader, StreamError
from .timing import BackoffConfig, Scheduler, Watchdog

V = TypeVar("V")


class CitationBuffer:
    """Holds back text from a ``[`` until the ``]`` or line break that closes it
    (schemas/README.md: `chat_stream`).

    Scanning resumes where the last ``feed`` stopped (the seed rescans from
    the ready pointer; the result is the same, without quadratic time).
    """

    def __init__(self) -> None:
        self._buffer: list[str] = []
        self._text = ""
        self._ready = 0  # length of the ready prefix
        self._scanned = 0
        self._in_citation = False

    def feed(self, chunk: str) -> bool:
        """Appends ``chunk``; tells whether the ready text grew."""
        if not chunk:
            return False
        self._text += chunk
        before = self._ready
        text = self._text
        for i in range(self._scanned, len(text)):
            char = text[i]
            if char == "[":
                self._in_citation = True
            elif char == "]" or char == "\n":
                self._in_citation = False
            if not self._in_citation:
                self._ready = i + 1
        self._scanned = len(text)
        return self._ready != before

    @property
    def ready(self) -> str:
        return self._text[: self._ready]

    @property
    def full(self) -> str:
        return self._text

    def reset(self) -> None:
        self._text = ""
        self._ready = self._scanned = 0
        self._in_citation = False


@dataclass(frozen=True, slots=True)
class ChatEvent(Generic[V]):
    """A decoded event as the client needs it: its ``type``, the text of a delta, the decoded value."""

    type: str
    delta: str | None = None
    value: V | None = None


@dataclass(frozen=True, slots=True)
class ChatAction(Generic[V]):
    """What the host does or shows. ``kind``: connect (attempt), text (text), event (event),
    terminal (event), invalid (error), cancel (reason), retry (attempt, delay_ms), failed (reason)."""

    kind: str
    attempt: int | None = None
    delay_ms: int | None = None
    text: str | None = None
    reason: str | None = None
    event: ChatEvent[V] | None = None
    error: StreamError | None = None


@dataclass(frozen=True, slots=True)
class ChatClientConfig:
    watchdog_timeout_ms: int
    backoff: BackoffConfig
    terminal_event_types: Sequence[str]
    heartbeat_event_type: str
    stream_start_event_type: str
    message_delta_event_type: str
    no_retry_statuses: Sequence[int]
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES


@dataclass
class _Connection:
    reader: NdjsonReader
    got_data: bool = False


class ChatClient(Generic[V]):
    """States: idle, connecting, open, waiting (to reconnect), and the final done, failed, aborted."""

    def __init__(self, config: ChatClientConfig, scheduler: Scheduler, decode: Callable[[str], ChatEvent[V]],
                 on_action: Callable[[ChatAction[V]], None]) -> None:
        self._config = config
        self._scheduler = scheduler
        self._decode = decode
        self._on_action = on_action
        self._watchdog = Watchdog(scheduler, config.watchdog_timeout_ms, self._on_watchdog)
        self._citations = CitationBuffer()
        self._shown = ""
        self.state = "idle"
        self._reconnection = Reconnection(config.backoff, config.no_retry_statuses)
        self._connection: _Connection | None = None
        self._retry_timer: object | None = None
        self._replay: list[object] = []

    @property
    def text(self) -> str:
        """The text shown now."""
        return self._shown

    def start(self) -> None:
        if self.state != "idle":
            raise RuntimeError(f"ChatClient.start in state {self.state}")
        self._connect()

    def response(self, status: int) -> None:
        """The connection's HTTP status arrived (2xx: the body follows as chunks)."""
        if self.state != "connecting" or self._connection is None:
            return
        if 200 <= status <= 299:
            self.state = "open"
            self._watchdog.start()
        elif self._reconnection.refuses(status):
            self._finish_failed("status")
        else:
            self._dropped()

    def chunk(self, data: bytes) -> None:
        """Bytes of the response body."""
        connection = self._connection
        if self.state != "open" or connection is None or not data:
            return
        self._watchdog.reset()
        connection.got_data = True
        self._reconnection.delivered()
        for record in connection.reader.feed(data):
            if self.state != "open":
                return  # a terminal event ended the stream inside this chunk
            self._line(record)

    def closed(self) -> None:
        """The connection ended (end of body or network error) without the client asking."""
        connection = self._connection
        if self.state not in ("connecting", "open") or connection is None:
            return
        for record in connection.reader.end():
            self._line(record)
        if self.state in ("connecting", "open"):
            self._dropped()

    def abort(self) -> None:
        """The user stops the stream: never retried."""
        if self.state in ("done", "failed", "aborted"):
            return
        self._stop_timers()
        self.state = "aborted"
        self._connection = None
        self._emit(ChatAction("cancel", reason="aborted"))

    def play(self, events: Sequence[ChatEvent[V]], spacing_ms: int) -> None:
        """Replay mode: ``events`` (see ``replay_events``) one every ``spacing_ms``, through the same handling."""
        if self.state != "idle":
            raise RuntimeError(f"ChatClient.play in state {self.state}")
        self.state = "open"
        for index, event in enumerate(events):
            self._replay.append(self._scheduler.schedule(index * spacing_ms, functools.partial(self._played, event)))

    def _played(self, event: ChatEvent[V]) -> None:
        if self.state == "open":
            self._handle(event)

    def _connect(self) -> None:
        self.state = "connecting"
        self._connection = _Connection(NdjsonReader(self._config.max_line_bytes))
        self._emit(ChatAction("connect", attempt=self._reconnection.attempt))

    def _line(self, record: NdjsonItem | StreamError) -> None:
        if isinstance(record, StreamError):
            self._emit(ChatAction("invalid", error=record))
            return
        try:
            event = self._decode(record.text)
        except Exception as error:  # the host's decoder: any failure is an unreadable line
            self._emit(ChatAction("invalid", error=StreamError("decode", record.offset, record.line, str(error))))
            return
        self._handle(event)

    def _handle(self, event: ChatEvent[V]) -> None:
        config = self._config
        if event.type == config.heartbeat_event_type:
            return
        if event.type == config.stream_start_event_type:
            self._citations.reset()
            self._show("")
        elif event.type == config.message_delta_event_type:
            if event.delta is not None and self._citations.feed(event.delta):
                self._show(self._citations.ready)
            return
        if event.type in config.terminal_event_types:
            self._show(self._citations.full)
            self._stop_timers()
            self.state = "done"
            self._connection = None
            self._emit(ChatAction("terminal", event=event))
            return
        self._emit(ChatAction("event", event=event))

    def _show(self, text: str) -> None:
        if text != self._shown:
            self._shown = text
            self._emit(ChatAction("text", text=text))

    def _on_watchdog(self) -> None:
        if self.state != "open":
            return
        self._emit(ChatAction("cancel", reason="watchdog"))
        self._dropped()

    def _dropped(self) -> None:
        connection = self._connection
        self._watchdog.stop()
        self._connection = None
        delay, why = self._reconnection.after_drop(connection is not None and connection.got_data)
        if delay is None:
            self._finish_failed(why)
            return
        self.state = "waiting"
        self._emit(ChatAction("retry", attempt=self._reconnection.attempt, delay_ms=delay))
        self._retry_timer = self._scheduler.schedule(delay, self._on_retry_due)

    def _on_retry_due(self) -> None:
        self._retry_timer = None
        if self.state == "waiting":
            self._connect()

    def _finish_failed(self, reason: str) -> None:
        self._stop_timers()
        self.state = "failed"
        self._connection = None
        self._emit(ChatAction("failed", reason=reason))

    def _stop_timers(self) -> None:
        self._watchdog.stop()
        if self._retry_timer is not None:
            self._scheduler.cancel(self._retry_timer)
            self._retry_timer = None
        for handle in self._replay:
            self._scheduler.cancel(handle)
        self._replay.clear()

    def _emit(self, action: ChatAction[V]) -> None:
        self._on_action(action)


@dataclass
class Replay:
    """The events to replay (JSON texts, in order, the synthesised terminal event last) and the log's
    unreadable lines."""

    events: list[str] = field(default_factory=list)
    errors: list[StreamError] = field(default_factory=list)


def replay_events(log: bytes, final_message: str, heartbeat_event_type: str, done_event_type: str,
                  max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> Replay:
    """The `chat_stream` family's replay: the NDJSON log's events (one JSON event object a line) without heartbeats,
    then ``{"type": <done>, "message": <final_message>}``. Event texts are kept as they are."""
    json.loads(final_message)  # must be a JSON text: it is spliced in verbatim
    reader = NdjsonReader(max_line_bytes)
    result = Replay()
    for record in [*reader.feed(log), *reader.end()]:
        if isinstance(record, StreamError):
            result.errors.append(record)
            continue
        event_type = _event_type(record.text)
        if event_type is None:
            message = 'not a JSON object with a string member "type"'
            result.errors.append(StreamError("decode", record.offset, record.line, message))
        elif event_type != heartbeat_event_type:
            result.events.append(record.text)
    result.events.append(
        '{"type":' + json.dumps(done_event_type, ensure_ascii=False) + ',"message":' + final_message + "}"
    )
    return result


def _event_type(text: str) -> str | None:
    try:
        value = json.loads(text)
    except ValueError:
        return None
    event_type = value.get("type") if isinstance(value, dict) else None
    return event_type if isinstance(event_type, str) else None
