"""Hand-written Pydantic v2 models of the chat-stream contract (schemas/chat_stream/), for the
decode bench only: written the way a Python developer would write them from the schemas, strict
where JSON Schema is (no coercion, closed objects forbid extra members, enums and tags as
Literal, bounds as Field constraints, formats as Pydantic's types), without contractgen's
round-trip extras (exact text of formats, absent vs null, canonical numbers, JSON-path errors,
the payload policy). They are the yardstick of the generated binding's speed, not a binding.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union
from uuid import UUID

from pydantic import AnyUrl, AwareDatetime, BaseModel, ConfigDict, Field

NonNegativeInt = Annotated[int, Field(ge=0)]


class Closed(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class Open(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow")


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
    content_length: NonNegativeInt | None = None
    created_at: str | None = None
    purpose: str | None = None
    external_url: AnyUrl | None = None
    api_name: str | None = None
    api_subtype: str | None = None
    user_query: str | None = None
    all_seen_entities: list[str] = []
    cited_entities: list[str] = []


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
    retry_attempts: NonNegativeInt | None = None
    content: str
    hydrated_content: str | None = None
    user_content_artifact_id: str | None = None
    user_message_entity_ids: list[str] | None = None
    user_message_entities: list[Entity] | None = None
    ai_output_id: str | None = None
    first_report_identifier: UUID | None = None
    entities: list[Entity] = []
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


class StreamStart(Closed):
    type: Literal["stream_start"]
    chat_id: str
    creator_user_id: str
    user_chat_message_id: str
    workspace_id: str


class Heartbeat(Closed):
    type: Literal["heartbeat"]


class DoneEvent(Closed):
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


class MessageClarificationUpdate(Closed):
    chat_message_id: str
    needs_clarification_message: str | None


class UpdateMessageClarificationMessage(Closed):
    type: Literal["update_message_clarification_message"]
    update: MessageClarificationUpdate


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


class NodeToolsExecutionStart(Closed):
    type: Literal["node_tools_execution_start"]
    node_id: str
    plan_id: str
    plan_set_id: str
    tool_ids: list[str]
    total_tools: NonNegativeInt
    timestamp: NonNegativeInt


class NodeToolEvent(Closed):
    type: Literal["node_tool_event"]
    event: str
    node_id: str
    plan_id: str
    plan_set_id: str
    tool_id: str | None = None
    tool_type: str | None = None
    metadata: dict[str, Any] | None = None
    timestamp: NonNegativeInt


class UpdateSubagentCurrentAction(Closed):
    type: Literal["update_subagent_current_action"]
    current_action: str
    node_id: str
    plan_id: str
    plan_set_id: str
    tool_id: str | None = None
    timestamp: NonNegativeInt


class NodeReportPreviewStart(Closed):
    type: Literal["node_report_preview_start"]
    preview_id: str
    report_title: str
    report_user_query: str
    final_report: bool
    node_id: str
    plan_id: str
    plan_set_id: str
    entity: Entity
    section_id: str | None = None
    tool_id: str | None = None
    timestamp: NonNegativeInt
    workspace_id: str


class NodeReportPreviewDelta(Closed):
    type: Literal["node_report_preview_delta"]
    preview_id: str
    delta: str
    node_id: str
    plan_id: str
    plan_set_id: str
    section_id: str | None = None


class NodeReportPreviewDone(Closed):
    type: Literal["node_report_preview_done"]
    preview_id: str
    content: str
    report_title: str
    final_report: bool
    node_id: str
    plan_id: str
    plan_set_id: str
    entity: Entity | None = None
    section_id: str | None = None
    tool_id: str | None = None
    timestamp: NonNegativeInt
    workspace_id: str


class BrowserUseStart(Closed):
    type: Literal["browser_use_start"]
    browser_session_id: str
    browser_stream_url: AnyUrl
    timestamp: NonNegativeInt


class BrowserUseStop(Closed):
    type: Literal["browser_use_stop"]
    browser_session_id: str


class BrowserUseAwaitUserInput(Closed):
    type: Literal["browser_use_await_user_input"]
    browser_session_id: str
    agent_message: str | None = None


class PingEvent(Closed):
    type: Literal["ping"]
    timestamp: AwareDatetime


class ErrorEvent(Closed):
    type: Literal["error"]
    code: Literal["rate_limit_exceeded", "tool_execution_failed", "llm_request_failed", "validation_error",
                  "context_length_exceeded", "unknown_error"]
    message: str
    recoverable: bool
    context: dict[str, Any] | None = None


class MessageFileEvent(Closed):
    type: Literal["message-file"]
    file_id: str = Field(alias="fileId")
    name: str
    mime_type: str = Field(alias="mimeType")
    url: AnyUrl
    size: NonNegativeInt | None = None


class UsageCost(Closed):
    cents: NonNegativeInt
    currency: str


class UsageUpdateEvent(Closed):
    type: Literal["usage-update"]
    input_tokens: NonNegativeInt = Field(alias="inputTokens")
    output_tokens: NonNegativeInt = Field(alias="outputTokens")
    total_tokens: NonNegativeInt = Field(alias="totalTokens")
    cost: UsageCost | None = None


StreamEvent = Annotated[
    Union[
        StreamStart, Heartbeat, DoneEvent, StreamError, MessageDelta, AiMessage, MessageIsAnswer, ChatTitleGenerated,
        ClarificationNeeded, UpdateMessageClarificationMessage, TaskUpdate, PendingSources, ReferencesFound,
        NodeToolsExecutionStart, NodeToolEvent, UpdateSubagentCurrentAction, NodeReportPreviewStart,
        NodeReportPreviewDelta, NodeReportPreviewDone, BrowserUseStart, BrowserUseStop, BrowserUseAwaitUserInput,
        PingEvent, ErrorEvent, MessageFileEvent, UsageUpdateEvent,
    ],
    Field(discriminator="type"),
]


class StreamEnvelope(Closed):
    data: StreamEvent
    timestamp: NonNegativeInt
