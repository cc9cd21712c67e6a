import { z } from "zod";
import type { Check } from "./check.js";
/**
 * The undeclared members of an object whose extra members are a map with a
 * key pattern: each name must match `key` (else `additionalProperties`).
 */
export declare function extraKeys(key: RegExp, declared: readonly string[]): z.core.$ZodCheck<Record<string, unknown>>;
/**
 * Parameters of a map with a key pattern (z.record): a name that does not match is
 * `additionalProperties` at the member.
 */
export declare const KEY_PATTERN: {
  error: (issue: { code?: string; input?: unknown }) => string | undefined;
};
/** Parameters of a tuple that allows no item after its positions (`items: false`): a longer array is `items`. */
export declare const CLOSED_TUPLE: {
  error: (issue: { code?: string; input?: unknown; maximum?: unknown }) => string | undefined;
};
/**
 * `wrapper` (a pipe around `schema`) with the object schema a discriminated
 * union takes part with: `schema` itself when it is an object, or the object
 * it lends (rt.ownMembers).
 */
/** What lendObject adds to a wrapper's type. */
export type Lent<S> = S extends z.ZodObject
  ? {
      object: S;
    }
  : S extends {
        object: infer O;
      }
    ? {
        object: O;
      }
    : unknown;
/**
 * The schema of a recursive type: a value nested deeper than the payload
 * limit is a `depth` error (as the text decoder's), measured once before the
 * parse (without recursion), so that Zod's recursion through z.lazy stays
 * within the limit instead of overflowing the stack.
 */
export declare function depthLimited<S extends z.ZodType>(
  schema: S,
  maxDepth: number,
): z.ZodType<z.output<S>, z.input<S>> & Lent<S>;
/**
 * A struct's object schema reached lazily: a recursive variant of a
 * discriminated union, defined after the union (z.lazy lends the union the
 * object's member values when it first parses).
 */
export declare function lazyObject(get: () => unknown): z.ZodObject;
/**
 * `schema` with an assertion (docs/semantics.md, "Assertions"): `check` runs
 * on the input value; its error sits at the start of the value, after any
 * error `schema` reports there, and replaces what `schema` reports inside.
 */
export declare function checked<S extends z.ZodType>(
  check: Check,
  schema: S,
): z.ZodType<z.output<S>, z.input<S>> & Lent<S>;
