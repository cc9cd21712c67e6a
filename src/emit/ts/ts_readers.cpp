#include "emit/ts/ts_readers.h"

#include <cstdio>
#include <limits>

#include "emit/ts/ts_syntax.h"
#include "ir/integral.h"
#include "ir/pattern.h"
#include "ir/queries.h"

namespace contractgen::emit::ts {

using ir::Kind;

namespace {

std::string count_text(std::uint64_t n) {
    // Beyond 2^53 a count cannot be reached; the bound stays a safe number.
    return std::to_string(std::min<std::uint64_t>(n, (std::uint64_t(1) << 53) - 1));
}

}  // namespace

std::string bound_literal(const ir::json& v, bool big) {
    if (big && (v.is_number_integer() || v.is_number_unsigned())) return v.dump() + "n";
    if (big && v.is_number_float() && ir::is_whole(v.get<double>())) return bigint_text(v.get<double>());
    return number_literal(v);
}

std::string bigint_text(double whole) {
    if (whole == 0) return "0n";  // not "-0n"
    char digits[400];  // the largest double has 309 digits
    std::snprintf(digits, sizeof digits, "%.0f", whole);
    return std::string(digits) + "n";
}

std::string TsReaders::reader_of(ir::DeclId id) const {
    const ir::Decl& d = model_.decl(id);
    const std::string& name = readers_.at(id);
    return d.family == family_ ? name : names_.family.at(d.family) + "." + name;
}

std::string TsReaders::hoist(const std::string& prefix, const std::string& key, std::string_view js,
                             std::vector<Printer::Sub> subs) {
    auto it = made_.find(key);
    if (it != made_.end()) return it->second;
    std::string name = scope_.claim(prefix + std::to_string(made_.size() + 1));
    made_.emplace(key, name);
    subs.emplace_back("name", name);
    Printer p(printer_style());
    p.emit(subs, js);
    support_.js += p.take();
    return name;
}

std::string TsReaders::rule(const std::string& type, std::vector<std::string> fields) {
    std::string key = type;
    for (const std::string& field : fields) key += "\n" + field;
    // An object literal, one field a line when it would pass the width.
    return hoist("rule", key, R"(
        /** @type {rt.$type$} */
        const $name$ = $value$;
    )",
                 {{"type", type}, Printer::Sub::braced("value", std::move(fields))});
}

std::string TsReaders::string_rule(const ir::StringBounds& b) {
    if (b.empty()) return "undefined";
    std::vector<std::string> fields;
    auto add = [&](const std::string& f) { fields.push_back(f); };
    switch (b.format) {
        case ir::StringFormat::DateTime: add("format: \"date-time\""); break;
        case ir::StringFormat::Uuid: add("format: \"uuid\""); break;
        case ir::StringFormat::Uri: add("format: \"uri\""); break;
        case ir::StringFormat::None: break;
        default: add(std::string("format: \"") + ir::format_name(b.format) + "\""); break;
    }
    if (b.pattern) add("pattern: " + pattern_call(*b.pattern));
    if (b.min_length) add("minLength: " + count_text(*b.min_length));
    if (b.max_length) add("maxLength: " + count_text(*b.max_length));
    return rule("StringRule", fields);
}

std::string TsReaders::number_rule(const ir::NumberBounds& b, bool big) {
    std::vector<std::string> fields;
    auto add = [&](const char* name, const std::optional<ir::json>& v, bool as_big) {
        if (v) fields.push_back(std::string(name) + ": " + bound_literal(*v, as_big));
    };
    add("minimum", b.minimum, big);
    add("maximum", b.maximum, big);
    add("exclusiveMinimum", b.exclusive_minimum, big);
    add("exclusiveMaximum", b.exclusive_maximum, big);
    add("multipleOf", b.multiple_of, false);
    if (fields.empty()) return "undefined";
    return rule("NumberRule", fields);
}

std::string TsReaders::count_rule(std::optional<std::uint64_t> min, std::optional<std::uint64_t> max, bool unique) {
    std::vector<std::string> fields;
    auto add = [&](const std::string& f) { fields.push_back(f); };
    if (min) add("min: " + count_text(*min));
    if (max) add("max: " + count_text(*max));
    if (unique) add("unique: true");
    if (fields.empty()) return "undefined";
    return rule("CountRule", fields);
}

std::string TsReaders::key_pattern(const std::string& pattern) {
    const std::string value = pattern_call(pattern);
    return hoist("key", "key " + value, "const $name$ = $value$;\n", {{"value", value}});
}

std::string TsReaders::value_const(const ir::json& value) {
    // `null as const` is not TypeScript (null is its own literal type already).
    return hoist("value", "value " + value.dump(), "const $name$ = $expression$;\n",
                 {{"expression", const_expression(value, "", 1u << 30)}});
}

std::string TsReaders::value_read(const ir::TypeExpr& t) {
    switch (t.kind) {
        case Kind::String: {
            std::string r = string_rule(t.string_bounds);
            return r == "undefined" ? "d.string()" : "d.string(" + r + ")";
        }
        case Kind::Integer: {
            const auto format = t.number_bounds.integer_format;
            const bool big = format != ir::IntegerFormat::Safe;
            std::string r = number_rule(t.number_bounds, big);
            std::string args = r == "undefined" ? "" : r;
            if (format == ir::IntegerFormat::Int64) return "d.bigint(" + (args.empty() ? "undefined" : args) + ")";
            if (format == ir::IntegerFormat::Uint64)
                return "d.bigint(" + (args.empty() ? "undefined" : args) + ", true)";
            return "d.int(" + args + ")";
        }
        case Kind::Number: {
            std::string r = number_rule(t.number_bounds, false);
            return r == "undefined" ? "d.number()" : "d.number(" + r + ")";
        }
        case Kind::Boolean: return "d.bool()";
        case Kind::Null: return "d.null()";
        case Kind::Any: return "d.any()";
        case Kind::Named: return reader_of(t.decl) + "(d)";
        case Kind::Array: {
            const auto& b = t.array_bounds;
            return "d.array(" + count_rule(b.min_items, b.max_items, b.unique_items) + ", " + read_fn(t.item()) + ")";
        }
        case Kind::Map: {
            const auto& b = t.object_bounds;
            const std::string rule = count_rule(b.min_properties, b.max_properties, false);
            if (t.string_bounds.pattern)  // a key pattern
                return "rt.readMapMatching(d, " + rule + ", " + key_pattern(*t.string_bounds.pattern) + ", " +
                       read_fn(t.item()) + ")";
            return "d.map(" + rule + ", " + read_fn(t.item()) + ")";
        }
        case Kind::Const: {
            const std::string typed = t.const_integer ? ", \"integer\"" : t.const_typed ? ", true" : "";
            if (t.value.is_string()) return "d.constString(" + string_literal(t.value.get<std::string>()) + typed + ")";
            return "d.constValue(" + value_const(t.value) + typed + ")";
        }
    }
    return "d.any()";
}

std::string TsReaders::read(const ir::TypeExpr& t) {
    if (t.check) {  // the assertion covers the whole value, null included
        ir::TypeExpr plain = t;
        plain.check.reset();
        return "rt.readChecked(d, " + types_.check_var(*t.check) + ", " + read_fn(plain) + ")";
    }
    if (ir::adds_null(model_, t)) return "d.isNull() ? null : " + value_read(ir::without_null(t));
    return value_read(t);
}

std::string TsReaders::read_fn(const ir::TypeExpr& t) {
    const bool plain = !ir::adds_null(model_, t) && !t.check;
    if (plain && t.kind == Kind::Named) return reader_of(t.decl);
    if (plain && t.kind == Kind::Any) return "rt.readAny";
    const std::string type = types_.jsdoc_type(t, TypeMode::Tolerant);
    const std::string body = read(t);
    const std::string arrow = "(d) => " + (body.rfind("d.isNull()", 0) == 0 ? "(" + body + ")" : body);
    return hoist("read", "reader " + type + " " + body, R"(
        /** @type {rt.Reader<$type$>} */
        const $name$ = $value$;
    )",
                 {{"type", type}, {"value", arrow}});
}

}  // namespace contractgen::emit::ts
