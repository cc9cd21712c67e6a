// Zod's issues in the contract's terms (docs/semantics.md §2): Zod collects
// every problem of a value; the contract reports one, the first in document
// order, as a JSON path and a keyword of one vocabulary. This maps each
// issue to (path, keyword, detail, where it sits in the value), and picks the
// first: an error about a value sits at its start, a missing member at the
// end of its object, a union's tag problem at the start of the object, and
// ties go to the keyword listed first in §2. On a value decoded from JSON,
// this is the error the text decoder (decoder.ts) reports for that text,
// which the tests check on every conformance vector.
import { DecodeError, Keyword, quote } from "./errors.js";
/** §2's tie order: at one position, the keyword listed first is reported. */
const ORDER = [
  Keyword.syntax,
  Keyword.depth,
  Keyword.duplicate,
  Keyword.type,
  Keyword.required,
  Keyword.additionalProperties,
  Keyword.not,
  Keyword.discriminator,
  Keyword.oneOf,
  Keyword.anyOf,
  Keyword.const,
  Keyword.enum,
  Keyword.format,
  Keyword.pattern,
  Keyword.minLength,
  Keyword.maxLength,
  Keyword.minimum,
  Keyword.maximum,
  Keyword.exclusiveMinimum,
  Keyword.exclusiveMaximum,
  Keyword.multipleOf,
  Keyword.minItems,
  Keyword.maxItems,
  Keyword.uniqueItems,
  Keyword.minProperties,
  Keyword.maxProperties,
  Keyword.range,
  // An assertion's error comes after what the value's type reports at the same place.
  Keyword.ref,
  Keyword.allOf,
  Keyword.then,
  Keyword.else,
  Keyword.dependentRequired,
  Keyword.dependentSchemas,
  Keyword.prefixItems,
  Keyword.items,
  Keyword.contains,
  Keyword.minContains,
  Keyword.maxContains,
  Keyword.unevaluatedItems,
  Keyword.properties,
  Keyword.patternProperties,
  Keyword.propertyNames,
  Keyword.unevaluatedProperties,
];
const KEYWORD_MESSAGE = /^(\$?[A-Za-z]+): /;
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function valueAt(root, path) {
  let v = root;
  for (const s of path) {
    if (typeof s === "number") v = Array.isArray(v) ? v[s] : undefined;
    else v = isObject(v) && Object.hasOwn(v, s) ? v[s] : undefined;
  }
  return v;
}
function segments(path) {
  return path.map((s) => (typeof s === "number" ? s : String(s)));
}
/** The contract's view of one Zod issue (several for unknown keys). */
function locate(issue, input) {
  const path = segments(issue.path);
  const parent = path.slice(0, -1);
  const last = path[path.length - 1];
  const at = (keyword, detail = issue.message, where = path, end = false) => [{ path: where, keyword, detail, end }];
  // A keyword the contract's own checks spelled into the message ("uniqueItems: ...").
  const spelled = KEYWORD_MESSAGE.exec(issue.message);
  const keyword = spelled !== null && ORDER.includes(spelled[1]) ? spelled[1] : undefined;
  if (keyword === Keyword.not || keyword === Keyword.additionalProperties)
    return at(keyword, issue.message.slice(spelled[0].length));
  // Zod reports a required member's absence as a problem of its (undefined) value.
  const container = valueAt(input, parent);
  if (
    typeof last === "string" &&
    isObject(container) &&
    !Object.hasOwn(container, last) &&
    issue.code !== "unrecognized_keys"
  )
    return at(Keyword.required, `missing member ${quote(last)}`, parent, true);
  if (keyword !== undefined) return at(keyword, issue.message.slice(spelled[0].length));
  switch (issue.code) {
    case "invalid_union":
      if (issue.note === "No matching discriminator" || issue.discriminator !== undefined) {
        // The tag is read first: its problems sit at the start of the object.
        const object = valueAt(input, parent);
        const tag = issue.discriminator ?? String(last);
        if (!isObject(object)) return at(Keyword.type, "expected an object", parent);
        if (!Object.hasOwn(object, tag)) return at(Keyword.required, `missing member ${quote(tag)}`, parent);
        const got = object[tag];
        const detail = typeof got === "string" ? `unknown tag ${quote(got)}` : "expected a string tag";
        return [{ path: [...parent, tag], keyword: Keyword.discriminator, detail, end: false, start: parent }];
      }
      return at(Keyword.anyOf, "the value matches none of the alternatives");
    case "invalid_type": {
      const value = valueAt(input, path);
      // JSON.parse makes 1e400 Infinity: the decoder's `range`.
      if (typeof value === "number" && !Number.isFinite(value))
        return at(Keyword.range, `${value} is not a finite number`);
      return at(Keyword.type, issue.message.replace(/^Invalid input: /, ""));
    }
    case "unrecognized_keys":
      return (issue.keys ?? []).map((key) => ({
        path: [...path, key],
        keyword: Keyword.additionalProperties,
        detail: `member ${quote(key)} is not allowed`,
        end: false,
      }));
    case "too_small":
    case "too_big": {
      const small = issue.code === "too_small";
      if (issue.origin === "int" && /safe integer/.test(issue.note ?? "")) return at(Keyword.range, issue.message);
      switch (issue.origin) {
        case "array":
        case "set":
          return at(small ? Keyword.minItems : Keyword.maxItems);
        case "string":
          return at(small ? Keyword.minLength : Keyword.maxLength);
        case "object":
          return at(small ? Keyword.minProperties : Keyword.maxProperties);
      }
      if (issue.inclusive === false) return at(small ? Keyword.exclusiveMinimum : Keyword.exclusiveMaximum);
      return at(small ? Keyword.minimum : Keyword.maximum);
    }
    case "invalid_format":
      return at(issue.format === "regex" ? Keyword.pattern : Keyword.format);
    case "not_multiple_of":
      return at(Keyword.multipleOf);
    case "invalid_value":
      return at(Keyword.enum);
  }
  return at(Keyword.type);
}
/**
 * Where `path` (an error at the start of its value, or at the end of its
 * object) is in document order: the member and item indexes leading to it,
 * then -1 for a start or Infinity for an end.
 */
function position(input, l) {
  const path = l.start ?? l.path;
  const out = [];
  let v = input;
  for (const s of path) {
    if (typeof s === "number") {
      out.push(s);
      v = Array.isArray(v) ? v[s] : undefined;
    } else {
      const keys = isObject(v) ? Object.keys(v) : [];
      const i = keys.indexOf(s);
      out.push(i < 0 ? keys.length : i); // an absent member sits after the present ones
      v = isObject(v) ? v[s] : undefined;
    }
  }
  out.push(l.end ? Infinity : -1);
  return out;
}
function before(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
/** The first problem of `error`'s issues in document order, and where it is. */
function first(error, input) {
  let best;
  for (const issue of error.issues)
    for (const l of locate(issue, input)) {
      const at = position(input, l);
      const order =
        best === undefined ? -1 : before(at, best.at) || ORDER.indexOf(l.keyword) - ORDER.indexOf(best.l.keyword);
      if (order < 0) best = { l, at };
    }
  return best;
}
/**
 * The first problem of a failed Zod parse of `input`, in the contract's
 * terms: a DecodeError with the JSON path, the keyword and a detail.
 */
export function firstError(error, input) {
  const l = first(error, input)?.l ?? { path: [], keyword: Keyword.type, detail: "invalid", end: false };
  const e = new DecodeError(l.keyword, l.detail, -1);
  for (let i = l.path.length - 1; i >= 0; i--) e.within(l.path[i]);
  return e;
}
/** Whether the first problem of a failed Zod parse of `input` sits at the start of `input` itself. */
export function firstAtStart(error, input) {
  const at = first(error, input)?.at;
  return at !== undefined && at.length === 1 && at[0] === -1;
}
