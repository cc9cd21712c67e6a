// `[resolve]`: which vendored folder stands for which URL prefix, so that a
// `$ref` to the network is read from disk (docs/references.md). Every entry
// is checked where it is written: a prefix that is not an http(s) URL ending
// in '/', a value that is not a string, a folder that does not exist.
#include <algorithm>

#include "config/resolve_section.h"

namespace contractgen::config {

namespace {

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

void read_resolve_section(const toml::table& table, const std::filesystem::path& file, Project& project,
                          diag::Sink& sink) {
    const std::string shown = file.generic_string();
    for (const auto& [key, node] : table) {
        const std::string prefix(key.str());
        const auto& key_at = key.source().begin;
        const auto& value_at = node.source().begin;
        auto error = [&](const toml::source_position& at, const std::string& message) {
            sink.error(shown, static_cast<int>(at.line), static_cast<int>(at.column), message);
        };
        const bool web = starts_with(prefix, "https://") || starts_with(prefix, "http://");
        const std::size_t scheme_end = prefix.find("://") + 3;
        if (!web || prefix.size() <= scheme_end || prefix.back() != '/' ||
            prefix.find('/', scheme_end) == std::string::npos) {
            error(key_at, "[resolve] key " + quoted(prefix) +
                              " must be an http:// or https:// URL prefix ending in '/' (e.g. "
                              "\"https://example.com/schemas/\")");
            continue;
        }
        if (prefix.find_first_of("#?") != std::string::npos) {
            error(key_at, "[resolve] key " + quoted(prefix) + " must not have a query or fragment");
            continue;
        }
        const auto* value = node.as_string();
        if (value == nullptr) {
            error(value_at, "resolve." + quoted(prefix) +
                                " must be a string: the folder (relative to this file) that holds the files under "
                                "that prefix");
            continue;
        }
        std::filesystem::path folder = value->get();
        if (!folder.is_absolute()) folder = (file.parent_path() / folder).lexically_normal();
        std::error_code ec;
        if (!std::filesystem::is_directory(folder, ec)) {
            error(value_at, "[resolve] folder " + quoted(value->get()) + " for " + quoted(prefix) +
                                " does not exist or is not a folder (" + folder.generic_string() + ")");
            continue;
        }
        project.resolve.push_back(
            ResolveMapping{prefix, folder, static_cast<int>(key_at.line), static_cast<int>(key_at.column)});
    }
    // The longest prefix wins; equal lengths cannot occur (TOML keys are unique).
    std::stable_sort(
        project.resolve.begin(), project.resolve.end(),
        [](const ResolveMapping& a, const ResolveMapping& b) { return a.prefix.size() > b.prefix.size(); });
}

}  // namespace contractgen::config
