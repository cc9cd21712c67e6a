package contract

import "strings"

// The formats, exactly as the C++ runtime checks them (docs/semantics.md).

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isHex(c byte) bool   { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') }
func isAlpha(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

// IsUUID: 8-4-4-4-12 hex digits, any case, any version.
func IsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if s[i] != '-' {
				return false
			}
		} else if !isHex(s[i]) {
			return false
		}
	}
	return true
}

// IsDateTime: RFC 3339 section 5.6, leap seconds only at 23:59:60 UTC.
func IsDateTime(s string) bool {
	num := func(at, n int) (int, bool) {
		if at+n > len(s) {
			return 0, false
		}
		v := 0
		for i := at; i < at+n; i++ {
			if !isDigit(s[i]) {
				return 0, false
			}
			v = v*10 + int(s[i]-'0')
		}
		return v, true
	}
	if len(s) < 20 {
		return false
	}
	year, ok1 := num(0, 4)
	month, ok2 := num(5, 2)
	day, ok3 := num(8, 2)
	if !ok1 || !ok2 || !ok3 || s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != 't') {
		return false
	}
	hour, ok4 := num(11, 2)
	minute, ok5 := num(14, 2)
	second, ok6 := num(17, 2)
	if !ok4 || !ok5 || !ok6 || s[13] != ':' || s[16] != ':' {
		return false
	}
	if month < 1 || month > 12 || day < 1 {
		return false
	}
	days := [12]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	leap := (year%4 == 0 && year%100 != 0) || year%400 == 0
	limit := days[month-1]
	if month == 2 && leap {
		limit++
	}
	if day > limit || hour > 23 || minute > 59 || second > 60 {
		return false
	}
	i := 19
	if i < len(s) && s[i] == '.' {
		i++
		begin := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i == begin {
			return false
		}
	}
	if i >= len(s) {
		return false
	}
	offset := 0
	switch s[i] {
	case 'Z', 'z':
		i++
	case '+', '-':
		oh, okh := num(i+1, 2)
		if !okh || i+3 >= len(s) || s[i+3] != ':' {
			return false
		}
		om, okm := num(i+4, 2)
		if !okm || oh > 23 || om > 59 {
			return false
		}
		offset = oh*60 + om
		if s[i] == '-' {
			offset = -offset
		}
		i += 6
	default:
		return false
	}
	if i != len(s) {
		return false
	}
	if second == 60 { // a leap second is 23:59:60 in UTC
		utc := ((hour*60+minute-offset)%1440 + 1440) % 1440
		if utc != 23*60+59 {
			return false
		}
	}
	return true
}

// isIPv4: four dec-octets 0-255 without leading zeros.
func isIPv4(s string) bool {
	octets := 0
	for {
		n, value := 0, 0
		for n < len(s) && n < 4 && isDigit(s[n]) {
			value = value*10 + int(s[n]-'0')
			n++
		}
		if n == 0 || n > 3 || value > 255 || (n > 1 && s[0] == '0') {
			return false
		}
		octets++
		s = s[n:]
		if s == "" {
			return octets == 4
		}
		if s[0] != '.' || octets == 4 {
			return false
		}
		s = s[1:]
	}
}

// isIPLiteral: what RFC 3986 allows inside "[...]": an IPv6 address or an IPvFuture.
func isIPLiteral(s string) bool {
	if s != "" && (s[0] == 'v' || s[0] == 'V') {
		dot := strings.IndexByte(s, '.')
		if dot < 2 || dot+1 == len(s) {
			return false
		}
		for i := 1; i < dot; i++ {
			if !isHex(s[i]) {
				return false
			}
		}
		for i := dot + 1; i < len(s); i++ {
			c := s[i]
			if !(isAlpha(c) || isDigit(c) || strings.IndexByte("-._~!$&'()*+,;=:", c) >= 0) {
				return false
			}
		}
		return true
	}
	groups := func(part string, ipv4Last bool) (int, bool) {
		count := 0
		if part == "" {
			return 0, true
		}
		for {
			colon := strings.IndexByte(part, ':')
			piece := part
			if colon >= 0 {
				piece = part[:colon]
			}
			if colon < 0 && ipv4Last && strings.IndexByte(piece, '.') >= 0 {
				return count + 2, isIPv4(piece)
			}
			if piece == "" || len(piece) > 4 {
				return 0, false
			}
			for i := 0; i < len(piece); i++ {
				if !isHex(piece[i]) {
					return 0, false
				}
			}
			count++
			if colon < 0 {
				return count, true
			}
			part = part[colon+1:]
		}
	}
	gap := strings.Index(s, "::")
	if gap < 0 {
		n, ok := groups(s, true)
		return ok && n == 8
	}
	if strings.Contains(s[gap+1:], "::") {
		return false
	}
	left, okL := groups(s[:gap], false)
	right, okR := groups(s[gap+2:], true)
	return okL && okR && left+right <= 7
}

// IsURI: an RFC 3986 URI with a scheme, checked character by character.
func IsURI(s string) bool {
	colon := strings.IndexByte(s, ':')
	if colon <= 0 || !isAlpha(s[0]) {
		return false
	}
	for i := 1; i < colon; i++ {
		c := s[i]
		if !(isAlpha(c) || isDigit(c) || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return uriRest(s[colon+1:])
}

// uriRest checks what follows a URI's scheme (or a whole relative
// reference): [//authority] path [?query] [#fragment].
func uriRest(rest string) bool {
	unreserved := func(c byte) bool { return isAlpha(c) || isDigit(c) || c == '-' || c == '.' || c == '_' || c == '~' }
	valid := func(part, extra string) bool {
		for i := 0; i < len(part); i++ {
			c := part[i]
			if c == '%' {
				if i+2 >= len(part) || !isHex(part[i+1]) || !isHex(part[i+2]) {
					return false
				}
				i += 2
				continue
			}
			if !(unreserved(c) || strings.IndexByte("!$&'()*+,;=", c) >= 0 || strings.IndexByte(extra, c) >= 0) {
				return false
			}
		}
		return true
	}
	if h := strings.IndexByte(rest, '#'); h >= 0 {
		if !valid(rest[h+1:], ":@/?") {
			return false
		}
		rest = rest[:h]
	}
	if q := strings.IndexByte(rest, '?'); q >= 0 {
		if !valid(rest[q+1:], ":@/?") {
			return false
		}
		rest = rest[:q]
	}
	path := rest
	if strings.HasPrefix(rest, "//") {
		after := rest[2:]
		authority := after
		path = ""
		if slash := strings.IndexByte(after, '/'); slash >= 0 {
			authority, path = after[:slash], after[slash:]
		}
		if at := strings.LastIndexByte(authority, '@'); at >= 0 {
			if !valid(authority[:at], ":") {
				return false
			}
			authority = authority[at+1:]
		}
		host := authority
		if authority != "" && authority[0] == '[' {
			end := strings.IndexByte(authority, ']')
			if end < 0 || !isIPLiteral(authority[1:end]) {
				return false
			}
			host = ""
			port := authority[end+1:]
			if port != "" && port[0] != ':' {
				return false
			}
			if port != "" {
				port = port[1:]
			}
			for i := 0; i < len(port); i++ {
				if !isDigit(port[i]) {
					return false
				}
			}
		} else if pc := strings.LastIndexByte(authority, ':'); pc >= 0 {
			for i := pc + 1; i < len(authority); i++ {
				if !isDigit(authority[i]) {
					return false
				}
			}
			host = authority[:pc]
		}
		if !valid(host, "") {
			return false
		}
	}
	return valid(path, ":@/")
}
