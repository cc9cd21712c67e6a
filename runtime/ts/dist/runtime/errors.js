// Why an instance was rejected: one error, the first in document order, with
// a JSON path and a reason class from one vocabulary (docs/semantics.md §2).
// The Go runtime (runtime/go/contract/errors.go) and the other bindings use
// the same keywords and the same path spelling; the conformance harness
// compares both exactly.
/** The reason classes every binding of the contract reports alike. */
export const Keyword = {
  syntax: "syntax",
  depth: "depth",
  duplicate: "duplicate",
  type: "type",
  required: "required",
  additionalProperties: "additionalProperties",
  not: "not",
  discriminator: "discriminator",
  oneOf: "oneOf",
  anyOf: "anyOf",
  const: "const",
  enum: "enum",
  format: "format",
  pattern: "pattern",
  minLength: "minLength",
  maxLength: "maxLength",
  minimum: "minimum",
  maximum: "maximum",
  exclusiveMinimum: "exclusiveMinimum",
  exclusiveMaximum: "exclusiveMaximum",
  multipleOf: "multipleOf",
  minItems: "minItems",
  maxItems: "maxItems",
  uniqueItems: "uniqueItems",
  minProperties: "minProperties",
  maxProperties: "maxProperties",
  range: "range",
  // The keywords only an assertion reports (docs/semantics.md, "Assertions").
  ref: "$ref",
  allOf: "allOf",
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's "then" keyword, a name in a table
  then: "then",
  else: "else",
  dependentRequired: "dependentRequired",
  dependentSchemas: "dependentSchemas",
  prefixItems: "prefixItems",
  items: "items",
  contains: "contains",
  minContains: "minContains",
  maxContains: "maxContains",
  unevaluatedItems: "unevaluatedItems",
  properties: "properties",
  patternProperties: "patternProperties",
  propertyNames: "propertyNames",
  unevaluatedProperties: "unevaluatedProperties",
};
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * A JSON path: `$`, then `.name` for names like identifiers, `["..."]`
 * (JSON-escaped, non-ASCII kept) for any other name, `[i]` for indexes.
 */
export function formatPath(path) {
  let out = "$";
  for (const s of path) {
    if (typeof s === "number") out += `[${s}]`;
    else if (IDENTIFIER.test(s)) out += `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}
/** A string shown in a message: JSON-quoted, cut after 60 code points. */
export function quote(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) i++;
    if (++n === 60 && i + 1 < s.length) return `${JSON.stringify(s.slice(0, i + 1))}…`;
  }
  return JSON.stringify(s);
}
/**
 * A rejected instance: where (`path`, e.g. `$.data.delta`), the reason class
 * (`keyword`), a human `detail`, and `offset`, where in the input the problem
 * was found (a UTF-16 index into the text, or a byte index when the input was
 * bytes). `message` is `<path>: <keyword>: <detail>`.
 */
export class DecodeError extends Error {
  name = "DecodeError";
  keyword;
  detail;
  offset;
  // Path segments, innermost first: readers add theirs while the error
  // travels out (nothing is spent on paths while decoding succeeds).
  reversed = [];
  spelled;
  constructor(keyword, detail, offset) {
    super();
    this.keyword = keyword;
    this.detail = detail;
    this.offset = offset;
    // The message follows the path, which grows while the error travels out.
    Object.defineProperty(this, "message", { get: () => `${this.path}: ${this.keyword}: ${this.detail}` });
  }
  /** The JSON path of the problem. */
  get path() {
    this.spelled ??= formatPath(this.segments);
    return this.spelled;
  }
  /** The path as member names and indexes, outermost first. */
  get segments() {
    return [...this.reversed].reverse();
  }
  /** Adds the segment that encloses everything added so far (a syntax error stays at `$`). */
  within(segment) {
    if (this.keyword !== Keyword.syntax) {
      this.reversed.push(segment);
      this.spelled = undefined;
    }
    return this;
  }
}
/**
 * What a reader's `catch` does with an error that passes through it while it
 * reads the member or item `segment` (undefined: none): a DecodeError gets
 * the segment, anything else (a bug) passes unchanged.
 */
export function within(error, segment) {
  if (segment !== undefined && error instanceof DecodeError) error.within(segment);
  return error;
}
