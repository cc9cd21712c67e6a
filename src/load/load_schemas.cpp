#include <algorithm>
#include <fstream>
#include <functional>
#include <optional>
#include <regex>

#include "load/document.h"
#include "parallel/work_pool.h"

namespace contractgen::load {

namespace fs = std::filesystem;

namespace {
void append_escaped(std::string& out, std::string_view token) {
    for (char c : token) {
        if (c == '~') out += "~0";
        else if (c == '/') out += "~1";
        else out += c;
    }
}
}  // namespace

std::string escape_pointer_token(std::string_view token) {
    std::string out;
    out.reserve(token.size());
    append_escaped(out, token);
    return out;
}

std::string unescape_pointer_token(std::string_view token) {
    std::string out;
    for (std::size_t i = 0; i < token.size(); ++i) {
        if (token[i] == '~' && i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
            out += token[i + 1] == '0' ? '~' : '/';
            ++i;
        } else {
            out += token[i];
        }
    }
    return out;
}

// One allocation per pointer. Speed: bench/README.md, "Pointers".
std::string pointer_append(const std::string& pointer, std::string_view token) {
    std::string out;
    out.reserve(pointer.size() + 1 + token.size());
    out += pointer;
    out += '/';
    append_escaped(out, token);
    return out;
}

std::string pointer_append(const std::string& pointer, std::string_view token, std::string_view next_token) {
    std::string out;
    out.reserve(pointer.size() + 2 + token.size() + next_token.size());
    out += pointer;
    out += '/';
    append_escaped(out, token);
    out += '/';
    append_escaped(out, next_token);
    return out;
}

std::string pointer_append(const std::string& pointer, std::size_t index) {
    constexpr std::size_t kMaxDigits = 20;  // of a 64-bit index
    std::string out;
    out.reserve(pointer.size() + 1 + kMaxDigits);
    out += pointer;
    out += '/';
    out += std::to_string(index);
    return out;
}

namespace {
std::string parent_pointer(const std::string& pointer) {
    auto slash = pointer.rfind('/');
    return slash == std::string::npos ? std::string() : pointer.substr(0, slash);
}

}  // namespace

Position Document::position_at(std::size_t offset) const {
    if (line_starts.empty()) return {};
    if (offset > text.size()) offset = text.size();
    auto it = std::upper_bound(line_starts.begin(), line_starts.end(), offset);
    std::size_t line = static_cast<std::size_t>(it - line_starts.begin());
    int column = 1;
    std::size_t start = line_starts[line - 1];
    if (start == 0 && text.compare(0, 3, "\xEF\xBB\xBF") == 0 && offset >= 3) start = 3;  // a BOM is no column
    for (std::size_t i = start; i < offset; ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
    return {static_cast<int>(line), column};
}

const json* Document::node_at(const std::string& pointer) const {
    const json* node = &root;
    std::size_t start = 1;
    while (!pointer.empty() && start <= pointer.size()) {
        std::size_t slash = pointer.find('/', start);
        if (slash == std::string::npos) slash = pointer.size();
        std::string token = unescape_pointer_token(pointer.substr(start, slash - start));
        start = slash + 1;
        if (node->is_object()) {
            auto it = node->find(token);
            if (it == node->end()) return nullptr;
            node = &*it;
        } else if (node->is_array()) {
            if (token.empty() || token.find_first_not_of("0123456789") != std::string::npos) return nullptr;
            std::size_t index = std::stoull(token);
            if (index >= node->size()) return nullptr;
            node = &(*node)[index];
        } else {
            return nullptr;
        }
    }
    return node;
}

const Document::NodeOffsets* Document::offsets_of(const json* node) const {
    auto it = std::lower_bound(offsets.begin(), offsets.end(), node,
                               [](const NodeOffsets& o, const json* n) { return std::less<const json*>()(o.node, n); });
    return it != offsets.end() && it->node == node ? &*it : nullptr;
}

Position Document::value_position_of(const json* node) const {
    if (node == &root) return position_at(root_offset);
    const NodeOffsets* o = offsets_of(node);
    return o == nullptr ? Position{} : position_at(o->value);
}

Position Document::position_of(const json* node) const {
    if (const NodeOffsets* o = offsets_of(node); o != nullptr && o->key != kNoKey) return position_at(o->key);
    return value_position_of(node);
}

Position Document::position_of(const std::string& pointer) const {
    for (std::string p = pointer;; p = parent_pointer(p)) {
        if (const json* node = node_at(p)) return position_of(node);
        if (p.empty()) return {};
    }
}

Position Document::value_position_of(const std::string& pointer) const {
    for (std::string p = pointer;; p = parent_pointer(p)) {
        if (const json* node = node_at(p)) return value_position_of(node);
        if (p.empty()) return {};
    }
}

const Document* SchemaSet::find(const std::string& path) const {
    auto it = std::lower_bound(documents.begin(), documents.end(), path,
                               [](const Document& d, const std::string& p) { return d.path < p; });
    return (it != documents.end() && it->path == path) ? &*it : nullptr;
}

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Family names become C++ namespaces, Python modules and file names.
bool valid_family_name(const std::string& name) {
    static const std::regex re("^[a-z][a-z0-9_]*$");
    return std::regex_match(name, re);
}

std::string suggest_family_name(const std::string& name) {
    std::string out;
    for (char c : name) {
        if (c >= 'A' && c <= 'Z') out += static_cast<char>(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) out += c;
        else if (!out.empty() && out.back() != '_') out += '_';
    }
    while (!out.empty() && out.back() == '_') out.pop_back();
    if (!out.empty() && out[0] >= '0' && out[0] <= '9') out = "f_" + out;
    return out;
}

std::optional<std::string> read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::string text;
    in.seekg(0, std::ios::end);
    text.resize(static_cast<std::size_t>(std::max<std::streamoff>(0, in.tellg())));
    in.seekg(0, std::ios::beg);
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    return text;
}

// A *.json file not named *.schema.json is a JSON Schema when its top level
// is an object with "$schema". One that is not (package.json, a data file,
// editor settings, a JSONC file with comments) is skipped with a warning
// saying why, never silently: a schema left out by mistake would otherwise
// only show up as a $ref that does not resolve. `doc` holds the strict parse
// (`parsed` says whether it succeeded, its diagnostics are in `strict`).
bool is_json_schema(const Document& doc, bool parsed, const diag::Sink& strict, std::string_view text,
                    diag::Sink& sink) {
    if (parsed) {
        if (!doc.root.is_object()) {
            sink.warning(doc.display_path, 0, 0, "skipped: not a JSON object, so not a JSON Schema");
            return false;
        }
        if (doc.root.contains("$schema")) return true;
        sink.warning(doc.display_path, 0, 0,
                     "skipped: no top-level \"$schema\", so not read as a JSON Schema (to read it, add "
                     "\"$schema\": \"https://json-schema.org/draft/2020-12/schema\" or name it *.schema.json)");
        return false;
    }
    // The strict parse failed (malformed JSON, a duplicate key, bad UTF-8...).
    // A file that still declares "$schema" is a broken schema: its errors stand.
    json lenient = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (lenient.is_object() && lenient.contains("$schema")) return true;
    diag::Diagnostic why = strict.all().empty() ? diag::Diagnostic{} : strict.all().front();
    sink.warning(doc.display_path, why.line, why.column,
                 "skipped: not valid JSON, so not read as a JSON Schema (" +
                     (why.message.empty() ? std::string("unreadable") : why.message) + ")");
    return false;
}

// Checks, reads and parses one file; nullopt (with diagnostics) when it is
// not a usable schema.
std::optional<Document> load_file(const fs::path& root, const std::string& rel, diag::Sink& sink) {
    std::string shown = (root / rel).generic_string();
    Document doc;
    doc.path = rel;
    doc.display_path = shown;  // the way the user passed the root: "schemas/x/y.schema.json"
    std::optional<std::string> text;
    std::optional<bool> parsed;  // set when the file had to be parsed to tell whether it is a schema
    diag::Sink strict;
    if (!ends_with(rel, ".schema.json")) {
        text = read_text(root / rel);
        if (!text) {
            sink.error(shown, 0, 0, "cannot read file");
            return std::nullopt;
        }
        parsed = parse_document(*text, doc, strict);
        if (!is_json_schema(doc, *parsed, strict, *text, sink)) return std::nullopt;
    }
    auto slash = rel.find('/');
    if (slash == std::string::npos) {
        sink.error(shown, 0, 0,
                   "schema files belong in a family folder (schemas/<family>/" + rel +
                       "); each folder directly under the schemas root is a namespace");
        return std::nullopt;
    }
    std::string family = rel.substr(0, slash);
    if (!valid_family_name(family)) {
        std::string hint = suggest_family_name(family);
        sink.error(shown, 0, 0,
                   "family folder '" + family +
                       "' is not a valid name (lower case letters, digits and '_', starting with a letter)" +
                       (hint.empty() ? std::string() : "; rename it to '" + hint + "'"));
        return std::nullopt;
    }
    doc.family = family;
    if (parsed) {  // parsed already
        for (const auto& d : strict.all()) sink.add(d);
        return *parsed ? std::optional<Document>(std::move(doc)) : std::nullopt;
    }
    text = read_text(root / rel);
    if (!text) {
        sink.error(shown, 0, 0, "cannot read file");
        return std::nullopt;
    }
    if (!parse_document(*text, doc, sink)) return std::nullopt;
    return doc;
}

}  // namespace

SchemaSet load_schemas(const fs::path& root, diag::Sink& sink) {
    SchemaSet set;
    set.root = root;
    std::error_code ec;
    if (!fs::is_directory(root, ec)) {
        sink.error(root.string(), 0, 0, "schemas folder does not exist or is not a folder");
        return set;
    }

    std::vector<std::string> paths;
    for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (!it->is_regular_file(ec)) continue;
        std::string rel = fs::relative(it->path(), root, ec).generic_string();
        if (ends_with(rel, ".json")) paths.push_back(rel);  // which are schemas: load_file
    }
    if (ec) sink.error(root.string(), 0, 0, "cannot list schemas folder: " + ec.message());
    std::sort(paths.begin(), paths.end());

    // Files are parsed side by side, each into its own slot with its own
    // diagnostics, and taken in path order: neither the documents nor the
    // order of messages depend on scheduling.
    struct Loaded {
        std::optional<Document> doc;
        diag::Sink sink;
    };
    std::vector<Loaded> loaded(paths.size());
    parallel::WorkPool pool;
    pool.for_each(paths.size(), [&](std::size_t i, std::size_t) { loaded[i].doc = load_file(root, paths[i], loaded[i].sink); });
    for (Loaded& file : loaded) {
        for (const auto& d : file.sink.all()) sink.add(d);
        if (file.doc) set.documents.push_back(std::move(*file.doc));
    }
    return set;
}

}  // namespace contractgen::load
