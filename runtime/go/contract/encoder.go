package contract

import (
	"encoding/json"
	"math"
	"strconv"
)

// Encoder writes compact JSON: members in the order the generated encoders
// write them (schema order, then kept members in input order), strings with
// the minimal escapes, numbers in the canonical spelling of the contract.
type Encoder struct {
	buf []byte
}

// Bytes returns what has been written.
func (e *Encoder) Bytes() []byte { return e.buf }

// Marshal encodes v with encode (a generated EncodeX function).
func Marshal[T any](v T, encode func(*Encoder, T)) []byte {
	e := Encoder{buf: make([]byte, 0, 256)}
	encode(&e, v)
	return e.buf
}

// Validate is the contract's verdict on a value built in code: the error a
// decoder reports for the text Marshal writes (*DecodeError, with its path
// and keyword), or nil. The encoders write what a value holds; judging that
// text with the decoder gives one verdict for one value, assertions
// included. The decoder is tolerant, because the members and unknown
// variants a tolerant read keeps are written back as they were read.
func Validate[T any](v T, encode func(*Encoder, T), decode func(*Decoder) T) error {
	_, err := Parse(Marshal(v, encode), decode, Tolerant())
	return err
}

// RoundTrip decodes data and encodes the result again.
func RoundTrip[T any](data []byte, decode func(*Decoder) T, encode func(*Encoder, T), opts ...Option) ([]byte, error) {
	v, err := Parse(data, decode, opts...)
	if err != nil {
		return nil, err
	}
	return Marshal(v, encode), nil
}

// comma separates an entry from the one before it in the open container.
func (e *Encoder) comma() {
	if n := len(e.buf); n > 0 && e.buf[n-1] != '{' && e.buf[n-1] != '[' {
		e.buf = append(e.buf, ',')
	}
}

// BeginObject and EndObject enclose members written with Key.
func (e *Encoder) BeginObject() { e.buf = append(e.buf, '{') }
func (e *Encoder) EndObject()   { e.buf = append(e.buf, '}') }

// BeginArray and EndArray enclose items, each preceded by Item.
func (e *Encoder) BeginArray() { e.buf = append(e.buf, '[') }
func (e *Encoder) EndArray()   { e.buf = append(e.buf, ']') }

// Key starts a member; its value follows.
func (e *Encoder) Key(name string) {
	e.comma()
	e.buf = appendQuoted(e.buf, name)
	e.buf = append(e.buf, ':')
}

// Item starts an array item.
func (e *Encoder) Item() { e.comma() }

// String writes a string.
func (e *Encoder) String(s string) { e.buf = appendQuoted(e.buf, s) }

// Int writes an integer.
func (e *Encoder) Int(n int64) { e.buf = strconv.AppendInt(e.buf, n, 10) }

// Float writes a double in canonical spelling.
func (e *Encoder) Float(f float64) { e.buf = AppendNumber(e.buf, f) }

// Bool writes true or false.
func (e *Encoder) Bool(b bool) { e.buf = strconv.AppendBool(e.buf, b) }

// Null writes null.
func (e *Encoder) Null() { e.buf = append(e.buf, "null"...) }

// NullValue writes null for a Null.
func (e *Encoder) NullValue(Null) { e.Null() }

// Any writes a free-form value.
func (e *Encoder) Any(v any) { e.buf = AppendValue(e.buf, v) }

// Members writes kept members after the declared ones.
func EncodeMembers[T any](e *Encoder, m Map[T], value func(*Encoder, T)) {
	for _, entry := range m {
		e.Key(entry.Key)
		value(e, entry.Value)
	}
}

// EncodeArray writes an array (nil as []).
func EncodeArray[T any](e *Encoder, items []T, item func(*Encoder, T)) {
	e.BeginArray()
	for _, v := range items {
		e.Item()
		item(e, v)
	}
	e.EndArray()
}

// EncodeMap writes an object of any member names.
func EncodeMap[T any](e *Encoder, m Map[T], value func(*Encoder, T)) {
	e.BeginObject()
	EncodeMembers(e, m, value)
	e.EndObject()
}

// AppendValue appends a free-form value (see values.go for the Go types).
func AppendValue(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, x)
	case string:
		return appendQuoted(b, x)
	case json.Number:
		return append(b, x...)
	case float64:
		return AppendNumber(b, x)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case []any:
		b = append(b, '[')
		for i, item := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendValue(b, item)
		}
		return append(b, ']')
	case Object:
		b = append(b, '{')
		for i, m := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendQuoted(b, m.Key)
			b = append(b, ':')
			b = AppendValue(b, m.Value)
		}
		return append(b, '}')
	}
	panic("contract: cannot encode a value of this Go type as JSON")
}

// FormatNumber is the canonical spelling of a double (AppendNumber).
func FormatNumber(f float64) string { return string(AppendNumber(nil, f)) }

// AppendNumber appends the canonical spelling of a double: the shortest
// digits that read back as the same double, laid out as ECMAScript's
// Number.prototype.toString does (RFC 8785): 100, 0.1, 1e+21, 1e-7, and -0 as 0.
func AppendNumber(b []byte, f float64) []byte {
	if f == 0 {
		return append(b, '0')
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		panic("contract: NaN and infinities have no JSON spelling")
	}
	if f < 0 {
		b = append(b, '-')
		f = -f
	}
	var tmp [32]byte
	e := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64) // d[.ddd]e±XX
	mark := 0
	for e[mark] != 'e' {
		mark++
	}
	digits := make([]byte, 0, 20)
	for _, c := range e[:mark] {
		if c != '.' {
			digits = append(digits, c)
		}
	}
	exp, _ := strconv.Atoi(string(e[mark+1:]))
	k, n := len(digits), exp+1 // n: where the decimal point goes
	switch {
	case k <= n && n <= 21:
		b = append(b, digits...)
		for i := k; i < n; i++ {
			b = append(b, '0')
		}
	case 0 < n && n <= 21:
		b = append(b, digits[:n]...)
		b = append(b, '.')
		b = append(b, digits[n:]...)
	case -6 < n && n <= 0:
		b = append(b, '0', '.')
		for i := n; i < 0; i++ {
			b = append(b, '0')
		}
		b = append(b, digits...)
	default:
		b = append(b, digits[0])
		if k > 1 {
			b = append(b, '.')
			b = append(b, digits[1:]...)
		}
		b = append(b, 'e')
		if n-1 >= 0 {
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, int64(n-1), 10)
	}
	return b
}

// appendQuoted appends s as a JSON string, escaped as JSON.stringify does:
// quote, backslash and control characters only; other characters as they are.
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		default:
			b = append(b, '\\', 'u', '0', '0')
			b = append(b, hex2(c)...)
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
