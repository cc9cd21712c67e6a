// The language-neutral model every target reads. Built once from the schemas
// by ir/build/ (ir/build.h); targets never look at JSON Schema again.
//
// Shape: a Model is a list of named declarations (Decl), grouped by family.
// Anonymous nested objects, enums and unions found inside properties are
// lifted into declarations with synthesised names (Parent + Property), so a
// type expression (TypeExpr) is always small: a primitive, a reference to a
// declaration, an array, a map or a constant.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace contractgen::ir {

using json = nlohmann::ordered_json;

// Where a declaration or field came from, for diagnostics and file headers.
struct Origin {
    std::string file;      // path relative to the schemas root, e.g. "chat_stream/events.schema.json"
    std::string pointer;   // JSON pointer inside that file, e.g. "/$defs/Entity"
    int line = 0;
    int column = 0;
};

struct Docs {
    std::string title;          // empty when absent
    std::string description;    // empty when absent
    bool deprecated = false;
    std::optional<json> default_value;  // documented only; decoders never apply it
    std::vector<json> examples;
    std::map<std::string, json> extensions;  // the x-* keywords, verbatim
};

enum class StringFormat { None, DateTime, Uuid, Uri };

// The range of an integer (docs/semantics.md, "Integers"): by default every
// integer is within ±(2^53−1), which every language represents exactly;
// `format: int64` / `format: uint64` widen one schema to the 64-bit range
// (TypeScript then decodes a bigint).
enum class IntegerFormat { Safe, Int64, Uint64 };

// Bounds keep the JSON number as written (integer or decimal) so that every
// target can print it without a float round trip.
struct NumberBounds {
    std::optional<json> minimum, maximum, exclusive_minimum, exclusive_maximum, multiple_of;
    IntegerFormat integer_format = IntegerFormat::Safe;  // Kind::Integer only
    bool empty() const {
        return !minimum && !maximum && !exclusive_minimum && !exclusive_maximum && !multiple_of &&
               integer_format == IntegerFormat::Safe;
    }
};
struct StringBounds {
    std::optional<std::uint64_t> min_length, max_length;  // in Unicode code points
    std::optional<std::string> pattern;                    // ECMA-262 source, checked portable by ir/pattern.cpp
    StringFormat format = StringFormat::None;
    bool empty() const { return !min_length && !max_length && !pattern && format == StringFormat::None; }
};
struct ArrayBounds {
    std::optional<std::uint64_t> min_items, max_items;
    bool unique_items = false;
    bool empty() const { return !min_items && !max_items && !unique_items; }
};
struct ObjectBounds {
    std::optional<std::uint64_t> min_properties, max_properties;
    bool empty() const { return !min_properties && !max_properties; }
};

using DeclId = std::size_t;

enum class Kind {
    String,   // string with StringBounds
    Integer,  // JSON number with zero fraction (1.0 counts), 64-bit signed range
    Number,   // any JSON number
    Boolean,
    Null,     // only null
    Any,      // any JSON value (schema `true` or `{}`)
    Named,    // reference to a declaration
    Array,    // items in `element`
    Map,      // object with arbitrary keys, values in `element`
    Const,    // exactly `value`
};

// A small type expression. `nullable` means null is accepted besides the kind
// (`type: ["string", "null"]`, or a union with a null branch).
struct TypeExpr {
    Kind kind = Kind::Any;
    bool nullable = false;
    DeclId decl = 0;                    // Kind::Named
    std::vector<TypeExpr> element;      // Array / Map: exactly one entry
    json value;                         // Kind::Const
    StringBounds string_bounds;         // Kind::String
    NumberBounds number_bounds;         // Kind::Integer / Kind::Number
    ArrayBounds array_bounds;           // Kind::Array
    ObjectBounds object_bounds;         // Kind::Map

    const TypeExpr& item() const { return element.at(0); }
};

struct Field {
    std::string wire_name;   // exactly as in the schema; every target keeps it on the wire
    TypeExpr type;
    bool required = false;
    Docs docs;
    Origin origin;
};

// What an object does with members it does not declare.
enum class Extra {
    Forbid,  // additionalProperties: false
    Keep,    // absent or true: accepted and kept for the round trip
    Typed,   // additionalProperties: <schema>: accepted if they match `extra_type`, kept
};

struct Struct {
    std::vector<Field> fields;             // schema order
    Extra extra = Extra::Keep;
    std::optional<TypeExpr> extra_type;    // Extra::Typed
    std::vector<std::string> forbidden;    // wire names that must be absent (`not: {required: [...]}`, `false`)
    ObjectBounds bounds;
};

// A closed set of JSON values. Almost always strings (`all_strings`), which
// targets map to native enums; other values keep JSON equality semantics.
struct Enum {
    std::vector<json> values;
    bool all_strings = true;
};

// Known string values, or any other string (`anyOf: [<string enum>, {type: string, ...}]`).
// A value that is not known must satisfy `other` (e.g. a MIME-type pattern).
struct OpenEnum {
    std::vector<std::string> known;
    std::optional<DeclId> known_enum;  // the Enum declaration the known values come from, if named
    StringBounds other;
};

struct Variant {
    TypeExpr type;
    std::optional<std::string> tag;  // discriminator value when the union is discriminated
};

enum class UnionMode { OneOf, AnyOf };

// oneOf/anyOf. With a discriminator every variant is a Named Struct whose
// field `discriminator` is required and a string Const (or, when the schema
// says `discriminator`, an Enum of one string), all values distinct:
// decoders switch on it. Otherwise decoders dispatch on the JSON kind when
// `kinds_disjoint`, and try each variant in order when not (oneOf: exactly
// one must match; anyOf: the first match wins).
struct Union {
    UnionMode mode = UnionMode::OneOf;
    std::optional<std::string> discriminator;
    std::vector<Variant> variants;
    bool kinds_disjoint = false;
};

// A named schema that is just a type expression (`{type: string, format: uuid}`).
struct Alias {
    TypeExpr target;
};

// A `$defs` entry with `const`: a table of data every target emits as a typed
// constant. `lookup_function` (from `x-lookup`) asks for a key → value function.
struct Constant {
    TypeExpr type;
    json value;
    std::string lookup_function;
};

using DeclBody = std::variant<Struct, Enum, OpenEnum, Union, Alias, Constant>;

enum class DeclKind { Struct, Enum, OpenEnum, Union, Alias, Constant };

struct Decl {
    std::string family;   // "chat_stream"
    std::string name;     // "StreamEvent": the $defs key, or a synthesised name when lifted (unique in the family)
    // The name a lifted type asked for: `name` is it, or it with "_2", "_3"…
    // when it was taken. The naming pass starts from this one.
    std::string wanted_name;
    bool lifted = false;  // synthesised from an anonymous nested schema
    DeclBody body;
    Docs docs;
    Origin origin;

    DeclKind kind() const { return static_cast<DeclKind>(body.index()); }
    template <class T> const T& as() const { return std::get<T>(body); }
    template <class T> T& as() { return std::get<T>(body); }
    template <class T> bool is() const { return std::holds_alternative<T>(body); }
    std::string qualified_name() const { return family + "." + name; }
};

struct Family {
    std::string name;
    std::vector<DeclId> decls;              // dependency order: a declaration follows everything it uses by value
    std::vector<std::string> source_files;  // relative to the schemas root, sorted
    std::vector<std::string> depends_on;    // other families referenced, sorted
};

struct Model {
    std::vector<Decl> decls;
    std::vector<Family> families;  // sorted by name

    const Decl& decl(DeclId id) const { return decls.at(id); }
    std::optional<DeclId> find(const std::string& family, const std::string& name) const;
    const Family* find_family(const std::string& name) const;
};

}  // namespace contractgen::ir
