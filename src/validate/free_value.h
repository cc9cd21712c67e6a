// A free-form JSON value as the bindings keep it (docs/semantics.md §1.7):
// members in input order, an integer literal's exact digits (any size),
// any other number as a double. Used where the validator needs a whole
// value: `const`, `enum`, `uniqueItems`.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ir/model.h"

namespace contractgen::validate {

struct FreeValue {
    enum class Kind { Null, Bool, String, Integer, Double, Array, Object };
    Kind kind = Kind::Null;
    bool boolean = false;
    std::string text;  // String: the text; Integer: the digits ("-" when negative; never "-0")
    double number = 0;  // Double
    struct Member;  // a name and its value (a std::pair of an incomplete FreeValue is not allowed)
    std::vector<FreeValue> items;
    std::vector<Member> members;

    // A value of the schemas (a const, an enum value).
    static FreeValue from_json(const ir::json& j);
};

struct FreeValue::Member {
    std::string first;
    FreeValue second;
};

// JSON Schema equality: numbers by value (1 == 1.0; integer literals beyond
// a double compare by their digits), objects by members in any order,
// false != 0.
bool equal(const FreeValue& a, const FreeValue& b);

// The canonical text (numbers per §3, members in their order).
void append_value(std::string& out, const FreeValue& v);
std::string value_text(const FreeValue& v);

// A text that JSON-Schema-equal values share (members sorted, numbers as
// doubles): items are grouped by it before they are compared.
void append_same_key(std::string& out, const FreeValue& v);

}  // namespace contractgen::validate
