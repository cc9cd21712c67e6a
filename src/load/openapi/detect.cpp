#include <regex>

#include "load/openapi/openapi.h"
#include "load/openapi/yaml_document.h"

namespace contractgen::load::openapi {

bool is_openapi_document(const json& root) {
    return root.is_object() && !root.contains("$schema") && (root.contains("openapi") || root.contains("swagger"));
}

bool is_openapi_name(const std::string& path) {
    std::string name = path.substr(path.rfind('/') + 1);
    for (const char* ext : {".json", ".yaml", ".yml"}) {
        std::string tail = std::string("openapi") + ext;
        if (name == tail || (name.size() > tail.size() + 1 &&
                             name.compare(name.size() - tail.size() - 1, std::string::npos, "." + tail) == 0))
            return true;
    }
    return false;
}

bool parse_yaml_openapi(std::string_view text, Document& doc, diag::Sink& sink) {
    diag::Sink own;
    bool parsed = parse_yaml_document(text, doc, own);
    if (parsed && is_openapi_document(doc.root)) return true;
    // A document that says "openapi:" at its top level is one, however broken.
    static const std::regex says_openapi(R"((^|\n)["']?(openapi|swagger)["']?[ \t]*:)");
    if (!parsed && (is_openapi_name(doc.path) || std::regex_search(text.begin(), text.end(), says_openapi))) {
        for (const auto& d : own.all()) sink.add(d);
        return false;
    }
    diag::Diagnostic why = own.all().empty() ? diag::Diagnostic{} : own.all().front();
    sink.warning(doc.display_path, why.line, why.column,
                 parsed ? "skipped: a YAML file without a top-level \"openapi\", so not read as an OpenAPI document"
                        : "skipped: not valid YAML, so not read as an OpenAPI document (" + why.message + ")");
    return false;
}

}  // namespace contractgen::load::openapi
