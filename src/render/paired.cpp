#include "render/paired.h"

#include <vector>

#include "text/bytes8.h"

namespace contractgen::render::paired {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }  // kainjow's test for a blank line
bool is_mark(char c) { return c >= kOpen && c <= kDropLine; }

// A piece of one template line: literal text, or a tag.
struct Token {
    bool tag = false;
    char sigil = 0;    // '#', '^', '/', '!', '>', '&', '{' (triple mustache), or 0 (a variable)
    std::string name;  // trimmed, as kainjow reads it
    std::string_view text;
};

std::string trimmed(std::string_view s) {
    std::size_t b = 0, e = s.size();
    while (b < e && (is_blank(s[b]) || s[b] == '\n')) ++b;
    while (e > b && (is_blank(s[e - 1]) || s[e - 1] == '\n')) --e;
    return std::string(s.substr(b, e - b));
}

// The tokens of `line`; false for a tag that does not close on its line.
bool tokenize(std::string_view line, std::vector<Token>& out) {
    std::size_t at = 0;
    while (at < line.size()) {
        std::size_t open = line.find("{{", at);
        if (open == std::string_view::npos) open = line.size();
        if (open > at) out.push_back(Token{false, 0, {}, line.substr(at, open - at)});
        if (open == line.size()) break;
        const bool triple = line.compare(open, 3, "{{{") == 0;
        const std::size_t close = line.find(triple ? "}}}" : "}}", open + (triple ? 3 : 2));
        if (close == std::string_view::npos) return false;
        const std::size_t end = close + (triple ? 3 : 2);
        Token t{true, 0, {}, line.substr(open, end - open)};
        std::string_view inner = line.substr(open + (triple ? 3 : 2), close - open - (triple ? 3 : 2));
        if (triple) {
            t.sigil = '{';
        } else if (!inner.empty() && std::string_view("#^/!>&=").find(inner[0]) != std::string_view::npos) {
            t.sigil = inner[0];
            inner.remove_prefix(1);
        }
        t.name = trimmed(inner);
        out.push_back(std::move(t));
        at = end;
    }
    return true;
}

bool is_section(const Token& t) { return t.tag && (t.sigil == '#' || t.sigil == '^' || t.sigil == '/'); }
bool is_variable(const Token& t) { return t.tag && (t.sigil == 0 || t.sigil == '&' || t.sigil == '{'); }

// `name` or one of its dotted parts is in `values`.
bool names_value(const std::string& name, const std::set<std::string>& values) {
    std::size_t start = 0;
    while (true) {
        std::size_t dot = name.find('.', start);
        if (values.count(name.substr(start, dot == std::string::npos ? std::string::npos : dot - start))) return true;
        if (dot == std::string::npos) return false;
        start = dot + 1;
    }
}

// Whether a line with marks (the flag's section tags, paired values) and
// section tags renders the same with the marks in. Mustache drops a rendered
// line that holds a section tag and blanks only, and marks are not blank, so
// the line must never be blank where it is rendered: it must show some text
// that is not blank outside every section it opens and after every section it
// closes (literal text, or paired values named in `written`, which the caller
// must then set to text that is not blank in both outputs). And no mark may
// sit inside a section the line opens, or before one it closes: in a loop,
// those belong to a rendered line that goes on into the next item.
bool safe_with_marks(const std::vector<Token>& tokens, const std::string& flag, const std::set<std::string>& values,
                     std::set<std::string>& written) {
    std::size_t depth = 0, flag_depth = 0;  // sections opened on this line
    bool marks = false, shown = false;
    std::set<std::string> shown_by;  // paired values that show the line when not blank
    for (const Token& t : tokens) {
        const bool flag_tag = is_section(t) && t.name == flag;
        const bool paired_value = is_variable(t) && names_value(t.name, values);
        if (!t.tag) {
            for (char c : t.text) shown = shown || (depth == 0 && flag_depth == 0 && !is_blank(c));
        } else if (flag_tag || paired_value) {
            if (depth > 0) return false;
            marks = true;
            if (paired_value && flag_depth == 0) shown_by.insert(t.name);
            if (flag_tag && t.sigil != '/') ++flag_depth;
            else if (flag_tag && flag_depth > 0)
                --flag_depth;
            else if (flag_tag)
                shown = false, shown_by.clear();  // what came before is text of one output only
        } else if (t.sigil == '#' || t.sigil == '^') {
            ++depth;
        } else if (t.sigil == '/') {
            if (depth > 0) {
                --depth;
            } else {
                if (marks) return false;
                shown = false;  // what came before belongs to a section opened above
                shown_by.clear();
            }
        }
    }
    if (shown) return true;
    if (shown_by.empty()) return false;
    written.insert(shown_by.begin(), shown_by.end());
    return true;
}

// A line of the flag's section tags only, from its first column, the last
// one opening a section (blanks may follow it). Mustache drops such a line
// whichever way its sections go (the blanks after an opening tag and the line
// break belong to that section), so the rewrite drops it too.
bool only_flag_tags(const std::vector<Token>& tokens, const std::string& flag, bool has_newline) {
    std::size_t n = tokens.size();
    if (n > 0 && !tokens[n - 1].tag) {
        for (char c : tokens[n - 1].text)
            if (!is_blank(c)) return false;
        if (!has_newline) return false;
        --n;
    }
    if (n == 0) return false;
    for (std::size_t i = 0; i < n; ++i)
        if (!tokens[i].tag || !is_section(tokens[i]) || tokens[i].name != flag) return false;
    // Without a line break (the template's last line) nothing follows the tags for mustache to keep.
    return !has_newline || tokens[n - 1].sigil != '/';
}

}  // namespace

std::string value(const std::string& first, const std::string& second) {
    if (first == second) return first;
    std::string out;
    out.reserve(first.size() + second.size() + 3);
    out += kOpen;
    out += first;
    out += kSeparator;
    out += second;
    out += kClose;
    return out;
}

std::optional<Rewritten> rewrite(const std::string& source, const std::string& flag,
                                 const std::set<std::string>& values) {
    for (char c : source)
        if (is_mark(c)) return std::nullopt;
    struct Open {
        std::string name;
        bool inverted;
    };
    std::vector<Open> sections;
    Rewritten rewritten;
    std::string& out = rewritten.text;
    out.reserve(source.size());
    std::size_t start = 0;
    while (start < source.size()) {
        std::size_t end = source.find('\n', start);
        const bool has_newline = end != std::string::npos;
        if (!has_newline) end = source.size();
        std::string_view line(source.data() + start, end - start);
        start = has_newline ? end + 1 : source.size();

        std::vector<Token> tokens;
        if (!tokenize(line, tokens)) return std::nullopt;
        bool flags = false, paired = false, other_sections = false;
        for (const Token& t : tokens) {
            if (!t.tag) continue;
            if (t.sigil == '=' || t.sigil == '>') return std::nullopt;  // new delimiters, partials: not followed here
            if (t.name == flag && !is_section(t)) return std::nullopt;
            if (is_section(t) && t.name != flag && names_value(t.name, values)) return std::nullopt;
            flags = flags || (is_section(t) && t.name == flag);
            paired = paired || (is_variable(t) && names_value(t.name, values));
            other_sections = other_sections || (is_section(t) && t.name != flag);
        }
        const bool dropped = flags && only_flag_tags(tokens, flag, has_newline);
        // A line of paired values and no section tags is never dropped, with marks or without.
        if ((flags || paired) && !dropped && (flags || other_sections) &&
            !safe_with_marks(tokens, flag, values, rewritten.written))
            return std::nullopt;

        for (const Token& t : tokens) {
            if (!is_section(t)) {
                if (!(dropped && !t.tag)) out += t.text;  // a dropped line's trailing blanks go with it
                continue;
            }
            if (t.sigil != '/') {
                sections.push_back(Open{t.name, t.sigil == '^'});
                if (t.name != flag) out += t.text;
                else
                    out += t.sigil == '^' ? std::string{kOpen} : std::string{kOpen, kSeparator};
                continue;
            }
            if (sections.empty() || sections.back().name != t.name) return std::nullopt;  // kainjow refuses it too
            const bool inverted = sections.back().inverted;
            sections.pop_back();
            if (t.name != flag) out += t.text;
            else
                out += inverted ? std::string{kSeparator, kClose} : std::string{kClose};
        }
        if (dropped && has_newline) out += kDropLine;
        if (has_newline) out += '\n';
    }
    if (!sections.empty()) return std::nullopt;
    return rewritten;
}

bool written_in_both(const std::string& value) {
    std::string first, second;
    if (!split(value, first, second)) return false;
    auto written = [](const std::string& s) {
        for (char c : s)
            if (!is_blank(c)) return true;
        return false;
    };
    return written(first) && written(second);
}

namespace {

static_assert(kOpen == 0x1C && kSeparator == 0x1D && kClose == 0x1E && kDropLine == 0x1F, "next_mark tests 0x1C-0x1F");

// Where the next mark is in text[at, end), or end: eight bytes at a time,
// since marks are few in much text.
std::size_t next_mark(std::string_view text, std::size_t at) {
    using namespace text::bytes8;
    if constexpr (kWords) {
        for (; at + 8 <= text.size(); at += 8) {
            const std::uint64_t w = word_at(text.data() + at);
            // A byte of 0x1C-0x1F, with its two low bits cleared, is 0x1C.
            if (const std::uint64_t found = zero_bytes((w & every(0xFC)) ^ every(0x1C)); found != 0)
                return at + first_byte(found);
        }
    }
    while (at < text.size() && !is_mark(text[at])) ++at;
    return at;
}

}  // namespace

bool split(std::string_view text, std::string& first, std::string& second) {
    const std::size_t first_size = first.size(), second_size = second.size();
    auto fail = [&] {
        first.resize(first_size);
        second.resize(second_size);
        return false;
    };
    std::vector<bool> in_second;  // per open mark: past its separator
    std::size_t first_only = 0, second_only = 0;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t next = next_mark(text, at);
        std::string_view chunk = text.substr(at, next - at);
        if (second_only == 0) first.append(chunk);
        if (first_only == 0) second.append(chunk);
        if (next == text.size()) break;
        at = next + 1;
        switch (text[next]) {
            case kOpen:
                in_second.push_back(false);
                ++first_only;
                break;
            case kSeparator:
                if (in_second.empty() || in_second.back()) return fail();
                in_second.back() = true;
                --first_only;
                ++second_only;
                break;
            case kClose:
                if (in_second.empty() || !in_second.back()) return fail();
                in_second.pop_back();
                --second_only;
                break;
            default:  // kDropLine
                if (at >= text.size() || text[at] != '\n') return fail();
                ++at;
                break;
        }
    }
    if (!in_second.empty()) return fail();
    return true;
}

}  // namespace contractgen::render::paired
