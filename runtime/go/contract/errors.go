// Package contract is the runtime every generated Go package of the contract
// uses: a strict streaming JSON decoder that fills typed values directly (no
// intermediate tree), the encoder that writes them back in schema order with
// canonical numbers, free-form JSON values that keep member order and exact
// integers, and the value wrappers (Tristate, Null, Map).
//
// The rules it implements are the contract's payload policy and error rules
// (docs/semantics.md): one error per rejected instance, the first in
// document order, with a JSON path and a JSON Schema keyword.
package contract

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Keywords of DecodeError: the reason classes every binding of the contract
// reports alike. Constraint failures use the JSON Schema keyword's own name.
const (
	KeywordSyntax               = "syntax"
	KeywordDepth                = "depth"
	KeywordDuplicate            = "duplicate"
	KeywordType                 = "type"
	KeywordRequired             = "required"
	KeywordAdditionalProperties = "additionalProperties"
	KeywordNot                  = "not"
	KeywordDiscriminator        = "discriminator"
	KeywordOneOf                = "oneOf"
	KeywordAnyOf                = "anyOf"
	KeywordConst                = "const"
	KeywordEnum                 = "enum"
	KeywordFormat               = "format"
	KeywordPattern              = "pattern"
	KeywordMinLength            = "minLength"
	KeywordMaxLength            = "maxLength"
	KeywordMinimum              = "minimum"
	KeywordMaximum              = "maximum"
	KeywordExclusiveMinimum     = "exclusiveMinimum"
	KeywordExclusiveMaximum     = "exclusiveMaximum"
	KeywordMultipleOf           = "multipleOf"
	KeywordMinItems             = "minItems"
	KeywordMaxItems             = "maxItems"
	KeywordUniqueItems          = "uniqueItems"
	KeywordMinProperties        = "minProperties"
	KeywordMaxProperties        = "maxProperties"
	KeywordRange                = "range"
	// The keywords an assertion reports (docs/semantics.md, "Assertions").
	KeywordRef                   = "$ref"
	KeywordAllOf                 = "allOf"
	KeywordThen                  = "then"
	KeywordElse                  = "else"
	KeywordDependentRequired     = "dependentRequired"
	KeywordDependentSchemas      = "dependentSchemas"
	KeywordPrefixItems           = "prefixItems"
	KeywordItems                 = "items"
	KeywordContains              = "contains"
	KeywordMinContains           = "minContains"
	KeywordMaxContains           = "maxContains"
	KeywordUnevaluatedItems      = "unevaluatedItems"
	KeywordProperties            = "properties"
	KeywordPatternProperties     = "patternProperties"
	KeywordPropertyNames         = "propertyNames"
	KeywordUnevaluatedProperties = "unevaluatedProperties"
)

// DecodeError is why an instance was rejected: where (a JSON path such as
// `$.data.delta` or `$.headers["content-type"]`), the reason class
// (Keyword), and a human detail. Offset is the byte of the input where the
// problem was found.
type DecodeError struct {
	Path    string
	Keyword string
	Detail  string
	Offset  int
}

// Error is "<path>: <keyword>: <detail>".
func (e *DecodeError) Error() string {
	return e.Path + ": " + e.Keyword + ": " + e.Detail
}

// segment is one step of the path being decoded: a member name or an index.
type segment struct {
	name  string
	index int // -1 for a member
}

// formatPath spells a path: `.name` for names like identifiers, `["..."]`
// (JSON-escaped) for any other name, `[i]` for array indexes.
func formatPath(path []segment) string {
	var b strings.Builder
	b.WriteByte('$')
	for _, s := range path {
		if s.index >= 0 {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.index))
			b.WriteByte(']')
		} else if isIdentifier(s.name) {
			b.WriteByte('.')
			b.WriteString(s.name)
		} else {
			b.WriteByte('[')
			b.Write(appendQuoted(nil, s.name))
			b.WriteByte(']')
		}
	}
	return b.String()
}

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// quote shows a string in a message: JSON-quoted, cut after 60 code points.
func quote(s string) string {
	if utf8.RuneCountInString(s) > 60 {
		n := 0
		for i := range s {
			if n == 60 {
				return string(appendQuoted(nil, s[:i])) + "…"
			}
			n++
		}
	}
	return string(appendQuoted(nil, s))
}
