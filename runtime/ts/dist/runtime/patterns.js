// Schema patterns: ECMA-262 with the `u` flag, searched, not anchored
// (docs/semantics.md, "Patterns"). V8's RegExp backtracks with no bound, so
// a pattern that needs no backtracking also comes with contractgen's RE2
// translation, which RE2JS matches in time linear in the text: no string
// can make it search for minutes. Only patterns with lookaround (which RE2
// lacks) are left to V8.
import { RE2JS } from "re2js";
/** A RegExp whose `test` (all that zod and the readers call) runs RE2JS on the RE2 translation. */
class LinearPattern extends RegExp {
  linear;
  constructor(source, linear) {
    super(source, "u");
    this.linear = RE2JS.compile(linear);
  }
  test(s) {
    return this.linear.test(s);
  }
}
/** A `pattern` (`source` as the schema wrote it) and, unless it needs backtracking, its RE2 translation. */
export function pattern(source, linear) {
  return linear === undefined ? new RegExp(source, "u") : new LinearPattern(source, linear);
}
const RE2_MARK = "(*RE2)";
/** A pattern of an assertion's program: "(*RE2)" and the RE2 translation, or the source for V8. */
export function programPattern(text) {
  return text.startsWith(RE2_MARK) ? new LinearPattern("(?:)", text.slice(RE2_MARK.length)) : new RegExp(text, "u");
}
