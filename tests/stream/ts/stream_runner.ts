// The TypeScript stream runner: raw bytes on stdin through the runtime's
// reader, one output line per record (the protocol of tests/stream/stream_runner.py).
//
//   node stream_runner.js --framing ndjson|sse [--chunk N] [--decode text|json]
//                         [--max-line-bytes N] [--max-event-bytes N] [FILE...]
import { readFileSync } from "node:fs";
import { rt } from "./support.js";

function usage(message: string): never {
  process.stderr.write(`stream_runner: ${message}\nusage: stream_runner --framing ndjson|sse [--chunk N] [--decode text|json] [--max-line-bytes N] [--max-event-bytes N]\n`);
  process.exit(2);
}

const options = new Map<string, string>();
const files: string[] = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const name = argv[i]!;
  if (!name.startsWith("--")) {
    files.push(name);
    i -= 1;
    continue;
  }
  if (!["--framing", "--chunk", "--decode", "--max-line-bytes", "--max-event-bytes"].includes(name) || argv[i + 1] === undefined)
    usage(`unknown or incomplete option ${name}`);
  options.set(name, argv[i + 1]!);
}
const framing = options.get("--framing");
if (framing !== "ndjson" && framing !== "sse") usage("--framing must be ndjson or sse");
const decode = options.get("--decode") ?? "text";
if (decode !== "text" && decode !== "json") usage("--decode must be text or json");
const number = (name: string, fallback: number): number => {
  const value = Number(options.get(name) ?? fallback);
  if (!Number.isInteger(value) || value < 0) usage(`${name} must be a non-negative integer`);
  return value;
};
const chunk = number("--chunk", 0);
const maxLineBytes = number("--max-line-bytes", rt.DEFAULT_MAX_LINE_BYTES);
const maxEventBytes = number("--max-event-bytes", rt.DEFAULT_MAX_EVENT_BYTES);

const lines: string[] = [];

function value(text: string, offset: number, line: number): string | null {
  if (decode === "text") return JSON.stringify(text);
  try {
    return JSON.stringify(JSON.parse(text));
  } catch (error) {
    lines.push(`error ${offset} ${line}: decode: ${(error as Error).message}`);
    return null;
  }
}

function emit(record: rt.NdjsonRecord | rt.SseRecord): void {
  if (record.kind === "error") lines.push(`error ${record.offset} ${record.line}: ${record.code}: ${record.message}`);
  else if (record.kind === "retry") lines.push(`retry ${record.ms}`);
  else if (record.kind === "item") {
    const text = value(record.text, record.offset, record.line);
    if (text !== null) lines.push(`item ${text}`);
  } else {
    const text = value(record.data, record.offset, record.line);
    if (text !== null) lines.push(`item {"event":${JSON.stringify(record.type)},"id":${JSON.stringify(record.lastEventId)},"data":${text}}`);
  }
}

function run(data: Uint8Array): void {
  const size = chunk || Math.max(1, data.length);
  const reader = framing === "ndjson" ? new rt.NdjsonReader({ maxLineBytes }) : new rt.SseReader({ maxLineBytes, maxEventBytes });
  for (let start = 0; start < data.length; start += size) for (const record of reader.feed(data.subarray(start, start + size))) emit(record);
  for (const record of reader.end()) emit(record);
}

if (files.length === 0) run(new Uint8Array(readFileSync(0)));
for (const path of files) {
  lines.push(`stream ${path}`);
  run(new Uint8Array(readFileSync(path)));
}
process.stdout.write(lines.map((line) => line + "\n").join(""));
