// What `contractgen breaking` reports: one Finding per change between two
// versions of the contract, judged by what each version accepts.
#pragma once

#include <string>
#include <vector>

#include "ir/model.h"

namespace contractgen::breaking {

using json = ir::json;

// WIRE: the set of JSON values a type accepts changed (a witness proves it).
// SOURCE: only the generated APIs changed (a type renamed or removed, a
// field gone from a struct that keeps accepting it). DOCS: documentation
// only; reported by `changelog`, never by `breaking`.
enum class Category { Wire, Source, Docs };
enum class Severity { Info, Warn, Error };

// Who writes values of a type: clients (a request body), the server (a
// response or a stream), or both / unknown (the strictest judgement).
enum class Direction { Request, Response, Both };

enum class Side { Previous, Current };

// How the readers of response types (clients) decode: strictly (the
// default), or in the tolerant-reader mode of the runtimes, which keeps
// undeclared members of a closed object and decodes an unknown tag of a
// discriminated union as an unknown variant.
enum class Consumers { Strict, Tolerant };

// A JSON instance of the finding's type that one version accepts and the
// other rejects.
struct Witness {
    json instance;
    Side accepted_by = Side::Previous;
};

// Where the change is: in the current schemas, or in the previous ones for
// what was removed.
struct Place {
    std::string file;  // as shown: the schemas folder (or "REV:folder") joined with the file
    int line = 0;
    int column = 0;
    Side side = Side::Current;
    std::string pointer;  // the JSON pointer of the schema there ("/$defs/A/properties/t")
};

struct Finding {
    std::string rule;  // "FIELD_NO_DELETE"
    Category category = Category::Wire;
    Severity severity = Severity::Error;
    Direction direction = Direction::Both;
    std::string family;
    std::string type;  // "family.Type" whose instances the witnesses are
    std::string path;  // where in an instance of `type`: "$", "$.content", "$.items[*]"
    std::string message;
    // Where the user edits, as a member of a named type: "h.Tick $.mode"
    // when `type` is the lifted h.TickMode (else `type` and `path` again).
    std::string member;
    // One change seen in several places (a property of an `allOf` base, a
    // lifted schema shared by several types): every member it affects,
    // `member` first; empty when only that one.
    std::vector<std::string> affects;
    Place place;
    std::vector<Witness> witnesses;
    // The schema of `type` in each version, "file#pointer" relative to its
    // schemas folder (empty when the type does not exist on that side): a
    // standard validator can check every witness against both.
    std::string previous_schema, current_schema;
    bool acknowledged = false;  // an intended break (acknowledged.h): reported, never failing
    // Under `--consumers tolerant`: what only the current version accepts is
    // absorbed by tolerant clients (a new member, a new tagged variant), so
    // the finding informs instead of failing.
    bool tolerated = false;
};

const char* to_string(Category c);
const char* to_string(Severity s);
const char* to_string(Direction d);
const char* to_string(Side s);

}  // namespace contractgen::breaking
