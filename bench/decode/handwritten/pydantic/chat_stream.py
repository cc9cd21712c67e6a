"""The chat-stream contract (schemas/chat_stream/) written by hand in Pydantic v2,
the way a team without a generator would write it: Pydantic's own building
blocks only (closed objects `extra="forbid"`, Entity and Message open, strict
mode so nothing is coerced, formats with Pydantic's types, nullable-and-optional
members `X | None = None`), no runtime of contractgen's. It is a peer the
generated bindings are measured against in bench/decode.py and
bench/decode/pydantic_vs_handwritten.py; it is not the contract (it does not keep absent vs null
apart on dump, nor reject duplicate members, lone surrogates or deep nesting).
It mirrors bench/decode/handwritten/zod/chat_stream.mjs member for member."""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union
from uuid import UUID

from pydantic import AnyUrl, AwareDatetime, BaseModel, ConfigDict, Field

Int0 = Annotated[int, Field(ge=0)]


class Closed(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Open(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)


EntityType = Literal[
    "WEB_PAGE", "EXTERNAL_API_DATA", "GENERATED_CONTENT", "USER_QUERY_PART", "GENERATED_REPORT",
    "GENERATED_PRESENTATION", "INTRA_ENTITY_SEARCH_RESULT", "EXTRACTED_ENTITY", "SEARCH_PLAN",
    "KNOWLEDGE_BASE", "WEBSITE", "GENERATED_DOCUMENT",
]


class Entity(Open):
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
    external_url: AnyUrl | None = None
    api_name: str | None = None
    api_subtype: str | None = None
    user_query: str | None = None
    all_seen_entities: list[str] = Field(default_factory=list)
    cited_entities: list[str] = Field(default_factory=list)


class Message(Open):
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
    entities: list[Entity] = Field(default_factory=list)
    event_stream_artifact_id: str | None = None
    error_type: Literal["TIMEOUT", "INVALID_RESPONSE"] | None = None
    created_at: AwareDatetime


PlanStatus = Literal["LOADING", "SUCCESS", "ERROR"]


class PlanTask(Closed):
    id: str
    title: str
    message: str
    plan_id: str
    status: PlanStatus
    previous_task_id: str | None = None


class Plan(Closed):
    id: str
    plan_set_id: str
    title: str | None = None
    summary: str | None = None
    status: PlanStatus
    plan_tasks: dict[str, PlanTask]
    used_sources: list[str] | None = None
    previous_plan_id: str | None = None


class PlanSet(Closed):
    chat_id: str
    creator_user_id: str
    user_chat_message_id: str
    workspace_id: str
    plans: dict[str, Plan]


class PendingSource(Closed):
    plan_id: str
    plan_set_id: str
    plan_task_id: str
    title: str
    type: Literal["WEB", "DOCUMENT", "CODING_AGENT"]
    web_domain: str | None = None


class NodeMembers(Closed):
    node_id: str
    plan_id: str
    plan_set_id: str


class StreamStart(Closed):
    type: Literal["stream_start"]
    chat_id: str
    creator_user_id: str
    user_chat_message_id: str
    workspace_id: str


class Heartbeat(Closed):
    type: Literal["heartbeat"]


class Done(Closed):
    type: Literal["done"]
    has_async_entities_pending: bool | None = None
    message: Message | None = None


class StreamError(Closed):
    type: Literal["ERROR"]
    error_type: str
    error_message: str


class MessageDelta(Closed):
    type: Literal["message_delta"]
    delta: str


class AiMessage(Closed):
    type: Literal["ai_message"]
    message: Message


class MessageIsAnswer(Closed):
    type: Literal["message_is_answer"]
    is_answer: bool


class ChatTitleGenerated(Closed):
    type: Literal["chat_title_generated"]
    title: str


class ClarificationNeeded(Closed):
    type: Literal["clarification_needed"]
    message: Message


class ClarificationUpdate(Closed):
    chat_message_id: str
    needs_clarification_message: str | None


class UpdateMessageClarificationMessage(Closed):
    type: Literal["update_message_clarification_message"]
    update: ClarificationUpdate


class TaskUpdate(Closed):
    type: Literal["task_update"]
    key: str
    title: str
    message: str
    status: Literal["loading", "success", "error"]
    plan_set: PlanSet
    metadata: dict[str, Any] | None = None


class PendingSources(Closed):
    type: Literal["pending_sources"]
    pending_sources: list[PendingSource]


class ReferencesFound(Closed):
    type: Literal["references_found"]
    references: list[Entity]


class NodeToolsExecutionStart(NodeMembers):
    type: Literal["node_tools_execution_start"]
    tool_ids: list[str]
    total_tools: Int0
    timestamp: Int0


class NodeToolEvent(NodeMembers):
    type: Literal["node_tool_event"]
    event: str
    tool_id: str | None = None
    tool_type: str | None = None
    metadata: dict[str, Any] | None = None
    timestamp: Int0


class UpdateSubagentCurrentAction(NodeMembers):
    type: Literal["update_subagent_current_action"]
    current_action: str
    tool_id: str | None = None
    timestamp: Int0


class NodeReportPreviewStart(NodeMembers):
    type: Literal["node_report_preview_start"]
    preview_id: str
    report_title: str
    report_user_query: str
    final_report: bool
    entity: Entity
    section_id: str | None = None
    tool_id: str | None = None
    timestamp: Int0
    workspace_id: str


class NodeReportPreviewDelta(NodeMembers):
    type: Literal["node_report_preview_delta"]
    preview_id: str
    delta: str
    section_id: str | None = None


class NodeReportPreviewDone(NodeMembers):
    type: Literal["node_report_preview_done"]
    preview_id: str
    content: str
    report_title: str
    final_report: bool
    entity: Entity | None = None
    section_id: str | None = None
    tool_id: str | None = None
    timestamp: Int0
    workspace_id: str


class BrowserUseStart(Closed):
    type: Literal["browser_use_start"]
    browser_session_id: str
    browser_stream_url: AnyUrl
    timestamp: Int0


class BrowserUseStop(Closed):
    type: Literal["browser_use_stop"]
    browser_session_id: str


class BrowserUseAwaitUserInput(Closed):
    type: Literal["browser_use_await_user_input"]
    browser_session_id: str
    agent_message: str | None = None


class Ping(Closed):
    type: Literal["ping"]
    timestamp: AwareDatetime


class ErrorEvent(Closed):
    type: Literal["error"]
    code: Literal["rate_limit_exceeded", "tool_execution_failed", "llm_request_failed", "validation_error",
                  "context_length_exceeded", "unknown_error"]
    message: str
    recoverable: bool
    context: dict[str, Any] | None = None


class MessageFile(Closed):
    type: Literal["message-file"]
    fileId: str
    name: str
    mimeType: str
    url: AnyUrl
    size: Int0 | None = None


class Cost(Closed):
    cents: Int0
    currency: str


class UsageUpdate(Closed):
    type: Literal["usage-update"]
    inputTokens: Int0
    outputTokens: Int0
    totalTokens: Int0
    cost: Cost | None = None


StreamEvent = Annotated[
    Union[
        StreamStart, Heartbeat, Done, StreamError, MessageDelta, AiMessage, MessageIsAnswer, ChatTitleGenerated,
        ClarificationNeeded, UpdateMessageClarificationMessage, TaskUpdate, PendingSources, ReferencesFound,
        NodeToolsExecutionStart, NodeToolEvent, UpdateSubagentCurrentAction, NodeReportPreviewStart,
        NodeReportPreviewDelta, NodeReportPreviewDone, BrowserUseStart, BrowserUseStop, BrowserUseAwaitUserInput,
        Ping, ErrorEvent, MessageFile, UsageUpdate,
    ],
    Field(discriminator="type"),
]


class StreamEnvelope(Closed):
    data: StreamEvent
    timestamp: Int0
