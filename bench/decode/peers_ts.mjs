// One round of the TypeScript side of bench/decode_peers.py: every corpus line
// decoded and validated into a typed value by
//   - the generated binding's text decoder (chat_stream.decodeStreamEnvelope:
//     the payload policy of docs/semantics.md, one error in document order);
//   - the generated binding's Zod schema on JSON.parse (chat_stream.StreamEnvelope.parse);
//   - the hand-written Zod model (handwritten/zod/chat_stream.mjs) on JSON.parse;
//   - JSON.parse alone (a reference: no validation, no types).
// First the negative set: every binding must reject every line of it. Then a
// warm-up pass and one timed pass per binding, in the order given.
// usage: node peers_ts.mjs <generated/ts dir> <corpus.ndjson> <negative.ndjson> [zod/compile]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [packageDir, corpus, negative] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
const { chat_stream } = await import(pathToFileURL(path.join(packageDir, "index.js")).href);
const handwritten = await import(pathToFileURL(path.join(here, "handwritten", "zod", "chat_stream.mjs")).href);

const bindings = {
  "TypeScript binding: decodeStreamEnvelope(text)": (line) => chat_stream.decodeStreamEnvelope(line).timestamp,
  "TypeScript binding: Zod StreamEnvelope.parse(JSON.parse)": (line) => chat_stream.StreamEnvelope.parse(JSON.parse(line)).timestamp,
  "TypeScript hand-written Zod (JSON.parse + parse)": (line) => handwritten.StreamEnvelope.parse(JSON.parse(line)).timestamp,
  "JavaScript JSON.parse only (reference)": (line) => JSON.parse(line).timestamp,
};

const lines = readFileSync(corpus, "utf8").split("\n").filter((l) => l.length > 0);
const mb = lines.reduce((n, l) => n + Buffer.byteLength(l, "utf8") + 1, 0) / 1e6;
const invalid = readFileSync(negative, "utf8").split("\n").filter((l) => l.length > 0);
for (const [name, decode] of Object.entries(bindings)) {
  if (name.includes("reference")) continue;
  for (const line of invalid) {
    let accepted = true;
    try { decode(line); } catch { accepted = false; }
    if (accepted) {
      process.stderr.write(`${name} accepts an invalid line: ${line}\n`);
      process.exit(1);
    }
  }
}

let checksum = 0;
for (const [name, decode] of Object.entries(bindings)) {
  for (const line of lines) checksum += decode(line);  // warm-up
  const start = process.hrtime.bigint();
  for (const line of lines) checksum += decode(line);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(JSON.stringify({ binding: name, lines: lines.length, mb, seconds }));
}
console.error(`checksum ${checksum}`);
