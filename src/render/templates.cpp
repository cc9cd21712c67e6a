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

// Text at least this long (a family's rendered declarations run to
// megabytes) is spliced into the output rather than rendered: kainjow copies
// a value four times on its way out (its escape function, its line buffer,
// the handler, the output's growth), which on a large schema was a tenth of
// the run.
constexpr std::size_t kSpliceMin = 16 * 1024;

// What stands in for a spliced value while the template renders: control
// characters, which the emitters escape in text from schemas. Should other
// text hold a marker all the same, the markers found outnumber those handed
// out and the template is rendered again without splicing.
const std::string kMarkerStart = "\x01\x02splice:";
constexpr char kMarkerEnd = '\x03';

// Lookups that fail are remembered, so that rendering can refuse a template
// that names something the view model does not have.
class StrictContext : public km::basic_context<std::string> {
public:
    StrictContext(const km::data* root, const Templates& templates, std::string folder, bool splice)
        : inner_(root), templates_(templates), folder_(std::move(folder)), splice_(splice) {}

    void push(const km::data* data) override { inner_.push(data); }
    void pop() override { inner_.pop(); }

    const km::data* get(const std::string& name) const override {
        const km::data* d = inner_.get(name);
        if (d == nullptr) missing_.insert(name);
        else if (splice_ && d->is_string() && splices(d->string_value()))
            return marker_for(d);
        return d;
    }

    const km::data* get_partial(const std::string& name) const override {
        std::string full = folder_ + name + ".mustache";
        auto it = partials_.find(full);
        if (it == partials_.end())
            it = partials_.emplace(full, std::make_unique<km::data>(templates_.source(full))).first;
        return it->second.get();
    }

    const std::set<std::string>& missing() const { return missing_; }

    // A spliced value and the marker that stands for it; a marker's number
    // is its place in spliced().
    struct Splice {
        const std::string* value;
        std::unique_ptr<km::data> marker;  // handed out by address: each stays where it is
    };
    const std::vector<Splice>& spliced() const { return spliced_; }
    // How many times a marker was handed out.
    std::size_t markers_given() const { return markers_given_; }

private:
    // A line holding a section tag and only blanks is dropped, and kainjow
    // judges that on the line's text: a marker must not change the verdict,
    // so a value of blanks only is rendered as it is.
    static bool splices(const std::string& text) {
        return text.size() >= kSpliceMin && text.find_first_not_of(" \t") != std::string::npos;
    }

    // A template names few long values: a linear search finds a value's marker.
    const km::data* marker_for(const km::data* value) const {
        ++markers_given_;
        const std::string* text = &value->string_value();
        for (const Splice& s : spliced_)
            if (s.value == text) return s.marker.get();
        auto marker = std::make_unique<km::data>(kMarkerStart + std::to_string(spliced_.size()) + kMarkerEnd);
        spliced_.push_back({text, std::move(marker)});
        return spliced_.back().marker.get();
    }

    km::context<std::string> inner_;
    const Templates& templates_;
    std::string folder_;
    bool splice_;
    mutable std::set<std::string> missing_;
    mutable std::map<std::string, std::unique_ptr<km::data>> partials_;
    mutable std::vector<Splice> spliced_;
    mutable std::size_t markers_given_ = 0;
};

// Replaces the markers in out[from, end) with the values they stand for.
// False, with `out` unchanged, when the markers found are not exactly the
// ones handed out (a template that tested a value as a section, say): the
// caller then renders again without splicing.
bool splice_values(std::string& out, std::size_t from, const StrictContext& ctx) {
    const auto& values = ctx.spliced();
    struct Found {
        std::size_t at, end;  // the marker is out[at, end]
        const std::string* value;
    };
    std::vector<Found> found;
    std::size_t size = out.size();
    for (std::size_t at = out.find(kMarkerStart, from); at != std::string::npos; at = out.find(kMarkerStart, at + 1)) {
        std::size_t end = out.find(kMarkerEnd, at + kMarkerStart.size());
        if (end == std::string::npos) return false;
        std::size_t number = 0;
        for (std::size_t i = at + kMarkerStart.size(); i < end; ++i) {
            if (out[i] < '0' || out[i] > '9') return false;
            number = number * 10 + static_cast<std::size_t>(out[i] - '0');
        }
        if (number >= values.size()) return false;
        found.push_back({at, end, values[number].value});
        size = size - (end + 1 - at) + values[number].value->size();
    }
    if (found.size() != ctx.markers_given()) return false;
    std::string frame = out.substr(from);
    out.resize(from);
    out.reserve(size + 1);  // + 1: room for the final newline normalise_text may add
    std::size_t copied = 0;
    for (const Found& f : found) {
        out.append(frame, copied, f.at - from - copied);
        out += *f.value;
        copied = f.end + 1 - from;
    }
    out.append(frame, copied, std::string::npos);
    return true;
}

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
                          first + 2 < line.size() && line[first + 2] == '/' && line.compare(last - 1, 2, "}}") == 0 &&
                          line.find("}}", first) == last - 1;
        if (standalone) out += line.substr(first, last - first + 1);
        else
            out += line + (has_newline ? "\n" : "");
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
    render_text(name, name, source(name), data, out);
}

void Templates::render_text(const std::string& key, const std::string& name, const std::string& text, const Data& data,
                            std::string& out) const {
    auto cached = parsed_.find(key);
    if (cached == parsed_.end()) {
        auto parsed = std::make_unique<km::mustache>(text);
        if (!parsed->is_valid()) throw RenderError("template '" + name + "': " + parsed->error_message());
        parsed->set_custom_escape([](const std::string& s) { return s; });
        cached = parsed_.emplace(key, std::move(parsed)).first;
    }
    km::mustache& tmpl = *cached->second;
    auto slash = name.rfind('/');
    std::string folder = slash == std::string::npos ? std::string() : name.substr(0, slash + 1);
    const std::size_t from = out.size();
    for (bool splice : {true, false}) {
        StrictContext ctx(&data, *this, folder, splice);
        Appender appender{out};
        tmpl.render(ctx, appender);
        if (!tmpl.is_valid()) throw RenderError("template '" + name + "': " + tmpl.error_message());
        if (!ctx.missing().empty()) {
            std::string list;
            for (const auto& m : ctx.missing()) list += (list.empty() ? "" : ", ") + ("'" + m + "'");
            throw RenderError("template '" + name + "' uses " + list + ", which the view model does not provide");
        }
        if (ctx.markers_given() == 0 || splice_values(out, from, ctx)) return;
        out.resize(from);  // markers used in a way splicing cannot follow: render the values themselves
    }
}

std::vector<std::string> Templates::builtin_names() {
    std::vector<std::string> names;
    for (const auto& [name, text] : builtin_templates()) names.push_back(name);
    return names;
}

}  // namespace contractgen::render
