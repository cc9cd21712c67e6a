// The C++ target: one header per family under cpp/include/contract/, plus
// the runtime they share and a registry of every type for tools. This file
// builds the view model (all C++ spelled out here); templates/cpp/ lays it out.
#include <algorithm>
#include <set>

#include "emit/cpp/cpp_syntax.h"
#include "emit/cpp/cpp_types.h"
#include "emit/runtime_files.h"
#include "emit/targets.h"
#include "ir/passes/passes.h"
#include "ir/pattern.h"
#include "naming/keywords.h"
#include "naming/namer.h"

namespace contractgen::emit {

namespace {

using namespace cpp;
using render::Data;
using render::flag;
using render::List;
using render::Object;
using ir::Kind;

const std::string kDir = "cpp/include/contract/";

naming::NamerConfig cpp_naming() {
    naming::NamerConfig c;
    c.type_case = naming::Case::Pascal;
    c.field_case = naming::Case::Snake;
    c.value_case = naming::Case::Pascal;  // enumerators: never ALL_CAPS, which macros own
    c.family_case = naming::Case::Snake;
    c.keywords = &naming::cpp_keywords();
    c.reserved_fields = {"additional_properties"};
    c.reserved_types = {"Json", "Codec", "Nullable", "Tristate", "DecodeError"};
    return c;
}

std::string joined_values(const std::vector<std::string>& values) {
    std::string out;
    for (const auto& v : values) out += (out.empty() ? "" : "|") + v;
    return out;
}

// Sorted {"name", index} entries for rt::field_index.
std::string name_table(std::vector<std::pair<std::string, int>> entries) {
    std::sort(entries.begin(), entries.end());
    std::string out;
    for (const auto& [name, index] : entries)
        out += (out.empty() ? "{" : ", {") + string_view_literal(name) + ", " + std::to_string(index) + "}";
    return out;
}

class FamilyView {
public:
    FamilyView(const EmitContext& ctx, const render::Templates& templates, const naming::Names& names,
               const ir::Family& family)
        : ctx_(ctx), templates_(templates), names_(names), family_(family), types_(ctx.model, names) {
        types_.set_family(family.name);
    }

    // Each declaration is rendered with the template of its kind
    // (cpp/struct.hpp.mustache, ...), so one small view model is alive at a
    // time; the family template then places the rendered code.
    Data build() {
        std::string body;
        List codecs;
        for (ir::DeclId id : family_.decls) {
            const ir::Decl& d = ctx_.model.decl(id);
            templates_.render_to("cpp/" + decl_template(d) + ".hpp.mustache", decl_view(id, d), body);
            if (!d.is<ir::Alias>() && !d.is<ir::Constant>())
                codecs.push_back(Object{{"type", names_.family.at(d.family) + "::" + names_.of(id)}, {"name", names_.of(id)}});
        }
        List includes;
        for (const auto& other : family_.depends_on) includes.push_back(Object{{"path", "contract/" + other + ".hpp"}});
        List patterns;
        for (std::size_t i = 0; i < types_.patterns().size(); ++i) {
            const std::string& p = types_.patterns()[i];
            patterns.push_back(Object{{"index", std::to_string(i)},
                                      {"wide", wide_literal(ir::translate_pattern(p, ir::PatternDialect::CppWide))},
                                      {"original", string_literal(p)}});
        }
        Data data;
        data.set("header", family_header_text(ctx_, family_));
        data.set("namespace", names_.family.at(family_.name));
        data.set("has_patterns", flag(!patterns.empty()));
        data.set("includes", std::move(includes));
        data.set("patterns", std::move(patterns));
        data.set("body", std::move(body));
        data.set("codecs", std::move(codecs));
        return data;
    }

private:
    Data decl_view(ir::DeclId id, const ir::Decl& d) {
        Data v;
        v.set("name", names_.of(id));
        v.set("doc", doc_comment(d.docs, ""));
        v.set("source", d.origin.file + "#" + d.origin.pointer);
        std::visit([&](const auto& body) { fill(v, id, body); }, d.body);
        return v;
    }

    // ---- struct --------------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Struct& s) {
        List members, cases, required, encode;
        std::vector<std::pair<std::string, int>> table;
        for (std::size_t i = 0; i < s.fields.size(); ++i) {
            const ir::Field& f = s.fields[i];
            const std::string& member = names_.fields[id][i];
            std::string wire = std_string_literal(f.wire_name);
            std::string m = "out." + member, e = "v." + member;
            table.emplace_back(f.wire_name, static_cast<int>(i));
            bool stored_const = f.type.kind == Kind::Const && f.required && !f.type.nullable;
            bool absent_or_null = !f.required && f.type.nullable && f.type.kind != Kind::Null && f.type.kind != Kind::Any;
            std::string statement, member_type, encode_line;
            if (stored_const) {
                statement = f.type.value.is_string()
                                ? "::contract::rt::expect_string_const(c, " + string_view_literal(f.type.value.get<std::string>()) + ")"
                                : "::contract::rt::expect_const(c, " + json_value_expr(f.type.value) + ")";
                encode_line = "j[" + wire + "] = " +
                              (f.type.value.is_string() ? std_string_literal(f.type.value.get<std::string>())
                                                        : json_value_expr(f.type.value)) + ";";
            } else if (f.required) {
                member_type = types_.type(f.type);
                statement = types_.decode(f.type, m, "c", 1);
                encode_line = "j[" + wire + "] = ::contract::rt::encode(" + e + ");";
            } else if (absent_or_null) {
                member_type = "::contract::Tristate<" + types_.value_type(f.type) + ">";
                statement = "::contract::rt::read_tristate(c, " + m + ", [&](::contract::rt::Cursor& c1, " +
                            types_.value_type(f.type) + "& v1) { " + types_.decode_value(f.type, "v1", "c1", 2) + "; })";
                encode_line = "if (" + e + ".is_null()) j[" + wire + "] = nullptr; else if (" + e + ".has_value()) j[" + wire +
                              "] = ::contract::rt::encode(" + e + ".value());";
            } else {
                member_type = "std::optional<" + types_.type(f.type) + ">";
                statement = types_.decode(f.type, m + ".emplace()", "c", 1);
                encode_line = "if (" + e + ") j[" + wire + "] = ::contract::rt::encode(*" + e + ");";
            }
            if (!member_type.empty())
                members.push_back(Object{{"doc", doc_comment(f.docs, "    ")}, {"type", member_type}, {"member", member}});
            cases.push_back(Object{{"index", std::to_string(i)}, {"statement", statement}});
            if (f.required) required.push_back(Object{{"index", std::to_string(i)}, {"wire", wire}});
            encode.push_back(Object{{"line", encode_line}});
        }
        // Members the struct does not declare.
        std::string unknown;
        if (!s.forbidden.empty()) {
            std::string test;
            for (const auto& name : s.forbidden) test += (test.empty() ? "" : " || ") + ("key == " + string_view_literal(name));
            unknown += "if (" + test + ") ::contract::rt::in_field(key, [&] { ::contract::rt::fail_forbidden(key); });\n                ";
        }
        std::string extra_type;
        switch (s.extra) {
            case ir::Extra::Forbid:
                unknown += "::contract::rt::in_field(key, [&] { ::contract::rt::fail_unknown(key); });";
                break;
            case ir::Extra::Keep:
                extra_type = "std::map<std::string, ::contract::Json>";
                unknown += "::contract::rt::read_json(c, out.additional_properties[std::string(key)]);";
                break;
            case ir::Extra::Typed:
                extra_type = "std::map<std::string, " + types_.type(*s.extra_type) + ">";
                unknown += "::contract::rt::in_field(key, [&] { " +
                           types_.decode(*s.extra_type, "out.additional_properties[std::string(key)]", "c", 1) + "; });";
                break;
        }
        if (!extra_type.empty())
            encode.push_back(Object{{"line", "for (const auto& [k, e] : v.additional_properties) j[k] = ::contract::rt::encode(e);"}});
        v.set("members", std::move(members));
        v.set("has_extra", flag(!extra_type.empty()));
        v.set("extra_type", std::move(extra_type));
        v.set("has_fields", flag(!s.fields.empty()));
        v.set("field_table", name_table(table));
        v.set("field_count", std::to_string(std::max<std::size_t>(1, s.fields.size())));
        v.set("cases", std::move(cases));
        v.set("unknown", std::move(unknown));
        v.set("required", std::move(required));
        bool counted = !s.bounds.empty();
        v.set("has_count", flag(counted));
        v.set("count_rule", counted ? CppTypes::count_rule(s.bounds.min_properties, s.bounds.max_properties, false) : "");
        v.set("encode", std::move(encode));
    }

    // ---- enums ---------------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Enum& e) {
        std::vector<std::string> shown;
        for (const auto& value : e.values) shown.push_back(value.is_string() ? value.get<std::string>() : value.dump());
        v.set("expected", string_literal(joined_values(shown)));
        if (e.all_strings) {
                List enumerators;
            for (std::size_t i = 0; i < e.values.size(); ++i)
                enumerators.push_back(Object{{"enumerator", names_.values[id][i]},
                                             {"wire", string_view_literal(e.values[i].get<std::string>())}});
            v.set("enumerators", std::move(enumerators));
        } else {
                ir::json all = ir::json::array();
            for (const auto& value : e.values) all.push_back(value);
            v.set("values", json_value_expr(all));
        }
    }

    void fill(Data& v, ir::DeclId id, const ir::OpenEnum& o) {
        List constants;
        for (std::size_t i = 0; i < o.known.size(); ++i)
            constants.push_back(Object{{"constant", "k" + names_.values[id][i]}, {"wire", string_view_literal(o.known[i])}});
        v.set("constants", std::move(constants));
        v.set("has_known_enum", flag(o.known_enum.has_value()));
        v.set("known_enum", o.known_enum ? types_.decl_name(*o.known_enum) : "");
        std::string test;
        for (std::size_t i = 0; i < o.known.size(); ++i) test += (i ? " || " : "") + ("value == k" + names_.values[id][i]);
        v.set("known_test", test.empty() ? "false" : test);
        std::string rule = types_.string_rule(o.other);
        v.set("has_other_rule", flag(!rule.empty()));
        v.set("other_rule", std::move(rule));
    }

    // ---- unions --------------------------------------------------------------
    void fill(Data& v, ir::DeclId, const ir::Union& u) {
        List alternatives;
        for (std::size_t i = 0; i < u.variants.size(); ++i)
            alternatives.push_back(Object{{"type", types_.type(u.variants[i].type)}, {"last", flag(i + 1 == u.variants.size())}});
        v.set("alternatives", std::move(alternatives));
        std::string body;
        auto emplace = [](std::size_t i) { return "out.value.emplace<" + std::to_string(i) + ">()"; };
        if (u.discriminator) {
            std::vector<std::pair<std::string, int>> table;
            std::vector<std::string> tags;
            for (std::size_t i = 0; i < u.variants.size(); ++i) {
                table.emplace_back(*u.variants[i].tag, static_cast<int>(i));
                tags.push_back(*u.variants[i].tag);
            }
            std::string property = string_view_literal(*u.discriminator), expected = string_literal(joined_values(tags));
            body += "static constexpr ::contract::rt::FieldName kTags[] = {" + name_table(table) + "};\n";
            body += "    std::string_view tag = ::contract::rt::read_tag(c, " + property + ", " + expected + ");\n";
            body += "    switch (::contract::rt::field_index(tag, kTags)) {\n";
            for (std::size_t i = 0; i < u.variants.size(); ++i)
                body += "        case " + std::to_string(i) + ": " + types_.decode(u.variants[i].type, emplace(i), "c", 1) + "; return;\n";
            body += "        default: ::contract::rt::fail_tag(" + property + ", " + expected + ", tag);\n    }";
        } else if (u.kinds_disjoint) {
            static const std::pair<unsigned, const char*> kinds[] = {{1, "null"},   {2, "boolean"}, {4, "object"}, {8, "array"},
                                                                     {16, "string"}, {32, "integer"}, {64, "number"}};
            std::vector<std::string> expected;
            body += "switch (::contract::rt::kind_of(c.peek())) {\n";
            for (std::size_t i = 0; i < u.variants.size(); ++i) {
                unsigned mask = ir::accepted_kinds(ctx_.model, u.variants[i].type);
                body += "        ";
                for (const auto& [bit, name] : kinds)
                    if (mask & bit) {
                        body += "case " + std::to_string(bit) + ": ";
                        expected.push_back(name);
                    }
                body += types_.decode(u.variants[i].type, emplace(i), "c", 1) + "; return;\n";
            }
            body += "        default: ::contract::rt::fail_expected(c, " + string_literal(joined_values(expected)) + ");\n    }";
        } else {
            body += "::contract::rt::read_first_match(c, out.value, " + std::string(u.mode == ir::UnionMode::OneOf ? "true" : "false");
            for (std::size_t i = 0; i < u.variants.size(); ++i)
                body += ",\n        [&](::contract::rt::Cursor& c1, auto& v1) { " +
                        types_.decode(u.variants[i].type, "v1.template emplace<" + std::to_string(i) + ">()", "c1", 2) + "; }";
            body += ");";
        }
        v.set("decode_body", std::move(body));
    }

    // ---- alias and constant ---------------------------------------------------
    void fill(Data& v, ir::DeclId, const ir::Alias& a) {
        v.set("target", types_.type(a.target));
        v.set("decode_body", types_.decode(a.target, "out", "c", 1) + ";");
    }

    void fill(Data& v, ir::DeclId id, const ir::Constant& c) {
        v.set("constant", "k" + names_.of(id));
        v.set("type", types_.type(c.type));
        v.set("value", types_.literal(c.type, c.value));
        bool lookup = !c.lookup_function.empty() && c.type.kind == Kind::Map;
        v.set("has_lookup", flag(lookup));
        v.set("lookup", lookup ? naming::make_identifier(c.lookup_function, naming::Case::Snake, {}, cpp_naming(), "f_") : "");
        v.set("lookup_value", lookup ? types_.type(c.type.item()) : "");
    }

    const EmitContext& ctx_;
    const render::Templates& templates_;  // this thread's
    const naming::Names& names_;
    const ir::Family& family_;
    CppTypes types_;
};

// runtime/cpp/contract/runtime.hpp with the header line, in the configured
// namespace (the file opens and closes `namespace contract` once and names
// nothing else by that namespace, so the rename is exact).
std::string runtime_source(const EmitContext& ctx) {
    std::string text = "// " + set_header_text(ctx) + "\n//\n" + std::string(runtime_file("cpp/contract/runtime.hpp"));
    const std::string& ns = ctx.project.cpp_namespace;
    for (auto [from, to] : {std::pair<std::string, std::string>{"\nnamespace contract {\n", "\nnamespace " + ns + " {\n"},
                            {"\n}  // namespace contract\n", "\n}  // namespace " + ns + "\n"}}) {
        auto at = text.find(from);
        if (at == std::string::npos || text.find(from, at + 1) != std::string::npos)
            throw std::logic_error("runtime.hpp must contain '" + from.substr(1, from.size() - 2) + "' exactly once");
        text.replace(at, from.size(), to);
    }
    return text;
}

class CppTarget : public Target {
public:
    void emit(const EmitContext& ctx, write::OutputSet& out) const override {
        naming::Names names = naming::resolve_names(ctx.model, cpp_naming(), ctx.schemas, ctx.sink);
        if (ctx.sink.has_errors()) return;
        std::vector<std::string> all_sources;
        for (const auto& d : ctx.schemas.documents) all_sources.push_back(d.path);

        out.add(kDir + "runtime.hpp", runtime_source(ctx));

        // One header per family, side by side.
        const auto& all = ctx.model.families;
        std::vector<std::string> headers(all.size());
        ctx.for_each(all.size(), [&](std::size_t i, const render::Templates& templates) {
            FamilyView view(ctx, templates, names, all[i]);
            headers[i] = write::normalise_text(templates.render("cpp/family.hpp.mustache", view.build()));
        });
        for (std::size_t i = 0; i < all.size(); ++i) out.add(kDir + all[i].name + ".hpp", std::move(headers[i]));

        List families, entries;
        for (const auto& family : ctx.model.families) {
            families.push_back(Object{{"path", "contract/" + family.name + ".hpp"}});
            for (ir::DeclId id : family.decls) {
                const ir::Decl& d = ctx.model.decl(id);
                if (d.lifted || d.is<ir::Constant>()) continue;
                std::string ns = "::contract::" + names.family.at(family.name) + "::";
                entries.push_back(Object{{"name", string_literal(d.qualified_name())},
                                         {"type", ns + names.of(id)},
                                         {"decode", ns + "decode_" + names.of(id)},
                                         {"encode", ns + "encode_" + names.of(id)}});
            }
        }
        Data registry;
        registry.set("header", header_text(ctx, all_sources));
        registry.set("families", std::move(families));
        registry.set("entries", std::move(entries));
        out.add(kDir + "registry.hpp", write::normalise_text(ctx.templates.render("cpp/registry.hpp.mustache", registry)));
        Data cmake;
        cmake.set("header", set_header_text(ctx));
        out.add("cpp/CMakeLists.txt", write::normalise_text(ctx.templates.render("cpp/CMakeLists.txt.mustache", cmake)));
    }
};

}  // namespace

std::unique_ptr<Target> make_cpp_target() { return std::make_unique<CppTarget>(); }

}  // namespace contractgen::emit
