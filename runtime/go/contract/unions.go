package contract

// Unions: the look-ahead for a discriminator, tolerant unknown tags, and
// trying the alternatives of a union without one.

// ---- unions --------------------------------------------------------------------------------------

// Tag looks ahead in the object at the current position for the member
// name (a discriminator) and returns its string value (valid until the next
// read), consuming nothing. A value that is not an object is a `type` error;
// a missing tag is `required` at the object, a tag that is not a string is
// `discriminator` at the tag member (both sit at the object's start).
func (d *Decoder) Tag(name string) []byte {
	c := d.peek()
	if c != '{' {
		d.typeFail("an object", c)
	}
	start := d.pos
	d.pos++
	for n := 0; ; n++ {
		d.ws()
		if d.pos < len(d.data) && d.data[d.pos] == '}' {
			break
		}
		if n > 0 {
			if d.pos >= len(d.data) || d.data[d.pos] != ',' {
				d.syntax(d.pos, "expected ',' or '}'")
			}
			d.pos++
			d.ws()
		}
		if d.pos >= len(d.data) || d.data[d.pos] != '"' {
			d.syntax(d.pos, "expected a member name")
		}
		key := d.readString(&d.keyBuf)
		d.colon()
		if string(key) == name {
			if d.peek() != '"' {
				got := kindName(d.data[d.pos])
				d.pos = start
				d.Enter(name)
				d.failAt(start, KeywordDiscriminator, "expected a string tag, got "+got)
			}
			tag := d.readString(&d.strBuf)
			d.pos = start
			return tag
		}
		d.skipValue()
	}
	d.pos = start
	d.failAt(start, KeywordRequired, "missing member "+quote(name))
	return nil
}

// UnknownTag handles a tag no variant has: a `discriminator` error, or in
// tolerant mode the whole object as a free-form value (the Unknown variant).
func (d *Decoder) UnknownTag(name, tag, expected string) any {
	if !d.tolerant {
		start := d.pos
		d.Enter(name)
		d.failAt(start, KeywordDiscriminator, "expected one of "+expected+", got "+quote(tag))
	}
	return d.Any()
}

type state struct {
	pos, depth, path int
	afterOpen        bool
}

func (d *Decoder) save() state { return state{d.pos, d.depth, len(d.path), d.afterOpen} }

func (d *Decoder) restore(s state) {
	d.pos, d.depth, d.path, d.afterOpen = s.pos, s.depth, d.path[:s.path], s.afterOpen
}

// Union decodes a union without a discriminator: try(i) decodes alternative
// i. With oneOf exactly one alternative must accept the value, with anyOf
// the first that does is taken. Alternatives' own errors are not reported:
// the error is `oneOf`/`anyOf` at the value. A value that is not JSON is a
// syntax error first.
func (d *Decoder) Union(oneOf bool, n int, try func(i int)) int {
	d.peek()
	begin := d.save()
	d.skipValue()
	end := d.pos
	matched := -1
	for i := 0; i < n; i++ {
		d.restore(begin)
		if d.attempt(func() { try(i) }) {
			if !oneOf {
				return i
			}
			if matched >= 0 {
				d.restore(begin)
				d.Fail(KeywordOneOf, "the value matches more than one alternative")
			}
			matched = i
		}
	}
	if matched < 0 {
		d.restore(begin)
		if oneOf {
			d.Fail(KeywordOneOf, "the value matches none of the alternatives")
		}
		d.Fail(KeywordAnyOf, "the value matches none of the alternatives")
	}
	d.restore(begin)
	d.pos = end
	return matched
}

// attempt runs one alternative; its error means "does not match", except a
// `depth` error: nesting beyond the limit breaks the payload policy, which
// comes before what any schema says, so it is the value's error whichever
// alternative meets it.
func (d *Decoder) attempt(f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if e, is := r.(*DecodeError); !is || e.Keyword == KeywordDepth {
				panic(r)
			}
			ok = false
		}
	}()
	f()
	return true
}
