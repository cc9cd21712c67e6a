// The rules of docs/semantics.md that Zod does not implement the same way,
// shared by every family module. The C++ runtime (runtime.hpp) and the
// Python runtime implement the same rules; keep them in step.
//
// Plain JavaScript, typed with JSDoc: the package runs as it is shipped, and
// tsc --strict --checkJs checks this file as it is (tests/runtime). Its
// declarations, runtime.d.ts, are what tsc makes of it (tests/runtime/ts_emit.sh).
import { z } from "zod";

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

// ---- values ---------------------------------------------------------------------

/**
 * Any JSON value (a schema of `true` or `{}`). Only `undefined` is refused,
 * so a required member must be present; the value is kept as is.
 */
export const json = /** @type {z.ZodCustom<Json, Json>} */ (
  z.custom((value) => value !== undefined, { error: "expected a JSON value" })
);

/** A member that must be absent (`not: {required: [...]}` or a `false` property schema). */
export const forbidden = z.never({ error: "property must not be present here" }).exactOptional();

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A null-prototype copy of an object's own members (other values as they are).
 * @param {unknown} input
 */
function ownCopy(input) {
  return isObject(input) ? Object.assign(/** @type {Record<string, unknown>} */ (Object.create(null)), input) : input;
}

/**
 * `value` with a `__proto__` own member holding `kept`, where `keys` (the
 * schema's members, in order) put it: the members stay in schema order.
 * @param {Record<string, unknown>} value
 * @param {readonly string[]} keys
 * @param {unknown} kept
 */
function withProto(value, keys, kept) {
  /** @type {Record<string, unknown>} */
  const out = {};
  /** @param {string} key @param {unknown} member */
  const define = (key, member) =>
    Object.defineProperty(out, key, { value: member, enumerable: true, writable: true, configurable: true });
  for (const key of keys) {
    if (key === "__proto__") define(key, kept);
    else if (Object.hasOwn(value, key)) define(key, value[key]);
  }
  for (const key of Object.keys(value)) if (!Object.hasOwn(out, key)) define(key, value[key]);
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
 * prototype pollution). When the schema declares one, `proto` checks it here
 * and the parsed value gets it back as an own member, in its place.
 * @template {z.core.SomeType} T
 * @param {T} object
 * @param {{ schema: z.core.$ZodType, required: boolean }} [proto]
 */
export function ownMembers(object, proto) {
  if (proto === undefined) return Object.assign(z.preprocess(ownCopy, object), { object });
  const shape = /** @type {{ _zod: { def: { shape?: object } } }} */ (object)._zod.def.shape;
  const keys = Object.keys(shape ?? {});
  // Set by the preprocessing step, consumed by the transform that follows the
  // object's parse (both run synchronously, one after the other).
  /** @type {{ value: unknown } | undefined} */
  let kept;
  const pipe = z
    .preprocess((input, ctx) => {
      kept = undefined;
      if (!isObject(input)) return input;
      if (Object.hasOwn(input, "__proto__")) {
        const result = z.safeParse(proto.schema, input["__proto__"]);
        if (result.success) kept = { value: result.data };
        else
          for (const issue of result.error.issues)
            ctx.addIssue(/** @type {never} */ ({ ...issue, path: ["__proto__", ...issue.path] }));
      } else if (proto.required) {
        ctx.addIssue({ code: "custom", input, path: ["__proto__"], message: 'missing required property "__proto__"' });
      }
      return ownCopy(input);
    }, object)
    .transform((value) => {
      const member = kept;
      kept = undefined;
      return member !== undefined && isObject(value) ? /** @type {typeof value} */ (withProto(value, keys, member.value)) : value;
    });
  return Object.assign(pipe, { object });
}

/**
 * JSON Schema equality: numbers by value, arrays element-wise, objects member-wise in any order.
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
export function jsonEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k)) return false;
    if (!jsonEqual(/** @type {Record<string, unknown>} */ (a)[k], /** @type {Record<string, unknown>} */ (b)[k])) return false;
  }
  return true;
}

/**
 * Exactly `value` (an array or object `const`), compared with {@link jsonEqual}.
 * @template const T
 * @param {T} value
 * @returns {z.ZodCustom<T, T>}
 */
export function constant(value) {
  return z.custom((input) => jsonEqual(input, value), { error: `expected ${JSON.stringify(value)}` });
}

/**
 * One of `values` (an `enum` with array or object members), compared with {@link jsonEqual}.
 * @template {readonly unknown[]} const T
 * @param {T} values
 * @returns {z.ZodCustom<T[number], T[number]>}
 */
export function oneOfValues(values) {
  return z.custom((input) => values.some((v) => jsonEqual(input, v)), {
    error: `expected one of ${values.map((v) => JSON.stringify(v)).join("|")}`,
  });
}

/**
 * A key for {@link uniqueItems}: equal JSON values (numbers by value, members in any order) get equal keys.
 * @param {unknown} value
 * @returns {string}
 */
function canonical(value) {
  if (value === null || typeof value !== "object") return typeof value === "string" ? JSON.stringify(value) : String(value);
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  const object = /** @type {Record<string, unknown>} */ (value);
  const keys = Object.keys(object).sort();
  return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonical(object[k])).join(",") + "}";
}

/**
 * The indexes of the first two equal items (JSON equality), or undefined when all differ.
 * @param {readonly unknown[]} items
 * @returns {[number, number] | undefined}
 */
export function firstDuplicate(items) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const key = typeof item === "string" ? "s" + item : canonical(item);
    const earlier = seen.get(key);
    if (earlier !== undefined) return [earlier, i];
    seen.set(key, i);
  }
  return undefined;
}

/** `uniqueItems`. */
export const uniqueItems = z.superRefine(/** @param {unknown[]} items */ (items, ctx) => {
  const dup = firstDuplicate(items);
  if (dup !== undefined)
    ctx.addIssue({ code: "custom", input: items, message: `items ${dup[0]} and ${dup[1]} are equal (uniqueItems)` });
});

/**
 * `minProperties`/`maxProperties` on an object or map.
 * @param {number} min
 * @param {number} [max]
 */
export function propertyCount(min, max = Infinity) {
  return z.superRefine(/** @param {Record<string, unknown>} object */ (object, ctx) => {
    const n = Object.keys(object).length;
    if (n < min)
      ctx.addIssue({ code: "too_small", origin: "object", minimum: min, inclusive: true, input: object,
                     message: `object has ${n} properties, fewer than minProperties ${min}` });
    if (n > max)
      ctx.addIssue({ code: "too_big", origin: "object", maximum: max, inclusive: true, input: object,
                     message: `object has ${n} properties, more than maxProperties ${max}` });
  });
}

// ---- numbers ------------------------------------------------------------------------

/**
 * `multipleOf`: exact remainder when the value and the divisor are integers;
 * otherwise q = value / divisor must be finite and within 1e-9 (relative) of
 * an integer, so 0.0075 is a multiple of 0.0001.
 * @param {number} value
 * @param {number} divisor
 * @returns {boolean}
 */
export function isMultipleOf(value, divisor) {
  if (Number.isInteger(value) && Number.isInteger(divisor)) return value % divisor === 0;
  const q = value / divisor;
  if (!Number.isFinite(q)) return false;
  return Math.abs(q - Math.round(q)) <= 1e-9 * Math.max(1, Math.abs(q));
}

/**
 * `multipleOf` as a check ({@link isMultipleOf}).
 * @param {number} divisor
 * @returns {z.core.$ZodCheck<number>}
 */
export function multipleOf(divisor) {
  return z.refine((value) => isMultipleOf(value, divisor), { error: `not a multiple of ${divisor}` });
}

// ---- strings --------------------------------------------------------------------------

/**
 * The number of Unicode code points (a surrogate pair counts once): what minLength/maxLength count.
 * @param {string} s
 * @returns {number}
 */
export function codePointLength(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * `minLength`/`maxLength` in code points (zod's .min/.max count UTF-16 units).
 * @param {number} min
 * @param {number} [max]
 */
export function codePoints(min, max = Infinity) {
  return z.superRefine(/** @param {string} s */ (s, ctx) => {
    // Code points are between length/2 and length: count only when that range straddles a bound.
    const units = s.length;
    const n = units >= min * 2 && units <= max ? units : codePointLength(s);
    if (n < min)
      ctx.addIssue({ code: "too_small", origin: "string", minimum: min, inclusive: true, input: s,
                     message: `string shorter than minLength ${min}` });
    if (n > max)
      ctx.addIssue({ code: "too_big", origin: "string", maximum: max, inclusive: true, input: s,
                     message: `string longer than maxLength ${max}` });
  });
}

/**
 * A `pattern`: ECMA-262 with code point semantics (the `u` flag), searched, not anchored.
 * @param {string} source
 * @returns {RegExp}
 */
export function pattern(source) {
  return new RegExp(source, "u");
}

/** @param {number} c */
const isDigit = (c) => c >= 0x30 && c <= 0x39;
/** @param {number} c */
const isHex = (c) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
/** @param {number} c */
const isAlpha = (c) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);

/**
 * `format: uuid`: 8-4-4-4-12 hex digits of any case, any version or variant.
 * @param {string} s
 * @returns {boolean}
 */
export function isUuid(s) {
  if (s.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = s.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23 ? c !== 0x2d : !isHex(c)) return false;
  }
  return true;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * `format: date-time`: RFC 3339 section 5.6. `T`/`t`, `Z`/`z`, an optional
 * fraction of at least one digit, a required offset, real calendar days, and
 * a leap second (:60) only at 23:59:60 UTC.
 * @param {string} s
 * @returns {boolean}
 */
export function isDateTime(s) {
  /** @param {number} at @param {number} n */
  const num = (at, n) => {
    if (at + n > s.length) return -1;
    let v = 0;
    for (let i = at; i < at + n; i++) {
      const c = s.charCodeAt(i);
      if (!isDigit(c)) return -1;
      v = v * 10 + (c - 0x30);
    }
    return v;
  };
  const year = num(0, 4);
  if (year < 0 || s.length < 20 || s[4] !== "-" || s[7] !== "-") return false;
  const month = num(5, 2), day = num(8, 2);
  if (month < 0 || day < 0) return false;
  if (s[10] !== "T" && s[10] !== "t") return false;
  if (s[13] !== ":" || s[16] !== ":") return false;
  const hour = num(11, 2), minute = num(14, 2), second = num(17, 2);
  if (hour < 0 || minute < 0 || second < 0) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day > /** @type {number} */ (DAYS_IN_MONTH[month - 1]) + (month === 2 && leap ? 1 : 0)) return false;
  if (hour > 23 || minute > 59 || second > 60) return false;
  let i = 19;
  if (i < s.length && s[i] === ".") {
    const start = ++i;
    while (i < s.length && isDigit(s.charCodeAt(i))) i++;
    if (i === start) return false;
  }
  if (i >= s.length) return false;
  let offset = 0;
  if (s[i] === "Z" || s[i] === "z") {
    i++;
  } else if (s[i] === "+" || s[i] === "-") {
    const oh = num(i + 1, 2), om = num(i + 4, 2);
    if (oh < 0 || s[i + 3] !== ":" || om < 0 || oh > 23 || om > 59) return false;
    offset = (s[i] === "+" ? 1 : -1) * (oh * 60 + om);
    i += 6;
  } else {
    return false;
  }
  if (i !== s.length) return false;
  if (second === 60) {
    const utc = (((hour * 60 + minute - offset) % 1440) + 1440) % 1440;
    if (utc !== 23 * 60 + 59) return false;
  }
  return true;
}

const SUB_DELIMS = "!$&'()*+,;=";
/** @param {string} c */
const isUnreserved = (c) => {
  const k = c.charCodeAt(0);
  return isAlpha(k) || isDigit(k) || c === "-" || c === "." || c === "_" || c === "~";
};

/**
 * Every character unreserved, a sub-delim, one of `extra`, or a %XX escape.
 * @param {string} part
 * @param {string} extra
 */
function validComponent(part, extra) {
  for (let i = 0; i < part.length; i++) {
    const c = /** @type {string} */ (part[i]);
    if (c === "%") {
      if (i + 2 >= part.length || !isHex(part.charCodeAt(i + 1)) || !isHex(part.charCodeAt(i + 2))) return false;
      i += 2;
      continue;
    }
    if (!(isUnreserved(c) || SUB_DELIMS.includes(c) || extra.includes(c))) return false;
  }
  return true;
}

/**
 * RFC 3986 IPv4address: four dec-octets 0-255 without leading zeros.
 * @param {string} s
 */
function isIpv4(s) {
  let octets = 0;
  for (;;) {
    let n = 0;
    let value = 0;
    while (n < s.length && n < 4 && isDigit(s.charCodeAt(n))) value = value * 10 + (s.charCodeAt(n++) - 0x30);
    if (n === 0 || n > 3 || value > 255 || (n > 1 && s[0] === "0")) return false;
    octets++;
    s = s.slice(n);
    if (s === "") return octets === 4;
    if (s[0] !== "." || octets === 4) return false;
    s = s.slice(1);
  }
}

/**
 * The number of 16-bit groups in "h16:h16:..." (an IPv4address last counts two), or -1.
 * @param {string} part
 * @param {boolean} ipv4Last
 */
function ipv6Groups(part, ipv4Last) {
  if (part === "") return 0;
  let count = 0;
  for (;;) {
    const colon = part.indexOf(":");
    const piece = colon < 0 ? part : part.slice(0, colon);
    if (colon < 0 && ipv4Last && piece.includes(".")) return isIpv4(piece) ? count + 2 : -1;
    if (piece === "" || piece.length > 4) return -1;
    for (let i = 0; i < piece.length; i++) if (!isHex(piece.charCodeAt(i))) return -1;
    count++;
    if (colon < 0) return count;
    part = part.slice(colon + 1);
  }
}

/**
 * RFC 3986 IP-literal (inside "[...]"): an IPv6address (8 groups of 1-4 hex
 * digits, one "::" standing for one or more zero groups, the last two groups
 * possibly an IPv4address) or an IPvFuture ("v" hex "." then unreserved,
 * sub-delims or ":").
 * @param {string} s
 */
function isIpLiteral(s) {
  if (s[0] === "v" || s[0] === "V") {
    const dot = s.indexOf(".");
    if (dot < 2 || dot + 1 === s.length) return false;
    for (let i = 1; i < dot; i++) if (!isHex(s.charCodeAt(i))) return false;
    for (let i = dot + 1; i < s.length; i++) {
      const c = /** @type {string} */ (s[i]);
      if (!(isUnreserved(c) || SUB_DELIMS.includes(c) || c === ":")) return false;
    }
    return true;
  }
  const gap = s.indexOf("::");
  if (gap < 0) return ipv6Groups(s, true) === 8;
  if (s.indexOf("::", gap + 1) >= 0) return false;
  const left = ipv6Groups(s.slice(0, gap), false);
  const right = ipv6Groups(s.slice(gap + 2), true);
  return left >= 0 && right >= 0 && left + right <= 7;
}

/**
 * `format: uri`: an RFC 3986 URI with a scheme, checked character by character (as the C++ runtime's is_uri).
 * @param {string} s
 * @returns {boolean}
 */
export function isUri(s) {
  const colon = s.indexOf(":");
  if (colon <= 0 || !isAlpha(s.charCodeAt(0))) return false;
  for (let i = 1; i < colon; i++) {
    const c = s.charCodeAt(i);
    if (!(isAlpha(c) || isDigit(c) || s[i] === "+" || s[i] === "-" || s[i] === ".")) return false;
  }
  let rest = s.slice(colon + 1);
  const hash = rest.indexOf("#");
  if (hash >= 0) {
    if (!validComponent(rest.slice(hash + 1), ":@/?")) return false;
    rest = rest.slice(0, hash);
  }
  const question = rest.indexOf("?");
  if (question >= 0) {
    if (!validComponent(rest.slice(question + 1), ":@/?")) return false;
    rest = rest.slice(0, question);
  }
  let path = rest;
  if (rest.startsWith("//")) {
    const after = rest.slice(2);
    const slash = after.indexOf("/");
    let authority = slash < 0 ? after : after.slice(0, slash);
    path = slash < 0 ? "" : after.slice(slash);
    const at = authority.lastIndexOf("@");
    if (at >= 0) {
      if (!validComponent(authority.slice(0, at), ":")) return false;
      authority = authority.slice(at + 1);
    }
    let host = authority;
    if (authority.startsWith("[")) {
      const close = authority.indexOf("]");
      if (close < 0) return false;
      if (!isIpLiteral(authority.slice(1, close))) return false;
      host = "";
      const port = authority.slice(close + 1);
      if (port !== "" && port[0] !== ":") return false;
      for (const c of port.slice(1)) if (!isDigit(c.charCodeAt(0))) return false;
    } else {
      const pc = authority.lastIndexOf(":");
      if (pc >= 0) {
        for (const c of authority.slice(pc + 1)) if (!isDigit(c.charCodeAt(0))) return false;
        host = authority.slice(0, pc);
      }
    }
    if (!validComponent(host, "")) return false;
  }
  return validComponent(path, ":@/");
}

/**
 * The "any other string" branch of an open enum (`z.union([Known,
 * otherString(z.string())])`), typed `string & {}` so that the union keeps
 * the known literals for editors instead of collapsing to `string`.
 * @param {z.ZodString | z.ZodCustomStringFormat<string>} schema
 * @returns {z.ZodType<string & {}, string & {}>}
 */
export function otherString(schema) {
  return /** @type {z.ZodType<string & {}, string & {}>} */ (/** @type {unknown} */ (schema));
}

/**
 * A message for a failed format check; other problems (not a string, absent) keep Zod's message.
 * @param {string} message
 */
function formatError(message) {
  return { error: /** @param {{ code?: string }} issue */ (issue) => (issue.code === "invalid_format" ? message : undefined) };
}

/** Strings with `format: date-time` (the text is kept exactly; it is never turned into a Date). */
export const dateTime = z.stringFormat("date-time", isDateTime, formatError("expected an RFC 3339 date-time"));
/** Strings with `format: uuid` (any case is accepted and kept). */
export const uuid = z.stringFormat("uuid", isUuid, formatError("expected a UUID"));
/** Strings with `format: uri` (absolute: a scheme is required). */
export const uri = z.stringFormat("uri", isUri, formatError("expected an absolute URI"));

// ---- unions and tables -------------------------------------------------------------------

/** Parameters of z.xor for `oneOf`: a value matching two variants gets a message that says so. */
export const ONE_OF = {
  /** @param {{ code?: string, inclusive?: boolean }} issue */
  error: (issue) =>
    issue.code === "invalid_union" && issue.inclusive === false ? "matches more than one alternative of oneOf" : undefined,
};

/**
 * `table[key]` for an own key of a constant table, else undefined (never a prototype member).
 * @template V
 * @param {{ readonly [key: string]: V }} table
 * @param {string} key
 * @returns {V | undefined}
 */
export function lookup(table, key) {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

// ---- errors ------------------------------------------------------------------------------

/**
 * A JSON path in the C++ runtime's notation: `$.data.plans["p 1"][0]`.
 * @param {readonly PropertyKey[]} path
 * @returns {string}
 */
export function jsonPath(path) {
  let out = "$";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out;
}

/** @typedef {{ path: PropertyKey[], message: string, code?: string, errors?: Issue[][] }} Issue */

/**
 * @param {Issue} issue
 * @param {readonly PropertyKey[]} prefix
 * @returns {string}
 */
function describeIssue(issue, prefix) {
  const path = [...prefix, ...issue.path];
  if (issue.code === "invalid_union" && issue.errors !== undefined) {
    // The alternative that got furthest: one that accepted the value's kind, else the first.
    const failed = issue.errors.filter((e) => e.length > 0);
    const kindAccepted = (/** @type {Issue[]} */ e) => !(e[0]?.code === "invalid_type" && e[0].path.length === 0);
    const closest = (failed.find(kindAccepted) ?? failed[0])?.[0];
    if (closest !== undefined) return `${jsonPath(path)}: matches none of the alternatives (closest: ${describeIssue(closest, path)})`;
  }
  return `${jsonPath(path)}: ${issue.message}`;
}

/**
 * The first problem of a ZodError as one line that starts with its JSON path.
 * @param {z.ZodError} error
 * @returns {string}
 */
export function describeError(error) {
  const issue = error.issues[0];
  return issue === undefined ? "$: invalid" : describeIssue(/** @type {Issue} */ (/** @type {unknown} */ (issue)), []);
}
