package contract

// DefaultMaxDepth is the nesting limit of the payload policy: a value nested
// in more arrays and objects than this (counting itself) is a `depth` error.
const DefaultMaxDepth = 128

// Options of a decode: strict by default.
type Options struct {
	// Tolerant is the tolerant-reader mode for consumers: undeclared members
	// of closed objects are kept instead of rejected, and a discriminated
	// union's unknown (string) tag decodes to the union's Unknown variant.
	// Everything else stays strict. Producers validate strictly.
	Tolerant bool
	// MaxDepth overrides DefaultMaxDepth when positive.
	MaxDepth int
}

// Option sets one of the Options.
type Option func(*Options)

// Tolerant turns on the tolerant-reader mode (see Options.Tolerant).
func Tolerant() Option { return func(o *Options) { o.Tolerant = true } }

// MaxDepth sets the nesting limit (see DefaultMaxDepth).
func MaxDepth(n int) Option { return func(o *Options) { o.MaxDepth = n } }

// Decoder reads one JSON text into typed values. Generated DecodeX
// functions call its methods; it stops at the first problem, which is the
// first in document order, by panicking with a *DecodeError that Parse (or
// Decoder.Run) turns into the returned error.
type Decoder struct {
	data      []byte
	pos       int
	depth     int
	maxDepth  int
	tolerant  bool
	afterOpen bool // the last container read was just opened: no comma before its first entry
	path      []segment
	key       []byte // the current member name (see Key)
	keyStart  int
	keyBuf    []byte
	strBuf    []byte
	skipBuf   []byte
	stack     []byte
	// Member names of the objects being read, by depth, once an object has
	// too many for a linear search (so a huge object is not quadratic).
	opened []uint64   // by depth: which object is open there (a counter)
	names  []keyIndex // by depth
	count  uint64
}

type keyIndex struct {
	object uint64
	keys   map[string]struct{}
}

// NewDecoder prepares to decode data.
func NewDecoder(data []byte, opts ...Option) *Decoder {
	var o Options
	for _, f := range opts {
		f(&o)
	}
	d := &Decoder{data: data, maxDepth: DefaultMaxDepth, tolerant: o.Tolerant, path: make([]segment, 0, 16)}
	if o.MaxDepth > 0 {
		d.maxDepth = o.MaxDepth
	}
	return d
}

// Tolerant reports whether the tolerant-reader mode is on.
func (d *Decoder) Tolerant() bool { return d.tolerant }

// Run calls decode, which reads exactly one value, and checks that only
// whitespace follows it. It returns the first problem as a *DecodeError.
func (d *Decoder) Run(decode func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*DecodeError)
			if !ok {
				panic(r)
			}
			err = e
		}
	}()
	if len(d.data) >= 3 && d.data[0] == 0xEF && d.data[1] == 0xBB && d.data[2] == 0xBF {
		d.syntax(0, "byte order mark")
	}
	decode()
	d.ws()
	if d.pos != len(d.data) {
		d.syntax(d.pos, "unexpected "+quoteByte(d.data[d.pos])+" after the value")
	}
	return nil
}

// Parse decodes data with decode (a generated DecodeX function).
func Parse[T any](data []byte, decode func(*Decoder) T, opts ...Option) (T, error) {
	var v T
	d := NewDecoder(data, opts...)
	err := d.Run(func() { v = decode(d) })
	return v, err
}

// ---- errors -------------------------------------------------------------------------------

// Fail rejects the value at the current path with a keyword and a detail.
func (d *Decoder) Fail(keyword, detail string) {
	d.failAt(d.pos, keyword, detail)
}

func (d *Decoder) failAt(at int, keyword, detail string) {
	panic(&DecodeError{Path: formatPath(d.path), Keyword: keyword, Detail: detail, Offset: at})
}

// typeFail rejects the value starting at the current position (first byte c) as the wrong kind.
func (d *Decoder) typeFail(expected string, c byte) {
	d.Fail(KeywordType, "expected "+expected+", got "+kindName(c))
}

// ---- the path -----------------------------------------------------------------------------

// Enter adds a member name to the path (Leave removes it).
func (d *Decoder) Enter(name string) { d.path = append(d.path, segment{name: name, index: -1}) }

// Leave removes the last path segment.
func (d *Decoder) Leave() { d.path = d.path[:len(d.path)-1] }

func (d *Decoder) enterIndex(i int) { d.path = append(d.path, segment{index: i}) }

// ---- scalars -------------------------------------------------------------------------------

// String reads a string and checks rule (nil: no rule).
func (d *Decoder) String(rule *StringRule) string {
	c := d.peek()
	if c != '"' {
		d.typeFail("a string", c)
	}
	start := d.pos
	s := string(d.readString(&d.strBuf))
	if rule != nil {
		rule.check(d, start, s)
	}
	return s
}

// Bool reads true or false.
func (d *Decoder) Bool() bool {
	switch c := d.peek(); c {
	case 't':
		d.literal("true")
		return true
	case 'f':
		d.literal("false")
		return false
	default:
		d.typeFail("a boolean", c)
	}
	return false
}

// Null reads null.
func (d *Decoder) Null() Null {
	if c := d.peek(); c != 'n' {
		d.typeFail("null", c)
	}
	d.literal("null")
	return Null{}
}

// IsNull consumes a null and reports true if the next value is null.
func (d *Decoder) IsNull() bool {
	if d.peek() == 'n' {
		d.literal("null")
		return true
	}
	return false
}

// ConstString reads a value that must be the string value, and returns it.
func (d *Decoder) ConstString(value string) string {
	c := d.peek()
	start := d.pos
	if c == '"' {
		b := d.readString(&d.strBuf)
		if string(b) == value {
			return value
		}
		d.failAt(start, KeywordConst, "expected "+quote(value)+", got "+quote(string(b)))
	}
	d.Fail(KeywordConst, "expected "+quote(value)+", got "+kindName(c))
	return value
}

// ConstValue reads a value that must equal value (JSON Schema equality).
func (d *Decoder) ConstValue(value any) any {
	start := d.pos
	v := d.Any()
	if !Equal(v, value) {
		d.failAt(start, KeywordConst, "expected "+string(AppendValue(nil, value))+", got "+string(AppendValue(nil, v)))
	}
	return v
}

// EnumString reads a string that must be one of values (expected: "a|b|c" for the message).
func (d *Decoder) EnumString(values []string, expected string) string {
	c := d.peek()
	if c != '"' {
		d.typeFail("a string", c)
	}
	start := d.pos
	b := d.readString(&d.strBuf)
	for _, v := range values {
		if v == string(b) {
			return v
		}
	}
	d.failAt(start, KeywordEnum, "expected one of "+expected+", got "+quote(string(b)))
	return ""
}

// EnumValue reads a value that must equal one of values (JSON Schema equality).
func (d *Decoder) EnumValue(values []any) any {
	start := d.pos
	v := d.Any()
	for _, e := range values {
		if Equal(v, e) {
			return v
		}
	}
	d.failAt(start, KeywordEnum, "got "+string(AppendValue(nil, v))+", which is not one of the allowed values")
	return nil
}

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

func (d *Decoder) attempt(f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, is := r.(*DecodeError); !is {
				panic(r)
			}
			ok = false
		}
	}()
	f()
	return true
}
