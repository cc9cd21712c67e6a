// Stream read throughput in TypeScript (Node): plain NDJSON line splitting vs
// the runtime's NDJSON and SSE readers, each item decoded with JSON.parse.
// Median of REPEATS rounds; one JSON line per measurement on stdout.
//
//   node stream_ts.mjs <compiled runtime/ts/stream/index.js> PREFIX REPEATS
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [runtimePath, prefix, repeatsArg] = process.argv.slice(2);
const rt = await import(pathToFileURL(runtimePath).href);
const CHUNK = 65536;
const ndjson = new Uint8Array(readFileSync(prefix + ".ndjson"));
const sse = new Uint8Array(readFileSync(prefix + ".sse"));
const decoder = new TextDecoder("utf-8", { fatal: true });

function plain(data) {
  let n = 0;
  for (const line of decoder.decode(data).split("\n")) if (line.length > 0) n += JSON.parse(line).seq;
  return n;
}

function read(Reader, data, decode) {
  const reader = new Reader();
  let n = 0;
  for (let start = 0; start < data.length; start += CHUNK)
    for (const record of reader.feed(data.subarray(start, start + CHUNK)))
      n += decode ? JSON.parse(record.kind === "item" ? record.text : record.data).seq : 1;
  reader.end();
  return n;
}

let items = 0;
for (const b of ndjson) if (b === 10) items++;
const runs = [
  ["plain NDJSON split + JSON.parse", () => plain(ndjson), ndjson],
  ["NdjsonReader + JSON.parse", () => read(rt.NdjsonReader, ndjson, true), ndjson],
  ["SseReader + JSON.parse", () => read(rt.SseReader, sse, true), sse],
  ["NdjsonReader only", () => read(rt.NdjsonReader, ndjson, false), ndjson],
  ["SseReader only", () => read(rt.SseReader, sse, false), sse],
];
// Round robin, so that a change of load on a shared machine hits every measurement alike.
const times = runs.map(() => []);
for (let r = 0; r < Number(repeatsArg); r++)
  runs.forEach(([, run], i) => {
    const start = process.hrtime.bigint();
    run();
    times[i].push(Number(process.hrtime.bigint() - start) / 1e9);
  });
for (const [i, [what, , data]] of runs.entries()) {
  times[i].sort((a, b) => a - b);
  const t = times[i];
  const median = t.length % 2 ? t[(t.length - 1) / 2] : (t[t.length / 2 - 1] + t[t.length / 2]) / 2;
  console.log(JSON.stringify({ lang: "TypeScript", what, items, mb: data.length / 1e6, seconds: median }));
}
