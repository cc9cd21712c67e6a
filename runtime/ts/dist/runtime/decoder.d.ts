import { Keyword } from "./errors.js";
import { type FormatName } from "./formats_more.js";
import { UnknownVariant, type Json, type Other } from "./json.js";
import { Members } from "./values.js";
export { Members };
/** The nesting limit of the payload policy when a package does not set its own. */
export declare const DEFAULT_MAX_DEPTH = 128;
/** Options of a decode: strict by default. */
export interface DecodeOptions {
    /**
     * The tolerant-reader mode for consumers: undeclared members of closed
     * objects are kept (and encoded after the declared ones) instead of
     * rejected, and a discriminated union's unknown string tag decodes to an
     * {@link UnknownVariant}. Everything else stays strict; producers validate strictly.
     */
    readonly tolerant?: boolean;
    /** The nesting limit (1..10000), instead of the package's. */
    readonly maxDepth?: number;
}
/** Options of a strict decode (the default). */
export type StrictDecodeOptions = DecodeOptions & {
    readonly tolerant?: false;
};
/** Options of a decode in the tolerant-reader mode. */
export type TolerantDecodeOptions = DecodeOptions & {
    readonly tolerant: true;
};
/** A generated reader: decodes one value at the decoder's position. */
export type Reader<T> = (d: Decoder) => T;
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
/** The JSON kind of the value starting with character code c (for messages). */
export declare function kindName(c: number): string;
export declare class Decoder {
    readonly text: string;
    /** Where reading is: a UTF-16 index into `text`. */
    pos: number;
    depth: number;
    readonly maxDepth: number;
    readonly tolerant: boolean;
    /** The container just opened has had no entry yet (no comma before the first). */
    afterOpen: boolean;
    /** Where the member name `key()` returned last starts. */
    keyStart: number;
    /** The tag `tag()` found last (for `unknownTag`). */
    lastTag: string;
    constructor(text: string, options?: DecodeOptions, packageMaxDepth?: number);
    fail(keyword: Keyword, detail: string, at?: number): never;
    syntax(at: number, detail: string): never;
    typeFail(expected: string, c: number): never;
    /** Skips whitespace; returns the next character code (NaN at the end). */
    ws(): number;
    /** Skips whitespace and checks that a value starts there; returns its first character code. */
    peek(): number;
    /** Reads the string whose opening quote is at `pos`. */
    readString(): string;
    private readEscaped;
    private hex4;
    /** Consumes the number at `pos`; returns whether it is an integer literal (no fraction, no exponent). */
    scanNumber(): boolean;
    /** Consumes one of true, false, null (its first letter already checked). */
    literal(word: string): void;
    /** Consumes the colon after a member name. */
    colon(): void;
    /** Checks that only whitespace follows the value. */
    end(): void;
    /** Opens an object (a `type` error if the value is not one); `rule` bounds its members. */
    object(rule?: CountRule): void;
    /** Enters the container at `pos` (depth checked) and steps over its bracket. */
    open(): void;
    /** The next member name of the open object (and the colon after it), or undefined at its end. */
    key(): string | undefined;
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
    /** Reads a string and checks `rule`. */
    string(rule?: StringRule): string;
    /** Why `s` breaks `rule` (keyword and detail), or undefined. */
    static stringProblem(rule: StringRule, s: string): [Keyword, string] | undefined;
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
    /** Why `v` breaks `rule` (keyword and detail), or undefined. */
    static numberProblem(rule: NumberRule, v: number | bigint): [Keyword, string] | undefined;
    private checkNumber;
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
/**
 * The integer a number literal with a fraction or an exponent stands for,
 * exactly: undefined when it is not an integer, null when it is one beyond
 * 2^64 in magnitude (never computed: 1e1000000 costs nothing).
 */
export declare function exactInteger(literal: string): bigint | undefined | null;
