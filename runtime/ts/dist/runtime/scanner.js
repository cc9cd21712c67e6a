// The JSON scanner under the text decoder (decoder.ts): where reading is in
// the text, whitespace, strings (escapes, lone surrogates), number literals,
// literals, and the punctuation of objects, with the nesting limit. It knows
// JSON, not the contract: the typed reads (rules, unions, members) are the
// Decoder's, which extends it. Every problem here is a `syntax` error, or
// `depth` past the nesting limit (docs/semantics.md §1).
import { DecodeError, Keyword } from "./errors.js";
/** The nesting limit of the payload policy when a package does not set its own. */
export const DEFAULT_MAX_DEPTH = 128;
/** The JSON kind of the value starting with character code c (for messages). */
export function kindName(c) {
  switch (c) {
    case 123:
      return "an object";
    case 91:
      return "an array";
    case 34:
      return "a string";
    case 116:
    case 102:
      return "a boolean";
    case 110:
      return "null";
  }
  return "a number";
}
/** Reads JSON text token by token; the typed reads are {@link Decoder}'s (decoder.ts). */
export class Scanner {
  text;
  /** Where reading is: a UTF-16 index into `text`. */
  pos = 0;
  depth = 0;
  maxDepth;
  tolerant;
  /** The container just opened has had no entry yet (no comma before the first). */
  afterOpen = false;
  /** Where the member name `key()` returned last starts. */
  keyStart = 0;
  constructor(text, options, packageMaxDepth = DEFAULT_MAX_DEPTH) {
    this.text = text;
    this.maxDepth = options?.maxDepth ?? packageMaxDepth;
    this.tolerant = options?.tolerant === true;
  }
  // ---- errors ------------------------------------------------------------------------------
  fail(keyword, detail, at = this.pos) {
    throw new DecodeError(keyword, detail, at);
  }
  syntax(at, detail) {
    throw new DecodeError(Keyword.syntax, `invalid JSON: ${detail} at ${at}`, at);
  }
  typeFail(expected, c) {
    return this.fail(Keyword.type, `expected ${expected}, got ${kindName(c)}`);
  }
  // ---- the scanner -------------------------------------------------------------------------
  /** Skips whitespace; returns the next character code (NaN at the end). */
  ws() {
    const t = this.text;
    let i = this.pos;
    let c = t.charCodeAt(i);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = t.charCodeAt(++i);
    this.pos = i;
    return c;
  }
  /** Skips whitespace and checks that a value starts there; returns its first character code. */
  peek() {
    const c = this.ws();
    switch (c) {
      case 123:
      case 91:
      case 34:
      case 116:
      case 102:
      case 110:
      case 45:
      case 48:
      case 49:
      case 50:
      case 51:
      case 52:
      case 53:
      case 54:
      case 55:
      case 56:
      case 57:
        return c;
    }
    if (this.pos >= this.text.length) return this.syntax(this.pos, "unexpected end of input, expected a value");
    return this.syntax(this.pos, `unexpected character ${JSON.stringify(this.text[this.pos])}, expected a value`);
  }
  /** Reads the string whose opening quote is at `pos`. */
  readString() {
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
  readEscaped(start, i) {
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
        let unit;
        switch (e) {
          case 34:
          case 92:
          case 47:
            unit = e;
            break;
          case 98:
            unit = 8;
            break;
          case 102:
            unit = 12;
            break;
          case 110:
            unit = 10;
            break;
          case 114:
            unit = 13;
            break;
          case 116:
            unit = 9;
            break;
          case 117: {
            const r = this.hex4(i + 2);
            if ((r & 0xf800) === 0xd800) {
              const low =
                r < 0xdc00 && t.charCodeAt(i + 6) === 92 && t.charCodeAt(i + 7) === 117 ? this.hex4(i + 8) : -1;
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
  hex4(at) {
    const t = this.text;
    let r = 0;
    for (let k = 0; k < 4; k++) {
      const c = t.charCodeAt(at + k);
      let v;
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
  scanNumber() {
    const t = this.text;
    let i = this.pos;
    let c = t.charCodeAt(i);
    let integer = true;
    if (c === 45) c = t.charCodeAt(++i);
    if (c === 48) c = t.charCodeAt(++i);
    else if (c >= 49 && c <= 57)
      do c = t.charCodeAt(++i);
      while (c >= 48 && c <= 57);
    else this.syntax(i, "invalid number, expected a digit");
    if (c === 46) {
      integer = false;
      c = t.charCodeAt(++i);
      if (!(c >= 48 && c <= 57)) this.syntax(i, "invalid number, expected a digit");
      do c = t.charCodeAt(++i);
      while (c >= 48 && c <= 57);
    }
    if (c === 101 || c === 69) {
      integer = false;
      c = t.charCodeAt(++i);
      if (c === 43 || c === 45) c = t.charCodeAt(++i);
      if (!(c >= 48 && c <= 57)) this.syntax(i, "invalid number, expected a digit");
      do c = t.charCodeAt(++i);
      while (c >= 48 && c <= 57);
    }
    this.pos = i;
    return integer;
  }
  /** Consumes one of true, false, null (its first letter already checked). */
  literal(word) {
    if (!this.text.startsWith(word, this.pos)) {
      let k = 0;
      while (this.text.charCodeAt(this.pos + k) === word.charCodeAt(k)) k++;
      this.syntax(this.pos + k, `invalid literal, expected ${word}`);
    }
    this.pos += word.length;
  }
  /** Consumes the colon after a member name. */
  colon() {
    let c = this.text.charCodeAt(this.pos);
    if (c !== 58) {
      c = this.ws();
      if (c !== 58) this.syntax(this.pos, "expected ':'");
    }
    this.pos++;
  }
  /** Checks that only whitespace follows the value. */
  end() {
    this.ws();
    if (this.pos < this.text.length)
      this.syntax(this.pos, `unexpected ${JSON.stringify(this.text[this.pos])} after the value`);
  }
  /** Enters the container at `pos` (depth checked) and steps over its bracket. */
  open() {
    if (++this.depth > this.maxDepth) this.fail(Keyword.depth, `nesting deeper than ${this.maxDepth}`);
    this.pos++;
    this.afterOpen = true;
  }
  /** The next member name of the open object (and the colon after it), or undefined at its end. */
  key() {
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
}
