package contract

import (
	"time"

	"github.com/dlclark/regexp2"
)

// PatternTimeout bounds one search of a pattern that needs backtracking
// (lookaround): a search that takes longer does not match, so the value is
// rejected as not matching the pattern (docs/semantics.md, "Patterns").
const PatternTimeout = 100 * time.Millisecond

func init() { compileBacktracking = compileRegexp2 }

type boundedPattern struct{ re *regexp2.Regexp }

func (p boundedPattern) MatchString(s string) bool {
	ok, err := p.re.MatchString(s)
	return err == nil && ok
}

// compileRegexp2 compiles a pattern contractgen wrote for regexp2: ECMAScript
// options (ASCII classes, ECMA backreference rules), `\b`, `\s`, `\d`, `\w`,
// `.` and `$` already spelled out.
func compileRegexp2(source string) Pattern {
	re := regexp2.MustCompile(source, regexp2.ECMAScript)
	re.MatchTimeout = PatternTimeout
	return boundedPattern{re}
}
