// What building operations and streams (ir/operations.cpp, ir/streams.cpp)
// shares: positions for diagnostics, checks of an object's members and of the
// JSON kinds of their values, and the `$ref`s of `x-openapi` and `x-streams`,
// which name contract types and constants the way schemas do.
#pragma once

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "diag/diagnostics.h"
#include "ir/model.h"
#include "load/document.h"
#include "resolve/resolver.h"

namespace contractgen::ir::api {

class Reader {
public:
    Reader(const load::SchemaSet& schemas, const Model& model, diag::Sink& sink);

    // Reports at the key of `pointer` (or its value when it has no key).
    void error(const load::Document& doc, const std::string& pointer, const std::string& message) const;
    Origin origin(const load::Document& doc, const std::string& pointer) const;

    // Every member of `object` must be in `allowed` or start with "x-";
    // `what` names the object in the message ("operation", "stream").
    void check_members(const load::Document& doc, const std::string& pointer, const json& object,
                       std::initializer_list<std::string_view> allowed, const std::string& what) const;

    // The member `key` of `object` when present and of the wanted JSON kind;
    // nullptr otherwise, after an error when it has the wrong kind or is
    // required and missing.
    enum class Want { Object, Array, String, Boolean, Integer, Any };
    const json* member(const load::Document& doc, const std::string& pointer, const json& object,
                       const std::string& key, Want want, bool required, const std::string& what) const;

    // `{"$ref": "..."}` (nothing else but annotations) naming a whole
    // `$defs` entry: its declaration. Constants are refused unless
    // `constant` is set, then nothing else is accepted.
    std::optional<DeclId> type_ref(const load::Document& doc, const std::string& pointer, const json& node,
                                   const std::string& what, bool constant = false);

    // An inline schema of an operation (a parameter's, a media type's):
    // every object in it is checked against the keyword subset and every
    // `$ref` must land inside a `$defs` entry.
    void check_schema(const load::Document& doc, const std::string& pointer, const json& schema);

    // A `$ref` resolved from the object at `at`, or nullopt after an error
    // (with "did you mean" when a name is close).
    std::optional<resolve::Location> resolve(const load::Document& doc, const std::string& at, const std::string& ref);

    const Model& model() const { return model_; }
    const load::SchemaSet& schemas() const { return schemas_; }
    diag::Sink& sink() const { return sink_; }

    // The declaration a resolved reference names when it is a whole type: a
    // `$defs` entry, or the root of a file whose root schema is a type.
    std::optional<DeclId> decl_of(const resolve::Location& loc) const;
    // Whether a reference may appear in a schema: into a `$defs` entry, or
    // anywhere in a file whose root schema is a type (but its `$defs` itself).
    bool names_a_type(const resolve::Location& loc) const;

private:
    const load::SchemaSet& schemas_;
    const Model& model_;
    resolve::Resolver resolver_;
    diag::Sink& sink_;
    std::map<std::string, DeclId> root_types_;  // file path → the type its root schema is
};

// "a string", "an object", ... for messages.
std::string kind_name(const json& value);

}  // namespace contractgen::ir::api
