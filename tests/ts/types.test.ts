// What the inferred types promise, checked by the compiler (this file is
// part of the strict, exactOptionalPropertyTypes build of tests/ts; a
// `@ts-expect-error` that is not an error fails the build), then exercised
// at run time on the same values.
import assert from "node:assert/strict";
import { test } from "node:test";

import { chat_stream, cloudevents, packets, run_events } from "../../generated/ts/index.js";
import * as rt from "../../generated/ts/runtime.js";
import * as c from "../golden/constructs/expected/ts/constructs.js";
import * as crt from "../golden/constructs/expected/ts/runtime.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(): T | void {}

// Optional members are `x?: T`: absent is fine, an explicit undefined is not.
const done: chat_stream.DoneEvent = { type: "done" };
// @ts-expect-error exactOptionalPropertyTypes: `message` may be absent or null, never undefined
const undefinedMessage: chat_stream.DoneEvent = { type: "done", message: undefined };
// Optional and nullable: null is a value.
const doneNull: chat_stream.DoneEvent = { type: "done", message: null, has_async_entities_pending: null };
// Required and nullable: must be present.
const presence: c.Presence = { required_plain: "a", required_nullable: null, any_required: [1, { x: null }] };
// @ts-expect-error required_nullable is required even though it may be null
const missingNullable: c.Presence = { required_plain: "a", any_required: 0 };
// @ts-expect-error any_required is required (any JSON value, but present)
const missingAny: c.Presence = { required_plain: "a", required_nullable: null };
// @ts-expect-error optional_plain is not nullable
const nullPlain: c.Presence = { required_plain: "a", required_nullable: null, any_required: 0, optional_plain: null };

// Discriminated unions narrow on their tag.
function text(event: chat_stream.StreamEvent): string {
  switch (event.type) {
    case "message_delta":
      return event.delta;
    case "ERROR":
      return event.error_message;
    default:
      return "";
  }
}
function payload(packet: packets.StreamPacket): string {
  if (packet.op === "DELTA") return packet.p;
  return "";
}

// Closed enums are literal unions; their values are exported in order.
assertType<Equal<c.Color, "red" | "green" | "blue">>();
assertType<Equal<typeof c.COLOR_VALUES, readonly ["red", "green", "blue"]>>();
// @ts-expect-error not a Color
const notAColor: c.Color = "purple";
// Open enums accept any string as it is and keep the known literals (editor completion).
const label: c.Label = "anything";
const known: c.Label = "red";
assertType<Equal<Extract<c.Label, "red">, "red">>();
// Open enums are `Known | (string & {})`, not a bare `string`: the known values stay in the
// type instead of collapsing into `string`.
assertType<Equal<c.Label, c.Color | (string & {})>>();
assertType<Equal<cloudevents.CloudEventDatacontenttype, cloudevents.EventContentType | (string & {})>>();
// @ts-expect-error the type is not a bare string: "red" survives as a literal of its own
assertType<Equal<c.Label, string>>();
export const knownContentType: cloudevents.CloudEventDatacontenttype = "application/json";
export const otherContentType: cloudevents.CloudEventDatacontenttype = "application/x-custom";
// `other()` is kept for code written against the branded form; it changes nothing.
export const wrappedContentType: cloudevents.CloudEventDatacontenttype = rt.other("application/x-custom");
// A decoded open enum is usable as a plain string.
export const asString: string = label;
const contentType: cloudevents.CloudEvent["datacontenttype"] = "application/json";

// Forbidden members are typed `?: never`.
// @ts-expect-error `x` must be absent
const forbidden: c.Forbidding = { x: 1 };
// Open objects carry unknown members.
const open: c.Open = { id: "i", anything: { nested: true } };
// Typed extras: declared members keep their types, other members have the
// extras' type. (TypeScript cannot say "the other keys", so such a value is
// obtained by parsing rather than written as a literal.)
const typed = c.TypedExtras.parse({ name: "n", extra: 3 });
assertType<Equal<typeof typed.name, string>>();
const extra: number | undefined = typed["extra"];

// Constants keep their literal types; lookups return the value type.
assertType<Equal<typeof chat_stream.RECONNECT_DELAYS_MS, readonly [1000, 2000, 4000, 8000, 16000]>>();
assertType<Equal<typeof c.ANSWER, 42>>();
const normalised: run_events.NormalizedStatus | undefined = run_events.normalizeStatus("started");
// A lookup returns one of the table's values (tables.schema.json: ColorCodes).
assertType<Equal<ReturnType<typeof c.colorCode>, "#f00" | "#0f0" | "#000" | undefined>>();
// @ts-expect-error constants are read-only
c.RATIOS[0] = 2;

// parse<Type> returns the type.
assertType<Equal<ReturnType<typeof chat_stream.parseStreamEnvelope>, chat_stream.StreamEnvelope>>();
assertType<Equal<ReturnType<typeof c.parseShape>, c.Circle | c.Square>>();

test("the typed values above are valid at run time too", () => {
  assert.equal(chat_stream.DoneEvent.safeParse(done).success, true);
  assert.equal(chat_stream.DoneEvent.safeParse(doneNull).success, true);
  assert.equal(chat_stream.DoneEvent.safeParse(undefinedMessage).success, false, "explicit undefined is rejected at run time too");
  assert.equal(c.Presence.safeParse(presence).success, true);
  for (const bad of [missingNullable, missingAny, nullPlain]) assert.equal(c.Presence.safeParse(bad).success, false);
  assert.equal(c.Forbidding.safeParse(forbidden).success, false);
  assert.equal(c.Color.safeParse(notAColor).success, false);
  assert.equal(c.TypedExtras.safeParse({ name: "n", extra: "3" }).success, false);
  assert.equal(c.Label.parse(label), "anything");
  assert.equal(c.Label.parse(known), "red");
  assert.equal(c.Open.parse(open).anything !== undefined, true);
  assert.equal(extra, 3);
  assert.equal(cloudevents.CloudEventDatacontenttype.safeParse(contentType).success, true);
  assert.equal(text({ type: "message_delta", delta: "Hi" }), "Hi");
  assert.equal(payload({ stream_id: "987fcdeb-51a2-11e1-fad2-0242ac130003", seq: 1, op: "DELTA", p: "tok", t: "2024-01-01T00:00:00Z" } as packets.StreamPacket), "tok");
  assert.equal(normalised, "in_progress");
});
