// The project's identity and settings: what `contractgen.toml` holds, after
// the command line has overridden it. Every target reads names, versions and
// titles from here, never from constants of its own, so one generator serves
// any contract.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostics.h"
#include "load/dialect/dialect.h"

namespace contractgen::config {

// One entry of `[resolve]`: references under the URL `prefix` are read
// from the file at the same place below `folder` (docs/references.md). The
// network is never used.
struct ResolveMapping {
    std::string prefix;            // "https://example.com/schemas/" (http or https, ending in '/')
    std::filesystem::path folder;  // resolved against the config file's folder
    int line = 0, column = 0;      // of the entry in the config file, for messages
};

// How schema files are read, for every command that loads them (generate, check, lint, breaking,
// changelog, verify): the [schemas] policy (dialect, unknown formats and keywords) and the [resolve]
// mappings (vendored files for network references).
struct SchemaReading {
    load::SchemaPolicy policy;
    std::vector<ResolveMapping> resolve;
};

// Defaults without a config file are the names this generator has always used
// (`contract` everywhere). With `[project] name = "acme-events"`, every unset
// name is derived from it: namespace `acme_events`, npm package and Python
// distribution `acme-events`, import package `acme_events`, API title
// `acme-events`, Go module `example.com/acme-events`.
struct Project {
    std::string name;                  // [project] name
    std::string version = "0.1.0";     // [project] version, stamped into every package and API document
    std::filesystem::path schemas = "schemas";  // [project] schemas
    std::filesystem::path out = "generated";    // [project] out
    // [project] runtime: "include" writes each target's runtime (the files
    // copied from runtime/<target>/) with the code made from the schemas;
    // "omit" writes only the latter, for a project that ships the runtime
    // by other means (one vendored copy for several contracts, a runtime
    // package of its own).
    std::string runtime = "include";
    std::string cpp_namespace;         // [cpp] namespace, e.g. "acme::events"
    std::string ts_package;            // [ts] package, e.g. "@acme/events"
    std::string python_distribution;   // [python] distribution, e.g. "acme-events"
    std::string python_package;        // [python] package, e.g. "acme_events"
    std::string openapi_title;         // [openapi] title
    std::string go_module;             // [go] module
    // [payload] max_depth: the deepest nesting of arrays/objects a generated
    // decoder accepts (docs/semantics.md, "Nesting depth"), the same in
    // every language; 1..10000.
    long long payload_max_depth = 128;
    // [schemas]: how schema files are read (docs/dialects.md). `dialect`:
    // the JSON Schema dialect of a resource without `$schema` ("draft-04",
    // "draft-06", "draft-07", "2019-09", "2020-12" or a meta-schema URI).
    // `unknown-formats` / `unknown-keywords`: "warn" reads an unknown format
    // or keyword as an annotation, with a warning; "error" refuses it.
    std::string schemas_dialect = "2020-12";
    std::string unknown_formats = "warn";
    std::string unknown_keywords = "warn";
    // [resolve]: URL prefixes mapped to vendored folders, longest prefix first.
    std::vector<ResolveMapping> resolve;
    // Where the config was read from (empty: none); relative paths in it
    // are resolved against its folder.
    std::filesystem::path config_file;
    // Where each key set by the config file sits in it ("cpp.namespace" →
    // line, column), so a bad value is reported at its place.
    std::map<std::string, std::pair<int, int>> positions;

    // Fills every unset name from `name` (see above). Call once, after the
    // command line has been applied.
    void derive_defaults();
    // The C++ namespace as folders ("acme::events" → "acme/events"): where
    // the generated headers live below include/.
    std::string cpp_include_dir() const;
    // [schemas] as the loader reads it (validate() has checked the values).
    load::SchemaPolicy schema_policy() const;
    // [schemas] and [resolve] together: what every command that reads schemas passes on.
    struct SchemaReading reading() const;
};

// One key of the config: its section, name, what it holds, and where it
// lands in Project. The table in project.cpp is the single list of keys: the
// TOML reader, the command-line flags and the docs test all read it.
struct Key {
    const char* section;      // "project"
    const char* name;         // "name"
    const char* flag;         // "--project-name"
    const char* description;  // one line for --help and the docs
    enum class Kind { Text, Path, Integer } kind;
    std::string Project::* text = nullptr;                // Kind::Text
    std::filesystem::path Project::* path = nullptr;      // Kind::Path
    long long Project::* integer = nullptr;               // Kind::Integer
};
const std::vector<Key>& keys();

// `value` in double quotes, control characters escaped (for messages).
std::string quoted(const std::string& value);

// Validates the values (a C++ namespace of identifiers, an npm package name,
// a Python distribution and import name, a semantic version...). Problems go
// to `sink` against the config file (or "command line").
void validate(const Project& project, diag::Sink& sink);

// Reads a contractgen.toml. Unknown sections and keys, wrong types and TOML
// syntax errors are reported with file:line:col; returns nullopt then.
std::optional<Project> read_config(const std::filesystem::path& file, diag::Sink& sink);

// The config to use: `explicit_file` if given (it must exist), else
// `contractgen.toml` in the working directory if there is one, else the
// defaults.
std::optional<Project> find_and_read(const std::optional<std::filesystem::path>& explicit_file, diag::Sink& sink);

}  // namespace contractgen::config
