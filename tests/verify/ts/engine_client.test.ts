// A TypeScript client of the reference engine (tests/engine/engine.py), built
// the way a frontend would be: the stream runtime (runtime/ts/stream) reads
// the bytes, the generated package (generated/ts) decodes and types each
// item and gives the protocol's constants. It consumes the engine's three
// streams end to end over real HTTP (fetch), and the chat stream again when
// the engine drops the first connection mid-stream: the client reconnects
// after the contract's first backoff delay and shows the whole answer once.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";

import { assist, chat_stream, cloudevents, packets } from "../../../generated/ts/index.js";
import * as rt from "../../../runtime/ts/stream/index.js";

const ENGINE = process.env["ENGINE_URL"] ?? "";
const BROWSER_CLIENT = { "X-Gradient-Browser-Client": "1" };
const ANSWER = "The answer is 42 [1]. Sources follow.";

// ---- the chat stream (seed 004): ChatClient on fetch ---------------------------------------------
type Envelope = chat_stream.StreamEnvelope;

const heartbeat: chat_stream.StreamEventType = "heartbeat";
const messageDelta: chat_stream.StreamEventType = "message_delta";
const chatConfig: rt.ChatClientConfig = {
  watchdogTimeoutMs: chat_stream.WATCHDOG_TIMEOUT_MS,
  backoff: {
    initialDelayMs: chat_stream.RECONNECT_INITIAL_DELAY_MS,
    multiplier: chat_stream.RECONNECT_BACKOFF_MULTIPLIER,
    maxDelayMs: chat_stream.RECONNECT_MAX_DELAY_MS,
    maxAttempts: chat_stream.RECONNECT_MAX_ATTEMPTS,
  },
  terminalEventTypes: chat_stream.TERMINAL_EVENT_TYPES,
  heartbeatEventType: heartbeat,
  streamStartEventType: chat_stream.FIRST_EVENT_TYPE,
  messageDeltaEventType: messageDelta,
  noRetryStatuses: [404], // the stream's x-streams client.reconnect.noRetryStatuses
};

function decodeEnvelope(text: string): rt.ChatEvent<Envelope> {
  const envelope = chat_stream.parseStreamEnvelope(JSON.parse(text)); // throws: the client reports it as invalid
  const event = envelope.data;
  return { type: event.type, delta: event.type === "message_delta" ? event.delta : null, value: envelope };
}

/** Runs a ChatClient against `url` until its terminal event; every action in order. */
function readChat(url: string): Promise<{ actions: rt.ChatAction<Envelope>[]; text: string }> {
  return new Promise((resolve, reject) => {
    const actions: rt.ChatAction<Envelope>[] = [];
    let connection: AbortController | null = null;

    const open = async (): Promise<void> => {
      const mine = (connection = new AbortController());
      try {
        const response = await fetch(url, { headers: BROWSER_CLIENT, signal: mine.signal });
        client.response(response.status);
        if (response.status < 200 || response.status > 299 || response.body === null) {
          await response.body?.cancel();
          return;
        }
        for await (const chunk of response.body) client.chunk(chunk);
        client.closed();
      } catch {
        if (!mine.signal.aborted) client.closed(); // a network error or a cut body; not one we asked for
      }
    };

    const client: rt.ChatClient<Envelope> = new rt.ChatClient(chatConfig, new rt.TimerScheduler(), decodeEnvelope, (action) => {
      actions.push(action);
      if (action.kind === "connect") void open();
      if (action.kind === "cancel") connection?.abort();
      if (action.kind === "terminal") {
        connection?.abort();
        resolve({ actions, text: client.text });
      }
      if (action.kind === "failed") reject(new Error(`chat stream failed: ${action.reason}`));
    });
    client.start();
  });
}

function chatUrl(extra = ""): string {
  return `${ENGINE}${chat_stream.CHAT_STREAM_PATH}?message_stream_id=${randomUUID()}${extra}`;
}

function shownTexts(actions: rt.ChatAction<Envelope>[]): string[] {
  return actions.flatMap((a) => (a.kind === "text" ? [a.text] : []));
}

test("chat stream: the whole answer, never a half citation, heartbeats not passed on", async () => {
  const { actions, text } = await readChat(chatUrl());
  assert.equal(text, ANSWER);
  assert.deepEqual(actions[0], { kind: "connect", attempt: 0 });
  assert.equal(actions.at(-1)?.kind, "terminal");
  assert.ok(!actions.some((a) => a.kind === "invalid" || a.kind === "retry"));
  for (const shown of shownTexts(actions)) assert.ok(!/\[[^\]]*$/.test(shown), `half citation shown: ${shown}`);
  assert.deepEqual(shownTexts(actions), ["The answer is ", "The answer is 42 ", "The answer is 42 [1].", ANSWER]);
  const passedOn = actions.flatMap((a) => (a.kind === "event" ? [a.event.type] : []));
  assert.deepEqual(passedOn, ["stream_start"]);
});

test("chat stream: the server drops the first connection mid-stream; the client reconnects and shows the answer once", async () => {
  const { actions, text } = await readChat(chatUrl("&break=drop"));
  assert.equal(text, ANSWER);
  const connections = actions.filter((a) => a.kind === "connect" || a.kind === "retry");
  assert.deepEqual(connections, [
    { kind: "connect", attempt: 0 },
    { kind: "retry", attempt: 1, delayMs: chat_stream.RECONNECT_DELAYS_MS[0] },
    { kind: "connect", attempt: 1 },
  ]);
  // The replayed stream_start reset the text: it never showed the first connection's text twice.
  for (const shown of shownTexts(actions)) assert.ok(ANSWER.startsWith(shown) || shown === "", shown);
});

test("chat stream: an invalid line reaches the client as `invalid`, and the stream goes on", async () => {
  const { actions, text } = await readChat(chatUrl("&break=invalid-payload"));
  const invalid = actions.flatMap((a) => (a.kind === "invalid" ? [a.error] : []));
  assert.equal(invalid.length, 1);
  assert.equal(invalid[0]?.code, "decode");
  assert.equal(text, "The answer is ]. Sources follow.");
});

// ---- StreamPackets over SSE (seed 002): SseReader and PacketSequencer ------------------------------
test("packet stream: every packet typed, ids and sequence numbers in order, both streams closed", async () => {
  const response = await fetch(`${ENGINE}${assist.ASSIST_ENDPOINT_PATH}`, {
    headers: { Accept: packets.STREAM_PACKET_SSE_CONTENT_TYPE },
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), packets.STREAM_PACKET_SSE_CONTENT_TYPE);
  const errorOp: packets.StreamOpCode = "ERROR";
  const sequencer = new rt.PacketSequencer<packets.StreamPacket>({
    terminalOps: packets.TERMINAL_OP_CODES,
    errorOp,
    policy: "report",
  });
  const reader = new rt.SseReader();
  const text = new Map<string, string>();
  const closed: string[] = [];
  const findings: string[] = [];
  const take = (records: rt.SseRecord[]): void => {
    for (const record of records) {
      assert.equal(record.kind, "event", JSON.stringify(record));
      if (record.kind !== "event") continue;
      assert.equal(record.type, packets.STREAM_PACKET_SSE_EVENT);
      const packet = packets.parseStreamPacket(JSON.parse(record.data));
      assert.equal(record.lastEventId, packet[packets.STREAM_PACKET_SSE_ID_FIELD]);
      for (const out of sequencer.push(packet.stream_id, packet.seq, packet.op, packet)) {
        if (out.kind === "finding") findings.push(out.message);
        else if (out.packet.op === "DELTA") text.set(out.streamId, (text.get(out.streamId) ?? "") + out.packet.p);
        else if (out.packet.op === "CLOSE") closed.push(out.streamId);
      }
    }
  };
  for await (const chunk of response.body!) take(reader.feed(chunk));
  take(reader.end());
  for (const out of sequencer.finish()) if (out.kind === "finding") findings.push(out.message);
  assert.deepEqual(findings, []);
  assert.deepEqual([...text.values()], ["Hello!", "Hi"]);
  assert.equal(closed.length, 2);
});

// ---- CloudEvents over SSE (seed 003): POST /v1/assist ----------------------------------------------
test("assist events: each SSE event a CloudEvent named by its type, the streamed chunks joined", async () => {
  const request: assist.AgentRequest = { request_id: randomUUID(), session_id: randomUUID(), payload: { query: "hi" } };
  const response = await fetch(`${ENGINE}${assist.ASSIST_ENDPOINT_PATH}`, {
    method: assist.ASSIST_ENDPOINT_METHOD,
    headers: { Accept: assist.DELIVERY_MODE_CONTENT_TYPES.SERVER_SENT_EVENTS, "Content-Type": assist.ASSIST_REQUEST_CONTENT_TYPE },
    body: JSON.stringify(request),
  });
  assert.equal(response.status, 200);
  const reader = new rt.SseReader();
  const events: cloudevents.CloudEvent[] = [];
  const records = [...reader.feed(new Uint8Array(await response.arrayBuffer())), ...reader.end()];
  for (const record of records) {
    assert.equal(record.kind, "event", JSON.stringify(record));
    if (record.kind !== "event") continue;
    const event = cloudevents.parseCloudEvent(JSON.parse(record.data));
    assert.equal(record.type, event.type);
    assert.equal(record.lastEventId, event.id);
    events.push(event);
  }
  assert.deepEqual(
    events.map((e) => e.type),
    ["ai.coreason.node.started", "ai.coreason.node.stream", "ai.coreason.node.stream", "ai.coreason.node.completed"],
  );
  const streamed = events.filter((e) => e.datacontenttype === "application/vnd.coreason.stream+json");
  assert.equal(streamed.map((e) => (e.data as { chunk: string }).chunk).join(""), "Hello world");
});
