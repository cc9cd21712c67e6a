#include "render/templates.h"

#include <fstream>
#include <set>
#include <sstream>
#include <vector>

#include "render/builtin_templates.h"

namespace contractgen::render {

namespace km = kainjow::mustache;

namespace {

void check_name(const std::string& name) {
    if (name.empty() || name[0] == '/' || name.find("..") != std::string::npos || name.find('\\') != std::string::npos)
        throw RenderError("template name '" + name + "' must be a relative path without '..'");
}

// Lookups that fail are remembered, so that rendering can refuse a template
// that names something the view model does not have.
class StrictContext : public km::basic_context<std::string> {
public:
    StrictContext(const km::data* root, const Templates& templates, std::string folder)
        : inner_(root), templates_(templates), folder_(std::move(folder)) {}

    void push(const km::data* data) override { inner_.push(data); }
    void pop() override { inner_.pop(); }

    const km::data* get(const std::string& name) const override {
        const km::data* d = inner_.get(name);
        if (d == nullptr) missing_.insert(name);
        return d;
    }

    const km::data* get_partial(const std::string& name) const override {
        std::string full = folder_ + name + ".mustache";
        auto it = partials_.find(full);
        if (it == partials_.end()) it = partials_.emplace(full, std::make_unique<km::data>(templates_.source(full))).first;
        return it->second.get();
    }

    const std::set<std::string>& missing() const { return missing_; }

private:
    km::context<std::string> inner_;
    const Templates& templates_;
    std::string folder_;
    mutable std::set<std::string> missing_;
    mutable std::map<std::string, std::unique_ptr<km::data>> partials_;
};

// What kainjow writes rendered text to: appends to a string (its
// string-returning render goes through a std::ostringstream and a copy).
struct Appender {
    std::string& out;
    Appender& operator<<(const std::string& text) {
        out += text;
        return *this;
    }
};

// Mustache's "standalone tag" rule removes a line that holds only a section
// tag; kainjow keeps the line of a closing tag when the section is skipped,
// leaving a blank line behind. Gluing each standalone closing tag onto the
// following line gives the rule's result.
std::string glue_standalone_tags(const std::string& text) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        bool has_newline = end != std::string::npos;
        std::string line = text.substr(start, has_newline ? end - start : std::string::npos);
        std::size_t first = line.find_first_not_of(" \t");
        std::size_t last = line.find_last_not_of(" \t");
        bool standalone = has_newline && first != std::string::npos && line.compare(first, 2, "{{") == 0 &&
                          first + 2 < line.size() && line[first + 2] == '/' &&
                          line.compare(last - 1, 2, "}}") == 0 && line.find("}}", first) == last - 1;
        if (standalone) out += line.substr(first, last - first + 1);
        else out += line + (has_newline ? "\n" : "");
        start = has_newline ? end + 1 : text.size();
    }
    return out;
}

}  // namespace

Templates::Templates(std::optional<std::filesystem::path> user_dir) : user_dir_(std::move(user_dir)) {}

const std::string& Templates::source(const std::string& name) const {
    check_name(name);
    if (auto it = sources_.find(name); it != sources_.end()) return it->second;
    std::string text;
    bool found = false;
    if (user_dir_) {
        std::ifstream in(*user_dir_ / name, std::ios::binary);
        if (in) {
            std::ostringstream buf;
            buf << in.rdbuf();
            text = buf.str();
            found = true;
        }
    }
    if (!found) {
        const auto& builtins = builtin_templates();
        auto it = builtins.find(name);
        if (it == builtins.end()) throw RenderError("template '" + name + "' not found");
        text = std::string(it->second);
    }
    return sources_.emplace(name, glue_standalone_tags(text)).first->second;
}

std::string Templates::render(const std::string& name, const Data& data) const {
    std::string out;
    render_to(name, data, out);
    return out;
}

void Templates::render_to(const std::string& name, const Data& data, std::string& out) const {
    auto cached = parsed_.find(name);
    if (cached == parsed_.end()) {
        auto parsed = std::make_unique<km::mustache>(source(name));
        if (!parsed->is_valid()) throw RenderError("template '" + name + "': " + parsed->error_message());
        parsed->set_custom_escape([](const std::string& s) { return s; });
        cached = parsed_.emplace(name, std::move(parsed)).first;
    }
    km::mustache& tmpl = *cached->second;
    auto slash = name.rfind('/');
    StrictContext ctx(&data, *this, slash == std::string::npos ? std::string() : name.substr(0, slash + 1));
    Appender appender{out};
    tmpl.render(ctx, appender);
    if (!tmpl.is_valid()) throw RenderError("template '" + name + "': " + tmpl.error_message());
    if (!ctx.missing().empty()) {
        std::string list;
        for (const auto& m : ctx.missing()) list += (list.empty() ? "" : ", ") + ("'" + m + "'");
        throw RenderError("template '" + name + "' uses " + list + ", which the view model does not provide");
    }
}

std::vector<std::string> Templates::builtin_names() {
    std::vector<std::string> names;
    for (const auto& [name, text] : builtin_templates()) names.push_back(name);
    return names;
}

}  // namespace contractgen::render
