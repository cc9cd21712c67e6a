package contract

import (
	"encoding/json"
	"math"
	"strconv"
)

// A Check is an assertion: what a type cannot carry, compiled by contractgen
// into a schema program (docs/semantics.md, "Assertions") and evaluated on
// the free-form value. The program is JSON, {"assert": [S...], "defs":
// [S...]}: the value must satisfy every schema of "assert"; {"$ref": n}
// names defs[n]. Patterns are already in RE2 syntax.
type Check struct {
	assert []*schema
	defs   []*schema
}

// schema is one compiled schema of a program: a boolean schema (always
// set), or the keywords of an object.
type schema struct {
	always *bool
	ref    int // -1: none

	types                                                        uint8 // kind bits, 0: no `type`
	enum                                                         []any
	hasEnum, hasConst                                            bool
	constant                                                     any
	multipleOf, maximum, exclusiveMaximum, minimum, excluMinimum *float64
	maxLength, minLength                                         int // -1: none
	pattern                                                      Pattern
	format                                                       Format
	maxItems, minItems, maxContains, minContains                 int // -1: none
	uniqueItems                                                  bool
	maxProperties, minProperties                                 int // -1: none
	required                                                     []string
	dependentRequired                                            []namedNames

	allOf, anyOf, oneOf       []*schema
	not, ifS, thenS, elseS    *schema
	dependentSchemas          []named
	prefixItems               []*schema
	items, contains           *schema
	properties                []named
	patternProperties         []patterned
	additionalProperties      *schema
	propertyNames             *schema
	unevaluatedItems          *schema
	unevaluatedProperties     *schema
	hasIf, hasThen, hasElse   bool
	hasProperties, hasPattern bool
}

type named struct {
	name   string
	schema *schema
}

type namedNames struct {
	name  string
	names []string
}

type patterned struct {
	re     Pattern
	schema *schema
}

// Kind bits of `type`.
const (
	kindNull uint8 = 1 << iota
	kindBoolean
	kindObject
	kindArray
	kindString
	kindInteger // a number with a zero fraction
	kindNumber  // any number
)

// MustCompileCheck compiles a program (a constant of generated code).
func MustCompileCheck(program string) *Check {
	root, ok := MustParseValue(program).(Object)
	if !ok {
		panic("contract: a check program must be an object")
	}
	c := &Check{}
	defs, _ := root.Get("defs")
	for _, d := range defs.([]any) {
		c.defs = append(c.defs, compileSchema(d))
	}
	asserts, _ := root.Get("assert")
	for _, a := range asserts.([]any) {
		c.assert = append(c.assert, compileSchema(a))
	}
	return c
}

func compileSchema(v any) *schema {
	s := &schema{ref: -1, maxLength: -1, minLength: -1, maxItems: -1, minItems: -1, maxContains: -1, minContains: -1,
		maxProperties: -1, minProperties: -1}
	if b, ok := v.(bool); ok {
		s.always = &b
		return s
	}
	for _, m := range v.(Object) {
		compileKeyword(s, m.Key, m.Value)
	}
	return s
}

func number(v any) float64 {
	f, _ := toFloat(v)
	return f
}

func count(v any) int {
	f := number(v)
	if f > 1<<40 {
		return 1 << 40
	}
	return int(f)
}

func schemas(v any) []*schema {
	var out []*schema
	for _, item := range v.([]any) {
		out = append(out, compileSchema(item))
	}
	return out
}

func namedSchemas(v any) []named {
	var out []named
	for _, m := range v.(Object) {
		out = append(out, named{m.Key, compileSchema(m.Value)})
	}
	return out
}

func stringList(v any) []string {
	var out []string
	for _, item := range v.([]any) {
		out = append(out, item.(string))
	}
	return out
}

func typeBits(name string) uint8 {
	switch name {
	case "null":
		return kindNull
	case "boolean":
		return kindBoolean
	case "object":
		return kindObject
	case "array":
		return kindArray
	case "string":
		return kindString
	case "integer":
		return kindInteger
	}
	return kindNumber
}

func compileKeyword(s *schema, key string, v any) {
	ptr := func() *float64 { f := number(v); return &f }
	switch key {
	case "$ref":
		s.ref = count(v)
	case "type":
		if name, ok := v.(string); ok {
			s.types = typeBits(name)
		} else {
			for _, n := range v.([]any) {
				s.types |= typeBits(n.(string))
			}
		}
	case "enum":
		s.hasEnum, s.enum = true, v.([]any)
	case "const":
		s.hasConst, s.constant = true, v
	case "multipleOf":
		s.multipleOf = ptr()
	case "maximum":
		s.maximum = ptr()
	case "exclusiveMaximum":
		s.exclusiveMaximum = ptr()
	case "minimum":
		s.minimum = ptr()
	case "exclusiveMinimum":
		s.excluMinimum = ptr()
	case "maxLength":
		s.maxLength = count(v)
	case "minLength":
		s.minLength = count(v)
	case "pattern":
		s.pattern = MustCompilePattern(v.(string))
	case "format":
		s.format = formatNamed(v.(string))
	case "maxItems":
		s.maxItems = count(v)
	case "minItems":
		s.minItems = count(v)
	case "uniqueItems":
		s.uniqueItems = v.(bool)
	case "maxContains":
		s.maxContains = count(v)
	case "minContains":
		s.minContains = count(v)
	case "maxProperties":
		s.maxProperties = count(v)
	case "minProperties":
		s.minProperties = count(v)
	case "required":
		s.required = stringList(v)
	case "dependentRequired":
		for _, m := range v.(Object) {
			s.dependentRequired = append(s.dependentRequired, namedNames{m.Key, stringList(m.Value)})
		}
	case "allOf":
		s.allOf = schemas(v)
	case "anyOf":
		s.anyOf = schemas(v)
	case "oneOf":
		s.oneOf = schemas(v)
	case "not":
		s.not = compileSchema(v)
	case "if":
		s.hasIf, s.ifS = true, compileSchema(v)
	case "then":
		s.hasThen, s.thenS = true, compileSchema(v)
	case "else":
		s.hasElse, s.elseS = true, compileSchema(v)
	case "dependentSchemas":
		s.dependentSchemas = namedSchemas(v)
	case "prefixItems":
		s.prefixItems = schemas(v)
	case "items":
		s.items = compileSchema(v)
	case "contains":
		s.contains = compileSchema(v)
	case "properties":
		s.hasProperties, s.properties = true, namedSchemas(v)
	case "patternProperties":
		s.hasPattern = true
		for _, m := range v.(Object) {
			s.patternProperties = append(s.patternProperties, patterned{MustCompilePattern(m.Key), compileSchema(m.Value)})
		}
	case "additionalProperties":
		s.additionalProperties = compileSchema(v)
	case "propertyNames":
		s.propertyNames = compileSchema(v)
	case "unevaluatedItems":
		s.unevaluatedItems = compileSchema(v)
	case "unevaluatedProperties":
		s.unevaluatedProperties = compileSchema(v)
	default:
		panic("contract: a check program has an unknown keyword " + strconv.Quote(key))
	}
}

func formatNamed(name string) Format {
	for f, n := range formatNames {
		if n == name {
			return Format(f)
		}
	}
	panic("contract: unknown format " + strconv.Quote(name))
}

// kindOf is the kind bits a free-form value has (an integer has both integer and number).
func kindOf(v any) uint8 {
	switch x := v.(type) {
	case nil:
		return kindNull
	case bool:
		return kindBoolean
	case Object:
		return kindObject
	case []any:
		return kindArray
	case string:
		return kindString
	case json.Number:
		return kindInteger | kindNumber
	case float64:
		if math.Trunc(x) == x {
			return kindInteger | kindNumber
		}
		return kindNumber
	}
	return 0
}
