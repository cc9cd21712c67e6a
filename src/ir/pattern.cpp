#include "ir/pattern.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/pattern_classes.h"
#include "text/utf8.h"

namespace contractgen::ir {

namespace {

using namespace pattern_classes;  // NOLINT: the translator works in code point sets

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool is_alnum(char32_t c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_syntax_char(char c) { return std::string_view("^$\\.*+?()[]{}|/").find(c) != std::string_view::npos; }

std::string hex(char32_t cp, int width) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%0*X", width, static_cast<unsigned>(cp));
    return buf;
}

// Reads the pattern once, checking ECMA-262 `u`-mode syntax and writing the
// engine's spelling as it goes (nothing is written for Ecma: the source is it).
class Translator {
public:
    Translator(const std::string& p, PatternDialect d) : p_(p), d_(d) {}

    std::optional<std::string> run() {
        while (i_ < p_.size() && !error_) atom();
        if (error_) return error_;
        if (depth_.size() > 1) return std::string("unbalanced '('");
        return std::nullopt;
    }
    std::string output() const { return out_; }
    bool backtracking() const { return lookaround_ || depth_.front() > 1000; }

private:
    void fail(std::string why) {
        if (!error_) error_ = std::move(why);
    }

    // A code point as a literal atom (in_class: inside [...]): printable
    // ASCII as it is, after a backslash where it is special (a backslash
    // before punctuation is literal in every engine), the rest in the
    // engine's escape, except where regexp2 has none (above U+FFFF: it reads
    // runes, so the character itself is the literal).
    void literal(char32_t cp, bool in_class) {
        if (d_ == PatternDialect::Ecma) return;
        std::string_view special = in_class ? "\\]^-[" : "^$\\.*+?()[]{}|";
        if (cp >= 0x20 && cp < 0x7F && special.find(static_cast<char>(cp)) == std::string_view::npos) {
            out_ += static_cast<char>(cp);
        } else if (cp >= 0x21 && cp < 0x7F) {
            out_ += '\\';
            out_ += static_cast<char>(cp);
        } else if (d_ == PatternDialect::Re2 || d_ == PatternDialect::Pcre2) {
            out_ += "\\x{" + hex(cp, 4) + "}";
        } else if (d_ == PatternDialect::Python) {
            out_ += cp > 0xFFFF ? "\\U" + hex(cp, 8) : "\\u" + hex(cp, 4);
        } else if (cp > 0xFFFF) {
            text::append_utf8(out_, cp);
        } else {
            out_ += "\\u" + hex(cp, 4);
        }
    }

    void set(const Ranges& ranges, bool negated) {
        if (d_ == PatternDialect::Ecma) return;
        Ranges r = without_surrogates(normalised(ranges));
        out_ += negated ? "[^" : "[";
        if (r.empty()) {  // an empty class matches nothing; every engine takes its complement's negation
            out_ += negated ? "" : "^";
            r = {{0, 0xD7FF}, {0xE000, kMaxCodePoint}};
        }
        for (const auto& [lo, hi] : r) {
            literal(lo, true);
            if (hi == lo) continue;
            if (hi > lo + 1) out_ += '-';
            literal(hi, true);
        }
        out_ += ']';
    }

    char32_t utf8_at() { return text::next_code_point(p_, i_); }  // the code point at i_, advancing past it

    std::optional<char32_t> hex_digits(std::size_t at, std::size_t n) const {
        if (at + n > p_.size()) return std::nullopt;
        char32_t v = 0;
        for (std::size_t k = 0; k < n; ++k) {
            if (!is_hex(p_[at + k])) return std::nullopt;
            char c = p_[at + k];
            v = v * 16 + static_cast<char32_t>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
        }
        return v;
    }

    // After '\u' at i_ (pointing past 'u'): one code point, pairs joined.
    std::optional<char32_t> unicode_escape() {
        if (i_ < p_.size() && p_[i_] == '{') {
            auto close = p_.find('}', i_);
            std::size_t n = close == std::string::npos ? 0 : close - i_ - 1;
            auto v = n >= 1 && n <= 8 ? hex_digits(i_ + 1, n) : std::nullopt;
            if (!v || *v > kMaxCodePoint) {
                fail("'\\u{' must hold a code point in hex, at most 10FFFF, and end with '}'");
                return std::nullopt;
            }
            i_ = close + 1;
            if (*v >= 0xD800 && *v <= 0xDFFF) return lone_surrogate(*v);
            return v;
        }
        auto v = hex_digits(i_, 4);
        if (!v) {
            fail("'\\u' must be followed by four hex digits or a code point in braces ('\\u{1F600}')");
            return std::nullopt;
        }
        i_ += 4;
        if (*v >= 0xD800 && *v <= 0xDBFF && p_.compare(i_, 2, "\\u") == 0) {
            if (auto low = hex_digits(i_ + 2, 4); low && *low >= 0xDC00 && *low <= 0xDFFF) {
                i_ += 6;
                return 0x10000 + ((*v - 0xD800) << 10) + (*low - 0xDC00);
            }
        }
        if (*v >= 0xD800 && *v <= 0xDFFF) return lone_surrogate(*v);
        return v;
    }

    std::optional<char32_t> lone_surrogate(char32_t v) {
        fail("a lone surrogate ('\\u" + hex(v, 4) +
             "') matches no text a payload can hold (docs/semantics.md: "
             "strings are Unicode scalar values); write the pair, or the code point as '\\u{...}'");
        return std::nullopt;
    }

    // An escape (i_ just past the backslash). Returns a set for class
    // escapes, a code point for character escapes; handles \b, \B itself.
    struct Escape {
        std::optional<char32_t> cp;
        Ranges ranges;
        bool negated = false;
        bool is_set = false;
    };
    std::optional<Escape> escape(bool in_class) {
        if (i_ >= p_.size()) {
            fail("ends with a lone backslash");
            return std::nullopt;
        }
        char e = p_[i_++];
        Escape x;
        switch (e) {
            case 'd':
            case 'D':
                x.is_set = true;
                x.ranges = kDigit;
                x.negated = e == 'D';
                return x;
            case 'w':
            case 'W':
                x.is_set = true;
                x.ranges = kWord;
                x.negated = e == 'W';
                return x;
            case 's':
            case 'S':
                x.is_set = true;
                x.ranges = kSpace;
                x.negated = e == 'S';
                return x;
            case 'n': x.cp = 0x0A; return x;
            case 'r': x.cp = 0x0D; return x;
            case 't': x.cp = 0x09; return x;
            case 'f': x.cp = 0x0C; return x;
            case 'v': x.cp = 0x0B; return x;
            case 'u': {
                auto cp = unicode_escape();
                if (!cp) return std::nullopt;
                x.cp = *cp;
                return x;
            }
            case 'x': {
                auto v = hex_digits(i_, 2);
                if (!v) {
                    fail("'\\x' must be followed by two hex digits");
                    return std::nullopt;
                }
                i_ += 2;
                x.cp = *v;
                return x;
            }
            case 'c': {
                char l = i_ < p_.size() ? p_[i_] : '\0';
                if (!((l >= 'a' && l <= 'z') || (l >= 'A' && l <= 'Z'))) {
                    fail("'\\c' must be followed by a letter");
                    return std::nullopt;
                }
                ++i_;
                x.cp = static_cast<char32_t>(l) % 32;
                return x;
            }
            case '0':
                if (i_ < p_.size() && p_[i_] >= '0' && p_[i_] <= '9') break;
                x.cp = 0;
                return x;
            case 'p':
            case 'P':
                fail("Unicode property escapes ('\\" + std::string(1, e) +
                     "{...}') are not supported: the engines' Unicode tables differ by version; write the class out");
                return std::nullopt;
            case 'k':
                fail("named backreferences ('\\k<...>') are not supported: no linear-time engine has them");
                return std::nullopt;
            case 'b':
                if (in_class) {
                    x.cp = 0x08;
                    return x;
                }
                break;
            case '-':
                if (in_class) {
                    x.cp = '-';
                    return x;
                }
                break;
            default:
                if (is_syntax_char(e)) {
                    x.cp = static_cast<unsigned char>(e);
                    return x;
                }
        }
        if (e >= '1' && e <= '9') {
            fail("backreferences ('\\" + std::string(1, e) + "') are not supported: no linear-time engine has them");
        } else {
            std::string shown = static_cast<unsigned char>(e) < 0x80 ? std::string(1, e) : "...";
            fail("'\\" + shown + "' is not a valid escape in ECMA-262 (with the u flag)");
        }
        return std::nullopt;
    }

    void char_class() {  // i_ just past '['
        std::size_t start = i_ - 1;
        bool negated = i_ < p_.size() && p_[i_] == '^';
        if (negated) ++i_;
        Ranges ranges;
        bool closed = false;
        while (i_ < p_.size() && !error_) {
            if (p_[i_] == ']') {
                ++i_;
                closed = true;
                break;
            }
            auto item = class_atom();
            if (!item) return;
            if (i_ + 1 < p_.size() && p_[i_] == '-' && p_[i_ + 1] != ']') {
                ++i_;
                auto high = class_atom();
                if (!high) return;
                if (item->is_set || high->is_set)
                    return fail("a class escape ('\\d', '\\s', '\\w', ...) cannot bound a range");
                if (*high->cp < *item->cp) return fail("range out of order in character class");
                ranges.push_back({*item->cp, *high->cp});
                continue;
            }
            if (item->is_set) {
                Ranges r = item->negated ? complement(item->ranges) : item->ranges;
                ranges.insert(ranges.end(), r.begin(), r.end());
            } else {
                ranges.push_back({*item->cp, *item->cp});
            }
        }
        if (error_) return;
        if (!closed) return fail("unterminated character class");
        if (i_ - start == 2 + (negated ? 1 : 0) && !negated)
            return fail("empty character class '[]' matches nothing; remove it");
        set(ranges, negated);
        can_quantify_ = true;
    }

    std::optional<Escape> class_atom() {
        char c = p_[i_];
        if (c == '\\') {
            ++i_;
            return escape(true);
        }
        if (c == '[') {
            fail("'[' inside a character class must be escaped");
            return std::nullopt;
        }
        Escape x;
        x.cp = utf8_at();
        return x;
    }

    void group() {  // i_ at '('
        bool look = false;
        if (p_.compare(i_, 3, "(?:") == 0) {
            i_ += 3;
            if (d_ != PatternDialect::Ecma) out_ += "(?:";
        } else if (p_.compare(i_, 3, "(?=") == 0 || p_.compare(i_, 3, "(?!") == 0 || p_.compare(i_, 4, "(?<=") == 0 ||
                   p_.compare(i_, 4, "(?<!") == 0) {
            std::size_t n = p_[i_ + 2] == '<' ? 4 : 3;
            if (d_ != PatternDialect::Ecma) out_ += p_.substr(i_, n);
            i_ += n;
            look = true;
            lookaround_ = true;
        } else if (p_.compare(i_, 3, "(?<") == 0) {
            auto close = p_.find('>', i_);
            std::string name = close == std::string::npos ? std::string() : p_.substr(i_ + 3, close - i_ - 3);
            bool ok = !name.empty() && !(name[0] >= '0' && name[0] <= '9');
            for (char c : name) ok = ok && (is_alnum(static_cast<unsigned char>(c)) || c == '_' || c == '$');
            if (!ok) return fail("a group name must be an identifier, as in '(?<year>...)'");
            if (!names_.insert(name).second) return fail("the group name '" + name + "' is used twice");
            i_ = close + 1;
            if (d_ != PatternDialect::Ecma) out_ += "(";  // names only serve backreferences, which are refused
        } else if (p_.compare(i_, 2, "(?") == 0) {
            return fail("group syntax '" + p_.substr(i_, 3) + "' (flags, modifiers) is not ECMA-262");
        } else {
            ++i_;
            if (d_ != PatternDialect::Ecma) out_ += "(";
        }
        depth_.push_back(1);
        looks_.push_back(look);
        can_quantify_ = false;
    }

    void close_group() {
        ++i_;
        if (depth_.size() <= 1) return fail("unbalanced ')'");
        last_ = depth_.back();
        depth_.pop_back();
        depth_.back() = std::max(depth_.back(), last_);
        bool look = looks_.back();
        looks_.pop_back();
        if (d_ != PatternDialect::Ecma) out_ += ')';
        can_quantify_ = !look;  // lookaround cannot be quantified with the u flag
    }

    void quantifier() {
        char c = p_[i_];
        unsigned long count = 1;
        if (c == '{') {
            auto close = p_.find('}', i_);
            std::string body = close == std::string::npos ? std::string() : p_.substr(i_ + 1, close - i_ - 1);
            auto comma = body.find(',');
            std::string low = body.substr(0, comma), high = comma == std::string::npos ? "" : body.substr(comma + 1);
            auto digits = [](const std::string& s) {
                return !s.empty() && s.size() <= 9 &&
                       std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
            };
            if (!digits(low) || (comma != std::string::npos && !high.empty() && !digits(high)))
                return fail("'{' must start a quantifier like {2}, {1,} or {1,3}; escape a literal brace as \\{");
            if (!can_quantify_) return fail("quantifier '{" + body + "}' has nothing to repeat");
            unsigned long lo = std::stoul(low), hi = high.empty() ? lo : std::stoul(high);
            if (!high.empty() && hi < lo) return fail("quantifier '{" + body + "}' has its numbers out of order");
            count = std::max(lo, hi);
            if (d_ != PatternDialect::Ecma) out_ += "{" + body + "}";
            i_ = close + 1;
        } else {
            if (!can_quantify_) return fail("quantifier '" + std::string(1, c) + "' has nothing to repeat");
            if (d_ != PatternDialect::Ecma) out_ += c;
            ++i_;
        }
        if (i_ < p_.size() && p_[i_] == '?') {
            if (d_ != PatternDialect::Ecma) out_ += '?';
            ++i_;
        }
        depth_.back() = std::max(depth_.back(), count * last_);
        can_quantify_ = false;
        last_ = 1;
    }

    void atom() {
        char c = p_[i_];
        switch (c) {
            case '\\': {
                ++i_;
                if (i_ < p_.size() && (p_[i_] == 'b' || p_[i_] == 'B')) {  // ECMA's word boundary: ASCII
                    // regexp2 takes any letter as a word character: its boundary is spelled out.
                    static const std::string w = "[0-9A-Z_a-z]";
                    if (d_ == PatternDialect::Regexp2 && p_[i_] == 'b')
                        out_ += "(?:(?<=" + w + ")(?!" + w + ")|(?<!" + w + ")(?=" + w + "))";
                    else if (d_ == PatternDialect::Regexp2)
                        out_ += "(?:(?<=" + w + ")(?=" + w + ")|(?<!" + w + ")(?!" + w + "))";
                    else if (d_ != PatternDialect::Ecma)
                        out_ += p_.substr(i_ - 1, 2);
                    ++i_;
                    can_quantify_ = false;
                    last_ = 1;
                    return;
                }
                auto x = escape(false);
                if (!x) return;
                if (x->is_set) set(x->ranges, x->negated);
                else
                    literal(*x->cp, false);
                break;
            }
            case '[':
                ++i_;
                char_class();
                last_ = 1;
                return;
            case '(':
                group();
                last_ = 1;
                return;
            case ')': close_group(); return;
            case '*':
            case '+':
            case '?':
            case '{': quantifier(); return;
            case '}':
            case ']': ++i_; return fail("a lone '" + std::string(1, c) + "' must be escaped");
            case '|':
            case '^':
                ++i_;
                if (d_ != PatternDialect::Ecma) out_ += c;
                can_quantify_ = false;
                last_ = 1;
                return;
            case '$':
                ++i_;
                // End of text only: Python's and PCRE2's `$` also match before a final newline.
                if (d_ == PatternDialect::Python) out_ += "\\Z";
                else if (d_ == PatternDialect::Pcre2 || d_ == PatternDialect::Regexp2)
                    out_ += "\\z";
                else if (d_ == PatternDialect::Re2)
                    out_ += '$';
                can_quantify_ = false;
                last_ = 1;
                return;
            case '.':
                ++i_;
                set(kLineTerminator, true);
                break;
            default: literal(utf8_at(), false);
        }
        can_quantify_ = true;
        last_ = 1;
    }

    const std::string& p_;
    PatternDialect d_;
    std::size_t i_ = 0;
    std::string out_;
    std::optional<std::string> error_;
    bool can_quantify_ = false;
    bool lookaround_ = false;
    unsigned long last_ = 1;                    // count product of the atom just closed (a group), else 1
    std::vector<unsigned long> depth_ = {1};    // per open group: the largest repetition count product inside
    std::vector<bool> looks_;                   // per open group: is it a lookaround
    std::set<std::string> names_;               // group names, each used once
};

}  // namespace

std::optional<std::string> check_pattern(const std::string& pattern) {
    return Translator(pattern, PatternDialect::Ecma).run();
}

bool needs_backtracking(const std::string& pattern) {
    Translator t(pattern, PatternDialect::Ecma);
    t.run();
    return t.backtracking();
}

std::string translate_pattern(const std::string& pattern, PatternDialect dialect) {
    if (dialect == PatternDialect::Ecma) return pattern;
    Translator t(pattern, dialect);
    t.run();
    return t.output();
}

}  // namespace contractgen::ir
