// The runtime every family module of the TypeScript binding imports as `rt`:
// the text decoder and encoder (runtime/decoder.ts, runtime/encoder.ts: the
// payload policy, one error in document order, canonical numbers), and the
// rules of docs/semantics.md that Zod does not implement the same way, for
// the Zod schemas (this file). The C++, Go and Python runtimes implement the
// same rules; keep them in step.
//
// TypeScript, compiled by tests/runtime/ts_emit.sh into runtime/ts/dist/:
// the package ships that JavaScript and its declarations (it runs with no
// build step).
import { z } from "zod";
import { DecodeError, formatPath, Keyword, quote } from "./runtime/errors.js";
import { codePointLength, isDateTime, isMultipleOf, isUri, isUuid } from "./runtime/formats.js";
import { firstError } from "./runtime/issues.js";
import { FORMATS } from "./runtime/formats_more.js";
import { firstDuplicate, jsonEqual } from "./runtime/json.js";
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
import { Decoder } from "./runtime/decoder.js";
// TextDecoder is in every runtime but not in the ES library the package
// compiles against. `ignoreBOM` keeps a byte order mark, which the decoder rejects.
const utf8 = new globalThis.TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/** The index of the first byte of an ill-formed UTF-8 sequence (Unicode table 3-7), or -1. */
function invalidUtf8At(bytes) {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0) return i;
    const lo = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const hi = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}
/** The UTF-8 byte offset of UTF-16 index `at` in `text`. */
function byteOffset(text, at) {
  let n = 0;
  for (let i = 0; i < at && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if ((c & 0xfc00) === 0xd800) {
      n += 4; // a surrogate pair: one four-byte character in two UTF-16 units
      i++;
    } else n += 3;
  }
  return n;
}
/**
 * Decodes one JSON text (a string, or UTF-8 bytes) with `read`, a generated
 * reader, under the payload policy; throws the first problem as a
 * {@link DecodeError}. `maxDepth` is the package's nesting limit.
 */
export function decode(input, read, options, maxDepth) {
  let text;
  const bytes = typeof input !== "string";
  if (bytes) {
    try {
      text = utf8.decode(input);
    } catch {
      const at = invalidUtf8At(input);
      throw new DecodeError(Keyword.syntax, `invalid JSON: invalid UTF-8 at byte ${at}`, at);
    }
  } else text = input;
  const d = new Decoder(text, options, maxDepth);
  try {
    if (text.charCodeAt(0) === 0xfeff) d.syntax(0, "byte order mark");
    const value = read(d);
    d.end();
    return value;
  } catch (e) {
    if (bytes && e instanceof DecodeError) e.offset = byteOffset(text, e.offset);
    throw e;
  }
}
// ---- Zod: values ----------------------------------------------------------------------------
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
/** The first member or item of `value` that is not JSON, with its path, or undefined (no recursion). */
function notJson(value) {
  const stack = [[value, []]];
  while (stack.length > 0) {
    const [v, path] = stack.pop();
    switch (typeof v) {
      case "string":
      case "boolean":
      case "bigint":
        continue;
      case "number":
        if (!Number.isFinite(v)) return [path, Keyword.range, `${v} is not a finite number`];
        continue;
      case "object":
        if (v === null) continue;
        if (Array.isArray(v)) {
          for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], [...path, i]]);
          continue;
        }
        {
          const keys = Object.keys(v);
          for (let i = keys.length - 1; i >= 0; i--) stack.push([v[keys[i]], [...path, keys[i]]]);
        }
        continue;
    }
    return [path, Keyword.type, `a ${typeof v} is not a JSON value`];
  }
  return undefined;
}
/**
 * Any JSON value (a schema of `true` or `{}`), kept as it is: every member,
 * `__proto__` included, and bigints. Numbers must be finite; a required
 * member must be present.
 */
export const json = z.custom().check(
  z.superRefine((value, ctx) => {
    if (value === undefined) {
      ctx.addIssue({ code: "custom", message: "expected a JSON value", input: value });
      return;
    }
    const problem = notJson(value);
    if (problem !== undefined)
      ctx.addIssue({ code: "custom", path: problem[0], message: `${problem[1]}: ${problem[2]}`, input: value });
  }),
);
/** A member that must be absent (`not: {required: [...]}` or a `false` property schema). */
export const forbidden = z.never({ error: "not: the member must be absent" }).exactOptional();
/** A member a closed object does not allow (forbidden, and not declared either). */
export const notAllowed = z.never({ error: "additionalProperties: the member is not allowed" }).exactOptional();
/** A null-prototype copy of an object's own members (other values as they are). */
function ownCopy(input) {
  return isObject(input) ? Object.assign(Object.create(null), input) : input;
}
function define(out, key, value) {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}
/**
 * `parsed` rebuilt with a `__proto__` own member holding `kept`: the declared
 * members `keys` first (in that order), then the others in input order.
 */
function withProto(parsed, input, keys, kept) {
  const out = {};
  for (const key of keys) {
    if (key === "__proto__") define(out, key, kept);
    else if (Object.hasOwn(parsed, key)) define(out, key, parsed[key]);
  }
  for (const key of Object.keys(input)) {
    if (Object.hasOwn(out, key)) continue;
    if (key === "__proto__") define(out, key, kept);
    else if (Object.hasOwn(parsed, key)) define(out, key, parsed[key]);
  }
  for (const key of Object.keys(parsed)) if (!Object.hasOwn(out, key)) define(out, key, parsed[key]);
  return out;
}
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
export function ownMembers(object, proto) {
  if (proto === undefined) return Object.assign(z.preprocess(ownCopy, object), { object });
  const shape = object._zod.def.shape;
  const keys = Object.keys(shape ?? {});
  // Set by the preprocessing step, consumed by the transform that follows the
  // object's parse (both run synchronously, one after the other).
  let kept;
  const pipe = z
    .preprocess((input, ctx) => {
      kept = undefined;
      if (!isObject(input)) return input;
      if (Object.hasOwn(input, "__proto__")) {
        // biome-ignore lint: an own JSON member named "__proto__" (JSON.parse makes one), not the prototype
        const result = z.safeParse(proto.schema, input["__proto__"]);
        if (result.success) kept = { value: result.data, input };
        else for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: ["__proto__", ...issue.path] });
      } else if (proto.required) {
        ctx.addIssue({ code: "custom", input, path: ["__proto__"], message: 'required: missing member "__proto__"' });
      }
      return ownCopy(input);
    }, object)
    .transform((value) => {
      const member = kept;
      kept = undefined;
      return member !== undefined && isObject(value) ? withProto(value, member.input, keys, member.value) : value;
    });
  return Object.assign(pipe, { object });
}
/** Exactly `value` (an array or object `const`), compared with {@link jsonEqual}. */
export function constant(value) {
  return z.custom((input) => jsonEqual(input, value), { error: `const: expected ${JSON.stringify(value)}` });
}
/** One of `values` (an `enum` with array or object members), compared with {@link jsonEqual}. */
export function oneOfValues(values) {
  return z.custom((input) => values.some((v) => jsonEqual(input, v)), {
    error: `enum: expected one of ${values.map((v) => JSON.stringify(v)).join("|")}`,
  });
}
/** `uniqueItems`. */
export const uniqueItems = z.superRefine((items, ctx) => {
  const dup = firstDuplicate(items);
  if (dup !== undefined)
    ctx.addIssue({ code: "custom", input: items, message: `uniqueItems: items ${dup[0]} and ${dup[1]} are equal` });
});
/** `minProperties`/`maxProperties` on an object or map. */
export function propertyCount(min, max = Infinity) {
  return z.superRefine((object, ctx) => {
    const n = Object.keys(object).length;
    if (n < min)
      ctx.addIssue({
        code: "custom",
        input: object,
        message: `minProperties: has ${n} members, fewer than the minimum ${min}`,
      });
    if (n > max)
      ctx.addIssue({
        code: "custom",
        input: object,
        message: `maxProperties: has ${n} members, more than the maximum ${max}`,
      });
  });
}
// ---- Zod: numbers ---------------------------------------------------------------------------
/** `multipleOf` as a check ({@link isMultipleOf}). */
export function multipleOf(divisor) {
  return z.refine((value) => isMultipleOf(value, divisor), { error: `multipleOf: not a multiple of ${divisor}` });
}
/**
 * `multipleOf` with a fractional divisor on a 64-bit integer, decided as
 * the stream readers decide it (`numberProblem`): on the value as a number.
 */
export function bigintMultipleOf(divisor) {
  return z.refine((value) => isMultipleOf(Number(value), divisor), {
    error: `multipleOf: not a multiple of ${divisor}`,
  });
}
/** An integer of a `format: int64` schema (`unsigned`: `uint64`): a bigint in the 64-bit range. */
export function int64(unsigned = false) {
  const min = unsigned ? 0n : -(2n ** 63n);
  const max = unsigned ? 2n ** 64n - 1n : 2n ** 63n - 1n;
  const range = unsigned ? "0 … 2^64−1" : "−2^63 … 2^63−1";
  return z
    .bigint()
    .check(z.refine((v) => v >= min && v <= max, { error: `range: outside the integer range ${range}` }));
}
// ---- Zod: strings ---------------------------------------------------------------------------
/** `minLength`/`maxLength` in code points (zod's .min/.max count UTF-16 units). */
export function codePoints(min, max = Infinity) {
  return z.superRefine((s, ctx) => {
    // Code points are between length/2 and length: count only when that range straddles a bound.
    const n = s.length >= min * 2 && s.length <= max ? s.length : codePointLength(s);
    if (n < min)
      ctx.addIssue({
        code: "custom",
        input: s,
        message: `minLength: string shorter than minLength ${min}: ${quote(s)}`,
      });
    if (n > max)
      ctx.addIssue({
        code: "custom",
        input: s,
        message: `maxLength: string longer than maxLength ${max}: ${quote(s)}`,
      });
  });
}
export { pattern } from "./runtime/patterns.js";
/**
 * The "any other string" branch of an open enum (`z.union([Known,
 * otherString(z.string())])`), typed {@link Other} (`string & {}`) so that
 * the union keeps the known literals for editors instead of collapsing to
 * `string`.
 */
export function otherString(schema) {
  return schema;
}
/** A message for a failed format check; other problems (not a string, absent) keep Zod's message. */
function formatError(message) {
  return { error: (issue) => (issue.code === "invalid_format" ? message : undefined) };
}
/** Strings with `format: date-time` (the text is kept exactly; it is never turned into a Date). */
export const dateTime = z.stringFormat("date-time", isDateTime, formatError("expected an RFC 3339 date-time"));
/** Strings with `format: uuid` (any case is accepted and kept). */
export const uuid = z.stringFormat("uuid", isUuid, formatError("expected a UUID"));
/** Strings with `format: uri` (absolute: a scheme is required). */
export const uri = z.stringFormat("uri", isUri, formatError("expected an absolute URI"));
/** Strings with one of the other asserted formats (docs/semantics.md, "Formats"). */
export function format(name) {
  const f = FORMATS[name];
  return z.stringFormat(name, f.check, formatError(`expected ${f.expected}`));
}
// ---- Zod: unions and tables -----------------------------------------------------------------
/** Parameters of a `oneOf` union (z.xor, or z.union when the kinds are disjoint). */
export const ONE_OF = {
  error: (issue) =>
    issue.code === "invalid_union"
      ? issue.inclusive === false
        ? "oneOf: the value matches more than one alternative"
        : "oneOf: the value matches none of the alternatives"
      : undefined,
};
/** Parameters of an `anyOf` union (z.union), open enums included. */
export const ANY_OF = {
  error: (issue) => (issue.code === "invalid_union" ? "anyOf: the value matches none of the alternatives" : undefined),
};
/** `table[key]` for an own key of a constant table, else undefined (never a prototype member). */
export function lookup(table, key) {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
// ---- Zod: errors ----------------------------------------------------------------------------
/** A JSON path in the notation of every binding: `$.data.plans["p 1"][0]`. */
export function jsonPath(path) {
  return formatPath(path.map((s) => (typeof s === "number" ? s : String(s))));
}
/**
 * The first problem of a failed Zod parse of `input` as one line,
 * `<path>: <keyword>: <detail>` (docs/semantics.md §2).
 */
export function describeError(error, input) {
  return firstError(error, input).message;
}
