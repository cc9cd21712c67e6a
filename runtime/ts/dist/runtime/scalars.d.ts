import type { Other } from "./json.js";
import { type NumberRule, type StringRule } from "./rules.js";
import { Scanner } from "./scanner.js";
/** Reads the scalar values of the contract; the containers are {@link Decoder}'s (decoder.ts). */
export declare class ScalarDecoder extends Scanner {
  /** Reads a string and checks `rule`. */
  string(rule?: StringRule): string;
  private checkString;
  /**
   * Reads a value that must be the string `value` (a tag, a const). `typed`:
   * the schema states `type` too, so another JSON kind is a `type` error.
   */
  constString<const T extends string>(value: T, typed?: boolean): T;
  /** Reads a string that must be one of `values` (`expected`: "a|b|c", for the message). */
  enumString<T extends string>(values: ReadonlySet<T>, expected: string): T;
  /**
   * An open enum: one of `known`, or any other string that satisfies `rule`.
   * It is one schema with two alternatives (anyOf): any failure is `anyOf`.
   */
  openEnum<T extends string>(known: ReadonlySet<T>, rule?: StringRule): T | Other;
  /** Reads true or false. */
  bool(): boolean;
  /** Reads null (a schema that only allows null). */
  null(): null;
  /** Consumes a null and returns true when the next value is null (else consumes nothing). */
  isNull(): boolean;
  /**
   * Reads an integer: a number with a zero fractional part (1, 1.0 and 1e2
   * are integers), within ±(2^53−1) (`range`, after the schema's bounds).
   */
  int(rule?: NumberRule): number;
  private intSlow;
  /**
   * Reads an integer of a `format: int64` (or, `unsigned`, `uint64`) schema
   * as a bigint, exactly: 9223372036854775807 stays itself.
   */
  bigint(rule?: NumberRule, unsigned?: boolean): bigint;
  /** Reads any number as a double (a literal beyond the double range is a `range` error). */
  number(rule?: NumberRule): number;
  private checkNumber;
}
