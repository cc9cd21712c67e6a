"""Table-driven routing: CloudEvents by ``datacontenttype`` (schemas/README.md: `cloudevents`), the
legacy GraphEvent migration (schemas/README.md: `cloudevents`), and the run-event consumer rules of
the `run_events` family (content routing with the scratchpad bleed filter, tool routing,
status normalisation).

Every table is an argument: the values are the contract's
(EventContentType, GraphEventContentTypes, WebToolNames, ScratchpadToolNames,
ScratchpadBleedFilterStrings, StrategyEntryPrefixes, StatusNormalization ...).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

_ASCII_SPACE = " \t\r\n"


def normalize_media_type(content_type: str) -> str:
    """``type/subtype`` in lower case, parameters and surrounding spaces dropped (RFC 2045: case-insensitive)."""
    return content_type.split(";", 1)[0].strip(" \t").lower()


@dataclass(frozen=True, slots=True)
class ContentTypeRoutes:
    routes: Mapping[str, str]  # media type -> route name (e.g. the STREAM type -> "stream")
    absent_content_type: str  # what a CloudEvent without datacontenttype means (application/json)
    fallback: str  # the route of any other media type (a generic renderer)


def route_content_type(config: ContentTypeRoutes, datacontenttype: str | None) -> str:
    """The route of a CloudEvent by its ``datacontenttype`` (``None``: the member is absent)."""
    media = normalize_media_type(config.absent_content_type if datacontenttype is None else datacontenttype)
    for known, route in config.routes.items():
        if normalize_media_type(known) == media:
            return route
    return config.fallback


@dataclass(frozen=True, slots=True)
class GraphEventMigration:
    content_types: Mapping[str, str]  # GraphEventContentTypes
    default_content_type: str  # GraphEventDefaultContentType: "all others"
    specversion: str  # the CloudEvent specversion const


def graph_event_content_type(config: GraphEventMigration, graph_event_type: str) -> str:
    return config.content_types.get(graph_event_type, config.default_content_type)


def migrate_graph_event(config: GraphEventMigration, graph_event_type: str, *, type: str, source: str, id: str,
                        data: Any = None) -> dict[str, Any]:
    """``migrate_graph_event_to_cloud_event``: a CloudEvent whose ``datacontenttype`` follows the legacy type.

    ``type`` is the CloudEvent type the caller names (the seeds give no rule
    from GraphEvent types to CloudEvent types); ``id`` is required and not
    empty, as every CloudEvent's is (``source`` + ``id`` identify the event);
    ``data`` is omitted when ``None``. Raises ``ValueError`` for an empty ``id``.
    """
    if not id:
        raise ValueError("migrate_graph_event: a CloudEvent needs a non-empty id")
    event: dict[str, Any] = {"specversion": config.specversion, "type": type, "source": source, "id": id}
    event["datacontenttype"] = graph_event_content_type(config, graph_event_type)
    if data is not None:
        event["data"] = data
    return event


@dataclass(frozen=True, slots=True)
class RunEventRouting:
    web_tools: Sequence[str]
    scratchpad_tools: Sequence[str]
    web_route: str  # WebSearchStatus
    scratchpad_route: str  # ScratchpadStatus
    default_route: str  # DefaultToolRoute: DeepResearchStatus
    strategy_prefixes: Sequence[str]
    bleed_strings: Sequence[str]  # an entry ending with ":" is a prefix of variable messages
    legacy_status_prefix: str
    status_normalization: Mapping[str, str]
    terminal_states: Sequence[str]  # normalised states that end an operation (success, error)


SWALLOW = "swallow"


def normalize_status(config: RunEventRouting, value: str) -> str | None:
    return config.status_normalization.get(value)


def route_tool_call_start(config: RunEventRouting, tool: str) -> str:
    """Web tool: the web route; scratchpad tool: ``swallow``; any other: the default route."""
    if tool in config.web_tools:
        return config.web_route
    if tool in config.scratchpad_tools:
        return SWALLOW
    return config.default_route


def route_web_status(config: RunEventRouting, tool: str) -> str:
    return route_tool_call_start(config, tool)


def route_research_status(config: RunEventRouting, tool: str, state: str) -> str:
    """Scratchpad tool: the scratchpad route only when the (normalised) state is terminal, else ``swallow``."""
    if tool in config.scratchpad_tools:
        normalized = normalize_status(config, state)
        return config.scratchpad_route if normalized in config.terminal_states else SWALLOW
    if tool in config.web_tools:
        return config.web_route
    return config.default_route


@dataclass(frozen=True, slots=True)
class ContentDecision:
    """``route``: scratchpad_start, scratchpad_append, legacy_status, swallow or chat.
    ``closed_entry``: the scratchpad entry a new entry start closed, if any."""

    route: str
    closed_entry: str | None = None


class ContentRouter:
    """The `run_events` family's routing order for ``content`` events, with the scratchpad accumulation buffer.

    1. text starting with a strategy prefix opens an entry (closing an open one);
    2. while an entry is open, text is appended to it;
    3. text starting with the legacy StatusEvent prefix goes to the web status;
    4. a bleed string is swallowed;
    5. anything else is chat content.
    Prefixes are matched after leading ASCII whitespace; bleed strings on the
    text trimmed at both ends, exactly, or as a prefix when they end with ":".
    ``flush`` (on the lifecycle ``status`` event, or a terminal run event)
    closes the open entry and returns it.
    """

    def __init__(self, config: RunEventRouting) -> None:
        self._config = config
        self._entry: list[str] | None = None

    def route(self, text: str) -> ContentDecision:
        config = self._config
        lead = text.lstrip(_ASCII_SPACE)
        if any(lead.startswith(prefix) for prefix in config.strategy_prefixes):
            closed = self.flush()
            self._entry = [text]
            return ContentDecision("scratchpad_start", closed)
        if self._entry is not None:
            self._entry.append(text)
            return ContentDecision("scratchpad_append")
        if lead.startswith(config.legacy_status_prefix):
            return ContentDecision("legacy_status")
        if is_bleed(config, text):
            return ContentDecision(SWALLOW)
        return ContentDecision("chat")

    @property
    def open_entry(self) -> str | None:
        return None if self._entry is None else "".join(self._entry)

    def flush(self) -> str | None:
        entry = self.open_entry
        self._entry = None
        return entry


def is_bleed(config: RunEventRouting, text: str) -> bool:
    trimmed = text.strip(_ASCII_SPACE)
    for bleed in config.bleed_strings:
        if trimmed == bleed or (bleed.endswith(":") and trimmed.startswith(bleed)):
            return True
    return False
