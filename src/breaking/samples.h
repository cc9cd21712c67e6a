// Valid instances of IR types, built small: the raw material of witnesses.
// Every value returned is checked with `accepts` first; nullopt when no
// candidate was accepted (a type the generator cannot satisfy).
#pragma once

#include <optional>
#include <vector>

#include "ir/model.h"

namespace contractgen::breaking {

using json = ir::json;

std::optional<json> minimal_instance(const ir::Model& model, const ir::TypeExpr& type);
std::optional<json> minimal_decl_instance(const ir::Model& model, ir::DeclId decl);

// Up to `max` different valid instances, smallest first (for unique items,
// and to find a value one of two types accepts and the other does not).
std::vector<json> instances(const ir::Model& model, const ir::TypeExpr& type, std::size_t max = 6);

// Strings meeting `bounds` (length, pattern, format), of about `length`
// code points when given: what length and pattern rules try.
std::vector<std::string> strings_near(const ir::StringBounds& bounds, std::optional<std::uint64_t> length);

// Numbers at, just inside and just outside every bound, and multiples of
// multipleOf (integers only when `integer`).
std::vector<json> numbers_near(const ir::NumberBounds& bounds, bool integer);

// Values of every JSON kind, for types that changed kind.
std::vector<json> probe_values();

// A string that is not a valid `format` (spaces are valid in none).
std::string invalid_for(ir::StringFormat format);

}  // namespace contractgen::breaking
