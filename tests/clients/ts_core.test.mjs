// The stream rules as the TypeScript client applies them (runtime/ts/stream/client_core.ts,
// shipped as generated/ts/stream), without I/O: what the live scenarios (ts_client.test.mjs)
// cannot provoke from the reference engine; the same cases as test_core.py for Python.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  Reconnection,
  StreamCore,
  StreamFailed,
  StreamRuleError,
  retryAfterMs,
  streamRules,
  withOptions,
} from "../../generated/ts/stream/index.js";

const A = "123e4567-e89b-12d3-a456-426614174000";
const reconnect = { maxAttempts: 0, initialDelayMs: 0, multiplier: 1, maxDelayMs: 0, noRetryStatuses: [] };
// A keyed, gapless SSE stream whose gaps are warnings (the shape of packets.PacketStream).
const PACKETS = streamRules({
  framing: "sse",
  tag: { pointer: "/op", default: null },
  first: [],
  terminal: { tags: ["CLOSE"], required: true },
  key: "/stream_id",
  sequence: { pointer: "/seq", gapless: true },
  sse: { events: ["stream.packet"], eventPointer: null, idPointer: "/stream_id" },
  heartbeat: null,
  watchdogMs: null,
  reconnect,
  severity: { "sequence.gap": "warning" },
});
// An NDJSON stream with first and terminal tags, a heartbeat and a no-retry 404 (chat_stream's shape).
const CHAT = streamRules({
  framing: "ndjson",
  tag: { pointer: "/data/type", default: null },
  first: ["stream_start"],
  terminal: { tags: ["done"], required: true },
  key: null,
  sequence: null,
  sse: null,
  heartbeat: { tag: "heartbeat" },
  watchdogMs: 30000,
  reconnect: { maxAttempts: 2, initialDelayMs: 10, multiplier: 2, maxDelayMs: 15, noRetryStatuses: [404] },
});
const packet = (seq, op = "DELTA") => ({ stream_id: A, seq, op });
const chat = (type) => ({ data: { type } });

test("Retry-After is read in seconds and a date is not honoured", () => {
  assert.equal(retryAfterMs("2"), 2000);
  assert.equal(retryAfterMs(" 0 "), 0);
  assert.equal(retryAfterMs("Wed, 21 Oct 2015 07:28:00 GMT"), null);
  assert.equal(retryAfterMs(null), null);
});

test("a no-retry status is never retried and 429 waits its Retry-After", () => {
  const core = new StreamCore(CHAT);
  assert.equal(core.retryStatus(404, null), null);
  assert.equal(core.retryStatus(429, "3"), 3000);
  assert.equal(core.reconnects, 1);
  assert.equal(core.retryStatus(500, null), null); // the caller's error, typed
});

test("a reordered packet is an error, a gap a finding (the stream weighs it a warning)", () => {
  const core = new StreamCore(PACKETS);
  assert.ok(core.accept(packet(0), "stream.packet", A));
  assert.ok(core.accept(packet(2), "stream.packet", A));
  assert.deepEqual(
    core.findings.map((f) => f.rule),
    ["sequence.gap"],
  );
  assert.throws(
    () => core.accept(packet(1), "stream.packet", A),
    (e) => e instanceof StreamRuleError && e.rule === "sequence.reorder",
  );
});

test("after a reconnection what the server sends again is skipped, not reported", () => {
  const core = new StreamCore(withOptions(PACKETS, { maxAttempts: 1 }));
  assert.ok(core.accept(packet(0), "stream.packet", A));
  assert.ok(core.accept(packet(1), "stream.packet", A));
  assert.equal(core.ended("dropped"), 0);
  assert.deepEqual(core.requestHeaders(), { "Last-Event-ID": A });
  core.opened();
  assert.equal(core.accept(packet(1), "stream.packet", A), false);
  assert.ok(core.accept(packet(2, "CLOSE"), "stream.packet", A));
  assert.deepEqual(core.findings, []);
  assert.equal(core.ended(null), -1);
});

test("the first item, heartbeats, the terminal item and an item after it", () => {
  assert.throws(
    () => new StreamCore(CHAT).accept(chat("message_delta")),
    (e) => e instanceof StreamRuleError && e.rule === "first",
  );
  const core = new StreamCore(CHAT);
  assert.ok(core.accept(chat("stream_start")));
  assert.equal(core.accept(chat("heartbeat")), false);
  assert.ok(core.accept(chat("done")));
  assert.ok(core.done);
});

test("a stream cut short: reconnected while attempts remain, then retries_exhausted", () => {
  const core = new StreamCore(CHAT);
  assert.throws(
    () => core.ended(null),
    (e) => e instanceof StreamFailed && e.kind === "terminal.missing",
  ); // no item on any connection: never reconnected
  const again = new StreamCore(CHAT);
  again.accept(chat("stream_start"));
  assert.equal(again.ended("dropped"), 10);
  again.opened();
  assert.equal(again.ended("watchdog"), 15); // min(10 * 2, 15)
  again.opened();
  assert.throws(
    () => again.ended("watchdog"),
    (e) => e instanceof StreamFailed && e.kind === "retries_exhausted",
  );
});

test("Reconnection: the backoff of the chat client and the generated clients alike", () => {
  const r = new Reconnection({ initialDelayMs: 100, multiplier: 2, maxDelayMs: 300, maxAttempts: 3 }, [404]);
  assert.deepEqual(r.afterDrop(false), { delayMs: null, why: "no_data" });
  r.delivered();
  assert.deepEqual(
    [r.afterDrop(false).delayMs, r.afterStatus(null).delayMs, r.afterStatus(2000).delayMs],
    [100, 200, 2000],
  );
  assert.deepEqual(r.afterDrop(true), { delayMs: null, why: "retries_exhausted" });
  r.delivered();
  assert.equal(r.afterDrop(true).delayMs, 100);
  assert.ok(r.refuses(404));
});
