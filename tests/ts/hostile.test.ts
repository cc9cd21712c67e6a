// The hostile golden case: reserved words of three languages as property
// names, names that fold together, Unicode names, and text that breaks naive
// generators. Compiling it proves the text is inert in comments; these tests
// prove it is preserved exactly in values.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as h from "../golden/hostile/expected/ts/hostile.js";
import { registry } from "../golden/hostile/expected/ts/index.js";
import { readJson } from "./helpers.js";

interface Property {
  type?: string;
  const?: string;
  $ref?: string;
}
const schema = readJson("tests/golden/hostile/input/hostile/names.schema.json") as {
  $defs: {
    HostileEnum: { enum: string[] };
    Everything: { properties: Record<string, Property> };
    Strings: { const: string[] };
  };
};

test("hostile strings survive exactly as data", () => {
  assert.deepStrictEqual(h.STRINGS, schema.$defs.Strings.const);
  assert.ok(h.STRINGS.includes("\u0000nul"));
});

test("hostile enum values survive exactly and parse", () => {
  assert.deepStrictEqual(h.HOSTILE_ENUM_VALUES, schema.$defs.HostileEnum.enum);
  for (const value of schema.$defs.HostileEnum.enum) assert.equal(h.HostileEnum.parse(value), value);
  assert.equal(h.HostileEnum.safeParse("cafe").success, false);
});

/** An instance with every declared property of Everything, each with a valid value. */
function everything(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(schema.$defs.Everything.properties)) {
    // Define, do not assign: `out["__proto__"] = …` would set the prototype.
    const value = p.const ?? (p.$ref ? "*/" : p.type === "integer" ? 7 : p.type === "boolean" ? true : `value of ${name}`);
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

test("every hostile property name is read and written under its wire name", () => {
  const input = everything();
  const names = Object.keys(input);
  assert.ok(names.length > 45 && names.includes("__proto__") && names.includes("") && names.includes("emoji_😀"));
  const parsed = h.Everything.parse(input);
  assert.deepStrictEqual(Object.keys(parsed).sort(), [...names].sort());
  for (const name of names) assert.deepStrictEqual(Object.getOwnPropertyDescriptor(parsed, name)?.value, input[name], `member ${JSON.stringify(name)}`);
  assert.equal(Object.getPrototypeOf(parsed), Object.prototype, "no prototype was set from the input");
  const outcome = registry.roundTrip("hostile.Everything", JSON.stringify(input));
  if (!outcome.ok) assert.fail(outcome.error);
  assert.deepStrictEqual(JSON.parse(outcome.json), JSON.parse(JSON.stringify(input)), "JSON round trip, __proto__ included");
});

test("a declared __proto__ member is checked and kept as an own member, never as the prototype", () => {
  const text = JSON.stringify(schema.$defs.Everything.properties["hostile_text"]!.const);
  const parsed = h.Everything.parse(JSON.parse(`{"class": "c", "type": "t", "hostile_text": ${text}, "__proto__": "p"}`));
  assert.equal(Object.getOwnPropertyDescriptor(parsed, "__proto__")?.value, "p");
  assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
  const polluting = h.Everything.safeParse(JSON.parse(`{"class": "c", "type": "t", "hostile_text": ${text}, "__proto__": {"polluted": true}}`));
  assert.equal(polluting.success, false, "__proto__ is declared as a string");
  if (!polluting.success) assert.deepStrictEqual(polluting.error.issues[0]?.path, ["__proto__"]);
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined, "Object.prototype is untouched");
  const nested = h.Class.safeParse(JSON.parse(`{"for": {"class": "c", "type": "t", "hostile_text": ${text}, "__proto__": 5}}`));
  assert.equal(nested.success, false);
  if (!nested.success) assert.deepStrictEqual(nested.error.issues[0]?.path, ["for", "__proto__"]);
});

test("members named like Object.prototype members are read only when present", () => {
  const base = { class: "c", type: "t", hostile_text: schema.$defs.Everything.properties["hostile_text"]!.const };
  const parsed = h.Everything.parse(base);
  for (const name of ["constructor", "toString", "hasOwnProperty"]) assert.equal(Object.hasOwn(parsed, name), false, name);
  assert.deepStrictEqual(h.Everything.parse({ ...base, constructor: "x", toString: "y" }), { ...base, constructor: "x", toString: "y" });
  assert.equal(h.Everything.safeParse({ ...base, valueOf: "z" }).success, false, "valueOf is not declared: the object is closed");
  assert.equal(h.Everything.safeParse({ ...base, toString: 5 }).success, false);
  assert.equal(h.Class.safeParse({ for: base }).success, true, "nested in another object");
});

test("closed object: names that fold together stay distinct; unknown names are rejected", () => {
  const base = { class: "c", type: "t", hostile_text: schema.$defs.Everything.properties["hostile_text"]!.const };
  const folded = { ...base, fooBar: 1, foo_bar: 2, "foo-bar": 3, FooBar: 4, "foo bar": 5 };
  assert.deepStrictEqual(h.Everything.parse(folded), folded);
  assert.equal(h.Everything.safeParse({ ...base, foobar: 1 }).success, false);
  assert.equal(h.Everything.safeParse({ ...base, hostile_text: "other text" }).success, false);
});

test("a type named like a keyword, through the registry", () => {
  const text = JSON.stringify({ for: { class: "c", type: "t", hostile_text: schema.$defs.Everything.properties["hostile_text"]!.const }, while: ["", "1st", "*/"] });
  const outcome = registry.roundTrip("hostile.Class", text);
  if (!outcome.ok) assert.fail(outcome.error);
  assert.deepStrictEqual(JSON.parse(outcome.json), JSON.parse(text));
});
