#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <functional>
#include <optional>
#include <regex>
#include <system_error>

#include "load/dialect/dialect.h"
#include "load/document.h"
#include "load/openapi/openapi.h"
#include "load/openapi/yaml_document.h"
#include "load/walk.h"
#include "parallel/work_pool.h"

namespace contractgen::load {

namespace fs = std::filesystem;

namespace {
void append_escaped(std::string& out, std::string_view token) {
    for (char c : token) {
        if (c == '~') out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
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

// Links are few and only consulted for a path that names no document. Each
// step replaces the longest link prefix by its target; no prefix of a target
// is a link, so the next step's link ends further into what followed the
// first one: a path needs at most one step per component.
const Document* SchemaSet::find(const std::string& path) const {
    std::string p = path;
    const std::size_t components = static_cast<std::size_t>(std::count(path.begin(), path.end(), '/')) + 1;
    for (std::size_t step = 0; step <= components; ++step) {
        auto it = std::lower_bound(documents.begin(), documents.end(), p,
                                   [](const Document& d, const std::string& q) { return d.path < q; });
        if (it != documents.end() && it->path == p) return &*it;
        const Link* through = nullptr;
        for (const Link& link : links) {
            bool names =
                p == link.path || (link.folder && p.size() > link.path.size() &&
                                   p.compare(0, link.path.size(), link.path) == 0 && p[link.path.size()] == '/');
            if (names && (through == nullptr || link.path.size() > through->path.size())) through = &link;
        }
        if (through == nullptr) return nullptr;
        std::string rest = p.substr(through->path.size());  // "" or "/…"
        p = through->target.empty() ? (rest.empty() ? rest : rest.substr(1)) : through->target + rest;
    }
    return nullptr;
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
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            out += c;
        else if (!out.empty() && out.back() != '_')
            out += '_';
    }
    while (!out.empty() && out.back() == '_') out.pop_back();
    if (!out.empty() && out[0] >= '0' && out[0] <= '9') out = "f_" + out;
    return out;
}

// The whole file, or the reason it cannot be read (strerror's words).
std::optional<std::string> read_text(const fs::path& path, std::string& why) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        why = std::error_code(errno, std::generic_category()).message();
        return std::nullopt;
    }
    std::string text;
    struct stat info{};
    if (::fstat(fd, &info) == 0 && info.st_size > 0) text.reserve(static_cast<std::size_t>(info.st_size));
    char buffer[1 << 16];
    for (;;) {
        ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            why = std::error_code(errno, std::generic_category()).message();
            ::close(fd);
            return std::nullopt;
        }
        if (n == 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fd);
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
    if (openapi::is_openapi_document(lenient) || openapi::is_openapi_name(doc.path)) return true;
    diag::Diagnostic why = strict.all().empty() ? diag::Diagnostic{} : strict.all().front();
    sink.warning(doc.display_path, why.line, why.column,
                 "skipped: not valid JSON, so not read as a JSON Schema (" +
                     (why.message.empty() ? std::string("unreadable") : why.message) + ")");
    return false;
}

// Where a schema file may be, and what it may be called.
bool check_place(const std::string& rel, const std::string& shown, diag::Sink& sink) {
    auto slash = rel.find('/');
    if (slash == std::string::npos) {
        sink.error(shown, 0, 0,
                   "schema files belong in a family folder (schemas/<family>/" + rel +
                       "); each folder directly under the schemas root is a namespace");
        return false;
    }
    std::string family = rel.substr(0, slash);
    if (!valid_family_name(family)) {
        std::string hint = suggest_family_name(family);
        sink.error(shown, 0, 0,
                   "family folder '" + family +
                       "' is not a valid name (lower case letters, digits and '_', starting with a letter)" +
                       (hint.empty() ? std::string() : "; rename it to '" + hint + "'"));
        return false;
    }
    // The path lands in generated files (headers, comments, the OpenAPI
    // document) and in messages: a control character or a byte that is not
    // UTF-8 has no faithful place in either.
    if (diag::printable(rel) != rel) {
        sink.error(shown, 0, 0,
                   "schema file names must be printable UTF-8 text: this one has a control character or a byte that "
                   "is not UTF-8 (shown escaped); file names appear in generated code and in messages, so rename it");
        return false;
    }
    return true;
}

}  // namespace

std::optional<Document> load_document(std::string path, std::string display_path, std::string text, diag::Sink& sink) {
    Document doc;
    doc.path = std::move(path);
    doc.display_path = std::move(display_path);
    // A *.json file not named *.schema.json is parsed first to tell whether
    // it is a schema at all; its own errors only count if it is.
    std::optional<bool> parsed;
    diag::Sink strict;
    // An OpenAPI document (JSON or YAML) is read as the schema document it
    // declares (src/load/openapi/).
    bool openapi = openapi::is_yaml_name(doc.path);
    if (openapi && !openapi::parse_yaml_openapi(text, doc, sink)) return std::nullopt;
    if (!openapi && !ends_with(doc.path, ".schema.json")) {
        parsed = parse_document(text, doc, strict);
        openapi = *parsed && openapi::is_openapi_document(doc.root);
        if (!openapi && !is_json_schema(doc, *parsed, strict, text, sink)) return std::nullopt;
    }
    if (!check_place(doc.path, doc.display_path, sink)) return std::nullopt;
    doc.family = doc.path.substr(0, doc.path.find('/'));
    if (openapi) {
        if (!openapi::convert_openapi(doc, sink)) return std::nullopt;
        doc.text_sha256 = sha256_hex(doc.text);
        return doc;
    }
    if (parsed) {
        for (const auto& d : strict.all()) sink.add(d);
    } else {
        parsed = parse_document(text, doc, sink);
    }
    if (!*parsed) return std::nullopt;
    doc.text_sha256 = sha256_hex(doc.text);
    return doc;
}

namespace {

// A link named *.json to a file that is not read as a schema (skipped, with
// its own warning) is skipped too, and says so under its own name.
void check_file_links(const fs::path& root, const SchemaSet& set, diag::Sink& sink) {
    for (const Link& link : set.links)
        if (!link.folder && set.find(link.target) == nullptr)
            sink.warning(display_path(root, link.path), 0, 0,
                         "skipped: symbolic link to " + display_path(root, link.target) +
                             ", which is not read as a JSON Schema");
}

}  // namespace

SchemaSet load_schemas(const fs::path& root, diag::Sink& sink) { return load_schemas(root, sink, SchemaPolicy{}); }

SchemaSet load_schemas(const fs::path& root, diag::Sink& sink, const SchemaPolicy& policy) {
    SchemaSet set;
    set.root = root;
    std::error_code ec;
    if (!fs::is_directory(root, ec)) {
        sink.error(root.string(), 0, 0, "schemas folder does not exist or is not a folder");
        return set;
    }
    Listing listing = list_schemas_folder(root, sink);
    const std::vector<std::string>& paths = listing.files;

    // Files are parsed side by side, each into its own slot with its own
    // diagnostics, and taken in path order: neither the documents nor the
    // order of messages depend on scheduling.
    struct Loaded {
        std::optional<Document> doc;
        diag::Sink sink;
        std::vector<Unknown> unknowns;
    };
    std::vector<Loaded> loaded(paths.size());
    parallel::WorkPool pool;
    pool.for_each(paths.size(), [&](std::size_t i, std::size_t) {
        const std::string shown = display_path(root, paths[i]);
        std::string why;
        std::optional<std::string> text = read_text(root / paths[i], why);
        if (!text) loaded[i].sink.error(shown, 0, 0, "cannot read file: " + why);
        else
            loaded[i].doc = load_document(paths[i], shown, std::move(*text), loaded[i].sink);
        if (loaded[i].doc && !to_draft_2020_12(*loaded[i].doc, policy, loaded[i].unknowns, loaded[i].sink))
            loaded[i].doc.reset();
    });
    std::vector<Unknown> unknowns;
    for (Loaded& file : loaded) {
        for (const auto& d : file.sink.all()) sink.add(d);
        if (file.doc) set.documents.push_back(std::move(*file.doc));
        unknowns.insert(unknowns.end(), file.unknowns.begin(), file.unknowns.end());
    }
    report_unknowns(unknowns, policy, sink);
    set.links = std::move(listing.links);
    check_file_links(root, set, sink);
    return set;
}

}  // namespace contractgen::load
