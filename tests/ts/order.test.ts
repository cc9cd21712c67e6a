// Encoding writes an object's declared members in schema order, then the
// unknown members an open object kept (in the order they came), whatever the
// order of the input. The expected order is read from the schema files.
// JavaScript objects list integer-like names ("123") before all others, so in
// this binding those come first.
import assert from "node:assert/strict";
import { test } from "node:test";

import { chat_stream, registry } from "../../generated/ts/index.js";
import * as h from "../golden/hostile/expected/ts/hostile.js";
import { readJson } from "./helpers.js";

type Schema = { $defs: Record<string, { properties: Record<string, unknown> }> };

function declared(file: string, type: string): string[] {
  return Object.keys((readJson(file) as Schema).$defs[type]!.properties);
}

/** `object` with its members defined in the reverse order (define: a `__proto__` member stays a member). */
function reversed(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(object).reverse())
    Object.defineProperty(out, key, { value: object[key], enumerable: true, writable: true, configurable: true });
  return out;
}

/** The member names of JSON text, in the order they are written. */
function writtenOrder(json: string): string[] {
  return Object.keys(JSON.parse(json) as object);
}

test("a closed object: declared members in schema order", () => {
  const order = declared("schemas/chat_stream/events.schema.json", "StreamStart");
  assert.ok(order.length >= 4, "StreamStart declares several members");
  const input = reversed(Object.fromEntries(order.map((k) => [k, k === "type" ? "stream_start" : `v-${k}`])));
  assert.notDeepEqual(Object.keys(input), order, "the input is out of order");
  const result = registry.roundTrip("chat_stream.StreamStart", JSON.stringify(input));
  if (!result.ok) assert.fail(result.error);
  assert.deepStrictEqual(writtenOrder(result.json), order);
});

test("an open object: declared members in schema order, then the unknown ones as they came", () => {
  const order = declared("schemas/chat_stream/entities.schema.json", "Entity");
  const present = order.filter((k) => ["entity_type", "identifier", "title", "file_name", "mimetype", "workspace_id", "cited_entities"].includes(k));
  const members: Record<string, unknown> = { zz_first_unknown: 1 };
  for (const k of [...present].reverse()) members[k] = k === "entity_type" ? "WEB_PAGE" : k === "cited_entities" ? ["e"] : `v-${k}`;
  members["aa_second_unknown"] = 2;
  const parsed = chat_stream.Entity.parse(members);
  assert.deepStrictEqual(writtenOrder(JSON.stringify(parsed)), [...present, "zz_first_unknown", "aa_second_unknown"]);
});

test("a union member inside an envelope: each object in its own schema order", () => {
  const envelope = declared("schemas/chat_stream/envelope.schema.json", "StreamEnvelope");
  const delta = declared("schemas/chat_stream/events.schema.json", "MessageDelta");
  const parsed = chat_stream.StreamEnvelope.parse({ timestamp: 1, data: { delta: "hi", type: "message_delta" } });
  const json = JSON.stringify(parsed);
  assert.deepStrictEqual(writtenOrder(json), envelope);
  assert.deepStrictEqual(Object.keys((JSON.parse(json) as { data: object }).data), delta);
});

test("hostile names, __proto__ included, keep schema order (integer-like names first, as JavaScript lists them)", () => {
  const order = declared("tests/golden/hostile/input/hostile/names.schema.json", "Everything");
  const integerLike = order.filter((k) => /^(0|[1-9][0-9]*)$/.test(k));
  assert.deepStrictEqual(integerLike, ["123"], "the case has one integer-like name");
  const input: Record<string, unknown> = {};
  const source = readJson("tests/golden/hostile/input/hostile/names.schema.json") as {
    $defs: { Everything: { properties: Record<string, { const?: unknown; $ref?: string; type?: string }> } };
  };
  for (const [name, p] of Object.entries(source.$defs.Everything.properties)) {
    const value = p.const ?? (p.$ref ? "*/" : p.type === "integer" ? 7 : p.type === "boolean" ? true : `value of ${name}`);
    Object.defineProperty(input, name, { value, enumerable: true, writable: true, configurable: true });
  }
  const parsed = h.Everything.parse(reversed(input));
  assert.deepStrictEqual(Object.keys(parsed), [...integerLike, ...order.filter((k) => !integerLike.includes(k))]);
});
