package contract

// The shapes of the whole vocabulary (docs/semantics.md): tuples, maps with
// a key pattern, and values with an assertion.

// BeginTuple opens an array whose items have a type per position (a tuple
// of `prefix` positions): rule (nil: none) bounds its items, checked before
// any item; closed means no item may follow the prefix (`items: false`, an
// `items` error at the array).
func (d *Decoder) BeginTuple(rule *CountRule, prefix int, closed bool) {
	c := d.peek()
	if c != '[' {
		d.typeFail("an array", c)
	}
	start := d.pos
	if rule != nil {
		if rule.Unique {
			rule.checkUnique(d, start)
		} else {
			rule.check(d, start, d.countEntries(), KeywordMinItems, KeywordMaxItems, "items")
		}
	}
	if closed {
		if n := d.countEntries(); n > prefix {
			d.failAt(start, KeywordItems, "has "+itoa(n)+" items, more than the "+itoa(prefix)+" the tuple allows")
		}
	}
	d.open()
}

// EnterIndex adds an array index to the path (Leave removes it).
func (d *Decoder) EnterIndex(i int) { d.enterIndex(i) }

// KeepMatching reads the member just read into members with decode when its
// name matches key (a key pattern); any other undeclared member is an
// `additionalProperties` error. Members are typed by the pattern, so the
// tolerant-reader mode does not change this (as for typed extra members).
func KeepMatching[T any](d *Decoder, members *Map[T], key Pattern, decode func(*Decoder) T) {
	if !key.MatchString(string(d.key)) {
		d.Unknown()
	}
	KeepTyped(d, members, decode)
}

// DecodeMapMatching reads an object whose member names must match key and
// whose values value decodes.
func DecodeMapMatching[T any](d *Decoder, rule *CountRule, key Pattern, value func(*Decoder) T) Map[T] {
	d.BeginObject(rule)
	out := Map[T]{}
	for d.NextKey() {
		if !key.MatchString(string(d.key)) {
			d.Unknown()
		}
		KeepTyped(d, &out, value)
	}
	return out
}

// Checked decodes a value with decode and checks it against c, an assertion
// on the whole value. The assertion's error sits at the value's start, after
// any error the type reports there (its kind, a count, a union, a tag) and
// before anything inside the value. It needs the whole value first: a text
// that stops being JSON within it is a `syntax` error; a value that breaks
// the payload policy (a duplicate member, too deep) gets that error from the
// typed decode instead.
func Checked[T any](d *Decoder, c *Check, decode func(*Decoder) T) T {
	d.peek()
	begin := d.save()
	d.skipValue()
	d.restore(begin)
	var value any
	if d.attempt(func() { value = d.Any() }) {
		d.restore(begin)
		if keyword := c.Eval(value); keyword != "" {
			if err := d.try(func() { decode(d) }); err != nil && err.Offset == begin.pos {
				panic(err)
			}
			d.restore(begin)
			d.failAt(begin.pos, keyword, "the value does not satisfy the schema's "+quote(keyword))
		}
	}
	d.restore(begin)
	return decode(d)
}

// try runs f and returns the decode error it stopped at, if any.
func (d *Decoder) try(f func()) (err *DecodeError) {
	defer func() {
		if r := recover(); r != nil {
			e, is := r.(*DecodeError)
			if !is {
				panic(r)
			}
			err = e
		}
	}()
	f()
	return nil
}
