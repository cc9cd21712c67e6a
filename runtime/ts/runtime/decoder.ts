// The strict text decoder the generated readers drive (docs/semantics.md
// §1-§2): JSON text is read once, straight into the typed values, and
// decoding stops at the first problem, which is therefore the first in
// document order. The Go runtime (runtime/go/contract/) works the same way;
// this is its port, method for method.
//
// The payload policy is enforced on the way: a byte order mark, invalid
// UTF-8, lone surrogates and anything else that is not RFC 8259 JSON are
// `syntax` errors; a member name twice in one object is `duplicate` (at the
// second); nesting deeper than the limit is `depth`; numbers beyond a double,
// and integers beyond their range, are `range`. Where a rule needs a whole
// value before its members (a union's tag, item and member counts, unique
// items, a union without a tag), the value is looked ahead over first,
// checking only that it is JSON.
//
// Paths cost nothing while decoding succeeds: a reader's `catch` adds its
// member name or index to the error as it travels out (errors.ts, `within`).
import { DecodeError, Keyword, quote, within } from "./errors.js";
import { codePointLength, isMultipleOf } from "./formats.js";
import { FORMATS, type FormatName } from "./formats_more.js";
import { isIndexKey, jsonEqual, recordOrder, UnknownVariant, type Json, type JsonObject, type Other } from "./json.js";
import { checkUnique, countEntries, Members, readAny, skipValue } from "./values.js";

export { Members };

/** The nesting limit of the payload policy when a package does not set its own. */
export const DEFAULT_MAX_DEPTH = 128;

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
export type StrictDecodeOptions = DecodeOptions & { readonly tolerant?: false };
/** Options of a decode in the tolerant-reader mode. */
export type TolerantDecodeOptions = DecodeOptions & { readonly tolerant: true };

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

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * A new empty object in V8's dictionary mode. Maps have member names that
 * differ from one object to the next (identifiers, keys of a table): added
 * one by one to a plain object, each new name is a new hidden class, which
 * costs four times as much as an insertion into a dictionary.
 */
function dictionary(): Record<string, unknown> {
  const o: Record<string, unknown> = { a: 0, b: 0 };
  delete o["a"];
  delete o["b"];
  return o;
}

/** The JSON kind of the value starting with character code c (for messages). */
export function kindName(c: number): string {
  switch (c) {
    case 123: return "an object";
    case 91: return "an array";
    case 34: return "a string";
    case 116: case 102: return "a boolean";
    case 110: return "null";
  }
  return "a number";
}

/** The JSON kind of a value, named as {@link kindName} names it. */
function valueKindName(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string": return "a string";
    case "boolean": return "a boolean";
    case "number": case "bigint": return "a number";
  }
  return Array.isArray(value) ? "an array" : "an object";
}

/** Spells a number bound for a message. */
const shown = (n: number | bigint): string => String(n);

export class Decoder {
  readonly text: string;
  /** Where reading is: a UTF-16 index into `text`. */
  pos = 0;
  depth = 0;
  readonly maxDepth: number;
  readonly tolerant: boolean;
  /** The container just opened has had no entry yet (no comma before the first). */
  afterOpen = false;
  /** Where the member name `key()` returned last starts. */
  keyStart = 0;
  /** The tag `tag()` found last (for `unknownTag`). */
  lastTag = "";

  constructor(text: string, options?: DecodeOptions, packageMaxDepth = DEFAULT_MAX_DEPTH) {
    this.text = text;
    this.maxDepth = options?.maxDepth ?? packageMaxDepth;
    this.tolerant = options?.tolerant === true;
  }

  // ---- errors ------------------------------------------------------------------------------

  fail(keyword: Keyword, detail: string, at: number = this.pos): never {
    throw new DecodeError(keyword, detail, at);
  }

  syntax(at: number, detail: string): never {
    throw new DecodeError(Keyword.syntax, `invalid JSON: ${detail} at ${at}`, at);
  }

  typeFail(expected: string, c: number): never {
    return this.fail(Keyword.type, `expected ${expected}, got ${kindName(c)}`);
  }

  // ---- the scanner -------------------------------------------------------------------------

  /** Skips whitespace; returns the next character code (NaN at the end). */
  ws(): number {
    const t = this.text;
    let i = this.pos;
    let c = t.charCodeAt(i);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = t.charCodeAt(++i);
    this.pos = i;
    return c;
  }

  /** Skips whitespace and checks that a value starts there; returns its first character code. */
  peek(): number {
    const c = this.ws();
    switch (c) {
      case 123: case 91: case 34: case 116: case 102: case 110: case 45:
      case 48: case 49: case 50: case 51: case 52: case 53: case 54: case 55: case 56: case 57:
        return c;
    }
    if (this.pos >= this.text.length) return this.syntax(this.pos, "unexpected end of input, expected a value");
    return this.syntax(this.pos, `unexpected character ${JSON.stringify(this.text[this.pos])}, expected a value`);
  }

  /** Reads the string whose opening quote is at `pos`. */
  readString(): string {
    const t = this.text;
    const start = this.pos + 1;
    let i = start;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === 34) {
        this.pos = i + 1;
        return t.slice(start, i);
      }
      // A backslash, a control character, a surrogate or the end (NaN): the careful path.
      if (!(c >= 32) || c === 92 || (c & 0xf800) === 0xd800) return this.readEscaped(start, i);
      i++;
    }
  }

  private readEscaped(start: number, i: number): string {
    const t = this.text;
    let out = t.slice(start, i);
    let from = i;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === 34) {
        this.pos = i + 1;
        return out + t.slice(from, i);
      }
      if (c === 92) {
        out += t.slice(from, i);
        const e = t.charCodeAt(i + 1);
        let unit: number;
        switch (e) {
          case 34: case 92: case 47: unit = e; break;
          case 98: unit = 8; break;
          case 102: unit = 12; break;
          case 110: unit = 10; break;
          case 114: unit = 13; break;
          case 116: unit = 9; break;
          case 117: {
            const r = this.hex4(i + 2);
            if ((r & 0xf800) === 0xd800) {
              const low = r < 0xdc00 && t.charCodeAt(i + 6) === 92 && t.charCodeAt(i + 7) === 117 ? this.hex4(i + 8) : -1;
              if (!(low >= 0xdc00 && low <= 0xdfff)) this.syntax(i, "lone surrogate escape");
              out += String.fromCharCode(r, low);
              i += 12;
            } else {
              out += String.fromCharCode(r);
              i += 6;
            }
            from = i;
            continue;
          }
          default:
            if (i + 1 >= t.length) this.syntax(t.length, "unterminated string");
            return this.syntax(i, "invalid escape");
        }
        out += String.fromCharCode(unit);
        i += 2;
        from = i;
        continue;
      }
      if (i >= t.length) return this.syntax(t.length, "unterminated string");
      if (c < 32) return this.syntax(i, "control character in a string (escape it)");
      if ((c & 0xf800) === 0xd800) {
        // Raw surrogates (a JavaScript string given as input): only a pair is text.
        const low = t.charCodeAt(i + 1);
        if (c >= 0xdc00 || !(low >= 0xdc00 && low <= 0xdfff)) this.syntax(i, "lone surrogate");
        i += 2;
        continue;
      }
      i++;
    }
  }

  private hex4(at: number): number {
    const t = this.text;
    let r = 0;
    for (let k = 0; k < 4; k++) {
      const c = t.charCodeAt(at + k);
      let v: number;
      if (c >= 48 && c <= 57) v = c - 48;
      else if (c >= 97 && c <= 102) v = c - 87;
      else if (c >= 65 && c <= 70) v = c - 55;
      else if (at + k >= t.length) return this.syntax(t.length, "unterminated \\u escape");
      else return this.syntax(at + k, "invalid \\u escape");
      r = r * 16 + v;
    }
    return r;
  }

  /** Consumes the number at `pos`; returns whether it is an integer literal (no fraction, no exponent). */
  scanNumber(): boolean {
    const t = this.text;
    let i = this.pos;
    let c = t.charCodeAt(i);
    let integer = true;
    if (c === 45) c = t.charCodeAt(++i);
    if (c === 48) c = t.charCodeAt(++i);
    else if (c >= 49 && c <= 57) do c = t.charCodeAt(++i); while (c >= 48 && c <= 57);
    else this.syntax(i, "invalid number, expected a digit");
    if (c === 46) {
      integer = false;
      c = t.charCodeAt(++i);
      if (!(c >= 48 && c <= 57)) this.syntax(i, "invalid number, expected a digit");
      do c = t.charCodeAt(++i); while (c >= 48 && c <= 57);
    }
    if (c === 101 || c === 69) {
      integer = false;
      c = t.charCodeAt(++i);
      if (c === 43 || c === 45) c = t.charCodeAt(++i);
      if (!(c >= 48 && c <= 57)) this.syntax(i, "invalid number, expected a digit");
      do c = t.charCodeAt(++i); while (c >= 48 && c <= 57);
    }
    this.pos = i;
    return integer;
  }

  /** Consumes one of true, false, null (its first letter already checked). */
  literal(word: string): void {
    if (!this.text.startsWith(word, this.pos)) {
      let k = 0;
      while (this.text.charCodeAt(this.pos + k) === word.charCodeAt(k)) k++;
      this.syntax(this.pos + k, `invalid literal, expected ${word}`);
    }
    this.pos += word.length;
  }

  /** Consumes the colon after a member name. */
  colon(): void {
    let c = this.text.charCodeAt(this.pos);
    if (c !== 58) {
      c = this.ws();
      if (c !== 58) this.syntax(this.pos, "expected ':'");
    }
    this.pos++;
  }

  /** Checks that only whitespace follows the value. */
  end(): void {
    this.ws();
    if (this.pos < this.text.length) this.syntax(this.pos, `unexpected ${JSON.stringify(this.text[this.pos])} after the value`);
  }

  // ---- objects -----------------------------------------------------------------------------

  /** Opens an object (a `type` error if the value is not one); `rule` bounds its members. */
  object(rule?: CountRule): void {
    let c = this.text.charCodeAt(this.pos);
    if (c !== 123) {
      c = this.peek();
      if (c !== 123) this.typeFail("an object", c);
    }
    if (rule !== undefined) this.counted(rule, Keyword.minProperties, Keyword.maxProperties, "members");
    this.open();
  }

  /** Enters the container at `pos` (depth checked) and steps over its bracket. */
  open(): void {
    if (++this.depth > this.maxDepth) this.fail(Keyword.depth, `nesting deeper than ${this.maxDepth}`);
    this.pos++;
    this.afterOpen = true;
  }

  /** The next member name of the open object (and the colon after it), or undefined at its end. */
  key(): string | undefined {
    const t = this.text;
    let c = t.charCodeAt(this.pos);
    if (c !== 34 && c !== 44 && c !== 125) c = this.ws();
    if (c === 125) {
      this.afterOpen = false;
      this.pos++;
      this.depth--;
      return undefined;
    }
    if (this.afterOpen) {
      this.afterOpen = false;
    } else {
      if (c !== 44) {
        if (this.pos >= t.length) this.syntax(this.pos, "unexpected end of input in an object");
        this.syntax(this.pos, "expected ',' or '}'");
      }
      c = t.charCodeAt(++this.pos);
      if (c !== 34) c = this.ws();
    }
    if (c !== 34) {
      if (this.pos >= t.length) this.syntax(this.pos, "unexpected end of input in an object");
      this.syntax(this.pos, "expected a member name");
    }
    this.keyStart = this.pos;
    const key = this.readString();
    this.colon();
    return key;
  }

  /** Rejects the member just read: its name appeared before in this object. */
  duplicate(key: string): never {
    return this.fail(Keyword.duplicate, `member ${quote(key)} appears twice`, this.keyStart);
  }

  /** Rejects the object just closed for lacking a required member. */
  missing(name: string): never {
    return this.fail(Keyword.required, `missing member ${quote(name)}`);
  }

  /** Rejects the member just read as one the schema forbids. */
  forbidden(key: string): never {
    return this.fail(Keyword.not, `member ${quote(key)} must be absent`, this.keyStart);
  }

  /**
   * An undeclared member of a closed object: `additionalProperties`, or in
   * tolerant mode kept in `kept`, which it returns.
   */
  unknown(key: string, kept: Members | undefined): Members {
    if (!this.tolerant) this.fail(Keyword.additionalProperties, `member ${quote(key)} is not allowed`, this.keyStart);
    return this.keep(key, kept, readAny);
  }

  /** Reads the value of the member just read with `read` into `kept`, which it returns (a new one for undefined). */
  keep<T>(key: string, kept: Members | undefined, read: Reader<T>): Members {
    const members = kept ?? new Members();
    if (members.has(key)) this.duplicate(key);
    members.add(key, read(this));
    return members;
  }

  // ---- scalars -----------------------------------------------------------------------------

  /** Reads a string and checks `rule`. */
  string(rule?: StringRule): string {
    let c = this.text.charCodeAt(this.pos);
    if (c !== 34) {
      c = this.peek();
      if (c !== 34) this.typeFail("a string", c);
    }
    if (rule === undefined) return this.readString();
    const start = this.pos;
    const s = this.readString();
    this.checkString(rule, s, start);
    return s;
  }

  /** Why `s` breaks `rule` (keyword and detail), or undefined. */
  static stringProblem(rule: StringRule, s: string): [Keyword, string] | undefined {
    if (rule.format !== undefined) {
      const f = FORMATS[rule.format];
      if (!f.check(s)) return [Keyword.format, `expected ${f.expected}, got ${quote(s)}`];
    }
    if (rule.pattern !== undefined && !rule.pattern.test(s))
      return [Keyword.pattern, `string does not match pattern ${quote(rule.pattern.source)}: ${quote(s)}`];
    const min = rule.minLength ?? 0, max = rule.maxLength ?? Infinity;
    if (min > 0 || max !== Infinity) {
      // Code points lie between length / 2 and length: count only when that straddles a bound.
      const n = s.length >= min * 2 && s.length <= max ? s.length : codePointLength(s);
      if (n < min) return [Keyword.minLength, `string shorter than minLength ${min}: ${quote(s)}`];
      if (n > max) return [Keyword.maxLength, `string longer than maxLength ${max}: ${quote(s)}`];
    }
    return undefined;
  }

  private checkString(rule: StringRule, s: string, start: number): void {
    const problem = Decoder.stringProblem(rule, s);
    if (problem !== undefined) this.fail(problem[0], problem[1], start);
  }

  /**
   * Reads a value that must be the string `value` (a tag, a const). `typed`:
   * the schema states `type` too, so another JSON kind is a `type` error.
   */
  constString<const T extends string>(value: T, typed = false): T {
    let c = this.text.charCodeAt(this.pos);
    if (c !== 34) c = this.peek();
    const start = this.pos;
    if (c !== 34) {
      if (typed) this.typeFail("a string", c);
      this.fail(Keyword.const, `expected ${quote(value)}, got ${kindName(c)}`);
    }
    const s = this.readString();
    if (s !== value) this.fail(Keyword.const, `expected ${quote(value)}, got ${quote(s)}`, start);
    return value;
  }

  /** Reads a string that must be one of `values` (`expected`: "a|b|c", for the message). */
  enumString<T extends string>(values: ReadonlySet<T>, expected: string): T {
    let c = this.text.charCodeAt(this.pos);
    if (c !== 34) {
      c = this.peek();
      if (c !== 34) this.typeFail("a string", c);
    }
    const start = this.pos;
    const s = this.readString();
    if (!values.has(s as T)) this.fail(Keyword.enum, `expected one of ${expected}, got ${quote(s)}`, start);
    return s as T;
  }

  /**
   * An open enum: one of `known`, or any other string that satisfies `rule`.
   * It is one schema with two alternatives (anyOf): any failure is `anyOf`.
   */
  openEnum<T extends string>(known: ReadonlySet<T>, rule?: StringRule): T | Other {
    let c = this.text.charCodeAt(this.pos);
    if (c !== 34) {
      c = this.peek();
      if (c !== 34) this.fail(Keyword.anyOf, `expected a string, got ${kindName(c)}`);
    }
    const start = this.pos;
    const s = this.readString();
    if (rule !== undefined && !known.has(s as T)) {
      const problem = Decoder.stringProblem(rule, s);
      if (problem !== undefined) this.fail(Keyword.anyOf, `${quote(s)} is not a known value, and ${problem[1]}`, start);
    }
    return s as T | Other;
  }

  /** Reads true or false. */
  bool(): boolean {
    const t = this.text;
    let c = t.charCodeAt(this.pos);
    if (c !== 116 && c !== 102) c = this.peek();
    if (c === 116) {
      this.literal("true");
      return true;
    }
    if (c === 102) {
      this.literal("false");
      return false;
    }
    return this.typeFail("a boolean", c);
  }

  /** Reads null (a schema that only allows null). */
  null(): null {
    let c = this.text.charCodeAt(this.pos);
    if (c !== 110) c = this.peek();
    if (c !== 110) this.typeFail("null", c);
    this.literal("null");
    return null;
  }

  /** Consumes a null and returns true when the next value is null (else consumes nothing). */
  isNull(): boolean {
    let c = this.text.charCodeAt(this.pos);
    if (c !== 110) {
      if (c === 34 || c === 123 || c === 91) return false;
      c = this.peek();
      if (c !== 110) return false;
    }
    this.literal("null");
    return true;
  }

  // ---- numbers -----------------------------------------------------------------------------

  /**
   * Reads an integer: a number with a zero fractional part (1, 1.0 and 1e2
   * are integers), within ±(2^53−1) (`range`, after the schema's bounds).
   */
  int(rule?: NumberRule): number {
    const t = this.text;
    let c = t.charCodeAt(this.pos);
    if (c !== 45 && !(c >= 48 && c <= 57)) {
      c = this.peek();
      if (c !== 45 && !(c >= 48 && c <= 57)) this.typeFail("an integer", c);
    }
    const start = this.pos;
    let i = start;
    if (c === 45) c = t.charCodeAt(++i);
    let v = 0;
    if (c === 48) c = t.charCodeAt(++i);
    else if (c >= 49 && c <= 57) {
      const first = i;
      do {
        v = v * 10 + (c - 48);
        c = t.charCodeAt(++i);
      } while (c >= 48 && c <= 57);
      if (i - first > 15) return this.intSlow(start, rule);
    } else return this.syntax(i, "invalid number, expected a digit");
    if (c === 46 || c === 101 || c === 69) return this.intSlow(start, rule);
    this.pos = i;
    if (t.charCodeAt(start) === 45) v = v === 0 ? 0 : -v;
    if (rule !== undefined) this.checkNumber(rule, v, start);
    return v;
  }

  private intSlow(start: number, rule: NumberRule | undefined): number {
    this.pos = start;
    this.scanNumber();
    const literal = this.text.slice(start, this.pos);
    let v = Number(literal);
    if (!Number.isFinite(v)) this.fail(Keyword.range, `${literal} is outside the range of a double`, start);
    if (v !== Math.trunc(v)) this.fail(Keyword.type, `expected an integer, got ${literal}`, start);
    if (v === 0) v = 0; // -0 is 0
    if (rule !== undefined) this.checkNumber(rule, v, start);
    if (v > MAX_SAFE || v < -MAX_SAFE) this.fail(Keyword.range, `${literal} is outside the integer range ±(2^53−1)`, start);
    return v;
  }

  /**
   * Reads an integer of a `format: int64` (or, `unsigned`, `uint64`) schema
   * as a bigint, exactly: 9223372036854775807 stays itself.
   */
  bigint(rule?: NumberRule, unsigned = false): bigint {
    const c = this.peek();
    if (c !== 45 && !(c >= 48 && c <= 57)) this.typeFail("an integer", c);
    const start = this.pos;
    const integer = this.scanNumber();
    const literal = this.text.slice(start, this.pos);
    const range = unsigned ? "0 … 2^64−1" : "−2^63 … 2^63−1";
    let v: bigint;
    if (integer) v = BigInt(literal);
    else {
      if (!Number.isFinite(Number(literal))) this.fail(Keyword.range, `${literal} is outside the range of a double`, start);
      const exact = exactInteger(literal);
      if (exact === undefined) return this.fail(Keyword.type, `expected an integer, got ${literal}`, start);
      if (exact === null) return this.fail(Keyword.range, `${literal} is outside the integer range ${range}`, start);
      v = exact;
    }
    if (rule !== undefined) this.checkNumber(rule, v, start);
    if (unsigned ? v < 0n || v > UINT64_MAX : v < INT64_MIN || v > INT64_MAX)
      this.fail(Keyword.range, `${literal} is outside the integer range ${range}`, start);
    return v;
  }

  /** Reads any number as a double (a literal beyond the double range is a `range` error). */
  number(rule?: NumberRule): number {
    const c = this.peek();
    if (c !== 45 && !(c >= 48 && c <= 57)) this.typeFail("a number", c);
    const start = this.pos;
    this.scanNumber();
    const literal = this.text.slice(start, this.pos);
    const v = Number(literal);
    if (!Number.isFinite(v)) this.fail(Keyword.range, `${literal} is outside the range of a double`, start);
    if (rule !== undefined) this.checkNumber(rule, v, start);
    return v;
  }

  /** Why `v` breaks `rule` (keyword and detail), or undefined. */
  static numberProblem(rule: NumberRule, v: number | bigint): [Keyword, string] | undefined {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = rule;
    if (minimum !== undefined && v < minimum) return [Keyword.minimum, `${v} is less than the minimum ${shown(minimum)}`];
    if (maximum !== undefined && v > maximum) return [Keyword.maximum, `${v} is greater than the maximum ${shown(maximum)}`];
    if (exclusiveMinimum !== undefined && v <= exclusiveMinimum)
      return [Keyword.exclusiveMinimum, `${v} is not greater than the exclusive minimum ${shown(exclusiveMinimum)}`];
    if (exclusiveMaximum !== undefined && v >= exclusiveMaximum)
      return [Keyword.exclusiveMaximum, `${v} is not less than the exclusive maximum ${shown(exclusiveMaximum)}`];
    if (multipleOf !== undefined) {
      const ok = typeof v === "bigint"
        ? (Number.isInteger(multipleOf) ? v % BigInt(multipleOf) === 0n : isMultipleOf(Number(v), multipleOf))
        : isMultipleOf(v, multipleOf);
      if (!ok) return [Keyword.multipleOf, `${v} is not a multiple of ${multipleOf}`];
    }
    return undefined;
  }

  private checkNumber(rule: NumberRule, v: number | bigint, start: number): void {
    const problem = Decoder.numberProblem(rule, v);
    if (problem !== undefined) this.fail(problem[0], problem[1], start);
  }

  // ---- free-form values, constants, arrays and maps ----------------------------------------

  /** Reads any JSON value as a free-form value (docs/semantics.md §1.7). */
  any(): Json {
    return readAny(this);
  }

  /**
   * Reads a value that must equal `value` (JSON Schema equality). `typed`: the
   * schema states `type` too, so another JSON kind is a `type` error
   * (`"integer"`: so is a number with a fraction).
   */
  constValue<const T>(value: T, typed: boolean | "integer" = false): T {
    const c = this.peek();
    if (typed !== false) {
      const expected = valueKindName(value);
      if (kindName(c) !== expected) this.typeFail(typed === "integer" ? "an integer" : expected, c);
    }
    const start = this.pos;
    const v = readAny(this);
    if (typed === "integer" && typeof v === "number" && !Number.isInteger(v))
      this.fail(Keyword.type, `expected an integer, got ${this.text.slice(start, this.pos)}`, start);
    if (!jsonEqual(v, value)) this.fail(Keyword.const, `expected ${JSON.stringify(value)}`, start);
    return value;
  }

  /** Reads a value that must equal one of `values` (JSON Schema equality). */
  enumValue<const T extends readonly unknown[]>(values: T): T[number] {
    this.peek();
    const start = this.pos;
    const v = readAny(this);
    for (const e of values) if (jsonEqual(v, e)) return e;
    return this.fail(Keyword.enum, "the value is not one of the allowed values", start);
  }

  /** Reads an array of items read by `item`; `rule` bounds them (checked before any item). */
  array<T>(rule: CountRule | undefined, item: Reader<T>): T[] {
    let c = this.text.charCodeAt(this.pos);
    if (c !== 91) {
      c = this.peek();
      if (c !== 91) this.typeFail("an array", c);
    }
    if (rule !== undefined) {
      if (rule.unique === true) checkUnique(this, rule);
      else this.counted(rule, Keyword.minItems, Keyword.maxItems, "items");
    }
    this.open();
    const out: T[] = [];
    let i = 0;
    try {
      while (this.item()) {
        out.push(item(this));
        i++;
      }
    } catch (e) {
      throw within(e, i);
    }
    return out;
  }

  /** Moves to the next item of the open array, or consumes its closing bracket and returns false. */
  item(): boolean {
    const t = this.text;
    let c = t.charCodeAt(this.pos);
    if (c === 32 || c === 10 || c === 13 || c === 9) c = this.ws();
    if (c === 93) {
      this.afterOpen = false;
      this.pos++;
      this.depth--;
      return false;
    }
    if (this.afterOpen) {
      this.afterOpen = false;
      return true;
    }
    if (c !== 44) {
      if (this.pos >= t.length) this.syntax(this.pos, "unexpected end of input in an array");
      this.syntax(this.pos, "expected ',' or ']'");
    }
    this.pos++;
    if (this.ws() === 93) this.syntax(this.pos, "expected a value after ','");
    return true;
  }

  /** Reads an object of any member names whose values `value` reads (input order kept). */
  map<T>(rule: CountRule | undefined, value: Reader<T>): Record<string, T> {
    this.object(rule);
    const out = dictionary() as Record<string, T>;
    let key: string | undefined;
    let order: string[] | undefined;
    try {
      while ((key = this.key()) !== undefined) {
        if (Object.hasOwn(out, key)) this.duplicate(key);
        const v = value(this);
        if (key === "__proto__") Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
        else out[key] = v;
        if (order !== undefined) order.push(key);
        else if (isIndexKey(key)) order = [...Object.keys(out).filter((k) => k !== key), key];
      }
    } catch (e) {
      throw within(e, key);
    }
    if (order !== undefined) recordOrder(out, order);
    return out;
  }

  /** Checks a container's entry count (at its start) against `rule`, looking ahead. */
  counted(rule: CountRule, minKeyword: Keyword, maxKeyword: Keyword, what: string): void {
    const n = countEntries(this);
    if (rule.min !== undefined && n < rule.min) this.fail(minKeyword, `has ${n} ${what}, fewer than the minimum ${rule.min}`);
    if (rule.max !== undefined && n > rule.max) this.fail(maxKeyword, `has ${n} ${what}, more than the maximum ${rule.max}`);
  }

  // ---- unions ------------------------------------------------------------------------------

  /**
   * Looks ahead in the object at `pos` for the member `name` (a
   * discriminator) and returns its string value, consuming nothing. Not an
   * object: `type`; no such member: `required` at the object; not a string:
   * `discriminator` at the member (both found at the object's start).
   */
  tag(name: string): string {
    const t = this.text;
    let c = this.peek();
    if (c !== 123) this.typeFail("an object", c);
    const start = this.pos;
    this.pos++;
    for (let n = 0; ; n++) {
      c = this.ws();
      if (c === 125) break;
      if (n > 0) {
        if (c !== 44) this.syntax(this.pos, this.pos >= t.length ? "unexpected end of input in an object" : "expected ',' or '}'");
        this.pos++;
        c = this.ws();
      }
      if (c !== 34) this.syntax(this.pos, this.pos >= t.length ? "unexpected end of input in an object" : "expected a member name");
      const key = this.readString();
      this.colon();
      if (key === name) {
        c = this.peek();
        if (c !== 34) {
          this.pos = start;
          throw new DecodeError(Keyword.discriminator, `expected a string tag, got ${kindName(c)}`, start).within(name);
        }
        const tag = this.readString();
        this.pos = start;
        this.lastTag = tag;
        return tag;
      }
      skipValue(this);
    }
    this.pos = start;
    return this.fail(Keyword.required, `missing member ${quote(name)}`);
  }

  /**
   * A tag no variant has (`tag()` found it): a `discriminator` error, or in
   * tolerant mode the whole object as an {@link UnknownVariant}.
   */
  unknownTag(name: string, expected: string): UnknownVariant {
    const tag = this.lastTag;
    if (!this.tolerant)
      throw new DecodeError(Keyword.discriminator, `expected one of ${expected}, got ${quote(tag)}`, this.pos).within(name);
    return new UnknownVariant(tag, readAny(this) as JsonObject);
  }

  /**
   * A union without a tag: with `oneOf` exactly one alternative must accept
   * the value, else the first that does is taken. The alternatives' own
   * errors are not reported: the error is `oneOf`/`anyOf` at the value. A
   * value that is not JSON is a syntax error first.
   */
  union<T>(oneOf: boolean, alternatives: readonly Reader<T>[]): T {
    this.peek();
    const begin = this.pos, depth = this.depth;
    skipValue(this);
    const end = this.pos;
    let matched = -1;
    let value: T | undefined;
    for (let i = 0; i < alternatives.length; i++) {
      this.pos = begin;
      this.depth = depth;
      this.afterOpen = false;
      let v: T;
      try {
        v = alternatives[i]!(this);
      } catch (e) {
        // Nesting beyond the limit breaks the payload policy, which comes
        // before what any alternative says: it is the value's error.
        if (e instanceof DecodeError && e.keyword !== Keyword.depth) continue;
        throw e;
      }
      if (!oneOf) {
        this.pos = end;
        return v;
      }
      if (matched >= 0) {
        this.pos = begin;
        this.fail(Keyword.oneOf, "the value matches more than one alternative");
      }
      matched = i;
      value = v;
    }
    this.pos = begin;
    this.depth = depth;
    if (matched < 0) this.fail(oneOf ? Keyword.oneOf : Keyword.anyOf, "the value matches none of the alternatives");
    this.pos = end;
    return value as T;
  }
}

/**
 * The integer a number literal with a fraction or an exponent stands for,
 * exactly: undefined when it is not an integer, null when it is one beyond
 * 2^64 in magnitude (never computed: 1e1000000 costs nothing).
 */
export function exactInteger(literal: string): bigint | undefined | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (m === null) return undefined;
  const digits = ((m[2] ?? "") + (m[3] ?? "")).replace(/^0+/, "");
  if (digits === "") return 0n;
  const scale = Number(m[4] ?? "0") - (m[3] ?? "").length;
  if (scale >= 0) return digits.length + scale > 21 ? null : BigInt((m[1] ?? "") + digits) * 10n ** BigInt(scale);
  const kept = digits.length + scale; // digits before the decimal point
  if (kept <= 0 || /[^0]/.test(digits.slice(kept))) return undefined;
  return BigInt((m[1] ?? "") + digits.slice(0, kept));
}
