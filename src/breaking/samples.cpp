#include "breaking/samples.h"

#include <cmath>

#include "breaking/string_sets.h"
#include "validate/accepts.h"
#include "validate/json_text.h"

namespace contractgen::breaking {

using validate::accepts;
using validate::code_points;
using validate::json_equal;

using ir::Kind;

namespace {

// Nesting limit: the IR has no recursive types, this only guards mistakes.
constexpr int kMaxDepth = 32;

ir::TypeExpr string_type(const ir::StringBounds& b) {
    ir::TypeExpr t;
    t.kind = Kind::String;
    t.string_bounds = b;
    return t;
}

std::string format_sample(ir::StringFormat f) {
    switch (f) {
        case ir::StringFormat::DateTime: return "2024-01-01T00:00:00Z";
        case ir::StringFormat::Uuid: return "00000000-0000-4000-8000-000000000000";
        case ir::StringFormat::Uri: return "https://example.com/";
        case ir::StringFormat::Date: return "2024-01-01";
        case ir::StringFormat::Time: return "00:00:00Z";
        case ir::StringFormat::Duration: return "P1D";
        case ir::StringFormat::Email: return "a@example.com";
        case ir::StringFormat::Hostname: return "example.com";
        case ir::StringFormat::Ipv4: return "192.0.2.1";
        case ir::StringFormat::Ipv6: return "2001:db8::1";
        case ir::StringFormat::UriReference: return "/a";
        case ir::StringFormat::JsonPointer: return "/a";
        case ir::StringFormat::None: break;
    }
    return "";
}

}  // namespace

std::vector<json> numbers_near(const ir::NumberBounds& b, bool integer) {
    std::vector<json> out{0};
    auto near = [&](const std::optional<json>& bound) {
        if (!bound) return;
        double v = bound->get<double>();
        for (double d : {0.0, 1.0, -1.0, 0.5, -0.5, 2.0}) {
            double x = v + d;
            if (integer && x != std::floor(x)) continue;
            if (x == std::floor(x) && std::fabs(x) < 9e15) out.push_back(static_cast<long long>(x));
            else
                out.push_back(x);
        }
    };
    near(b.minimum), near(b.exclusive_minimum), near(b.maximum), near(b.exclusive_maximum);
    if (b.multiple_of) {
        double m = b.multiple_of->get<double>();
        double from = b.minimum             ? b.minimum->get<double>()
                      : b.exclusive_minimum ? b.exclusive_minimum->get<double>()
                                            : 0;
        double k = std::ceil(from / m);
        for (int i = 0; i < 3; ++i) {
            double x = (k + i) * m;
            if (x == std::floor(x) && std::fabs(x) < 9e15) out.push_back(static_cast<long long>(x));
            else if (!integer)
                out.push_back(x);
        }
    }
    if (!integer) out.push_back(0.5);
    return out;
}

namespace {

std::vector<json> candidates(const ir::Model& m, const ir::TypeExpr& t, int depth);

std::vector<json> decl_candidates(const ir::Model& m, ir::DeclId id, int depth) {
    const ir::Decl& d = m.decl(id);
    std::vector<json> out;
    if (depth > kMaxDepth) return out;
    if (const auto* s = std::get_if<ir::Struct>(&d.body)) {
        json obj = json::object();
        bool ok = true;
        for (const auto& f : s->fields) {
            if (!f.required) continue;
            auto v = minimal_instance(m, f.type);
            if (!v) ok = false;
            else
                obj[f.wire_name] = *v;
        }
        if (!ok) return out;
        out.push_back(obj);
        // Enough members for minProperties: optional fields, then (when the
        // object keeps unknown members) made-up ones.
        if (s->bounds.min_properties && obj.size() < *s->bounds.min_properties) {
            for (const auto& f : s->fields)
                if (!f.required && obj.size() < *s->bounds.min_properties)
                    if (auto v = minimal_instance(m, f.type)) obj[f.wire_name] = *v;
            for (int k = 0; obj.size() < *s->bounds.min_properties && k < 64; ++k)
                obj["x" + std::to_string(k)] = nullptr;
            out.insert(out.begin(), obj);
        }
        // Each optional field set once more: other valid shapes.
        for (const auto& f : s->fields)
            if (!f.required)
                if (auto v = minimal_instance(m, f.type)) {
                    json more = out.front();
                    more[f.wire_name] = *v;
                    out.push_back(more);
                }
    } else if (const auto* e = std::get_if<ir::Enum>(&d.body)) {
        out = e->values;
    } else if (const auto* o = std::get_if<ir::OpenEnum>(&d.body)) {
        for (const auto& k : o->known) out.push_back(k);
        for (const auto& s : strings_near(o->other, std::nullopt)) out.push_back(s);
    } else if (const auto* u = std::get_if<ir::Union>(&d.body)) {
        for (const auto& v : u->variants)
            for (auto& c : candidates(m, v.type, depth + 1)) out.push_back(std::move(c));
    } else if (const auto* a = std::get_if<ir::Alias>(&d.body)) {
        out = candidates(m, a->target, depth + 1);
    } else if (const auto* c = std::get_if<ir::Constant>(&d.body)) {
        out.push_back(c->value);
    }
    return out;
}

std::vector<json> candidates(const ir::Model& m, const ir::TypeExpr& t, int depth) {
    std::vector<json> out;
    switch (t.kind) {
        case Kind::Any:
        case Kind::Null: out = {nullptr}; break;
        case Kind::Boolean: out = {false, true}; break;
        case Kind::String:
            for (const auto& s : strings_near(t.string_bounds, std::nullopt)) out.push_back(s);
            break;
        case Kind::Integer:
        case Kind::Number: out = numbers_near(t.number_bounds, t.kind == Kind::Integer); break;
        case Kind::Const: out = {t.value}; break;
        case Kind::Named: out = decl_candidates(m, t.decl, depth + 1); break;
        case Kind::Array: {
            std::uint64_t n = t.array_bounds.min_items.value_or(0);
            auto items = instances(m, t.item(), t.array_bounds.unique_items ? n + 1 : 1);
            if (items.empty()) break;
            json arr = json::array();
            for (std::uint64_t k = 0; k < n; ++k)
                arr.push_back(items[t.array_bounds.unique_items ? k % items.size() : 0]);
            out.push_back(arr);
            json longer = arr;
            longer.push_back(items[t.array_bounds.unique_items ? n % items.size() : 0]);
            out.push_back(longer);
            break;
        }
        case Kind::Map: {
            auto v = minimal_instance(m, t.item());
            if (!v) break;
            json obj = json::object();
            for (std::uint64_t k = 0; k < t.object_bounds.min_properties.value_or(0); ++k)
                obj["k" + std::to_string(k)] = *v;
            out.push_back(obj);
            json more = obj;
            more["k" + std::to_string(obj.size())] = *v;
            out.push_back(more);
            break;
        }
    }
    if (t.nullable) out.push_back(nullptr);
    return out;
}

}  // namespace

std::vector<std::string> strings_near(const ir::StringBounds& b, std::optional<std::uint64_t> length) {
    std::vector<std::string> bases;
    if (b.format != ir::StringFormat::None) bases.push_back(format_sample(b.format));
    for (auto& s : strings_of(b, std::nullopt, 4)) bases.push_back(std::move(s));
    if (length)
        for (auto& s : strings_of(b, length, 2)) bases.push_back(std::move(s));
    bases.push_back("");
    bases.push_back("a");
    std::vector<std::string> out;
    ir::TypeExpr type = string_type(b);
    auto consider = [&](const std::string& s) {
        static const ir::Model no_declarations;
        if (accepts(no_declarations, type, s) && std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
    };
    std::uint64_t want = length.value_or(b.min_length.value_or(0));
    for (const auto& base : bases) {
        std::size_t n = code_points(base);
        if (!length) consider(base);
        // Padded at the end, or at the start, to the length wanted.
        if (n < want) {
            consider(base + std::string(want - n, 'a'));
            consider(std::string(want - n, 'a') + base);
        } else if (n > want && length && base.size() == n) {
            consider(base.substr(0, want));
        } else if (n == want) {
            consider(base);
        }
    }
    return out;
}

std::optional<json> minimal_instance(const ir::Model& m, const ir::TypeExpr& t) {
    for (auto& c : candidates(m, t, 0))
        if (accepts(m, t, c)) return std::move(c);
    return std::nullopt;
}

std::optional<json> minimal_decl_instance(const ir::Model& m, ir::DeclId id) {
    ir::TypeExpr t;
    t.kind = Kind::Named;
    t.decl = id;
    return minimal_instance(m, t);
}

std::vector<json> instances(const ir::Model& m, const ir::TypeExpr& t, std::size_t max) {
    std::vector<json> out;
    for (auto& c : candidates(m, t, 0)) {
        if (out.size() >= max) break;
        bool seen = false;
        for (const auto& o : out) seen |= json_equal(o, c);
        if (!seen && accepts(m, t, c)) out.push_back(std::move(c));
    }
    return out;
}

std::vector<json> probe_values() { return {nullptr, false, 0, 0.5, -1, "", "a", json::array(), json::object()}; }

std::string invalid_for(ir::StringFormat format) {
    switch (format) {
        case ir::StringFormat::DateTime: return "not a date-time";
        case ir::StringFormat::Uuid: return "not a uuid";
        case ir::StringFormat::Uri: return "not a uri";
        // The other formats are not compared (validate.cpp accepts any string for them).
        default: break;
    }
    return "";
}

}  // namespace contractgen::breaking
