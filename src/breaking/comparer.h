// The comparison itself (compare.h is its interface). Split by concern:
// comparer.cpp matches declarations and turns candidates into findings,
// compare_decls.cpp compares declaration bodies (objects, enums, unions),
// compare_types.cpp type expressions and their constraints.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "breaking/compare.h"
#include "breaking/members.h"

namespace contractgen::breaking {

// A candidate payload at a site: a value, or nullopt for "the member is absent".
using Candidate = std::optional<json>;

class Comparer {
public:
    Comparer(const Version& previous, const Version& current, bool include_docs, Consumers consumers);
    std::vector<Finding> run();

private:
    // Where a comparison is: inside the instances of one declaration (the
    // subject) of each version, at `path`.
    struct Site {
        ir::DeclId prev = 0, cur = 0;
        bool prev_exists = true, cur_exists = true;  // false only for types added or removed
        std::string path = "$";
        const ir::Origin* prev_origin = nullptr;  // where to point in each version
        const ir::Origin* cur_origin = nullptr;
        // An instance of the subject on `side` with `value` at `path`.
        std::function<std::optional<json>(const Candidate& value, Side side)> embed;
    };
    struct Change {
        std::string narrow_rule;  // when some candidate is accepted by the previous version only
        std::string wide_rule;    // ... by the current version only (may equal narrow_rule)
        std::string source_rule;  // when no candidate tells them apart: a SOURCE finding, or none
        std::string message;
        // A tolerant reader of the previous version accepts what only the
        // current one accepts: a member its closed object did not declare,
        // a new variant of its discriminated union.
        bool tolerant_reader_accepts = false;
    };

    // comparer.cpp
    void match_declarations();
    void merge_shared_changes();
    bool equivalent(ir::DeclId prev, ir::DeclId cur) const;
    void compare_decl_pair(ir::DeclId prev, ir::DeclId cur);
    Site decl_site(ir::DeclId prev, ir::DeclId cur) const;
    // False when no candidate told the versions apart (nothing reported,
    // or only the SOURCE finding).
    bool report(const Site& site, const Change& change, const std::vector<Candidate>& candidates);
    void report_plain(const Site& site, const std::string& rule, Category category, const std::string& message,
                      bool removed = false);
    Finding base_finding(const Site& site, const std::string& rule, const std::string& message, bool removed) const;
    std::string describe(const ir::Model& m, const ir::TypeExpr& t) const;

    // compare_decls.cpp
    void compare_bodies(const Site& site, const ir::Decl& a, const ir::Decl& b);
    void compare_struct(const Site& site, const ir::Struct& a, const ir::Struct& b);
    void compare_fields(const Site& site, const ir::Struct& a, const ir::Struct& b);
    void compare_extra(const Site& site, const ir::Struct& a, const ir::Struct& b);
    void compare_enum(const Site& site, const std::vector<json>& a, const std::vector<json>& b);
    void compare_union(const Site& site, const ir::Union& a, const ir::Union& b);
    void compare_docs(const Site& site, const ir::Docs& a, const ir::Docs& b, const std::string& what);
    Site field_site(const Site& parent, const std::string& name, const ir::Field* a, const ir::Field* b) const;
    Site member_site(const Site& parent, const std::string& name, const std::string& shown) const;
    // An instance of the subject both versions accept (so that a witness
    // shows the one change it is about), else one `side` accepts.
    std::optional<json> base_instance(ir::DeclId prev, ir::DeclId cur, Side side) const;

    // compare_types.cpp
    void compare_expr(const Site& site, const ir::TypeExpr& a, const ir::TypeExpr& b);
    void compare_named(const Site& site, const ir::TypeExpr& a, const ir::TypeExpr& b);

    // compare_strings.cpp
    void compare_string(const Site& site, const ir::StringBounds& a, const ir::StringBounds& b);
    std::vector<Candidate> sampled_strings(const ir::StringBounds& a, const ir::StringBounds& b) const;
    void compare_numbers(const Site& site, const ir::NumberBounds& a, const ir::NumberBounds& b, bool integer);
    void compare_array(const Site& site, const ir::TypeExpr& a, const ir::TypeExpr& b);
    void compare_map(const Site& site, const ir::TypeExpr& a, const ir::TypeExpr& b);
    std::vector<Candidate> kind_change_candidates(const ir::TypeExpr& a, const ir::TypeExpr& b) const;

    const Version& prev_;
    const Version& cur_;
    const ir::Model& pm_;
    const ir::Model& cm_;
    bool include_docs_;
    Consumers consumers_;
    std::vector<Direction> prev_dirs_, cur_dirs_;
    std::vector<MemberPlace> prev_places_, cur_places_;
    std::set<std::pair<ir::DeclId, ir::DeclId>> compared_;
    std::map<ir::DeclId, ir::DeclId> renamed_;  // previous → current, for renamed types
    std::set<ir::DeclId> extracted_;            // current types a nested schema was moved into
    std::vector<Finding> findings_;
    mutable std::map<std::tuple<ir::DeclId, ir::DeclId, Side>, std::optional<json>> base_cache_;
};

// A type with its alias chain followed (nullable kept).
ir::TypeExpr unaliased(const ir::Model& m, const ir::TypeExpr& t);

// "minLength 1 → 2" appended to `out` when the two differ, joined by commas.
void differs(std::string& out, const char* keyword, const std::string& a, const std::string& b);

// A shown path step for a member name: ".name", or `["odd name"]`.
std::string member_path(const std::string& name);

}  // namespace contractgen::breaking
