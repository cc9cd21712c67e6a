"""Time for the stream state machines: a scheduler interface, a virtual-time
scheduler, the reconnection backoff, the client watchdog and the server's
heartbeat emitter (schemas/README.md: `chat_stream`).

Nothing here reads a clock: every timer goes through a ``Scheduler``, so the
same code runs on asyncio (``AsyncioScheduler``) and, in tests and
simulations, on ``ManualScheduler``'s virtual milliseconds. The intervals and
the backoff parameters are arguments: their values are the contract's tables
(HeartbeatIntervalMs, WatchdogTimeoutMs, Reconnect*), not this file's.
"""

from __future__ import annotations

import asyncio
import heapq
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


class Scheduler(Protocol):
    def schedule(self, delay_ms: int, callback: Callable[[], None]) -> object:
        """Runs ``callback`` once after ``delay_ms``; returns a handle for ``cancel``."""
        ...

    def cancel(self, handle: object) -> None:
        """Cancels a pending timer (a fired or unknown handle is ignored)."""
        ...


class ManualScheduler:
    """Virtual time: timers fire only inside ``advance``, in due order (ties: scheduling order)."""

    def __init__(self) -> None:
        self.now_ms = 0
        self._queue: list[tuple[int, int, Callable[[], None]]] = []
        self._cancelled: set[int] = set()
        self._next_id = 0

    def schedule(self, delay_ms: int, callback: Callable[[], None]) -> object:
        self._next_id += 1
        heapq.heappush(self._queue, (self.now_ms + max(0, delay_ms), self._next_id, callback))
        return self._next_id

    def cancel(self, handle: object) -> None:
        if isinstance(handle, int):
            self._cancelled.add(handle)

    def advance(self, ms: int) -> None:
        """Moves time forward by ``ms``, firing every timer that falls due (also ones scheduled meanwhile)."""
        target = self.now_ms + ms
        while self._queue and self._queue[0][0] <= target:
            due, handle, callback = heapq.heappop(self._queue)
            if handle in self._cancelled:
                self._cancelled.discard(handle)
                continue
            self.now_ms = due
            callback()
        self.now_ms = target


class AsyncioScheduler:
    """Real time on an asyncio event loop (``loop.call_later``)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def schedule(self, delay_ms: int, callback: Callable[[], None]) -> object:
        return self._loop.call_later(max(0, delay_ms) / 1000.0, callback)

    def cancel(self, handle: object) -> None:
        if isinstance(handle, asyncio.TimerHandle):
            handle.cancel()


@dataclass(frozen=True, slots=True)
class BackoffConfig:
    """delay(attempt) = min(initial_delay_ms * multiplier^(attempt-1), max_delay_ms), attempts 1..max_attempts."""

    initial_delay_ms: int
    multiplier: int
    max_delay_ms: int
    max_attempts: int


def backoff_delay(config: BackoffConfig, attempt: int) -> int | None:
    """The delay before reconnection ``attempt`` (1-based), or ``None``: no such attempt."""
    if attempt < 1 or attempt > config.max_attempts:
        return None
    delay = config.initial_delay_ms
    for _ in range(attempt - 1):
        delay *= config.multiplier
        if delay >= config.max_delay_ms:
            break
    return min(delay, config.max_delay_ms)


class _Timer:
    """One re-armable timer on a scheduler."""

    def __init__(self, scheduler: Scheduler, delay_ms: int, fire: Callable[[], None]) -> None:
        self._scheduler = scheduler
        self._delay = delay_ms
        self._fire = fire
        self._handle: object | None = None

    @property
    def running(self) -> bool:
        return self._handle is not None

    def arm(self) -> None:
        self.stop()
        self._handle = self._scheduler.schedule(self._delay, self._on_due)

    def stop(self) -> None:
        if self._handle is not None:
            self._scheduler.cancel(self._handle)
            self._handle = None

    def _on_due(self) -> None:
        self._handle = None
        self._fire()


class Watchdog:
    """Client side: ``on_timeout`` when no chunk arrived for ``timeout_ms`` (reset on each chunk, not each event)."""

    def __init__(self, scheduler: Scheduler, timeout_ms: int, on_timeout: Callable[[], None]) -> None:
        self._timer = _Timer(scheduler, timeout_ms, on_timeout)

    @property
    def running(self) -> bool:
        return self._timer.running

    def start(self) -> None:
        self._timer.arm()

    def reset(self) -> None:
        """A chunk arrived: the timeout starts again (only while running)."""
        if self._timer.running:
            self._timer.arm()

    def stop(self) -> None:
        self._timer.stop()


class HeartbeatEmitter:
    """Server side: ``emit()`` after ``interval_ms`` without another event sent, then again every interval.

    Call ``sent()`` whenever the stream writes an event: the silence starts
    again. ``emit`` writes the heartbeat (the caller's event, e.g. the
    chat stream's ``{"type": "heartbeat"}`` envelope).
    """

    def __init__(self, scheduler: Scheduler, interval_ms: int, emit: Callable[[], None]) -> None:
        self._emit = emit
        self._timer = _Timer(scheduler, interval_ms, self._beat)

    @property
    def running(self) -> bool:
        return self._timer.running

    def start(self) -> None:
        self._timer.arm()

    def sent(self) -> None:
        if self._timer.running:
            self._timer.arm()

    def stop(self) -> None:
        self._timer.stop()

    def _beat(self) -> None:
        self._timer.arm()  # re-armed first: emit() may stop the emitter
        self._emit()
