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
};

}  // namespace contractgen::render
