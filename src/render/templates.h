// Mustache rendering (kainjow::mustache) for every target, with the three
// things its defaults get wrong for code generation:
//  - no HTML escaping: view models escape text for the language it lands in;
//  - a variable or section the view model does not provide is an error,
//    not an empty string, so a typo in a template cannot drop code silently;
//  - templates come from the user's --templates folder first (any single file
//    may be overridden), then from the built-in set compiled into the binary.
// Partials ({{> name}}) are looked up the same way, next to the template.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>

#include "render/data.h"
#include "render/paired.h"

namespace contractgen::render {

struct RenderError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Templates {
public:
    // `user_dir`: the --templates folder, or nullopt for the built-ins only.
    explicit Templates(std::optional<std::filesystem::path> user_dir = std::nullopt);

    // Renders "<target>/<file>.mustache". Throws RenderError.
    std::string render(const std::string& name, const Data& data) const;
    // The same, appended to `out` (no intermediate string per declaration).
    void render_to(const std::string& name, const Data& data, std::string& out) const;

    // Renders `name` once for two outputs (render/paired.h): `{{^flag}}`
    // sections and the first spelling of each paired value are appended to
    // `first`, `{{#flag}}` sections and the second spellings to `second`.
    // `values`: every name the view model may set with paired::value (the
    // same set each time for a template). False, with nothing appended, when
    // the template does not allow it or the rendered marks do not nest: the
    // caller then renders twice. Throws RenderError as render_to does.
    bool render_pair(const std::string& name, const Data& data, const std::string& flag,
                     const std::set<std::string>& values, std::string& first, std::string& second) const;
    // Whether render_pair may render `name` (checked once per template).
    bool pairs(const std::string& name, const std::string& flag, const std::set<std::string>& values) const;

    // The template text (user override or built-in). Throws RenderError.
    const std::string& source(const std::string& name) const;

    // Names of all built-in templates, for `--templates` documentation and tests.
    static std::vector<std::string> builtin_names();

private:
    // Renders `text`, parsed once under `key`, as template `name` (for messages and partials).
    void render_text(const std::string& key, const std::string& name, const std::string& text, const Data& data,
                     std::string& out) const;

    std::optional<std::filesystem::path> user_dir_;
    mutable std::map<std::string, std::string> sources_;
    // Parsed once, rendered many times (a target renders one template per declaration).
    mutable std::map<std::string, std::unique_ptr<kainjow::mustache::mustache>> parsed_;
    // Templates rewritten for render_pair, by name; nullopt: not renderable that way.
    mutable std::map<std::string, std::optional<paired::Rewritten>> paired_;
};

}  // namespace contractgen::render
