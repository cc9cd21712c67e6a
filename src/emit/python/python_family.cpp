#include "emit/python/python_family.h"

#include <algorithm>
#include <set>

#include "emit/common/printer.h"
#include "emit/common/text.h"
#include "emit/python/python_syntax.h"
#include "emit/python/python_types.h"
#include "ir/pattern.h"
#include "ir/queries.h"
#include "naming/keywords.h"

namespace contractgen::emit::python {

namespace {

using ir::Kind;
using render::Data;
using render::flag;
using render::List;
using render::Object;

std::string screaming(const std::string& name) { return naming::to_case(name, naming::Case::ScreamingSnake); }

// `head`, the items joined by ", ", then `tail`, `levels` deep: on one line when it stays within 120 columns,
// else each item on a line of its own, one level deeper, with a trailing comma (without a final newline).
std::string wrapped_items(std::size_t levels, const std::string& head, std::vector<std::string> items,
                          const std::string& tail) {
    Printer p;
    for (std::size_t i = 0; i < levels; ++i) p.indent();
    p.emit({{"head", head}, Printer::Sub::list("items", std::move(items))}, "$head$$items$" + tail + "\n");
    std::string out = p.take();
    out.pop_back();
    return out;
}

// `text` as a line `levels` deep (without a final newline).
std::string line_at(std::size_t levels, const std::string& text) {
    Printer p;
    for (std::size_t i = 0; i < levels; ++i) p.indent();
    p.emit({{"text", text}}, "$text$\n");
    std::string out = p.take();
    out.pop_back();
    return out;
}

// A docstring statement without its final newline (templates place it), and whether there is one.
void set_doc(Data& v, const ir::Docs& docs, const std::string& indent) {
    std::string text = docstring(doc_lines(docs), indent);
    if (!text.empty()) text.pop_back();
    v.set("has_doc", flag(!text.empty()));
    v.set("doc", std::move(text));
}

class FamilyView {
public:
    FamilyView(const EmitContext& ctx, const render::Templates& templates, const naming::Names& names,
               const ir::Family& family, const std::map<std::string, std::string>& aliases)
        : ctx_(ctx),
          templates_(templates),
          names_(names),
          family_(family),
          types_(ctx.model, names, aliases),
          aliases_(aliases) {
        types_.set_family(family.name);
        for (ir::DeclId id : family.decls) scope_.reserve(names_.of(id));
    }

    Data build() {
        // Each declaration is rendered on its own (python/decl.py.mustache):
        // its view is used once, never copied into a family-wide list.
        std::string declarations;
        for (ir::DeclId id : family_.decls) {
            const ir::Decl& d = ctx_.model.decl(id);
            if (!d.is<ir::Constant>()) exports_.push_back(names_.of(id));
            templates_.render_to("python/decl.py.mustache", decl_view(id, d), declarations);
        }
        List exports;
        for (const auto& name : exports_) exports.push_back(Object{{"name", string_literal(name)}});
        List imports;
        for (const auto& other : family_.depends_on) {
            const std::string module = module_name(names_.family.at(other));
            imports.push_back(Object{{"module", module}, {"alias", aliases_.at(other)}});
        }
        List patterns;
        for (std::size_t i = 0; i < types_.patterns().size(); ++i) {
            const std::string& p = types_.patterns()[i];
            const std::string translated = string_literal(ir::translate_pattern(p, ir::PatternDialect::Python));
            const std::string head = "_PATTERN_" + std::to_string(i) + " = _rt.Pattern(";
            patterns.push_back(Object{{"definition", wrapped_items(0, head, {translated, string_literal(p)}, ")")}});
        }
        List checks;
        for (std::size_t i = 0; i < types_.checks().size(); ++i)
            checks.push_back(Object{{"name", "_CHECK_" + std::to_string(i)}, {"program", types_.checks()[i]}});
        std::vector<std::string> doc = {"The ``" + family_.name + "`` family of the contract.", ""};
        for (const auto& path : family_.source_files) {
            std::string title;
            if (const load::Document* document = ctx_.schemas.find(path))
                if (auto it = document->root.find("title"); it != document->root.end() && it->is_string())
                    title = it->get<std::string>();
            ir::Docs docs;
            docs.title = path + (title.empty() ? "" : ": " + title);
            for (auto& line : doc_lines(docs)) doc.push_back(line);
        }
        Data data;
        data.set("header", comment_text(family_header_text(ctx_, family_)));
        data.set("header_comment", comment_lines(comment_text(family_header_text(ctx_, family_)), "# "));
        data.set("doc", docstring(doc, ""));
        data.set("has_patterns", flag(!patterns.empty()));
        data.set("imports", std::move(imports));
        data.set("exports", std::move(exports));
        data.set("patterns", std::move(patterns));
        List rebuild;
        for (const auto& name : rebuild_) rebuild.push_back(Object{{"name", name}});
        data.set("has_rebuild", flag(!rebuild.empty()));
        data.set("rebuild", std::move(rebuild));
        data.set("uses_alias_type", flag(uses_alias_type_));
        data.set("has_checks", flag(!checks.empty()));
        data.set("checks", std::move(checks));
        data.set("declarations", std::move(declarations));
        return data;
    }

    // Non-model types with an adapter, for the registry: DeclId → adapter name
    // (complete once build() has run).
    std::map<ir::DeclId, std::string> take_adapters() { return std::move(adapters_); }

private:
    Data decl_view(ir::DeclId id, const ir::Decl& d) {
        Data v;
        v.set("name", names_.of(id));
        v.set("name_literal", string_literal(names_.of(id)));
        v.set("source", comment_text(d.origin.file + "#" + d.origin.pointer));
        for (const char* k : {"is_struct", "is_enum", "is_value_enum", "is_open_enum", "is_union", "is_alias",
                              "is_constant", "has_adapter", "has_values", "has_assertion", "is_alias_type"})
            v.set(k, flag(false));
        // An assertion on every value of the declaration (docs/semantics.md, "Assertions").
        if (d.check) {
            v.set("has_assertion", flag(true));
            v.set("assertion", types_.check_name(*d.check));
        }
        std::visit([&](const auto& body) { fill(v, id, d, body); }, d.body);
        return v;
    }

    // An annotation with the declaration's assertion, if it has one.
    std::string checked(const ir::Decl& d, const std::string& annotation) const {
        return d.check ? "_t.Annotated[" + annotation + ", " + types_.check_name(*d.check) + "]" : annotation;
    }

    void add_adapter(Data& v, ir::DeclId id, const ir::Decl& d) {
        if (d.lifted) return;
        std::string adapter = scope_.claim(names_.of(id) + "Adapter");
        adapters_[id] = adapter;
        exports_.push_back(adapter);
        v.set("has_adapter", flag(true));
        v.set("adapter", adapter);
    }

    // ---- struct ----------------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Decl& d, const ir::Struct& s) {
        v.set("is_struct", flag(true));
        if (d.recursive) rebuild_.push_back(names_.of(id));
        set_doc(v, d.docs, "    ");
        v.set("extra", s.extra == ir::Extra::Forbid ? "\"forbid\"" : "\"allow\"");
        // Kept members are any JSON value (finite numbers); typed ones follow their schema.
        std::string extra_type = s.extra == ir::Extra::Typed  ? types_.annotation(*s.extra_type)
                                 : s.extra == ir::Extra::Keep ? "_rt.JsonValue"
                                                              : "";
        if (s.extra == ir::Extra::Typed && types_.mentions_recursive(*s.extra_type))
            extra_type = string_literal(extra_type);
        v.set("has_extra_type", flag(!extra_type.empty()));
        // Undeclared members typed by `patternProperties`: their names must match.
        v.set("extra_key", s.extra_key_pattern ? types_.key_annotation(*s.extra_key_pattern) : "str");
        v.set("extra_type", std::move(extra_type));

        List fields;
        for (std::size_t i = 0; i < s.fields.size(); ++i) {
            const ir::Field& f = s.fields[i];
            const std::string& name = names_.fields[id][i];
            std::string annotation = types_.annotation(f.type);
            bool nullable = ir::presence(ctx_.model, f) == ir::Presence::OptionalNullable;
            // A required member with one string value (a union's tag): Python
            // construction may leave it out (_rt.const_field; ContractModel fills it in).
            const std::string* constant = f.required ? types_.string_constant(f.type) : nullptr;
            List args;
            if (constant) args.push_back(Object{{"arg", string_literal(*constant)}});
            if (!f.required) {
                // Absent: the attribute is None and the member stays absent on dump.
                if (!nullable) annotation = "_t.Annotated[" + annotation + " | None, _rt.NOT_NULL]";
                else if (f.type.kind != Kind::Any && f.type.kind != Kind::Null && !f.type.nullable)
                    annotation += " | None";
                args.push_back(Object{{"arg", "default=None"}});
            }
            // A member that refers back into its cycle: a forward reference, resolved by model_rebuild().
            if (types_.mentions_recursive(f.type)) annotation = string_literal(annotation);
            if (name != f.wire_name) {
                args.push_back(Object{{"arg", "validation_alias=" + string_literal(f.wire_name)}});
                args.push_back(Object{{"arg", "serialization_alias=" + string_literal(f.wire_name)}});
            }
            std::vector<std::string> doc = doc_lines(f.docs);
            if (!doc.empty()) {
                std::string text;
                for (std::size_t k = 0; k < doc.size(); ++k) text += (k ? "\n" : "") + doc[k];
                args.push_back(Object{{"arg", "description=" + string_literal(text)}});
            }
            // One line when the arguments are only a default: `= None`, `= _rt.const_field("tag")`.
            bool plain = args.empty() || (args.size() == 1 && (!f.required || constant));
            std::string call = constant ? "_rt.const_field" : "_p.Field";
            std::string default_value = !plain || args.empty() ? ""
                                        : constant             ? " = " + call + "(" + string_literal(*constant) + ")"
                                                               : " = None";
            fields.push_back(Object{{"name", name},
                                    {"annotation", std::move(annotation)},
                                    {"plain", flag(plain)},
                                    {"default", std::move(default_value)},
                                    {"call", std::move(call)},
                                    {"args", std::move(args)}});
        }
        v.set("fields", std::move(fields));

        // Rules pydantic-core cannot express: forbidden members of open objects, member counts.
        std::string forbidden_fields, forbidden_extras;
        std::size_t n_fields = 0, n_extras = 0;
        for (const ir::ForbiddenMember& m : ir::forbidden_members(s)) {
            if (m.field) {
                forbidden_fields +=
                    "(" + string_literal(names_.fields[id][*m.field]) + ", " + string_literal(m.wire) + "), ";
                ++n_fields;
            } else if (s.extra != ir::Extra::Forbid) {
                forbidden_extras += string_literal(m.wire) + ", ";
                ++n_extras;
            }
        }
        auto tuple = [](std::string items, std::size_t n) {
            if (n == 0) return std::string("()");
            items.resize(items.size() - 2);
            return "(" + items + (n == 1 ? ",)" : ")");
        };
        bool check = n_fields + n_extras > 0 || !s.bounds.empty();
        v.set("has_check", flag(check));
        auto count = [](const std::optional<std::uint64_t>& n) { return n ? std::to_string(*n) : std::string("None"); };
        v.set("check_args", tuple(forbidden_fields, n_fields) + ", " + tuple(forbidden_extras, n_extras) + ", " +
                                count(s.bounds.min_properties) + ", " + count(s.bounds.max_properties));
    }

    // ---- enums -----------------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Decl& d, const ir::Enum& e) {
        set_doc(v, d.docs, "");
        List values;
        for (const auto& value : e.values) values.push_back(Object{{"literal", json_literal(value)}});
        v.set("values", std::move(values));
        bool literal = e.all_strings && !e.values.empty();  // Literal[] does not exist: no values accept nothing
        if (literal) {
            v.set("is_enum", flag(true));
        } else {
            v.set("is_value_enum", flag(true));
            v.set("type", PyTypes::value_union(e.values));
        }
        add_adapter(v, id, d);
        if (!d.lifted && literal) {
            v.set("has_values", flag(true));
            std::string values_name = scope_.claim(screaming(names_.of(id)) + "_VALUES");
            exports_.push_back(values_name);
            v.set("values_name", values_name);
            v.set("values_type", names_.of(id));
        }
    }

    void fill(Data& v, ir::DeclId id, const ir::Decl& d, const ir::OpenEnum& o) {
        v.set("is_open_enum", flag(true));
        set_doc(v, d.docs, "");
        std::string known_type = o.known_enum ? types_.decl_ref(*o.known_enum) : "str";
        // A value that is not a string fails every alternative: an anyOf error, not a type error.
        std::string target = "_t.Annotated[str, _rt.OPEN_ENUM]";
        if (!o.other.empty()) {
            // Known values, or a string that satisfies the rules for other values.
            ir::TypeExpr other;
            other.kind = Kind::String;
            other.string_bounds = o.other;
            std::string known = known_type;
            if (!o.known_enum) {
                known = "_t.Literal[";
                for (std::size_t i = 0; i < o.known.size(); ++i) known += (i ? ", " : "") + string_literal(o.known[i]);
                known += "]";
            }
            target = o.known.empty()
                         ? types_.annotation(other)
                         : "_t.Annotated[str, _rt.FirstMatch(" + known + ", " + types_.annotation(other) + ")]";
            if (!o.known.empty() && !d.check) {
                // The template writes `Name: _t.TypeAlias = ` before it: measured with it, wrapped when too long.
                const std::string head = names_.of(id) + ": _t.TypeAlias = ";
                const std::string first_match = "_rt.FirstMatch(" + known + ", " + types_.annotation(other) + ")";
                target = wrapped_items(0, head + "_t.Annotated[", {"str", first_match}, "]").substr(head.size());
            }
        }
        v.set("target", checked(d, target));
        List values;
        for (const auto& k : o.known) values.push_back(Object{{"literal", string_literal(k)}});
        v.set("values", std::move(values));
        add_adapter(v, id, d);
        if (!d.lifted) {
            v.set("has_values", flag(true));
            std::string values_name = scope_.claim(screaming(names_.of(id)) + "_KNOWN_VALUES");
            exports_.push_back(values_name);
            v.set("values_name", values_name);
            v.set("values_type", known_type);
        }
    }

    // ---- unions ----------------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Decl& d, const ir::Union& u) {
        set_doc(v, d.docs, "");
        std::vector<std::string> members, args;
        for (const auto& variant : u.variants) members.push_back(types_.annotation(variant.type));
        std::string marker;
        if (u.discriminator) {
            marker = "Tagged";
            args.push_back(string_literal(*u.discriminator));
            // Python names of the tag field in each variant (for models built in Python).
            std::vector<std::string> fields;
            for (const auto& variant : u.variants) {
                const ir::Decl& vd = ctx_.model.decl(variant.type.decl);
                const auto& vf = vd.as<ir::Struct>().fields;
                for (std::size_t i = 0; i < vf.size(); ++i)
                    if (vf[i].wire_name == *u.discriminator) {
                        const std::string& field = names_.fields[variant.type.decl][i];
                        if (field != *u.discriminator && std::find(fields.begin(), fields.end(), field) == fields.end())
                            fields.push_back(field);
                    }
            }
            std::string tuple = "(";
            for (std::size_t i = 0; i < fields.size(); ++i) tuple += (i ? ", " : "") + string_literal(fields[i]);
            args.push_back(tuple + (fields.size() == 1 ? ",)" : ")"));
            for (const auto& variant : u.variants) args.push_back(string_literal(*variant.tag));
        } else {
            // Members that accept disjoint JSON kinds cannot both match: the first match is the only one.
            marker = u.mode == ir::UnionMode::OneOf && !u.kinds_disjoint ? "ExactlyOne" : "FirstMatch";
            args = members;
            // A oneOf read as a first match still names `oneOf` in its errors, as every other language does.
            if (u.mode == ir::UnionMode::OneOf && marker == "FirstMatch") args.push_back("keyword=\"oneOf\"");
        }
        add_adapter(v, id, d);
        if (d.recursive) {
            // On a cycle: a TypeAliasType whose value pydantic reads when first used.
            std::string target = "_t.Annotated[_t.Union[";
            for (std::size_t i = 0; i < members.size(); ++i) target += (i ? ", " : "") + members[i];
            target += "], _rt." + marker + "(";
            for (std::size_t i = 0; i < args.size(); ++i) target += (i ? ", " : "") + args[i];
            set_alias(v, d, target + ")]");
            return;
        }
        v.set("is_union", flag(true));
        List member_list, arg_list;
        for (auto& m : members) member_list.push_back(Object{{"annotation", std::move(m)}});
        for (auto& a : args) arg_list.push_back(Object{{"arg", std::move(a)}});
        v.set("members", std::move(member_list));
        v.set("marker", std::move(marker));
        v.set("marker_args", std::move(arg_list));
    }

    // An alias of `target` (with the declaration's assertion); a declaration on a
    // cycle is a TypeAliasType whose value is a string, read when first used.
    void set_alias(Data& v, const ir::Decl& d, const std::string& target) {
        v.set("is_alias", flag(true));
        std::string value = checked(d, target);
        if (d.recursive) {
            uses_alias_type_ = true;
            v.set("is_alias", flag(false));
            v.set("is_alias_type", flag(true));
            value = string_literal(value);
        }
        v.set("target", std::move(value));
    }

    // ---- alias and constant --------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Decl& d, const ir::Alias& a) {
        set_doc(v, d.docs, "");
        set_alias(v, d, types_.annotation(a.target));
        add_adapter(v, id, d);
    }

    // ---- tuple: an alias of the lengths it may have ---------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Decl& d, const ir::Tuple& t) {
        set_doc(v, d.docs, "");
        set_alias(v, d, types_.tuple_annotation(t));
        add_adapter(v, id, d);
    }

    void fill(Data& v, ir::DeclId id, const ir::Decl& d, const ir::Constant& c) {
        v.set("is_constant", flag(true));
        set_doc(v, d.docs, "");
        std::string constant = scope_.claim(screaming(names_.of(id)));
        exports_.push_back(constant);
        v.set("constant", constant);
        v.set("type", types_.constant_annotation(c.type));
        // Top-level tables one entry per line; everything else on one line.
        bool nullable = false;  // the shape's kind is all that matters here
        const ir::TypeExpr* shape = &ir::strip_aliases(ctx_.model, c.type, nullable);
        bool is_map = shape->kind == Kind::Map && c.value.is_object() && !c.value.empty();
        bool is_tuple = shape->kind == Kind::Array && c.value.is_array() && !c.value.empty();
        List entries;
        if (is_map) {
            // `key: value,` two levels deep; a tuple too long for its line, one item a line.
            const ir::TypeExpr& item = shape->item();
            for (const auto& [k, e] : c.value.items()) {
                std::string line;
                if (item.kind == Kind::Array && !item.nullable && e.is_array() && e.size() > 1) {
                    std::vector<std::string> items;
                    for (const auto& x : e) items.push_back(types_.constant_value(item.item(), x));
                    line = wrapped_items(2, string_literal(k) + ": (", std::move(items), "),");
                } else {
                    line = line_at(2, string_literal(k) + ": " + types_.constant_value(item, e) + ",");
                }
                entries.push_back(Object{{"line", std::move(line)}});
            }
        }
        if (is_tuple)
            for (const auto& e : c.value) entries.push_back(Object{{"value", types_.constant_value(shape->item(), e)}});
        v.set("is_map", flag(is_map));
        v.set("is_tuple", flag(is_tuple));
        v.set("is_scalar", flag(!is_map && !is_tuple));
        v.set("entries", std::move(entries));
        v.set("value", is_map || is_tuple ? "" : types_.constant_value(c.type, c.value));
        bool lookup = !c.lookup_function.empty() && shape->kind == Kind::Map;
        v.set("has_lookup", flag(lookup));
        std::string function;
        if (lookup) {
            function = scope_.claim(
                naming::make_identifier(c.lookup_function, naming::Case::Snake, {}, python_naming(), "f_"));
            exports_.push_back(function);
        }
        v.set("lookup", std::move(function));
        v.set("lookup_type", lookup ? types_.constant_annotation(shape->item()) : "");
    }

    const EmitContext& ctx_;
    const render::Templates& templates_;  // this thread's
    const naming::Names& names_;
    const ir::Family& family_;
    PyTypes types_;
    const std::map<std::string, std::string>& aliases_;
    naming::Scope scope_;  // module-level names besides the types
    std::vector<std::string> exports_;
    std::map<ir::DeclId, std::string> adapters_;
    std::vector<std::string> rebuild_;  // models on a cycle: model_rebuild() once all are defined
    bool uses_alias_type_ = false;
};

}  // namespace

FamilyModule render_family(const EmitContext& ctx, const render::Templates& templates, const naming::Names& names,
                           const ir::Family& family, const std::map<std::string, std::string>& aliases) {
    FamilyView view(ctx, templates, names, family, aliases);
    FamilyModule module;
    module.text = write::normalise_text(templates.render("python/family.py.mustache", view.build()));
    module.adapters = view.take_adapters();
    return module;
}

}  // namespace contractgen::emit::python
