#include "text/regex/parse.h"

#include <cctype>
#include <stdexcept>
#include <string_view>

#include "text/utf8.h"

namespace contractgen::text::regex {

namespace {

// Thrown inside the parser only; parse() turns it into Unsupported.
struct Refused {
    std::string reason;
};

Node chars_node(CharSet s) {
    Node n;
    n.kind = Node::Kind::Chars;
    n.chars = std::move(s);
    return n;
}

Node kind_node(Node::Kind k) {
    Node n;
    n.kind = k;
    return n;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Recursive descent over ECMA-262's Pattern grammar (§22.2.1).
class Parser {
public:
    explicit Parser(const std::string& p) : p_(p) {}

    Node run() {
        Node n = disjunction();
        if (!at_end()) throw Refused{"unbalanced ')'"};
        return n;
    }

private:
    bool at_end() const { return i_ >= p_.size(); }
    char peek() const { return p_[i_]; }
    bool next_is(const char* s) const { return p_.compare(i_, std::char_traits<char>::length(s), s) == 0; }

    Node disjunction() {
        Node alt = kind_node(Node::Kind::Alternation);
        alt.children.push_back(alternative());
        while (!at_end() && peek() == '|') {
            ++i_;
            alt.children.push_back(alternative());
        }
        return alt.children.size() == 1 ? std::move(alt.children[0]) : alt;
    }

    Node alternative() {
        Node seq = kind_node(Node::Kind::Concat);
        while (!at_end() && peek() != '|' && peek() != ')') seq.children.push_back(term());
        return seq;
    }

    Node term() {
        char c = peek();
        if (c == '^') return ++i_, kind_node(Node::Kind::Start);
        if (c == '$') return ++i_, kind_node(Node::Kind::End);
        if (next_is("\\b")) return i_ += 2, kind_node(Node::Kind::WordBoundary);
        if (next_is("\\B")) return i_ += 2, kind_node(Node::Kind::NotWordBoundary);
        for (const char* look : {"(?=", "(?!", "(?<=", "(?<!"})
            if (next_is(look))
                throw Refused{std::string("lookaround '") + look + "...)' cannot be decided by an automaton"};
        Node a = atom();
        return quantified(std::move(a));
    }

    Node quantified(Node a) {
        if (at_end()) return a;
        std::uint32_t lo = 0, hi = 0;
        char c = peek();
        if (c == '*') lo = 0, hi = kUnbounded, ++i_;
        else if (c == '+')
            lo = 1, hi = kUnbounded, ++i_;
        else if (c == '?')
            lo = 0, hi = 1, ++i_;
        else if (c == '{') {
            auto close = p_.find('}', i_);
            if (close == std::string::npos) throw Refused{"'{' must start a quantifier"};
            std::string body = p_.substr(i_ + 1, close - i_ - 1);
            auto comma = body.find(',');
            auto number = [](const std::string& s) -> std::uint32_t {
                if (s.empty() || s.size() > 9) throw Refused{"a repetition count must be a number below 10^9"};
                for (char d : s)
                    if (!std::isdigit(static_cast<unsigned char>(d))) throw Refused{"'{' must start a quantifier"};
                return static_cast<std::uint32_t>(std::stoul(s));
            };
            lo = number(body.substr(0, comma));
            hi = comma == std::string::npos ? lo
                 : comma + 1 == body.size() ? kUnbounded
                                            : number(body.substr(comma + 1));
            if (hi < lo) throw Refused{"numbers out of order in quantifier '{" + body + "}'"};
            i_ = close + 1;
        } else {
            return a;
        }
        if (!at_end() && peek() == '?') ++i_;  // lazy: the same language
        if (a.kind == Node::Kind::Start || a.kind == Node::Kind::End || a.kind == Node::Kind::WordBoundary ||
            a.kind == Node::Kind::NotWordBoundary)
            throw Refused{"quantifier has nothing to repeat"};
        Node r = kind_node(Node::Kind::Repeat);
        r.min = lo, r.max = hi;
        r.children.push_back(std::move(a));
        return r;
    }

    Node atom() {
        char c = p_[i_];
        switch (c) {
            case '.': ++i_; return chars_node(ecma_dot());
            case '[': ++i_; return chars_node(char_class());
            case '(': {
                ++i_;
                if (next_is("?:")) i_ += 2;
                else if (next_is("?<")) {  // a named group: the same language as a plain one
                    auto close = p_.find('>', i_);
                    if (close == std::string::npos) throw Refused{"unterminated group name"};
                    i_ = close + 1;
                } else if (!at_end() && peek() == '?') {
                    throw Refused{"group syntax '(" + p_.substr(i_, 2) + "' is not supported"};
                }
                Node inner = disjunction();
                if (at_end() || peek() != ')') throw Refused{"unbalanced '('"};
                ++i_;
                return inner;
            }
            case ')': throw Refused{"unbalanced ')'"};
            case '*':
            case '+':
            case '?':
            case '{': throw Refused{std::string("quantifier '") + c + "' has nothing to repeat"};
            case '}':
            case ']': throw Refused{std::string("a lone '") + c + "' must be escaped"};
            case '\\': {
                ++i_;
                CharSet s;
                if (class_escape(s)) return chars_node(std::move(s));
                return chars_node(CharSet::of(character_escape(false)));
            }
            default: return chars_node(CharSet::of(next_code_point(p_, i_)));
        }
    }

    // \d \D \w \W \s \S into `out` (after the backslash); false for another escape.
    bool class_escape(CharSet& out) {
        if (at_end()) throw Refused{"ends with a lone backslash"};
        char e = peek();
        CharSet s;
        switch (e) {
            case 'd':
            case 'D': s = ecma_digit(); break;
            case 'w':
            case 'W': s = ecma_word(); break;
            case 's':
            case 'S': s = ecma_space(); break;
            case 'p':
            case 'P': throw Refused{"Unicode property escapes ('\\p{...}') are not supported"};
            default: return false;
        }
        ++i_;
        out = std::isupper(static_cast<unsigned char>(e)) ? s.complement() : s;
        return true;
    }

    // One code point escaped (after the backslash).
    char32_t character_escape(bool in_class) {
        if (at_end()) throw Refused{"ends with a lone backslash"};
        char e = p_[i_++];
        switch (e) {
            case 'n': return U'\n';
            case 'r': return U'\r';
            case 't': return U'\t';
            case 'f': return U'\f';
            case 'v': return U'\v';
            case 'b':
                if (in_class) return U'\b';
                break;
            case '0':
                if (at_end() || !std::isdigit(static_cast<unsigned char>(peek()))) return U'\0';
                break;
            case 'c':
                if (!at_end() && std::isalpha(static_cast<unsigned char>(peek())))
                    return static_cast<char32_t>(p_[i_++] % 32);
                break;
            case 'x': return hex_digits(2);
            case 'u': return unicode_escape();
            case 'k': throw Refused{"backreferences ('\\k<...>') cannot be decided by an automaton"};
            default: break;
        }
        if (e >= '1' && e <= '9')
            throw Refused{"backreferences ('\\" + std::string(1, e) + "') cannot be decided by an automaton"};
        if (std::string_view("^$\\.*+?()[]{}|/").find(e) != std::string_view::npos || (in_class && e == '-'))
            return static_cast<char32_t>(e);
        throw Refused{"'\\" + std::string(1, e) + "' is not a valid escape in ECMA-262 (with the u flag)"};
    }

    char32_t hex_digits(int n) {
        char32_t v = 0;
        for (int k = 0; k < n; ++k) {
            int h = at_end() ? -1 : hex_value(peek());
            if (h < 0) throw Refused{"an escape needs " + std::to_string(n) + " hex digits"};
            v = v * 16 + static_cast<char32_t>(h);
            ++i_;
        }
        return v;
    }

    // \uXXXX, a surrogate pair \uD83D\uDE00 as one code point, or \u{...}.
    char32_t unicode_escape() {
        if (!at_end() && peek() == '{') {
            auto close = p_.find('}', i_);
            if (close == std::string::npos || close == i_ + 1 || close - i_ > 7) throw Refused{"malformed '\\u{...}'"};
            char32_t v = 0;
            for (std::size_t k = i_ + 1; k < close; ++k) {
                int h = hex_value(p_[k]);
                if (h < 0) throw Refused{"malformed '\\u{...}'"};
                v = v * 16 + static_cast<char32_t>(h);
            }
            if (v > kMaxCodePoint) throw Refused{"'\\u{...}' beyond U+10FFFF"};
            i_ = close + 1;
            return v;
        }
        char32_t v = hex_digits(4);
        if (v >= 0xD800 && v <= 0xDBFF && next_is("\\u")) {
            std::size_t save = i_;
            i_ += 2;
            char32_t low = hex_digits(4);
            if (low >= 0xDC00 && low <= 0xDFFF) return 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00);
            i_ = save;
        }
        return v;
    }

    CharSet char_class() {
        bool negated = !at_end() && peek() == '^';
        if (negated) ++i_;
        CharSet out;
        // One class atom: a code point, or a class escape (into `set`, returning false).
        auto class_atom = [&](CharSet& set) -> std::pair<bool, char32_t> {
            if (peek() == '\\') {
                ++i_;
                if (class_escape(set)) return {false, 0};
                return {true, character_escape(true)};
            }
            return {true, next_code_point(p_, i_)};
        };
        while (true) {
            if (at_end()) throw Refused{"unterminated character class"};
            if (peek() == ']') break;
            CharSet escape_set;
            auto [single, lo] = class_atom(escape_set);
            if (!single) {
                out.add(escape_set);
                continue;
            }
            if (i_ + 1 < p_.size() && peek() == '-' && p_[i_ + 1] != ']') {
                ++i_;
                CharSet other;
                auto [single_hi, hi] = class_atom(other);
                if (!single_hi) throw Refused{"a class escape cannot end a range"};
                if (hi < lo) throw Refused{"range out of order in character class"};
                out.add(lo, hi);
            } else {
                out.add(lo, lo);
            }
        }
        ++i_;  // ']'
        return negated ? out.complement() : out;
    }

    const std::string& p_;
    std::size_t i_ = 0;
};

}  // namespace

std::variant<Node, Unsupported> parse(const std::string& pattern) {
    try {
        return Parser(pattern).run();
    } catch (const Refused& r) {
        return Unsupported{r.reason};
    } catch (const std::exception& e) {
        return Unsupported{e.what()};
    }
}

}  // namespace contractgen::text::regex
