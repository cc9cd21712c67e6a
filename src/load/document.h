// A schema file as loaded: its JSON value, where each member sits in the
// source text, and which family (folder) it belongs to.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostics.h"
#include "ir/model.h"

namespace contractgen::load {

using json = ir::json;

// The JSON Schema dialects contractgen reads (load/dialect/dialect.h, docs/dialects.md).
enum class Dialect { Draft4, Draft6, Draft7, Draft2019_09, Draft2020_12 };

struct Position {
    int line = 0;    // 1-based; 0 = unknown
    int column = 0;  // 1-based, in Unicode code points
};

struct Document {
    std::string path;    // relative to the schemas root, '/' separated: "events/stream.schema.json"
    std::string display_path;  // as diagnostics show it: the schemas root as given, joined with `path`
    std::string family;  // first folder of `path`
    // A file read for a `[resolve]` mapping (resolve/vendored.h): its URL,
    // which is also its `path`, and its base URI. Empty for the files of
    // the schemas folder.
    std::string base_uri;
    // The dialect the file's root resource was written in (its `$schema`, else
    // the project's default), before the loader rewrote it into 2020-12: a
    // vendored file without `$schema` that this file refers to is read in it.
    Dialect dialect = Dialect::Draft2020_12;
    json root;

    // Where things are in the source text. Recorded as byte offsets per JSON
    // node while parsing, turned into line:column only when a diagnostic
    // needs one.
    std::string text;
    // SHA-256 of `text` (hex), for the set's digest; taken where the file is
    // read, since files are read side by side. Empty: not taken yet.
    std::string text_sha256;
    std::vector<std::size_t> line_starts;
    struct NodeOffsets {
        const json* node;
        std::size_t value;  // offset of the node's value
        std::size_t key;    // offset of its key, kNoKey for array items
    };
    static constexpr std::size_t kNoKey = static_cast<std::size_t>(-1);
    // Every node but the root, sorted by address for binary search. Speed: bench/README.md, "Node offsets".
    std::vector<NodeOffsets> offsets;
    std::size_t root_offset = 0;  // the root node moves with the Document, so it is kept apart
    const NodeOffsets* offsets_of(const json* node) const;

    Position position_at(std::size_t offset) const;
    // The node a JSON pointer names, or nullptr.
    const json* node_at(const std::string& pointer) const;

    // Position of the key of `pointer` if it has one, else of its value; walks
    // up to the nearest existing ancestor so a diagnostic always has a place.
    Position position_of(const std::string& pointer) const;
    Position value_position_of(const std::string& pointer) const;
    Position position_of(const json* node) const;
    Position value_position_of(const json* node) const;
};

// A symbolic link inside the schemas folder that stays inside it: another
// name for a file or folder that is read under its own (real) path. A $ref
// through the link reaches the same document, which is read once; its types
// belong to the family of its real path.
struct Link {
    std::string path;    // the link, relative to the root
    std::string target;  // what it resolves to, relative to the root ("" for the root itself)
    bool folder = false;
};

struct SchemaSet {
    std::filesystem::path root;
    std::vector<Document> documents;  // sorted by path
    std::vector<Link> links;          // sorted by path
    // SHA-256 (hex) of the set, defined so that coreutils reproduce it:
    //   cd <root> && sha256sum <every loaded file's path and every link to one, in byte order> | sha256sum
    // (schema_set_digest fills it).
    std::string digest;

    // The document at `path` (relative, normalised), also when the path goes
    // through links; nullptr when there is none.
    const Document* find(const std::string& path) const;
};

// Deeper JSON than this is rejected before anything recurses over it.
inline constexpr int kMaxJsonDepth = 128;

// Parses one schema file's text. Reports malformed JSON, duplicate keys,
// invalid UTF-8 and excessive nesting with positions; returns false then.
bool parse_document(std::string_view text, Document& out, diag::Sink& sink);

// Reads every *.schema.json below `root`, and every other *.json that is a
// JSON Schema (a top-level "$schema"; the rest are skipped with a warning),
// sorted by path so output is stable. Symbolic links are followed while they
// stay inside `root` (see Link) and are errors when they leave it.
SchemaSet load_schemas(const std::filesystem::path& root, diag::Sink& sink);

// One file as load_schemas reads it, from its text: `path` relative to the
// root ('/'-separated), `display_path` as diagnostics show it. nullopt (with
// diagnostics) when it is not a usable schema: skipped (a *.json file that is
// not a JSON Schema), misplaced, badly named or malformed.
std::optional<Document> load_document(std::string path, std::string display_path, std::string text, diag::Sink& sink);

// The digest described at SchemaSet::digest.
std::string schema_set_digest(const SchemaSet& set);
// SHA-256 of `bytes`, in lower-case hex.
std::string sha256_hex(std::string_view bytes);

// JSON pointer helpers (RFC 6901).
std::string escape_pointer_token(std::string_view token);
std::string unescape_pointer_token(std::string_view token);  // "~1" → "/", "~0" → "~"
std::string pointer_append(const std::string& pointer, std::string_view token);
std::string pointer_append(const std::string& pointer, std::size_t index);
// Two tokens at once ("/properties/<name>").
std::string pointer_append(const std::string& pointer, std::string_view token, std::string_view next_token);

}  // namespace contractgen::load
