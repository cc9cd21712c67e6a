package contract

import (
	"unicode/utf16"
	"unicode/utf8"
)

// The scanner half of Decoder: strict RFC 8259 reading of single tokens,
// UTF-8 and escapes checked as they are read, so that what a decoder
// accepts is exactly the payload policy's JSON (no BOM, no invalid UTF-8,
// no lone surrogate escapes). Every failure here is a `syntax` error at the
// byte where the text stops being JSON.

func (d *Decoder) syntax(at int, detail string) {
	panic(&DecodeError{
		Path:    "$",
		Keyword: KeywordSyntax,
		Detail:  "invalid JSON: " + detail + " at byte " + itoa(at),
		Offset:  at,
	})
}

// ws skips whitespace.
func (d *Decoder) ws() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// peek skips whitespace and returns the first byte of the next value; the
// end of the input or a byte that cannot start a value is a syntax error.
func (d *Decoder) peek() byte {
	d.ws()
	if d.pos >= len(d.data) {
		d.syntax(d.pos, "unexpected end of input, expected a value")
	}
	c := d.data[d.pos]
	switch c {
	case '{', '[', '"', 't', 'f', 'n', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return c
	}
	d.syntax(d.pos, "unexpected character "+quoteByte(c)+", expected a value")
	return 0
}

func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return "'" + string(rune(c)) + "'"
	}
	return "byte 0x" + hex2(c)
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}

// kindName names the JSON kind of the value starting with c (for messages).
func kindName(c byte) string {
	switch c {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// literal consumes one of true, false, null (the first byte already checked).
func (d *Decoder) literal(word string) {
	for i := 0; i < len(word); i++ {
		if d.pos+i >= len(d.data) || d.data[d.pos+i] != word[i] {
			d.syntax(d.pos+i, "invalid literal, expected "+word)
		}
	}
	d.pos += len(word)
}

// scanNumber consumes a number (at its first byte) and returns its text and
// whether it is an integer literal (no fraction, no exponent).
func (d *Decoder) scanNumber() ([]byte, bool) {
	data, start := d.data, d.pos
	i := start
	if i < len(data) && data[i] == '-' {
		i++
	}
	digits := func() {
		if i >= len(data) || data[i] < '0' || data[i] > '9' {
			d.syntax(i, "invalid number, expected a digit")
		}
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	}
	if i < len(data) && data[i] == '0' {
		i++
	} else {
		digits()
	}
	integer := true
	if i < len(data) && data[i] == '.' {
		i++
		integer = false
		digits()
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		integer = false
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		digits()
	}
	d.pos = i
	return data[start:i], integer
}

// readString consumes a string (at its opening quote) and returns its
// decoded bytes: a slice of the input when it has no escapes, else of buf
// (reused: valid until the next read into the same buffer).
func (d *Decoder) readString(buf *[]byte) []byte {
	data := d.data
	start := d.pos + 1
	for i := start; i < len(data); {
		c := data[i]
		switch {
		case c == '"':
			d.pos = i + 1
			return data[start:i]
		case c == '\\':
			return d.readEscaped(start, i, buf)
		case c < 0x20:
			d.syntax(i, "control character in a string (escape it)")
		case c < 0x80:
			i++
		default:
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n == 1 {
				d.syntax(i, "invalid UTF-8")
			}
			i += n
		}
	}
	d.syntax(len(data), "unterminated string")
	return nil
}

// readEscaped continues readString from the first backslash at i.
func (d *Decoder) readEscaped(start, i int, buf *[]byte) []byte {
	data := d.data
	out := append((*buf)[:0], data[start:i]...)
	for i < len(data) {
		c := data[i]
		switch {
		case c == '"':
			d.pos = i + 1
			*buf = out
			return out
		case c == '\\':
			if i+1 >= len(data) {
				d.syntax(len(data), "unterminated string")
			}
			switch e := data[i+1]; e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r := d.hex4(i + 2)
				i += 6
				if utf16.IsSurrogate(r) {
					if r >= 0xDC00 || i+1 >= len(data) || data[i] != '\\' || data[i+1] != 'u' {
						d.syntax(i-6, "lone surrogate escape")
					}
					low := d.hex4(i + 2)
					if low < 0xDC00 || low > 0xDFFF {
						d.syntax(i-6, "lone surrogate escape")
					}
					r = utf16.DecodeRune(r, low)
					i += 6
				}
				out = utf8.AppendRune(out, r)
				continue
			default:
				d.syntax(i, "invalid escape")
			}
			i += 2
		case c < 0x20:
			d.syntax(i, "control character in a string (escape it)")
		case c < 0x80:
			out = append(out, c)
			i++
		default:
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n == 1 {
				d.syntax(i, "invalid UTF-8")
			}
			out = append(out, data[i:i+n]...)
			i += n
		}
	}
	d.syntax(len(data), "unterminated string")
	return nil
}

func (d *Decoder) hex4(at int) rune {
	if at+4 > len(d.data) {
		d.syntax(len(d.data), "unterminated \\u escape")
	}
	var r rune
	for k := 0; k < 4; k++ {
		c := d.data[at+k]
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			d.syntax(at+k, "invalid \\u escape")
		}
	}
	return r
}

// skipValue consumes one value, checking only that it is JSON (no depth
// limit, no duplicate check: those belong to the decoders that read the
// value). It does not recurse, so any nesting is skipped in constant stack.
func (d *Decoder) skipValue() {
	stack := d.stack[:0]
	for {
		c := d.peek()
		switch c {
		case '{', '[':
			d.pos++
			d.ws()
			if d.pos < len(d.data) && d.data[d.pos] == c+2 { // '}' or ']' right away
				d.pos++
				break
			}
			stack = append(stack, c)
			if c == '{' {
				d.skipKey()
			}
			continue
		case '"':
			d.readString(&d.skipBuf)
		case 't':
			d.literal("true")
		case 'f':
			d.literal("false")
		case 'n':
			d.literal("null")
		default:
			d.scanNumber()
		}
		// After a value: a comma and the next member or item, or closing brackets.
		for {
			if len(stack) == 0 {
				d.stack = stack
				return
			}
			top := stack[len(stack)-1]
			d.ws()
			if d.pos >= len(d.data) {
				d.syntax(d.pos, "unexpected end of input")
			}
			switch b := d.data[d.pos]; {
			case b == ',':
				d.pos++
				if top == '{' {
					d.skipKey()
				}
			case b == top+2:
				d.pos++
				stack = stack[:len(stack)-1]
				continue
			default:
				d.syntax(d.pos, "expected ',' or '"+string(rune(top+2))+"'")
			}
			break
		}
	}
}

// skipKey consumes `"name":` (whitespace around allowed).
func (d *Decoder) skipKey() {
	d.ws()
	if d.pos >= len(d.data) || d.data[d.pos] != '"' {
		d.syntax(d.pos, "expected a member name")
	}
	d.readString(&d.skipBuf)
	d.colon()
}

func (d *Decoder) colon() {
	d.ws()
	if d.pos >= len(d.data) || d.data[d.pos] != ':' {
		d.syntax(d.pos, "expected ':'")
	}
	d.pos++
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
