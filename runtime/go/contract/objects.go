package contract

// Objects, arrays and maps: members and items, the checks that sit at a
// container's start (member and item counts, unique items), and duplicate
// member names.

// ---- objects -------------------------------------------------------------------------------

// BeginObject opens an object (a `type` error if the value is not one);
// rule (nil: none) bounds its number of members, checked before any member.
func (d *Decoder) BeginObject(rule *CountRule) {
	c := d.peek()
	if c != '{' {
		d.typeFail("an object", c)
	}
	if rule != nil {
		start := d.pos
		n := d.countEntries()
		rule.check(d, start, n, KeywordMinProperties, KeywordMaxProperties, "members")
	}
	d.open()
}

func (d *Decoder) open() {
	d.depth++
	if d.depth > d.maxDepth {
		d.Fail(KeywordDepth, "nesting deeper than "+itoa(d.maxDepth))
	}
	d.pos++
	d.afterOpen = true
	d.count++
	for len(d.opened) <= d.depth {
		d.opened = append(d.opened, 0)
	}
	d.opened[d.depth] = d.count
}

// seen reports whether the object open at the current depth already has the
// member key among its kept members (which are keys(0..n-1)), and records it.
func (d *Decoder) seen(key string, n int, keys func(i int) string) bool {
	if n < 16 {
		for i := 0; i < n; i++ {
			if keys(i) == key {
				return true
			}
		}
		return false
	}
	for len(d.names) <= d.depth {
		d.names = append(d.names, keyIndex{})
	}
	index := &d.names[d.depth]
	if index.object != d.opened[d.depth] || index.keys == nil {
		index.object = d.opened[d.depth]
		index.keys = make(map[string]struct{}, 2*n)
		for i := 0; i < n; i++ {
			index.keys[keys(i)] = struct{}{}
		}
	}
	if _, dup := index.keys[key]; dup {
		return true
	}
	index.keys[key] = struct{}{}
	return false
}

// NextKey reads the next member name of the open object (see Key) and the
// colon after it, or the closing brace: then it returns false.
func (d *Decoder) NextKey() bool {
	d.ws()
	if d.pos >= len(d.data) {
		d.syntax(d.pos, "unexpected end of input in an object")
	}
	c := d.data[d.pos]
	if d.afterOpen {
		d.afterOpen = false
		if c == '}' {
			d.pos++
			d.depth--
			return false
		}
	} else {
		if c == '}' {
			d.pos++
			d.depth--
			return false
		}
		if c != ',' {
			d.syntax(d.pos, "expected ',' or '}'")
		}
		d.pos++
		d.ws()
		if d.pos >= len(d.data) {
			d.syntax(d.pos, "unexpected end of input in an object")
		}
		c = d.data[d.pos]
	}
	if c != '"' {
		d.syntax(d.pos, "expected a member name")
	}
	d.keyStart = d.pos
	d.key = d.readString(&d.keyBuf)
	d.colon()
	return true
}

// Key is the member name NextKey read (valid until the next NextKey).
func (d *Decoder) Key() []byte { return d.key }

// Field enters the member just read, a declared one with index bit in seen;
// a second occurrence is a `duplicate` error.
func (d *Decoder) Field(name string, seen *uint64, bit uint64) {
	d.Enter(name)
	if *seen&bit != 0 {
		d.failAt(d.keyStart, KeywordDuplicate, "member "+quote(name)+" appears twice")
	}
	*seen |= bit
}

// Missing rejects the object just closed for lacking a required member.
func (d *Decoder) Missing(name string) {
	d.Fail(KeywordRequired, "missing member "+quote(name))
}

// Unknown rejects the member just read: the object does not declare it.
func (d *Decoder) Unknown() {
	d.Enter(string(d.key))
	d.failAt(d.keyStart, KeywordAdditionalProperties, "member "+quote(string(d.key))+" is not allowed")
}

// Forbidden rejects the member just read: the schema forbids it.
func (d *Decoder) Forbidden() {
	d.Enter(string(d.key))
	d.failAt(d.keyStart, KeywordNot, "member "+quote(string(d.key))+" must be absent")
}

// Keep reads the member just read into members (undeclared members of open
// objects, or of closed ones in tolerant mode).
func (d *Decoder) Keep(members *Object) {
	KeepTyped(d, members, (*Decoder).Any)
}

// KeepTyped reads the member just read into members with decode.
func KeepTyped[T any](d *Decoder, members *Map[T], decode func(*Decoder) T) {
	key := string(d.key)
	d.Enter(key)
	m := *members
	if d.seen(key, len(m), func(i int) string { return m[i].Key }) {
		d.failAt(d.keyStart, KeywordDuplicate, "member "+quote(key)+" appears twice")
	}
	v := decode(d)
	*members = append(*members, Entry[T]{Key: key, Value: v})
	d.Leave()
}

// ---- arrays and maps ---------------------------------------------------------------------------

// BeginArray opens an array (a `type` error if the value is not one); rule
// (nil: none) bounds its items and may ask them to be unique, checked
// before any item.
func (d *Decoder) BeginArray(rule *CountRule) {
	c := d.peek()
	if c != '[' {
		d.typeFail("an array", c)
	}
	if rule != nil {
		start := d.pos
		if rule.Unique {
			rule.checkUnique(d, start)
		} else {
			rule.check(d, start, d.countEntries(), KeywordMinItems, KeywordMaxItems, "items")
		}
	}
	d.open()
}

// NextItem moves to the next item of the open array, or consumes the
// closing bracket and returns false.
func (d *Decoder) NextItem() bool {
	d.ws()
	if d.pos >= len(d.data) {
		d.syntax(d.pos, "unexpected end of input in an array")
	}
	c := d.data[d.pos]
	if c == ']' { // right after '[' or after an item
		d.afterOpen = false
		d.pos++
		d.depth--
		return false
	}
	if d.afterOpen {
		d.afterOpen = false
		return true
	}
	if c != ',' {
		d.syntax(d.pos, "expected ',' or ']'")
	}
	d.pos++
	d.ws()
	if d.pos < len(d.data) && d.data[d.pos] == ']' {
		d.syntax(d.pos, "expected a value after ','")
	}
	return true
}

// DecodeArray reads an array of items decoded by item.
func DecodeArray[T any](d *Decoder, rule *CountRule, item func(*Decoder) T) []T {
	d.BeginArray(rule)
	out := []T{}
	for i := 0; d.NextItem(); i++ {
		d.enterIndex(i)
		out = append(out, item(d))
		d.Leave()
	}
	return out
}

// DecodeMap reads an object of any member names whose values value decodes.
func DecodeMap[T any](d *Decoder, rule *CountRule, value func(*Decoder) T) Map[T] {
	d.BeginObject(rule)
	out := Map[T]{}
	for d.NextKey() {
		KeepTyped(d, &out, value)
	}
	return out
}

// countEntries counts the members or items of the container at the current
// position without consuming it.
func (d *Decoder) countEntries() int {
	save := d.pos
	c := d.data[d.pos]
	d.pos++
	n := 0
	for {
		d.ws()
		if d.pos < len(d.data) && d.data[d.pos] == c+2 && n == 0 {
			break
		}
		if n > 0 {
			if d.pos >= len(d.data) {
				d.syntax(d.pos, "unexpected end of input")
			}
			if d.data[d.pos] == c+2 {
				break
			}
			if d.data[d.pos] != ',' {
				d.syntax(d.pos, "expected ',' or '"+string(rune(c+2))+"'")
			}
			d.pos++
		}
		if c == '{' {
			d.skipKey()
		}
		d.skipValue()
		n++
	}
	d.pos = save
	return n
}
