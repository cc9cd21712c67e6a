// The whole vocabulary in the TypeScript target (docs/semantics.md, "The
// whole vocabulary"), on a package generated from tests/ts/vocab/schemas
// with the default nesting limit of 128 (run.sh vocab): a recursive type,
// a tuple, key patterns, assertions and the formats. Every expectation
// follows by hand from the rules; the text decoder (registry.roundTrip) and
// the Zod schemas (registry.zodRoundTrip) must give the same verdicts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import path from "node:path";

const pkg = process.env.VOCAB_PACKAGE;
if (!pkg) throw new Error("VOCAB_PACKAGE is not set: run through tests/ts/run.sh vocab");
const vocab = await import(pathToFileURL(path.join(pkg, "vocab.js")).href);
const registry = await import(pathToFileURL(path.join(pkg, "registry.js")).href);
const rt = await import(pathToFileURL(path.join(pkg, "runtime.js")).href);

/** Accepted by the decoder and by Zod, and re-encoded as `json`. */
const ok = (type, text, json = text) => {
  assert.deepStrictEqual(registry.roundTrip(`vocab.${type}`, text), { ok: true, json }, text);
  assert.deepStrictEqual(registry.zodRoundTrip(`vocab.${type}`, text), { ok: true, json }, `zod: ${text}`);
};
/** Rejected by the decoder with `<where>: <keyword>: ...`, and by Zod with the same path and keyword. */
const error = (type, text, where, keyword) => {
  for (const [name, r] of [["decoder", registry.roundTrip(`vocab.${type}`, text)], ["zod", registry.zodRoundTrip(`vocab.${type}`, text)]]) {
    assert.equal(r.ok, false, `${name} accepted ${text}`);
    assert.ok(r.error.startsWith(`${where}: ${keyword}: `), `${name}: ${text}: got ${r.error}, expected ${where}: ${keyword}: ...`);
  }
};

test("a recursive tree round-trips", () => {
  ok("Tree", '{"name":"a","children":[{"name":"b"},{"name":"c","children":[{"name":"d","children":[]}]}]}');
  error("Tree", '{"name":"a","children":[{"name":"b","children":[{"size":1}]}]}', "$.children[0].children[0].size", "additionalProperties");
  const tree = vocab.decodeTree('{"name":"a","children":[{"name":"b"}]}');
  assert.deepStrictEqual(vocab.parseTree(tree), tree);
  assert.equal(vocab.encodeTree(tree), '{"name":"a","children":[{"name":"b"}]}');
});

test("a 100,000-level tree is a depth error at the limit, not a stack overflow", () => {
  const n = 100000;
  const text = '{"name":"x","children":['.repeat(n) + '{"name":"x"}' + "]}".repeat(n);
  const r = registry.roundTrip("vocab.Tree", text);
  assert.equal(r.ok, false);
  // Each level is an object and an array: the 129th container opened is the 65th object.
  const where = "$" + ".children[0]".repeat(64);
  assert.ok(r.error.startsWith(`${where}: depth: `), r.error.slice(0, 200));
  // 64 levels (128 containers) are within the limit.
  const deep = '{"name":"x","children":['.repeat(63) + '{"name":"x"}' + "]}".repeat(63);
  assert.equal(registry.roundTrip("vocab.Tree", deep).ok, true);
  assert.throws(() => vocab.decodeTree(text), (e) => e instanceof rt.DecodeError && e.keyword === "depth");
});

test("a discriminated union of recursive objects, and Zod's parse of a deep value", () => {
  ok("Expr", '{"kind":"add","left":{"kind":"num","value":1},"right":{"kind":"add","left":{"kind":"num","value":2},"right":{"kind":"num","value":3}}}');
  error("Expr", '{"kind":"add","left":{"kind":"num","value":1},"right":{"kind":"mul"}}', "$.right.kind", "discriminator");
  error("Expr", '{"kind":"add","left":{"kind":"num","value":"1"},"right":{"kind":"num","value":2}}', "$.left.value", "type");
  // A value nested beyond the limit (such as a program builds) is a depth error for Zod too, not a stack overflow.
  let tree = { name: "x" };
  for (let i = 0; i < 100000; i++) tree = { name: "x", children: [tree] };
  const r = vocab.Tree.safeParse(tree);
  assert.equal(r.success, false);
  const message = rt.describeError(r.error, tree);
  assert.ok(message.startsWith("$" + ".children[0]".repeat(64) + ": depth: "), message.slice(0, 200));
  let within = { name: "x" };
  for (let i = 0; i < 63; i++) within = { name: "x", children: [within] };
  assert.equal(vocab.Tree.safeParse(within).success, true);
});

test("a tuple: positions typed, optional from minItems on, nothing after the prefix", () => {
  ok("Point", '["a",1]');
  ok("Point", '["a"]');
  error("Point", "[]", "$", "minItems");
  error("Point", '["a",1,2]', "$", "items");
  error("Point", '["a","b"]', "$[1]", "type");
  error("Point", '{"0":"a"}', "$", "type");
  assert.deepStrictEqual(vocab.decodePoint('["a",1]'), ["a", 1]);
});

test("key patterns: a map's member names, and a struct's undeclared members", () => {
  ok("Headers", '{"x-a":"1","x-b":"2"}');
  error("Headers", '{"x-a":"1","y":"2"}', "$.y", "additionalProperties");
  error("Headers", '{"x-a":1}', '$["x-a"]', "type");
  ok("Tagged", '{"id":1,"x-a":2}');
  error("Tagged", '{"id":1,"other":2}', "$.other", "additionalProperties");
  error("Tagged", '{"id":1,"x-a":"2"}', '$["x-a"]', "type");
  // The tolerant mode keeps unknown members of closed objects, not members the key pattern forbids.
  assert.throws(() => vocab.decodeTagged('{"other":2}', { tolerant: true }), (e) => e.keyword === "additionalProperties");
});

test("assertions sit at the value's start, after its type's own error there", () => {
  ok("Shipping", '{"country":"NL","postcode":"1234 AB","express":true}');
  ok("Shipping", '{"country":"BE","postcode":"anything"}');
  error("Shipping", '{"country":"NL","postcode":"12345"}', "$", "then");
  error("Shipping", '{"express":true}', "$", "dependentRequired");
  // A member of the wrong type inside the value comes after the assertion...
  error("Shipping", '{"country":"NL","postcode":"12345","express":"yes"}', "$", "then");
  // ...but the value's own kind comes first.
  error("Shipping", "[]", "$", "type");
  // The policy's errors come first too (a text's: Zod sees the value JSON.parse made of it).
  const r = registry.roundTrip("vocab.Shipping", '{"country":"NL","country":"NL"}');
  assert.ok(!r.ok && r.error.startsWith("$.country: duplicate: "), r.error);
});

test("formats: date, email, hostname, ipv6 (edge cases checked by hand)", () => {
  ok("Contact", '{"born":"2024-02-29","email":"a.b@example.com","host":"xn--bcher-kva.example","v6":"::1"}');
  error("Contact", '{"born":"2023-02-29"}', "$.born", "format");
  error("Contact", '{"email":"a..b@example.com"}', "$.email", "format");
  error("Contact", '{"host":"-a.example"}', "$.host", "format");
  error("Contact", '{"v6":"1::2::3"}', "$.v6", "format");
  const yes = (f, s) => assert.equal(f(s), true, `${f.name}(${JSON.stringify(s)})`);
  const no = (f, s) => assert.equal(f(s), false, `${f.name}(${JSON.stringify(s)})`);
  yes(rt.isDate, "2000-02-29"); no(rt.isDate, "1900-02-29"); no(rt.isDate, "2000-1-01");
  yes(rt.isTime, "23:59:60Z"); no(rt.isTime, "22:59:60Z"); yes(rt.isTime, "08:30:06.283185+01:00"); no(rt.isTime, "08:30:06");
  yes(rt.isDuration, "P4DT12H30M5S"); yes(rt.isDuration, "P2W"); yes(rt.isDuration, "PT1M");
  no(rt.isDuration, "P"); no(rt.isDuration, "PT"); no(rt.isDuration, "P1D2H"); no(rt.isDuration, "P2W1D"); no(rt.isDuration, "P1M1Y");
  yes(rt.isEmail, '"joe bloggs"@example.com'); yes(rt.isEmail, "joe@[127.0.0.1]"); yes(rt.isEmail, "joe@[IPv6:::1]");
  no(rt.isEmail, ".joe@example.com"); no(rt.isEmail, "joe@-example.com");
  yes(rt.isHostname, "a".repeat(63) + ".com"); no(rt.isHostname, "a".repeat(64) + ".com"); no(rt.isHostname, "example.com.");
  yes(rt.isIpv4, "192.168.0.1"); no(rt.isIpv4, "192.168.0.01"); no(rt.isIpv4, "256.0.0.1");
  yes(rt.isIpv6, "::ffff:192.168.0.1"); yes(rt.isIpv6, "1:2:3:4:5:6:7:8"); no(rt.isIpv6, "1:2:3:4:5:6:7:8:9"); no(rt.isIpv6, "fe80::1%eth0");
  yes(rt.isUriReference, "../a?b#c"); yes(rt.isUriReference, "//host/p"); no(rt.isUriReference, "a:b:\\c"); no(rt.isUriReference, "\\\\WINDOWS");
  yes(rt.isJsonPointer, ""); yes(rt.isJsonPointer, "/a~0b/~1"); no(rt.isJsonPointer, "a"); no(rt.isJsonPointer, "/~2");
  no(rt.isHostname, "bücher.example");
});

test("a value built in code: the Zod schema refuses what the decoder refuses, at the same place", () => {
  // [type, value, the text encodeT writes for it, where, keyword]: the
  // decoder's verdict on the text is the expectation for Zod on the value.
  const refused = [
    ["Window", { kind: "range", start: 1 }, '{"kind":"range","start":1}', "$", "then"],
    ["Window", { kind: "point", end: 1 }, '{"kind":"point","end":1}', "$", "dependentRequired"],
    ["Window", { tags: ["a"] }, '{"tags":["a"]}', "$.tags", "contains"],
    ["Schedule", { windows: [{ kind: "range", start: 1, end: 2 }, { kind: "range", start: 1 }] },
      '{"windows":[{"kind":"range","start":1,"end":2},{"kind":"range","start":1}]}', "$.windows[1]", "then"],
    ["Schedule", { names: ["a", "none"] }, '{"names":["a","none"]}', "$.names[1]", "not"],
    ["Schedule", { note: null }, '{"note":null}', "$.note", "not"],
  ];
  for (const [type, value, text, where, keyword] of refused) {
    // encodeT writes what it is given (values are checked with the Zod schema).
    assert.equal(vocab[`encode${type}`](value), text);
    error(type, text, where, keyword);
    const r = vocab[`safeParse${type}`](value);
    assert.equal(r.success, false, `zod accepted ${text}`);
    const message = rt.describeError(r.error, value);
    assert.ok(message.startsWith(`${where}: ${keyword}: `), `${text}: got ${message}`);
  }
  const valid = {
    windows: [{ kind: "point" }, { kind: "range", start: 1, end: 2, tags: ["main"] }],
    names: ["a", "b"], note: "n", amounts: [2.5, 3.5],
  };
  const text = '{"windows":[{"kind":"point"},{"kind":"range","start":1,"end":2,"tags":["main"]}],"names":["a","b"],"note":"n","amounts":[2.5,3.5]}';
  assert.equal(vocab.safeParseSchedule(valid).success, true);
  assert.equal(vocab.encodeSchedule(valid), text);
  ok("Schedule", text);
});

test("bounds of 64-bit integers that are no 64-bit integer: fractions and values beyond the range", () => {
  // The decoder reads the text; Zod checks the value the decoder makes
  // (int64 members are bigints, which JSON.parse cannot make).
  const cases = [
    // minimum 1.5 and exclusiveMaximum 4.5 admit 2, 3 and 4 (Zod: gte(2n), lt(5n)).
    ['{"half":1}', { half: 1n }, "$.half: minimum"],
    ['{"half":2}', { half: 2n }],
    ['{"half":4}', { half: 4n }],
    ['{"half":5}', { half: 5n }, "$.half: exclusiveMaximum"],
    // multipleOf 2.5 on an int64: 5 is one, 3 is not.
    ['{"steps":5}', { steps: 5n }],
    ['{"steps":3}', { steps: 3n }, "$.steps: multipleOf"],
    // Whole bounds beyond the range leave the range as the limit.
    ['{"huge":-9223372036854775808}', { huge: -(2n ** 63n) }],
    ['{"huge":9223372036854775807}', { huge: 2n ** 63n - 1n }],
    ['{"near":0}', { near: 0n }],
    ['{"near":18446744073709551615}', { near: 2n ** 64n - 1n }],
    ['{"text":"abc"}', { text: "abc" }],
  ];
  for (const [text, value, expected] of cases) {
    const decoded = registry.roundTrip("vocab.Limits", text);
    const zod = vocab.Limits.safeParse(value);
    if (expected === undefined) {
      assert.deepStrictEqual(decoded, { ok: true, json: text }, text);
      assert.deepStrictEqual(vocab.decodeLimits(text), value, text);
      assert.ok(zod.success, `zod: ${text}: ${zod.success || rt.describeError(zod.error, value)}`);
    } else {
      assert.ok(!decoded.ok && decoded.error.startsWith(`${expected}: `), `${text}: ${JSON.stringify(decoded)}`);
      assert.ok(!zod.success, `zod accepted ${text}`);
      const error = rt.describeError(zod.error, value);
      assert.ok(error.startsWith(`${expected}: `), `zod: ${text}: got ${error}`);
    }
  }
});
