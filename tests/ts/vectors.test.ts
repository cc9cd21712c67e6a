// The real contract (generated/ts) against the conformance vectors: every
// valid instance is accepted and round-trips to the same JSON value, every
// invalid one is rejected with a message that starts with its JSON path.
// Also: the registry names every declared type, and every table constant is
// emitted with exactly the schema's value.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import * as contract from "../../generated/ts/index.js";
import { registry, runtime } from "../../generated/ts/index.js";
import { readJson, root } from "./helpers.js";

interface Vector {
  name: string;
  type: string;
  valid: boolean;
  instance: unknown;
  rule?: string;
}

const vectorFiles = readdirSync(join(root, "tests/conformance/vectors"))
  .filter((f) => f.endsWith(".json"))
  .sort();

test("the conformance vectors are there", () => {
  assert.ok(vectorFiles.length >= 5, `vector files: ${vectorFiles.join(", ")}`);
});

for (const file of vectorFiles) {
  const { cases } = readJson(`tests/conformance/vectors/${file}`) as { cases: Vector[] };
  test(`vectors/${file}`, async (t) => {
    assert.ok(cases.length > 0);
    for (const [index, v] of cases.entries()) {
      await t.test(`#${index} ${v.valid ? "valid" : "invalid"}: ${v.name}`, () => {
        assert.ok(registry.findType(v.type) !== undefined, `the registry has no ${v.type}`);
        const outcome = registry.roundTrip(v.type, JSON.stringify(v.instance));
        if (v.valid) {
          if (!outcome.ok) assert.fail(`rejected: ${outcome.error}`);
          assert.deepStrictEqual(JSON.parse(outcome.json), v.instance, "decode then encode gives the same JSON value");
        } else {
          if (outcome.ok) assert.fail(`accepted an instance that breaks: ${v.rule ?? v.name}`);
          assert.match(outcome.error, /^\$/, "the message starts with the JSON path");
        }
      });
    }
  });
}

// The schemas, read directly: every $defs entry is a declared type (in the
// registry) or a constant (a table exported with the schema's exact value).
type Defs = Record<string, Record<string, unknown>>;
const families = readdirSync(join(root, "schemas"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

test("every declared type of schemas/ is in the registry, and nothing else", () => {
  const expected = new Set<string>();
  for (const family of families) {
    for (const file of readdirSync(join(root, "schemas", family)).filter((f) => f.endsWith(".schema.json"))) {
      const defs = ((readJson(`schemas/${family}/${file}`) as { $defs?: Defs }).$defs ?? {}) as Defs;
      for (const [name, schema] of Object.entries(defs)) if (!("const" in schema)) expected.add(`${family}.${name}`);
    }
  }
  assert.ok(expected.size > 90, `${expected.size} declared types`);
  assert.deepStrictEqual([...registry.types.keys()].sort(), [...expected].sort());
});

test("every constant of schemas/ is exported with exactly the schema's value", () => {
  let constants = 0;
  for (const family of families) {
    const module = (contract as unknown as Record<string, Record<string, unknown>>)[family];
    assert.ok(module !== undefined, `index.ts exports the family ${family}`);
    const exported = Object.entries(module);
    for (const file of readdirSync(join(root, "schemas", family)).filter((f) => f.endsWith(".schema.json"))) {
      const defs = ((readJson(`schemas/${family}/${file}`) as { $defs?: Defs }).$defs ?? {}) as Defs;
      for (const [name, schema] of Object.entries(defs)) {
        if (!("const" in schema)) continue;
        constants++;
        const screaming = name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2").toUpperCase();
        const found = exported.find(([key]) => key === screaming);
        assert.ok(found !== undefined, `${family}.${name} is exported as ${screaming}`);
        assert.ok(runtime.jsonEqual(found[1], schema["const"]), `${family}.${screaming} equals the schema's const`);
      }
    }
  }
  assert.ok(constants > 30, `${constants} constants`);
});

test("lookup functions of the tables", () => {
  assert.equal(contract.run_events.normalizeStatus("started"), "in_progress");
  assert.equal(contract.run_events.normalizeStatus("complete"), "success");
  assert.equal(contract.run_events.normalizeStatus("nonsense"), undefined);
  assert.equal(contract.run_events.normalizeStatus("toString"), undefined, "never a prototype member");
  assert.equal(contract.cloudevents.graphEventContentType("NODE_STREAM"), "application/vnd.coreason.stream+json");
  assert.equal(contract.cloudevents.graphEventContentType("__proto__"), undefined);
});

test("roundTrip reports bad input clearly", () => {
  const unknownType = registry.roundTrip("chat_stream.Nope", "{}");
  assert.ok(!unknownType.ok && /unknown type/.test(unknownType.error));
  const badJson = registry.roundTrip("chat_stream.StreamEnvelope", "{");
  assert.ok(!badJson.ok && /^\$: syntax: invalid JSON/.test(badJson.error));
  const badTag = registry.roundTrip("chat_stream.StreamEnvelope", '{"data": {"type": "nope"}, "timestamp": 1}');
  assert.ok(!badTag.ok);
  assert.match(badTag.error, /^\$\.data\.type: /, "an unknown tag is reported at the tag");
});

test("parse and safeParse helpers of a root type", () => {
  const line = '{"data": {"type": "message_delta", "delta": "Hi"}, "timestamp": 1730000000050}';
  const envelope = contract.chat_stream.parseStreamEnvelope(JSON.parse(line));
  assert.equal(envelope.data.type, "message_delta");
  assert.throws(() => contract.chat_stream.parseStreamEnvelope({ data: { type: "message_delta" }, timestamp: 1 }));
  const result = contract.chat_stream.safeParseStreamEnvelope({ data: { type: "heartbeat" }, timestamp: -1 });
  assert.equal(result.success, false);
});
