// The formats of the whole vocabulary beyond date-time, uuid and uri,
// exactly as docs/semantics.md ("The whole vocabulary", "Formats") defines
// them, ASCII only; and the table of every format's check and name.
#include <string>

#include "contract/rt/rules.hpp"

namespace contract {
namespace rt {

// RFC 3339 full-date: YYYY-MM-DD, a day that exists.
bool is_date(std::string_view s) { return s.size() == 10 && is_date_time(std::string(s) + "T00:00:00Z"); }

// RFC 3339 full-time: HH:MM:SS[.frac] then Z or ±HH:MM; a leap second only at 23:59:60 UTC.
bool is_time(std::string_view s) { return s.size() >= 9 && is_date_time("2000-01-01T" + std::string(s)); }

namespace {

// Reads one duration component (digits then a unit letter) from `rest`;
// false, with `rest` unchanged, when there is none.
bool component(std::string_view& rest, char& unit) {
    std::size_t n = 0;
    while (n < rest.size() && is_digit(rest[n])) ++n;
    if (n == 0 || n == rest.size()) return false;
    unit = rest[n];
    rest.remove_prefix(n + 1);
    return true;
}

// Components whose units come in the order of `units`, each only after
// the one before it (RFC 3339's nesting: Y[M[D]], M[D], D).
bool sequence(std::string_view& rest, std::string_view units) {
    std::string_view start = rest;
    char unit = 0;
    if (!component(rest, unit)) return false;
    std::size_t i = units.find(unit);
    if (i == std::string_view::npos) {
        rest = start;
        return false;
    }
    while (i + 1 < units.size()) {
        std::string_view before = rest;
        char next = 0;
        if (!component(rest, next) || next != units[i + 1]) {
            rest = before;
            break;
        }
        ++i;
    }
    return true;
}

bool atext(char c) {
    return is_alpha(c) || is_digit(c) || std::string_view("!#$%&'*+-/=?^_`{|}~").find(c) != std::string_view::npos;
}

}  // namespace

// RFC 3339 appendix A: P then nW, a date part (nD, nM[nD], nY[nM[nD]]) and
// an optional time part, or a time part alone (T then nH[nM[nS]], nM[nS] or nS).
bool is_duration(std::string_view s) {
    if (s.size() < 2 || s[0] != 'P') return false;
    std::string_view rest = s.substr(1);
    if (rest[0] != 'T') {
        std::string_view before = rest;
        char unit = 0;
        if (component(rest, unit) && unit == 'W') return rest.empty();
        rest = before;
        if (!sequence(rest, "YMD")) return false;
        if (rest.empty()) return true;
    }
    if (rest.empty() || rest[0] != 'T') return false;
    rest.remove_prefix(1);
    return sequence(rest, "HMS") && rest.empty();
}

// RFC 5321 Mailbox: a dot-atom or quoted-string local part, @, and a
// hostname or an address literal ([IPv4] or [IPv6:...]).
bool is_email(std::string_view s) {
    std::size_t i = 0;
    if (!s.empty() && s[0] == '"') {
        for (i = 1; i < s.size() && s[i] != '"'; ++i) {
            auto c = static_cast<unsigned char>(s[i]);
            if (c == '\\') {
                ++i;
                if (i >= s.size() || static_cast<unsigned char>(s[i]) < 0x20 || static_cast<unsigned char>(s[i]) > 0x7e)
                    return false;
                continue;
            }
            if (c < 0x20 || c > 0x7e) return false;
        }
        if (i >= s.size()) return false;
        ++i;  // the closing quote
    } else {
        std::size_t atom = 0;
        for (; i < s.size() && s[i] != '@'; ++i) {
            if (s[i] == '.') {
                if (atom == 0) return false;
                atom = 0;
                continue;
            }
            if (!atext(s[i])) return false;
            ++atom;
        }
        if (atom == 0) return false;
    }
    if (i >= s.size() || s[i] != '@') return false;
    std::string_view domain = s.substr(i + 1);
    if (domain.size() >= 2 && domain.front() == '[' && domain.back() == ']') {
        std::string_view literal = domain.substr(1, domain.size() - 2);
        if (literal.substr(0, 5) == "IPv6:") return is_ipv6(literal.substr(5));
        return is_ipv4(literal);
    }
    return is_hostname(domain);
}

// RFC 1123: dot-separated labels of 1-63 letters, digits and hyphens, none
// starting or ending with a hyphen; at most 253 characters, no trailing dot.
bool is_hostname(std::string_view s) {
    if (s.empty() || s.size() > 253) return false;
    while (true) {
        std::size_t dot = s.find('.');
        std::string_view label = s.substr(0, dot);
        if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return false;
        for (char c : label)
            if (!(is_alpha(c) || is_digit(c) || c == '-')) return false;
        if (dot == std::string_view::npos) return true;
        s.remove_prefix(dot + 1);
    }
}

// RFC 4291 text form: an IP-literal without brackets that is not an IPvFuture.
bool is_ipv6(std::string_view s) { return !s.empty() && s[0] != 'v' && s[0] != 'V' && is_ip_literal(s); }

// An RFC 3986 URI, or a relative reference whose first path segment has no ':'.
bool is_uri_reference(std::string_view s) {
    if (is_uri(s)) return true;
    std::string_view path = s.substr(0, s.find_first_of("?#"));
    if (path.empty() || path[0] != '/') {
        if (path.substr(0, path.find('/')).find(':') != std::string_view::npos) return false;
    }
    return uri_rest(s);
}

// RFC 6901: empty, or "/"-prefixed tokens with every ~ followed by 0 or 1.
bool is_json_pointer(std::string_view s) {
    if (!s.empty() && s[0] != '/') return false;
    for (std::size_t i = 0; i < s.size(); ++i)
        if (s[i] == '~' && (i + 1 == s.size() || (s[i + 1] != '0' && s[i + 1] != '1'))) return false;
    return true;
}

bool format_valid(Format f, std::string_view s) {
    switch (f) {
        case Format::None: return true;
        case Format::DateTime: return is_date_time(s);
        case Format::Uuid: return is_uuid(s);
        case Format::Uri: return is_uri(s);
        case Format::Date: return is_date(s);
        case Format::Time: return is_time(s);
        case Format::Duration: return is_duration(s);
        case Format::Email: return is_email(s);
        case Format::Hostname: return is_hostname(s);
        case Format::Ipv4: return is_ipv4(s);
        case Format::Ipv6: return is_ipv6(s);
        case Format::UriReference: return is_uri_reference(s);
        case Format::JsonPointer: return is_json_pointer(s);
    }
    return true;
}

const char* format_what(Format f) {
    switch (f) {
        case Format::None: return "any string";
        case Format::DateTime: return "an RFC 3339 date-time";
        case Format::Uuid: return "a UUID";
        case Format::Uri: return "an absolute URI";
        case Format::Date: return "an RFC 3339 date";
        case Format::Time: return "an RFC 3339 time";
        case Format::Duration: return "an RFC 3339 duration";
        case Format::Email: return "an e-mail address";
        case Format::Hostname: return "a host name";
        case Format::Ipv4: return "an IPv4 address";
        case Format::Ipv6: return "an IPv6 address";
        case Format::UriReference: return "a URI reference";
        case Format::JsonPointer: return "a JSON pointer";
    }
    return "a string";
}

}  // namespace rt
}  // namespace contract
