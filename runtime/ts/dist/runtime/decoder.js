// The strict text decoder the generated readers drive (docs/semantics.md
// §1-§2): JSON text is read once, straight into the typed values, and
// decoding stops at the first problem, which is therefore the first in
// document order. The Go runtime (runtime/go/contract/) works the same way;
// this is its port, method for method. It comes in three layers, each a
// class extending the one before: the scanner (scanner.ts: JSON tokens, the
// nesting limit), the scalar reads (scalars.ts, with the rules of rules.ts)
// and, here, objects, arrays, maps, free-form values and unions.
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
import { isIndexKey, jsonEqual, recordOrder, UnknownVariant } from "./json.js";
import { checkUnique, countEntries, Members, readAny, skipValue } from "./values.js";
import { ScalarDecoder } from "./scalars.js";
import { kindName } from "./scanner.js";
export { Members };
export { DEFAULT_MAX_DEPTH, kindName, Scanner } from "./scanner.js";
export { ScalarDecoder } from "./scalars.js";
export { exactInteger, numberProblem, stringProblem } from "./rules.js";
/**
 * A new empty object in V8's dictionary mode. Maps have member names that
 * differ from one object to the next (identifiers, keys of a table): added
 * one by one to a plain object, each new name is a new hidden class, which
 * costs four times as much as an insertion into a dictionary.
 */
function dictionary() {
  const o = { a: 0, b: 0 };
  delete o.a;
  delete o.b;
  return o;
}
/** The JSON kind of a value, named as {@link kindName} names it. */
function valueKindName(value) {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return "a string";
    case "boolean":
      return "a boolean";
    case "number":
    case "bigint":
      return "a number";
  }
  return Array.isArray(value) ? "an array" : "an object";
}
export class Decoder extends ScalarDecoder {
  /** The tag `tag()` found last (for `unknownTag`). */
  lastTag = "";
  // ---- objects -----------------------------------------------------------------------------
  /** Opens an object (a `type` error if the value is not one); `rule` bounds its members. */
  object(rule) {
    let c = this.text.charCodeAt(this.pos);
    if (c !== 123) {
      c = this.peek();
      if (c !== 123) this.typeFail("an object", c);
    }
    if (rule !== undefined) this.counted(rule, Keyword.minProperties, Keyword.maxProperties, "members");
    this.open();
  }
  /** Rejects the member just read: its name appeared before in this object. */
  duplicate(key) {
    return this.fail(Keyword.duplicate, `member ${quote(key)} appears twice`, this.keyStart);
  }
  /** Rejects the object just closed for lacking a required member. */
  missing(name) {
    return this.fail(Keyword.required, `missing member ${quote(name)}`);
  }
  /** Rejects the member just read as one the schema forbids. */
  forbidden(key) {
    return this.fail(Keyword.not, `member ${quote(key)} must be absent`, this.keyStart);
  }
  /**
   * An undeclared member of a closed object: `additionalProperties`, or in
   * tolerant mode kept in `kept`, which it returns.
   */
  unknown(key, kept) {
    if (!this.tolerant) this.fail(Keyword.additionalProperties, `member ${quote(key)} is not allowed`, this.keyStart);
    return this.keep(key, kept, readAny);
  }
  /** Reads the value of the member just read with `read` into `kept`, which it returns (a new one for undefined). */
  keep(key, kept, read) {
    const members = kept ?? new Members();
    if (members.has(key)) this.duplicate(key);
    members.add(key, read(this));
    return members;
  }
  // ---- free-form values, constants, arrays and maps ----------------------------------------
  /** Reads any JSON value as a free-form value (docs/semantics.md §1.7). */
  any() {
    return readAny(this);
  }
  /**
   * Reads a value that must equal `value` (JSON Schema equality). `typed`: the
   * schema states `type` too, so another JSON kind is a `type` error
   * (`"integer"`: so is a number with a fraction).
   */
  constValue(value, typed = false) {
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
  enumValue(values) {
    this.peek();
    const start = this.pos;
    const v = readAny(this);
    for (const e of values) if (jsonEqual(v, e)) return e;
    return this.fail(Keyword.enum, "the value is not one of the allowed values", start);
  }
  /** Reads an array of items read by `item`; `rule` bounds them (checked before any item). */
  array(rule, item) {
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
    const out = [];
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
  item() {
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
  map(rule, value) {
    this.object(rule);
    const out = dictionary();
    let key;
    let order;
    try {
      for (key = this.key(); key !== undefined; key = this.key()) {
        if (Object.hasOwn(out, key)) this.duplicate(key);
        const v = value(this);
        if (key === "__proto__")
          Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
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
  counted(rule, minKeyword, maxKeyword, what) {
    const n = countEntries(this);
    if (rule.min !== undefined && n < rule.min)
      this.fail(minKeyword, `has ${n} ${what}, fewer than the minimum ${rule.min}`);
    if (rule.max !== undefined && n > rule.max)
      this.fail(maxKeyword, `has ${n} ${what}, more than the maximum ${rule.max}`);
  }
  // ---- unions ------------------------------------------------------------------------------
  /**
   * Looks ahead in the object at `pos` for the member `name` (a
   * discriminator) and returns its string value, consuming nothing. Not an
   * object: `type`; no such member: `required` at the object; not a string:
   * `discriminator` at the member (both found at the object's start).
   */
  tag(name) {
    const t = this.text;
    let c = this.peek();
    if (c !== 123) this.typeFail("an object", c);
    const start = this.pos;
    this.pos++;
    for (let n = 0; ; n++) {
      c = this.ws();
      if (c === 125) break;
      if (n > 0) {
        if (c !== 44)
          this.syntax(this.pos, this.pos >= t.length ? "unexpected end of input in an object" : "expected ',' or '}'");
        this.pos++;
        c = this.ws();
      }
      if (c !== 34)
        this.syntax(this.pos, this.pos >= t.length ? "unexpected end of input in an object" : "expected a member name");
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
  unknownTag(name, expected) {
    const tag = this.lastTag;
    if (!this.tolerant)
      throw new DecodeError(Keyword.discriminator, `expected one of ${expected}, got ${quote(tag)}`, this.pos).within(
        name,
      );
    return new UnknownVariant(tag, readAny(this));
  }
  /**
   * A union without a tag: with `oneOf` exactly one alternative must accept
   * the value, else the first that does is taken. The alternatives' own
   * errors are not reported: the error is `oneOf`/`anyOf` at the value. A
   * value that is not JSON is a syntax error first.
   */
  union(oneOf, alternatives) {
    this.peek();
    const begin = this.pos,
      depth = this.depth;
    skipValue(this);
    const end = this.pos;
    let matched = -1;
    let value;
    for (let i = 0; i < alternatives.length; i++) {
      this.pos = begin;
      this.depth = depth;
      this.afterOpen = false;
      let v;
      try {
        v = alternatives[i](this);
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
    return value;
  }
}
