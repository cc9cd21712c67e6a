// The page of the browser test (browser.test.mjs): the generated TypeScript client
// (`@contractgen/contract/client`, bundled by esbuild) streams answers from the reference
// engine, whose address is the page's `engine` query parameter, and renders their text as it
// arrives. Each stream's first connection is cut mid-stream (the engine's fault mode,
// `X-Engine-Fault: drop`, counted per `key`): what the page shows after the client's
// reconnection is what a user would read. When every stream has ended, <body data-state>
// is "done" (or "failed", with the error in #error).
import { Client } from "@contractgen/contract/client";

const query = new URLSearchParams(location.search);
const client = new Client(query.get("engine") ?? location.origin);
const key = query.get("key") ?? "browser";
// Quick reconnections (the declared backoff is seconds); `maxAttempts: 1` gives a stream that
// declares no reconnection one, resuming with Last-Event-ID.
const quick = { watchdogMs: 2000, initialDelayMs: 10, maxDelayMs: 40 };
const options = { ...quick, maxAttempts: 1 };
const fault = (name) => ({ "X-Engine-Fault": "drop", "X-Engine-Fault-Key": `${key}-${name}` });

/** The <output> of a section, made on first use. */
function output(section, label) {
  const id = `${section}-${label}`;
  let out = document.getElementById(id);
  if (out === null) {
    const row = document.createElement("p");
    row.append(`${label}: `);
    out = document.createElement("output");
    out.id = id;
    row.append(out);
    document.getElementById(section).append(row);
  }
  return out;
}

/** The chat answer (GET /api/chat/message/stream): a reconnection starts the message again. */
async function chat() {
  const stream = client.streamChatMessage(
    { message_stream_id: `${key}-chat`, "X-Gradient-Browser-Client": "1" },
    { headers: fault("chat"), options: quick }, // the chat stream declares its reconnection
  );
  const text = output("chat", "text");
  for await (const envelope of stream) {
    const data = envelope.data;
    if (data.type === "stream_start") text.textContent = "";
    else if (data.type === "message_delta") text.textContent += data.delta;
  }
  output("chat", "reconnects").textContent = String(stream.reconnects);
}

/** The assist answer (POST /v1/assist, text/event-stream): CloudEvents, resumed by id. */
async function assist() {
  const body = {
    request_id: "123e4567-e89b-12d3-a456-426614174000",
    session_id: "123e4567-e89b-12d3-a456-426614174001",
    payload: { query: "Hello world" },
  };
  const stream = client.assistStream(body, { headers: fault("assist"), options });
  const text = output("assist", "text");
  for await (const event of stream) {
    if (event.type === "ai.coreason.node.stream") text.textContent += event.data.chunk;
    if (event.type === "ai.coreason.node.completed") output("assist", "summary").textContent = event.data.output_summary;
  }
  output("assist", "reconnects").textContent = String(stream.reconnects);
}

/** The packets (GET /v1/assist): two interleaved streams, one text each by stream_id. */
async function packets() {
  const stream = client.streamPackets({}, { headers: fault("packets"), options });
  for await (const packet of stream) {
    if (packet.op === "DELTA") output("packets", packet.stream_id).textContent += packet.p;
  }
  output("packets", "reconnects").textContent = String(stream.reconnects);
}

try {
  await chat();
  await assist();
  await packets();
  document.body.dataset.state = "done";
} catch (e) {
  document.getElementById("error").textContent = String(e?.stack ?? e);
  document.body.dataset.state = "failed";
}
