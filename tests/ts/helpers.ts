// Shared by the TypeScript tests: where the repository is, and assertions
// that state the contract's rules (accept + round trip, reject at a path).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";

export const root: string = (() => {
  const dir = process.env["CONTRACTGEN_ROOT"];
  if (!dir) throw new Error("CONTRACTGEN_ROOT is not set: run the tests through tests/ts/run.sh");
  return dir;
})();

export function readJson(relative: string): unknown {
  return JSON.parse(readFileSync(join(root, relative), "utf8"));
}

/** A JSON path as the runtime writes it ($.a[0]["b c"]). */
export function pathOf(path: readonly PropertyKey[]): string {
  let out = "$";
  for (const s of path) {
    if (typeof s === "number") out += `[${s}]`;
    else if (typeof s === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(s)) out += `.${s}`;
    else out += `[${JSON.stringify(String(s))}]`;
  }
  return out;
}

/**
 * `text` (JSON) is valid for `schema`, and the parsed value re-serialises to
 * the same JSON value (absent stays absent, null stays null, nothing added).
 */
export function accepts(schema: z.ZodType, text: string): void {
  const input: unknown = JSON.parse(text);
  const result = schema.safeParse(input);
  if (!result.success) assert.fail(`rejected ${text}: ${pathOf(result.error.issues[0]?.path ?? [])}: ${result.error.issues[0]?.message}`);
  assert.deepStrictEqual(JSON.parse(JSON.stringify(result.data)), input, `round trip of ${text}`);
}

/** `text` (JSON) is invalid for `schema`; the first problem is reported at `path` (when given). */
export function rejects(schema: z.ZodType, text: string, path?: string, message?: RegExp): void {
  const result = schema.safeParse(JSON.parse(text));
  if (result.success) assert.fail(`accepted ${text}`);
  const issue = result.error.issues[0];
  assert.ok(issue !== undefined, "a failed parse has an issue");
  if (path !== undefined) assert.equal(pathOf(issue.path), path, `path of the problem with ${text}`);
  if (message !== undefined) assert.match(issue.message, message);
}
