package contract

import (
	"regexp"
	"strings"
)

// Pattern is a compiled schema `pattern` (ECMA-262 with the u flag, searched,
// not anchored), as contractgen translated it: Go's regexp (RE2, linear time
// in the text) for most patterns; for lookaround, which RE2 lacks, a
// backtracking engine under a time bound (pattern_backtracking.go, shipped
// only with a contract that has such a pattern). docs/semantics.md, "Patterns".
type Pattern interface {
	MatchString(s string) bool
}

// BacktrackingPrefix marks a pattern the generator wrote for the
// backtracking engine (regexp2 syntax) rather than for RE2.
const BacktrackingPrefix = "(*BACKTRACK)"

// compileBacktracking is set by pattern_backtracking.go when it is shipped.
var compileBacktracking func(source string) Pattern

// MustCompilePattern compiles a pattern as the generator wrote it.
func MustCompilePattern(source string) Pattern {
	if strings.HasPrefix(source, BacktrackingPrefix) {
		if compileBacktracking == nil {
			panic("contract: pattern " + source + " needs pattern_backtracking.go; regenerate the bindings")
		}
		return compileBacktracking(source[len(BacktrackingPrefix):])
	}
	return regexp.MustCompile(source)
}
