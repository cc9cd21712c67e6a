/**
 * Zod reads an object's members with `input[key]` and `key in input`, which
 * also see Object.prototype: an absent `constructor` or `toString` member
 * would be read as a function. Objects that declare such names parse a
 * null-prototype copy of their input (own members only) instead. `object` is
 * the wrapped object schema (a discriminated union takes it as an option).
 *
 * Zod never reads nor writes a member named `__proto__` (its guard against
 * prototype pollution). When the schema declares one, `proto` checks it here
 * and the parsed value gets it back as an own member, in its place.
 * @template {z.core.SomeType} T
 * @param {T} object
 * @param {{ schema: z.core.$ZodType, required: boolean }} [proto]
 */
export function ownMembers<T extends z.core.SomeType>(object: T, proto?: {
    schema: z.core.$ZodType;
    required: boolean;
}): (z.ZodPreprocess<T, unknown> & {
    object: T;
}) | (z.ZodPipe<z.ZodPreprocess<T, unknown>, z.ZodTransform<Awaited<z.core.output<T>>, z.core.output<T>>> & {
    object: T;
});
/**
 * JSON Schema equality: numbers by value, arrays element-wise, objects member-wise in any order.
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
export function jsonEqual(a: unknown, b: unknown): boolean;
/**
 * Exactly `value` (an array or object `const`), compared with {@link jsonEqual}.
 * @template const T
 * @param {T} value
 * @returns {z.ZodCustom<T, T>}
 */
export function constant<const T>(value: T): z.ZodCustom<T, T>;
/**
 * One of `values` (an `enum` with array or object members), compared with {@link jsonEqual}.
 * @template {readonly unknown[]} const T
 * @param {T} values
 * @returns {z.ZodCustom<T[number], T[number]>}
 */
export function oneOfValues<const T extends readonly unknown[]>(values: T): z.ZodCustom<T[number], T[number]>;
/**
 * The indexes of the first two equal items (JSON equality), or undefined when all differ.
 * @param {readonly unknown[]} items
 * @returns {[number, number] | undefined}
 */
export function firstDuplicate(items: readonly unknown[]): [number, number] | undefined;
/**
 * `minProperties`/`maxProperties` on an object or map.
 * @param {number} min
 * @param {number} [max]
 */
export function propertyCount(min: number, max?: number): z.core.$ZodCheck<Record<string, unknown>>;
/**
 * `multipleOf`: exact remainder when the value and the divisor are integers;
 * otherwise q = value / divisor must be finite and within 1e-9 (relative) of
 * an integer, so 0.0075 is a multiple of 0.0001.
 * @param {number} value
 * @param {number} divisor
 * @returns {boolean}
 */
export function isMultipleOf(value: number, divisor: number): boolean;
/**
 * `multipleOf` as a check ({@link isMultipleOf}).
 * @param {number} divisor
 * @returns {z.core.$ZodCheck<number>}
 */
export function multipleOf(divisor: number): z.core.$ZodCheck<number>;
/**
 * The number of Unicode code points (a surrogate pair counts once): what minLength/maxLength count.
 * @param {string} s
 * @returns {number}
 */
export function codePointLength(s: string): number;
/**
 * `minLength`/`maxLength` in code points (zod's .min/.max count UTF-16 units).
 * @param {number} min
 * @param {number} [max]
 */
export function codePoints(min: number, max?: number): z.core.$ZodCheck<string>;
/**
 * A `pattern`: ECMA-262 with code point semantics (the `u` flag), searched, not anchored.
 * @param {string} source
 * @returns {RegExp}
 */
export function pattern(source: string): RegExp;
/**
 * `format: uuid`: 8-4-4-4-12 hex digits of any case, any version or variant.
 * @param {string} s
 * @returns {boolean}
 */
export function isUuid(s: string): boolean;
/**
 * `format: date-time`: RFC 3339 section 5.6. `T`/`t`, `Z`/`z`, an optional
 * fraction of at least one digit, a required offset, real calendar days, and
 * a leap second (:60) only at 23:59:60 UTC.
 * @param {string} s
 * @returns {boolean}
 */
export function isDateTime(s: string): boolean;
/**
 * `format: uri`: an RFC 3986 URI with a scheme, checked character by character (as the C++ runtime's is_uri).
 * @param {string} s
 * @returns {boolean}
 */
export function isUri(s: string): boolean;
/**
 * The "any other string" branch of an open enum (`z.union([Known,
 * otherString(z.string())])`), typed `string & {}` so that the union keeps
 * the known literals for editors instead of collapsing to `string`.
 * @param {z.ZodString | z.ZodCustomStringFormat<string>} schema
 * @returns {z.ZodType<string & {}, string & {}>}
 */
export function otherString(schema: z.ZodString | z.ZodCustomStringFormat<string>): z.ZodType<string & {}, string & {}>;
/**
 * `table[key]` for an own key of a constant table, else undefined (never a prototype member).
 * @template V
 * @param {{ readonly [key: string]: V }} table
 * @param {string} key
 * @returns {V | undefined}
 */
export function lookup<V>(table: {
    readonly [key: string]: V;
}, key: string): V | undefined;
/**
 * A JSON path in the C++ runtime's notation: `$.data.plans["p 1"][0]`.
 * @param {readonly PropertyKey[]} path
 * @returns {string}
 */
export function jsonPath(path: readonly PropertyKey[]): string;
/**
 * The first problem of a ZodError as one line that starts with its JSON path.
 * @param {z.ZodError} error
 * @returns {string}
 */
export function describeError(error: z.ZodError): string;
/**
 * Any JSON value (what JSON.parse returns).
 * @typedef {null | boolean | number | string | JsonArray | JsonObject} Json
 */
/**
 * A JSON array (JSDoc cannot write `Json[]` inside the definition of Json).
 * @typedef {Json[]} JsonArray
 */
/**
 * A JSON object.
 * @typedef {{ [key: string]: Json }} JsonObject
 */
/**
 * Any JSON value (a schema of `true` or `{}`). Only `undefined` is refused,
 * so a required member must be present; the value is kept as is.
 */
export const json: z.ZodCustom<Json, Json>;
/** A member that must be absent (`not: {required: [...]}` or a `false` property schema). */
export const forbidden: z.ZodExactOptional<z.ZodNever>;
/** `uniqueItems`. */
export const uniqueItems: z.core.$ZodCheck<unknown[]>;
/** Strings with `format: date-time` (the text is kept exactly; it is never turned into a Date). */
export const dateTime: z.ZodCustomStringFormat<"date-time">;
/** Strings with `format: uuid` (any case is accepted and kept). */
export const uuid: z.ZodCustomStringFormat<"uuid">;
/** Strings with `format: uri` (absolute: a scheme is required). */
export const uri: z.ZodCustomStringFormat<"uri">;
export namespace ONE_OF {
    function error(issue: {
        code?: string;
        inclusive?: boolean;
    }): "matches more than one alternative of oneOf" | undefined;
}
export type Issue = {
    path: PropertyKey[];
    message: string;
    code?: string;
    errors?: Issue[][];
};
/**
 * Any JSON value (what JSON.parse returns).
 */
export type Json = null | boolean | number | string | JsonArray | JsonObject;
/**
 * A JSON array (JSDoc cannot write `Json[]` inside the definition of Json).
 */
export type JsonArray = Json[];
/**
 * A JSON object.
 */
export type JsonObject = {
    [key: string]: Json;
};
import { z } from "zod";
