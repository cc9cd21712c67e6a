// A client's code typed by openapi-typescript from the OpenAPI 3.1 rendering
// (generated/openapi/openapi-3.1.json, `--root-types`): each stream item has
// a named type, unions narrow on their tag, and a wrong item does not compile
// (the @ts-expect-error lines fail the build if the types were `unknown` or
// `any`). Compiled by run.sh with tsc --strict; never run.
import type { operations, SchemaAssistServerSentEvent, SchemaChatStreamStreamEnvelope, SchemaPacketsStreamPacket } from "./api.js";

// One NDJSON line of the chat stream: the named item type.
export function text(line: SchemaChatStreamStreamEnvelope): string {
  switch (line.data.type) {
    case "message_delta":
      return line.data.delta;
    case "done":
      return "";
    default:
      return "";
  }
}

// One Server-Sent Event of POST /v1/assist: the response's text/event-stream content is the
// named event type in the 3.1 rendering (3.1 tools read that schema per event).
type AssistEvent = operations["assist"]["responses"][200]["content"]["text/event-stream"];
export const sameType: SchemaAssistServerSentEvent = {} as AssistEvent;
export function eventType(event: AssistEvent): string {
  return event.event;
}

// One packet of GET /v1/assist, narrowed on `op`.
export function delta(packet: SchemaPacketsStreamPacket): string | undefined {
  return packet.op === "DELTA" ? packet.p : undefined;
}

// @ts-expect-error a line without `data` is not a StreamEnvelope
export const missing: SchemaChatStreamStreamEnvelope = { timestamp: 1 };
// @ts-expect-error `delta` is a string
export const wrong: SchemaChatStreamStreamEnvelope = { data: { type: "message_delta", delta: 1 }, timestamp: 1 };
