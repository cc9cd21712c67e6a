import type { CountRule, Decoder } from "./decoder.js";
import { type Json } from "./json.js";
/**
 * Members kept while an object is read (undeclared members of open objects,
 * of closed ones in tolerant mode, or a map's): names and values in input
 * order, and the names seen, so that a name read twice is a `duplicate`.
 */
export declare class Members {
  readonly entries: unknown[];
  private seen;
  /** Adds a member; returns false when its name is there already. */
  add(key: string, value: unknown): boolean;
  has(key: string): boolean;
}
/**
 * Reads any JSON value: objects keep every member in input order (a name
 * twice is `duplicate`), integer literals keep their exact value, other
 * numbers must fit a double (`range`), nesting counts towards the limit.
 */
export declare function readAny(d: Decoder): Json;
/**
 * Consumes one value, checking only that it is JSON (no depth limit, no
 * duplicate check: those belong to the readers that read the value).
 */
export declare function skipValue(d: Decoder): void;
/** The number of items or members of the container at the decoder's position, consuming nothing. */
export declare function countEntries(d: Decoder): number;
/**
 * `uniqueItems` (and the item counts) of the array at the decoder's
 * position, read ahead as free-form values. When an item breaks the payload
 * policy (a duplicate member, too deep), uniqueness is left undecided: the
 * typed read that follows reports that problem.
 */
export declare function checkUnique(d: Decoder, rule: CountRule): void;
