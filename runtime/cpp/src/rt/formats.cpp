// The formats every binding asserts (docs/semantics.md; the TypeScript,
// Python and Go targets implement the same rules).
#include "contract/rt/rules.hpp"

namespace contract {
namespace rt {

// RFC 4122 textual form: 8-4-4-4-12 hex digits, any case, any version.
bool is_uuid(std::string_view s) {
    if (s.size() != 36) return false;
    for (std::size_t i = 0; i < 36; ++i) {
        bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? s[i] != '-' : !is_hex(s[i])) return false;
    }
    return true;
}

// RFC 3339 date-time (section 5.6), including leap seconds at 23:59:60 UTC.
bool is_date_time(std::string_view s) {
    auto num = [&](std::size_t at, std::size_t n, int& out) {
        if (at + n > s.size()) return false;
        out = 0;
        for (std::size_t i = at; i < at + n; ++i) {
            if (!is_digit(s[i])) return false;
            out = out * 10 + (s[i] - '0');
        }
        return true;
    };
    int year, month, day, hour, minute, second;
    if (!num(0, 4, year) || s.size() < 20 || s[4] != '-' || !num(5, 2, month) || s[7] != '-' || !num(8, 2, day))
        return false;
    if (s[10] != 'T' && s[10] != 't') return false;
    if (!num(11, 2, hour) || s[13] != ':' || !num(14, 2, minute) || s[16] != ':' || !num(17, 2, second)) return false;
    if (month < 1 || month > 12 || day < 1) return false;
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (day > days[month - 1] + (month == 2 && leap ? 1 : 0)) return false;
    if (hour > 23 || minute > 59 || second > 60) return false;
    std::size_t i = 19;
    if (i < s.size() && s[i] == '.') {
        ++i;
        std::size_t start = i;
        while (i < s.size() && is_digit(s[i])) ++i;
        if (i == start) return false;
    }
    if (i >= s.size()) return false;
    int offset_minutes = 0;
    if (s[i] == 'Z' || s[i] == 'z') {
        ++i;
    } else if (s[i] == '+' || s[i] == '-') {
        int oh, om;
        if (!num(i + 1, 2, oh) || i + 3 >= s.size() || s[i + 3] != ':' || !num(i + 4, 2, om)) return false;
        if (oh > 23 || om > 59) return false;
        offset_minutes = (s[i] == '+' ? 1 : -1) * (oh * 60 + om);
        i += 6;
    } else {
        return false;
    }
    if (i != s.size()) return false;
    if (second == 60) {  // a leap second is 23:59:60 in UTC
        int utc = ((hour * 60 + minute - offset_minutes) % 1440 + 1440) % 1440;
        if (utc != 23 * 60 + 59) return false;
    }
    return true;
}

// RFC 3986 IPv4address: four dec-octets 0-255, no leading zeros.
bool is_ipv4(std::string_view s) {
    int octets = 0;
    while (true) {
        std::size_t n = 0;
        int value = 0;
        while (n < s.size() && n < 4 && is_digit(s[n])) value = value * 10 + (s[n++] - '0');
        if (n == 0 || n > 3 || value > 255 || (n > 1 && s[0] == '0')) return false;
        ++octets;
        s.remove_prefix(n);
        if (s.empty()) return octets == 4;
        if (s[0] != '.' || octets == 4) return false;
        s.remove_prefix(1);
    }
}

// RFC 3986 IP-literal (inside "[...]"): an IPv6address (8 groups of 1-4 hex
// digits, one "::" standing for one or more zero groups, the last two groups
// possibly an IPv4address) or an IPvFuture ("v" hex "." then unreserved,
// sub-delims or ":").
bool is_ip_literal(std::string_view s) {
    if (!s.empty() && (s[0] == 'v' || s[0] == 'V')) {
        std::size_t dot = s.find('.');
        if (dot == std::string_view::npos || dot < 2 || dot + 1 == s.size()) return false;
        for (std::size_t i = 1; i < dot; ++i)
            if (!is_hex(s[i])) return false;
        for (char c : s.substr(dot + 1))
            if (!(is_alpha(c) || is_digit(c) || std::string_view("-._~!$&'()*+,;=:").find(c) != std::string_view::npos))
                return false;
        return true;
    }
    // Counts the 16-bit groups of "h16:h16:..." (an IPv4address last counts as two).
    auto groups = [](std::string_view part, bool ipv4_last, int& count) {
        count = 0;
        if (part.empty()) return true;
        while (true) {
            std::size_t colon = part.find(':');
            std::string_view piece = part.substr(0, colon);
            if (colon == std::string_view::npos && ipv4_last && piece.find('.') != std::string_view::npos) {
                if (!is_ipv4(piece)) return false;
                count += 2;
                return true;
            }
            if (piece.empty() || piece.size() > 4) return false;
            for (char c : piece)
                if (!is_hex(c)) return false;
            ++count;
            if (colon == std::string_view::npos) return true;
            part.remove_prefix(colon + 1);
        }
    };
    std::size_t gap = s.find("::");
    int left = 0, right = 0;
    if (gap == std::string_view::npos) return groups(s, true, left) && left == 8;
    if (s.find("::", gap + 1) != std::string_view::npos) return false;
    return groups(s.substr(0, gap), false, left) && groups(s.substr(gap + 2), true, right) && left + right <= 7;
}

// RFC 3986 URI (absolute: a scheme is required), checked character by character.
bool is_uri(std::string_view s) {
    std::size_t colon = s.find(':');
    if (colon == std::string_view::npos || colon == 0 || !is_alpha(s[0])) return false;
    for (std::size_t i = 1; i < colon; ++i)
        if (!(is_alpha(s[i]) || is_digit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.')) return false;
    return uri_rest(s.substr(colon + 1));
}

// What follows a URI's scheme (or a whole relative reference), checked
// character by character: [//authority] path [?query] [#fragment].
bool uri_rest(std::string_view rest) {
    auto unreserved = [](char c) { return is_alpha(c) || is_digit(c) || c == '-' || c == '.' || c == '_' || c == '~'; };
    auto sub_delim = [](char c) { return std::string_view("!$&'()*+,;=").find(c) != std::string_view::npos; };
    // Characters allowed in a component (besides percent-escapes).
    auto valid_component = [&](std::string_view part, std::string_view extra) {
        for (std::size_t i = 0; i < part.size(); ++i) {
            char c = part[i];
            if (c == '%') {
                if (i + 2 >= part.size() || !is_hex(part[i + 1]) || !is_hex(part[i + 2])) return false;
                i += 2;
                continue;
            }
            if (!(unreserved(c) || sub_delim(c) || extra.find(c) != std::string_view::npos)) return false;
        }
        return true;
    };
    std::string_view fragment, query;
    if (auto h = rest.find('#'); h != std::string_view::npos) {
        fragment = rest.substr(h + 1);
        rest = rest.substr(0, h);
        if (!valid_component(fragment, ":@/?")) return false;
    }
    if (auto q = rest.find('?'); q != std::string_view::npos) {
        query = rest.substr(q + 1);
        rest = rest.substr(0, q);
        if (!valid_component(query, ":@/?")) return false;
    }
    std::string_view path = rest;
    if (rest.substr(0, 2) == "//") {
        std::string_view after = rest.substr(2);
        std::size_t slash = after.find('/');
        std::string_view authority = after.substr(0, slash);
        path = slash == std::string_view::npos ? std::string_view() : after.substr(slash);
        if (auto at = authority.rfind('@'); at != std::string_view::npos) {
            if (!valid_component(authority.substr(0, at), ":")) return false;
            authority = authority.substr(at + 1);
        }
        std::string_view host = authority;
        if (!authority.empty() && authority[0] == '[') {  // IP-literal
            std::size_t close = authority.find(']');
            if (close == std::string_view::npos) return false;
            if (!is_ip_literal(authority.substr(1, close - 1))) return false;
            host = {};
            std::string_view port = authority.substr(close + 1);
            if (!port.empty() && port[0] != ':') return false;
            for (char c : port.substr(port.empty() ? 0 : 1))
                if (!is_digit(c)) return false;
        } else if (auto pc = authority.rfind(':'); pc != std::string_view::npos) {
            for (char c : authority.substr(pc + 1))
                if (!is_digit(c)) return false;
            host = authority.substr(0, pc);
        }
        if (!valid_component(host, "")) return false;
    }
    return valid_component(path, ":@/");
}

}  // namespace rt
}  // namespace contract
