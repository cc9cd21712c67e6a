import { Keyword } from "./errors.js";
import { type FormatName } from "./formats_more.js";
/** What a string must satisfy, checked in this order: format, pattern, minLength, maxLength. */
export interface StringRule {
  readonly format?: FormatName;
  readonly pattern?: RegExp;
  readonly minLength?: number;
  readonly maxLength?: number;
}
/** The bounds of a number, checked in this order (bigints for the bounds of 64-bit integers). */
export interface NumberRule {
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly exclusiveMinimum?: number | bigint;
  readonly exclusiveMaximum?: number | bigint;
  readonly multipleOf?: number;
}
/** Bounds on the items of an array or the members of an object, and uniqueness of items. */
export interface CountRule {
  readonly min?: number;
  readonly max?: number;
  readonly unique?: boolean;
}
/** Why `s` breaks `rule` (keyword and detail), or undefined. */
export declare function stringProblem(rule: StringRule, s: string): [Keyword, string] | undefined;
/** Why `v` breaks `rule` (keyword and detail), or undefined. */
export declare function numberProblem(rule: NumberRule, v: number | bigint): [Keyword, string] | undefined;
/**
 * The integer a number literal with a fraction or an exponent stands for,
 * exactly: undefined when it is not an integer, null when it is one beyond
 * 2^64 in magnitude (never computed: 1e1000000 costs nothing).
 */
export declare function exactInteger(literal: string): bigint | undefined | null;
