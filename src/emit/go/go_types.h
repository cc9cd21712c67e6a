// IR type expressions → Go: the type to declare, the expression that decodes
// a value of it from a *contract.Decoder, the statement that encodes one,
// and the package-level support they need (rule variables, constant values,
// small helper functions). All Go type strings of the target are computed
// here, none in templates.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "ir/model.h"
#include "naming/namer.h"

namespace contractgen::emit::go {

// The Go names of every declaration's functions (claimed once per family so
// that they never collide with a type or with each other).
struct DeclFunctions {
    std::string decode, encode, parse, marshal, validate;
};

// A struct's membership in a discriminated union: the methods it gets.
struct Membership {
    std::string marker;  // isStreamEvent (exported when the union is in another package)
    std::string method;  // Type: named after the tag member
    std::string wire;    // "type"
    std::string tag;     // "message_delta"
};

// Every Go identifier of the output, resolved before any text is emitted.
struct GoNames {
    const naming::Names& names;                              // types, fields (Pascal), values
    std::map<std::string, std::string> package;              // family → Go package name
    std::map<ir::DeclId, DeclFunctions> functions;           // every non-constant declaration
    std::map<ir::DeclId, std::vector<std::string>> constants;  // enum values → package-level constants
    std::map<ir::DeclId, std::string> markers;               // discriminated union → marker method
    std::map<ir::DeclId, std::string> unknown;               // discriminated union → its Unknown variant
    std::map<ir::DeclId, std::string> lookups;               // constant with x-lookup → function
    std::map<ir::DeclId, std::vector<Membership>> memberships;  // struct → unions it is a variant of
    std::map<std::string, naming::Scope> private_names;      // family → lower-case names taken (seed)
};

// The name of the method that returns a union's tag ("type" → Type).
std::string tag_method(const std::string& wire);

// An assertion's program with its patterns in Go's syntax (RE2).
ir::json go_program(const ir::json& program);

// A pattern as the Go runtime compiles it (contract.MustCompilePattern):
// RE2 syntax, or regexp2's behind contract.BacktrackingPrefix when the
// pattern needs backtracking (ir::needs_backtracking).
std::string go_pattern(const std::string& pattern);

class GoTypes {
public:
    GoTypes(const ir::Model& model, const GoNames& names, naming::Scope& private_scope)
        : model_(model), names_(names), private_(private_scope) {}

    void set_family(const std::string& family) { family_ = family; }

    std::string type(const ir::TypeExpr& t);            // with a pointer when t is nullable and nil cannot say null
    std::string decode(const ir::TypeExpr& t);          // an expression of type(t), reading from `d`
    std::string decode_fn(const ir::TypeExpr& t);       // a func(*contract.Decoder) type(t)
    // A contract.Tristate of t without null, reading from `d`; `box`: of a pointer to it (see boxed()).
    std::string decode_tristate(const ir::TypeExpr& t, bool box = false);
    std::string encode(const ir::TypeExpr& t, const std::string& x);  // a statement writing x to `e`
    std::string encode_fn(const ir::TypeExpr& t);       // a func(*contract.Encoder, type(t))

    bool nil_able(const ir::TypeExpr& t) const;  // type(t) holds nil for "no value" (interfaces, any, pointers)

    std::string decl_ref(ir::DeclId id);  // qualified when from another family
    const DeclFunctions& functions(ir::DeclId id);  // qualified likewise

    std::string string_rule(const ir::StringBounds& b);  // "nil" or a rule variable
    std::string number_rule(const ir::NumberBounds& b);
    std::string count_rule(std::optional<std::uint64_t> min, std::optional<std::uint64_t> max, bool unique);
    std::string value_var(const ir::json& value);  // a variable holding a free-form constant value
    std::string check_var(ir::CheckId id);  // a variable holding a compiled assertion
    std::string regexp_var(const std::string& pattern);  // a variable holding a compiled key pattern
    // A member held by value whose type closes a recursive cycle (a struct or
    // tuple): Go needs a pointer there (`*Node`), since a struct cannot contain itself.
    bool boxed(const ir::TypeExpr& t, const ir::Decl& container) const;

    // Package-level declarations made so far (rule variables, helpers), in order.
    const std::string& support() const { return support_; }
    const std::set<std::string>& families_used() const { return families_used_; }

private:
    std::string value_type(const ir::TypeExpr& t);
    std::string value_decode(const ir::TypeExpr& t);
    std::string unchecked_decode(const ir::TypeExpr& t);
    std::string value_encode(const ir::TypeExpr& t, const std::string& x);
    std::string qualify(const std::string& family, const std::string& name);
    std::string helper(const std::string& kind, const std::string& signature_rest, const std::string& body);

    const ir::Model& model_;
    const GoNames& names_;
    naming::Scope& private_;
    std::string family_;
    std::string support_;
    std::map<std::string, std::string> made_;  // helper or variable text → its name
    std::set<std::string> families_used_;
    std::map<ir::DeclId, DeclFunctions> qualified_;
};

}  // namespace contractgen::emit::go
