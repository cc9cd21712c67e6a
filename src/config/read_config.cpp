// contractgen.toml → Project, with toml++. Strict: a typo in a key must not
// silently mean "use the default", so unknown sections and keys are errors,
// with a did-you-mean where one is close.
#include <algorithm>
#include <fstream>
#include <sstream>

#include <toml++/toml.h>

#include "config/project.h"
#include "config/resolve_section.h"

namespace contractgen::config {

namespace {

const char* type_name(const toml::node& node) {
    switch (node.type()) {
        case toml::node_type::table: return "a table";
        case toml::node_type::array: return "an array";
        case toml::node_type::string: return "a string";
        case toml::node_type::integer: return "an integer";
        case toml::node_type::floating_point: return "a number";
        case toml::node_type::boolean: return "a boolean";
        default: return "a date or time";
    }
}

std::vector<std::string> section_names() {
    std::vector<std::string> out;
    for (const auto& k : keys())
        if (out.empty() || out.back() != k.section) out.push_back(k.section);
    return out;
}

std::string hint(const std::string& word, const std::vector<std::string>& candidates) {
    std::string close = diag::closest_match(word, candidates);
    return close.empty() ? "" : " (did you mean '" + close + "'?)";
}

}  // namespace

std::optional<Project> read_config(const std::filesystem::path& file, diag::Sink& sink) {
    const std::string shown = file.generic_string();
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        sink.error(shown, 0, 0, "cannot read the config file");
        return std::nullopt;
    }
    std::stringstream text;
    text << in.rdbuf();
    toml::table root;
    try {
        root = toml::parse(text.str(), shown);
    } catch (const toml::parse_error& e) {
        const auto& at = e.source().begin;
        sink.error(shown, static_cast<int>(at.line), static_cast<int>(at.column), std::string(e.description()));
        return std::nullopt;
    }

    Project project;
    project.config_file = file;
    const auto sections = section_names();
    std::size_t errors_before = static_cast<std::size_t>(sink.error_count());
    for (const auto& [section_key, section_node] : root) {
        const std::string section(section_key.str());
        const auto& at = section_key.source().begin;
        if (section == "resolve" && section_node.as_table()) {
            read_resolve_section(*section_node.as_table(), file, project, sink);
            continue;
        }
        auto known = std::find(sections.begin(), sections.end(), section);
        if (known == sections.end() && section != "resolve") {
            sink.error(shown, static_cast<int>(at.line), static_cast<int>(at.column),
                       "unknown section [" + section + "]" + hint(section, sections) +
                           "; sections: [project], [cpp], "
                           "[ts], [python], [openapi], [go], [payload], [schemas], [resolve]");
            continue;
        }
        const toml::table* table = section_node.as_table();
        if (table == nullptr) {
            sink.error(shown, static_cast<int>(at.line), static_cast<int>(at.column),
                       "'" + section + "' must be a table ([" + section + "]), not " + type_name(section_node));
            continue;
        }
        std::vector<std::string> names;
        for (const auto& k : keys())
            if (section == k.section) names.push_back(k.name);
        for (const auto& [key, node] : *table) {
            const std::string name(key.str());
            const auto& key_at = key.source().begin;
            const Key* spec = nullptr;
            for (const auto& k : keys())
                if (section == k.section && name == k.name) spec = &k;
            if (spec == nullptr) {
                std::string list;
                for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
                sink.error(shown, static_cast<int>(key_at.line), static_cast<int>(key_at.column),
                           "unknown key '" + name + "' in [" + section + "]" + hint(name, names) + "; keys: " + list);
                continue;
            }
            const auto& value_at = node.source().begin;
            if (spec->kind == Key::Kind::Integer) {
                const auto* number = node.as_integer();
                if (number == nullptr) {
                    sink.error(shown, static_cast<int>(value_at.line), static_cast<int>(value_at.column),
                               section + "." + name + " must be an integer, not " + type_name(node));
                    continue;
                }
                project.positions[section + "." + name] = {static_cast<int>(value_at.line),
                                                           static_cast<int>(value_at.column)};
                project.*(spec->integer) = number->get();
                continue;
            }
            const auto* value = node.as_string();
            if (value == nullptr) {
                sink.error(shown, static_cast<int>(value_at.line), static_cast<int>(value_at.column),
                           section + "." + name + " must be a string, not " + type_name(node));
                continue;
            }
            project.positions[section + "." + name] = {static_cast<int>(value_at.line),
                                                       static_cast<int>(value_at.column)};
            if (spec->kind == Key::Kind::Text) {
                project.*(spec->text) = value->get();
            } else {
                // Paths in the config are relative to the folder it is in.
                std::filesystem::path p = value->get();
                project.*(spec->path) = p.is_absolute() ? p : (file.parent_path() / p).lexically_normal();
            }
        }
    }
    if (static_cast<std::size_t>(sink.error_count()) > errors_before) return std::nullopt;
    return project;
}

std::optional<Project> find_and_read(const std::optional<std::filesystem::path>& explicit_file, diag::Sink& sink) {
    if (explicit_file) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(*explicit_file, ec)) {
            sink.error(explicit_file->generic_string(), 0, 0, "config file not found");
            return std::nullopt;
        }
        return read_config(*explicit_file, sink);
    }
    std::error_code ec;
    if (std::filesystem::is_regular_file("contractgen.toml", ec)) return read_config("contractgen.toml", sink);
    return Project{};
}

}  // namespace contractgen::config
