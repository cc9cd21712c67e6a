// One family's Go package (see go_family.h); structs and constants are in go_struct.cpp.
#include "emit/go/go_family.h"

#include <algorithm>
#include <array>

#include "naming/namer.h"

namespace contractgen::emit::go {

using ir::Kind;
using render::Data;
using render::flag;
using render::List;
using render::Object;

namespace {

// `var name = type{items}`, the items one a line when the line would pass the width.
std::string values_decl(const std::string& var, const char* type, const std::vector<std::string>& items) {
    Printer p(printer_style());
    p.emit({{"var", var}, {"type", type}, Printer::Sub::list("items", items)}, "var $var$ = $type${$items$}\n");
    std::string out = p.take();
    out.pop_back();  // the template ends the line
    return out;
}

// An enum's constants (name, type, string literal), one level deep, aligned as gofmt aligns them. A
// constant too long for its line is written `Name = Type(` with the literal on a line of its own (the same
// typed constant), set apart by blank lines, which end gofmt's alignment runs: its long name pads no other line.
std::string enum_constants(const std::vector<std::array<std::string, 3>>& specs) {
    Printer p(printer_style());
    p.indent();
    std::vector<Printer::Row> run;
    bool apart = false;  // the previous constant was set apart
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const auto& [name, type, literal] = specs[i];
        std::string line = name + " " + type + " = " + literal;
        if (p.columns(line) + printer_style().tab_width <= printer_style().width) {
            run.push_back(Printer::Row{{}, {name, type, "= " + literal}});
            if (apart) run.back().comment.push_back("");
            apart = false;
            continue;
        }
        p.table(run);
        run.clear();
        std::string text = R"(
          $name$ = $type$(
            $literal$,
          )
        )";
        if (i > 0) text.insert(0, "\n");  // a blank line before it
        p.emit({{"name", name}, {"type", type}, {"literal", literal}}, text);
        apart = true;
    }
    p.table(run);
    return p.take();
}

std::string joined(const std::vector<std::string>& values) {
    std::string out;
    for (const auto& v : values) out += (out.empty() ? "" : "|") + v;
    return out;
}

}  // namespace

FamilyView::FamilyView(const EmitContext& ctx, const render::Templates& templates, const GoNames& names,
                       const ir::Family& family)
    : ctx_(ctx),
      templates_(templates),
      names_(names),
      family_(family),
      private_(names.private_names.at(family.name)),
      types_(ctx.model, names, private_) {
    types_.set_family(family.name);
}

Data FamilyView::build() {
    std::string declarations;
    for (ir::DeclId id : family_.decls) {
        const ir::Decl& d = ctx_.model.decl(id);
        Data v = decl_view(id, d);
        templates_.render_to("go/" + decl_template(d) + ".go.mustache", v, declarations);
        if (!d.is<ir::Constant>()) templates_.render_to("go/common.go.mustache", v, declarations);
    }
    std::vector<std::string> paths;
    paths.push_back(string_literal(ctx_.project.go_module + "/contract"));
    for (const auto& other : types_.families_used())
        paths.push_back(string_literal(ctx_.project.go_module + "/" + names_.package.at(other)));
    std::sort(paths.begin(), paths.end());
    List imports;
    for (auto& p : paths) imports.push_back(Object{{"path", std::move(p)}});
    ir::Docs docs;
    docs.description =
        "Package " + names_.package.at(family_.name) + " is the " + family_.name + " family of the contract, from ";
    for (std::size_t i = 0; i < family_.source_files.size(); ++i)
        docs.description += (i ? ", " : "") + family_.source_files[i];
    docs.description +=
        ".\n\n"
        "Every struct's AdditionalProperties holds the members its schema does not\n"
        "declare, in input order; they are written after the declared ones. A closed\n"
        "struct (its schema allows none) fills it only when read in tolerant mode\n"
        "(contract.Tolerant), so that a tolerant reader can pass such members on.";
    Data data;
    data.set("header_lines", emit::comment_lines(comment_text(family_header_text(ctx_, family_)), "// "));
    data.set("doc", doc_comment(docs, ""));
    data.set("package", names_.package.at(family_.name));
    data.set("has_imports", flag(true));
    data.set("imports", std::move(imports));
    data.set("declarations", std::move(declarations));
    data.set("support", types_.support());
    return data;
}

Data FamilyView::decl_view(ir::DeclId id, const ir::Decl& d) {
    Data v;
    v.set("name", names_.names.of(id));
    v.set("a_name", with_article(names_.names.of(id)));
    v.set("source", comment_text(d.origin.file + "#" + d.origin.pointer));
    v.set("doc", doc_comment(d.docs, ""));
    if (!d.is<ir::Constant>()) {
        const DeclFunctions& f = names_.functions.at(id);
        // With an assertion, the declaration's template defines an unexported
        // decoder and common.go.mustache the checked one that wraps it.
        v.set("decode", d.check ? private_.claim(naming::to_case("decode" + names_.names.of(id), naming::Case::Camel))
                                : f.decode);
        v.set("public_decode", f.decode);
        v.set("checked", flag(d.check.has_value()));
        v.set("check", d.check ? types_.check_var(*d.check) : std::string());
        v.set("encode", f.encode);
        v.set("parse", f.parse);
        v.set("marshal", f.marshal);
        v.set("validate", f.validate);
        // The comments and the signature that hold two names at a time, wrapped when too long for a line.
        const std::string& name = names_.names.of(id);
        const std::string reads = f.decode + " reads " + with_article(name);
        v.set("checked_doc", comment_paragraph({reads + " at the decoder's position and checks the",
                                                "assertion it carries (docs/semantics.md, \"Assertions\")."},
                                               ""));
        v.set("parse_doc", comment_paragraph({f.parse + " decodes JSON text as " + with_article(name),
                                              "(strict unless opts say otherwise)."},
                                             ""));
        v.set("validate_doc", comment_paragraph({f.validate + " judges v as the decoder judges the text " + f.marshal,
                                                 "writes: the error " + f.parse + " reports for it, or nil."},
                                                ""));
        Printer p(printer_style());
        p.emit({Printer::Sub::list("params", {"data []byte", "opts ...contract.Option"})},
               "func " + f.parse + "($params$) (" + name + ", error) {\n");
        std::string signature = p.take();
        signature.pop_back();  // the template ends the line
        v.set("parse_signature", std::move(signature));
        // Defined types get MarshalJSON; aliases and interfaces cannot have methods.
        bool defined = d.is<ir::Struct>() || d.is<ir::OpenEnum>() || d.is<ir::Tuple>() ||
                       (d.is<ir::Enum>() && d.as<ir::Enum>().all_strings && !d.as<ir::Enum>().values.empty()) ||
                       (d.is<ir::Union>() && !d.as<ir::Union>().discriminator) || (d.is<ir::Alias>() && d.recursive);
        v.set("has_marshal_json", flag(defined));
    }
    std::visit([&](const auto& body) { fill(v, id, body); }, d.body);
    return v;
}

// ---- enums -----------------------------------------------------------------------------------

void FamilyView::fill(Data& v, ir::DeclId id, const ir::Enum& e) {
    const std::string values_var = private_.claim(naming::to_case(names_.names.of(id), naming::Case::Camel) + "Values");
    v.set("values_var", values_var);
    std::vector<std::string> items;
    if (e.all_strings && !e.values.empty()) {
        std::vector<std::array<std::string, 3>> constants;
        std::vector<std::string> shown;
        const std::string& type = names_.names.of(id);
        for (std::size_t i = 0; i < e.values.size(); ++i) {
            const std::string& wire = e.values[i].get<std::string>();
            constants.push_back({names_.constants.at(id)[i], type, string_literal(wire)});
            items.push_back(string_literal(wire));
            shown.push_back(wire);
        }
        v.set("has_values", flag(true));
        v.set("constants", enum_constants(constants));
        Printer p(printer_style());
        p.indent();
        p.emit({Printer::Sub::list("args", {values_var, string_literal(joined(shown))})},
               "return " + type + "(d.EnumString($args$))\n");
        std::string decode = p.take();
        decode.pop_back();  // the template ends the line
        v.set("decode_return", std::move(decode));
        v.set("values_decl", values_decl(values_var, "[]string", items));
    } else {
        for (const auto& value : e.values) items.push_back(types_.value_var(value));
        v.set("values_decl", values_decl(values_var, "[]any", items));
    }
}

void FamilyView::fill(Data& v, ir::DeclId id, const ir::OpenEnum& o) {
    const std::string values_var = private_.claim(naming::to_case(names_.names.of(id), naming::Case::Camel) + "Known");
    v.set("values_var", values_var);
    std::vector<std::array<std::string, 3>> constants;
    std::vector<std::string> items;
    const std::string& type = names_.names.of(id);
    for (std::size_t i = 0; i < o.known.size(); ++i) {
        constants.push_back({names_.constants.at(id)[i], type, string_literal(o.known[i])});
        items.push_back(string_literal(o.known[i]));
    }
    v.set("has_values", flag(!o.known.empty()));
    v.set("constants", enum_constants(constants));
    v.set("values_decl", values_decl(values_var, "[]string", items));
    v.set("other_rule", types_.string_rule(o.other));
}

// ---- unions ----------------------------------------------------------------------------------

void FamilyView::fill(Data& v, ir::DeclId id, const ir::Union& u) {
    v.set("is_tagged", flag(u.discriminator.has_value()));
    if (u.discriminator) {
        v.set("marker", names_.markers.at(id));
        v.set("method", tag_method(*u.discriminator));
        v.set("unknown", names_.unknown.at(id));
        v.set("wire", string_literal(*u.discriminator));
        List variants;
        std::vector<std::string> tags;
        for (const auto& variant : u.variants) {
            variants.push_back(Object{{"tag", string_literal(*variant.tag)},
                                      {"type", types_.decl_ref(variant.type.decl)},
                                      {"decode_variant", types_.functions(variant.type.decl).decode},
                                      {"encode_variant", types_.functions(variant.type.decl).encode}});
            tags.push_back(*variant.tag);
        }
        v.set("variants", std::move(variants));
        v.set("expected", string_literal(joined(tags)));
        return;
    }
    naming::Scope fields;
    std::vector<Printer::Row> rows;
    List alternatives;
    for (std::size_t i = 0; i < u.variants.size(); ++i) {
        const ir::TypeExpr& t = u.variants[i].type;
        std::string field = fields.claim(alternative_name(t));
        rows.push_back(Printer::Row{{}, {field, "*" + types_.type(t)}});
        alternatives.push_back(Object{{"index", std::to_string(i)},
                                      {"field", field},
                                      {"decode_expr", types_.decode(t)},
                                      {"encode_stmt", types_.encode(t, "*v." + field)}});
    }
    v.set("fields", field_block(rows));
    v.set("alternatives", std::move(alternatives));
    bool one_of = u.mode == ir::UnionMode::OneOf;
    v.set("one_of", one_of ? "true" : "false");
    v.set("count", std::to_string(u.variants.size()));
    // The decoder decl_view named (an unexported one under an assertion).
    const std::string reads = v.get("decode")->string_value() + " reads " + with_article(names_.names.of(id));
    const char* rule = one_of ? "exactly one alternative must accept it." : "the first alternative that accepts it.";
    v.set("decode_doc", comment_paragraph({reads + " at the decoder's position: " + rule}, ""));
}

std::string FamilyView::alternative_name(const ir::TypeExpr& t) const {
    switch (t.kind) {
        case Kind::String: return "String";
        case Kind::Integer: return "Integer";
        case Kind::Number: return "Number";
        case Kind::Boolean: return "Bool";
        case Kind::Null: return "Null";
        case Kind::Any: return "Any";
        case Kind::Named: return names_.names.of(t.decl);
        case Kind::Array: return "Array";
        case Kind::Map: return "Map";
        case Kind::Const: return "Const";
    }
    return "Value";
}

// ---- alias -----------------------------------------------------------------------------------

// A recursive alias is a defined type (`type List []List`): Go aliases cannot refer to themselves.
void FamilyView::fill(Data& v, ir::DeclId id, const ir::Alias& a) {
    const bool defined = ctx_.model.decl(id).recursive;
    const std::string target = types_.type(a.target);
    v.set("defined", flag(defined));
    v.set("target", target);
    v.set("decode_expr", defined ? names_.names.of(id) + "(" + types_.decode(a.target) + ")" : types_.decode(a.target));
    v.set("encode_stmt", types_.encode(a.target, defined ? target + "(v)" : "v"));
}

}  // namespace contractgen::emit::go
