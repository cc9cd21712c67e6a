"""The stream runtime: the contract's wire protocol, in plain Python (stdlib only).

It depends on no generated module: items come in as bytes and go out as text
for the bindings to decode, state machines take decoded events through
callbacks, and every contract constant is a configuration argument (the
bindings fill them from the generated tables). Rules: docs/streams.md.
"""

from .chat import ChatAction, ChatClient, ChatClientConfig, ChatEvent, CitationBuffer, Replay, replay_events
from .readers import (
    DEFAULT_MAX_EVENT_BYTES,
    DEFAULT_MAX_LINE_BYTES,
    MAX_RETRY_MS,
    NdjsonItem,
    NdjsonReader,
    NdjsonRecord,
    SseEvent,
    SseRecord,
    SseRetry,
    StreamError,
)
from .routing import (
    SWALLOW,
    ContentDecision,
    ContentRouter,
    ContentTypeRoutes,
    GraphEventMigration,
    RunEventRouting,
    graph_event_content_type,
    is_bleed,
    migrate_graph_event,
    normalize_media_type,
    normalize_status,
    route_content_type,
    route_research_status,
    route_tool_call_start,
    route_web_status,
)
from .sequencer import Delivery, Finding, PacketSequencer, SequencerConfig
from .sse import SseReader
from .timing import (
    AsyncioScheduler,
    BackoffConfig,
    HeartbeatEmitter,
    ManualScheduler,
    Scheduler,
    Watchdog,
    backoff_delay,
)
from .writers import ndjson_line, sse_comment, sse_event

__all__ = [
    "DEFAULT_MAX_EVENT_BYTES",
    "DEFAULT_MAX_LINE_BYTES",
    "MAX_RETRY_MS",
    "SWALLOW",
    "AsyncioScheduler",
    "BackoffConfig",
    "ChatAction",
    "ChatClient",
    "ChatClientConfig",
    "ChatEvent",
    "CitationBuffer",
    "ContentDecision",
    "ContentRouter",
    "ContentTypeRoutes",
    "Delivery",
    "Finding",
    "GraphEventMigration",
    "HeartbeatEmitter",
    "ManualScheduler",
    "NdjsonItem",
    "NdjsonReader",
    "NdjsonRecord",
    "PacketSequencer",
    "Replay",
    "RunEventRouting",
    "Scheduler",
    "SequencerConfig",
    "SseEvent",
    "SseReader",
    "SseRecord",
    "SseRetry",
    "StreamError",
    "Watchdog",
    "backoff_delay",
    "graph_event_content_type",
    "is_bleed",
    "migrate_graph_event",
    "ndjson_line",
    "normalize_media_type",
    "normalize_status",
    "replay_events",
    "route_content_type",
    "route_research_status",
    "route_tool_call_start",
    "route_web_status",
    "sse_comment",
    "sse_event",
]
