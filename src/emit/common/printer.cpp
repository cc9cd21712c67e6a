#include "emit/common/printer.h"

#include <algorithm>
#include <stdexcept>

namespace contractgen::emit {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

std::string_view trim_right(std::string_view s) {
    while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        std::size_t end = text.find('\n');
        if (end == std::string_view::npos) end = text.size();
        lines.push_back(text.substr(0, end));
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    return lines;
}

// Inserts `indent` after every newline of `value` that a non-empty line (or
// the rest of the line the value lands in) follows.
std::string continue_at(const std::string& value, const std::string& indent) {
    std::string out;
    for (std::size_t i = 0; i < value.size(); ++i) {
        out += value[i];
        if (value[i] == '\n' && (i + 1 == value.size() || value[i + 1] != '\n')) out += indent;
    }
    return out;
}

}  // namespace

Printer::Sub Printer::Sub::list(std::string name, std::vector<std::string> items, std::string separator,
                                bool trailing) {
    Sub sub(std::move(name), std::string());
    sub.shape_ = Shape::List;
    sub.items_ = std::move(items);
    sub.separator_ = std::move(separator);
    sub.trailing_ = trailing;
    return sub;
}

Printer::Sub Printer::Sub::braced(std::string name, std::vector<std::string> items, std::string separator,
                                  bool trailing) {
    Sub sub = list(std::move(name), std::move(items), std::move(separator), trailing);
    sub.shape_ = Shape::Braced;
    return sub;
}

Printer::Sub Printer::Sub::hanging(std::string name, std::vector<std::string> items, std::string separator) {
    Sub sub = list(std::move(name), std::move(items), std::move(separator), false);
    sub.shape_ = Shape::Hanging;
    return sub;
}

std::size_t Printer::columns(std::string_view line) const {
    std::size_t n = 0;
    for (char c : line) {
        if (c == '\t') n += style_.tab_width;
        else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80)
            ++n;  // not a UTF-8 continuation byte
    }
    return n;
}

void Printer::emit(const std::vector<Sub>& subs, std::string_view text) {
    if (!text.empty() && text.front() == '\n') text.remove_prefix(1);
    std::vector<std::string_view> lines = split_lines(text);
    if (!lines.empty() && trim_right(lines.back()).empty()) lines.pop_back();  // the raw string's closing line
    std::size_t common = std::string_view::npos;
    for (std::string_view line : lines) {
        if (trim_right(line).empty()) continue;
        std::size_t lead = 0;
        while (lead < line.size() && is_blank(line[lead])) ++lead;
        common = std::min(common, lead);
    }
    for (std::string_view line : lines) {
        if (trim_right(line).empty()) {
            out_ += '\n';
            continue;
        }
        line.remove_prefix(common);
        // Two spaces or a tab are one level; an odd space stays a space.
        std::size_t levels = level_, spaces = 0, lead = 0;
        for (; lead < line.size() && is_blank(line[lead]); ++lead) {
            if (line[lead] == '\t') levels += 1;
            else if (++spaces == 2)
                spaces = 0, levels += 1;
        }
        std::string indent;
        for (std::size_t i = 0; i < levels; ++i) indent += style_.indent;
        indent.append(spaces, ' ');
        print_line(indent, line.substr(lead), subs);
    }
}

std::string Printer::expand(const Sub& sub, const std::string& indent, std::size_t column, std::string_view rest) {
    if (sub.print_) {
        // The callback prints through this printer, into a fresh text at level
        // zero whose width is what the landing line's indentation leaves; that
        // text then continues at the indentation.
        const std::size_t used = columns(indent);
        std::string saved = std::move(out_);
        const std::size_t saved_level = level_, saved_width = style_.width;
        out_.clear();
        level_ = 0;
        style_.width = saved_width > used ? saved_width - used : 0;
        sub.print_();
        std::string printed = std::move(out_);
        out_ = std::move(saved);
        level_ = saved_level;
        style_.width = saved_width;
        if (!printed.empty() && printed.back() == '\n') printed.pop_back();
        return continue_at(printed, indent);
    }
    if (sub.shape_ != Sub::Shape::Text) {
        const bool braced = sub.shape_ == Sub::Shape::Braced;
        std::string flat;
        for (std::size_t i = 0; i < sub.items_.size(); ++i) flat += (i ? sub.separator_ : "") + sub.items_[i];
        if (braced) flat = sub.items_.empty() ? "{}" : "{ " + flat + " }";
        if (sub.items_.empty() || column + columns(flat) + columns(rest) <= style_.width) return flat;
        const std::string separator(trim_right(sub.separator_));
        if (sub.shape_ == Sub::Shape::Hanging) {
            std::string hung = sub.items_.front();
            for (std::size_t i = 1; i < sub.items_.size(); ++i)
                hung += separator + "\n" + indent + style_.indent + continue_at(sub.items_[i], indent + style_.indent);
            return hung;
        }
        std::string wrapped = braced ? "{\n" : "\n";
        for (std::size_t i = 0; i < sub.items_.size(); ++i) {
            bool last = i + 1 == sub.items_.size();
            wrapped += indent + style_.indent + continue_at(sub.items_[i], indent + style_.indent) +
                       (last && !sub.trailing_ ? "" : separator) + "\n";
        }
        return wrapped + indent + (braced ? "}" : "");
    }
    return continue_at(sub.text_, indent);
}

void Printer::print_line(const std::string& indent, std::string_view body, const std::vector<Sub>& subs) {
    std::string line = indent;
    bool literal = false;  // the line has text of its own besides substitutions
    for (std::size_t i = 0; i < body.size();) {
        if (body[i] != '$') {
            literal = literal || !is_blank(body[i]);
            line += body[i++];
            continue;
        }
        std::size_t end = body.find('$', i + 1);
        if (end == std::string_view::npos)
            throw std::logic_error("printer: unclosed $ in \"" + std::string(body) + "\"");
        std::string_view name = body.substr(i + 1, end - i - 1);
        i = end + 1;
        if (name.empty()) {
            literal = true;
            line += '$';
            continue;
        }
        auto sub = std::find_if(subs.begin(), subs.end(), [&](const Sub& s) { return s.name_ == name; });
        if (sub == subs.end()) throw std::logic_error("printer: no substitution for $" + std::string(name) + "$");
        line += expand(*sub, indent, columns(line), body.substr(i));
    }
    std::string_view kept = trim_right(line);
    if (kept.empty() && !literal) return;  // only substitutions, and they printed nothing
    out_.append(kept.data(), kept.size());
    out_ += '\n';
}

void Printer::table(const std::vector<Row>& rows) {
    // gofmt's tabwriter: column c is aligned over each run of consecutive rows
    // that have a cell after it; a row with comment lines before it starts a run.
    std::vector<std::vector<std::size_t>> width(rows.size());
    std::size_t most = 0;
    for (const Row& r : rows) most = std::max(most, r.cells.size());
    for (std::size_t c = 0; c + 1 < most; ++c) {
        for (std::size_t begin = 0; begin < rows.size();) {
            if (rows[begin].cells.size() <= c + 1) {
                ++begin;
                continue;
            }
            std::size_t end = begin + 1, w = columns(rows[begin].cells[c]);
            while (end < rows.size() && rows[end].comment.empty() && rows[end].cells.size() > c + 1)
                w = std::max(w, columns(rows[end++].cells[c]));
            for (std::size_t i = begin; i < end; ++i) width[i].push_back(w);
            begin = end;
        }
    }
    std::string indent;
    for (std::size_t i = 0; i < level_; ++i) indent += style_.indent;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        for (const std::string& comment : rows[i].comment) {
            std::string_view kept = trim_right(comment.empty() ? std::string_view() : std::string_view(comment));
            if (!kept.empty()) out_ += indent;
            out_.append(kept.data(), kept.size());
            out_ += '\n';
        }
        std::string line = indent;
        const auto& cells = rows[i].cells;
        for (std::size_t c = 0; c < cells.size(); ++c) {
            line += cells[c];
            if (c + 1 < cells.size()) line.append(width[i][c] - columns(cells[c]) + 1, ' ');
        }
        std::string_view kept = trim_right(line);
        out_.append(kept.data(), kept.size());
        out_ += '\n';
    }
}

}  // namespace contractgen::emit
