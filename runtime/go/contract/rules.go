package contract

import (
	"encoding/json"
	"math"
	"sort"
	"strconv"
	"unicode/utf8"
)

// Format is a string format the contract asserts (never only annotates).
type Format uint8

// The formats (docs/semantics.md): RFC 3339 date-time, RFC 4122 UUID text,
// RFC 3986 absolute URI, and the rest of the vocabulary.
const (
	FormatNone Format = iota
	FormatDateTime
	FormatUUID
	FormatURI
	FormatDate
	FormatTime
	FormatDuration
	FormatEmail
	FormatHostname
	FormatIPv4
	FormatIPv6
	FormatURIReference
	FormatJSONPointer
)

// formatNames are the keyword values, by Format.
var formatNames = [...]string{"", "date-time", "uuid", "uri", "date", "time", "duration", "email", "hostname", "ipv4",
	"ipv6", "uri-reference", "json-pointer"}

var formatChecks = [...]func(string) bool{nil, IsDateTime, IsUUID, IsURI, IsDate, IsTime, IsDuration, IsEmail,
	IsHostname, IsIPv4, IsIPv6, IsURIReference, IsJSONPointer}

var formatWhat = [...]string{"", "an RFC 3339 date-time", "a UUID", "an absolute URI", "an RFC 3339 date",
	"an RFC 3339 time", "an RFC 3339 duration", "an e-mail address", "a host name", "an IPv4 address",
	"an IPv6 address", "a URI reference", "a JSON pointer"}

// FormatValid reports whether s has format f (FormatNone: any string).
func FormatValid(f Format, s string) bool {
	return f == FormatNone || int(f) >= len(formatChecks) || formatChecks[f](s)
}

// StringRule is what a string must satisfy, checked in the order of the
// error rules: format, pattern, minLength, maxLength. Lengths count code points.
type StringRule struct {
	Format        Format
	Pattern       Pattern // PatternSource as the generator translated it (searched, not anchored)
	PatternSource string  // the schema's ECMA-262 pattern, for messages
	MinLength     int
	MaxLength     int // -1: no maximum
}

func (r *StringRule) check(d *Decoder, start int, s string) {
	if problem := r.Problem(s); problem != nil {
		d.failAt(start, problem.Keyword, problem.Detail)
	}
}

// Problem returns why s breaks the rule (Keyword and Detail set), or nil.
func (r *StringRule) Problem(s string) *DecodeError {
	if r.Format != FormatNone && !FormatValid(r.Format, s) {
		return &DecodeError{Keyword: KeywordFormat, Detail: "expected " + formatWhat[r.Format] + ", got " + quote(s)}
	}
	if r.Pattern != nil && !r.Pattern.MatchString(s) {
		return &DecodeError{
			Keyword: KeywordPattern,
			Detail:  "string does not match pattern " + quote(r.PatternSource) + ": " + quote(s),
		}
	}
	if r.MinLength > 0 || r.MaxLength >= 0 {
		n := utf8.RuneCountInString(s)
		if n < r.MinLength {
			return &DecodeError{
				Keyword: KeywordMinLength,
				Detail:  "string shorter than minLength " + itoa(r.MinLength) + ": " + quote(s),
			}
		}
		if r.MaxLength >= 0 && n > r.MaxLength {
			return &DecodeError{
				Keyword: KeywordMaxLength,
				Detail:  "string longer than maxLength " + itoa(r.MaxLength) + ": " + quote(s),
			}
		}
	}
	return nil
}

// NumberRule holds the numeric bounds of a schema, checked in the order of
// the error rules: minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf.
type NumberRule struct {
	HasMinimum, HasMaximum, HasExclusiveMinimum, HasExclusiveMaximum, HasMultipleOf bool
	Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf                float64
}

func (r *NumberRule) check(d *Decoder, start int, v float64) {
	fail := func(keyword, detail string) { d.failAt(start, keyword, FormatNumber(v)+" "+detail) }
	switch {
	case r.HasMinimum && v < r.Minimum:
		fail(KeywordMinimum, "is less than the minimum "+FormatNumber(r.Minimum))
	case r.HasMaximum && v > r.Maximum:
		fail(KeywordMaximum, "is greater than the maximum "+FormatNumber(r.Maximum))
	case r.HasExclusiveMinimum && v <= r.ExclusiveMinimum:
		fail(KeywordExclusiveMinimum, "is not greater than the exclusive minimum "+FormatNumber(r.ExclusiveMinimum))
	case r.HasExclusiveMaximum && v >= r.ExclusiveMaximum:
		fail(KeywordExclusiveMaximum, "is not less than the exclusive maximum "+FormatNumber(r.ExclusiveMaximum))
	case r.HasMultipleOf && !isMultiple(v, r.MultipleOf):
		fail(KeywordMultipleOf, "is not a multiple of "+FormatNumber(r.MultipleOf))
	}
}

// isMultiple: exact for integers, and within the rounding error of one
// division otherwise (0.0075 is a multiple of 0.0001).
func isMultiple(value, divisor float64) bool {
	if math.Floor(value) == value && math.Floor(divisor) == divisor {
		return math.Mod(value, divisor) == 0
	}
	q := value / divisor
	if math.IsInf(q, 0) || math.IsNaN(q) {
		return false
	}
	return math.Abs(q-math.Round(q)) <= 1e-9*math.Max(1, math.Abs(q))
}

// MaxSafeInteger is the largest magnitude of an integer by default: 2^53−1.
const MaxSafeInteger = 1<<53 - 1

// Int reads an integer: a number with a zero fractional part (1, 1.0 and
// 1e2 are integers). Out of ±(2^53−1) it is a `range` error, after the
// schema's own bounds.
func (d *Decoder) Int(rule *NumberRule) int64 {
	c := d.peek()
	if c != '-' && (c < '0' || c > '9') {
		d.typeFail("an integer", c)
	}
	start := d.pos
	lit, integer := d.scanNumber()
	if integer && len(lit) <= 16 {
		var n int64
		digits := lit
		if lit[0] == '-' {
			digits = lit[1:]
		}
		for _, b := range digits {
			n = n*10 + int64(b-'0')
		}
		if lit[0] == '-' {
			n = -n
		}
		if rule != nil {
			rule.check(d, start, float64(n))
		}
		if n > MaxSafeInteger || n < -MaxSafeInteger {
			d.failAt(start, KeywordRange, string(lit)+" is outside the integer range ±(2^53−1)")
		}
		return n
	}
	f := d.finite(start, lit)
	if f != math.Trunc(f) {
		d.failAt(start, KeywordType, "expected an integer, got "+string(lit))
	}
	if rule != nil {
		rule.check(d, start, f)
	}
	if math.Abs(f) > MaxSafeInteger {
		d.failAt(start, KeywordRange, string(lit)+" is outside the integer range ±(2^53−1)")
	}
	return int64(f)
}

// Float reads any number as a double (a literal beyond the double range is a `range` error).
func (d *Decoder) Float(rule *NumberRule) float64 {
	c := d.peek()
	if c != '-' && (c < '0' || c > '9') {
		d.typeFail("a number", c)
	}
	start := d.pos
	lit, _ := d.scanNumber()
	f := d.finite(start, lit)
	if rule != nil {
		rule.check(d, start, f)
	}
	return f
}

// CountRule bounds the number of items of an array or members of an object
// (Max -1: no maximum), and may ask array items to be unique.
type CountRule struct {
	Min, Max int
	Unique   bool
}

func (r *CountRule) check(d *Decoder, start, n int, minKeyword, maxKeyword, what string) {
	if n < r.Min {
		d.failAt(start, minKeyword, "has "+itoa(n)+" "+what+", fewer than the minimum "+itoa(r.Min))
	}
	if r.Max >= 0 && n > r.Max {
		d.failAt(start, maxKeyword, "has "+itoa(n)+" "+what+", more than the maximum "+itoa(r.Max))
	}
}

// checkUnique reads the array ahead as free-form values to count and
// compare its items. When an item breaks the payload policy (a duplicate
// member, too deep), uniqueness is left undecided: the typed decode that
// follows reports that problem.
func (r *CountRule) checkUnique(d *Decoder, start int) {
	n := d.countEntries() // syntax problems first, counts next
	r.check(d, start, n, KeywordMinItems, KeywordMaxItems, "items")
	begin := d.save()
	var items []any
	ok := d.attempt(func() { items, _ = d.Any().([]any) })
	d.restore(begin)
	if !ok {
		return
	}
	// Items are grouped by a key that equal values share (canonical text,
	// members sorted, numbers as doubles), then compared within a group.
	groups := make(map[string][]int, len(items))
	for i, item := range items {
		key := string(sameKey(nil, item))
		for _, j := range groups[key] {
			if Equal(items[i], items[j]) {
				d.failAt(start, KeywordUniqueItems, "items "+itoa(j)+" and "+itoa(i)+" are equal")
			}
		}
		groups[key] = append(groups[key], i)
	}
}

// sameKey appends a text that JSON-Schema-equal values share.
func sameKey(b []byte, v any) []byte {
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil { // beyond a double: only the same digits are equal
			return append(append(b, 'i'), x...)
		}
		return AppendNumber(append(b, 'n'), f)
	case float64:
		return AppendNumber(append(b, 'n'), x)
	case []any:
		b = append(b, '[')
		for _, item := range x {
			b = append(sameKey(b, item), ',')
		}
		return append(b, ']')
	case Object:
		members := append(Object(nil), x...)
		sort.Slice(members, func(i, j int) bool { return members[i].Key < members[j].Key })
		b = append(b, '{')
		for _, m := range members {
			b = append(sameKey(appendQuoted(b, m.Key), m.Value), ',')
		}
		return append(b, '}')
	}
	return AppendValue(b, v)
}
