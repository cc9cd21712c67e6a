// One round of bench/decode.py for TypeScript/JavaScript: every corpus line decoded by
//   - the generated binding's text decoder (chat_stream.decodeStreamEnvelope:
//     the payload policy of docs/semantics.md, one error in document order);
//   - the generated binding's Zod schema on JSON.parse (chat_stream.StreamEnvelope.parse);
//   - the hand-written Zod model (handwritten/zod/chat_stream.mjs) on JSON.parse;
//   - ajv (draft 2020-12, ajv-formats) compiled from the repository's chat-stream
//     schema, on JSON.parse: a JSON Schema validator as a peer;
//   - JSON.parse alone (a reference: no validation, no types).
// First the verdicts: every row but the reference must accept every corpus
// line and reject every line of the negative set (exit 1 otherwise). Then,
// per row in the order given, a warm-up pass and one timed pass. Prints one
// JSON object per row.
// usage: node decode_node.mjs <generated/ts dir> <schemas dir> CORPUS NEGATIVE
import { readFileSync, readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const [packageDir, schemasDir, corpus, negative] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
const { chat_stream } = await import(pathToFileURL(path.join(packageDir, "index.js")).href);
const handwritten = await import(pathToFileURL(path.join(here, "handwritten", "zod", "chat_stream.mjs")).href);

// Every schema file of the repository under one base URI, so that relative
// references between folders resolve (the conformance oracle does the same).
// strictRequired: false because the contract's `not: {required: [x]}` names
// members declared elsewhere; strict mode would refuse the schemas.
const BASE = "https://contract.invalid/";
const ajv = new Ajv2020.default({ strict: false, strictRequired: false, allErrors: false, unicodeRegExp: true });
addFormats.default(ajv);
for (const folder of readdirSync(schemasDir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
  for (const file of readdirSync(path.join(schemasDir, folder.name)).filter((f) => f.endsWith(".schema.json"))) {
    ajv.addSchema(JSON.parse(readFileSync(path.join(schemasDir, folder.name, file), "utf8")), `${BASE}${folder.name}/${file}`);
  }
}
const ajvEnvelope = ajv.compile({ $ref: `${BASE}chat_stream/envelope.schema.json#/$defs/StreamEnvelope` });
const ajvRejects = new Error("ajv: invalid");

// Each row returns a number from the decoded value, summed into a checksum so
// that no decoding can be optimised away.
const rows = {
  "TypeScript binding: decodeStreamEnvelope(text)": (line) => chat_stream.decodeStreamEnvelope(line).timestamp,
  "TypeScript binding: Zod StreamEnvelope.parse(JSON.parse)": (line) => chat_stream.StreamEnvelope.parse(JSON.parse(line)).timestamp,
  "TypeScript hand-written Zod (JSON.parse + parse)": (line) => handwritten.StreamEnvelope.parse(JSON.parse(line)).timestamp,
  "JavaScript ajv 2020-12 (JSON.parse + validate)": (line) => {
    const value = JSON.parse(line);
    if (!ajvEnvelope(value)) throw ajvRejects;
    return value.timestamp;
  },
  "JavaScript JSON.parse only (reference)": (line) => JSON.parse(line).timestamp,
};

const readLines = (file) => readFileSync(file, "utf8").split("\n").filter((l) => l.length > 0);
const lines = readLines(corpus);
const invalid = readLines(negative);
const mb = lines.reduce((n, l) => n + Buffer.byteLength(l, "utf8") + 1, 0) / 1e6;

for (const [name, decode] of Object.entries(rows)) {
  if (name.includes("reference")) continue;
  for (const line of lines) {
    try {
      decode(line);
    } catch (e) {
      process.stderr.write(`${name} rejects a corpus line: ${line.slice(0, 200)}: ${String(e).slice(0, 300)}\n`);
      process.exit(1);
    }
  }
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
for (const [name, decode] of Object.entries(rows)) {
  for (const line of lines) checksum += decode(line);  // warm-up
  const start = process.hrtime.bigint();
  for (const line of lines) checksum += decode(line);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(JSON.stringify({ row: name, lines: lines.length, mb, seconds }));
}
console.error(`checksum ${checksum}`);
