/** A `pattern` (`source` as the schema wrote it) and, unless it needs backtracking, its RE2 translation. */
export declare function pattern(source: string, linear?: string): RegExp;
/** A pattern of an assertion's program: "(*RE2)" and the RE2 translation, or the source for V8. */
export declare function programPattern(text: string): RegExp;
