/** The reason classes every binding of the contract reports alike. */
export declare const Keyword: {
  readonly syntax: "syntax";
  readonly depth: "depth";
  readonly duplicate: "duplicate";
  readonly type: "type";
  readonly required: "required";
  readonly additionalProperties: "additionalProperties";
  readonly not: "not";
  readonly discriminator: "discriminator";
  readonly oneOf: "oneOf";
  readonly anyOf: "anyOf";
  readonly const: "const";
  readonly enum: "enum";
  readonly format: "format";
  readonly pattern: "pattern";
  readonly minLength: "minLength";
  readonly maxLength: "maxLength";
  readonly minimum: "minimum";
  readonly maximum: "maximum";
  readonly exclusiveMinimum: "exclusiveMinimum";
  readonly exclusiveMaximum: "exclusiveMaximum";
  readonly multipleOf: "multipleOf";
  readonly minItems: "minItems";
  readonly maxItems: "maxItems";
  readonly uniqueItems: "uniqueItems";
  readonly minProperties: "minProperties";
  readonly maxProperties: "maxProperties";
  readonly range: "range";
  readonly ref: "$ref";
  readonly allOf: "allOf";
  readonly then: "then";
  readonly else: "else";
  readonly dependentRequired: "dependentRequired";
  readonly dependentSchemas: "dependentSchemas";
  readonly prefixItems: "prefixItems";
  readonly items: "items";
  readonly contains: "contains";
  readonly minContains: "minContains";
  readonly maxContains: "maxContains";
  readonly unevaluatedItems: "unevaluatedItems";
  readonly properties: "properties";
  readonly patternProperties: "patternProperties";
  readonly propertyNames: "propertyNames";
  readonly unevaluatedProperties: "unevaluatedProperties";
};
export type Keyword = (typeof Keyword)[keyof typeof Keyword];
/** One step of a path: a member name or an array index. */
export type PathSegment = string | number;
/**
 * A JSON path: `$`, then `.name` for names like identifiers, `["..."]`
 * (JSON-escaped, non-ASCII kept) for any other name, `[i]` for indexes.
 */
export declare function formatPath(path: readonly PathSegment[]): string;
/** A string shown in a message: JSON-quoted, cut after 60 code points. */
export declare function quote(s: string): string;
/**
 * A rejected instance: where (`path`, e.g. `$.data.delta`), the reason class
 * (`keyword`), a human `detail`, and `offset`, where in the input the problem
 * was found (a UTF-16 index into the text, or a byte index when the input was
 * bytes). `message` is `<path>: <keyword>: <detail>`.
 */
export declare class DecodeError extends Error {
  readonly name = "DecodeError";
  readonly keyword: Keyword;
  readonly detail: string;
  offset: number;
  private readonly reversed;
  private spelled;
  constructor(keyword: Keyword, detail: string, offset: number);
  /** The JSON path of the problem. */
  get path(): string;
  /** The path as member names and indexes, outermost first. */
  get segments(): PathSegment[];
  /** Adds the segment that encloses everything added so far (a syntax error stays at `$`). */
  within(segment: PathSegment): this;
}
/**
 * What a reader's `catch` does with an error that passes through it while it
 * reads the member or item `segment` (undefined: none): a DecodeError gets
 * the segment, anything else (a bug) passes unchanged.
 */
export declare function within(error: unknown, segment: PathSegment | undefined): unknown;
