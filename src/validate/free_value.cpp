#include "validate/free_value.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <unordered_map>

#include "validate/json_text.h"

namespace contractgen::validate {

namespace {

// An integer literal's value as a double (always finite for JSON text of
// sane length; beyond the double range it compares by digits only).
bool as_double(const FreeValue& v, double& out) {
    if (v.kind == FreeValue::Kind::Double) {
        out = v.number;
        return true;
    }
    if (v.kind != FreeValue::Kind::Integer) return false;
    out = std::strtod(v.text.c_str(), nullptr);
    return std::isfinite(out);
}

bool is_number(const FreeValue& v) { return v.kind == FreeValue::Kind::Integer || v.kind == FreeValue::Kind::Double; }

}  // namespace

FreeValue FreeValue::from_json(const ir::json& j) {
    FreeValue v;
    switch (j.type()) {
        case ir::json::value_t::null: v.kind = Kind::Null; break;
        case ir::json::value_t::boolean:
            v.kind = Kind::Bool;
            v.boolean = j.get<bool>();
            break;
        case ir::json::value_t::string:
            v.kind = Kind::String;
            v.text = j.get<std::string>();
            break;
        case ir::json::value_t::number_integer:
            v.kind = Kind::Integer;
            v.text = std::to_string(j.get<std::int64_t>());
            break;
        case ir::json::value_t::number_unsigned:
            v.kind = Kind::Integer;
            v.text = std::to_string(j.get<std::uint64_t>());
            break;
        case ir::json::value_t::number_float:
            v.kind = Kind::Double;
            v.number = j.get<double>();
            break;
        case ir::json::value_t::array:
            v.kind = Kind::Array;
            for (const auto& item : j) v.items.push_back(from_json(item));
            break;
        case ir::json::value_t::object:
            v.kind = Kind::Object;
            for (const auto& [key, member] : j.items()) v.members.push_back(Member{key, from_json(member)});
            break;
        default: break;
    }
    return v;
}

bool equal(const FreeValue& a, const FreeValue& b) {
    using K = FreeValue::Kind;
    if (is_number(a) && is_number(b)) {
        if (a.kind == K::Integer && b.kind == K::Integer) return a.text == b.text;  // canonical digits
        double x, y;
        return as_double(a, x) && as_double(b, y) && x == y;
    }
    if (a.kind != b.kind) return false;
    switch (a.kind) {
        case K::Null: return true;
        case K::Bool: return a.boolean == b.boolean;
        case K::String: return a.text == b.text;
        case K::Array:
            if (a.items.size() != b.items.size()) return false;
            for (std::size_t i = 0; i < a.items.size(); ++i)
                if (!equal(a.items[i], b.items[i])) return false;
            return true;
        case K::Object: {
            if (a.members.size() != b.members.size()) return false;
            if (b.members.size() > 16) {  // an index, so that large objects stay linear
                std::unordered_map<std::string_view, const FreeValue*> index;
                for (const auto& [k, v] : b.members) index.emplace(k, &v);
                for (const auto& [k, v] : a.members) {
                    auto it = index.find(k);
                    if (it == index.end() || !equal(v, *it->second)) return false;
                }
                return true;
            }
            for (const auto& member : a.members) {
                auto it = std::find_if(b.members.begin(), b.members.end(),
                                       [&](const auto& m) { return m.first == member.first; });
                if (it == b.members.end() || !equal(member.second, it->second)) return false;
            }
            return true;
        }
        default: return false;
    }
}

void append_value(std::string& out, const FreeValue& v) {
    using K = FreeValue::Kind;
    switch (v.kind) {
        case K::Null: out += "null"; break;
        case K::Bool: out += v.boolean ? "true" : "false"; break;
        case K::String: append_quoted(out, v.text); break;
        case K::Integer: out += v.text; break;
        case K::Double: append_number(out, v.number); break;
        case K::Array:
            out += '[';
            for (std::size_t i = 0; i < v.items.size(); ++i) {
                if (i) out += ',';
                append_value(out, v.items[i]);
            }
            out += ']';
            break;
        case K::Object:
            out += '{';
            for (std::size_t i = 0; i < v.members.size(); ++i) {
                if (i) out += ',';
                append_quoted(out, v.members[i].first);
                out += ':';
                append_value(out, v.members[i].second);
            }
            out += '}';
            break;
    }
}

std::string value_text(const FreeValue& v) {
    std::string out;
    append_value(out, v);
    return out;
}

void append_same_key(std::string& out, const FreeValue& v) {
    using K = FreeValue::Kind;
    switch (v.kind) {
        case K::Integer:
        case K::Double: {
            double d;
            if (!as_double(v, d)) {  // beyond a double: only the same digits are equal
                out += 'i';
                out += v.text;
            } else {
                out += 'n';
                append_number(out, d);
            }
            break;
        }
        case K::Array:
            out += '[';
            for (const auto& item : v.items) {
                append_same_key(out, item);
                out += ',';
            }
            out += ']';
            break;
        case K::Object: {
            std::vector<const FreeValue::Member*> sorted;
            for (const auto& m : v.members) sorted.push_back(&m);
            std::sort(sorted.begin(), sorted.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
            out += '{';
            for (const auto* m : sorted) {
                append_quoted(out, m->first);
                append_same_key(out, m->second);
                out += ',';
            }
            out += '}';
            break;
        }
        default: append_value(out, v);
    }
}

}  // namespace contractgen::validate
