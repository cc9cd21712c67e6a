#include "ir/item_paths.h"

#include <algorithm>

#include "load/document.h"

namespace contractgen::ir {

namespace {

std::vector<std::string> split_pointer(const std::string& pointer) {
    std::vector<std::string> tokens;
    if (pointer.empty()) return tokens;
    std::size_t start = 1;
    while (true) {
        std::size_t slash = pointer.find('/', start);
        tokens.push_back(load::unescape_pointer_token(
            pointer.substr(start, slash == std::string::npos ? std::string::npos : slash - start)));
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    return tokens;
}

class Walker {
public:
    Walker(const Model& model, const std::vector<std::string>& tokens, PointerWalk& out)
        : model_(model), tokens_(tokens), out_(out) {}

    void walk(const TypeExpr& t, std::size_t i, bool always, int depth, const Field* field = nullptr) {
        if (depth > 64) return;  // aliases of aliases of ...: the IR has no cycles, this is a guard
        if (i == tokens_.size()) {
            out_.reached.push_back(Reached{t, always, field});
            return;
        }
        const std::string& token = tokens_[i];
        switch (t.kind) {
            case Kind::Any: out_.reached.push_back(Reached{t, false, nullptr}); return;
            case Kind::Array: {
                bool digits = !token.empty() && token.find_first_not_of("0123456789") == std::string::npos;
                if (digits) walk(t.item(), i + 1, false, depth + 1);
                else
                    fail(i, {});
                return;
            }
            case Kind::Map: walk(t.item(), i + 1, false, depth + 1); return;
            case Kind::Named: break;
            default: fail(i, {}); return;
        }
        const Decl& d = model_.decl(t.decl);
        if (d.is<Alias>()) {
            walk(d.as<Alias>().target, i, always, depth + 1);
        } else if (d.is<Union>()) {
            for (const auto& v : d.as<Union>().variants) walk(v.type, i, always, depth + 1);
        } else if (d.is<Struct>()) {
            const Struct& s = d.as<Struct>();
            std::vector<std::string> names;
            for (const auto& f : s.fields) {
                if (f.wire_name == token) {
                    walk(f.type, i + 1, always && f.required && !f.type.nullable, depth + 1, &f);
                    return;
                }
                names.push_back(f.wire_name);
            }
            if (s.extra == Extra::Typed && s.extra_type) walk(*s.extra_type, i + 1, false, depth + 1);
            else if (s.extra == Extra::Keep)
                out_.reached.push_back(Reached{TypeExpr{}, false, nullptr});  // an unknown member
            else
                fail(i, names);
        } else {
            fail(i, {});
        }
    }

private:
    void fail(std::size_t i, const std::vector<std::string>& names) {
        if (out_.failed_token.empty()) out_.failed_token = tokens_[i];
        for (const auto& n : names)
            if (std::find(out_.candidates.begin(), out_.candidates.end(), n) == out_.candidates.end())
                out_.candidates.push_back(n);
    }

    const Model& model_;
    const std::vector<std::string>& tokens_;
    PointerWalk& out_;
};

}  // namespace

PointerWalk walk_pointer(const Model& model, DeclId type, const std::string& pointer) {
    PointerWalk out;
    std::vector<std::string> tokens = split_pointer(pointer);
    TypeExpr start;
    start.kind = Kind::Named;
    start.decl = type;
    Walker(model, tokens, out).walk(start, 0, true, 0);
    if (!out.reached.empty()) {
        out.failed_token.clear();
        out.candidates.clear();
    }
    return out;
}

const TypeExpr& unaliased(const Model& model, const TypeExpr& t) {
    const TypeExpr* at = &t;
    for (int i = 0; i < 64 && at->kind == Kind::Named && model.decl(at->decl).is<Alias>(); ++i)
        at = &model.decl(at->decl).as<Alias>().target;
    return *at;
}

std::string describe_type(const Model& model, const TypeExpr& t) {
    switch (t.kind) {
        case Kind::String: return "a string";
        case Kind::Integer: return "an integer";
        case Kind::Number: return "a number";
        case Kind::Boolean: return "a boolean";
        case Kind::Null: return "null";
        case Kind::Any: return "any JSON value";
        case Kind::Named: return model.decl(t.decl).qualified_name();
        case Kind::Array: return "an array";
        case Kind::Map: return "a map";
        case Kind::Const: return "the constant " + t.value.dump();
    }
    return "a value";
}

}  // namespace contractgen::ir
