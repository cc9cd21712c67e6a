// The generated TypeScript client's read path beside the bare reader's, on the SSE corpus: the
// same bytes in 64 KiB chunks, each packet decoded by the bindings (packets.decodeStreamPacket,
// strict):
//   SseReader + bindings            the runtime's SSE reader, each event's data decoded
//   client read (rules + bindings)  Client.streamPackets over a fetch that answers the corpus
//                                   from memory: the reader, the stream's rules (StreamCore), the
//                                   same decoding, and the async iteration a caller reads with
// No socket: it costs both alike. Median of REPEATS rounds, round robin; one JSON line each.
//
//   node client_ts.mjs <generated/ts> PREFIX REPEATS
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pkg, prefix, repeatsArg] = process.argv.slice(2);
const load = (file) => import(pathToFileURL(join(pkg, file)).href);
const { Client } = await load("client.js");
const { SseReader } = await load("stream/index.js");
const packets = await load("packets.js");
const CHUNK = 65536;
const sse = new Uint8Array(readFileSync(prefix + ".sse"));

function reader() {
  const r = new SseReader();
  let n = 0;
  for (let start = 0; start < sse.length; start += CHUNK)
    for (const record of r.feed(sse.subarray(start, start + CHUNK))) {
      if (record.kind !== "event") continue;
      packets.decodeStreamPacket(record.data);
      n++;
    }
  r.end();
  return n;
}

/** A fetch that answers every request with the corpus as an SSE body, in CHUNK-byte chunks. */
function corpusFetch() {
  let at = 0;
  const body = new ReadableStream({
    pull(controller) {
      if (at >= sse.length) return controller.close();
      controller.enqueue(sse.subarray(at, at + CHUNK));
      at += CHUNK;
    },
  });
  return Promise.resolve(new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } }));
}

async function client() {
  const c = new Client("http://127.0.0.1:1", { fetch: corpusFetch });
  const stream = c.streamPackets();
  let n = 0;
  for await (const _ of stream) n++;
  if (stream.findings.length > 0) throw new Error(`rules broken: ${JSON.stringify(stream.findings[0])}`);
  return n;
}

const items = reader();
const delivered = await client();
if (delivered !== items) throw new Error(`the client delivered ${delivered} of ${items} packets`);
const runs = [
  ["SseReader + bindings", reader],
  ["client read (rules + bindings)", client],
];
// Round robin, so that a change of load on a shared machine hits every measurement alike.
const times = runs.map(() => []);
for (let r = 0; r < Number(repeatsArg); r++)
  for (const [i, [, run]] of runs.entries()) {
    const start = process.hrtime.bigint();
    await run();
    times[i].push(Number(process.hrtime.bigint() - start) / 1e9);
  }
for (const [i, [what]] of runs.entries()) {
  const t = times[i].sort((a, b) => a - b);
  const median = t.length % 2 ? t[(t.length - 1) / 2] : (t[t.length / 2 - 1] + t[t.length / 2]) / 2;
  console.log(JSON.stringify({ lang: "TypeScript", what, items, mb: sse.length / 1e6, seconds: median }));
}
