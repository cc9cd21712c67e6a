// Every IR construct, through the golden case tests/golden/constructs (its
// TypeScript output): what each accepts, rejects (and where), and that a
// parsed value re-serialises to the input's JSON value.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as c from "../golden/constructs/expected/ts/constructs.js";
import { registry, runtime as rt } from "../golden/constructs/expected/ts/index.js";
import * as shared from "../golden/constructs/expected/ts/shared.js";
import { accepts, readJson, rejects } from "./helpers.js";

test("struct members: required, optional, nullable, both", () => {
  const minimal = '{"required_plain": "a", "required_nullable": null, "any_required": 0}';
  accepts(c.Presence, minimal);
  const parsed = c.Presence.parse(JSON.parse(minimal));
  assert.deepStrictEqual(Object.keys(parsed).sort(), ["any_required", "required_nullable", "required_plain"], "no member added");
  accepts(c.Presence, '{"required_plain": "a", "required_nullable": "b", "any_required": {"x": [1, null]}, "optional_plain": 3, "optional_nullable": null, "optional_nullable_ref": null, "any_optional": null, "old": "x"}');
  accepts(c.Presence, '{"required_plain": "a", "required_nullable": null, "any_required": null, "optional_nullable_ref": {"id": "i"}}');
  rejects(c.Presence, '{"required_plain": "a", "any_required": 0}', "$.required_nullable");
  rejects(c.Presence, '{"required_plain": "a", "required_nullable": null}', "$.any_required");
  rejects(c.Presence, '{"required_plain": null, "required_nullable": null, "any_required": 0}', "$.required_plain");
  rejects(c.Presence, '{"required_plain": "a", "required_nullable": null, "any_required": 0, "optional_plain": null}', "$.optional_plain");
  rejects(c.Presence, '{"required_plain": "a", "required_nullable": null, "any_required": 0, "extra": 1}', undefined, /extra/);
  assert.equal(c.Presence.safeParse({ required_plain: "a", required_nullable: null, any_required: 0, optional_plain: undefined }).success, false,
               "an explicit undefined is not an absent member");
});

test("integers: no fraction, 1.0 is an integer, within ±(2^53 − 1)", () => {
  accepts(c.Numbers, '{"small": 5.0, "whole": 9007199254740991}');
  rejects(c.Numbers, '{"small": 1.5}', "$.small");
  rejects(c.Numbers, '{"small": "1"}', "$.small");
  rejects(c.Numbers, '{"small": true}', "$.small");
  rejects(c.Numbers, '{"whole": 9007199254740993}', "$.whole");
  rejects(c.Numbers, '{"real": "1.5"}', "$.real");
  rejects(c.Numbers, '{"real": false}', "$.real");
});

test("number bounds and multipleOf", () => {
  accepts(c.Numbers, '{"small": -5, "open_unit": 0.5, "step": 0.0075, "trillions": 3000000000000}');
  rejects(c.Numbers, '{"small": -6}', "$.small");
  rejects(c.Numbers, '{"small": 6}', "$.small");
  rejects(c.Numbers, '{"open_unit": 0}', "$.open_unit");
  rejects(c.Numbers, '{"open_unit": 1}', "$.open_unit");
  rejects(c.Numbers, '{"step": 0.00755}', "$.step");
  // Integers use the exact remainder: 1000000000001 / 1e12 is within 1e-9 of 1, but not a multiple.
  rejects(c.Numbers, '{"trillions": 1000000000001}', "$.trillions");
});

test("string lengths count code points", () => {
  accepts(c.Strings, '{"short": "ab"}');
  accepts(c.Strings, '{"short": "\u{1F4A9}\u{1F4A9}\u{1F4A9}"}');
  rejects(c.Strings, '{"short": "\u{1F4A9}\u{1F4A9}\u{1F4A9}\u{1F4A9}"}', "$.short", /maxLength 3/);
  rejects(c.Strings, '{"short": "a"}', "$.short", /minLength 2/);
  rejects(c.Strings, '{"short": "abcd"}', "$.short");
});

test("patterns: ECMA-262 with code point semantics, searched, not anchored", () => {
  accepts(c.Strings, '{"slug": "abc-12", "dotted": "a\u{1F4A9}c", "accented": "\u00e9\u00e9", "search": "abbbc"}');
  rejects(c.Strings, '{"slug": "ABC-12"}', "$.slug");
  rejects(c.Strings, '{"slug": "abc-123"}', "$.slug");
  rejects(c.Strings, '{"dotted": "a\\nc"}', "$.dotted");
  rejects(c.Strings, '{"dotted": "a\\u2028c"}', "$.dotted");
  rejects(c.Strings, '{"accented": "e"}', "$.accented");
  rejects(c.Strings, '{"search": "ac"}', "$.search");
});

test("formats keep their exact text", () => {
  accepts(c.Strings, '{"when": "1990-12-31T23:59:60Z", "id": "987FCDEB-51A2-11E1-FAD2-0242AC130003", "link": "https://example.com/a?b=c#d"}');
  accepts(c.Strings, '{"when": "1990-12-31t15:59:60.123456789-08:00", "link": "urn:isbn:0451450523", "stamp": "2024-02-29T00:00:00+00:00"}');
  accepts(c.Strings, '{"lower_id": "987fcdeb-51a2-11e1-fad2-0242ac130003", "link": "http://user@[::1]:8080/p"}');
  rejects(c.Strings, '{"when": "1990-12-31T23:59:60+01:00"}', "$.when", /date-time/);
  rejects(c.Strings, '{"when": "2023-02-29T12:00:00Z"}', "$.when");
  rejects(c.Strings, '{"when": "2024-01-01T00:00:00"}', "$.when");
  rejects(c.Strings, '{"stamp": "2024-01-01 00:00:00Z"}', "$.stamp");
  rejects(c.Strings, '{"id": "987fcdeb51a211e1fad20242ac130003"}', "$.id", /UUID/);
  rejects(c.Strings, '{"lower_id": "987FCDEB-51A2-11E1-FAD2-0242AC130003"}', "$.lower_id");
  rejects(c.Strings, '{"link": "//example.com/a"}', "$.link", /URI/);
  rejects(c.Strings, '{"link": "http://exa mple.com"}', "$.link");
  rejects(c.Strings, '{"link": "http://host:port/"}', "$.link");
  rejects(c.Strings, '{"id": 5}', "$.id");
});

test("arrays: counts and uniqueness by JSON equality", () => {
  accepts(c.Arrays, '{"tags": ["a", "b", "c"], "values": [1, "1", true, null, [1], {"a": 1}, 0, false], "matrix": [[1, 2], []], "holes": ["a", null]}');
  rejects(c.Arrays, '{"tags": []}', "$.tags");
  rejects(c.Arrays, '{"tags": ["a", "b", "c", "d"]}', "$.tags");
  rejects(c.Arrays, '{"tags": ["a", "a"]}', "$.tags", /items 0 and 1 are equal/);
  rejects(c.Arrays, '{"values": [1, 1.0]}', "$.values");
  rejects(c.Arrays, '{"values": [{"a": 1, "b": [2]}, {"b": [2.0], "a": 1}]}', "$.values");
  rejects(c.Arrays, '{"matrix": [[1], ["2"]]}', "$.matrix[1][0]");
});

test("maps: typed values and member counts", () => {
  accepts(c.Maps, '{"counts": {"a": 1, "b": 2}, "anything": {"x": [1, {"y": null}], "": true}}');
  rejects(c.Maps, '{"counts": {}}', "$.counts");
  rejects(c.Maps, '{"counts": {"a": 1, "b": 2, "c": 3}}', "$.counts");
  rejects(c.Maps, '{"counts": {"a b": 1.5}}', '$.counts["a b"]');
  rejects(c.Maps, '{"anything": []}', "$.anything");
});

test("closed, open and typed extras", () => {
  rejects(c.Closed, '{"id": "a", "b": 1}', "$");
  accepts(c.Open, '{"id": "a", "b": {"c": [1, 2.5, null]}, "meta": {"source": "s", "custom": true, "at": "2024-01-01T00:00:00Z"}}');
  rejects(c.Open, '{"id": "a", "meta": {"source": ""}}', "$.meta.source");
  rejects(c.Open, '{"id": "a", "meta": {"source": "s", "at": "yesterday"}}', "$.meta.at");
  accepts(c.TypedExtras, '{"name": "n", "a": 1, "b": 0}');
  rejects(c.TypedExtras, '{"name": "n", "a": -1}', "$.a");
  rejects(c.TypedExtras, '{"name": "n", "a": "x"}', "$.a");
});

test("an undeclared member named __proto__ is kept as an own member, the prototype untouched", () => {
  const open = c.Open.parse(JSON.parse('{"id": "a", "__proto__": {"polluted": true}, "b": 1}'));
  assert.deepStrictEqual(Object.keys(open), ["id", "__proto__", "b"]);
  assert.equal(Object.getPrototypeOf(open), Object.prototype);
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
  rejects(c.Closed, '{"id": "a", "__proto__": 1}', "$", /__proto__/);
  // The text decoder keeps it in maps of any value too, and re-encodes it.
  const text = '{"anything":{"__proto__":1,"x":2}}';
  assert.deepStrictEqual(registry.roundTrip("constructs.Maps", text), { ok: true, json: text });
  assert.deepStrictEqual(registry.roundTrip("constructs.Closed", '{"id": "a", "__proto__": 1}'),
                         { ok: false, error: '$.__proto__: additionalProperties: member "__proto__" is not allowed' });
});

test("known limit: Zod's z.record drops a member named __proto__ from a map parsed as a value", () => {
  const map = c.Maps.parse(JSON.parse('{"anything": {"__proto__": 1, "x": 2}}'));
  assert.deepStrictEqual(Object.keys(map.anything ?? {}), ["x"]);
});

test("forbidden members", () => {
  accepts(c.Forbidding, '{"a": "x", "other": 1}');
  rejects(c.Forbidding, '{"x": 1}', "$.x", /^not: the member must be absent/);
  rejects(c.Forbidding, '{"a": "x", "y": null}', "$.y");
  rejects(c.Forbidding, '{"gone": "x"}', "$.gone");
  accepts(c.ClosedForbidding, '{"a": "x"}');
  rejects(c.ClosedForbidding, '{"z": 1}', "$.z");
});

test("const members: JSON equality, re-emitted", () => {
  accepts(c.Consts, '{"kind": "consts", "version": 2, "flag": true, "nothing": null, "shape": {"a": [1, 2.5], "b": null}}');
  const parsed = c.Consts.parse(JSON.parse('{"kind": "consts", "version": 2.0, "flag": true, "nothing": null, "shape": {"b": null, "a": [1.0, 2.5]}, "maybe": "x"}'));
  assert.equal(JSON.stringify(parsed.version), "2");
  rejects(c.Consts, '{"kind": "consts", "version": 3, "flag": true, "nothing": null, "shape": {"a": [1, 2.5], "b": null}}', "$.version");
  rejects(c.Consts, '{"kind": "consts", "version": 2, "flag": 1, "nothing": null, "shape": {"a": [1, 2.5], "b": null}}', "$.flag");
  rejects(c.Consts, '{"kind": "consts", "version": 2, "flag": true, "shape": {"a": [1, 2.5], "b": null}}', "$.nothing");
  rejects(c.Consts, '{"kind": "consts", "version": 2, "flag": true, "nothing": null, "shape": {"a": [1, 2.5]}}', "$.shape");
  rejects(c.Consts, '{"kind": "consts", "version": 2, "flag": true, "nothing": null, "shape": {"a": [2.5, 1], "b": null}}', "$.shape");
  rejects(c.Consts, '{"kind": "consts", "version": 2, "flag": true, "nothing": null, "shape": {"a": [1, 2.5], "b": null}, "maybe": "y"}', "$.maybe");
});

test("object member counts", () => {
  rejects(c.Counted, "{}", "$", /^minProperties: .*minimum 1/);
  accepts(c.Counted, '{"a": 1}');
  accepts(c.Counted, '{"x": "y", "z": null}');
  rejects(c.Counted, '{"a": 1, "b": 2, "c": 3}', "$", /^maxProperties: .*maximum 2/);
});

test("lifted nested declarations", () => {
  accepts(c.Nested, '{"inner": {"deep": {"leaf": 1}}, "mode": "slow", "items": [{"n": 1.5}, {"n": -2}]}');
  rejects(c.Nested, '{"inner": {"deep": {"leaf": "1"}}}', "$.inner.deep.leaf");
  rejects(c.Nested, '{"inner": {"deep": {"leaf": 1}}, "items": [{"n": 1}, {}]}', "$.items[1].n");
  rejects(c.Nested, '{"inner": {"deep": {"leaf": 1}}, "mode": "medium"}', "$.mode");
  accepts(c.NestedInnerDeep, '{"leaf": 0}');
});

test("aliases", () => {
  accepts(c.Identifier, '"987fcdeb-51a2-11e1-fad2-0242ac130003"');
  rejects(c.Identifier, '"nope"', "$");
  accepts(c.Count, "0");
  rejects(c.Count, "-1", "$");
  accepts(c.MaybeName, "null");
  accepts(c.MaybeName, '"n"');
  accepts(c.Names, '["a", "b"]');
  accepts(shared.Timestamp, '"2024-01-01T00:00:00.5z"');
});

test("enums: strings, mixed scalars, structured values", () => {
  assert.deepStrictEqual(c.COLOR_VALUES, ["red", "green", "blue"]);
  accepts(c.Color, '"green"');
  rejects(c.Color, '"Green"', "$");
  for (const ok of ['"a"', "1", "1.0", "true", "2.5"]) accepts(c.Mixed, ok);
  for (const bad of ["false", "0", '"1"', "2", "null"]) rejects(c.Mixed, bad, "$");
  for (const ok of ["[1, 2]", "[1.0, 2.0]", '{"a": 1.0}', '"x"']) accepts(c.Structured, ok);
  for (const bad of ["[2, 1]", '{"a": 1, "b": 2}', '"y"', "[1, 2, 3]"]) rejects(c.Structured, bad, "$");
  accepts(c.Palette, '{"main": "red", "maybe": null, "mixed": 1, "structured": {"a": 1}}');
  rejects(c.Palette, '{"maybe": "blue"}', "$.maybe");
});

test("open enums: known values or other strings (meeting their rules)", () => {
  assert.deepStrictEqual(c.LABEL_KNOWN_VALUES, ["red", "green", "blue"]);
  for (const ok of ['"red"', '"anything at all"', '""']) accepts(c.Label, ok);
  rejects(c.Label, "5", "$");
  for (const ok of ['"red"', '"teal"']) accepts(c.Shade, ok);
  for (const bad of ['"Teal"', '"RED"', '"two words"']) rejects(c.Shade, bad, "$");
  accepts(c.Palette, '{"label": "mauve", "shade": "mauve"}');
  rejects(c.Palette, '{"shade": "Mauve"}', "$.shade");
});

test("discriminated unions report tag problems at the tag", () => {
  accepts(c.Shape, '{"kind": "circle", "r": 1}');
  accepts(c.Shape, '{"r": 2, "kind": "circle"}');
  accepts(c.Shape, '{"kind": "square", "side": 0}');
  rejects(c.Shape, '{"kind": "triangle"}', "$.kind");
  rejects(c.Shape, "{}", "$.kind");
  rejects(c.Shape, '{"kind": 5}', "$.kind");
  rejects(c.Shape, '"circle"', "$");
  rejects(c.Shape, '{"kind": "circle", "side": 1}', "$.r");
  rejects(c.Shape, '{"kind": "circle", "r": 1, "side": 1}', "$", /side/);
  rejects(c.Holder, '{"shape": {"kind": "circle", "r": -1}}', "$.shape.r");
  rejects(c.Holder, '{"shape": {"kind": "circle", "r": 1}, "shapes": [{"kind": "square", "side": 1}, {"kind": "oval"}]}', "$.shapes[1].kind");
  accepts(c.Holder, '{"shape": {"kind": "square", "side": 2}, "maybe_shape": null, "shapes": []}');
});

test("an explicit discriminator: dispatch on its property, an enum of one string as a tag", () => {
  accepts(c.Event, '{"op": "stopped", "reason": "done"}');
  accepts(c.Event, '{"at": "2024-01-01T00:00:00Z", "op": "started"}');
  rejects(c.Event, '{"op": "paused"}', "$.op");
  rejects(c.Event, '{"reason": "no tag"}', "$.op");
  rejects(c.Event, '{"op": "started"}', "$.at");
  assert.deepStrictEqual(c.STOPPED_OP_VALUES, ["stopped"]);
});

test("root types: a file's root schema named by its title or its file name, '#' and 'file.json' refer to it", () => {
  accepts(c.TaggedEnvelope, '{"event": {"op": "stopped"}, "reading": {"value": 3, "unit": "celsius", "kept": true}}');
  rejects(c.TaggedEnvelope, '{"event": {"op": "stopped"}, "reading": {"unit": "celsius"}}', "$.reading.value");
  rejects(c.TaggedEnvelope, '{"event": {"op": "stopped"}, "extra": 1}', "$", /extra/);
  accepts(c.Reading, '{"value": 21.5}');
  accepts(c.Batch, '[{"event": {"op": "stopped"}}]');
  rejects(c.Batch, '[{"event": {"op": "paused"}}]', "$[0].event.op");
  const names = [...registry.types.keys()];
  for (const name of ["constructs.TaggedEnvelope", "constructs.Reading", "constructs.Event", "constructs.NestedMode"])
    assert.ok(names.includes(name), name);
});

test("unions of disjoint kinds", () => {
  for (const ok of ["null", '"s"', "3", "3.0", "true", '["a"]', "[]"]) accepts(c.Scalar, ok);
  for (const bad of ["3.5", "{}", "[1]"]) rejects(c.Scalar, bad);
});

test("overlapping oneOf: exactly one variant", () => {
  accepts(c.Exclusive, '"xyz"');
  accepts(c.Exclusive, '"abcdef"');
  rejects(c.Exclusive, '"abc"', "$", /^oneOf: .*more than one/);
  rejects(c.Exclusive, '"zzzz"', "$");
  const outcome = registry.roundTrip("constructs.Exclusive", '"zzzz"');
  assert.ok(!outcome.ok);
  assert.match(outcome.error, /^\$: oneOf: .*none of the alternatives/);
  const kinds = registry.roundTrip("constructs.Scalar", "[1]");
  assert.ok(!kinds.ok);
  assert.match(kinds.error, /^\$: oneOf: /, "one oneOf error at the value, not a branch's error");
});

test("overlapping anyOf: the first match wins, several matches are fine", () => {
  for (const ok of ["5", "10.5", "12"]) accepts(c.Inclusive, ok);
  rejects(c.Inclusive, "5.5", "$");
  rejects(c.Inclusive, '"5"', "$");
});

test("table constants equal the schemas' values; lookup functions", () => {
  const defs = (readJson("tests/golden/constructs/input/constructs/tables.schema.json") as { $defs: Record<string, { const: unknown }> }).$defs;
  const exported: Record<string, unknown> = {
    Answer: c.ANSWER, Ratios: c.RATIOS, ColorCodes: c.COLOR_CODES, Primary: c.PRIMARY, Favourites: c.FAVOURITES, Origin: c.ORIGIN,
  };
  for (const [name, def] of Object.entries(defs)) assert.ok(rt.jsonEqual(exported[name], def.const), `${name} equals its const`);
  assert.deepStrictEqual(Object.keys(c.COLOR_CODES), ["red", "green", "__proto__"], "a __proto__ key is an own member");
  assert.equal(c.colorCode("red"), "#f00");
  assert.equal(c.colorCode("__proto__"), "#000");
  assert.equal(c.colorCode("blue"), undefined);
  assert.equal(c.colorCode("toString"), undefined);
  assert.ok(Object.isFrozen(c.COLOR_CODES) === false, "tables are plain objects (as const is a compile-time guarantee)");
});

test("registry: declared types only", () => {
  const names = [...registry.types.keys()];
  assert.ok(names.includes("constructs.Presence"));
  assert.ok(names.includes("shared.Meta"));
  assert.ok(!names.includes("constructs.NestedInner"), "lifted declarations are not registered");
  assert.ok(!names.includes("constructs.Answer"), "constants are not registered");
  accepts(registry.types.get("shared.Meta")!, '{"source": "s"}');
});

test("parse/safeParse helpers", () => {
  assert.throws(() => c.parseShape({ kind: "oval" }), (e: unknown) => e instanceof Error && e.name === "ZodError");
  const ok = c.safeParseShape({ kind: "circle", r: 1 });
  assert.ok(ok.success && ok.data.kind === "circle" && ok.data.r === 1);
});
