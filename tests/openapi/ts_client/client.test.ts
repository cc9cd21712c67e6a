// A TypeScript client of the reference server (tests/openapi/reference_server.py),
// written against the generated package @contractgen/contract only: it reads the
// Server-Sent Events stream of POST /v1/assist incrementally, as a browser client
// would, and parses every event with the generated Zod schemas (the SSE fields as
// an assist.ServerSentEvent, its `data` as a cloudevents.CloudEvent, each payload
// by its datacontenttype); likewise the JSON mode, the 400 body and the NDJSON
// chat stream. Compiled and run by run.sh (node --test).
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { assist, chat_stream, cloudevents, packets } from "@contractgen/contract";

const root = process.env.CONTRACTGEN_ROOT ?? process.cwd();
const python = process.env.CONTRACTGEN_PYTHON ?? join(root, ".venv/bin/python");
let server: ChildProcess | undefined;
let base = "";

before(async () => {
  server = spawn(python, [join(root, "tests/openapi/reference_server.py"), "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stdout = server.stdout!;
  stdout.setEncoding("utf8");
  base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("reference server did not start within 15 s")), 15_000);
    let seen = "";
    stdout.on("data", (chunk: string) => {
      seen += chunk;
      const m = /listening on (http:\/\/[^\s]+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    server!.once("exit", (code) => reject(new Error(`reference server exited with ${code}`)));
  });
});

after(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    const timer = setTimeout(() => server?.kill("SIGKILL"), 5_000);
    await once(server, "exit");
    clearTimeout(timer);
  }
});

const request: assist.AgentRequest = assist.parseAgentRequest({
  request_id: "123e4567-e89b-12d3-a456-426614174000",
  session_id: "123e4567-e89b-12d3-a456-426614174001",
  payload: { query: "Hello world" },
});

function post(accept: string, body: unknown = request, contentType = assist.ASSIST_REQUEST_CONTENT_TYPE): Promise<Response> {
  return fetch(base + assist.ASSIST_ENDPOINT_PATH, {
    method: assist.ASSIST_ENDPOINT_METHOD,
    headers: { "content-type": contentType, accept },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
}

interface RawEvent {
  event: string;
  id: string | null;
  data: string;
}

// The W3C event-stream parser (https://html.spec.whatwg.org/multipage/server-sent-events.html),
// fed chunk by chunk: lines end with CRLF, LF or CR; `data` lines are joined with LF; a blank
// line dispatches; comments (":") and unknown fields are ignored. An event without an `id:`
// line gets id null, as the contract's ServerSentEvent represents it.
async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<RawEvent> {
  const decoder = new TextDecoder("utf-8");
  let buffer = "";
  let event = "";
  let id: string | null = null;
  let data: string[] = [];
  let chunks = 0;
  const lines = function* (final: boolean): Generator<string> {
    for (;;) {
      const m = /\r\n|\n|\r/.exec(buffer);
      if (!m || (m[0] === "\r" && m.index === buffer.length - 1 && !final)) return;
      yield buffer.slice(0, m.index);
      buffer = buffer.slice(m.index + m[0].length);
    }
  };
  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (value) {
      chunks += 1;
      buffer += decoder.decode(value, { stream: true });
    }
    for (const line of lines(done)) {
      if (line === "") {
        if (data.length > 0) yield { event: event || "message", id, data: data.join("\n") };
        event = "";
        id = null;
        data = [];
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      let value_ = colon < 0 ? "" : line.slice(colon + 1);
      if (value_.startsWith(" ")) value_ = value_.slice(1);
      if (field === "event") event = value_;
      else if (field === "data") data.push(value_);
      else if (field === "id") id = value_;
    }
    if (done) break;
  }
  assert.ok(chunks >= 1, "the body arrived");
}

test("SSE mode: every event is a ServerSentEvent whose data is a CloudEvent", async () => {
  const response = await post(assist.DELIVERY_MODE_CONTENT_TYPES.SERVER_SENT_EVENTS);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), assist.DELIVERY_MODE_CONTENT_TYPES.SERVER_SENT_EVENTS);
  const events: cloudevents.CloudEvent[] = [];
  const ids: (string | null)[] = [];
  for await (const raw of readEvents(response.body!)) {
    const sse = assist.parseServerSentEvent(raw);
    const cloud = cloudevents.parseCloudEvent(JSON.parse(sse.data));
    assert.equal(sse.event, cloud.type, "the SSE event name is the CloudEvent type");
    assert.equal(sse.id, cloud.id ?? null, "the SSE id is the CloudEvent id");
    ids.push(sse.id);
    events.push(cloud);
  }
  assert.ok(events.length >= 3, `events: ${events.length}`);
  assert.equal(new Set(ids).size, ids.length, "ids are unique");
  assert.equal(events[0]!.type, "ai.coreason.node.started");
  assert.equal(events.at(-1)!.type, "ai.coreason.node.completed");

  // Route each event on its content-type discriminator and parse the payload accordingly.
  let text = "";
  let summary: string | undefined;
  for (const e of events) {
    const kind = e.datacontenttype ?? "application/json";
    if (kind === "application/vnd.coreason.stream+json") {
      text += cloudevents.parseStreamChunkPayload(e.data).chunk;
    } else if (kind === "application/vnd.coreason.error+json") {
      assert.fail(`unexpected error event: ${JSON.stringify(e.data)}`);
    } else if (e.type === "ai.coreason.node.completed") {
      summary = cloudevents.parseNodeCompletedPayload(e.data).output_summary;
    } else {
      assert.equal(cloudevents.parseNodeStartedPayload(e.data).status, "RUNNING");
    }
  }
  assert.ok(text.length > 0, "stream chunks arrived");
  assert.equal(text, summary, "the streamed chunks add up to the completed summary");
});

test("the Zod schemas reject an event that breaks the contract", () => {
  const bad = { event: "ai.coreason.node.stream", id: "evt-1", data: "not json" };
  assert.throws(() => assist.parseServerSentEvent(bad), "data must be a serialised JSON object");
  assert.throws(() => assist.parseServerSentEvent({ event: "x", data: "{}" }), "id is required (nullable)");
  assert.throws(() => cloudevents.parseCloudEvent({ specversion: "1.0", type: "t" }), "source is required");
});

test("request-response mode: one AssistResponse", async () => {
  const response = await post(assist.DELIVERY_MODE_CONTENT_TYPES.REQUEST_RESPONSE);
  assert.equal(response.status, 200);
  assert.match(response.headers.get("content-type") ?? "", /^application\/json\b/);
  const body = assist.parseAssistResponse(await response.json());
  assert.equal(body.summary, "You asked: Hello world");
});

test("an invalid request gets 400 with a ValidationErrorResponse naming the first problem in the text", async () => {
  const response = await post("text/event-stream", {
    request_id: "not-a-uuid",
    session_id: request.session_id,
    payload: { query: 1 },
  });
  assert.equal(response.status, 400);
  const body = assist.parseValidationErrorResponse(await response.json());
  // request_id (not a UUID) comes before payload (its query missing) in the text.
  assert.deepEqual(body.errors.map((e) => `${e.location}:${e.path}`), ["body:/request_id"]);
});

test("chat stream: one StreamEnvelope per NDJSON line, from stream_start to a terminal event", async () => {
  for (const accept of ["application/x-ndjson", "*/*"]) {
    const url = `${base}${chat_stream.CHAT_STREAM_PATH}?message_stream_id=msg_123`;
    // The request headers of seed 004's browser client.
    const headers = { accept, "x-gradient-browser-client": "1", "cache-control": "no-cache" };
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
    assert.equal(response.status, 200);
    const expected = accept === "application/x-ndjson" ? "application/x-ndjson" : chat_stream.CHAT_STREAM_CONTENT_TYPE;
    assert.equal(response.headers.get("content-type"), expected);
    assert.equal(response.headers.get("cache-control"), "no-cache");
    assert.equal(response.headers.get("x-accel-buffering"), "no");
    const lines = (await response.text()).split("\n");
    assert.equal(lines.pop(), "", "every line ends with LF");
    const envelopes = lines.map((line) => chat_stream.parseStreamEnvelope(JSON.parse(line)));
    assert.equal(envelopes[0]!.data.type, chat_stream.FIRST_EVENT_TYPE);
    const last = envelopes.at(-1)!.data.type;
    assert.ok((chat_stream.TERMINAL_EVENT_TYPES as readonly string[]).includes(last), `last event ${last}`);
    const deltas = envelopes.flatMap((e) => (e.data.type === "message_delta" ? [e.data.delta] : []));
    assert.equal(deltas.join(""), "Hello, world.");
  }
});

test("chat stream: an X-Gradient-Browser-Client other than 1 is refused (the header itself is optional)", async () => {
  const url = `${base}${chat_stream.CHAT_STREAM_PATH}?message_stream_id=msg_123`;
  const response = await fetch(url, { headers: { "X-Gradient-Browser-Client": "0" }, signal: AbortSignal.timeout(10_000) });
  assert.equal(response.status, 400);
  const body = assist.parseValidationErrorResponse(await response.json());
  assert.deepEqual(body.errors.map((e) => `${e.location}:${e.path}`), ["header:/X-Gradient-Browser-Client"]);
});

test("packet stream (GET /v1/assist): stream.packet events whose id is the stream_id, seq + 1, CLOSE last", async () => {
  const response = await fetch(base + assist.ASSIST_ENDPOINT_PATH, {
    headers: { accept: packets.STREAM_PACKET_SSE_CONTENT_TYPE },
    signal: AbortSignal.timeout(10_000),
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), packets.STREAM_PACKET_SSE_CONTENT_TYPE);
  const received: packets.StreamPacket[] = [];
  for await (const raw of readEvents(response.body!)) {
    const event = packets.parsePacketServerSentEvent(raw);
    assert.equal(event.event, packets.STREAM_PACKET_SSE_EVENT);
    const packet = packets.parseStreamPacket(JSON.parse(event.data));
    assert.equal(event.id, packet[packets.STREAM_PACKET_SSE_ID_FIELD]);
    received.push(packet);
  }
  assert.deepEqual(received.map((p) => p.seq), received.map((_, i) => received[0]!.seq + i));
  assert.ok((packets.TERMINAL_OP_CODES as readonly string[]).includes(received.at(-1)!.op));
  const text = received.flatMap((p) => (p.op === "DELTA" ? [p.p] : [])).join("");
  assert.equal(text, "Hello, world.");
});
