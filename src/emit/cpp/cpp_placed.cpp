#include "emit/cpp/cpp_placed.h"

#include "emit/cpp/cpp_syntax.h"

namespace contractgen::emit::cpp {

namespace {

// A mark is "\x1E" + 'r' (rule) or 'l' (laid out) + its index + "\x1F":
// control characters that no rendered text holds otherwise (text from
// schemas reaches C++ only inside escaped literals and comments).
constexpr char kOpen = '\x1E', kClose = '\x1F';

std::string mark(char kind, std::size_t index) { return std::string(1, kOpen) + kind + std::to_string(index) + kClose; }

}  // namespace

render::Data PlacedText::rule(const Rule& rule) {
    if (rule.empty()) return render::flag(false);
    rules_.push_back(rule);
    named_.push_back(false);
    return render::Data(mark('r', rules_.size() - 1));
}

std::string PlacedText::at_column(std::function<std::string(std::size_t column)> spell) {
    spells_.push_back(std::move(spell));
    return mark('l', spells_.size() - 1);
}

std::vector<PlacedText::Mark> PlacedText::marks_in(const std::string& text, std::size_t from, std::size_t to) {
    std::vector<Mark> out;
    for (std::size_t at = text.find(kOpen, from); at < to; at = text.find(kOpen, at + 1)) {
        std::size_t close = text.find(kClose, at);
        out.push_back(Mark{std::stoul(text.substr(at + 2, close - at - 2)), text[at + 1] == 'r', at, close + 1});
    }
    return out;
}

void PlacedText::measure(const std::string& text) {
    for (std::size_t line = 0; line < text.size();) {
        std::size_t end = text.find('\n', line);
        if (end == std::string::npos) end = text.size();
        std::vector<Mark> marks = marks_in(text, line, end);
        // The line's width with every rule written out (laid-out text counts as its first line).
        std::size_t width = end - line;
        for (const Mark& m : marks) {
            width -= m.end - m.begin;
            if (m.is_rule) width += rules_[m.index].flat().size();
        }
        for (const Mark& m : marks)
            if (m.is_rule && width > kLineWidth) named_[m.index] = true;
        line = end + 1;
    }
}

std::string PlacedText::place(const std::string& text) {
    if (spelt_.size() != rules_.size()) {
        spelt_.clear();
        for (std::size_t i = 0; i < rules_.size(); ++i)
            spelt_.push_back(named_[i] ? literals_.rule(rules_[i]) : rules_[i].flat());
    }
    std::string out;
    out.reserve(text.size());
    std::size_t line_start = 0, copied = 0;
    for (const Mark& m : marks_in(text, 0, text.size())) {
        out.append(text, copied, m.begin - copied);
        std::size_t newline = out.rfind('\n');
        line_start = newline == std::string::npos ? 0 : newline + 1;
        out += m.is_rule ? spelt_[m.index] : spells_[m.index](out.size() - line_start);
        copied = m.end;
    }
    out.append(text, copied, std::string::npos);
    return out;
}

}  // namespace contractgen::emit::cpp
