#include "emit/go/go_types.h"

#include <algorithm>
#include <functional>
#include <limits>

#include "emit/go/go_syntax.h"
#include "ir/pattern.h"
#include "ir/queries.h"
#include "ir/schema_members.h"

namespace contractgen::emit::go {

using ir::Kind;

namespace {

bool is_discriminated_union(const ir::Decl& d) { return d.is<ir::Union>() && d.as<ir::Union>().discriminator; }

bool is_value_enum(const ir::Decl& d) {
    return d.is<ir::Enum>() && !(d.as<ir::Enum>().all_strings && !d.as<ir::Enum>().values.empty());
}

std::string number_text(const ir::json& v) { return v.dump(); }

std::string count_text(std::uint64_t n) {
    return std::to_string(std::min<std::uint64_t>(n, std::numeric_limits<std::int64_t>::max() / 2));
}

// One field of a rule's composite literal: `key: value`, where value is `call(arg)` or, without a call, `arg`.
struct RuleField {
    std::string key, call, arg;
    std::string value() const { return call.empty() ? arg : call + "(" + arg + ")"; }
};

// `var name = type{fields}` newline-terminated: on one line when it fits, else a field a line with the
// values aligned as gofmt aligns them; a call too long for its line has its argument on a line of its own
// (which ends gofmt's alignment run, so the fields around it are aligned without it).
std::string rule_declaration(const std::string& name, const std::string& type, const std::vector<RuleField>& fields) {
    Printer p(printer_style());
    std::string flat;
    for (const RuleField& f : fields) flat += (flat.empty() ? "" : ", ") + f.key + ": " + f.value();
    const std::string line = "var " + name + " = " + type + "{" + flat + "}";
    if (p.columns(line) <= printer_style().width) return line + "\n";
    std::size_t key_width = 0;
    for (const RuleField& f : fields) key_width = std::max(key_width, p.columns(f.key) + 1);
    auto too_long = [&](const RuleField& f) {  // `\tKey:<padding> value,`
        const std::size_t columns = printer_style().tab_width + key_width + 1 + p.columns(f.value()) + 1;
        return !f.call.empty() && columns > printer_style().width;
    };
    p.emit({{"head", "var " + name + " = " + type + "{"}}, "$head$\n");
    p.indent();
    std::vector<Printer::Row> run;
    for (const RuleField& f : fields) {
        if (!too_long(f)) {
            run.push_back(Printer::Row{{}, {f.key + ":", f.value() + ","}});
            continue;
        }
        p.table(run);
        run.clear();
        p.emit({{"key", f.key}, {"call", f.call}, {"arg", f.arg}}, R"(
          $key$: $call$(
            $arg$,
          ),
        )");
    }
    p.table(run);
    p.outdent();
    p.emit("}\n");
    return p.take();
}

}  // namespace

using ir::without_null;

bool GoTypes::nil_able(const ir::TypeExpr& t) const {
    if (ir::adds_null(model_, t)) return true;
    switch (t.kind) {
        case Kind::Any: return true;
        case Kind::Const: return !t.value.is_string();
        case Kind::Named: {
            const ir::Decl& d = model_.decl(t.decl);
            if (is_discriminated_union(d) || is_value_enum(d)) return true;
            if (d.is<ir::Alias>()) return nil_able(d.as<ir::Alias>().target);
            return false;
        }
        default: return false;
    }
}

std::string GoTypes::qualify(const std::string& family, const std::string& name) {
    if (family == family_) return name;
    families_used_.insert(family);
    return names_.package.at(family) + "." + name;
}

std::string GoTypes::decl_ref(ir::DeclId id) { return qualify(model_.decl(id).family, names_.names.of(id)); }

const DeclFunctions& GoTypes::functions(ir::DeclId id) {
    auto it = qualified_.find(id);
    if (it != qualified_.end()) return it->second;
    const DeclFunctions& f = names_.functions.at(id);
    const std::string& family = model_.decl(id).family;
    DeclFunctions q{qualify(family, f.decode), qualify(family, f.encode), qualify(family, f.parse),
                    qualify(family, f.marshal), qualify(family, f.validate)};
    return qualified_.emplace(id, q).first->second;
}

// ---- types ---------------------------------------------------------------------------------------

std::string GoTypes::value_type(const ir::TypeExpr& t) {
    switch (t.kind) {
        case Kind::String: return "string";
        case Kind::Integer: return "int64";
        case Kind::Number: return "float64";
        case Kind::Boolean: return "bool";
        case Kind::Null: return "contract.Null";
        case Kind::Any: return "any";
        case Kind::Named: return decl_ref(t.decl);
        case Kind::Array: return "[]" + type(t.item());
        case Kind::Map: return "contract.Map[" + type(t.item()) + "]";
        case Kind::Const: return t.value.is_string() ? "string" : "any";
    }
    return "any";
}

std::string GoTypes::type(const ir::TypeExpr& t) {
    std::string base = value_type(t);
    if (ir::adds_null(model_, t) && !nil_able(without_null(t))) return "*" + base;
    return base;
}

// ---- decoding --------------------------------------------------------------------------------------

std::string GoTypes::helper(const std::string& kind, const std::string& signature_rest, const std::string& body) {
    std::string key = kind + signature_rest + body;
    auto it = made_.find(key);
    if (it != made_.end()) return it->second;
    std::string name = private_.claim(kind + std::to_string(made_.size() + 1));
    made_.emplace(key, name);
    support_ += "\nfunc " + name + signature_rest + " {\n\t" + body + "\n}\n";
    return name;
}

std::string GoTypes::value_decode(const ir::TypeExpr& t) {
    switch (t.kind) {
        case Kind::String: return "d.String(" + string_rule(t.string_bounds) + ")";
        case Kind::Integer: return "d.Int(" + number_rule(t.number_bounds) + ")";
        case Kind::Number: return "d.Float(" + number_rule(t.number_bounds) + ")";
        case Kind::Boolean: return "d.Bool()";
        case Kind::Null: return "d.Null()";
        case Kind::Any: return "d.Any()";
        case Kind::Named: return functions(t.decl).decode + "(d)";
        case Kind::Array: {
            const auto& b = t.array_bounds;
            return "contract.DecodeArray(d, " + count_rule(b.min_items, b.max_items, b.unique_items) + ", " +
                   decode_fn(t.item()) + ")";
        }
        case Kind::Map: {
            const auto& b = t.object_bounds;
            std::string rule = count_rule(b.min_properties, b.max_properties, false);
            if (t.string_bounds.pattern)
                return "contract.DecodeMapMatching(d, " + rule + ", " + regexp_var(*t.string_bounds.pattern) + ", " +
                       decode_fn(t.item()) + ")";
            return "contract.DecodeMap(d, " + rule + ", " + decode_fn(t.item()) + ")";
        }
        case Kind::Const:
            if (t.value.is_string())
                return std::string(t.const_typed ? "d.ConstStringTyped(" : "d.ConstString(") +
                       string_literal(t.value.get<std::string>()) + ")";
            return "d.ConstValue(" + value_var(t.value) + ")";
    }
    return "d.Any()";
}

std::string GoTypes::decode(const ir::TypeExpr& t) {
    if (t.check) {  // the assertion covers the whole value, null included
        ir::TypeExpr plain = t;
        plain.check.reset();
        return "contract.Checked(d, " + check_var(*t.check) + ", " + decode_fn(plain) + ")";
    }
    return unchecked_decode(t);
}

std::string GoTypes::decode_tristate(const ir::TypeExpr& t, bool box) {
    ir::TypeExpr base = without_null(t);
    auto read = [&](const ir::TypeExpr& e) {
        return box ? "contract.DecodeBoxed(" + decode_fn(e) + ")" : decode_fn(e);
    };
    if (!base.check) return "contract.DecodeTristate(d, " + read(base) + ")";
    // The assertion covers null too, so it is checked around the Tristate, not inside it.
    ir::TypeExpr plain = base;
    plain.check.reset();
    std::string held = (box ? "*" : "") + type(plain);
    std::string tristate = helper("decode", "(d *contract.Decoder) contract.Tristate[" + held + "]",
                                  "return contract.DecodeTristate(d, " + read(plain) + ")");
    return "contract.Checked(d, " + check_var(*base.check) + ", " + tristate + ")";
}

std::string GoTypes::unchecked_decode(const ir::TypeExpr& t) {
    if (ir::adds_null(model_, t)) {
        ir::TypeExpr base = without_null(t);
        return std::string(nil_able(base) ? "contract.OrNull" : "contract.Nullable") + "(d, " + decode_fn(base) + ")";
    }
    return value_decode(t);
}

std::string GoTypes::decode_fn(const ir::TypeExpr& t) {
    bool plain = !ir::adds_null(model_, t) && !t.check;
    if (plain) {
        switch (t.kind) {
            case Kind::Named: return functions(t.decl).decode;
            case Kind::Boolean: return "(*contract.Decoder).Bool";
            case Kind::Null: return "(*contract.Decoder).Null";
            case Kind::Any: return "(*contract.Decoder).Any";
            default: break;
        }
    }
    return helper("decode", "(d *contract.Decoder) " + type(t), "return " + decode(t));
}

// ---- encoding --------------------------------------------------------------------------------------

std::string GoTypes::value_encode(const ir::TypeExpr& t, const std::string& x) {
    switch (t.kind) {
        case Kind::String: return "e.String(" + x + ")";
        case Kind::Integer: return "e.Int(" + x + ")";
        case Kind::Number: return "e.Float(" + x + ")";
        case Kind::Boolean: return "e.Bool(" + x + ")";
        case Kind::Null: return "e.Null()";
        case Kind::Any: return "e.Any(" + x + ")";
        case Kind::Named: return functions(t.decl).encode + "(e, " + x + ")";
        case Kind::Array: return "contract.EncodeArray(e, " + x + ", " + encode_fn(t.item()) + ")";
        case Kind::Map: return "contract.EncodeMap(e, " + x + ", " + encode_fn(t.item()) + ")";
        case Kind::Const: return t.value.is_string() ? "e.String(" + x + ")" : "e.Any(" + x + ")";
    }
    return "e.Any(" + x + ")";
}

std::string GoTypes::encode(const ir::TypeExpr& t, const std::string& x) {
    if (ir::adds_null(model_, t)) {
        ir::TypeExpr base = without_null(t);
        return std::string(nil_able(base) ? "contract.EncodeOrNull" : "contract.EncodeNullable") + "(e, " + x + ", " +
               encode_fn(base) + ")";
    }
    return value_encode(t, x);
}

std::string GoTypes::encode_fn(const ir::TypeExpr& t) {
    bool plain = !ir::adds_null(model_, t);
    if (plain) {
        switch (t.kind) {
            case Kind::Named: return functions(t.decl).encode;
            case Kind::String: return "(*contract.Encoder).String";
            case Kind::Integer: return "(*contract.Encoder).Int";
            case Kind::Number: return "(*contract.Encoder).Float";
            case Kind::Boolean: return "(*contract.Encoder).Bool";
            case Kind::Null: return "(*contract.Encoder).NullValue";
            case Kind::Any: return "(*contract.Encoder).Any";
            case Kind::Const: return t.value.is_string() ? "(*contract.Encoder).String" : "(*contract.Encoder).Any";
            default: break;
        }
    }
    return helper("encode", "(e *contract.Encoder, x " + type(t) + ")", encode(t, "x"));
}

// ---- rules and values ------------------------------------------------------------------------------

std::string GoTypes::string_rule(const ir::StringBounds& b) {
    if (b.empty()) return "nil";
    std::vector<RuleField> fields;
    auto format = [&](const char* name) { fields.push_back({"Format", "", std::string("contract.") + name}); };
    switch (b.format) {
        case ir::StringFormat::DateTime: format("FormatDateTime"); break;
        case ir::StringFormat::Uuid: format("FormatUUID"); break;
        case ir::StringFormat::Uri: format("FormatURI"); break;
        case ir::StringFormat::Date: format("FormatDate"); break;
        case ir::StringFormat::Time: format("FormatTime"); break;
        case ir::StringFormat::Duration: format("FormatDuration"); break;
        case ir::StringFormat::Email: format("FormatEmail"); break;
        case ir::StringFormat::Hostname: format("FormatHostname"); break;
        case ir::StringFormat::Ipv4: format("FormatIPv4"); break;
        case ir::StringFormat::Ipv6: format("FormatIPv6"); break;
        case ir::StringFormat::UriReference: format("FormatURIReference"); break;
        case ir::StringFormat::JsonPointer: format("FormatJSONPointer"); break;
        case ir::StringFormat::None: break;
    }
    if (b.pattern) {
        fields.push_back({"Pattern", "contract.MustCompilePattern", string_literal(go_pattern(*b.pattern))});
        fields.push_back({"PatternSource", "", string_literal(*b.pattern)});
    }
    if (b.min_length) fields.push_back({"MinLength", "", count_text(*b.min_length)});
    fields.push_back({"MaxLength", "", b.max_length ? count_text(*b.max_length) : std::string("-1")});
    std::string text = "&contract.StringRule{";
    for (std::size_t i = 0; i < fields.size(); ++i) text += (i ? ", " : "") + fields[i].key + ": " + fields[i].value();
    text += "}";
    auto it = made_.find(text);
    if (it != made_.end()) return it->second;
    std::string name = private_.claim("rule" + std::to_string(made_.size() + 1));
    made_.emplace(text, name);
    support_ += "\n" + rule_declaration(name, "&contract.StringRule", fields);
    return name;
}

std::string GoTypes::number_rule(const ir::NumberBounds& b) {
    if (b.empty()) return "nil";
    std::vector<RuleField> parts;
    std::string fields;
    auto add = [&](const char* has, const char* field, const std::optional<ir::json>& v) {
        if (!v) return;
        fields += (fields.empty() ? "" : ", ") + std::string(has) + ": true, " + field + ": " + number_text(*v);
        parts.push_back({has, "", "true"});
        parts.push_back({field, "", number_text(*v)});
    };
    add("HasMinimum", "Minimum", b.minimum);
    add("HasMaximum", "Maximum", b.maximum);
    add("HasExclusiveMinimum", "ExclusiveMinimum", b.exclusive_minimum);
    add("HasExclusiveMaximum", "ExclusiveMaximum", b.exclusive_maximum);
    add("HasMultipleOf", "MultipleOf", b.multiple_of);
    std::string text = "&contract.NumberRule{" + fields + "}";
    auto it = made_.find(text);
    if (it != made_.end()) return it->second;
    std::string name = private_.claim("rule" + std::to_string(made_.size() + 1));
    made_.emplace(text, name);
    support_ += "\n" + rule_declaration(name, "&contract.NumberRule", parts);
    return name;
}

std::string GoTypes::count_rule(std::optional<std::uint64_t> min, std::optional<std::uint64_t> max, bool unique) {
    if (!min && !max && !unique) return "nil";
    std::string text = "&contract.CountRule{Min: " + (min ? count_text(*min) : std::string("0")) +
                       ", Max: " + (max ? count_text(*max) : std::string("-1")) + (unique ? ", Unique: true" : "") +
                       "}";
    auto it = made_.find(text);
    if (it != made_.end()) return it->second;
    std::string name = private_.claim("rule" + std::to_string(made_.size() + 1));
    made_.emplace(text, name);
    support_ += "\nvar " + name + " = " + text + "\n";
    return name;
}

std::string GoTypes::value_var(const ir::json& value) {
    std::string text = "contract.MustParseValue(" + string_literal(value.dump()) + ")";
    auto it = made_.find(text);
    if (it != made_.end()) return it->second;
    std::string name = private_.claim("value" + std::to_string(made_.size() + 1));
    made_.emplace(text, name);
    support_ += "\nvar " + name + " = " + text + "\n";
    return name;
}

std::string GoTypes::check_var(ir::CheckId id) {
    std::string text =
        "contract.MustCompileCheck(" + string_literal(go_program(model_.checks.at(id).program).dump()) + ")";
    auto it = made_.find(text);
    if (it != made_.end()) return it->second;
    std::string name = private_.claim("check" + std::to_string(made_.size() + 1));
    made_.emplace(text, name);
    support_ += "\nvar " + name + " = " + text + "\n";
    return name;
}

std::string GoTypes::regexp_var(const std::string& pattern) {
    std::string text = "contract.MustCompilePattern(" + string_literal(go_pattern(pattern)) + ")";
    auto it = made_.find(text);
    if (it != made_.end()) return it->second;
    std::string name = private_.claim("key" + std::to_string(made_.size() + 1));
    made_.emplace(text, name);
    support_ += "\nvar " + name + " = " + text + "\n";
    return name;
}

bool GoTypes::boxed(const ir::TypeExpr& t, const ir::Decl& container) const {
    if (!container.recursive || t.kind != Kind::Named || t.nullable) return false;
    const ir::Decl& d = model_.decl(ir::resolve_alias_decl(model_, t.decl));
    return d.recursive && (d.is<ir::Struct>() || d.is<ir::Tuple>());
}

}  // namespace contractgen::emit::go

namespace contractgen::emit::go {

std::string go_pattern(const std::string& pattern) {
    if (!ir::needs_backtracking(pattern)) return ir::translate_pattern(pattern, ir::PatternDialect::Re2);
    return "(*BACKTRACK)" + ir::translate_pattern(pattern, ir::PatternDialect::Regexp2);
}

// A program with its patterns as the runtime compiles them (go_pattern), for contract.MustCompileCheck.
ir::json go_program(const ir::json& program) { return ir::program_with_patterns(program, go_pattern); }

std::string tag_method(const std::string& wire) {
    std::string m = naming::to_case(wire, naming::Case::Pascal);
    return m.empty() || (m[0] >= '0' && m[0] <= '9') ? "Tag" + m : m;
}

}  // namespace contractgen::emit::go
