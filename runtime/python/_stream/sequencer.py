"""The packet sequencer of the StreamPacket protocol (schemas/README.md: `packets`).

Per ``stream_id`` the ``seq`` numbers must rise by one from packet to packet;
a packet whose ``op`` is terminal (CLOSE) ends the stream. The sequencer
takes packets in arrival order and returns what to deliver and what it found:

* ``gap``: sequence numbers were skipped (``expected`` is the first missing);
* ``duplicate``: a number already received; not delivered again;
* ``reorder``: a packet below the highest number received so far (late);
* ``late``: in reorder mode, a packet whose gap was already given up; dropped;
* ``before_first``: a number below ``first_seq``; dropped;
* ``after_close``: any packet of a stream after its terminal packet; dropped;
* ``error_packet``: an ERROR packet (delivered);
* ``unterminated``: at ``finish()``, a stream that never got its terminal packet.

Policies: ``report`` delivers every new packet at once, in arrival order;
``reorder`` holds packets that arrive ahead of a gap (at most ``window`` of
them per stream) and delivers in sequence order, reporting the gap only if
it is never filled (the window overflows, or ``finish()``). The op names come
from the contract's tables (TerminalOpCodes, the ERROR op), never from here.
Findings about a packet come before its delivery.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar, Union

P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class SequencerConfig:
    terminal_ops: Sequence[str]
    error_op: str
    policy: str = "report"  # or "reorder"
    window: int = 0  # reorder: packets held per stream before a gap is given up
    first_seq: int | None = None  # the first seq of every stream, when the protocol fixes it


@dataclass(frozen=True, slots=True)
class Delivery(Generic[P]):
    stream_id: str
    seq: int
    packet: P


@dataclass(frozen=True, slots=True)
class Finding:
    kind: str
    stream_id: str
    seq: int
    expected: int | None
    message: str


class _Missing:
    """Sorted, disjoint (lo, hi) ranges of sequence numbers known to be missing."""

    def __init__(self) -> None:
        self.ranges: list[tuple[int, int]] = []

    def add(self, lo: int, hi: int) -> None:
        bisect.insort(self.ranges, (lo, hi))

    def take(self, seq: int) -> bool:
        """Removes ``seq`` if it is missing; tells whether it was."""
        at = bisect.bisect_right(self.ranges, seq, key=lambda r: r[0]) - 1
        if at < 0 or self.ranges[at][1] < seq:
            return False
        lo, hi = self.ranges[at]
        self.ranges[at : at + 1] = [r for r in ((lo, seq - 1), (seq + 1, hi)) if r[0] <= r[1]]
        return True


@dataclass
class _Stream(Generic[P]):
    highest: int | None = None  # highest seq received
    next: int = 0  # reorder: the seq to deliver next
    closed: bool = False
    missing: _Missing = field(default_factory=_Missing)
    held: dict[int, tuple[str, P]] = field(default_factory=dict)  # reorder: seq -> (op, packet)


Output = Union[Delivery[P], Finding]


class PacketSequencer(Generic[P]):
    """Packets in (``push``), deliveries and findings out; ``finish()`` at the end of input."""

    def __init__(self, config: SequencerConfig) -> None:
        if config.policy not in ("report", "reorder"):
            raise ValueError(f"unknown sequencer policy {config.policy!r}")
        self._config = config
        self._streams: dict[str, _Stream[P]] = {}

    def push(self, stream_id: str, seq: int, op: str, packet: P) -> list[Output[P]]:
        out: list[Output[P]] = []
        first = self._config.first_seq
        stream = self._streams.get(stream_id)
        if stream is None:
            stream = self._streams[stream_id] = _Stream(next=seq if first is None else first)
            if first is not None:
                stream.highest = first - 1
        if stream.closed:
            out.append(Finding("after_close", stream_id, seq, None, f"seq {seq} after the stream was closed"))
        elif first is not None and seq < first:
            out.append(Finding("before_first", stream_id, seq, first, f"seq {seq} is below the first seq {first}"))
        elif self._config.policy == "report":
            self._report(stream_id, stream, seq, op, packet, out)
        else:
            self._reorder(stream_id, stream, seq, op, packet, out)
        return out

    def _report(self, sid: str, stream: _Stream[P], seq: int, op: str, packet: P, out: list[Output[P]]) -> None:
        highest = stream.highest
        if highest is not None and seq <= highest:
            if not stream.missing.take(seq):
                out.append(_duplicate(sid, seq))
                return
            out.append(_reordered(sid, seq, highest))
        else:
            if highest is not None and seq > highest + 1:
                out.append(_gap(sid, seq, highest + 1, seq - 1))
                stream.missing.add(highest + 1, seq - 1)
            stream.highest = seq
        self._deliver(sid, stream, seq, op, packet, out)

    def _reorder(self, sid: str, stream: _Stream[P], seq: int, op: str, packet: P, out: list[Output[P]]) -> None:
        if seq < stream.next:
            if stream.missing.take(seq):
                out.append(Finding("late", sid, seq, None, f"seq {seq} arrived after its gap was given up"))
            else:
                out.append(_duplicate(sid, seq))
            return
        if seq in stream.held:
            out.append(_duplicate(sid, seq))
            return
        highest = stream.highest
        if highest is not None and seq < highest:
            out.append(_reordered(sid, seq, highest))
        stream.highest = seq if highest is None else max(highest, seq)
        stream.held[seq] = (op, packet)
        self._release(sid, stream, out)
        if len(stream.held) > self._config.window:
            self._give_up(sid, stream, out)

    def _release(self, sid: str, stream: _Stream[P], out: list[Output[P]]) -> None:
        while stream.next in stream.held and not stream.closed:
            seq = stream.next
            op, packet = stream.held.pop(seq)
            self._deliver(sid, stream, seq, op, packet, out)
            stream.next = seq + 1
        if stream.closed:
            for seq in sorted(stream.held):
                out.append(Finding("after_close", sid, seq, None, f"seq {seq} after the stream was closed"))
            stream.held.clear()

    def _give_up(self, sid: str, stream: _Stream[P], out: list[Output[P]]) -> None:
        lowest = min(stream.held)
        out.append(_gap(sid, lowest, stream.next, lowest - 1))
        stream.missing.add(stream.next, lowest - 1)
        stream.next = lowest
        self._release(sid, stream, out)

    def _deliver(self, sid: str, stream: _Stream[P], seq: int, op: str, packet: P, out: list[Output[P]]) -> None:
        if op == self._config.error_op:
            out.append(Finding("error_packet", sid, seq, None, f"seq {seq} is an {op} packet"))
        out.append(Delivery(sid, seq, packet))
        if op in self._config.terminal_ops:
            stream.closed = True

    def finish(self) -> list[Output[P]]:
        """The end of the input: held packets are released past their gaps; open streams are reported."""
        out: list[Output[P]] = []
        for sid, stream in self._streams.items():
            while stream.held and not stream.closed:
                self._give_up(sid, stream, out)
            if not stream.closed:
                last = stream.highest if stream.highest is not None else stream.next
                out.append(Finding("unterminated", sid, last, None, "the stream has no terminal packet"))
        return out


def _duplicate(sid: str, seq: int) -> Finding:
    return Finding("duplicate", sid, seq, None, f"seq {seq} was already received")


def _reordered(sid: str, seq: int, highest: int) -> Finding:
    return Finding("reorder", sid, seq, None, f"seq {seq} arrived after seq {highest}")


def _gap(sid: str, seq: int, lo: int, hi: int) -> Finding:
    missing = f"seq {lo}" if lo == hi else f"seqs {lo}..{hi}"
    return Finding("gap", sid, seq, lo, f"{missing} missing before seq {seq}")
