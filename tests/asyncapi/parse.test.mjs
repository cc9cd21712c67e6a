// The AsyncAPI documents (generated/asyncapi/asyncapi.json and .yaml, and
// every golden case's) through @asyncapi/parser, the reference parser of the
// AsyncAPI initiative: 0 errors and 0 warnings, and the model it builds has a
// channel per streaming operation and a message per event type. A broken copy
// must fail, so the parser is known to validate what it is given.
//
// The parser's reference resolver (@stoplight/json-ref-resolver) throws on
// objects with members named `__proto__` or `hasOwnProperty`, which the golden
// cases use as property names on purpose; those two names are renamed in the
// golden documents before parsing (the repository's document is parsed as it is).
// Run: node --test tests/asyncapi/parse.test.mjs (from the repository root).
import assert from "node:assert/strict";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { Parser, DiagnosticSeverity } from "@asyncapi/parser";

const root = process.env.CONTRACTGEN_ROOT ?? process.cwd();
const parser = new Parser();

async function parse(text) {
  const { document, diagnostics } = await parser.parse(text);
  const problems = diagnostics
    .filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning)
    .map((d) => `${d.code} at ${d.path.join("/")}: ${d.message}`);
  return { document, problems };
}

const documents = [join(root, "generated/asyncapi/asyncapi.json"), join(root, "generated/asyncapi/asyncapi.yaml")];
for (const name of readdirSync(join(root, "tests/golden"))) {
  const path = join(root, "tests/golden", name, "expected/asyncapi/asyncapi.json");
  if (existsSync(path)) documents.push(path);
}

const crashing = ["__proto__", "hasOwnProperty"];

for (const path of documents) {
  test(`${path.slice(root.length + 1)}: 0 errors, 0 warnings`, async () => {
    let text = readFileSync(path, "utf8");
    if (path.includes("/tests/golden/")) for (const name of crashing) text = text.replaceAll(`"${name}"`, `"renamed_${name}"`);
    const { document, problems } = await parse(text);
    assert.deepEqual(problems, []);
    assert.ok(document, "the parser built a document");
  });
}

test("the repository's document: a channel per streaming operation, a message per event type", async () => {
  const { document } = await parse(readFileSync(documents[0], "utf8"));
  const channels = Object.fromEntries(document.channels().all().map((c) => [c.id(), c]));
  // A channel per streaming operation, and one for the run-event stream, which no operation serves.
  assert.deepEqual(Object.keys(channels).sort(), ["RunEvents", "assist", "streamChatMessage", "streamPackets"]);
  assert.ok(!channels.RunEvents.address(), "no operation serves it: no address");
  assert.equal(channels.streamChatMessage.address(), "/api/chat/message/stream");
  // One message per chat-stream event type: the values of StreamEventType in the schemas (26 in the
  // seeds; read from the schema so that adding an event type needs no change here).
  const eventTypes = JSON.parse(readFileSync(join(root, "schemas/chat_stream/envelope.schema.json"), "utf8"))
    .$defs.StreamEventType.enum;
  assert.ok(eventTypes.length >= 26);
  assert.deepEqual(channels.streamChatMessage.messages().all().map((m) => m.name()).sort(), [...eventTypes].sort());
  assert.equal(channels.streamPackets.messages().all().length, 4);       // DELTA, EVENT, ERROR, CLOSE
  assert.equal(channels.assist.messages().all().length, 5);              // 4 content types and any other
  const done = channels.streamChatMessage.messages().all().find((m) => m.name() === "done");
  assert.ok(done.hasPayload());
  const operations = document.operations().all();
  assert.equal(operations.length, 4);
  assert.ok(operations.every((o) => o.isReceive()));
});

test("the request's headers and cookies are data: x-request-headers and x-request-cookies", () => {
  const raw = JSON.parse(readFileSync(documents[0], "utf8"));
  const chat = raw.operations.streamChatMessage;
  const headers = chat["x-request-headers"];
  assert.equal(headers.type, "object");
  assert.deepEqual(Object.keys(headers.properties).sort(), ["Cache-Control", "X-Gradient-Browser-Client", "X-Gradient-Workspace-Id"]);
  assert.equal(headers.properties["X-Gradient-Browser-Client"].const, "1");
  assert.equal(headers.required, undefined, "every request header is optional");
  assert.deepEqual(Object.keys(chat["x-request-cookies"].properties), ["session"]);
  // The query stays in the HTTP binding; the packet stream's resumption header is data too.
  assert.deepEqual(Object.keys(chat.bindings.http.query.properties), ["message_stream_id"]);
  assert.ok("Last-Event-ID" in raw.operations.streamPackets["x-request-headers"].properties);
  // The run-event stream: a channel and a receive operation, one message per run-event type.
  const runTypes = JSON.parse(readFileSync(join(root, "schemas/run_events/events.schema.json"), "utf8")).$defs.RunEventType.enum;
  assert.equal(Object.keys(raw.channels.RunEvents.messages).length, runTypes.length);
  assert.equal(raw.operations.RunEvents.action, "receive");
});

test("a broken document is refused", async () => {
  const broken = JSON.parse(readFileSync(documents[0], "utf8"));
  broken.operations.streamChatMessage.action = "listen";
  broken.channels.assist.messages["assist.AssistEvents.-any"] = { $ref: "#/components/messages/nope" };
  const { problems } = await parse(JSON.stringify(broken));
  assert.ok(problems.some((p) => p.includes("operations/streamChatMessage/action")), problems.join("\n"));
  assert.ok(problems.some((p) => p.includes("nope")), problems.join("\n"));
});
