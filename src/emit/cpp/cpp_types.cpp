#include "emit/cpp/cpp_types.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>

#include "emit/cpp/cpp_syntax.h"
#include "ir/pattern.h"
#include "ir/queries.h"
#include "ir/schema_members.h"

namespace contractgen::emit::cpp {

using ir::Kind;

// ---- literals a family defines once -----------------------------------------------------

std::string FamilyLiterals::pattern(const std::string& source) {
    auto it = std::find(patterns_.begin(), patterns_.end(), source);
    if (it == patterns_.end()) it = patterns_.insert(patterns_.end(), source);
    return "pattern_" + std::to_string(it - patterns_.begin());
}

std::string FamilyLiterals::json(const ir::json& value) {
    std::string text = value.dump(-1, ' ', false, ir::json::error_handler_t::strict);
    auto it = std::find(json_.begin(), json_.end(), text);
    if (it == json_.end()) it = json_.insert(json_.end(), text);
    return "json_" + std::to_string(it - json_.begin());
}

std::string FamilyLiterals::check(const ir::json& program) {
    std::string text = cpp_program(program).dump(-1, ' ', false, ir::json::error_handler_t::strict);
    auto it = std::find(checks_.begin(), checks_.end(), text);
    if (it == checks_.end()) it = checks_.insert(checks_.end(), text);
    return "check_" + std::to_string(it - checks_.begin());
}

std::string cpp_pattern(const std::string& pattern) {
    if (!ir::needs_backtracking(pattern)) return ir::translate_pattern(pattern, ir::PatternDialect::Re2);
    return "(*LIMIT_MATCH=1000000)" + ir::translate_pattern(pattern, ir::PatternDialect::Pcre2);
}

ir::json cpp_program(const ir::json& program) { return ir::program_with_patterns(program, cpp_pattern); }

std::string FamilyLiterals::text(const std::string& text) {
    std::string literal = string_view_literal(text);
    if (literal.size() <= 48) return literal;
    auto it = std::find(texts_.begin(), texts_.end(), text);
    if (it == texts_.end()) it = texts_.insert(texts_.end(), text);
    return "text_" + std::to_string(it - texts_.begin());
}

std::string FamilyLiterals::rule(const Rule& rule) {
    std::string text = rule.flat();
    auto it = std::find(rule_texts_.begin(), rule_texts_.end(), text);
    if (it == rule_texts_.end()) {
        it = rule_texts_.insert(rule_texts_.end(), text);
        rules_.push_back(rule);
    }
    return "rule_" + std::to_string(it - rule_texts_.begin());
}

std::string Rule::flat() const {
    std::string out = head;
    for (const auto& [name, argument] : calls) out += "." + name + "(" + argument.flat() + ")";
    return out;
}

std::string Rule::layout(const std::string& indent) const {
    std::string one_line = flat();
    if (indent.size() + one_line.size() <= kLineWidth || calls.empty()) return one_line;
    std::string inner = indent + "    ", out = head;
    for (const auto& [name, argument] : calls) out += "\n" + inner + "." + name + "(" + argument.layout(inner) + ")";
    return out;
}

// ---- layout of long expressions -----------------------------------------------------------

std::string Expr::flat() const {
    if (text) return head + string_literal(*text) + tail;
    if (!braced) return head;
    std::string out = head;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i].flat();
    return out + tail;
}

std::string Expr::layout(std::size_t column, const std::string& indent) const {
    std::string one_line = flat();
    if (column + one_line.size() <= kLineWidth) return one_line;
    if (text) {
        std::string inner = indent + "    ";
        return head + "\n" + inner + string_literal_lines(*text, kLineWidth - inner.size() - 1, inner) + tail;
    }
    if (!braced || items.empty()) return one_line;
    std::string inner = indent + "    ", out = head + "\n";
    for (const auto& item : items) out += inner + item.layout(inner.size(), inner) + ",\n";
    return out + indent + tail;
}

namespace {

Expr leaf(std::string text) { return Expr{std::move(text), {}, "", false, std::nullopt}; }
Expr list(std::string head, std::vector<Expr> items, std::string tail) {
    return Expr{std::move(head), std::move(items), std::move(tail), true, std::nullopt};
}
// A string literal, or std::string("...", n) when the text holds a NUL;
// `wrap` names a type to brace-initialise from it (std::string, an open enum).
Expr text_leaf(const std::string& utf8, const std::string& wrap = "") {
    std::string head, tail;
    if (utf8.find('\0') != std::string::npos) {
        head = "std::string(";
        tail = ", " + std::to_string(utf8.size()) + ")";
    }
    if (!wrap.empty()) {
        head = wrap + "{" + head;
        tail += "}";
    }
    return Expr{head, {}, tail, false, utf8};
}

}  // namespace

// ---- types -------------------------------------------------------------------------------

std::string CppTypes::decl_name(ir::DeclId id) const {
    const ir::Decl& d = model_.decl(id);
    if (d.family == family_) return names_.of(id);
    return names_.family.at(d.family) + "::" + names_.of(id);
}

std::string CppTypes::alias_function(const std::string& prefix, ir::DeclId id) const {
    const ir::Decl& d = model_.decl(id);
    std::string name = prefix + names_.of(id);
    if (d.family == family_) return name;
    return names_.family.at(d.family) + "::" + name;
}

std::string CppTypes::value_type(const ir::TypeExpr& t) const {
    switch (t.kind) {
        case Kind::String: return "std::string";
        case Kind::Integer:
            return t.number_bounds.integer_format == ir::IntegerFormat::Uint64 ? "std::uint64_t" : "std::int64_t";
        case Kind::Number: return "double";
        case Kind::Boolean: return "bool";
        case Kind::Null: return "std::nullptr_t";
        case Kind::Any:
        case Kind::Const: return "Value";
        case Kind::Named: return decl_name(t.decl);
        case Kind::Array: return "std::vector<" + type(t.item()) + ">";
        case Kind::Map: return "Map<" + type(t.item()) + ">";
    }
    return "Value";
}

bool CppTypes::wraps_null(const ir::TypeExpr& t) {
    // std::nullptr_t and Value hold null themselves.
    return t.nullable && t.kind != Kind::Null && t.kind != Kind::Any;
}

std::string CppTypes::type(const ir::TypeExpr& t) const {
    return wraps_null(t) ? "Nullable<" + value_type(t) + ">" : value_type(t);
}

bool CppTypes::is_wrapper(ir::DeclId id) const {
    const ir::Decl& d = model_.decl(id);
    if (!d.recursive || !d.is<ir::Alias>()) return false;
    const ir::TypeExpr& target = d.as<ir::Alias>().target;
    return target.kind == Kind::Array || target.kind == Kind::Map;
}

namespace {

// Where a declaration comes in its family's files (dependency order).
std::size_t position(const ir::Model& model, ir::DeclId id) {
    const ir::Family* f = model.find_family(model.decl(id).family);
    auto it = std::find(f->decls.begin(), f->decls.end(), id);
    return static_cast<std::size_t>(it - f->decls.begin());
}

}  // namespace

std::string CppTypes::held_value_type(const ir::TypeExpr& t, ir::DeclId container) const {
    if (!model_.decl(container).recursive || t.kind != Kind::Named) return value_type(t);
    // Through aliases of a named type to the class that holds the value.
    const ir::DeclId id = ir::resolve_alias_decl(model_, t.decl);
    const ir::Decl& d = model_.decl(id);
    bool is_class = d.is<ir::Struct>() || d.is<ir::Tuple>() || d.is<ir::Union>() || is_wrapper(id);
    if (!d.recursive || !is_class || d.family != model_.decl(container).family) return value_type(t);
    if (position(model_, id) < position(model_, container)) return value_type(t);  // complete already
    return "Box<" + decl_name(id) + ">";
}

std::string CppTypes::held_type(const ir::TypeExpr& t, ir::DeclId container) const {
    return wraps_null(t) ? "Nullable<" + held_value_type(t, container) + ">" : held_value_type(t, container);
}

// ---- rules -------------------------------------------------------------------------------

namespace {

Rule argument(std::string text) { return Rule{std::move(text), {}}; }

// A count as a C++ literal. An unsuffixed decimal literal beyond the largest
// signed type is ill-formed ("integer constant is so large that it is
// unsigned"), so counts from 2^63 up carry `u`.
Rule count_argument(std::uint64_t n) {
    constexpr auto kLargestSigned = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    return argument(std::to_string(n) + (n > kLargestSigned ? "u" : ""));
}

}  // namespace

Rule CppTypes::string_rule(const ir::StringBounds& b) const {
    if (b.empty()) return {};
    Rule r{"rt::StringRule()", {}};
    if (b.min_length) r.call("min_length", count_argument(*b.min_length));
    if (b.max_length) r.call("max_length", count_argument(*b.max_length));
    // The StringRule method of each format: its keyword in snake case.
    if (b.format != ir::StringFormat::None) {
        std::string method = ir::format_name(b.format);
        std::replace(method.begin(), method.end(), '-', '_');
        r.call(method, {});
    }
    if (b.pattern) r.call("pattern", argument(literals_.pattern(*b.pattern)));
    return r;
}

Rule CppTypes::number_rule(const ir::NumberBounds& b) {
    if (b.empty()) return {};
    Rule r{"rt::NumberRule()", {}};
    auto add = [&](const char* name, const std::optional<ir::json>& v) {
        if (v) r.call(name, argument(number_argument(*v)));
    };
    add("minimum", b.minimum);
    add("maximum", b.maximum);
    add("exclusive_minimum", b.exclusive_minimum);
    add("exclusive_maximum", b.exclusive_maximum);
    add("multiple_of", b.multiple_of);
    if (b.integer_format == ir::IntegerFormat::Int64) r.call("int64", {});
    if (b.integer_format == ir::IntegerFormat::Uint64) r.call("uint64", {});
    return r;
}

Rule CppTypes::count_rule(const char* type, std::optional<std::uint64_t> min, std::optional<std::uint64_t> max) {
    bool items = std::string(type) == "rt::ArrayRule()";
    Rule r{type, {}};
    if (min) r.call(items ? "min_items" : "min_properties", count_argument(*min));
    if (max) r.call(items ? "max_items" : "max_properties", count_argument(*max));
    return r;
}

Rule CppTypes::rule(const ir::TypeExpr& t, bool states_type) const {
    if (!t.check) return unchecked_rule(t, states_type);
    // The assertion first, then the type's own rule (docs/semantics.md, "Assertions").
    Rule r{"rt::checked_rule(" + literals_.check(model_.checks.at(*t.check).program) + ")", {}};
    Rule inner = unchecked_rule(t, states_type);
    if (!inner.empty()) r.call("of", std::move(inner));
    return r;
}

Rule CppTypes::unchecked_rule(const ir::TypeExpr& t, bool states_type) const {
    // Through aliases one at a time: each alias's target may carry an assertion of its own.
    // A recursive alias's wrapper struct applies its own rule (decode_X).
    if (t.kind == Kind::Named && model_.decl(t.decl).is<ir::Alias>() && !is_wrapper(t.decl))
        return rule(model_.decl(t.decl).as<ir::Alias>().target, states_type);
    const ir::TypeExpr& s = t;
    switch (s.kind) {
        case Kind::String: return string_rule(s.string_bounds);
        case Kind::Integer:
        case Kind::Number: return number_rule(s.number_bounds);
        case Kind::Const: {
            Rule r = argument("rt::ConstRule(" + literals_.json(s.value) + ")");
            if (!states_type) r.call("bare", {});
            return r;
        }
        case Kind::Array: {
            Rule item = rule(s.item());
            const auto& b = s.array_bounds;
            if (b.empty() && item.empty()) return {};
            Rule r = count_rule("rt::ArrayRule()", b.min_items, b.max_items);
            if (b.unique_items) r.call("unique_items", {});
            if (!item.empty()) r.call("items", std::move(item));
            return r;
        }
        case Kind::Map: {
            Rule item = rule(s.item());
            const auto& b = s.object_bounds;
            const auto& key = s.string_bounds.pattern;  // patternProperties: a key pattern
            if (b.empty() && item.empty() && !key) return {};
            Rule r = count_rule("rt::MapRule()", b.min_properties, b.max_properties);
            if (key) r.call("keys", argument(literals_.pattern(*key)));
            if (!item.empty()) r.call("values", std::move(item));
            return r;
        }
        default: return {};
    }
}

// ---- constants -------------------------------------------------------------------------

bool CppTypes::is_constexpr(const ir::TypeExpr& t) const {
    bool nullable = false;
    const ir::TypeExpr& s = ir::strip_aliases(model_, t, nullable);
    if (nullable) return false;
    if (s.kind == Kind::Integer || s.kind == Kind::Number || s.kind == Kind::Boolean) return true;
    if (s.kind != Kind::Named) return false;
    const ir::Decl& d = model_.decl(s.decl);
    return d.is<ir::Enum>() && d.as<ir::Enum>().all_strings;
}

// Braced lists initialise the constant's own type ({1, 2}); a nullable one
// is built from its value type first (std::vector<int>{1, 2}).
std::string CppTypes::braced_prefix(const ir::TypeExpr& t) const { return t.nullable ? value_type(t) : ""; }

Expr CppTypes::literal(const ir::TypeExpr& t, const ir::json& value) const {
    if (value.is_null() && t.nullable) return leaf(type(t) + "{nullptr}");
    switch (t.kind) {
        case Kind::String:
            if (!value.is_string()) break;
            // std::string(...) where the constant is nullable: one user conversion, not two.
            if (t.nullable) return text_leaf(value.get<std::string>(), "std::string");
            return text_leaf(value.get<std::string>());
        case Kind::Integer:
            if (value.is_number()) return leaf(value.dump());
            break;
        case Kind::Number:
            if (value.is_number()) return leaf(double_literal(value));
            break;
        case Kind::Boolean:
            if (value.is_boolean()) return leaf(value.get<bool>() ? "true" : "false");
            break;
        case Kind::Named: {
            const ir::Decl& d = model_.decl(t.decl);
            if (d.is<ir::Alias>()) return literal(d.as<ir::Alias>().target, value);
            if (d.is<ir::Enum>() && d.as<ir::Enum>().all_strings && value.is_string()) {
                const auto& values = d.as<ir::Enum>().values;
                for (std::size_t i = 0; i < values.size(); ++i)
                    if (values[i] == value) return leaf(decl_name(t.decl) + "::" + names_.values[t.decl][i]);
            }
            if (d.is<ir::OpenEnum>() && value.is_string())
                return text_leaf(value.get<std::string>(), decl_name(t.decl));
            break;
        }
        case Kind::Array:
            if (value.is_array()) {
                std::vector<Expr> items;
                for (const auto& item : value) items.push_back(literal(t.item(), item));
                return list(braced_prefix(t) + "{", std::move(items), "}");
            }
            break;
        case Kind::Map:
            if (value.is_object()) {
                std::vector<Expr> entries;
                for (const auto& [k, v] : value.items())
                    entries.push_back(list("{", {text_leaf(k), literal(t.item(), v)}, "}"));
                return list(braced_prefix(t) + "{", std::move(entries), "}");
            }
            break;
        default: break;
    }
    // Anything else (Any, Const, structs, unions) is decoded from its JSON
    // text, through the type's own rules, when the program starts.
    std::string text = value.dump(-1, ' ', false, ir::json::error_handler_t::strict);
    std::string call = t.kind == Kind::Named ? "rt::parse_literal<" + value_type(t) + ">(" : "Value::parse(";
    return Expr{call, {}, ")", false, text};
}

}  // namespace contractgen::emit::cpp
