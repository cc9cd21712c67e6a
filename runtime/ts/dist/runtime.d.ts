import { z } from "zod";
import { type ZodIssueLike } from "./runtime/issues.js";
import { type FormatName } from "./runtime/formats_more.js";
import { type Json, type Other } from "./runtime/json.js";
export * from "./runtime/errors.js";
export * from "./runtime/json.js";
export * from "./runtime/formats.js";
export * from "./runtime/decoder.js";
export { encode } from "./runtime/encoder.js";
export { readAny } from "./runtime/values.js";
export { firstError } from "./runtime/issues.js";
export { Check } from "./runtime/check.js";
export { readChecked } from "./runtime/checked.js";
export { keepMatching, readMapMatching, readTuple } from "./runtime/shapes.js";
export * from "./runtime/zod_vocab.js";
export * from "./runtime/formats_more.js";
import { type DecodeOptions, type Reader } from "./runtime/decoder.js";
/**
 * Decodes one JSON text (a string, or UTF-8 bytes) with `read`, a generated
 * reader, under the payload policy; throws the first problem as a
 * {@link DecodeError}. `maxDepth` is the package's nesting limit.
 */
export declare function decode<T>(
  input: string | Uint8Array,
  read: Reader<T>,
  options?: DecodeOptions,
  maxDepth?: number,
): T;
/**
 * Any JSON value (a schema of `true` or `{}`), kept as it is: every member,
 * `__proto__` included, and bigints. Numbers must be finite; a required
 * member must be present.
 */
export declare const json: z.ZodType<Json, Json>;
/** A member that must be absent (`not: {required: [...]}` or a `false` property schema). */
export declare const forbidden: z.ZodExactOptional<z.ZodNever>;
/** A member a closed object does not allow (forbidden, and not declared either). */
export declare const notAllowed: z.ZodExactOptional<z.ZodNever>;
/**
 * Zod reads an object's members with `input[key]` and `key in input`, which
 * also see Object.prototype: an absent `constructor` or `toString` member
 * would be read as a function. Objects that declare such names parse a
 * null-prototype copy of their input (own members only) instead. `object` is
 * the wrapped object schema (a discriminated union takes it as an option).
 *
 * Zod never reads nor writes a member named `__proto__` (its guard against
 * prototype pollution). `proto` checks it here: with the schema of a
 * declared `__proto__` member (and whether it is required), or of the
 * members an open object or a map keeps; the parsed value gets it back as
 * an own data property, in its place.
 */
export declare function ownMembers<T extends z.core.SomeType>(
  object: T,
  proto?: {
    schema: z.core.$ZodType;
    required: boolean;
  },
): z.ZodType<z.output<T>, z.input<T>> & {
  object: T;
};
/** Exactly `value` (an array or object `const`), compared with {@link jsonEqual}. */
export declare function constant<const T>(value: T): z.ZodCustom<T, T>;
/** One of `values` (an `enum` with array or object members), compared with {@link jsonEqual}. */
export declare function oneOfValues<const T extends readonly unknown[]>(values: T): z.ZodCustom<T[number], T[number]>;
/** `uniqueItems`. */
export declare const uniqueItems: z.core.$ZodCheck<unknown[]>;
/** `minProperties`/`maxProperties` on an object or map. */
export declare function propertyCount(min: number, max?: number): z.core.$ZodCheck<Record<string, unknown>>;
/** `multipleOf` as a check ({@link isMultipleOf}). */
export declare function multipleOf(divisor: number): z.core.$ZodCheck<number>;
/**
 * `multipleOf` with a fractional divisor on a 64-bit integer, decided as
 * the stream readers decide it (`numberProblem`): on the value as a number.
 */
export declare function bigintMultipleOf(divisor: number): z.core.$ZodCheck<bigint>;
/** An integer of a `format: int64` schema (`unsigned`: `uint64`): a bigint in the 64-bit range. */
export declare function int64(unsigned?: boolean): z.ZodBigInt;
/** `minLength`/`maxLength` in code points (zod's .min/.max count UTF-16 units). */
export declare function codePoints(min: number, max?: number): z.core.$ZodCheck<string>;
export { pattern } from "./runtime/patterns.js";
/**
 * The "any other string" branch of an open enum (`z.union([Known,
 * otherString(z.string())])`), typed {@link Other} (`string & {}`) so that
 * the union keeps the known literals for editors instead of collapsing to
 * `string`.
 */
export declare function otherString(schema: z.ZodString | z.ZodCustomStringFormat<string>): z.ZodType<Other, Other>;
/** Strings with `format: date-time` (the text is kept exactly; it is never turned into a Date). */
export declare const dateTime: z.ZodCustomStringFormat<"date-time">;
/** Strings with `format: uuid` (any case is accepted and kept). */
export declare const uuid: z.ZodCustomStringFormat<"uuid">;
/** Strings with `format: uri` (absolute: a scheme is required). */
export declare const uri: z.ZodCustomStringFormat<"uri">;
/** Strings with one of the other asserted formats (docs/semantics.md, "Formats"). */
export declare function format<F extends FormatName>(name: F): z.ZodCustomStringFormat<F>;
/** Parameters of a `oneOf` union (z.xor, or z.union when the kinds are disjoint). */
export declare const ONE_OF: {
  error: (issue: {
    code?: string;
    inclusive?: boolean;
  }) =>
    | "oneOf: the value matches more than one alternative"
    | "oneOf: the value matches none of the alternatives"
    | undefined;
};
/** Parameters of an `anyOf` union (z.union), open enums included. */
export declare const ANY_OF: {
  error: (issue: { code?: string }) => "anyOf: the value matches none of the alternatives" | undefined;
};
/** `table[key]` for an own key of a constant table, else undefined (never a prototype member). */
export declare function lookup<V>(
  table: {
    readonly [key: string]: V;
  },
  key: string,
): V | undefined;
/** A JSON path in the notation of every binding: `$.data.plans["p 1"][0]`. */
export declare function jsonPath(path: readonly PropertyKey[]): string;
/**
 * The first problem of a failed Zod parse of `input` as one line,
 * `<path>: <keyword>: <detail>` (docs/semantics.md §2).
 */
export declare function describeError(
  error: {
    readonly issues: readonly ZodIssueLike[];
  },
  input: unknown,
): string;
