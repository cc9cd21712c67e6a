import type { CountRule, Decoder, Reader } from "./decoder.js";
import { type Members } from "./values.js";
/**
 * Reads a tuple: an array whose item i is read by `items[i]`, and the items
 * after those by `rest` (undefined: none may follow, an `items` error at the
 * array). `rule` bounds the items (an absent optional position ends the
 * array, so `minItems` says which positions are required); both are
 * checked before any item.
 */
export declare function readTuple<T extends unknown[]>(
  d: Decoder,
  rule: CountRule | undefined,
  items: readonly Reader<unknown>[],
  rest: Reader<unknown> | undefined,
): T;
/** Reads an object whose member names must match `key` and whose values `value` reads (input order kept). */
export declare function readMapMatching<T>(
  d: Decoder,
  rule: CountRule | undefined,
  key: RegExp,
  value: Reader<T>,
): Record<string, T>;
/**
 * An undeclared member of a struct whose other members are a map with a key
 * pattern: kept in `kept` (which it returns) when its name matches `key`,
 * else an `additionalProperties` error, in the tolerant mode too (the
 * members are typed by the pattern).
 */
export declare function keepMatching<T>(
  d: Decoder,
  name: string,
  kept: Members | undefined,
  key: RegExp,
  read: Reader<T>,
): Members;
