// Free-form JSON values as the bindings hold them (docs/semantics.md §1.7):
// every member kept in input order, `__proto__` and `constructor` included
// (as own data properties; no prototype is ever touched), and an integer
// literal of any size kept exactly (a `bigint` beyond ±(2^53−1)).
/** `text` typed as an open enum's other value (see {@link Other}); a plain string works as well. */
export function other(text) {
  return text;
}
/**
 * A value of a discriminated union whose tag no variant has, read in the
 * tolerant-reader mode: `tag` is the tag, `value` the whole object, which
 * encodes back exactly as it was read.
 */
export class UnknownVariant {
  tag;
  value;
  constructor(tag, value) {
    this.tag = tag;
    this.value = value;
  }
  /** JSON.stringify writes the object as it was read. */
  toJSON() {
    return this.value;
  }
}
// JavaScript lists an object's array-index keys ("0", "17") first, in
// numeric order, whatever order they were added in. An object decoded with
// such a key records its members' input order here, for the encoder.
const memberOrder = new WeakMap();
/** The input order of `object`'s members when JavaScript's own order differs, else undefined. */
export function recordedOrder(object) {
  return memberOrder.get(object);
}
/** Records that `object`'s members are in the order `keys` (see recordedOrder). */
export function recordOrder(object, keys) {
  memberOrder.set(object, keys);
}
/** Whether JavaScript orders `key` as an array index (a canonical integer below 2^32 − 1). */
export function isIndexKey(key) {
  const c = key.charCodeAt(0);
  if (!(c >= 48 && c <= 57)) return false;
  if (key.length > 10 || (c === 48 && key.length > 1)) return false;
  for (let i = 1; i < key.length; i++) {
    const d = key.charCodeAt(i);
    if (!(d >= 48 && d <= 57)) return false;
  }
  return Number(key) < 4294967295;
}
/** Sets `object[key]` as an own data property (`__proto__` too, without touching the prototype). */
export function setMember(object, key, value) {
  if (key === "__proto__")
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}
/**
 * `into` (a new object by default) with the members `entries` (name, value,
 * name, value, ...) added in that order, as own data properties; the input
 * order is recorded when JavaScript's own would differ.
 */
export function objectOf(entries, into) {
  const object = into ?? {};
  let index = recordedOrder(object) !== undefined;
  for (let i = 0; i < entries.length && !index; i += 2) index = isIndexKey(entries[i]);
  const before = index ? memberNames(object) : undefined;
  for (let i = 0; i < entries.length; i += 2) setMember(object, entries[i], entries[i + 1]);
  if (before !== undefined) {
    for (let i = 0; i < entries.length; i += 2) before.push(entries[i]);
    recordOrder(object, before);
  }
  return object;
}
/** Own enumerable member names of `object` in input order (recordedOrder, else JavaScript's). */
export function memberNames(object) {
  const recorded = memberOrder.get(object);
  const own = Object.keys(object);
  if (recorded === undefined) return own;
  const out = recorded.filter((k) => Object.hasOwn(object, k));
  if (out.length !== own.length) for (const k of own) if (!out.includes(k)) out.push(k);
  return out;
}
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
/** Whether two numbers (number or bigint) are equal as values: 1 == 1.0, 2n == 2. */
function numberEqual(a, b) {
  // Mixed comparisons are exact in JavaScript (2n ** 60n == 2 ** 60, 2n ** 53n + 1n != 2 ** 53 + 1).
  // biome-ignore lint/suspicious/noDoubleEquals: number == bigint compares values, as intended here
  return a == b;
}
/** JSON Schema equality: numbers by value, arrays item by item, objects member-wise in any order. */
export function jsonEqual(a, b) {
  if (a === b) return true;
  const ta = typeof a,
    tb = typeof b;
  if ((ta === "number" || ta === "bigint") && (tb === "number" || tb === "bigint")) return numberEqual(a, b);
  if (ta !== "object" || tb !== "object" || a === null || b === null) return false;
  if (a instanceof UnknownVariant) return jsonEqual(a.value, b);
  if (b instanceof UnknownVariant) return jsonEqual(a, b.value);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (!isObject(a) || !isObject(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!Object.hasOwn(b, k) || !jsonEqual(a[k], b[k])) return false;
  return true;
}
/** A key that JSON-Schema-equal values share (numbers by value, members sorted): for uniqueItems. */
export function sameKey(value) {
  if (typeof value === "bigint") {
    const n = Number(value); // the same key as the equal double, when there is one
    return Number.isFinite(n) && BigInt(n) === value ? `n${String(n)}` : `i${value.toString()}`;
  }
  if (typeof value === "number") return `n${String(value === 0 ? 0 : value)}`;
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null || typeof value !== "object") return String(value);
  if (value instanceof UnknownVariant) return sameKey(value.value);
  if (Array.isArray(value)) return `[${value.map(sameKey).join(",")}]`;
  const object = value;
  return `{${Object.keys(object)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${sameKey(object[k])}`)
    .join(",")}}`;
}
/** The indexes of the first two equal items (JSON equality), or undefined when all differ. */
export function firstDuplicate(items) {
  const seen = new Map();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const key = typeof item === "string" ? `s${item}` : sameKey(item);
    const earlier = seen.get(key);
    if (earlier !== undefined) return [earlier, i];
    seen.set(key, i);
  }
  return undefined;
}
