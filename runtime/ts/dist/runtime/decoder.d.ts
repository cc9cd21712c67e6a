import { Keyword } from "./errors.js";
import { UnknownVariant, type Json } from "./json.js";
import { Members } from "./values.js";
import type { CountRule } from "./rules.js";
import { ScalarDecoder } from "./scalars.js";
export { Members };
export { DEFAULT_MAX_DEPTH, kindName, Scanner } from "./scanner.js";
export { ScalarDecoder } from "./scalars.js";
export {
  exactInteger,
  numberProblem,
  stringProblem,
  type CountRule,
  type NumberRule,
  type StringRule,
} from "./rules.js";
export type { DecodeOptions, StrictDecodeOptions, TolerantDecodeOptions } from "./scanner.js";
/** A generated reader: decodes one value at the decoder's position. */
export type Reader<T> = (d: Decoder) => T;
export declare class Decoder extends ScalarDecoder {
  /** The tag `tag()` found last (for `unknownTag`). */
  lastTag: string;
  /** Opens an object (a `type` error if the value is not one); `rule` bounds its members. */
  object(rule?: CountRule): void;
  /** Rejects the member just read: its name appeared before in this object. */
  duplicate(key: string): never;
  /** Rejects the object just closed for lacking a required member. */
  missing(name: string): never;
  /** Rejects the member just read as one the schema forbids. */
  forbidden(key: string): never;
  /**
   * An undeclared member of a closed object: `additionalProperties`, or in
   * tolerant mode kept in `kept`, which it returns.
   */
  unknown(key: string, kept: Members | undefined): Members;
  /** Reads the value of the member just read with `read` into `kept`, which it returns (a new one for undefined). */
  keep<T>(key: string, kept: Members | undefined, read: Reader<T>): Members;
  /** Reads any JSON value as a free-form value (docs/semantics.md §1.7). */
  any(): Json;
  /**
   * Reads a value that must equal `value` (JSON Schema equality). `typed`: the
   * schema states `type` too, so another JSON kind is a `type` error
   * (`"integer"`: so is a number with a fraction).
   */
  constValue<const T>(value: T, typed?: boolean | "integer"): T;
  /** Reads a value that must equal one of `values` (JSON Schema equality). */
  enumValue<const T extends readonly unknown[]>(values: T): T[number];
  /** Reads an array of items read by `item`; `rule` bounds them (checked before any item). */
  array<T>(rule: CountRule | undefined, item: Reader<T>): T[];
  /** Moves to the next item of the open array, or consumes its closing bracket and returns false. */
  item(): boolean;
  /** Reads an object of any member names whose values `value` reads (input order kept). */
  map<T>(rule: CountRule | undefined, value: Reader<T>): Record<string, T>;
  /** Checks a container's entry count (at its start) against `rule`, looking ahead. */
  counted(rule: CountRule, minKeyword: Keyword, maxKeyword: Keyword, what: string): void;
  /**
   * Looks ahead in the object at `pos` for the member `name` (a
   * discriminator) and returns its string value, consuming nothing. Not an
   * object: `type`; no such member: `required` at the object; not a string:
   * `discriminator` at the member (both found at the object's start).
   */
  tag(name: string): string;
  /**
   * A tag no variant has (`tag()` found it): a `discriminator` error, or in
   * tolerant mode the whole object as an {@link UnknownVariant}.
   */
  unknownTag(name: string, expected: string): UnknownVariant;
  /**
   * A union without a tag: with `oneOf` exactly one alternative must accept
   * the value, else the first that does is taken. The alternatives' own
   * errors are not reported: the error is `oneOf`/`anyOf` at the value. A
   * value that is not JSON is a syntax error first.
   */
  union<T>(oneOf: boolean, alternatives: readonly Reader<T>[]): T;
}
