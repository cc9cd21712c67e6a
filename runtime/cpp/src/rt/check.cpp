// Compiling a schema program (docs/semantics.md, "Assertions") into the
// schemas the evaluator (check_eval.cpp) walks, and running it on the value
// at a cursor. The program is a constant of generated code: anything it
// holds that the runtime does not know is a bug of the generator, thrown
// as std::logic_error.
#include "contract/rt/check_schema.hpp"

namespace contract {
namespace rt {

namespace {

std::uint64_t limit(const Value& v) {
    double f = v.as_double();
    return f < 0 ? 0 : f > 1e15 ? static_cast<std::uint64_t>(1e15) : static_cast<std::uint64_t>(f);
}

std::uint8_t type_bits(const std::string& name) {
    if (name == "null") return kKindNull;
    if (name == "boolean") return kKindBoolean;
    if (name == "object") return kKindObject;
    if (name == "array") return kKindArray;
    if (name == "string") return kKindString;
    if (name == "integer") return kKindInteger;
    if (name == "number") return kKindNumber;
    throw std::logic_error("a check program has an unknown type " + name);
}

Format format_named(const std::string& name) {
    static const std::pair<const char*, Format> formats[] = {{"date-time", Format::DateTime},
                                                             {"uuid", Format::Uuid},
                                                             {"uri", Format::Uri},
                                                             {"date", Format::Date},
                                                             {"time", Format::Time},
                                                             {"duration", Format::Duration},
                                                             {"email", Format::Email},
                                                             {"hostname", Format::Hostname},
                                                             {"ipv4", Format::Ipv4},
                                                             {"ipv6", Format::Ipv6},
                                                             {"uri-reference", Format::UriReference},
                                                             {"json-pointer", Format::JsonPointer}};
    for (const auto& f : formats)
        if (name == f.first) return f.second;
    throw std::logic_error("a check program has an unknown format " + name);
}

std::vector<std::string> strings(const Value& v) {
    std::vector<std::string> out;
    for (const auto& item : v.as_array()) out.push_back(item.as_string());
    return out;
}

std::unique_ptr<Check::Schema> compile(const Value& v);

std::vector<std::unique_ptr<Check::Schema>> compile_list(const Value& v) {
    std::vector<std::unique_ptr<Check::Schema>> out;
    for (const auto& item : v.as_array()) out.push_back(compile(item));
    return out;
}

std::vector<Check::Schema::Named> compile_named(const Value& v) {
    std::vector<Check::Schema::Named> out;
    for (const auto& m : v.as_object()) out.push_back(Check::Schema::Named{m.first, compile(m.second)});
    return out;
}

std::unique_ptr<CompiledPattern> compile_pattern(const std::string& source) {
    auto p = std::make_unique<CompiledPattern>();
    p->source = source;
    p->regex = std::make_unique<Pattern>(p->source.c_str(), p->source.c_str());
    return p;
}

void compile_keyword(Check::Schema& s, const std::string& key, const Value& v) {
    auto bound = [&](Bound& b) {
        b.set = true;
        b.value = v.as_double();
    };
    if (key == "$ref") s.ref = static_cast<std::ptrdiff_t>(limit(v));
    else if (key == "type") {
        if (v.is_string()) s.types = type_bits(v.as_string());
        else
            for (const auto& n : v.as_array()) s.types |= type_bits(n.as_string());
    } else if (key == "enum") {
        s.has_enum = true;
        s.enum_values = v.as_array();
    } else if (key == "const") {
        s.has_const = true;
        s.constant = v;
    } else if (key == "multipleOf")
        bound(s.multiple_of);
    else if (key == "maximum")
        bound(s.maximum);
    else if (key == "exclusiveMaximum")
        bound(s.exclusive_maximum);
    else if (key == "minimum")
        bound(s.minimum);
    else if (key == "exclusiveMinimum")
        bound(s.exclusive_minimum);
    else if (key == "maxLength")
        s.max_length = limit(v);
    else if (key == "minLength")
        s.min_length = limit(v);
    else if (key == "pattern")
        s.pattern = compile_pattern(v.as_string());
    else if (key == "format")
        s.format = format_named(v.as_string());
    else if (key == "maxItems")
        s.max_items = limit(v);
    else if (key == "minItems")
        s.min_items = limit(v);
    else if (key == "uniqueItems")
        s.unique_items = v.as_bool();
    else if (key == "maxContains")
        s.max_contains = limit(v);
    else if (key == "minContains")
        s.min_contains = limit(v);
    else if (key == "maxProperties")
        s.max_properties = limit(v);
    else if (key == "minProperties")
        s.min_properties = limit(v);
    else if (key == "required")
        s.required = strings(v);
    else if (key == "dependentRequired") {
        for (const auto& m : v.as_object())
            s.dependent_required.push_back(Check::Schema::NamedNames{m.first, strings(m.second)});
    } else if (key == "allOf")
        s.all_of = compile_list(v);
    else if (key == "anyOf")
        s.any_of = compile_list(v);
    else if (key == "oneOf")
        s.one_of = compile_list(v);
    else if (key == "not")
        s.not_ = compile(v);
    else if (key == "if")
        s.if_ = compile(v);
    else if (key == "then")
        s.then_ = compile(v);
    else if (key == "else")
        s.else_ = compile(v);
    else if (key == "dependentSchemas")
        s.dependent_schemas = compile_named(v);
    else if (key == "prefixItems")
        s.prefix_items = compile_list(v);
    else if (key == "items")
        s.items = compile(v);
    else if (key == "contains")
        s.contains = compile(v);
    else if (key == "properties")
        s.properties = compile_named(v);
    else if (key == "patternProperties") {
        for (const auto& m : v.as_object())
            s.pattern_properties.push_back(Check::Schema::Patterned{compile_pattern(m.first), compile(m.second)});
    } else if (key == "additionalProperties")
        s.additional_properties = compile(v);
    else if (key == "propertyNames")
        s.property_names = compile(v);
    else if (key == "unevaluatedItems")
        s.unevaluated_items = compile(v);
    else if (key == "unevaluatedProperties")
        s.unevaluated_properties = compile(v);
    else
        throw std::logic_error("a check program has an unknown keyword " + key);
}

std::unique_ptr<Check::Schema> compile(const Value& v) {
    auto s = std::make_unique<Check::Schema>();
    if (v.is_boolean()) {
        s->always = v.as_bool() ? 1 : 0;
        return s;
    }
    for (const auto& m : v.as_object()) compile_keyword(*s, m.first, m.second);
    return s;
}

}  // namespace

Check::Check(std::string_view program) {
    Value root = Value::parse(program);
    defs_ = compile_list(root.at("defs"));
    assert_ = compile_list(root.at("assert"));
}

Check::~Check() = default;

const char* failed_check(Cursor& c, const Check& check) {
    c.require_json();
    Cursor ahead(c.tape(), c.options());
    ahead.rewind(c.pos());
    Value value;
    try {
        read(ahead, value);
    } catch (const DecodeError&) {
        return nullptr;  // the value breaks the payload policy: the typed read says where
    }
    return check.eval(value);
}

namespace {
std::string unsatisfied(const char* keyword) {
    return std::string("the value does not satisfy the schema's ") + json_quoted(keyword);
}
}  // namespace

void fail_check(const char* keyword) { fail(keyword, unsatisfied(keyword)); }

const char* failed_check(const Writer& w, std::size_t start, const Check& check) {
    Value value;
    try {
        value = parse<Value>(w.since(start));
    } catch (const DecodeError&) {
        return nullptr;  // as failed_check on a cursor: the typed write decides
    }
    return check.eval(value);
}

void refuse_check(const char* keyword) { throw EncodeError(keyword, unsatisfied(keyword)); }

}  // namespace rt
}  // namespace contract
