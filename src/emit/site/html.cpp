#include "emit/site/html.h"

#include <set>

#include "emit/common/text.h"

namespace contractgen::emit::site {

std::string escape(const std::string& raw) {
    std::string text = visible_controls(raw);
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string paragraphs(const std::string& text) {
    std::string out, current;
    auto flush = [&] {
        std::size_t first = current.find_first_not_of('\n');
        std::size_t last = current.find_last_not_of('\n');
        if (first != std::string::npos) out += "<p>" + escape(current.substr(first, last - first + 1)) + "</p>";
        current.clear();
    };
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t end = text.find("\n\n", i);
        current += text.substr(i, end == std::string::npos ? std::string::npos : end - i);
        if (end == std::string::npos) break;
        flush();
        i = end + 2;
    }
    flush();
    return out;
}

std::string summary(const std::string& text) {
    std::size_t end = text.find('\n');
    std::size_t stop = text.find(". ");
    if (stop != std::string::npos && stop < end) end = stop + 1;
    return escape(text.substr(0, end));
}

namespace {
// Strings keep their characters (UTF-8 is valid: the loader checked it).
std::string dump(const ir::json& value, int indent) {
    return value.dump(indent, ' ', false, ir::json::error_handler_t::replace);
}
}  // namespace

std::string inline_json(const ir::json& value) { return escape(dump(value, -1)); }
std::string pretty_json(const ir::json& value) { return escape(dump(value, 2)); }

std::string comment_safe(std::string text) {
    for (std::size_t at = text.find("--"); at != std::string::npos; at = text.find("--", at))
        text.replace(at, 2, "- -");
    if (!text.empty() && text.back() == '-') text += ' ';
    return escape(text);
}

namespace {

std::string file_stem(const std::string& name) {
    std::string out;
    for (unsigned char c : name)
        out += (std::isalnum(c) || c == '_' || c == '-') && c < 0x80 ? static_cast<char>(c) : '_';
    return out.empty() ? "_" : out;
}

std::string folded(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// `wanted`, or wanted-2, wanted-3, ... : the first whose folded form is free.
std::string claim(const std::string& wanted, std::set<std::string>& taken) {
    std::string name = wanted;
    for (int n = 2; !taken.insert(folded(name)).second; ++n) name = wanted + "-" + std::to_string(n);
    return name;
}

}  // namespace

Paths::Paths(const ir::Model& model) : pages_(model.decls.size()) {
    std::set<std::string> dirs = {"index.html", "style.css"};
    for (const auto& family : model.families) {
        std::string dir = claim(file_stem(family.name), dirs);
        family_dirs_[family.name] = dir;
        std::set<std::string> files = {"index"};
        for (ir::DeclId id : family.decls)
            pages_[id] = dir + "/" + claim(file_stem(model.decl(id).name), files) + ".html";
    }
}

std::string up(int depth) { return depth > 0 ? "../" : ""; }

std::string Paths::href(ir::DeclId id, int depth) const { return up(depth) + pages_.at(id); }

std::string Paths::family_href(const std::string& family, int depth) const {
    return up(depth) + family_dirs_.at(family) + "/index.html";
}

}  // namespace contractgen::emit::site
