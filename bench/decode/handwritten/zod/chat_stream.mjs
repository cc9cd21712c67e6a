// The chat-stream contract (schemas/chat_stream/) written by hand in Zod 4,
// the way a team without a generator would write it: Zod's own building
// blocks only (closed objects strict, Entity and Message open, formats with
// Zod's validators, nullable-and-optional members `.nullish()`), no runtime of
// contractgen's. It is the peer the generated binding is measured against in
// bench/decode.py; it is not the contract (it does not check duplicate
// members, lone surrogates, depth or exact big integers, which JSON.parse
// cannot see).
import { z } from "zod";

const int0 = z.int().nonnegative();
const timestamp = int0;

export const EntityType = z.enum([
  "WEB_PAGE", "EXTERNAL_API_DATA", "GENERATED_CONTENT", "USER_QUERY_PART", "GENERATED_REPORT",
  "GENERATED_PRESENTATION", "INTRA_ENTITY_SEARCH_RESULT", "EXTRACTED_ENTITY", "SEARCH_PLAN",
  "KNOWLEDGE_BASE", "WEBSITE", "GENERATED_DOCUMENT",
]);

export const Entity = z.looseObject({
  entity_type: EntityType,
  identifier: z.string(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  file_name: z.string(),
  mimetype: z.string(),
  workspace_id: z.string(),
  stored_entity_id: z.string().nullish(),
  content_artifact_id: z.string().nullish(),
  content_length: int0.nullish(),
  created_at: z.string().nullish(),
  purpose: z.string().nullish(),
  external_url: z.url().nullish(),
  api_name: z.string().nullish(),
  api_subtype: z.string().nullish(),
  user_query: z.string().nullish(),
  all_seen_entities: z.array(z.string()).optional(),
  cited_entities: z.array(z.string()).optional(),
});

export const Message = z.looseObject({
  id: z.string(),
  chat_id: z.string(),
  creator_type: z.enum(["AI", "USER"]),
  creator_user_id: z.string().nullish(),
  message_type: z.enum(["normal", "super_report"]).nullish(),
  deliverable_type: z.enum(["WEBSITE", "REPORT", "DOCUMENT", "SLIDE", "CODE"]).nullish(),
  is_answer: z.boolean(),
  is_running: z.boolean().nullish(),
  needs_clarification_message: z.string().nullish(),
  retry_attempts: int0.nullish(),
  content: z.string(),
  hydrated_content: z.string().nullish(),
  user_content_artifact_id: z.string().nullish(),
  user_message_entity_ids: z.array(z.string()).nullish(),
  user_message_entities: z.array(Entity).nullish(),
  ai_output_id: z.string().nullish(),
  first_report_identifier: z.uuid().nullish(),
  entities: z.array(Entity).optional(),
  event_stream_artifact_id: z.string().nullish(),
  error_type: z.enum(["TIMEOUT", "INVALID_RESPONSE"]).nullish(),
  created_at: z.iso.datetime({ offset: true }),
});

const PlanStatus = z.enum(["LOADING", "SUCCESS", "ERROR"]);

export const PlanTask = z.strictObject({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  plan_id: z.string(),
  status: PlanStatus,
  previous_task_id: z.string().nullish(),
});

export const Plan = z.strictObject({
  id: z.string(),
  plan_set_id: z.string(),
  title: z.string().nullish(),
  summary: z.string().nullish(),
  status: PlanStatus,
  plan_tasks: z.record(z.string(), PlanTask),
  used_sources: z.array(z.string()).nullish(),
  previous_plan_id: z.string().nullish(),
});

export const PlanSet = z.strictObject({
  chat_id: z.string(),
  creator_user_id: z.string(),
  user_chat_message_id: z.string(),
  workspace_id: z.string(),
  plans: z.record(z.string(), Plan),
});

export const PendingSource = z.strictObject({
  plan_id: z.string(),
  plan_set_id: z.string(),
  plan_task_id: z.string(),
  title: z.string(),
  type: z.enum(["WEB", "DOCUMENT", "CODING_AGENT"]),
  web_domain: z.string().nullish(),
});

const json = z.json();
const node = { node_id: z.string(), plan_id: z.string(), plan_set_id: z.string() };

export const StreamEvent = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("stream_start"),
    chat_id: z.string(),
    creator_user_id: z.string(),
    user_chat_message_id: z.string(),
    workspace_id: z.string(),
  }),
  z.strictObject({ type: z.literal("heartbeat") }),
  z.strictObject({ type: z.literal("done"), has_async_entities_pending: z.boolean().nullish(), message: Message.nullish() }),
  z.strictObject({ type: z.literal("ERROR"), error_type: z.string(), error_message: z.string() }),
  z.strictObject({ type: z.literal("message_delta"), delta: z.string() }),
  z.strictObject({ type: z.literal("ai_message"), message: Message }),
  z.strictObject({ type: z.literal("message_is_answer"), is_answer: z.boolean() }),
  z.strictObject({ type: z.literal("chat_title_generated"), title: z.string() }),
  z.strictObject({ type: z.literal("clarification_needed"), message: Message }),
  z.strictObject({
    type: z.literal("update_message_clarification_message"),
    update: z.strictObject({ chat_message_id: z.string(), needs_clarification_message: z.string().nullable() }),
  }),
  z.strictObject({
    type: z.literal("task_update"),
    key: z.string(),
    title: z.string(),
    message: z.string(),
    status: z.enum(["loading", "success", "error"]),
    plan_set: PlanSet,
    metadata: z.record(z.string(), json).nullish(),
  }),
  z.strictObject({ type: z.literal("pending_sources"), pending_sources: z.array(PendingSource) }),
  z.strictObject({ type: z.literal("references_found"), references: z.array(Entity) }),
  z.strictObject({
    type: z.literal("node_tools_execution_start"),
    ...node,
    tool_ids: z.array(z.string()),
    total_tools: int0,
    timestamp,
  }),
  z.strictObject({
    type: z.literal("node_tool_event"),
    event: z.string(),
    ...node,
    tool_id: z.string().nullish(),
    tool_type: z.string().nullish(),
    metadata: z.record(z.string(), json).nullish(),
    timestamp,
  }),
  z.strictObject({
    type: z.literal("update_subagent_current_action"),
    current_action: z.string(),
    ...node,
    tool_id: z.string().nullish(),
    timestamp,
  }),
  z.strictObject({
    type: z.literal("node_report_preview_start"),
    preview_id: z.string(),
    report_title: z.string(),
    report_user_query: z.string(),
    final_report: z.boolean(),
    ...node,
    entity: Entity,
    section_id: z.string().nullish(),
    tool_id: z.string().nullish(),
    timestamp,
    workspace_id: z.string(),
  }),
  z.strictObject({
    type: z.literal("node_report_preview_delta"),
    preview_id: z.string(),
    delta: z.string(),
    ...node,
    section_id: z.string().nullish(),
  }),
  z.strictObject({
    type: z.literal("node_report_preview_done"),
    preview_id: z.string(),
    content: z.string(),
    report_title: z.string(),
    final_report: z.boolean(),
    ...node,
    entity: Entity.nullish(),
    section_id: z.string().nullish(),
    tool_id: z.string().nullish(),
    timestamp,
    workspace_id: z.string(),
  }),
  z.strictObject({
    type: z.literal("browser_use_start"),
    browser_session_id: z.string(),
    browser_stream_url: z.url(),
    timestamp,
  }),
  z.strictObject({ type: z.literal("browser_use_stop"), browser_session_id: z.string() }),
  z.strictObject({
    type: z.literal("browser_use_await_user_input"),
    browser_session_id: z.string(),
    agent_message: z.string().nullish(),
  }),
  z.strictObject({ type: z.literal("ping"), timestamp: z.iso.datetime({ offset: true }) }),
  z.strictObject({
    type: z.literal("error"),
    code: z.enum([
      "rate_limit_exceeded", "tool_execution_failed", "llm_request_failed", "validation_error",
      "context_length_exceeded", "unknown_error",
    ]),
    message: z.string(),
    recoverable: z.boolean(),
    context: z.record(z.string(), json).nullish(),
  }),
  z.strictObject({
    type: z.literal("message-file"),
    fileId: z.string(),
    name: z.string(),
    mimeType: z.string(),
    url: z.url(),
    size: int0.nullish(),
  }),
  z.strictObject({
    type: z.literal("usage-update"),
    inputTokens: int0,
    outputTokens: int0,
    totalTokens: int0,
    cost: z.strictObject({ cents: int0, currency: z.string() }).nullish(),
  }),
]);

export const StreamEnvelope = z.strictObject({ data: StreamEvent, timestamp });

/** What an application does with one NDJSON line: parse the text, validate the value. */
export function parseLine(line) {
  return StreamEnvelope.parse(JSON.parse(line));
}
