// Decode throughput of the TypeScript/Zod binding: every NDJSON line through
// JSON.parse and chat_stream.StreamEnvelope.parse (validated, typed).
// usage: node decode_ts.mjs <generated/ts dir> <corpus.ndjson> [repeats] [label]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [packageDir, corpus, repeatsArg, label] = process.argv.slice(2);
const { chat_stream } = await import(pathToFileURL(path.join(packageDir, "index.js")).href);
const text = readFileSync(corpus, "utf8");
const lines = text.split("\n").filter((l) => l.length > 0);
const bytes = Buffer.byteLength(text, "utf8");
const repeats = Number(repeatsArg ?? 3);

let best = Infinity;
let checksum = 0;
for (let r = 0; r < repeats; r++) {
  const start = process.hrtime.bigint();
  for (const line of lines) checksum += chat_stream.StreamEnvelope.parse(JSON.parse(line)).timestamp;
  best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
}
console.log(JSON.stringify({ binding: label ?? "TypeScript (Zod 4)", lines: lines.length, mb: bytes / 1e6, seconds: best }));
console.error(`checksum ${checksum}`);
