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

// ConstStringTyped is ConstString for a schema that states `type: string`
// too: a value of another JSON kind is a `type` error, not a `const` one
// (docs/semantics.md §2).
func (d *Decoder) ConstStringTyped(value string) string {
	if c := d.peek(); c != '"' {
		d.typeFail("a string", c)
	}
	return d.ConstString(value)
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
