// IR type expressions → C++: the type a member is declared with, the rule
// value its reader and writer check it against, and literals for
// constants. All type and rule spellings of the C++ target are computed
// here; templates only place them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/model.h"
#include "naming/namer.h"

namespace contractgen::emit::cpp {

// A rule value: `head` ("rt::StringRule()", or a plain argument such as "3"
// or "pattern_0") followed by `.name(argument)` calls.
struct Rule {
    struct Call;  // `.first(second)`: a name and its argument (a std::pair of an incomplete Rule is not allowed)
    std::string head;
    std::vector<Call> calls;

    bool empty() const { return head.empty(); }
    Rule& call(const std::string& name, Rule argument);
    std::string flat() const;
    // One line if it fits after `indent`, else one call per line, indented one level deeper.
    std::string layout(const std::string& indent) const;
};

struct Rule::Call {
    std::string first;  // the method's name
    Rule second;        // its argument
};

inline Rule& Rule::call(const std::string& name, Rule argument) {
    calls.push_back(Call{name, std::move(argument)});
    return *this;
}

// What a family's source file defines once, before its codecs: compiled
// patterns (pattern_N()) and JSON values (json_N(), as Values) that rules refer to,
// and strings too long to write where they are used (text_N). Each distinct
// text gets one number, in order of first use.
class FamilyLiterals {
public:
    std::string pattern(const std::string& source);  // "pattern_3"
    std::string json(const ir::json& value);         // "json_0"
    std::string check(const ir::json& program);      // "check_0": an assertion's program, patterns in RE2
    // A std::string_view expression for `text`: the literal itself when it
    // is short, else the name of a constant holding it.
    std::string text(const std::string& text);
    // The name of a constant holding `rule` ("rule_2"), for a rule too long
    // to write where it is used.
    std::string rule(const Rule& rule);
    const std::vector<std::string>& patterns() const { return patterns_; }
    const std::vector<std::string>& json_values() const { return json_; }  // compact JSON text
    const std::vector<std::string>& checks() const { return checks_; }  // compact JSON text
    const std::vector<std::string>& texts() const { return texts_; }
    const std::vector<Rule>& rules() const { return rules_; }

private:
    std::vector<std::string> patterns_, json_, checks_, texts_, rule_texts_;
    std::vector<Rule> rules_;
};

// A C++ expression laid out within the line width: either one line, or
// `head`, one item per line (indented one level deeper), `tail`.
struct Expr {
    std::string head;            // the whole expression when it has no items
    std::vector<Expr> items;
    std::string tail;
    bool braced = false;         // items between head and tail (possibly none)
    std::optional<std::string> text;  // a string literal `head` + "..." + `tail`, cut when too long

    std::string flat() const;
    // Laid out for a line that already holds `column` characters and whose
    // continuation lines start at `indent`.
    std::string layout(std::size_t column, const std::string& indent) const;
};

class CppTypes {
public:
    CppTypes(const ir::Model& model, const naming::Names& names, FamilyLiterals& literals)
        : model_(model), names_(names), literals_(literals) {}

    // The family whose files are being written; names from other families are qualified.
    void set_family(const std::string& family) { family_ = family; }

    std::string type(const ir::TypeExpr& t) const;        // with Nullable<> when t.nullable
    static bool wraps_null(const ir::TypeExpr& t);        // type(t) is Nullable<value_type(t)>
    std::string value_type(const ir::TypeExpr& t) const;  // without the nullable wrapper
    // A member, item or alternative of `container` held by value: with
    // Box<> where its type is a recursive declaration not yet complete there
    // (docs/semantics.md, "Recursive types"); vectors and maps need none.
    std::string held_type(const ir::TypeExpr& t, ir::DeclId container) const;
    std::string held_value_type(const ir::TypeExpr& t, ir::DeclId container) const;
    // A recursive alias of an array or a map: a struct deriving from the container.
    bool is_wrapper(ir::DeclId id) const;
    std::string decl_name(ir::DeclId id) const;           // "other_family::Name" from another family
    std::string alias_function(const std::string& prefix, ir::DeclId id) const;  // decode_X / encode_X

    // The rule a member of type `t` is read and written with, e.g.
    // rt::StringRule().min_length(1); empty when there is nothing to check.
    // `states_type`: a `const` there also states `type` (a value of another
    // kind is then a `type` error, else a `const` one).
    Rule rule(const ir::TypeExpr& t, bool states_type = false) const;
    Rule string_rule(const ir::StringBounds& b) const;
    static Rule number_rule(const ir::NumberBounds& b);
    static Rule count_rule(const char* type, std::optional<std::uint64_t> min, std::optional<std::uint64_t> max);

    // A constant of type `t` holding `value`; whether C++ can make it constexpr.
    Expr literal(const ir::TypeExpr& t, const ir::json& value) const;
    bool is_constexpr(const ir::TypeExpr& t) const;

private:
    Rule unchecked_rule(const ir::TypeExpr& t, bool states_type) const;
    std::string braced_prefix(const ir::TypeExpr& t) const;

    const ir::Model& model_;
    const naming::Names& names_;
    FamilyLiterals& literals_;
    std::string family_;
};

// An assertion's program with its patterns in RE2 syntax (as the go target spells them).
ir::json cpp_program(const ir::json& program);

// A pattern as the C++ runtime compiles it (runtime/cpp/src/rt/pattern.cpp):
// RE2 syntax, or PCRE2's behind its match-limit option `(*LIMIT_MATCH=...)`
// when the pattern needs backtracking (ir::needs_backtracking).
std::string cpp_pattern(const std::string& pattern);

}  // namespace contractgen::emit::cpp
