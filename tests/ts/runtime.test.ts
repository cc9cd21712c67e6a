// The generated runtime's rules (docs/semantics.md), case by case. The same
// tables of cases hold for the C++ runtime (is_date_time, is_uuid, is_uri,
// is_multiple, json_equal).
import assert from "node:assert/strict";
import { test } from "node:test";

import { decodeStreamEnvelope, decodeStreamEvent } from "../../generated/ts/chat_stream.js";
import * as rt from "../../generated/ts/runtime.js";

test("date-time: RFC 3339 section 5.6", () => {
  const valid = [
    "2024-01-01T00:00:00Z",
    "2024-01-01t00:00:00z",
    "2024-02-29T12:00:00+00:00",
    "2000-02-29T12:00:00-23:59",
    "2024-01-01T00:00:00.1Z",
    "2024-01-01T00:00:00.123456789012+05:30",
    "1990-12-31T23:59:60Z",
    "1990-12-31T15:59:60-08:00",
    "1991-01-01T00:59:60+01:00",
  ];
  const invalid = [
    "",
    "2024-01-01",
    "2024-01-01T00:00:00",
    "2024-01-01 00:00:00Z",
    "2024-01-01T00:00:00.Z",
    "2024-01-01T00:00Z",
    "2023-02-29T12:00:00Z",
    "1900-02-29T12:00:00Z",
    "2024-04-31T00:00:00Z",
    "2024-13-01T00:00:00Z",
    "2024-00-01T00:00:00Z",
    "2024-01-00T00:00:00Z",
    "2024-01-01T24:00:00Z",
    "2024-01-01T00:60:00Z",
    "2024-01-01T00:00:61Z",
    "1990-12-31T23:59:60+01:00",
    "1990-12-31T22:59:60Z",
    "2024-01-01T00:00:00+24:00",
    "2024-01-01T00:00:00+00:60",
    "2024-01-01T00:00:00+0000",
    "2024-01-01T00:00:00Z ",
    "+2024-01-01T00:00:00Z",
    "2024-01-01T00:00:00\u0661Z",
    "２０２４-01-01T00:00:00Z",
  ];
  for (const s of valid) assert.equal(rt.isDateTime(s), true, s);
  for (const s of invalid) assert.equal(rt.isDateTime(s), false, s);
});

test("uuid: 8-4-4-4-12 hex digits, any case, any version or variant", () => {
  for (const s of ["00000000-0000-0000-0000-000000000000", "987fcdeb-51a2-11e1-fad2-0242ac130003", "987FCDEB-51A2-11E1-FAD2-0242AC130003"])
    assert.equal(rt.isUuid(s), true, s);
  for (const s of ["", "987fcdeb51a211e1fad20242ac130003", "987fcdeb-51a2-11e1-fad2-0242ac13000", "987fcdeb-51a2-11e1-fad2-0242ac1300034",
                   "{987fcdeb-51a2-11e1-fad2-0242ac130003}", "987fcdeb-51a2-11e1-fad2_0242ac130003", "g87fcdeb-51a2-11e1-fad2-0242ac130003"])
    assert.equal(rt.isUuid(s), false, s);
});

test("uri: RFC 3986 with a scheme", () => {
  const valid = [
    "https://example.com",
    "https://example.com/a/b?c=d&e=f#g",
    "http://user:pw@example.com:8080/p%20q",
    "http://[::1]/",
    "http://[2001:db8::7]:443",
    "urn:isbn:0451450523",
    "mailto:someone@example.com",
    "file:///etc/hosts",
    "a+b-c.d:x",
    "https://example.com/?q=a/b?c",
    "http://[::]/",
    "http://[::ffff:1.2.3.4]/",
    "http://[1:2:3:4:5:6:7:8]/",
    "http://[1:2:3:4:5:6:1.2.3.4]/",
    "http://[v1.fe80::a+en1]/",
  ];
  const invalid = [
    "",
    "example.com",
    "//example.com/a",
    "/relative/path",
    "1http://x",
    "ht_tp://x",
    "http://exa mple.com",
    "http://host:port/",
    "http://[::1",
    "http://[::g]/",
    "http://x/%zz",
    "http://x/%4",
    "http://x/<a>",
    "https://example.com/é",
    "http://x/a#b#c",
    "http://[1:2:3:4:5:6:7:8:9]/",
    "http://[1:2:3:4:5:6:7]/",
    "http://[1::2::3]/",
    "http://[12345::1]/",
    "http://[::ffff:01.2.3.4]/",
    "http://[::ffff:256.2.3.4]/",
    "http://[::1.2.3.4.5]/",
    "http://[v.x]/",
    "http://[v1.]/",
  ];
  for (const s of valid) assert.equal(rt.isUri(s), true, s);
  for (const s of invalid) assert.equal(rt.isUri(s), false, s);
});

test("multipleOf: exact for integers, 1e-9 relative otherwise", () => {
  assert.equal(rt.isMultipleOf(0.0075, 0.0001), true);
  assert.equal(rt.isMultipleOf(0.3, 0.1), true);
  assert.equal(rt.isMultipleOf(0.00755, 0.0001), false);
  assert.equal(rt.isMultipleOf(10, 2.5), true);
  assert.equal(rt.isMultipleOf(-9, 3), true);
  assert.equal(rt.isMultipleOf(1000000000001, 1000000000000), false);
  assert.equal(rt.isMultipleOf(3000000000000, 1000000000000), true);
  assert.equal(rt.isMultipleOf(1e308, 1e-308), false, "an infinite quotient is not a multiple");
});

test("code points, not UTF-16 units", () => {
  assert.equal(rt.codePointLength(""), 0);
  assert.equal(rt.codePointLength("abc"), 3);
  assert.equal(rt.codePointLength("💩"), 1);
  assert.equal(rt.codePointLength("é😀x"), 3);
  assert.equal(rt.codePointLength("\uD800"), 1, "a lone surrogate counts once");
  assert.equal(rt.codePointLength("\uD800\uD800\uDC00"), 2);
});

test("JSON equality", () => {
  assert.ok(rt.jsonEqual(1, 1.0));
  assert.ok(rt.jsonEqual({ a: [1, { b: null }], c: "x" }, { c: "x", a: [1, { b: null }] }));
  assert.ok(!rt.jsonEqual(false, 0));
  assert.ok(!rt.jsonEqual(true, 1));
  assert.ok(!rt.jsonEqual(null, {}));
  assert.ok(!rt.jsonEqual([], {}));
  assert.ok(!rt.jsonEqual([1, 2], [2, 1]));
  assert.ok(!rt.jsonEqual({ a: 1 }, { a: 1, b: 2 }));
  assert.ok(!rt.jsonEqual({ a: undefined }, { b: undefined }));
  assert.ok(!rt.jsonEqual("1", 1));
});

test("uniqueItems uses JSON equality", () => {
  assert.deepStrictEqual(rt.firstDuplicate([1, "1", true, null, [1], { a: 1 }]), undefined);
  assert.deepStrictEqual(rt.firstDuplicate([0, false, "0", "false", "null", null]), undefined);
  assert.deepStrictEqual(rt.firstDuplicate(["a", "b", "a"]), [0, 2]);
  assert.deepStrictEqual(rt.firstDuplicate([{ a: 1, b: [2] }, { b: [2.0], a: 1 }]), [0, 1]);
  assert.deepStrictEqual(rt.firstDuplicate([[1, [2]], [1, [2]]]), [0, 1]);
  assert.deepStrictEqual(rt.firstDuplicate([{ "a,b": 1 }, { a: 1, b: 1 }]), undefined);
  assert.deepStrictEqual(rt.firstDuplicate(['a"', "a\\"]), undefined);
});

test("JSON paths in messages", () => {
  assert.equal(rt.jsonPath([]), "$");
  assert.equal(rt.jsonPath(["data", "plans", "p 1", 0, "status"]), '$.data.plans["p 1"][0].status');
  assert.equal(rt.jsonPath(["", "1st", "a_b"]), '$[""]["1st"].a_b');
});

test("lookup never reads the prototype", () => {
  const table = { a: 1 } as const;
  assert.equal(rt.lookup(table, "a"), 1);
  assert.equal(rt.lookup(table, "constructor"), undefined);
  assert.equal(rt.lookup(table, "__proto__"), undefined);
});

test("tolerant reader: an unknown tag reads as an UnknownVariant whose .tag is the tag read", () => {
  const event = decodeStreamEvent('{"type": "citation_added", "n": 1}', { tolerant: true });
  assert.ok(event instanceof rt.UnknownVariant);
  assert.equal(event.tag, "citation_added");
  assert.deepEqual(event.value, { type: "citation_added", n: 1 });
  // Nested: the envelope's data, dispatched on data.type.
  const envelope = decodeStreamEnvelope('{"data": {"type": "x-new", "a": [1]}, "timestamp": 5}', { tolerant: true });
  assert.ok(envelope.data instanceof rt.UnknownVariant);
  assert.equal(envelope.data.tag, "x-new");
  assert.equal(JSON.stringify(envelope.data), '{"type":"x-new","a":[1]}');
  // A known tag is never an UnknownVariant; strict mode refuses the unknown one.
  assert.ok(!(decodeStreamEvent('{"type": "heartbeat"}', { tolerant: true }) instanceof rt.UnknownVariant));
  assert.throws(() => decodeStreamEvent('{"type": "citation_added"}'), rt.DecodeError);
});
