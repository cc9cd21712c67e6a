// The view models of one family's declarations. They hold names, types,
// rule values and literals; the templates (templates/cpp/<kind>.hpp and
// <kind>.cpp) hold every piece of C++ around them.
#include "emit/cpp/cpp_family.h"

#include <algorithm>

#include "emit/cpp/cpp_placed.h"
#include "emit/cpp/cpp_syntax.h"
#include "emit/cpp/cpp_typed.h"
#include "emit/cpp/cpp_types.h"
#include "ir/passes/passes.h"
#include "ir/pattern.h"
#include "ir/queries.h"

namespace contractgen::emit::cpp {

namespace {

using ir::Kind;
using render::Data;
using render::flag;
using render::List;
using render::Object;

// A template section's value: the text, or false when there is none (an
// empty string would still open the section).
Data maybe(std::string text) { return text.empty() ? flag(false) : Data(std::move(text)); }

std::string joined_values(const std::vector<std::string>& values) {
    std::string out;
    for (const auto& v : values) out += (out.empty() ? "" : "|") + v;
    return out;
}

class FamilyView {
public:
    FamilyView(const EmitContext& ctx, const render::Templates& templates, const naming::Names& names,
               const ir::Family& family)
        : ctx_(ctx),
          templates_(templates),
          names_(names),
          family_(family),
          types_(ctx.model, names, literals_),
          placed_(literals_),
          typed_(ctx) {
        types_.set_family(family.name);
    }

    // Each declaration is rendered with the templates of its kind, so one
    // small view model is alive at a time; the family templates then place
    // the rendered code and the literals the declarations asked for.
    FamilyFiles render() {
        std::string declarations, definitions;
        // The recursive types, declared before any of them is defined (docs/semantics.md, "Recursive types").
        std::string forward;
        for (ir::DeclId id : family_.decls) {
            const ir::Decl& d = ctx_.model.decl(id);
            if (d.recursive && (d.is<ir::Struct>() || d.is<ir::Tuple>() || d.is<ir::Union>() || types_.is_wrapper(id)))
                forward += "struct " + names_.of(id) + ";\n";
        }
        if (!forward.empty()) declarations += "\n// Recursive types, defined below.\n" + forward;
        for (ir::DeclId id : family_.decls) {
            const ir::Decl& d = ctx_.model.decl(id);
            Data view = decl_view(id, d);
            std::string kind = "cpp/" + decl_template(d);
            templates_.render_to(kind + ".hpp.mustache", view, declarations);
            templates_.render_to(kind + ".cpp.mustache", view, definitions);
            if (d.check) templates_.render_to("cpp/checked.cpp.mustache", view, definitions);
        }
        // Rules and long literals take their spelling where the templates put them.
        placed_.measure(declarations);
        placed_.measure(definitions);
        declarations = placed_.place(declarations);
        definitions = placed_.place(definitions);
        std::string dir = ctx_.project.cpp_include_dir();
        std::string ns = ctx_.project.cpp_namespace + "::" + names_.family.at(family_.name);
        // `header` is the text (as every target's templates get it), `header_comment` its comment lines.
        std::string header = family_header_text(ctx_, family_);
        std::string header_comment = cpp_header_comment(ctx_, family_.source_files, "// ");

        List includes;
        for (const auto& other : family_.depends_on) includes.push_back(Object{{"path", dir + "/" + other + ".hpp"}});
        Data h;
        h.set("header", header);
        h.set("header_comment", header_comment);
        h.set("runtime", dir + "/runtime.hpp");
        h.set("includes", std::move(includes));
        h.set("namespace", ns);
        h.set("declarations", std::move(declarations));

        List texts, patterns, json_values;
        for (std::size_t i = 0; i < literals_.texts().size(); ++i) {
            texts.push_back(
                Object{{"index", std::to_string(i)},
                       {"literal", string_view_literal_lines(literals_.texts()[i], kLineWidth - 8, "    ")}});
        }
        for (std::size_t i = 0; i < literals_.patterns().size(); ++i) {
            // RE2 syntax, or PCRE2's for a pattern that needs backtracking (cpp_pattern).
            const std::string& p = literals_.patterns()[i];
            std::string re2 = cpp_pattern(p);
            patterns.push_back(Object{{"index", std::to_string(i)},
                                      {"re2", string_literal_lines(re2, kLineWidth - 12, "        ")},
                                      {"original", string_literal_lines(p, kLineWidth - 12, "        ")}});
        }
        for (std::size_t i = 0; i < literals_.json_values().size(); ++i) {
            json_values.push_back(
                Object{{"index", std::to_string(i)},
                       {"text", string_literal_lines(literals_.json_values()[i], kLineWidth - 12, "        ")}});
        }
        List checks;
        for (std::size_t i = 0; i < literals_.checks().size(); ++i) {
            checks.push_back(
                Object{{"index", std::to_string(i)},
                       {"program", string_literal_lines(literals_.checks()[i], kLineWidth - 9, "        ")}});
        }
        List rules;
        for (std::size_t i = 0; i < literals_.rules().size(); ++i)
            rules.push_back(Object{{"index", std::to_string(i)}, {"rule", literals_.rules()[i].layout("    ")}});
        Data s;
        s.set("header", std::move(header));
        s.set("header_comment", std::move(header_comment));
        s.set("family_header", dir + "/" + family_.name + ".hpp");
        s.set("codec", dir + "/rt/codec.hpp");
        s.set("namespace", std::move(ns));
        s.set("has_literals",
              flag(!texts.empty() || !patterns.empty() || !json_values.empty() || !rules.empty() || !checks.empty()));
        s.set("checks", std::move(checks));
        s.set("rules", std::move(rules));
        s.set("texts", std::move(texts));
        s.set("patterns", std::move(patterns));
        s.set("json_values", std::move(json_values));
        s.set("definitions", std::move(definitions));
        return {write::normalise_text(templates_.render("cpp/family.hpp.mustache", h)),
                write::normalise_text(templates_.render("cpp/family.cpp.mustache", s))};
    }

private:
    Data decl_view(ir::DeclId id, const ir::Decl& d) {
        Data v;
        v.set("name", names_.of(id));
        v.set("doc", doc_comment(d.docs, ""));
        v.set("source", d.origin.file + "#" + d.origin.pointer);
        // A declaration with an assertion: its decoder and encoder are `decode_unchecked` and
        // `encode_unchecked` (internal), wrapped by a `decode` that checks first and an `encode`
        // that checks what it wrote (checked.cpp.mustache). An alias's functions carry its name
        // (`decode_X`): its template appends "_X" to the head.
        const std::string suffix = d.is<ir::Alias>() ? "_" + names_.of(id) : std::string();
        for (const std::string verb : {"decode", "encode"}) {
            v.set(verb + "_head", d.check ? "static void " + verb + "_unchecked" : "void " + verb);
            v.set(verb, verb + suffix);
        }
        v.set("unchecked", "decode_unchecked" + suffix);
        v.set("encode_unchecked", "encode_unchecked" + suffix);
        v.set("check", d.check ? literals_.check(ctx_.model.checks.at(*d.check).program) : std::string());
        std::visit([&](const auto& body) { fill(v, id, body); }, d.body);
        return v;
    }

    // ---- struct --------------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Struct& s) {
        List members, table, fields;
        for (std::size_t i = 0; i < s.fields.size(); ++i) {
            const ir::Field& f = s.fields[i];
            const std::string& member = names_.fields[id][i];
            std::string wire = literals_.text(f.wire_name);
            table.push_back(Object{{"wire", wire}, {"flags", maybe(f.required ? "rt::kRequired" : "")}});
            Object field{{"index", std::to_string(i)}, {"wire", wire},        {"const", flag(false)},
                         {"member", flag(false)},      {"rule", flag(false)}, {"bare", flag(false)}};
            bool states_type = typed_.states_type(f.origin);
            const ir::Presence presence = ir::presence(ctx_.model, f);
            if (presence == ir::Presence::Constant) {
                // A required const is checked and written, not stored.
                const ir::json& value = f.type.value;
                field.set("const",
                          value.is_string() ? literals_.text(value.get<std::string>()) : literals_.json(value));
                field.set("bare", flag(!states_type));
            } else {
                // Absent, null or a value, where the member's type does not hold null itself.
                bool absent_or_null = presence == ir::Presence::OptionalNullable && types_.wraps_null(f.type);
                std::string type = f.required       ? types_.held_type(f.type, id)
                                   : absent_or_null ? "Tristate<" + types_.held_value_type(f.type, id) + ">"
                                                    : "std::optional<" + types_.held_type(f.type, id) + ">";
                members.push_back(Object{{"doc", doc_comment(f.docs, "    ")}, {"type", type}, {"member", member}});
                field.set("member", member);
                field.set("rule", placed_.rule(types_.rule(f.type, states_type)));
            }
            fields.push_back(std::move(field));
        }
        for (const ir::ForbiddenMember& forbidden : ir::forbidden_members(s)) {
            // Undeclared in a closed object: `additionalProperties` before `not` (docs/semantics.md §2).
            const char* flags = s.extra == ir::Extra::Forbid ? "rt::kForbidden | rt::kUndeclared" : "rt::kForbidden";
            if (!forbidden.field) table.push_back(Object{{"wire", literals_.text(forbidden.wire)}, {"flags", flags}});
        }
        // Every object keeps undeclared members: an open one always, a closed
        // one in tolerant mode (docs/semantics.md, "Tolerant-reader mode").
        std::string extra_type = "Map<Value>";
        Data extra_rule = flag(false);
        if (s.extra == ir::Extra::Typed) {
            extra_type = "Map<" + types_.type(*s.extra_type) + ">";
            extra_rule = placed_.rule(types_.rule(*s.extra_type));
        }
        Rule count;
        if (!s.bounds.empty())
            count = CppTypes::count_rule("rt::MapRule()", s.bounds.min_properties, s.bounds.max_properties);
        v.set("has_table", flag(!table.empty()));
        v.set("table", std::move(table));
        v.set("members", std::move(members));
        v.set("fields", std::move(fields));
        v.set("closed", flag(s.extra == ir::Extra::Forbid));
        v.set("open", flag(s.extra != ir::Extra::Forbid && !s.extra_key_pattern));
        v.set("matching", maybe(s.extra_key_pattern ? literals_.pattern(*s.extra_key_pattern) : ""));
        v.set("extra_type", std::move(extra_type));
        v.set("extra_rule", std::move(extra_rule));
        v.set("count_rule", placed_.rule(count));
    }

    // ---- enums ---------------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Enum& e) {
        v.set("bare", flag(!typed_.states_type(ctx_.model.decl(id).origin)));
        if (e.all_strings) {
            List enumerators;
            for (std::size_t i = 0; i < e.values.size(); ++i)
                enumerators.push_back(Object{{"enumerator", names_.values[id][i]},
                                             {"wire", literals_.text(e.values[i].get<std::string>())}});
            v.set("enumerators", std::move(enumerators));
            return;
        }
        std::vector<std::string> shown;
        ir::json all = ir::json::array();
        for (const auto& value : e.values) {
            shown.push_back(value.is_string() ? value.get<std::string>() : value.dump());
            all.push_back(value);
        }
        v.set("values", literals_.json(all));
        v.set("expected", string_literal_lines(joined_values(shown), 64, "        "));
    }

    void fill(Data& v, ir::DeclId id, const ir::OpenEnum& o) {
        List constants;
        for (std::size_t i = 0; i < o.known.size(); ++i) {
            std::string constant = "k" + names_.values[id][i];
            std::string wire = placed_.at_column([known = o.known[i]](std::size_t column) {
                // The first line ends in ';'; a value that starts far right starts with 20 columns.
                return string_view_literal_lines(known, kLineWidth - 9, "        ",
                                                 column < kLineWidth - 20 ? kLineWidth - column - 1 : 20);
            });
            constants.push_back(Object{{"constant", std::move(constant)}, {"wire", std::move(wire)}});
        }
        v.set("constants", std::move(constants));
        v.set("known_enum", maybe(o.known_enum ? types_.decl_name(*o.known_enum) : ""));
        v.set("other_rule", placed_.rule(types_.string_rule(o.other)));
    }

    // ---- unions --------------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Union& u) {
        static const std::pair<unsigned, const char*> kinds[] = {
            {1, "Null"}, {2, "Boolean"}, {4, "Object"}, {8, "Array"}, {16, "String"}, {32, "Integer"}, {64, "Number"}};
        bool by_kind = !u.discriminator && u.kinds_disjoint;
        List alternatives, variant_types;
        std::vector<std::string> types;
        for (std::size_t i = 0; i < u.variants.size(); ++i) {
            const ir::Variant& variant = u.variants[i];
            std::string type = types_.held_type(variant.type, id);
            types.push_back(type);
            std::string mask;
            if (by_kind) {
                unsigned accepted = ir::accepted_kinds(ctx_.model, variant.type);
                for (const auto& [bit, kind] : kinds)
                    if (accepted & bit) mask += (mask.empty() ? "rt::k" : " | rt::k") + std::string(kind);
            }
            alternatives.push_back(
                Object{{"index", std::to_string(i)},
                       {"type", std::move(type)},
                       {"tag", maybe(variant.tag ? literals_.text(*variant.tag) : "")},
                       {"rule", u.discriminator ? flag(false) : placed_.rule(types_.rule(variant.type))},
                       {"kinds", mask.empty() ? std::string("0") : mask}});
        }
        // A discriminated union has one more alternative: the tolerant reader's unknown variant.
        if (u.discriminator) types.push_back("UnknownVariant");
        std::string one_line = "    std::variant<";
        for (std::size_t i = 0; i < types.size(); ++i) {
            one_line += (i ? ", " : "") + types[i];
            variant_types.push_back(Object{{"type", types[i]}, {"last", flag(i + 1 == types.size())}});
        }
        v.set("one_line", flag(one_line.size() + 8 <= kLineWidth));
        v.set("variant_types", std::move(variant_types));
        v.set("alternatives", std::move(alternatives));
        v.set("unknown_index", std::to_string(u.variants.size()));
        v.set("tagged", flag(u.discriminator.has_value()));
        v.set("property", u.discriminator ? literals_.text(*u.discriminator) : "");
        v.set("by_kind", flag(by_kind));
        v.set("untagged", flag(!u.discriminator));
        v.set("mode", u.mode == ir::UnionMode::OneOf ? "OneOf" : "AnyOf");
        v.set("check_one", flag(!u.discriminator && !u.kinds_disjoint && u.mode == ir::UnionMode::OneOf));
    }

    // ---- tuple -----------------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Tuple& t) {
        const std::uint64_t required = t.bounds.min_items.value_or(0);
        List items;
        for (std::size_t i = 0; i < t.items.size(); ++i) {
            const ir::TypeExpr& item = t.items[i];
            std::string member = "item" + std::to_string(i);
            bool optional = i >= required;  // an array cannot skip a position: an absent one ends it
            std::string type =
                optional ? "std::optional<" + types_.held_type(item, id) + ">" : types_.held_type(item, id);
            items.push_back(Object{{"index", std::to_string(i)},
                                   {"member", member},
                                   {"type", std::move(type)},
                                   {"optional", flag(optional)},
                                   {"rule", placed_.rule(types_.rule(item))}});
        }
        v.set("items", std::move(items));
        v.set("has_rest", flag(t.rest.has_value()));
        v.set("rest_type", t.rest ? types_.type(*t.rest) : std::string());
        v.set("rest_rule", t.rest ? placed_.rule(types_.rule(*t.rest)) : flag(false));
        v.set("prefix", std::to_string(t.items.size()));
        v.set("closed", t.rest ? "false" : "true");
        Rule count;
        const auto& b = t.bounds;
        if (b.min_items || b.max_items || b.unique_items) {
            count = CppTypes::count_rule("rt::ArrayRule()", b.min_items, b.max_items);
            if (b.unique_items) count.call("unique_items", {});
        }
        v.set("count_rule", placed_.rule(count));
    }

    // ---- alias and constant ---------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Alias& a) {
        v.set("target", types_.type(a.target));
        v.set("wrapper", flag(types_.is_wrapper(id)));
        bool states_type = typed_.states_type(ctx_.model.decl(id).origin);
        v.set("rule", placed_.rule(types_.rule(a.target, states_type)));
    }

    void fill(Data& v, ir::DeclId id, const ir::Constant& c) {
        std::string constant = "k" + names_.of(id), type = types_.type(c.type);
        bool in_header = types_.is_constexpr(c.type);
        bool lookup = !c.lookup_function.empty() && c.type.kind == Kind::Map;
        v.set("constant", constant);
        v.set("type", std::move(type));
        v.set("value", placed_.at_column([value = types_.literal(c.type, c.value)](std::size_t column) {
            return value.layout(column, "");
        }));
        v.set("is_constexpr", flag(in_header));
        v.set("lookup",
              maybe(lookup ? naming::make_identifier(c.lookup_function, naming::Case::Snake, {}, cpp_naming(), "f_")
                           : ""));
        v.set("lookup_value", lookup ? types_.type(c.type.item()) : "");
    }

    const EmitContext& ctx_;
    const render::Templates& templates_;  // this thread's
    const naming::Names& names_;
    const ir::Family& family_;
    FamilyLiterals literals_;
    CppTypes types_;
    PlacedText placed_;
    TypeStatements typed_;
};

}  // namespace

FamilyFiles render_family(const EmitContext& ctx, const render::Templates& templates, const naming::Names& names,
                          const ir::Family& family) {
    return FamilyView(ctx, templates, names, family).render();
}

std::string cpp_header_comment(const EmitContext& ctx, const std::vector<std::string>& sources,
                               const std::string& prefix) {
    return comment_lines(sources.empty() ? set_header_text(ctx) : header_text(ctx, sources), prefix);
}

}  // namespace contractgen::emit::cpp
