package contract

import "strings"

// The formats beyond date-time, uuid and uri, exactly as docs/semantics.md
// ("The whole vocabulary", "Formats") defines them. ASCII only.

// IsDate: RFC 3339 full-date, YYYY-MM-DD, a day that exists.
func IsDate(s string) bool {
	return len(s) == 10 && IsDateTime(s+"T00:00:00Z")
}

// IsTime: RFC 3339 full-time, HH:MM:SS[.frac] then Z or ±HH:MM; a leap
// second only at 23:59:60 UTC.
func IsTime(s string) bool {
	return len(s) >= 9 && IsDateTime("2000-01-01T"+s)
}

// IsDuration: RFC 3339 appendix A: P then nW, a date part (nD, nM[nD],
// nY[nM[nD]]) and an optional time part, or a time part alone; the time
// part is T then nH[nM[nS]], nM[nS] or nS.
func IsDuration(s string) bool {
	if len(s) < 2 || s[0] != 'P' {
		return false
	}
	rest := s[1:]
	// component reads digits and the unit; ok is false when there is none.
	component := func() (unit byte, ok bool) {
		n := 0
		for n < len(rest) && isDigit(rest[n]) {
			n++
		}
		if n == 0 || n == len(rest) {
			return 0, false
		}
		unit = rest[n]
		rest = rest[n+1:]
		return unit, true
	}
	// sequence reads units in the order given, each only after the one before it (RFC 3339's nesting).
	sequence := func(units string) bool {
		start := rest
		u, ok := component()
		if !ok {
			rest = start
			return false
		}
		i := strings.IndexByte(units, u)
		if i < 0 {
			rest = start
			return false
		}
		for i+1 < len(units) {
			before := rest
			next, ok := component()
			if !ok || next != units[i+1] {
				rest = before
				break
			}
			i++
		}
		return true
	}
	if rest[0] != 'T' {
		before := rest
		if u, ok := component(); ok && u == 'W' {
			return rest == ""
		}
		rest = before
		if !sequence("YMD") {
			return false
		}
		if rest == "" {
			return true
		}
	}
	if rest == "" || rest[0] != 'T' {
		return false
	}
	rest = rest[1:]
	return sequence("HMS") && rest == ""
}

// IsEmail: RFC 5321 Mailbox: a dot-atom or quoted-string local part, @, and
// a hostname or an address literal ([IPv4] or [IPv6:...]).
func IsEmail(s string) bool {
	i := 0
	if strings.HasPrefix(s, "\"") {
		for i = 1; i < len(s) && s[i] != '"'; i++ {
			c := s[i]
			if c == '\\' {
				i++
				if i >= len(s) || s[i] < 0x20 || s[i] > 0x7e {
					return false
				}
				continue
			}
			if c < 0x20 || c > 0x7e {
				return false
			}
		}
		if i >= len(s) {
			return false
		}
		i++ // the closing quote
	} else {
		atom := 0
		for ; i < len(s) && s[i] != '@'; i++ {
			c := s[i]
			if c == '.' {
				if atom == 0 {
					return false
				}
				atom = 0
				continue
			}
			if !(isAlpha(c) || isDigit(c) || strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0) {
				return false
			}
			atom++
		}
		if atom == 0 {
			return false
		}
	}
	if i >= len(s) || s[i] != '@' {
		return false
	}
	domain := s[i+1:]
	if strings.HasPrefix(domain, "[") && strings.HasSuffix(domain, "]") {
		literal := domain[1 : len(domain)-1]
		if strings.HasPrefix(literal, "IPv6:") {
			return IsIPv6(literal[5:])
		}
		return IsIPv4(literal)
	}
	return IsHostname(domain)
}

// IsHostname: RFC 1123: dot-separated labels of 1-63 letters, digits and
// hyphens, none starting or ending with a hyphen; at most 253 characters.
func IsHostname(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(isAlpha(c) || isDigit(c) || c == '-') {
				return false
			}
		}
	}
	return true
}

// IsIPv4: four decimal numbers 0-255 separated by dots, no leading zeros.
func IsIPv4(s string) bool { return isIPv4(s) }

// IsIPv6: RFC 4291 text: eight groups of 1-4 hex digits, or fewer with one
// "::", the last two possibly an IPv4 address; no zone, no brackets.
func IsIPv6(s string) bool {
	if s == "" || s[0] == 'v' || s[0] == 'V' {
		return false
	}
	return isIPLiteral(s)
}

// IsURIReference: an RFC 3986 URI, or a relative reference (whose first
// path segment has no ':').
func IsURIReference(s string) bool {
	if IsURI(s) {
		return true
	}
	path := s
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	if !strings.HasPrefix(path, "/") {
		segment := path
		if i := strings.IndexByte(segment, '/'); i >= 0 {
			segment = segment[:i]
		}
		if strings.IndexByte(segment, ':') >= 0 {
			return false
		}
	}
	return uriRest(s)
}

// IsJSONPointer: RFC 6901: empty, or "/"-prefixed tokens with every ~ followed by 0 or 1.
func IsJSONPointer(s string) bool {
	if s != "" && s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 == len(s) || (s[i+1] != '0' && s[i+1] != '1')) {
			return false
		}
	}
	return true
}
