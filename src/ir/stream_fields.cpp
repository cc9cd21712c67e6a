#include "ir/stream_fields.h"

#include <algorithm>

namespace contractgen::ir {

namespace {

bool is_string_list(const json& v) {
    return v.is_array() && std::all_of(v.begin(), v.end(), [](const json& e) { return e.is_string(); });
}

std::string at(const std::string& pointer, std::string_view key) { return load::pointer_append(pointer, key); }

}  // namespace

void StreamFields::set_item(DeclId item) {
    s_.item = item;
    item_name_ = r_.model().decl(item).qualified_name();
}

std::optional<RuleValue> StreamFields::value(const std::string& pointer, const json& node, const std::string& what,
                                             const std::string& expected, const std::function<bool(const json&)>& ok) {
    RuleValue v;
    v.origin = r_.origin(doc_, pointer);
    if (node.is_object()) {
        auto id = r_.type_ref(doc_, pointer, node, what, true);
        if (!id) return std::nullopt;
        v.constant = id;
        v.value = r_.model().decl(*id).as<Constant>().value;
    } else {
        v.value = node;
    }
    if (!ok(v.value)) {
        r_.error(doc_, pointer,
                 what + " must be " + expected + ", not " + v.value.dump() +
                     (v.constant ? " (the value of " + r_.model().decl(*v.constant).qualified_name() + ")" : ""));
        return std::nullopt;
    }
    return v;
}

std::optional<RuleValue> StreamFields::tag_set(const std::string& pointer, const json& node, const std::string& what) {
    auto v = value(pointer, node, what, "a tag value or a list of them",
                   [](const json& x) { return x.is_string() || is_string_list(x); });
    if (!v) return v;
    std::vector<json> values =
        v->value.is_array() ? std::vector<json>(v->value.begin(), v->value.end()) : std::vector<json>{v->value};
    for (const auto& one : values) check_tag_value(pointer, one.get<std::string>(), what);
    return v;
}

void StreamFields::check_tag_value(const std::string& pointer, const std::string& value, const std::string& what) {
    if (s_.tag_open) return;
    std::vector<std::string> known;
    for (const auto& t : s_.tag_values) {
        if (t.value == value) return;
        known.push_back(t.value);
    }
    std::string hint = diag::closest_match(value, known);
    r_.error(doc_, pointer,
             what + ": '" + value + "' is not a value of the tag " + s_.tag.pointer + " of " + item_name_ +
                 (hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
}

std::optional<ItemField> StreamFields::field(const std::string& pointer, const json& node,
                                             std::initializer_list<std::string_view> extra, const std::string& what,
                                             Want want, bool always) {
    std::vector<std::string_view> allowed{"pointer", "member"};
    allowed.insert(allowed.end(), extra.begin(), extra.end());
    for (auto it = node.begin(); it != node.end(); ++it) {
        if (it.key().rfind("x-", 0) == 0 || std::find(allowed.begin(), allowed.end(), it.key()) != allowed.end())
            continue;
        std::vector<std::string> names(allowed.begin(), allowed.end());
        std::string hint = diag::closest_match(it.key(), names);
        r_.error(
            doc_, at(pointer, it.key()),
            "unknown member '" + it.key() + "' in " + what + (hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
    }
    ItemField f;
    f.origin = r_.origin(doc_, pointer);
    bool has_pointer = node.contains("pointer"), has_member = node.contains("member");
    if (has_pointer == has_member) {
        r_.error(doc_, pointer, what + " needs exactly one of 'pointer' (a JSON pointer into the item) and 'member'");
        return std::nullopt;
    }
    if (has_pointer) {
        const json* p = r_.member(doc_, pointer, node, "pointer", Want::String, true, what);
        if (!p) return std::nullopt;
        f.pointer = p->get<std::string>();
        if (f.pointer.empty() || f.pointer[0] != '/') {
            r_.error(doc_, at(pointer, "pointer"),
                     "pointer of " + what + " must start with '/' (RFC 6901), not '" + f.pointer + "'");
            return std::nullopt;
        }
    } else {
        auto name = value(at(pointer, "member"), node["member"], "member of " + what, "a member name (a string)",
                          [](const json& x) { return x.is_string(); });
        if (!name) return std::nullopt;
        f.constant = name->constant;
        f.pointer = "/" + load::escape_pointer_token(name->value.get<std::string>());
    }
    const std::string where = has_pointer ? at(pointer, "pointer") : at(pointer, "member");
    PointerWalk walk = walk_pointer(r_.model(), s_.item, f.pointer);
    if (walk.reached.empty()) {
        std::string hint = diag::closest_match(walk.failed_token, walk.candidates);
        r_.error(doc_, where,
                 what + ": '" + f.pointer + "' names nothing in " + item_name_ + " (no member '" + walk.failed_token +
                     "'" + (hint.empty() ? "" : "; did you mean '" + hint + "'?") + ")");
        return std::nullopt;
    }
    for (const Reached& reached : walk.reached) {
        const TypeExpr& t = unaliased(r_.model(), reached.type);
        bool kind_ok =
            t.kind == Kind::Any || want == Want::Any ||
            (want == Want::String && (t.kind == Kind::String || (t.kind == Kind::Const && t.value.is_string()) ||
                                      (t.kind == Kind::Named && (r_.model().decl(t.decl).is<Enum>() ||
                                                                 r_.model().decl(t.decl).is<OpenEnum>())))) ||
            (want == Want::Integer && t.kind == Kind::Integer);
        if (!kind_ok) {
            r_.error(doc_, where,
                     what + ": '" + f.pointer + "' of " + item_name_ + " is " + describe_type(r_.model(), t) +
                         ", not " + (want == Want::Integer ? "an integer" : "a string"));
            return std::nullopt;
        }
        if (always && !reached.always) {
            r_.error(doc_, where,
                     what + ": '" + f.pointer + "' may be absent (or null) in a " + item_name_ +
                         "; the rule needs it in every item");
            return std::nullopt;
        }
    }
    last_walk_ = std::move(walk);
    return f;
}

bool StreamFields::read_tag(const std::string& pointer, const json& node) {
    auto f = field(pointer, node, {"default"}, "the tag", Want::String, false);
    if (!f) return false;
    s_.tag = *f;
    PointerWalk whole = last_walk_;
    // A union's discriminator: the tag selects one of its variants.
    std::string parent = f->pointer.substr(0, f->pointer.rfind('/'));
    std::string last = load::unescape_pointer_token(f->pointer.substr(f->pointer.rfind('/') + 1));
    TypeExpr item;
    item.kind = Kind::Named;
    item.decl = s_.item;
    PointerWalk up = parent.empty() ? PointerWalk{{Reached{item, true, nullptr}}, {}, {}}
                                    : walk_pointer(r_.model(), s_.item, parent);
    for (const Reached& r : up.reached) {
        const TypeExpr& t = unaliased(r_.model(), r.type);
        if (t.kind != Kind::Named || !r_.model().decl(t.decl).is<Union>()) continue;
        const Union& u = r_.model().decl(t.decl).as<Union>();
        if (!u.discriminator || *u.discriminator != last) continue;
        s_.tag_union = t.decl;
        s_.tag_union_pointer = parent;
        for (const auto& v : u.variants)
            if (v.tag)
                s_.tag_values.push_back(
                    {*v.tag, v.type.kind == Kind::Named ? std::optional<DeclId>(v.type.decl) : std::nullopt});
        break;
    }
    // Otherwise an enum, an open enum or a constant string.
    auto add = [&](const std::string& v) {
        for (const auto& t : s_.tag_values)
            if (t.value == v) return;
        s_.tag_values.push_back({v, std::nullopt});
    };
    bool always = true;
    for (const Reached& r : whole.reached) {
        always = always && r.always;
        if (s_.tag_union) continue;
        const TypeExpr& t = unaliased(r_.model(), r.type);
        if (t.kind == Kind::Const && t.value.is_string()) {
            add(t.value.get<std::string>());
        } else if (t.kind == Kind::Named && r_.model().decl(t.decl).is<Enum>()) {
            for (const auto& v : r_.model().decl(t.decl).as<Enum>().values)
                if (v.is_string()) add(v.get<std::string>());
        } else if (t.kind == Kind::Named && r_.model().decl(t.decl).is<OpenEnum>()) {
            for (const auto& v : r_.model().decl(t.decl).as<OpenEnum>().known) add(v);
            s_.tag_open = true;
        } else {
            s_.tag_open = true;  // a plain string
        }
    }
    if (s_.tag_values.empty()) {
        r_.error(doc_, at(pointer, "pointer"),
                 "the tag '" + f->pointer + "' of " + item_name_ +
                     " must lead to a union's discriminator, an enum, an open enum or a constant "
                     "string, so that its values are known");
        return false;
    }
    if (node.contains("default")) {
        s_.tag_default = tag_set(at(pointer, "default"), node["default"], "the tag's default");
        if (s_.tag_default && !s_.tag_default->value.is_string()) {
            r_.error(doc_, at(pointer, "default"), "the tag's default must be one value");
            s_.tag_default.reset();
        }
    } else if (!always) {
        // The member's own schema default says what its absence means.
        for (const Reached& r : whole.reached)
            if (r.field && r.field->docs.default_value && r.field->docs.default_value->is_string())
                s_.tag_default = RuleValue{*r.field->docs.default_value, std::nullopt, r.field->origin};
        if (!s_.tag_default)
            r_.error(doc_, at(pointer, "pointer"),
                     "the tag '" + f->pointer + "' may be absent in a " + item_name_ +
                         " and neither it nor the stream gives a 'default'");
    }
    return true;
}

}  // namespace contractgen::ir
