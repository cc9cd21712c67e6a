// The scalar reads of the text decoder (decoder.ts): strings with their
// rules, constants, enums, booleans, null and numbers (exact integers,
// 64-bit ranges, doubles), each a `type` error for another JSON kind and a
// rule's keyword when it breaks one (rules.ts). Built on the scanner
// (scanner.ts); the Decoder extends it with objects, arrays, maps and unions.
import { Keyword, quote } from "./errors.js";
import { exactInteger, numberProblem, stringProblem } from "./rules.js";
import { kindName, Scanner } from "./scanner.js";
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;
/** Reads the scalar values of the contract; the containers are {@link Decoder}'s (decoder.ts). */
export class ScalarDecoder extends Scanner {
  // ---- scalars -----------------------------------------------------------------------------
  /** Reads a string and checks `rule`. */
  string(rule) {
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
  checkString(rule, s, start) {
    const problem = stringProblem(rule, s);
    if (problem !== undefined) this.fail(problem[0], problem[1], start);
  }
  /**
   * Reads a value that must be the string `value` (a tag, a const). `typed`:
   * the schema states `type` too, so another JSON kind is a `type` error.
   */
  constString(value, typed = false) {
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
  enumString(values, expected) {
    let c = this.text.charCodeAt(this.pos);
    if (c !== 34) {
      c = this.peek();
      if (c !== 34) this.typeFail("a string", c);
    }
    const start = this.pos;
    const s = this.readString();
    if (!values.has(s)) this.fail(Keyword.enum, `expected one of ${expected}, got ${quote(s)}`, start);
    return s;
  }
  /**
   * An open enum: one of `known`, or any other string that satisfies `rule`.
   * It is one schema with two alternatives (anyOf): any failure is `anyOf`.
   */
  openEnum(known, rule) {
    let c = this.text.charCodeAt(this.pos);
    if (c !== 34) {
      c = this.peek();
      if (c !== 34) this.fail(Keyword.anyOf, `expected a string, got ${kindName(c)}`);
    }
    const start = this.pos;
    const s = this.readString();
    if (rule !== undefined && !known.has(s)) {
      const problem = stringProblem(rule, s);
      if (problem !== undefined) this.fail(Keyword.anyOf, `${quote(s)} is not a known value, and ${problem[1]}`, start);
    }
    return s;
  }
  /** Reads true or false. */
  bool() {
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
  null() {
    let c = this.text.charCodeAt(this.pos);
    if (c !== 110) c = this.peek();
    if (c !== 110) this.typeFail("null", c);
    this.literal("null");
    return null;
  }
  /** Consumes a null and returns true when the next value is null (else consumes nothing). */
  isNull() {
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
  int(rule) {
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
  intSlow(start, rule) {
    this.pos = start;
    this.scanNumber();
    const literal = this.text.slice(start, this.pos);
    let v = Number(literal);
    if (!Number.isFinite(v)) this.fail(Keyword.range, `${literal} is outside the range of a double`, start);
    if (v !== Math.trunc(v)) this.fail(Keyword.type, `expected an integer, got ${literal}`, start);
    if (v === 0) v = 0; // -0 is 0
    if (rule !== undefined) this.checkNumber(rule, v, start);
    if (v > MAX_SAFE || v < -MAX_SAFE)
      this.fail(Keyword.range, `${literal} is outside the integer range ±(2^53−1)`, start);
    return v;
  }
  /**
   * Reads an integer of a `format: int64` (or, `unsigned`, `uint64`) schema
   * as a bigint, exactly: 9223372036854775807 stays itself.
   */
  bigint(rule, unsigned = false) {
    const c = this.peek();
    if (c !== 45 && !(c >= 48 && c <= 57)) this.typeFail("an integer", c);
    const start = this.pos;
    const integer = this.scanNumber();
    const literal = this.text.slice(start, this.pos);
    const range = unsigned ? "0 … 2^64−1" : "−2^63 … 2^63−1";
    let v;
    if (integer) v = BigInt(literal);
    else {
      if (!Number.isFinite(Number(literal)))
        this.fail(Keyword.range, `${literal} is outside the range of a double`, start);
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
  number(rule) {
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
  checkNumber(rule, v, start) {
    const problem = numberProblem(rule, v);
    if (problem !== undefined) this.fail(problem[0], problem[1], start);
  }
}
