package contract

import "unicode/utf8"

// Evaluation of a Check, with the annotations `unevaluatedProperties` and
// `unevaluatedItems` read (docs/semantics.md, "Assertions"). Each keyword is
// taken in the order of the documented list, so the first that fails is the
// one reported. Recursion follows the value (a schema applies to members
// and items) or the program's `$ref`s, which contractgen refuses to let loop
// without descending; the value's depth is bounded by the payload policy.

// annotations are what a successful schema evaluated: member names and item
// indexes, or all of them.
type annotations struct {
	props    map[string]struct{}
	allProps bool
	items    map[int]struct{}
	allItems bool
}

func (a *annotations) prop(name string) {
	if a.props == nil {
		a.props = map[string]struct{}{}
	}
	a.props[name] = struct{}{}
}

func (a *annotations) item(i int) {
	if a.items == nil {
		a.items = map[int]struct{}{}
	}
	a.items[i] = struct{}{}
}

func (a *annotations) merge(b *annotations) {
	a.allProps = a.allProps || b.allProps
	a.allItems = a.allItems || b.allItems
	for k := range b.props {
		a.prop(k)
	}
	for i := range b.items {
		a.item(i)
	}
}

// Eval checks v (a free-form value): "" when it passes, else the keyword
// that fails first (a `false` schema is `not`; `if` is reported as `then`
// or `else`; `contains` as `minContains` or `maxContains` when those fail).
func (c *Check) Eval(v any) string {
	for _, s := range c.assert {
		var a annotations
		if k := c.eval(s, v, &a); k != "" {
			return k
		}
	}
	return ""
}

// valid evaluates a subschema on its own; its annotations go to `into` only when it passes.
func (c *Check) valid(s *schema, v any, into *annotations) bool {
	var a annotations
	if c.eval(s, v, &a) != "" {
		return false
	}
	if into != nil {
		into.merge(&a)
	}
	return true
}

func (c *Check) eval(s *schema, v any, a *annotations) string {
	if s.always != nil {
		if *s.always {
			return ""
		}
		return KeywordNot
	}
	kind := kindOf(v)
	if s.types != 0 && s.types&kind == 0 {
		return KeywordType
	}
	if s.hasEnum && !inValues(s.enum, v) {
		return KeywordEnum
	}
	if s.hasConst && !Equal(s.constant, v) {
		return KeywordConst
	}
	if kind&kindNumber != 0 {
		if k := checkNumber(s, number(v)); k != "" {
			return k
		}
	}
	if str, ok := v.(string); ok {
		if k := checkString(s, str); k != "" {
			return k
		}
	}
	arr, isArray := v.([]any)
	if isArray {
		if k := c.checkArrayCounts(s, arr); k != "" {
			return k
		}
	}
	obj, isObject := v.(Object)
	if isObject {
		if k := checkObjectCounts(s, obj); k != "" {
			return k
		}
	}
	if k := c.inPlace(s, v, a); k != "" {
		return k
	}
	if isArray {
		if k := c.checkItems(s, arr, a); k != "" {
			return k
		}
	}
	if isObject {
		if k := c.checkMembers(s, obj, a); k != "" {
			return k
		}
	}
	return ""
}

func inValues(values []any, v any) bool {
	for _, e := range values {
		if Equal(e, v) {
			return true
		}
	}
	return false
}

func checkNumber(s *schema, f float64) string {
	switch {
	case s.multipleOf != nil && !isMultiple(f, *s.multipleOf):
		return KeywordMultipleOf
	case s.maximum != nil && f > *s.maximum:
		return KeywordMaximum
	case s.exclusiveMaximum != nil && f >= *s.exclusiveMaximum:
		return KeywordExclusiveMaximum
	case s.minimum != nil && f < *s.minimum:
		return KeywordMinimum
	case s.excluMinimum != nil && f <= *s.excluMinimum:
		return KeywordExclusiveMinimum
	}
	return ""
}

func checkString(s *schema, str string) string {
	if s.maxLength >= 0 || s.minLength >= 0 {
		n := utf8.RuneCountInString(str)
		if s.maxLength >= 0 && n > s.maxLength {
			return KeywordMaxLength
		}
		if n < s.minLength {
			return KeywordMinLength
		}
	}
	if s.pattern != nil && !s.pattern.MatchString(str) {
		return KeywordPattern
	}
	if s.format != FormatNone && !FormatValid(s.format, str) {
		return KeywordFormat
	}
	return ""
}

func (c *Check) checkArrayCounts(s *schema, arr []any) string {
	switch {
	case s.maxItems >= 0 && len(arr) > s.maxItems:
		return KeywordMaxItems
	case len(arr) < s.minItems:
		return KeywordMinItems
	case s.uniqueItems && !allDistinct(arr):
		return KeywordUniqueItems
	}
	return ""
}

func allDistinct(arr []any) bool {
	groups := make(map[string][]int, len(arr))
	for i, item := range arr {
		key := string(sameKey(nil, item))
		for _, j := range groups[key] {
			if Equal(arr[i], arr[j]) {
				return false
			}
		}
		groups[key] = append(groups[key], i)
	}
	return true
}

func checkObjectCounts(s *schema, obj Object) string {
	switch {
	case s.maxProperties >= 0 && len(obj) > s.maxProperties:
		return KeywordMaxProperties
	case len(obj) < s.minProperties:
		return KeywordMinProperties
	}
	for _, name := range s.required {
		if _, ok := obj.Get(name); !ok {
			return KeywordRequired
		}
	}
	for _, d := range s.dependentRequired {
		if _, ok := obj.Get(d.name); !ok {
			continue
		}
		for _, name := range d.names {
			if _, ok := obj.Get(name); !ok {
				return KeywordDependentRequired
			}
		}
	}
	return ""
}

// inPlace: the keywords that apply to the value itself and pass their annotations on.
func (c *Check) inPlace(s *schema, v any, a *annotations) string {
	if s.ref >= 0 {
		if k := c.eval(c.defs[s.ref], v, a); k != "" {
			return KeywordRef
		}
	}
	for _, sub := range s.allOf {
		if !c.valid(sub, v, a) {
			return KeywordAllOf
		}
	}
	if s.anyOf != nil {
		matched := false
		for _, sub := range s.anyOf { // every branch: each one that passes adds its annotations
			matched = c.valid(sub, v, a) || matched
		}
		if !matched {
			return KeywordAnyOf
		}
	}
	if s.oneOf != nil {
		var first annotations
		matches := 0
		for _, sub := range s.oneOf {
			var b annotations
			if c.eval(sub, v, &b) == "" {
				matches++
				first = b
			}
		}
		if matches != 1 {
			return KeywordOneOf
		}
		a.merge(&first)
	}
	if s.not != nil && c.valid(s.not, v, nil) {
		return KeywordNot
	}
	if s.hasIf {
		if c.valid(s.ifS, v, a) {
			if s.hasThen && !c.valid(s.thenS, v, a) {
				return KeywordThen
			}
		} else if s.hasElse && !c.valid(s.elseS, v, a) {
			return KeywordElse
		}
	}
	if obj, ok := v.(Object); ok {
		for _, d := range s.dependentSchemas {
			if _, present := obj.Get(d.name); present && !c.valid(d.schema, v, a) {
				return KeywordDependentSchemas
			}
		}
	}
	return ""
}

func (c *Check) checkItems(s *schema, arr []any, a *annotations) string {
	for i, sub := range s.prefixItems {
		if i >= len(arr) {
			break
		}
		if !c.valid(sub, arr[i], nil) {
			return KeywordPrefixItems
		}
		a.item(i)
	}
	if s.items != nil {
		for i := len(s.prefixItems); i < len(arr); i++ {
			if !c.valid(s.items, arr[i], nil) {
				return KeywordItems
			}
		}
		a.allItems = true
	}
	if s.contains != nil {
		matches := 0
		for i, item := range arr {
			if c.valid(s.contains, item, nil) {
				matches++
				a.item(i)
			}
		}
		min := 1
		if s.minContains >= 0 {
			min = s.minContains
		}
		switch {
		case matches < min && s.minContains >= 0:
			return KeywordMinContains
		case matches < min:
			return KeywordContains
		case s.maxContains >= 0 && matches > s.maxContains:
			return KeywordMaxContains
		}
	}
	if s.unevaluatedItems != nil && !a.allItems {
		for i, item := range arr {
			if _, done := a.items[i]; done {
				continue
			}
			if !c.valid(s.unevaluatedItems, item, nil) {
				return KeywordUnevaluatedItems
			}
		}
		a.allItems = true
	}
	return ""
}

func (c *Check) checkMembers(s *schema, obj Object, a *annotations) string {
	get := obj.Get
	if len(obj) > 16 && len(s.properties) > 0 { // a map, so that large objects stay linear
		index := make(map[string]any, len(obj))
		for _, m := range obj {
			index[m.Key] = m.Value
		}
		get = func(key string) (any, bool) { v, found := index[key]; return v, found }
	}
	for _, p := range s.properties {
		if v, ok := get(p.name); ok {
			if !c.valid(p.schema, v, nil) {
				return KeywordProperties
			}
			a.prop(p.name)
		}
	}
	for _, m := range obj {
		matched := false
		for _, p := range s.patternProperties {
			if p.re.MatchString(m.Key) {
				matched = true
				if !c.valid(p.schema, m.Value, nil) {
					return KeywordPatternProperties
				}
			}
		}
		if matched {
			a.prop(m.Key)
		}
	}
	if s.additionalProperties != nil {
		for _, m := range obj {
			if s.declares(m.Key) {
				continue
			}
			if !c.valid(s.additionalProperties, m.Value, nil) {
				return KeywordAdditionalProperties
			}
		}
		a.allProps = true
	}
	if s.propertyNames != nil {
		for _, m := range obj {
			if !c.valid(s.propertyNames, m.Key, nil) {
				return KeywordPropertyNames
			}
		}
	}
	if s.unevaluatedProperties != nil && !a.allProps {
		for _, m := range obj {
			if _, done := a.props[m.Key]; done {
				continue
			}
			if !c.valid(s.unevaluatedProperties, m.Value, nil) {
				return KeywordUnevaluatedProperties
			}
		}
		a.allProps = true
	}
	return ""
}

// declares: the member is named by `properties` or matched by `patternProperties` of this schema.
func (s *schema) declares(name string) bool {
	for _, p := range s.properties {
		if p.name == name {
			return true
		}
	}
	for _, p := range s.patternProperties {
		if p.re.MatchString(name) {
			return true
		}
	}
	return false
}
