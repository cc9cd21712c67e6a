// The payload policy of docs/semantics.md (§1 what text is a value, §2 the
// one error reported, §3 number spelling) through a TypeScript package
// generated from tests/ts/policy/schemas with --payload-max-depth 4 (run.sh
// policy). Each expectation is the rule's own example or follows from it by
// hand. Paths and keywords are compared exactly; details only where the
// rules fix them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import path from "node:path";

const pkg = process.env.POLICY_PACKAGE;
if (!pkg) throw new Error("POLICY_PACKAGE is not set: run through tests/ts/run.sh policy");
const policy = await import(pathToFileURL(path.join(pkg, "policy.js")).href);
const registry = await import(pathToFileURL(path.join(pkg, "registry.js")).href);
const rt = await import(pathToFileURL(path.join(pkg, "runtime.js")).href);

const T = "policy.Counters";
const ok = (text, json = text) => assert.deepStrictEqual(registry.roundTrip(T, text), { ok: true, json }, text);
/** Rejected with the error `<path>: <keyword>: ...`. */
const error = (text, where, keyword) => {
  const r = registry.roundTrip(T, text);
  assert.equal(r.ok, false, `accepted ${text}`);
  assert.ok(r.error.startsWith(`${where}: ${keyword}: `), `${text}: got ${r.error}, expected ${where}: ${keyword}: ...`);
};
const K = '"kind":"counters"';

test("§1.1 a byte order mark and invalid UTF-8 are syntax errors, as text and as bytes", () => {
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(`{${K}}`)]);
  error(bom, "$", "syntax");
  error(`\ufeff{${K}}`, "$", "syntax");
  error(new Uint8Array([...new TextEncoder().encode(`{${K},"extra":"`), 0xc3, 0x22, 0x7d]), "$", "syntax");
  ok(new TextEncoder().encode(`{${K}}`), `{${K}}`);
});

test("§1.2 a duplicate member is reported at its second occurrence, free-form values included", () => {
  error(`{${K},"safe":1,"safe":2}`, "$.safe", "duplicate");
  error(`{${K},"extra":{"a":1,"b":2,"a":3}}`, "$.extra.a", "duplicate");
  error(`{${K},"list":[{"x":1},{"x":1,"x":1}]}`, "$.list[1].x", "duplicate");
});

test("§1.3 a lone surrogate escape is a syntax error; a pair is a code point", () => {
  error(`{${K},"extra":"\\ud800"}`, "$", "syntax");
  error(`{${K},"extra":"\\udc00\\ud800"}`, "$", "syntax");
  ok(`{${K},"extra":"\\ud83d\\ude00"}`, `{${K},"extra":"\u{1F600}"}`);
});

test("§1.4 depth: the limit from [payload] max_depth (4 here), at the first container beyond it", () => {
  ok(`{${K},"list":[[[1]]]}`); // the object, list, and two arrays: depth 4
  error(`{${K},"list":[[[[1]]]]}`, "$.list[0][0][0]", "depth");
  error(`{${K},"extra":{"a":{"b":{"c":{}}}}}`, "$.extra.a.b.c", "depth");
  // Far beyond the limit: refused cleanly, no stack overflow.
  error(`{${K},"list":${"[".repeat(1_000_000)}`, "$.list[0][0][0]", "depth");
  // A per-decode override.
  assert.equal(policy.decodeCounters(`{${K},"list":[[[[1]]]]}`, { maxDepth: 5 }).list.length, 1);
});

test("§1.5 integers: ±(2^53−1) by default; int64 and uint64 decode to exact bigints", () => {
  ok(`{${K},"safe":9007199254740991}`);
  ok(`{${K},"safe":-9007199254740991}`);
  error(`{${K},"safe":9007199254740992}`, "$.safe", "range");
  error(`{${K},"safe":-9007199254740993}`, "$.safe", "range");
  ok(`{${K},"safe":1.0}`, `{${K},"safe":1}`);
  ok(`{${K},"safe":1e2}`, `{${K},"safe":100}`);
  error(`{${K},"safe":1.5}`, "$.safe", "type");
  error(`{${K},"safe":"1"}`, "$.safe", "type");
  const wide = policy.decodeCounters(`{${K},"wide":-9223372036854775808,"unsigned":18446744073709551615}`);
  assert.equal(wide.wide, -9223372036854775808n);
  assert.equal(wide.unsigned, 18446744073709551615n);
  ok(`{${K},"wide":9223372036854775807,"unsigned":18446744073709551615}`);
  error(`{${K},"wide":9223372036854775808}`, "$.wide", "range");
  error(`{${K},"wide":-9223372036854775809}`, "$.wide", "range");
  error(`{${K},"unsigned":18446744073709551616}`, "$.unsigned", "range");
  error(`{${K},"unsigned":-1}`, "$.unsigned", "range");
  // A schema bound fails before the integer range (the order of §2); a literal beyond a double is always `range`.
  error(`{${K},"bounded":11}`, "$.bounded", "maximum");
  error(`{${K},"bounded":9223372036854775808}`, "$.bounded", "maximum");
  error(`{${K},"bounded":-9223372036854775809}`, "$.bounded", "range");
  error(`{${K},"bounded":1e400}`, "$.bounded", "range");
  assert.equal(policy.encodeCounters({ kind: "counters", wide: 2n ** 62n }), `{${K},"wide":4611686018427387904}`);
});

test("§1.6 numbers: overflow is range, underflow is zero", () => {
  error(`{${K},"real":1e400}`, "$.real", "range");
  error(`{${K},"real":-1e400}`, "$.real", "range");
  error(`{${K},"extra":[1e400]}`, "$.extra[0]", "range");
  ok(`{${K},"real":1e-400}`, `{${K},"real":0}`);
});

test("§1.7 free-form values round-trip exactly: __proto__ and constructor members, integers of any size", () => {
  ok(`{${K},"extra":{"__proto__":{"polluted":true},"constructor":1,"b":[]}}`);
  assert.equal({}.polluted, undefined);
  const v = policy.decodeCounters(`{${K},"extra":{"__proto__":1}}`);
  assert.equal(Object.getPrototypeOf(v.extra), Object.prototype);
  assert.deepStrictEqual(Object.keys(v.extra), ["__proto__"]);
  ok(`{${K},"extra":123456789012345678901234567890,"list":[-18446744073709551617,0]}`);
  ok(`{${K},"extra":{"2":1,"1":2,"a":3}}`); // members keep their input order, index-like names too
});

test("§1.8 no coercion", () => {
  error(`{${K},"real":"1"}`, "$.real", "type");
  error(`{${K},"real":true}`, "$.real", "type");
  error(`{"kind":"counters","safe":null}`, "$.safe", "type");
});

test("§2 one error, the first in document order; a missing member at the end of its object", () => {
  error(`{"safe":"x"}`, "$.safe", "type"); // before the missing kind, which sits at the closing brace
  error(`{"safe":1}`, "$", "required");
  error(`{${K},"nope":1,"safe":"x"}`, "$.nope", "additionalProperties");
  error(`{${K},"safe":1,"real":"x"`, "$.real", "type"); // before the syntax error at the end
  error(`{${K},"safe":1}x`, "$", "syntax");
});

test("§2 a const with a type: another JSON kind is `type`, another value `const`; an untyped const is always `const`", () => {
  error(`{"kind":1}`, "$.kind", "type");
  error(`{"kind":"other"}`, "$.kind", "const");
  error(`{${K},"tag":1}`, "$.tag", "const");
  error(`{${K},"tag":"u"}`, "$.tag", "const");
  error(`{${K},"code":7.5}`, "$.code", "type"); // an integer const: a fraction is the wrong kind
  error(`{${K},"code":"400"}`, "$.code", "type");
  error(`{${K},"code":401}`, "$.code", "const");
  ok(`{${K},"code":400.0}`, `{${K},"code":400}`);
});

test("§2 the message shape and the error's fields", () => {
  assert.throws(() => policy.decodeCounters(`{${K},"list":[1,{"a":1,"a":2}]}`), (e) => {
    assert.ok(e instanceof rt.DecodeError);
    assert.equal(e.path, '$.list[1].a');
    assert.equal(e.keyword, "duplicate");
    assert.match(e.message, /^\$\.list\[1\]\.a: duplicate: /);
    return true;
  });
  error(`{${K},"extra":{"a b":{"x":1,"x":2}}}`, '$.extra["a b"].x', "duplicate");
});

test("§3 numbers are spelled as ECMAScript does; integers as plain digits", () => {
  ok(`{${K},"real":1.50,"extra":[0.1,1e21,1E-7,1.2345e-7,-0.0,100.0,5e-324]}`,
     `{${K},"real":1.5,"extra":[0.1,1e+21,1e-7,1.2345e-7,0,100,5e-324]}`);
  ok(`{${K},"safe":-0}`, `{${K},"safe":0}`);
  ok(`{${K},"extra":-0}`, `{${K},"extra":0}`);
});
