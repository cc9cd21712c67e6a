// The TypeScript conformance runner: decodes each stdin line (its bytes) with
// the generated package's text decoder (registry.js roundTrip) and re-encodes
// it. Protocol: docs/conformance.md.
//
//   node runner.mjs --registry DIST/registry.js --type family.Type
//   node runner.mjs --registry DIST/registry.js --mixed     ("family.Type<TAB>instance" lines)
//   node runner.mjs --registry DIST/registry.js --list
//   --tolerant: decode in the tolerant-reader mode ({ tolerant: true })
import { pathToFileURL } from "node:url";

const usage = () => {
  process.stderr.write("usage: runner.mjs --registry DIST/registry.js (--type family.Type | --mixed | --list) [--tolerant]\n");
  process.exit(2);
};
let registryPath = "", type = "", mixed = false, list = false, options = undefined;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "--registry" && i + 1 < argv.length) registryPath = argv[++i];
  else if (a === "--type" && i + 1 < argv.length) type = argv[++i];
  else if (a.startsWith("--type=")) type = a.slice(7);
  else if (a === "--mixed") mixed = true;
  else if (a === "--list") list = true;
  else if (a === "--tolerant") options = { tolerant: true };
  else usage();
}
if (!registryPath || (!list && mixed === (type !== ""))) usage();

const registry = await import(pathToFileURL(registryPath).href);
if (list) {
  process.stdout.write([...registry.types.keys()].join("\n") + "\n");
  process.exit(0);
}
if (!mixed && registry.findType(type) === undefined) {
  const family = type.split(".")[0] + ".";
  const known = [...registry.types.keys()].filter((k) => k.startsWith(family));
  process.stderr.write(`unknown type '${type}'; known types of that family:\n${known.map((k) => "  " + k).join("\n")}\n`);
  process.exit(2);
}

const oneLine = (s) => s.replace(/[\r\n]/g, " ");
const respond = (name, text) => {
  let r;
  try {
    r = registry.roundTrip(name, text, options);
  } catch (e) {  // a binding bug, reported as such rather than as a verdict
    return "crash " + oneLine(String(e && e.stack ? e.stack : e));
  }
  if (r.ok) return "ok " + r.json;
  return "error " + oneLine(r.error.startsWith("$") ? r.error : "$: " + r.error);
};

// Input is read as bytes and split at "\n"; each line goes to the binding as
// the bytes it is, so that the binding's own UTF-8 and byte order mark rules
// are what the runner reports (a TextDecoder here would drop a BOM). Output is
// written in blocks, one per input chunk: prompt for one line at a time, cheap
// for 100,000 lines.
const answer = (bytes) => {
  if (!mixed) return respond(type, bytes);
  const tab = bytes.indexOf(9);
  const name = tab < 0 ? "" : Buffer.from(bytes.subarray(0, tab)).toString("latin1");
  if (tab < 0 || registry.findType(name) === undefined) return `unknown-type ${name}`;
  return respond(name, bytes.subarray(tab + 1));
};
let pending = Buffer.alloc(0);
process.stdin.on("data", (chunk) => {
  pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
  const out = [];
  let start = 0;
  for (let nl = pending.indexOf(10, start); nl >= 0; nl = pending.indexOf(10, start)) {
    out.push(answer(pending.subarray(start, nl)) + "\n");
    start = nl + 1;
  }
  pending = pending.subarray(start);
  if (out.length) process.stdout.write(out.join(""));
});
process.stdin.on("end", () => {
  if (pending.length) process.stdout.write(answer(pending) + "\n");
});
