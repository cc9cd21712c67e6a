package contract

// Small generic helpers the generated decoders and encoders call, so that
// each member is one line of generated code.

// Ptr returns a pointer to a copy of v (an optional member that is present).
func Ptr[T any](v T) *T { return &v }

// Nullable reads null as nil, anything else with decode.
func Nullable[T any](d *Decoder, decode func(*Decoder) T) *T {
	if d.IsNull() {
		return nil
	}
	v := decode(d)
	return &v
}

// OrNull reads null as T's zero value (nil for interfaces and any).
func OrNull[T any](d *Decoder, decode func(*Decoder) T) T {
	if d.IsNull() {
		var zero T
		return zero
	}
	return decode(d)
}

// DecodeTristate reads a member that is present: null, or a value.
func DecodeTristate[T any](d *Decoder, decode func(*Decoder) T) Tristate[T] {
	if d.IsNull() {
		return Tristate[T]{state: 1}
	}
	return Tristate[T]{state: 2, value: decode(d)}
}

// DecodeBoxed turns a decoder of T into one of *T: for a member whose type
// closes a recursive cycle, which Go can only hold through a pointer (a
// struct cannot contain itself, not even inside a Tristate).
func DecodeBoxed[T any](decode func(*Decoder) T) func(*Decoder) *T {
	return func(d *Decoder) *T {
		v := decode(d)
		return &v
	}
}

// EncodeBoxed turns an encoder of T into one of *T (see DecodeBoxed).
func EncodeBoxed[T any](encode func(*Encoder, T)) func(*Encoder, *T) {
	return func(e *Encoder, v *T) { encode(e, *v) }
}

// EncodeNullable writes nil as null.
func EncodeNullable[T any](e *Encoder, v *T, encode func(*Encoder, T)) {
	if v == nil {
		e.Null()
		return
	}
	encode(e, *v)
}

// EncodeOrNull writes a nil interface (or any) as null.
func EncodeOrNull[T any](e *Encoder, v T, encode func(*Encoder, T)) {
	if any(v) == nil {
		e.Null()
		return
	}
	encode(e, v)
}

// EncodeOptional writes the member name: *v unless v is nil (absent).
func EncodeOptional[T any](e *Encoder, name string, v *T, encode func(*Encoder, T)) {
	if v != nil {
		e.Key(name)
		encode(e, *v)
	}
}

// EncodeIfSet writes the member name: v unless it is a nil interface (absent).
func EncodeIfSet[T any](e *Encoder, name string, v T, encode func(*Encoder, T)) {
	if any(v) != nil {
		e.Key(name)
		encode(e, v)
	}
}

// EncodeTristate writes the member name unless it is absent.
func EncodeTristate[T any](e *Encoder, name string, v Tristate[T], encode func(*Encoder, T)) {
	switch v.state {
	case 1:
		e.Key(name)
		e.Null()
	case 2:
		e.Key(name)
		encode(e, v.value)
	}
}

// OpenEnum reads a string that is one of known, or else satisfies rule (nil:
// any string). It is one schema with two alternatives (anyOf), so any
// failure is `anyOf` at the value.
func (d *Decoder) OpenEnum(known []string, rule *StringRule) string {
	c := d.peek()
	if c != '"' {
		d.Fail(KeywordAnyOf, "expected a string, got "+kindName(c))
	}
	start := d.pos
	s := string(d.readString(&d.strBuf))
	for _, k := range known {
		if k == s {
			return s
		}
	}
	if rule != nil {
		if problem := rule.Problem(s); problem != nil {
			d.failAt(start, KeywordAnyOf, quote(s)+" is not a known value, and "+problem.Detail)
		}
	}
	return s
}
