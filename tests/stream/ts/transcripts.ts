// Runs the state-machine and table vectors (chat_client, timers, replay,
// routing) through the TypeScript runtime; each throws on a mismatch.
import assert from "node:assert/strict";
import {
  type Json,
  type JsonObject,
  chatConfig,
  chatInterval,
  contentTypeRoutes,
  graphEventMigration,
  inputBytes,
  recordJson,
  rt,
  runEventRouting,
  typeConst,
} from "./support.js";

const EVENTS = "chat_stream/events.schema.json";

function chatEvent(value: Json | undefined, config: rt.ChatClientConfig): rt.ChatEvent<Json> {
  const object = typeof value === "object" && value !== null && !Array.isArray(value) ? value : null;
  const type = object?.["type"];
  if (typeof type !== "string") throw new Error("no data.type");
  const delta = type === config.messageDeltaEventType ? object!["delta"] : null;
  return { type, delta: typeof delta === "string" ? delta : null, value: object };
}

function parse(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    throw new Error("not JSON");
  }
}

/** A live line: a StreamEnvelope {"data": event, "timestamp": ...} (the bindings' job, in tests). */
export function decodeEnvelope(config: rt.ChatClientConfig, text: string): rt.ChatEvent<Json> {
  const value = parse(text);
  const data = typeof value === "object" && value !== null && !Array.isArray(value) ? value["data"] : undefined;
  return chatEvent(data, config);
}

/** A replayed line: the event itself. */
export function decodeBare(config: rt.ChatClientConfig, text: string): rt.ChatEvent<Json> {
  return chatEvent(parse(text), config);
}

function actionJson(action: rt.ChatAction<Json>): JsonObject {
  switch (action.kind) {
    case "connect":
      return { connect: action.attempt };
    case "retry":
      return { retry: { attempt: action.attempt, delay_ms: action.delayMs } };
    case "event":
    case "terminal":
      return { [action.kind]: action.event.type };
    case "invalid": {
      const e = recordJson(action.error);
      return { invalid: { code: e["error"]!, offset: e["offset"]!, line: e["line"]!, message: e["message"]! } };
    }
    case "text":
      return { text: action.text };
    case "cancel":
    case "failed":
      return { [action.kind]: action.reason };
  }
}

function only(input: JsonObject): [string, Json] {
  const entries = Object.entries(input);
  assert.equal(entries.length, 1);
  return entries[0]!;
}

export function runChat(c: JsonObject): void {
  const config = chatConfig((c["config"] as JsonObject | undefined) ?? {});
  const scheduler = new rt.ManualScheduler();
  const got: JsonObject[] = [];
  const client = new rt.ChatClient<Json>(config, scheduler, (text) => decodeEnvelope(config, text), (a) => got.push(actionJson(a)));
  (c["steps"] as JsonObject[]).forEach((step, index) => {
    got.length = 0;
    const [verb, arg] = only(step["in"] as JsonObject);
    if (verb === "start") client.start();
    else if (verb === "response") client.response(arg as number);
    else if (verb === "chunk") client.chunk(inputBytes(Array.isArray(arg) ? arg : [arg]));
    else if (verb === "closed") client.closed();
    else if (verb === "abort") client.abort();
    else if (verb === "advance") scheduler.advance(arg as number);
    else if (verb === "play") {
      const play = arg as JsonObject;
      const log = inputBytes([play["log"]!]);
      const replay = rt.replayEvents(log, play["final_message"] as string, config.heartbeatEventType, typeConst(EVENTS, "DoneEvent"));
      assert.deepEqual(replay.errors, []);
      client.play(replay.events.map((text) => decodeBare(config, text)), play["spacing_ms"] as number);
    } else throw new Error(`unknown input ${verb}`);
    assert.deepEqual(got, step["out"], `step ${index} ${JSON.stringify(step["in"])}`);
    if (step["state"] !== undefined) assert.equal(client.state, step["state"], `step ${index}`);
  });
}

export function runTimer(c: JsonObject): void {
  const scheduler = new rt.ManualScheduler();
  const got: string[] = [];
  const interval = chatInterval(c["interval"] as string);
  const timer =
    c["timer"] === "heartbeat"
      ? new rt.HeartbeatEmitter(scheduler, interval, () => got.push("beat"))
      : new rt.Watchdog(scheduler, interval, () => got.push("timeout"));
  (c["steps"] as JsonObject[]).forEach((step, index) => {
    got.length = 0;
    const [verb, arg] = only(step["in"] as JsonObject);
    if (verb === "advance") scheduler.advance(arg as number);
    else if (verb === "start") timer.start();
    else if (verb === "stop") timer.stop();
    else if (verb === "sent" && timer instanceof rt.HeartbeatEmitter) timer.sent();
    else if (verb === "reset" && timer instanceof rt.Watchdog) timer.reset();
    else throw new Error(`unknown input ${verb}`);
    assert.deepEqual(got, step["out"], `step ${index} ${JSON.stringify(step["in"])}`);
  });
}

export function runReplay(c: JsonObject): void {
  const heartbeat = typeConst(EVENTS, "Heartbeat");
  const done = typeConst(EVENTS, "DoneEvent");
  const log = inputBytes([c["log"]!]);
  const replay = () => rt.replayEvents(log, c["final_message"] as string, heartbeat, done);
  if (c["error"] === true) {
    assert.throws(replay, SyntaxError);
    return;
  }
  const result = replay();
  assert.deepEqual(result.events, c["events"]);
  assert.deepEqual(result.errors.map(recordJson), c["errors"]);
}

export function runRouting(c: JsonObject): void {
  const expect = c["expect"];
  if ("content_type" in c) assert.equal(rt.routeContentType(contentTypeRoutes(), c["content_type"] as string | null), expect);
  else if ("cloudevent" in c) {
    const type = (c["cloudevent"] as JsonObject)["datacontenttype"] as string | undefined;
    assert.equal(rt.routeContentType(contentTypeRoutes(), type), expect);
  } else if ("graph_event_type" in c) assert.equal(rt.graphEventContentType(graphEventMigration(), c["graph_event_type"] as string), expect);
  else if ("migrate" in c) {
    const m = c["migrate"] as JsonObject;
    const fields = {
      type: m["type"] as string,
      source: m["source"] as string,
      id: m["id"] as string,
      ...(m["data"] !== undefined ? { data: m["data"] } : {}),
    };
    if ("expect_error" in c) {
      assert.throws(() => rt.migrateGraphEvent(graphEventMigration(), m["graph_event_type"] as string, fields),
                    (e: unknown) => e instanceof RangeError && e.message.includes(c["expect_error"] as string));
      return;
    }
    const event = rt.migrateGraphEvent(graphEventMigration(), m["graph_event_type"] as string, fields);
    assert.deepEqual(event, expect);
    assert.deepEqual(Object.keys(event), Object.keys(expect as JsonObject));
  } else if ("tool_call_start" in c) assert.equal(rt.routeToolCallStart(runEventRouting(), c["tool_call_start"] as string), expect);
  else if ("web_status" in c) assert.equal(rt.routeWebStatus(runEventRouting(), c["web_status"] as string), expect);
  else if ("research_status" in c) {
    const [tool, state] = c["research_status"] as [string, string];
    assert.equal(rt.routeResearchStatus(runEventRouting(), tool, state), expect);
  } else if ("normalize" in c) assert.equal(rt.normalizeStatus(runEventRouting(), c["normalize"] as string), expect);
  else {
    const router = new rt.ContentRouter(runEventRouting());
    const got: JsonObject[] = (c["content"] as JsonObject[]).map((step) => {
      if ("flush" in step) return { flushed: router.flush() };
      const decision = router.route(step["text"] as string);
      return decision.route === "scratchpad_start" ? { route: decision.route, closed_entry: decision.closedEntry ?? null } : { route: decision.route };
    });
    assert.deepEqual(got, expect);
  }
}

export const RUNNERS: Record<string, (c: JsonObject) => void> = {
  "chat_client.json": runChat,
  "timers.json": runTimer,
  "replay.json": runReplay,
  "routing.json": runRouting,
};
