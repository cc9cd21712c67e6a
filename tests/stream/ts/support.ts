// What the TypeScript vector tests and stream runner share: the configuration
// read from the contract's schema tables (the runtime has no contract
// constant), the chunkings, and records as JSON values.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as rt from "../../../runtime/ts/stream/index.js";

export { rt };
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

// The repository (the tests run compiled, from a build folder).
export const ROOT = process.env["CONTRACTGEN_ROOT"] ?? process.cwd();
const CHUNK_SIZES = [1, 2, 3, 7, 64];
const SHORT = 64; // inputs up to this many bytes are also split at every pair of positions

function readJson(path: string): JsonObject {
  return JSON.parse(readFileSync(path, "utf8")) as JsonObject;
}

export function vectorFile(name: string): { description: string; cases: JsonObject[] } {
  return readJson(join(ROOT, "tests", "stream", "vectors", name)) as unknown as { description: string; cases: JsonObject[] };
}

export function defs(path: string): Record<string, JsonObject> {
  return readJson(join(ROOT, "schemas", path))["$defs"] as Record<string, JsonObject>;
}

export function constOf<T>(path: string, name: string): T {
  return defs(path)[name]!["const"] as T;
}

/** The discriminator value of an event def (its `type` property's const). */
export function typeConst(path: string, name: string): string {
  return ((defs(path)[name]!["properties"] as JsonObject)["type"] as JsonObject)["const"] as string;
}

/** Vector input: strings are UTF-8 text, {"hex": "..."} raw bytes. */
export function inputBytes(segments: Json[]): Uint8Array {
  const parts = segments.map((s) =>
    typeof s === "string" ? Buffer.from(s, "utf8") : Buffer.from(((s as JsonObject)["hex"] as string).replace(/ /g, ""), "hex"),
  );
  return new Uint8Array(Buffer.concat(parts));
}

export function* chunkings(data: Uint8Array): Generator<Uint8Array[]> {
  yield [data];
  for (const size of CHUNK_SIZES) {
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < data.length; i += size) chunks.push(data.subarray(i, i + size));
    yield chunks;
  }
  if (data.length <= SHORT)
    for (let i = 0; i <= data.length; i++)
      for (let j = i; j <= data.length; j++) yield [data.subarray(0, i), data.subarray(i, j), data.subarray(j)];
}

export function recordJson(record: rt.NdjsonRecord | rt.SseRecord): JsonObject {
  switch (record.kind) {
    case "item":
      return { item: record.text, offset: record.offset, line: record.line };
    case "event":
      return { event: record.type, data: record.data, id: record.lastEventId, offset: record.offset, line: record.line };
    case "retry":
      return { retry: record.ms, offset: record.offset, line: record.line };
    case "error":
      return { error: record.code, offset: record.offset, line: record.line, message: record.message };
  }
}

// ---- configuration from the schema tables ----------------------------------------

const CHAT = "chat_stream/tables.schema.json";
const CHAT_EVENTS = "chat_stream/events.schema.json";
// HTTP statuses that are never retried (seed 004: "404 Not Found ... no retry"):
// a transport fact, not one of the contract's tables.
const NO_RETRY_STATUSES = [404];

export function backoffConfig(overrides: JsonObject = {}): rt.BackoffConfig {
  return {
    initialDelayMs: constOf<number>(CHAT, "ReconnectInitialDelayMs"),
    multiplier: constOf<number>(CHAT, "ReconnectBackoffMultiplier"),
    maxDelayMs: constOf<number>(CHAT, "ReconnectMaxDelayMs"),
    maxAttempts: (overrides["max_attempts"] as number | undefined) ?? constOf<number>(CHAT, "ReconnectMaxAttempts"),
  };
}

export function chatConfig(overrides: JsonObject = {}): rt.ChatClientConfig {
  return {
    watchdogTimeoutMs: constOf<number>(CHAT, "WatchdogTimeoutMs"),
    backoff: backoffConfig(overrides),
    terminalEventTypes: constOf<string[]>(CHAT, "TerminalEventTypes"),
    heartbeatEventType: typeConst(CHAT_EVENTS, "Heartbeat"),
    streamStartEventType: constOf<string>(CHAT, "FirstEventType"),
    messageDeltaEventType: typeConst(CHAT_EVENTS, "MessageDelta"),
    noRetryStatuses: NO_RETRY_STATUSES,
  };
}

export function chatInterval(name: string): number {
  return constOf<number>(CHAT, name);
}

export function sequencerConfig(c: JsonObject): rt.SequencerConfig {
  const errorPacket = defs("packets/stream_packet.schema.json")["ErrorPacket"]!;
  const variant = (errorPacket["allOf"] as JsonObject[])[1]!;
  return {
    terminalOps: constOf<string[]>("packets/tables.schema.json", "TerminalOpCodes"),
    errorOp: ((variant["properties"] as JsonObject)["op"] as JsonObject)["const"] as string,
    policy: c["policy"] as "report" | "reorder",
    window: (c["window"] as number | undefined) ?? 0,
    ...(c["first_seq"] !== undefined ? { firstSeq: c["first_seq"] as number } : {}),
  };
}

export function contentTypeRoutes(): rt.ContentTypeRoutes {
  const cloud = defs("cloudevents/cloudevent.schema.json");
  const contentType = cloud["EventContentType"]!;
  const names = contentType["x-enum-varnames"] as string[];
  const routes = Object.fromEntries((contentType["enum"] as string[]).map((value, i) => [value, names[i]!.toLowerCase()]));
  const datacontenttype = (cloud["CloudEvent"]!["properties"] as JsonObject)["datacontenttype"] as JsonObject;
  return { routes, absentContentType: datacontenttype["default"] as string, fallback: "generic" };
}

export function graphEventMigration(): rt.GraphEventMigration {
  const cloudEvent = defs("cloudevents/cloudevent.schema.json")["CloudEvent"]!;
  return {
    contentTypes: constOf<Record<string, string>>("cloudevents/legacy.schema.json", "GraphEventContentTypes"),
    defaultContentType: constOf<string>("cloudevents/legacy.schema.json", "GraphEventDefaultContentType"),
    specversion: ((cloudEvent["properties"] as JsonObject)["specversion"] as JsonObject)["const"] as string,
  };
}

export function runEventRouting(): rt.RunEventRouting {
  const tables = "run_events/tables.schema.json";
  const components = defs(tables)["UiComponent"]!["enum"] as string[];
  const webRoutes = [...new Set(Object.values(constOf<Record<string, string>>(tables, "WebToolRoutes")))];
  const normalized = defs("run_events/events.schema.json")["NormalizedStatus"]!["enum"] as string[];
  const terminalStates = ["success", "error"]; // the NormalizedStatus values that end an operation
  if (webRoutes.length !== 1 || !components.includes("ScratchpadStatus") || !terminalStates.every((s) => normalized.includes(s)))
    throw new Error("the run-event tables changed shape");
  return {
    webTools: constOf<string[]>(tables, "WebToolNames"),
    scratchpadTools: constOf<string[]>(tables, "ScratchpadToolNames"),
    webRoute: webRoutes[0]!,
    scratchpadRoute: "ScratchpadStatus",
    defaultRoute: constOf<string>(tables, "DefaultToolRoute"),
    strategyPrefixes: constOf<string[]>(tables, "StrategyEntryPrefixes"),
    bleedStrings: constOf<string[]>(tables, "ScratchpadBleedFilterStrings"),
    legacyStatusPrefix: constOf<string>(tables, "LegacyStatusEventPrefix"),
    statusNormalization: constOf<Record<string, string>>(tables, "StatusNormalization"),
    terminalStates,
  };
}
