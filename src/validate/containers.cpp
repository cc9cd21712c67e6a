// Objects, arrays, maps and unions: members and items, the checks that sit at
// a container's start (counts, unique items, a union's tag), duplicate
// member names, and trying the alternatives of a union without a tag.
#include <unordered_map>
#include <unordered_set>

#include "validate/decoder.h"
#include "validate/rules.h"

namespace contractgen::validate {

namespace {

// Member names already read in one object, linear while it is small.
class NameSet {
public:
    // False when `name` was there already.
    bool insert(const std::string& name) {
        if (names_.size() < 16) {
            for (const auto& n : names_)
                if (n == name) return false;
            names_.push_back(name);
            return true;
        }
        if (index_.empty()) index_.insert(names_.begin(), names_.end());
        names_.push_back(name);
        return index_.insert(name).second;
    }

private:
    std::vector<std::string> names_;
    std::unordered_set<std::string> index_;
};

void member_key(std::string& out, bool& first, const std::string& key) {
    if (!first) out += ',';
    first = false;
    append_quoted(out, key);
    out += ':';
}

}  // namespace

void Decoder::restore(const State& s) {
    pos_ = s.pos;
    depth_ = s.depth;
    path_.resize(s.path);
    out.resize(s.out);
    after_open_ = s.after_open;
}

void Decoder::open() {
    if (++depth_ > options_.max_depth)
        fail_at(pos_, "depth", "nesting deeper than " + std::to_string(options_.max_depth));
    ++pos_;
    after_open_ = true;
}

bool Decoder::next_key() {
    ws();
    if (pos_ >= data_.size()) syntax(pos_, "unexpected end of input in an object");
    char c = data_[pos_];
    if (after_open_) {
        after_open_ = false;
    } else if (c != '}') {
        if (c != ',') syntax(pos_, "expected ',' or '}'");
        ++pos_;
        ws();
        if (pos_ >= data_.size()) syntax(pos_, "unexpected end of input in an object");
        c = data_[pos_];
        if (c != '"') syntax(pos_, "expected a member name");
    }
    if (c == '}') {
        ++pos_;
        --depth_;
        return false;
    }
    if (c != '"') syntax(pos_, "expected a member name");
    key_start_ = pos_;
    key_ = std::string(read_string(string_buf_));
    colon();
    return true;
}

bool Decoder::next_item() {
    ws();
    if (pos_ >= data_.size()) syntax(pos_, "unexpected end of input in an array");
    char c = data_[pos_];
    if (c == ']') {
        after_open_ = false;
        ++pos_;
        --depth_;
        return false;
    }
    if (after_open_) {
        after_open_ = false;
        return true;
    }
    if (c != ',') syntax(pos_, "expected ',' or ']'");
    ++pos_;
    ws();
    if (pos_ < data_.size() && data_[pos_] == ']') syntax(pos_, "expected a value after ','");
    return true;
}

void Decoder::check_count(std::size_t start, std::size_t n, std::optional<std::uint64_t> min,
                          std::optional<std::uint64_t> max, const char* min_keyword, const char* max_keyword,
                          const char* what) {
    if (min && n < *min)
        fail_at(start, min_keyword,
                "has " + std::to_string(n) + " " + what + ", fewer than the minimum " + std::to_string(*min));
    if (max && n > *max)
        fail_at(start, max_keyword,
                "has " + std::to_string(n) + " " + what + ", more than the maximum " + std::to_string(*max));
}

void Decoder::begin_object(const ir::ObjectBounds& bounds) {
    char c = peek();
    if (c != '{') type_fail("an object", c);
    if (!bounds.empty()) {
        const std::size_t start = pos_;
        check_count(start, count_entries(), bounds.min_properties, bounds.max_properties, "minProperties",
                    "maxProperties", "members");
    }
    open();
}

void Decoder::begin_array(const ir::ArrayBounds& bounds) {
    char c = peek();
    if (c != '[') type_fail("an array", c);
    if (!bounds.empty()) {
        const std::size_t start = pos_;
        if (bounds.unique_items) check_unique(start, bounds);
        else
            check_count(start, count_entries(), bounds.min_items, bounds.max_items, "minItems", "maxItems", "items");
    }
    open();
}

void Decoder::check_unique(std::size_t start, const ir::ArrayBounds& bounds) {
    check_count(start, count_entries(), bounds.min_items, bounds.max_items, "minItems", "maxItems", "items");
    // The items as free-form values. When one breaks the payload policy (a
    // duplicate member, too deep), uniqueness is left undecided: the typed
    // read that follows reports that problem.
    const State begin = save();
    FreeValue items;
    bool ok = attempt([&] { items = free_value(); });
    restore(begin);
    if (!ok) return;
    std::unordered_map<std::string, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < items.items.size(); ++i) {
        std::string key;
        append_same_key(key, items.items[i]);
        auto& group = groups[key];
        for (std::size_t j : group)
            if (equal(items.items[i], items.items[j]))
                fail_at(start, "uniqueItems",
                        "items " + std::to_string(j) + " and " + std::to_string(i) + " are equal");
        group.push_back(i);
    }
}

void Decoder::structure(const ir::Struct& s) {
    begin_object(s.bounds);
    auto is_forbidden = [&](const std::string& name) {
        for (const auto& f : s.forbidden)
            if (f == name) return true;
        return false;
    };
    std::vector<bool> seen(s.fields.size(), false);
    NameSet kept;  // undeclared members kept
    bool first = true;
    out += '{';
    while (next_key()) {
        const std::string key = key_;
        const std::size_t key_start = key_start_;
        std::size_t index = s.fields.size();
        for (std::size_t i = 0; i < s.fields.size() && index == s.fields.size(); ++i)
            if (s.fields[i].wire_name == key) index = i;
        const bool declared = index < s.fields.size();
        enter(key);
        if (is_forbidden(key)) {
            // In a closed object read strictly, an undeclared member is `additionalProperties` first.
            if (!declared && s.extra == ir::Extra::Forbid && !options_.tolerant)
                fail_at(key_start, "additionalProperties", "member " + shown(key) + " is not allowed");
            fail_at(key_start, "not", "member " + shown(key) + " must be absent");
        }
        if (declared) {
            if (seen[index]) fail_at(key_start, "duplicate", "member " + shown(key) + " appears twice");
            seen[index] = true;
            member_key(out, first, key);
            value(s.fields[index].type);
        } else {
            if (s.extra == ir::Extra::Forbid && !options_.tolerant)
                fail_at(key_start, "additionalProperties", "member " + shown(key) + " is not allowed");
            if (!kept.insert(key)) fail_at(key_start, "duplicate", "member " + shown(key) + " appears twice");
            // A key pattern (patternProperties) types the extra members; others are not allowed, tolerant or not (as Go).
            if (s.extra_key_pattern && !pattern_matches(*s.extra_key_pattern, key))
                fail_at(key_start, "additionalProperties", "member " + shown(key) + " is not allowed");
            member_key(out, first, key);
            if (s.extra == ir::Extra::Typed) value(*s.extra_type);
            else
                any();
        }
        leave();
    }
    for (std::size_t i = 0; i < s.fields.size(); ++i)
        if (s.fields[i].required && !seen[i] && !is_forbidden(s.fields[i].wire_name))
            fail_at(pos_, "required", "missing member " + shown(s.fields[i].wire_name));
    out += '}';
}

void Decoder::array(const ir::TypeExpr& t) {
    begin_array(t.array_bounds);
    out += '[';
    for (std::size_t i = 0; next_item(); ++i) {
        if (i) out += ',';
        enter_index(i);
        value(t.item());
        leave();
    }
    out += ']';
}

// A tuple (prefixItems): a type per position, then `rest`; without it no
// more items may follow, an `items` error at the array checked before any
// item is read, after the count bounds (as Go's BeginTuple).
void Decoder::tuple(const ir::Tuple& t) {
    char c = peek();
    if (c != '[') type_fail("an array", c);
    const std::size_t start = pos_;
    if (!t.bounds.empty()) {
        if (t.bounds.unique_items) check_unique(start, t.bounds);
        else
            check_count(start, count_entries(), t.bounds.min_items, t.bounds.max_items, "minItems", "maxItems",
                        "items");
    }
    if (!t.rest) {
        const std::size_t n = count_entries();
        if (n > t.items.size())
            fail_at(start, "items",
                    "has " + std::to_string(n) + " items, more than the " + std::to_string(t.items.size()) +
                        " the tuple allows");
    }
    open();
    out += '[';
    for (std::size_t i = 0; next_item(); ++i) {
        if (i) out += ',';
        enter_index(i);
        value(i < t.items.size() ? t.items[i] : *t.rest);
        leave();
    }
    out += ']';
}

void Decoder::map(const ir::TypeExpr& t) {
    begin_object(t.object_bounds);
    NameSet names;
    bool first = true;
    out += '{';
    while (next_key()) {
        const std::string key = key_;
        enter(key);
        if (!names.insert(key)) fail_at(key_start_, "duplicate", "member " + shown(key) + " appears twice");
        if (t.string_bounds.pattern && !pattern_matches(*t.string_bounds.pattern, key))
            fail_at(key_start_, "additionalProperties", "member " + shown(key) + " matches no key pattern");
        member_key(out, first, key);
        value(t.item());
        leave();
    }
    out += '}';
}

// ---- unions ------------------------------------------------------------------------------------

std::string Decoder::tag(const std::string& name) {
    char c = peek();
    if (c != '{') type_fail("an object", c);
    const std::size_t start = pos_;
    ++pos_;
    for (std::size_t n = 0;; ++n) {
        ws();
        if (pos_ < data_.size() && data_[pos_] == '}') break;
        if (n > 0) {
            if (pos_ >= data_.size() || data_[pos_] != ',') syntax(pos_, "expected ',' or '}'");
            ++pos_;
            ws();
        }
        if (pos_ >= data_.size() || data_[pos_] != '"') syntax(pos_, "expected a member name");
        std::string key(read_string(string_buf_));
        colon();
        if (key == name) {
            if (peek() != '"') {
                const char* got = kind_name(data_[pos_]);
                pos_ = start;
                enter(name);
                fail_at(start, "discriminator", std::string("expected a string tag, got ") + got);
            }
            std::string tag(read_string(string_buf_));
            pos_ = start;
            return tag;
        }
        skip_value();
    }
    pos_ = start;
    fail_at(start, "required", "missing member " + shown(name));
}

void Decoder::tagged(const ir::Union& u) {
    const std::string& name = *u.discriminator;
    const std::string value_of_tag = tag(name);
    for (const auto& v : u.variants)
        if (v.tag && *v.tag == value_of_tag) return value(v.type);
    if (!options_.tolerant) {
        std::string expected;
        for (const auto& v : u.variants) expected += (expected.empty() ? "" : "|") + v.tag.value_or("");
        const std::size_t start = pos_;
        enter(name);
        fail_at(start, "discriminator", "expected one of " + expected + ", got " + shown(value_of_tag));
    }
    any();  // the unknown variant: the whole object, as it is
}

void Decoder::untagged(const ir::Union& u) {
    peek();
    const State begin = save();
    skip_value();  // a value that is not JSON is a syntax error first
    const std::size_t end = pos_;
    const bool one_of = u.mode == ir::UnionMode::OneOf;
    std::optional<std::string> matched;
    for (const auto& variant : u.variants) {
        restore(begin);
        if (!attempt([&] { value(variant.type); })) continue;
        if (!one_of) return;  // anyOf: the first alternative that accepts it
        if (matched) {
            restore(begin);
            fail_at(pos_, "oneOf", "the value matches more than one alternative");
        }
        matched = out.substr(begin.out);
    }
    restore(begin);
    if (!matched) fail_at(pos_, one_of ? "oneOf" : "anyOf", "the value matches none of the alternatives");
    out += *matched;
    pos_ = end;
}

}  // namespace contractgen::validate
