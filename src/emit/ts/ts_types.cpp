#include "emit/ts/ts_types.h"

#include <cmath>
#include <functional>

#include "emit/ts/ts_readers.h"
#include "emit/ts/ts_syntax.h"
#include "ir/integral.h"
#include "ir/passes/passes.h"
#include "ir/pattern.h"
#include "ir/schema_members.h"

namespace contractgen::emit::ts {

using ir::Kind;

namespace {

// Which way a bound of a bigint schema rounds when it has a fraction: a
// bigint is at least 1.5 when it is at least 2, and below 2.5 when below 3.
enum class Round { Up, Down };

// A bound of a format int64/uint64 schema as a bigint literal: zod's bigint
// checks take bigints only. A double with no fraction is an exact integer
// whatever its size (9.3e18, beyond the 64-bit range, is still a valid bound).
std::string bigint_literal(const ir::json& v, Round round) {
    if (!v.is_number_float()) return v.dump() + "n";
    return bigint_text(round == Round::Up ? std::ceil(v.get<double>()) : std::floor(v.get<double>()));
}

// A whole divisor is zod's own bigint check; a fractional one is decided as
// the stream readers decide it (runtime/ts/runtime/rules.ts).
std::string bigint_multiple_of(const ir::json& v) {
    if (!v.is_number_float() || ir::is_whole(v.get<double>()))
        return ".multipleOf(" + bigint_literal(v, Round::Down) + ")";
    return ".check(rt.bigintMultipleOf(" + number_literal(v) + "))";
}

}  // namespace

std::string pattern_call(const std::string& pattern) {
    std::vector<std::string> args{string_literal(pattern)};
    if (!ir::needs_backtracking(pattern))
        args.push_back(string_literal(ir::translate_pattern(pattern, ir::PatternDialect::Re2)));
    // Two long literals go one a line (the text continues at the indentation it lands on).
    Printer p(printer_style());
    p.emit({Printer::Sub::list("args", std::move(args))}, "rt.pattern($args$)\n");
    std::string out = p.take();
    out.pop_back();
    return out;
}

std::string check_pattern_text(const std::string& pattern) {
    if (ir::needs_backtracking(pattern)) return pattern;
    return "(*RE2)" + ir::translate_pattern(pattern, ir::PatternDialect::Re2);
}

std::set<ir::DeclId> tolerant_generic(const ir::Model& model) {
    std::set<ir::DeclId> generic;
    for (ir::DeclId id = 0; id < model.decls.size(); ++id) {
        const ir::Decl& d = model.decl(id);
        if (d.is<ir::Union>() && d.as<ir::Union>().discriminator) generic.insert(id);
    }
    // Containers of generic declarations, until nothing changes (no recursion in the IR: few rounds).
    for (bool changed = true; changed;) {
        changed = false;
        for (ir::DeclId id = 0; id < model.decls.size(); ++id) {
            const ir::Decl& d = model.decl(id);
            if (generic.count(id) || d.is<ir::Constant>()) continue;
            bool uses = false;
            ir::for_each_type_in(d, [&](const ir::TypeExpr& t) {
                if (t.kind == Kind::Named && generic.count(t.decl)) uses = true;
            });
            if (uses) changed = generic.insert(id).second || changed;
        }
    }
    return generic;
}

std::string TsTypes::jsdoc_type(const ir::TypeExpr& t, TypeMode mode) const {
    own_prefix_ = "types.";
    std::string out = type(t, mode);
    own_prefix_.clear();
    return out;
}

std::string TsTypes::decl_type(ir::DeclId id, TypeMode mode) const {
    std::string name = model_.decl(id).family == family_ ? own_prefix_ + names_.of(id) : decl_ref(id);
    if (!generic_.count(id) || mode == TypeMode::Strict) return name;
    return name + "<" +
           (mode == TypeMode::Generic ? std::string(kUnknownParameter) : std::string("rt.UnknownVariant")) + ">";
}

std::string TsTypes::decl_ref(ir::DeclId id) const {
    const ir::Decl& d = model_.decl(id);
    if (d.family == family_) return names_.of(id);
    return names_.family.at(d.family) + "." + names_.of(id);
}

std::string TsTypes::scalar_literal(const ir::json& value) {
    if (value.is_string()) return string_literal(value.get<std::string>());
    if (value.is_null()) return "null";
    if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
    return number_literal(value);
}

std::string TsTypes::const_schema(const ir::json& value) {
    if (value.is_null()) return "z.null()";
    if (value.is_primitive()) return "z.literal(" + scalar_literal(value) + ")";
    // Arrays and objects: JSON Schema equality (numbers by value, members in any order).
    return "rt.constant(" + const_expression(value, "", 1u << 30) + ")";
}

std::string TsTypes::string_schema(const ir::StringBounds& b) {
    std::string out;
    switch (b.format) {
        case ir::StringFormat::DateTime: out = "rt.dateTime"; break;
        case ir::StringFormat::Uuid: out = "rt.uuid"; break;
        case ir::StringFormat::Uri: out = "rt.uri"; break;
        case ir::StringFormat::None: out = "z.string()"; break;
        default: out = std::string("rt.format(\"") + ir::format_name(b.format) + "\")"; break;
    }
    if (b.min_length || b.max_length) {
        // Code points, not UTF-16 units: zod's .min/.max count `.length`.
        out += ".check(rt.codePoints(" + std::to_string(b.min_length.value_or(0));
        if (b.max_length) out += ", " + std::to_string(*b.max_length);
        out += "))";
    }
    if (b.pattern) out += ".regex(" + pattern_call(*b.pattern) + ")";
    return out;
}

std::string TsTypes::number_checks(const ir::NumberBounds& b) {
    std::string out;
    if (b.minimum) out += ".gte(" + number_literal(*b.minimum) + ")";
    if (b.exclusive_minimum) out += ".gt(" + number_literal(*b.exclusive_minimum) + ")";
    if (b.maximum) out += ".lte(" + number_literal(*b.maximum) + ")";
    if (b.exclusive_maximum) out += ".lt(" + number_literal(*b.exclusive_maximum) + ")";
    // zod's .multipleOf has its own float rule; the contract's is in rt.
    if (b.multiple_of) out += ".check(rt.multipleOf(" + number_literal(*b.multiple_of) + "))";
    return out;
}

std::string TsTypes::value_schema(const ir::TypeExpr& t) const {
    switch (t.kind) {
        case Kind::String: return string_schema(t.string_bounds);
        // z.int(): a number with no fraction (1.0 is one after JSON.parse), within ±(2^53 - 1);
        // format int64/uint64: a bigint in the 64-bit range.
        case Kind::Integer:
            if (t.number_bounds.integer_format != ir::IntegerFormat::Safe) {
                const ir::NumberBounds& b = t.number_bounds;
                std::string out =
                    std::string("rt.int64(") + (b.integer_format == ir::IntegerFormat::Uint64 ? "true" : "") + ")";
                if (b.minimum) out += ".gte(" + bigint_literal(*b.minimum, Round::Up) + ")";
                if (b.exclusive_minimum) out += ".gt(" + bigint_literal(*b.exclusive_minimum, Round::Down) + ")";
                if (b.maximum) out += ".lte(" + bigint_literal(*b.maximum, Round::Down) + ")";
                if (b.exclusive_maximum) out += ".lt(" + bigint_literal(*b.exclusive_maximum, Round::Up) + ")";
                if (b.multiple_of) out += bigint_multiple_of(*b.multiple_of);
                return out;
            }
            return "z.int()" + number_checks(t.number_bounds);
        case Kind::Number: return "z.number()" + number_checks(t.number_bounds);
        case Kind::Boolean: return "z.boolean()";
        case Kind::Null: return "z.null()";
        case Kind::Any: return "rt.json";
        case Kind::Const: return const_schema(t.value);
        // A declaration on a cycle may not be defined yet where it is used: z.lazy defers the reference.
        case Kind::Named:
            return model_.decl(t.decl).recursive ? "z.lazy(() => " + decl_ref(t.decl) + ")" : decl_ref(t.decl);
        case Kind::Array: {
            std::string out = "z.array(" + schema(t.item()) + ")";
            const ir::ArrayBounds& b = t.array_bounds;
            if (b.min_items) out += ".min(" + std::to_string(*b.min_items) + ")";
            if (b.max_items) out += ".max(" + std::to_string(*b.max_items) + ")";
            if (b.unique_items) out += ".check(rt.uniqueItems)";
            return out;
        }
        case Kind::Map: {
            // A key pattern: the member names must match it.
            const std::string key = t.string_bounds.pattern
                                        ? string_schema(ir::StringBounds{{}, {}, t.string_bounds.pattern, {}})
                                        : "z.string()";
            std::string out =
                "z.record(" + key + ", " + schema(t.item()) + (t.string_bounds.pattern ? ", rt.KEY_PATTERN)" : ")");
            const ir::ObjectBounds& b = t.object_bounds;
            if (!b.empty()) {
                out += ".check(rt.propertyCount(" + std::to_string(b.min_properties.value_or(0));
                if (b.max_properties) out += ", " + std::to_string(*b.max_properties);
                out += "))";
            }
            return out;
        }
    }
    return "rt.json";
}

std::string TsTypes::check_var(ir::CheckId id) const {
    // Patterns as the runtime's Check compiles them (check_pattern_text).
    ir::json program = model_.checks.at(id).program;
    std::function<void(ir::json&)> walk = [&](ir::json& s) {
        if (!s.is_object()) return;
        for (auto it = s.begin(); it != s.end(); ++it) {
            const std::string& key = it.key();
            if (key == "pattern" && it->is_string()) {
                *it = check_pattern_text(it->get<std::string>());
            } else if (key == "patternProperties" && it->is_object()) {
                ir::json translated = ir::json::object();
                for (auto& [pattern, sub] : it->items()) {
                    ir::json copy = sub;
                    walk(copy);
                    translated[check_pattern_text(pattern)] = std::move(copy);
                }
                *it = std::move(translated);
            } else if (ir::member_kind(key) == ir::MemberKind::Schema) {
                walk(*it);
            } else if (ir::member_kind(key) == ir::MemberKind::SchemaMap ||
                       ir::member_kind(key) == ir::MemberKind::SchemaList) {
                for (auto& sub : *it) walk(sub);
            }
        }
    };
    for (auto& s : program["assert"]) walk(s);
    for (auto& s : program["defs"]) walk(s);
    const std::string text = program.dump();
    auto it = check_names_.find(text);
    if (it != check_names_.end()) return it->second;
    const std::string name = scope_->claim("check" + std::to_string(check_names_.size() + 1));
    check_names_.emplace(text, name);
    checks_ += "const " + name + " = new rt.Check(" + string_literal(text) + ");\n";
    return name;
}

std::string TsTypes::schema(const ir::TypeExpr& t) const {
    if (t.check) {  // the assertion covers the whole value, null included
        ir::TypeExpr plain = t;
        plain.check.reset();
        return "rt.checked(" + check_var(*t.check) + ", " + schema(plain) + ")";
    }
    std::string out = value_schema(t);
    // Null and Any already accept null.
    if (t.nullable && t.kind != Kind::Null && t.kind != Kind::Any && !(t.kind == Kind::Const && t.value.is_null()))
        out += ".nullable()";
    return out;
}

std::string TsTypes::field_schema(const ir::TypeExpr& t, bool required) const {
    // exactOptional, not optional: under exactOptionalPropertyTypes the
    // inferred member is `x?: T`, and an explicit `undefined` is refused.
    return required ? schema(t) : schema(t) + ".exactOptional()";
}

std::string TsTypes::value_type(const ir::TypeExpr& t, TypeMode mode) const {
    switch (t.kind) {
        case Kind::String: return "string";
        case Kind::Integer: return t.number_bounds.integer_format == ir::IntegerFormat::Safe ? "number" : "bigint";
        case Kind::Number: return "number";
        case Kind::Boolean: return "boolean";
        case Kind::Null: return "null";
        case Kind::Any: return "rt.Json";
        case Kind::Const: return literal_type(t.value, "", 1u << 30);
        case Kind::Named: return decl_type(t.decl, mode);
        case Kind::Array: {
            std::string item = type(t.item(), mode);
            bool simple = item.find_first_of("|&") == std::string::npos;
            return (simple ? item : "(" + item + ")") + "[]";
        }
        case Kind::Map: return "{ [key: string]: " + type(t.item(), mode) + " }";
    }
    return "rt.Json";
}

std::string TsTypes::type(const ir::TypeExpr& t, TypeMode mode) const {
    std::string out = value_type(t, mode);
    if (t.nullable && t.kind != Kind::Null && t.kind != Kind::Any && out != "null") out += " | null";
    return out;
}

}  // namespace contractgen::emit::ts
