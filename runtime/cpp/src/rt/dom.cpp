// An nlohmann DOM into a token tape (from_json and from_json_value), so
// that a DOM is decoded by the same decoders and rules as text. A loop over
// an explicit stack, never recursion: a DOM nested deeper than the limit
// becomes one depth token, as in the scanner (scan.cpp).
#include <cmath>

#include "contract/rt/tape.hpp"

namespace contract {
namespace rt {

void dom_to_tape(const Json& root, Tape& tape, std::size_t max_depth) {
    tape.clear();
    struct Frame {
        const Json* node;
        Json::const_iterator it;
        std::size_t begin;
    };
    std::vector<Frame> stack;
    auto scalar = [&](const Json& v) {
        switch (v.type()) {
            case Json::value_t::null: tape.push(Tok::Null); break;
            case Json::value_t::boolean: tape.push(v.get<bool>() ? Tok::True : Tok::False); break;
            case Json::value_t::number_integer: {
                auto i = v.get<std::int64_t>();
                if (i < 0) tape.push(Tok::Int).num.i = i;
                else
                    tape.push(Tok::Uint).num.u = static_cast<std::uint64_t>(i);
                break;
            }
            case Json::value_t::number_unsigned: tape.push(Tok::Uint).num.u = v.get<std::uint64_t>(); break;
            case Json::value_t::number_float: {
                double d = v.get<double>();
                if (std::isfinite(d)) tape.push(Tok::Float).num.f = d;
                else
                    tape.push_string(Tok::Float, d > 0 ? "Infinity" : d < 0 ? "-Infinity" : "NaN").num.f = d;
                break;
            }
            case Json::value_t::string: tape.push_string(Tok::String, v.get_ref<const std::string&>()); break;
            default:
                tape.syntax_error = tape.size();
                tape.push_string(Tok::Error, "a binary value is not JSON").num.u = kSyntax;
        }
    };
    auto enter = [&](const Json& v) {
        if (!v.is_structured()) return scalar(v);
        if (stack.size() >= max_depth) {
            std::string detail = "nesting deeper than " + std::to_string(max_depth) + " (arrays and objects)";
            tape.push_string(Tok::Error, detail).num.u = kDepth;
            return;
        }
        tape.push(v.is_object() ? Tok::BeginObject : Tok::BeginArray);
        stack.push_back({&v, v.cbegin(), tape.size() - 1});
    };
    enter(root);
    while (!stack.empty()) {
        Frame& f = stack.back();
        if (f.it == f.node->cend()) {
            tape[f.begin].end = static_cast<std::uint32_t>(tape.size());
            tape.push(f.node->is_object() ? Tok::EndObject : Tok::EndArray);
            stack.pop_back();
            continue;
        }
        auto it = f.it++;
        if (f.node->is_object()) tape.push_string(Tok::Key, it.key());
        enter(*it);
    }
}

}  // namespace rt
}  // namespace contract
