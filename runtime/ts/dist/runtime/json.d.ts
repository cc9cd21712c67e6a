/** Any JSON value as decoded: integers beyond ±(2^53−1) are bigints. */
export type Json = null | boolean | number | bigint | string | JsonArray | JsonObject;
/** A JSON array. */
export type JsonArray = Json[];
/** A JSON object. */
export type JsonObject = {
  [key: string]: Json;
};
/**
 * A string an open enum accepts besides its known values. An open enum's
 * type is `Known | (string & {})`: any string is a value, and the known
 * literals stay in the type (editors complete them) because `string & {}`
 * does not absorb them the way `string` would.
 */
export type Other = string & {};
/** `text` typed as an open enum's other value (see {@link Other}); a plain string works as well. */
export declare function other(text: string): Other;
/**
 * A value of a discriminated union whose tag no variant has, read in the
 * tolerant-reader mode: `tag` is the tag, `value` the whole object, which
 * encodes back exactly as it was read.
 */
export declare class UnknownVariant {
  readonly tag: string;
  readonly value: JsonObject;
  constructor(tag: string, value: JsonObject);
  /** JSON.stringify writes the object as it was read. */
  toJSON(): JsonObject;
}
/** The input order of `object`'s members when JavaScript's own order differs, else undefined. */
export declare function recordedOrder(object: object): readonly string[] | undefined;
/** Records that `object`'s members are in the order `keys` (see recordedOrder). */
export declare function recordOrder(object: object, keys: readonly string[]): void;
/** Whether JavaScript orders `key` as an array index (a canonical integer below 2^32 − 1). */
export declare function isIndexKey(key: string): boolean;
/** Sets `object[key]` as an own data property (`__proto__` too, without touching the prototype). */
export declare function setMember(object: object, key: string, value: unknown): void;
/**
 * `into` (a new object by default) with the members `entries` (name, value,
 * name, value, ...) added in that order, as own data properties; the input
 * order is recorded when JavaScript's own would differ.
 */
export declare function objectOf<T extends object = Record<string, unknown>>(entries: readonly unknown[], into?: T): T;
/** Own enumerable member names of `object` in input order (recordedOrder, else JavaScript's). */
export declare function memberNames(object: object): string[];
/** JSON Schema equality: numbers by value, arrays item by item, objects member-wise in any order. */
export declare function jsonEqual(a: unknown, b: unknown): boolean;
/** A key that JSON-Schema-equal values share (numbers by value, members sorted): for uniqueItems. */
export declare function sameKey(value: unknown): string;
/** The indexes of the first two equal items (JSON equality), or undefined when all differ. */
export declare function firstDuplicate(items: readonly unknown[]): [number, number] | undefined;
