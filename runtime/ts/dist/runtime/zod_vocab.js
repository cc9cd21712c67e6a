// The Zod side of the whole vocabulary (docs/semantics.md, "The whole
// vocabulary"): key patterns, closed tuples, recursive types kept within the
// nesting limit, and assertions. runtime.ts re-exports all of it as `rt`.
import { z } from "zod";
import { quote } from "./errors.js";
import { firstAtStart } from "./issues.js";
// ---- Zod: key patterns and tuples ------------------------------------------------------------
/**
 * The undeclared members of an object whose extra members are a map with a
 * key pattern: each name must match `key` (else `additionalProperties`).
 */
export function extraKeys(key, declared) {
  const known = new Set(declared);
  return z.superRefine((object, ctx) => {
    for (const name of Object.keys(object))
      if (!known.has(name) && !key.test(name))
        ctx.addIssue({
          code: "custom",
          input: object[name],
          path: [name],
          message: `additionalProperties: member ${quote(name)} is not allowed`,
        });
  });
}
/**
 * Parameters of a map with a key pattern (z.record): a name that does not match is
 * `additionalProperties` at the member.
 */
export const KEY_PATTERN = {
  error: (issue) =>
    issue.code === "invalid_key"
      ? `additionalProperties: member ${quote(String(issue.input))} is not allowed`
      : undefined,
};
/** Parameters of a tuple that allows no item after its positions (`items: false`): a longer array is `items`. */
export const CLOSED_TUPLE = {
  error: (issue) =>
    issue.code === "too_big" && Array.isArray(issue.input)
      ? `items: has ${issue.input.length} items, more than the ${String(issue.maximum)} the tuple allows`
      : undefined,
};
function lendObject(wrapper, schema) {
  const object = schema instanceof z.ZodObject ? schema : schema.object;
  return object === undefined ? wrapper : Object.assign(wrapper, { object });
}
/** Where a value nests deeper than `maxDepth` containers: the path of the container beyond it, else undefined. */
function tooDeep(value, maxDepth) {
  const stack = [[value, 1, []]];
  while (stack.length > 0) {
    const [v, depth, path] = stack.pop();
    if (typeof v !== "object" || v === null) continue;
    if (depth > maxDepth) return path;
    if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], depth + 1, [...path, i]]);
    else for (const key of Object.keys(v).reverse()) stack.push([v[key], depth + 1, [...path, key]]);
  }
  return undefined;
}
// Set while a depth-limited schema parses: the schemas it reaches again (z.lazy) do not measure again.
let measuring = false;
/**
 * The schema of a recursive type: a value nested deeper than the payload
 * limit is a `depth` error (as the text decoder's), measured once before the
 * parse (without recursion), so that Zod's recursion through z.lazy stays
 * within the limit instead of overflowing the stack.
 */
export function depthLimited(schema, maxDepth) {
  const pipe = z.unknown().transform((input, ctx) => {
    let result;
    if (measuring) {
      result = z.safeParse(schema, input);
    } else {
      const path = tooDeep(input, maxDepth);
      if (path !== undefined) {
        ctx.addIssue({ code: "custom", input, path, message: `depth: nesting deeper than ${maxDepth}` });
        return z.NEVER;
      }
      measuring = true;
      try {
        result = z.safeParse(schema, input);
      } finally {
        measuring = false;
      }
    }
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue(issue);
    return z.NEVER;
  });
  return lendObject(pipe, schema);
}
/**
 * A struct's object schema reached lazily: a recursive variant of a
 * discriminated union, defined after the union (z.lazy lends the union the
 * object's member values when it first parses).
 */
export function lazyObject(get) {
  return z.lazy(get);
}
// ---- Zod: assertions ------------------------------------------------------------------------
/**
 * `schema` with an assertion (docs/semantics.md, "Assertions"): `check` runs
 * on the input value; its error sits at the start of the value, after any
 * error `schema` reports there, and replaces what `schema` reports inside.
 */
export function checked(check, schema) {
  const pipe = z.unknown().transform((input, ctx) => {
    const keyword = input === undefined ? undefined : check.eval(input);
    const result = z.safeParse(schema, input);
    if (keyword !== undefined && (result.success || !firstAtStart(result.error, input))) {
      ctx.addIssue({
        code: "custom",
        input,
        message: `${keyword}: the value does not satisfy the schema's ${quote(keyword)}`,
      });
      return z.NEVER;
    }
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue(issue);
    return z.NEVER;
  });
  return lendObject(pipe, schema);
}
