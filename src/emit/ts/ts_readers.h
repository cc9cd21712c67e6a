// IR type expressions → the text decoder's readers (runtime/ts/runtime/
// decoder.ts): the expression that reads a value of a type from the decoder
// `d`, a reader function for it (for arrays, maps and unions), and the
// module-level declarations they need (rule objects, helper readers,
// constant values), in JavaScript (typed by JSDoc) and in TypeScript. Every
// expression is computed here, none in templates; the Go target's readers
// (emit/go/go_types.cpp) have the same shape.
#pragma once

#include <map>
#include <set>
#include <string>

#include "emit/common/printer.h"
#include "emit/ts/ts_types.h"
#include "ir/model.h"
#include "naming/namer.h"

namespace contractgen::emit::ts {

// The module-level declarations the readers share, as the .js spells them.
struct Support {
    std::string js;
};

class TsReaders {
public:
    // `readers`: every non-constant declaration's reader function (readX),
    // claimed once for the whole model so that families can call each other's.
    TsReaders(const ir::Model& model, const naming::Names& names, const std::map<ir::DeclId, std::string>& readers,
              TsTypes& types, naming::Scope& scope)
        : model_(model), names_(names), readers_(readers), types_(types), scope_(scope) {}

    void set_family(const std::string& family) { family_ = family; }

    // An expression of the value type, reading from `d`.
    std::string read(const ir::TypeExpr& t);
    // A reader function (rt.Reader<T>): readX for a declaration, else a helper.
    std::string read_fn(const ir::TypeExpr& t);
    // The reader of a declaration (qualified with its family's module when foreign).
    std::string reader_of(ir::DeclId id) const;

    // Whether null is a value of t (then it needs no separate null branch).

    // "undefined" or the name of a rule object.
    std::string string_rule(const ir::StringBounds& b);
    std::string number_rule(const ir::NumberBounds& b, bool big);
    std::string count_rule(std::optional<std::uint64_t> min, std::optional<std::uint64_t> max, bool unique);
    // A module-level constant holding the RegExp of a key pattern (ECMA-262 source).
    std::string key_pattern(const std::string& pattern);
    // A module-level constant holding a JSON value (for const and enum values that are not strings).
    std::string value_const(const ir::json& value);

    // The declarations made so far, in order of creation (each before its first use).
    const Support& support() const { return support_; }

private:
    std::string value_read(const ir::TypeExpr& t);
    // A module-level declaration, made once per `key`: `js` is its text,
    // printed (emit/common/printer.h) with `subs` and $name$, the name
    // claimed for it.
    std::string hoist(const std::string& prefix, const std::string& key, std::string_view js,
                      std::vector<Printer::Sub> subs);
    std::string rule(const std::string& type, std::vector<std::string> fields);

    const ir::Model& model_;
    const naming::Names& names_;
    const std::map<ir::DeclId, std::string>& readers_;
    TsTypes& types_;
    naming::Scope& scope_;
    std::string family_;
    Support support_;
    std::map<std::string, std::string> made_;  // a declaration's text → its name
};

// The number bound `v` as a TypeScript literal: a bigint (`5n`) when `big`
// and v is an integer, else the number.
std::string bound_literal(const ir::json& v, bool big);
// A double with no fraction as a bigint literal, digit for digit, whatever
// its size (9.3e18 is 9300000000000000000n).
std::string bigint_text(double whole);

}  // namespace contractgen::emit::ts
