#include "resolve/vendored.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "ir/schema_members.h"
#include "load/dialect/dialect.h"
#include "resolve/index.h"
#include "resolve/resolver.h"
#include "resolve/uri.h"

namespace contractgen::resolve {

namespace {

using load::json;

struct Reference {
    const load::Document* doc;
    std::string pointer;  // of the schema holding it
    const char* keyword;
    std::string value;
};

// Every `$ref` and `$dynamicRef` in schema positions of `doc`.
void references_of(const load::Document& doc, std::vector<Reference>& out) {
    struct Pending {
        const json* node;
        std::string pointer;
    };
    std::vector<Pending> stack{{&doc.root, ""}};  // no recursion: schemas may nest deeply
    while (!stack.empty()) {
        Pending p = std::move(stack.back());
        stack.pop_back();
        if (!p.node->is_object()) continue;
        for (const auto& [key, value] : p.node->items()) {
            switch (ir::member_kind(key)) {
                case ir::MemberKind::Ref:
                    if (value.is_string() && (key == "$ref" || key == "$dynamicRef"))
                        out.push_back(
                            {&doc, p.pointer, key == "$ref" ? "$ref" : "$dynamicRef", value.get<std::string>()});
                    break;
                case ir::MemberKind::Schema: stack.push_back({&value, load::pointer_append(p.pointer, key)}); break;
                case ir::MemberKind::SchemaMap:
                    if (value.is_object())
                        for (const auto& [name, sub] : value.items())
                            stack.push_back({&sub, load::pointer_append(p.pointer, key, name)});
                    break;
                case ir::MemberKind::SchemaList:
                    if (value.is_array())
                        for (std::size_t i = 0; i < value.size(); ++i)
                            stack.push_back({&value[i], load::pointer_append(load::pointer_append(p.pointer, key), i)});
                    break;
                default: break;
            }
        }
    }
}

std::string family_name_of(const std::string& folder_name) {
    std::string out;
    for (char c : folder_name) {
        if (c >= 'A' && c <= 'Z') out += static_cast<char>(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            out += c;
        else if (!out.empty() && out.back() != '_')
            out += '_';
    }
    while (!out.empty() && out.back() == '_') out.pop_back();
    if (out.empty() || (out[0] >= '0' && out[0] <= '9')) out = "vendored_" + out;
    return out;
}

}  // namespace

std::string vendored_family(const config::ResolveMapping& mapping) {
    std::filesystem::path folder = mapping.folder.lexically_normal();
    std::string name = folder.filename().string();
    if (name.empty()) name = folder.parent_path().filename().string();
    return family_name_of(name);
}

void load_vendored(load::SchemaSet& set, const config::SchemaReading& reading, diag::Sink& sink) {
    const std::vector<config::ResolveMapping>& mappings = reading.resolve;
    if (mappings.empty()) return;
    std::vector<load::Unknown> unknowns;  // keywords and formats the vendored files' dialects do not define
    std::set<std::string> tried;  // URLs looked up (loaded or reported), each once
    std::size_t scanned = 0;      // documents before this index have had their references read
    std::vector<load::Document> added;
    for (;;) {
        // The index of what is loaded so far tells which URLs name a resource already.
        for (auto& doc : added) set.documents.push_back(std::move(doc));
        added.clear();
        std::vector<Reference> refs;
        for (std::size_t i = scanned; i < set.documents.size(); ++i) references_of(set.documents[i], refs);
        scanned = set.documents.size();
        if (refs.empty()) break;
        const SchemaIndex index = SchemaIndex::build(set);
        for (const Reference& ref : refs) {
            const std::string file_part = ref.value.substr(0, ref.value.find('#'));
            if (!has_uri_scheme(ref.value) && !index.with_ids.count(ref.doc)) continue;  // a path: not a URL
            const std::string url = without_fragment(resolve_uri(index.base_of(*ref.doc, ref.pointer), file_part));
            if (!is_web_url(url) || index.resources.count(url) || !tried.insert(url).second) continue;
            auto mapping = std::find_if(mappings.begin(), mappings.end(),
                                        [&](const config::ResolveMapping& m) { return url.rfind(m.prefix, 0) == 0; });
            if (mapping == mappings.end()) continue;  // the resolver reports it, with what to do
            auto fail = [&](const std::string& message) {
                load::Position at = ref.doc->value_position_of(load::pointer_append(ref.pointer, ref.keyword));
                sink.error(ref.doc->display_path, at.line, at.column, message);
            };
            std::string rest, relative;
            if (!percent_decode(url.substr(mapping->prefix.size()), rest) || !normalise_relative_path(rest, relative) ||
                relative.empty()) {
                fail("$ref '" + ref.value + "' is '" + url + "', which names no file below the [resolve] prefix '" +
                     mapping->prefix + "'");
                continue;
            }
            std::filesystem::path file = mapping->folder / relative;
            const std::string config_at =
                " ([resolve] '" + mapping->prefix + "' = '" + mapping->folder.generic_string() + "')";
            std::error_code ec;
            // Catalogues serve schemas at URLs without `.json` (SchemaStore's
            // https://json.schemastore.org/grunt-task is grunt-task.json): a URL
            // whose file is not there is read from the same name with `.json`.
            std::string also_tried;
            if (!std::filesystem::is_regular_file(file, ec) && file.extension() != ".json") {
                std::filesystem::path with_json = file;
                with_json += ".json";
                if (std::filesystem::is_regular_file(with_json, ec)) file = with_json;
                else
                    also_tried = ", nor '" + with_json.generic_string() + "'";
            }
            std::ifstream in(file, std::ios::binary);
            if (!in || !std::filesystem::is_regular_file(file, ec)) {
                fail("$ref '" + ref.value + "' is '" + url + "', which maps to '" + file.generic_string() + "'" +
                     config_at + "; that file does not exist" + also_tried + " (vendor it there)");
                continue;
            }
            std::stringstream text;
            text << in.rdbuf();
            load::Document doc;
            doc.path = url;
            doc.display_path = file.generic_string();
            doc.family = vendored_family(*mapping);
            doc.base_uri = url;
            if (!load::parse_document(text.str(), doc, sink)) continue;
            load::SchemaPolicy policy = reading.policy;
            policy.dialect = ref.doc->dialect;  // unless the file's `$schema` names its own
            if (!load::to_draft_2020_12(doc, policy, unknowns, sink)) continue;
            doc.text_sha256 = load::sha256_hex(doc.text);
            added.push_back(std::move(doc));
        }
        if (added.empty()) break;
    }
    load::report_unknowns(unknowns, reading.policy, sink);
    std::sort(set.documents.begin(), set.documents.end(),
              [](const load::Document& a, const load::Document& b) { return a.path < b.path; });
}

}  // namespace contractgen::resolve
