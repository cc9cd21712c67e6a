"""The chat-stream contract (schemas/chat_stream/) written by hand with msgspec, the way a
performance-minded team without a generator would write it. It mirrors
bench/decode/handwritten/pydantic/chat_stream.py member for member (closed objects
``forbid_unknown_fields``, strict decoding, ``X | None = None`` members, the event union
tagged by ``type``), and is measured beside it in bench/decode.py and bench/encode.py.

What msgspec cannot say, so this peer does not check or keep it:
  - open objects (Entity, Message) that keep unknown members: msgspec drops them on decode,
    so they are not written back;
  - URLs (AnyUrl in the Pydantic peer): plain strings, no URL check;
  - absent versus null: a member read as ``null`` and one left out are the same ``None``; the
    encoder leaves out every member equal to its default (``omit_defaults``), explicit nulls
    included;
  - duplicate members, lone surrogates and nesting depth (as the Pydantic peer: the payload
    policy is the contract's, not either peer's).
UUIDs (``first_report_identifier``) and offset-bearing date-times (``Meta(tz=True)``) are
checked, as in the Pydantic peer.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal, Union
from uuid import UUID

import msgspec  # noqa: F401 - also read by the benches (msgspec.ValidationError)
from msgspec import Meta, Struct, field

Int0 = Annotated[int, Meta(ge=0)]
AwareDatetime = Annotated[datetime, Meta(tz=True)]
Url = str  # msgspec has no URL type


# kw_only on every class: msgspec applies it to the fields a class declares, and it lets a
# required member follow an optional one, as in the Pydantic peer.
class Closed(Struct, forbid_unknown_fields=True, kw_only=True, omit_defaults=True):
    pass


class Open(Struct, kw_only=True, omit_defaults=True):
    pass


EntityType = Literal[
    "WEB_PAGE", "EXTERNAL_API_DATA", "GENERATED_CONTENT", "USER_QUERY_PART", "GENERATED_REPORT",
    "GENERATED_PRESENTATION", "INTRA_ENTITY_SEARCH_RESULT", "EXTRACTED_ENTITY", "SEARCH_PLAN",
    "KNOWLEDGE_BASE", "WEBSITE", "GENERATED_DOCUMENT",
]


class Entity(Open, kw_only=True):
    entity_type: EntityType
    identifier: str
    title: str | None = None
    description: str | None = None
    file_name: str
    mimetype: str
    workspace_id: str
    stored_entity_id: str | None = None
    content_artifact_id: str | None = None
    content_length: Int0 | None = None
    created_at: str | None = None
    purpose: str | None = None
    external_url: Url | None = None
    api_name: str | None = None
    api_subtype: str | None = None
    user_query: str | None = None
    all_seen_entities: list[str] = field(default_factory=list)
    cited_entities: list[str] = field(default_factory=list)


class Message(Open, kw_only=True):
    id: str
    chat_id: str
    creator_type: Literal["AI", "USER"]
    creator_user_id: str | None = None
    message_type: Literal["normal", "super_report"] | None = None
    deliverable_type: Literal["WEBSITE", "REPORT", "DOCUMENT", "SLIDE", "CODE"] | None = None
    is_answer: bool
    is_running: bool | None = None
    needs_clarification_message: str | None = None
    retry_attempts: Int0 | None = None
    content: str
    hydrated_content: str | None = None
    user_content_artifact_id: str | None = None
    user_message_entity_ids: list[str] | None = None
    user_message_entities: list[Entity] | None = None
    ai_output_id: str | None = None
    first_report_identifier: UUID | None = None
    entities: list[Entity] = field(default_factory=list)
    event_stream_artifact_id: str | None = None
    error_type: Literal["TIMEOUT", "INVALID_RESPONSE"] | None = None
    created_at: AwareDatetime


PlanStatus = Literal["LOADING", "SUCCESS", "ERROR"]


class PlanTask(Closed, kw_only=True):
    id: str
    title: str
    message: str
    plan_id: str
    status: PlanStatus
    previous_task_id: str | None = None


class Plan(Closed, kw_only=True):
    id: str
    plan_set_id: str
    title: str | None = None
    summary: str | None = None
    status: PlanStatus
    plan_tasks: dict[str, PlanTask]
    used_sources: list[str] | None = None
    previous_plan_id: str | None = None


class PlanSet(Closed, kw_only=True):
    chat_id: str
    creator_user_id: str
    user_chat_message_id: str
    workspace_id: str
    plans: dict[str, Plan]


class PendingSource(Closed, kw_only=True):
    plan_id: str
    plan_set_id: str
    plan_task_id: str
    title: str
    type: Literal["WEB", "DOCUMENT", "CODING_AGENT"]
    web_domain: str | None = None


# The union's members: `type` is each one's tag (tag_field), not a field of its own.
class Event(Closed, tag_field="type", kw_only=True):
    pass


class NodeMembers(Event, kw_only=True):
    node_id: str
    plan_id: str
    plan_set_id: str


class StreamStart(Event, tag="stream_start", kw_only=True):
    chat_id: str
    creator_user_id: str
    user_chat_message_id: str
    workspace_id: str


class Heartbeat(Event, tag="heartbeat", kw_only=True):
    pass


class Done(Event, tag="done", kw_only=True):
    has_async_entities_pending: bool | None = None
    message: Message | None = None


class StreamError(Event, tag="ERROR", kw_only=True):
    error_type: str
    error_message: str


class MessageDelta(Event, tag="message_delta", kw_only=True):
    delta: str


class AiMessage(Event, tag="ai_message", kw_only=True):
    message: Message


class MessageIsAnswer(Event, tag="message_is_answer", kw_only=True):
    is_answer: bool


class ChatTitleGenerated(Event, tag="chat_title_generated", kw_only=True):
    title: str


class ClarificationNeeded(Event, tag="clarification_needed", kw_only=True):
    message: Message


class ClarificationUpdate(Closed, kw_only=True):
    chat_message_id: str
    needs_clarification_message: str | None


class UpdateMessageClarificationMessage(Event, tag="update_message_clarification_message", kw_only=True):
    update: ClarificationUpdate


class TaskUpdate(Event, tag="task_update", kw_only=True):
    key: str
    title: str
    message: str
    status: Literal["loading", "success", "error"]
    plan_set: PlanSet
    metadata: dict[str, Any] | None = None


class PendingSources(Event, tag="pending_sources", kw_only=True):
    pending_sources: list[PendingSource]


class ReferencesFound(Event, tag="references_found", kw_only=True):
    references: list[Entity]


class NodeToolsExecutionStart(NodeMembers, tag="node_tools_execution_start", kw_only=True):
    tool_ids: list[str]
    total_tools: Int0
    timestamp: Int0


class NodeToolEvent(NodeMembers, tag="node_tool_event", kw_only=True):
    event: str
    tool_id: str | None = None
    tool_type: str | None = None
    metadata: dict[str, Any] | None = None
    timestamp: Int0


class UpdateSubagentCurrentAction(NodeMembers, tag="update_subagent_current_action", kw_only=True):
    current_action: str
    tool_id: str | None = None
    timestamp: Int0


class NodeReportPreviewStart(NodeMembers, tag="node_report_preview_start", kw_only=True):
    preview_id: str
    report_title: str
    report_user_query: str
    final_report: bool
    entity: Entity
    section_id: str | None = None
    tool_id: str | None = None
    timestamp: Int0
    workspace_id: str


class NodeReportPreviewDelta(NodeMembers, tag="node_report_preview_delta", kw_only=True):
    preview_id: str
    delta: str
    section_id: str | None = None


class NodeReportPreviewDone(NodeMembers, tag="node_report_preview_done", kw_only=True):
    preview_id: str
    content: str
    report_title: str
    final_report: bool
    entity: Entity | None = None
    section_id: str | None = None
    tool_id: str | None = None
    timestamp: Int0
    workspace_id: str


class BrowserUseStart(Event, tag="browser_use_start", kw_only=True):
    browser_session_id: str
    browser_stream_url: Url
    timestamp: Int0


class BrowserUseStop(Event, tag="browser_use_stop", kw_only=True):
    browser_session_id: str


class BrowserUseAwaitUserInput(Event, tag="browser_use_await_user_input", kw_only=True):
    browser_session_id: str
    agent_message: str | None = None


class Ping(Event, tag="ping", kw_only=True):
    timestamp: AwareDatetime


class ErrorEvent(Event, tag="error", kw_only=True):
    code: Literal["rate_limit_exceeded", "tool_execution_failed", "llm_request_failed", "validation_error",
                  "context_length_exceeded", "unknown_error"]
    message: str
    recoverable: bool
    context: dict[str, Any] | None = None


class MessageFile(Event, tag="message-file", kw_only=True):
    fileId: str
    name: str
    mimeType: str
    url: Url
    size: Int0 | None = None


class Cost(Closed, kw_only=True):
    cents: Int0
    currency: str


class UsageUpdate(Event, tag="usage-update", kw_only=True):
    inputTokens: Int0
    outputTokens: Int0
    totalTokens: Int0
    cost: Cost | None = None


StreamEvent = Union[
    StreamStart, Heartbeat, Done, StreamError, MessageDelta, AiMessage, MessageIsAnswer, ChatTitleGenerated,
    ClarificationNeeded, UpdateMessageClarificationMessage, TaskUpdate, PendingSources, ReferencesFound,
    NodeToolsExecutionStart, NodeToolEvent, UpdateSubagentCurrentAction, NodeReportPreviewStart,
    NodeReportPreviewDelta, NodeReportPreviewDone, BrowserUseStart, BrowserUseStop, BrowserUseAwaitUserInput,
    Ping, ErrorEvent, MessageFile, UsageUpdate,
]


class StreamEnvelope(Closed, kw_only=True):
    data: StreamEvent
    timestamp: Int0


decoder = msgspec.json.Decoder(StreamEnvelope)
encoder = msgspec.json.Encoder()
