package contract

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
)

// Free-form JSON values (schemas `{}`/`true`, kept members of open
// objects) decode to: nil, bool, string, json.Number (an integer literal of
// any size, its exact digits), float64 (any other number), []any, and
// Object (members in input order). They re-encode exactly, numbers in
// canonical spelling.

// Entry is one member of a Map.
type Entry[T any] struct {
	Key   string
	Value T
}

// Map is a JSON object of any member names, in input order (so that a
// value re-encodes member for member). Member names are unique.
type Map[T any] []Entry[T]

// Object is a free-form JSON object.
type Object = Map[any]

// Get returns the value of the member key.
func (m Map[T]) Get(key string) (T, bool) {
	for _, e := range m {
		if e.Key == key {
			return e.Value, true
		}
	}
	var zero T
	return zero, false
}

// Set replaces the value of the member key, or appends the member.
func (m *Map[T]) Set(key string, value T) {
	for i := range *m {
		if (*m)[i].Key == key {
			(*m)[i].Value = value
			return
		}
	}
	*m = append(*m, Entry[T]{Key: key, Value: value})
}

// UnmarshalJSON lets encoding/json fill a Map (members in input order,
// without the contract's checks: a later duplicate replaces the earlier).
func (m *Map[T]) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // '{' (encoding/json has checked the kind)
		return err
	}
	out := Map[T]{}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return err
		}
		var v T
		if err := dec.Decode(&v); err != nil {
			return err
		}
		out.Set(key.(string), v)
	}
	*m = out
	return nil
}

// Null is the value of a schema that only allows null.
type Null struct{}

// Tristate is an optional member that may also be null: absent, null, or a
// value, kept apart through a round trip. The zero value is absent.
type Tristate[T any] struct {
	state uint8 // 0 absent, 1 null, 2 value
	value T
}

// Some is a Tristate holding v.
func Some[T any](v T) Tristate[T] { return Tristate[T]{state: 2, value: v} }

// NullValue is a Tristate holding null.
func NullValue[T any]() Tristate[T] { return Tristate[T]{state: 1} }

// IsAbsent reports whether the member is absent.
func (t Tristate[T]) IsAbsent() bool { return t.state == 0 }

// IsNull reports whether the member is null.
func (t Tristate[T]) IsNull() bool { return t.state == 1 }

// Get returns the value and whether there is one (neither absent nor null).
func (t Tristate[T]) Get() (T, bool) { return t.value, t.state == 2 }

// UnmarshalJSON lets encoding/json fill a Tristate (without the contract's checks).
func (t *Tristate[T]) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*t = Tristate[T]{state: 1}
		return nil
	}
	t.state = 2
	return json.Unmarshal(data, &t.value)
}

// Any reads any JSON value as a free-form value.
func (d *Decoder) Any() any {
	switch c := d.peek(); c {
	case '{':
		d.open()
		out := Object{}
		for d.NextKey() {
			d.Keep(&out)
		}
		return out
	case '[':
		d.open()
		out := []any{}
		for i := 0; d.NextItem(); i++ {
			d.enterIndex(i)
			out = append(out, d.Any())
			d.Leave()
		}
		return out
	case '"':
		return string(d.readString(&d.strBuf))
	case 't':
		d.literal("true")
		return true
	case 'f':
		d.literal("false")
		return false
	case 'n':
		d.literal("null")
		return nil
	default:
		start := d.pos
		lit, integer := d.scanNumber()
		if integer {
			if string(lit) == "-0" {
				return json.Number("0")
			}
			return json.Number(lit)
		}
		return d.finite(start, lit)
	}
}

// finite parses a number literal as a double; one beyond the double range is a `range` error.
func (d *Decoder) finite(start int, lit []byte) float64 {
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil || math.IsInf(f, 0) {
		d.failAt(start, KeywordRange, string(lit)+" is outside the range of a double")
	}
	return f
}

// MustParseValue parses JSON text (a constant of generated code) as a free-form value.
func MustParseValue(text string) any {
	d := NewDecoder([]byte(text))
	var v any
	if err := d.Run(func() { v = d.Any() }); err != nil {
		panic("contract: invalid constant " + text + ": " + err.Error())
	}
	return v
}

// Equal is JSON Schema equality of free-form values: numbers by value
// (1 == 1.0), objects by members regardless of order, false != 0.
func Equal(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	case json.Number, float64:
		return numberEqual(a, b)
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !Equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case Object:
		y, ok := b.(Object)
		if !ok || len(x) != len(y) {
			return false
		}
		get := y.Get
		if len(y) > 16 { // a map, so that large objects stay linear
			index := make(map[string]any, len(y))
			for _, m := range y {
				index[m.Key] = m.Value
			}
			get = func(key string) (any, bool) { v, found := index[key]; return v, found }
		}
		for _, e := range x {
			v, found := get(e.Key)
			if !found || !Equal(e.Value, v) {
				return false
			}
		}
		return true
	}
	return false
}

func numberEqual(a, b any) bool {
	na, aInt := a.(json.Number)
	nb, bInt := b.(json.Number)
	if aInt && bInt {
		return na == nb // canonical digits
	}
	fa, okA := toFloat(a)
	fb, okB := toFloat(b)
	return okA && okB && fa == fb
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		return f, err == nil || !math.IsInf(f, 0)
	}
	return 0, false
}
