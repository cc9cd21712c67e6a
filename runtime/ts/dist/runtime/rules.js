// The rules the generated readers pass (docs/semantics.md §2): what a string,
// a number or a container must satisfy, and why a value breaks one, as a
// keyword and a detail, which the text decoder (scalars.ts, decoder.ts)
// reports at the value.
import { Keyword, quote } from "./errors.js";
import { codePointLength, isMultipleOf } from "./formats.js";
import { FORMATS } from "./formats_more.js";
/** Spells a number bound for a message. */
const shown = (n) => String(n);
/** Why `s` breaks `rule` (keyword and detail), or undefined. */
export function stringProblem(rule, s) {
  if (rule.format !== undefined) {
    const f = FORMATS[rule.format];
    if (!f.check(s)) return [Keyword.format, `expected ${f.expected}, got ${quote(s)}`];
  }
  if (rule.pattern !== undefined && !rule.pattern.test(s))
    return [Keyword.pattern, `string does not match pattern ${quote(rule.pattern.source)}: ${quote(s)}`];
  const min = rule.minLength ?? 0,
    max = rule.maxLength ?? Infinity;
  if (min > 0 || max !== Infinity) {
    // Code points lie between length / 2 and length: count only when that straddles a bound.
    const n = s.length >= min * 2 && s.length <= max ? s.length : codePointLength(s);
    if (n < min) return [Keyword.minLength, `string shorter than minLength ${min}: ${quote(s)}`];
    if (n > max) return [Keyword.maxLength, `string longer than maxLength ${max}: ${quote(s)}`];
  }
  return undefined;
}
/** Why `v` breaks `rule` (keyword and detail), or undefined. */
export function numberProblem(rule, v) {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = rule;
  if (minimum !== undefined && v < minimum) return [Keyword.minimum, `${v} is less than the minimum ${shown(minimum)}`];
  if (maximum !== undefined && v > maximum)
    return [Keyword.maximum, `${v} is greater than the maximum ${shown(maximum)}`];
  if (exclusiveMinimum !== undefined && v <= exclusiveMinimum)
    return [Keyword.exclusiveMinimum, `${v} is not greater than the exclusive minimum ${shown(exclusiveMinimum)}`];
  if (exclusiveMaximum !== undefined && v >= exclusiveMaximum)
    return [Keyword.exclusiveMaximum, `${v} is not less than the exclusive maximum ${shown(exclusiveMaximum)}`];
  if (multipleOf !== undefined) {
    const ok =
      typeof v === "bigint"
        ? Number.isInteger(multipleOf)
          ? v % BigInt(multipleOf) === 0n
          : isMultipleOf(Number(v), multipleOf)
        : isMultipleOf(v, multipleOf);
    if (!ok) return [Keyword.multipleOf, `${v} is not a multiple of ${multipleOf}`];
  }
  return undefined;
}
/**
 * The integer a number literal with a fraction or an exponent stands for,
 * exactly: undefined when it is not an integer, null when it is one beyond
 * 2^64 in magnitude (never computed: 1e1000000 costs nothing).
 */
export function exactInteger(literal) {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (m === null) return undefined;
  const digits = ((m[2] ?? "") + (m[3] ?? "")).replace(/^0+/, "");
  if (digits === "") return 0n;
  const scale = Number(m[4] ?? "0") - (m[3] ?? "").length;
  if (scale >= 0) return digits.length + scale > 21 ? null : BigInt((m[1] ?? "") + digits) * 10n ** BigInt(scale);
  const kept = digits.length + scale; // digits before the decimal point
  if (kept <= 0 || /[^0]/.test(digits.slice(kept))) return undefined;
  return BigInt((m[1] ?? "") + digits.slice(0, kept));
}
