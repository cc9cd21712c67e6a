#include "emit/openapi/version31.h"

#include <algorithm>
#include <cctype>

namespace contractgen::emit::openapi {

namespace {

using ir::json;

bool is_event_stream(const std::string& media_type) {
    std::string base = media_type.substr(0, media_type.find(';'));
    base.erase(std::remove_if(base.begin(), base.end(), [](unsigned char c) { return std::isspace(c); }), base.end());
    std::transform(base.begin(), base.end(), base.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return base == "text/event-stream";
}

json example_31(const json& example) {
    if (!example.is_object()) return example;
    json out = json::object();
    for (auto it = example.begin(); it != example.end(); ++it) {
        if (it.key() == "serializedValue") out["x-oai-serializedValue"] = *it;
        else if (it.key() == "dataValue")
            out["value"] = *it;
        else
            out[it.key()] = *it;
    }
    return out;
}

json media_type_31(const std::string& name, const json& media) {
    json out = json::object();
    for (auto it = media.begin(); it != media.end(); ++it) {
        if (it.key() == "itemSchema") {
            if (!media.contains("schema"))
                out["schema"] = is_event_stream(name)
                                    ? *it
                                    : json{{"type", "string"},
                                           {"description",
                                            "A stream of items; `x-item-schema` is the schema of each item "
                                            "(OpenAPI 3.2's `itemSchema`)."}};
            out["x-item-schema"] = *it;
        } else if (it.key() == "examples" && it->is_object()) {
            json examples = json::object();
            for (auto e = it->begin(); e != it->end(); ++e) examples[e.key()] = example_31(*e);
            out[it.key()] = std::move(examples);
        } else {
            out[it.key()] = *it;
        }
    }
    return out;
}

json content_31(const json& content) {
    json out = json::object();
    for (auto it = content.begin(); it != content.end(); ++it) out[it.key()] = media_type_31(it.key(), *it);
    return out;
}

// A Request Body or Response Object: its content converted.
json with_content_31(const json& node) {
    json out = node;
    if (node.is_object() && node.contains("content") && node["content"].is_object())
        out["content"] = content_31(node["content"]);
    return out;
}

json operation_31(const json& op) {
    json out = op;
    if (op.contains("requestBody")) out["requestBody"] = with_content_31(op["requestBody"]);
    if (op.contains("responses") && op["responses"].is_object())
        for (auto it = op["responses"].begin(); it != op["responses"].end(); ++it)
            out["responses"][it.key()] = with_content_31(*it);
    return out;
}

}  // namespace

void make_openapi_31(json& document) {
    // In place: the components (most of the document) stay where they are.
    if (document.contains("openapi")) document["openapi"] = "3.1.0";
    if (document.contains("jsonSchemaDialect"))
        document["jsonSchemaDialect"] = "https://spec.openapis.org/oas/3.1/dialect/base";
    auto paths = document.find("paths");
    if (paths == document.end() || !paths->is_object()) return;
    for (auto p = paths->begin(); p != paths->end(); ++p)
        for (auto m = p->begin(); m != p->end(); ++m)
            if (m->is_object()) *m = operation_31(*m);
}

}  // namespace contractgen::emit::openapi
