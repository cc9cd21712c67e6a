"""What the vectors cannot show: misuse errors (each message once), and the
real-time scheduler on an asyncio loop."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from stream_support import chat_config, rt


def test_feed_after_end() -> None:
    for reader, name in ((rt.NdjsonReader(), "NdjsonReader"), (rt.SseReader(), "SseReader")):
        assert reader.end() == []
        assert reader.end() == []  # a second end() has nothing more to say
        with pytest.raises(RuntimeError, match=f"^{name}.feed after end\\(\\)$"):
            reader.feed(b"x")


def test_chat_client_misuse() -> None:
    client: rt.ChatClient[Any] = rt.ChatClient(chat_config(), rt.ManualScheduler(), lambda text: rt.ChatEvent("x"), lambda a: None)
    client.start()
    with pytest.raises(RuntimeError, match="^ChatClient.start in state connecting$"):
        client.start()
    with pytest.raises(RuntimeError, match="^ChatClient.play in state connecting$"):
        client.play([], 0)


def test_unknown_sequencer_policy() -> None:
    with pytest.raises(ValueError, match="^unknown sequencer policy 'buffer'$"):
        rt.PacketSequencer(rt.SequencerConfig(terminal_ops=["CLOSE"], error_op="ERROR", policy="buffer"))


def test_asyncio_scheduler_runs_timers_in_order_and_cancels() -> None:
    async def run() -> list[str]:
        scheduler = rt.AsyncioScheduler(asyncio.get_running_loop())
        fired: list[str] = []
        scheduler.schedule(30, lambda: fired.append("late"))
        scheduler.schedule(5, lambda: fired.append("early"))
        scheduler.cancel(scheduler.schedule(10, lambda: fired.append("cancelled")))
        watchdog = rt.Watchdog(scheduler, 15, lambda: fired.append("timeout"))
        watchdog.start()
        await asyncio.sleep(0.06)
        return fired

    assert asyncio.run(run()) == ["early", "timeout", "late"]
