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
    std::string file;      // path relative to the schemas root, e.g. "events/stream.schema.json"
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

// The asserted string formats (docs/semantics.md, "Formats" and "The whole vocabulary").
enum class StringFormat {
    None,
    DateTime,
    Uuid,
    Uri,
    Date,
    Time,
    Duration,
    Email,
    Hostname,
    Ipv4,
    Ipv6,
    UriReference,
    JsonPointer,
};

// The keyword a format is written as ("date-time"), and back (None when unknown).
const char* format_name(StringFormat f);
StringFormat parse_format(const std::string& name);

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
// An assertion: an index into Model::checks.
using CheckId = std::size_t;

enum class Kind {
    String,   // string with StringBounds
    Integer,  // JSON number with zero fraction (1.0 counts), 64-bit signed range
    Number,   // any JSON number
    Boolean,
    Null,     // only null
    Any,      // any JSON value (schema `true` or `{}`)
    Named,    // reference to a declaration
    Array,    // items in `element`
    Map,      // object with arbitrary keys, values in `element`; keys must match string_bounds.pattern if set
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
    // Kind::Const: the schema states a `type` too, so a value of another JSON
    // kind is a `type` error rather than a `const` one (docs/semantics.md §2).
    bool const_typed = false;
    // Kind::Const of a number whose stated type is `integer`: a fraction is a `type` error.
    bool const_integer = false;
    StringBounds string_bounds;         // Kind::String; Kind::Map: the key pattern (patternProperties)
    NumberBounds number_bounds;         // Kind::Integer / Kind::Number
    ArrayBounds array_bounds;           // Kind::Array
    ObjectBounds object_bounds;         // Kind::Map
    // What the type cannot carry: an assertion the value must also pass
    // (docs/semantics.md, "Assertions"), on top of its kind and bounds.
    std::optional<CheckId> check;

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
    // Extra::Typed from `patternProperties`: an undeclared member's name must
    // match this pattern (else it is an `additionalProperties` error).
    std::optional<std::string> extra_key_pattern;
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

// `prefixItems` (+ `items`): an array whose items have a type per position.
// Items at positions from `bounds.min_items` on are optional (an absent one
// ends the array); `rest` is the type of the items after the prefix, none
// when no more are allowed (`items: false`, an `items` error).
struct Tuple {
    std::vector<TypeExpr> items;
    std::optional<TypeExpr> rest;
    ArrayBounds bounds;
};

using DeclBody = std::variant<Struct, Enum, OpenEnum, Union, Alias, Constant, Tuple>;

enum class DeclKind { Struct, Enum, OpenEnum, Union, Alias, Constant, Tuple };

struct Decl {
    std::string family;   // "events": the folder directly under the schemas root
    std::string name;     // "StreamEvent": the $defs key, or a synthesised name when lifted (unique in the family)
    // The name a lifted type asked for: `name` is it, or it with "_2", "_3"…
    // when it was taken. The naming pass starts from this one.
    std::string wanted_name;
    bool lifted = false;  // synthesised from an anonymous nested schema
    // On a `$ref` cycle (through a property, an item or a map value): targets
    // that hold values inline box the members that close the cycle.
    bool recursive = false;
    DeclBody body;
    std::optional<CheckId> check;  // an assertion every value of the declaration must pass
    Docs docs;
    Origin origin;

    DeclKind kind() const { return static_cast<DeclKind>(body.index()); }
    template <class T>
    const T& as() const {
        return std::get<T>(body);
    }
    template <class T>
    T& as() {
        return std::get<T>(body);
    }
    template <class T>
    bool is() const {
        return std::holds_alternative<T>(body);
    }
    std::string qualified_name() const { return family + "." + name; }
};

struct Family {
    std::string name;
    std::vector<DeclId> decls;              // dependency order: a declaration follows everything it uses by value
    std::vector<std::string> source_files;  // relative to the schemas root, sorted
    std::vector<std::string> depends_on;    // other families referenced, sorted
};

// ---- Operations and streams -------------------------------------------------
// The HTTP operations of a schema file's `x-openapi.paths` and the stream
// protocols of its `x-streams` (schemas/README.md, "Operations and streams",
// defines both keywords); built by ir/operations.h after the types. Positions
// are kept so that every later check can point at the source.

// A value a stream rule compares with or waits for: written literally in the
// schema, or the `const` of a contract constant named by `$ref`.
struct RuleValue {
    json value;
    std::optional<DeclId> constant;  // the Constant declaration it was taken from
    Origin origin;
};

// Where a rule reads each item: an RFC 6901 pointer into the item (written
// as `{"pointer": "/a/b"}`, or as `{"member": "name"}` / `{"member": {"$ref": <constant>}}`
// for a top-level member).
struct ItemField {
    std::string pointer;
    std::optional<DeclId> constant;  // the constant that named the member, if any
    Origin origin;
};

enum class Framing { Sse, Ndjson };
enum class TimestampFormat { UnixMs, DateTime };

// One value of a stream's tag (its type discriminator) and the union
// variant it selects, when the item type names one.
struct StreamTagValue {
    std::string value;
    std::optional<DeclId> variant;
};

struct Stream {
    std::string family;  // addressed as family.name, like a type
    std::string name;
    std::string description;
    Framing framing = Framing::Ndjson;
    DeclId item = 0;  // one NDJSON line, or the JSON in one SSE event's `data`

    // The field consumers dispatch on, and its values, derived from the item type.
    ItemField tag;
    std::vector<StreamTagValue> tag_values;
    bool tag_open = false;            // any other string is valid too (an open enum)
    std::optional<RuleValue> tag_default;  // the tag's value when the item lacks the field
    std::optional<DeclId> tag_union;  // the discriminated union the tag selects a variant of
    std::string tag_union_pointer;    // where that union sits in the item ("" = the item itself)

    struct Sse {
        DeclId event_schema = 0;               // one event {event, id, data}: OpenAPI's itemSchema
        std::optional<ItemField> event_field;  // `event:` is this item field ...
        std::optional<RuleValue> event_name;   // ... or this fixed name
        std::vector<RuleValue> reader_also_accepts;  // event names readers accept besides
        std::optional<ItemField> id;           // `id:` is this item field
        bool id_optional = false;              // when the item lacks it, `id:` is free
    };
    std::optional<Sse> sse;

    std::optional<ItemField> key;  // items with different values here are separate logical streams
    struct Sequence {
        ItemField field;
        bool gapless = false;  // each value is the previous one + 1 (else: strictly increasing)
    };
    std::optional<Sequence> sequence;
    std::optional<RuleValue> first;     // tag value (string) or values (array) of the first item
    std::optional<RuleValue> terminal;  // tag values after which nothing more comes (per key)
    bool terminal_required = false;     // a stream that ends without one is cut short
    struct Heartbeat {
        RuleValue tag;          // the tag value of a heartbeat item
        RuleValue interval_ms;  // sent after this long without another item
        std::optional<RuleValue> max_interval_ms;  // the longest silence allowed, when looser than interval_ms
    };
    std::optional<Heartbeat> heartbeat;
    struct Timestamp {
        ItemField field;
        TimestampFormat format = TimestampFormat::UnixMs;
    };
    std::optional<Timestamp> timestamp;
    struct Client {
        std::optional<RuleValue> watchdog_ms;        // no data for this long: the stream is hung
        std::optional<RuleValue> max_attempts;       // reconnection attempts
        std::optional<RuleValue> initial_delay_ms;   // delay(n) = min(initial * multiplier^(n-1), max)
        std::optional<RuleValue> multiplier;
        std::optional<RuleValue> max_delay_ms;
        std::optional<RuleValue> no_retry_statuses;  // HTTP statuses after which clients never reconnect
    };
    std::optional<Client> client;

    // How much a broken rule weighs (`severity`: rule id → "error" or
    // "warning"), where the declaration departs from the rule's default:
    // what the contract leaves optional or loosely timed is a warning.
    std::map<std::string, std::string> severities;

    json source;  // the declaration as written
    Origin origin;
    std::string qualified_name() const { return family + "." + name; }
};

// The rules of a stream a declaration may weigh with `severity` (the ids
// `contractgen verify` reports them under, docs/verify.md).
const std::vector<std::string>& stream_rule_ids();

// A Parameter or Header Object of an operation.
struct ApiParameter {
    std::string name;
    std::string in;  // query, header, path, cookie; "header" for response headers
    bool required = false;
    std::optional<DeclId> type;  // when the schema is a bare $ref to a contract type
    json schema;                 // the schema as written (inline scalars: {"type": "string", ...})
    Origin origin;
};

struct ApiMediaType {
    std::string name;                   // "text/event-stream"
    std::optional<DeclId> schema;       // `schema` when it is a bare $ref
    std::optional<DeclId> item_schema;  // `itemSchema` when it is a bare $ref
    std::optional<std::size_t> stream;  // index into Model::streams (`x-stream`)
    Origin origin;
};

struct ApiResponse {
    std::string status;  // "200", "4XX", "default"
    std::vector<ApiParameter> headers;
    std::vector<ApiMediaType> content;
    Origin origin;
};

struct Operation {
    std::string path;
    std::string method;  // lower case
    std::string operation_id;
    std::vector<std::string> tags;
    std::vector<ApiParameter> parameters;
    std::vector<ApiMediaType> request;
    bool request_required = false;
    std::vector<ApiResponse> responses;
    json source;     // the Operation Object as written ($refs still the schemas' own)
    Origin origin;
};

// An OpenAPI Tag Object from `x-openapi.tags`.
struct ApiTag {
    std::string name;
    json source;
    Origin origin;
};

// An assertion as a schema program (docs/semantics.md, "Assertions"):
// {"assert": [S...], "defs": [S...]}, `{"$ref": n}` naming defs[n]; patterns
// are written in ECMA-262 (targets translate them).
struct Check {
    json program;
    Origin origin;  // where the first asserted keyword is written
};

// Constructs a target may not implement yet (emit/capabilities.h). Formats
// are constructs of their own (ConstructUse::format).
enum class Construct { Recursion, Tuple, KeyPattern, Assertion, Format };

struct ConstructUse {
    Construct construct;
    StringFormat format = StringFormat::None;  // Construct::Format
    std::string detail;                        // e.g. the declaration, for the message
    Origin origin;
};

struct Model {
    std::vector<Decl> decls;
    std::vector<Check> checks;
    // The first place each construct (each format) is used, in build order.
    std::vector<ConstructUse> constructs;
    std::vector<Family> families;  // sorted by name
    std::vector<Operation> operations;  // by file, then path and method in file order
    std::vector<Stream> streams;        // by file, then declaration order
    std::vector<ApiTag> api_tags;       // by file, then declaration order

    const Decl& decl(DeclId id) const { return decls.at(id); }
    std::optional<DeclId> find(const std::string& family, const std::string& name) const;
    const Family* find_family(const std::string& name) const;
};

}  // namespace contractgen::ir
