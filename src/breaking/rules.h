// The rules of `contractgen breaking`, named the way buf names its own
// (SUBJECT_[NO_]VERB): each a change it looks for, with a one-line purpose.
// A rule's category and severity are not fixed: whether a change alters the
// accepted values (WIRE, with a witness) or only the generated APIs (SOURCE)
// is found by trying witnesses, and the severity follows from that and from
// the direction of the type (see severity_of).
#pragma once

#include <string_view>
#include <vector>

#include "breaking/finding.h"

namespace contractgen::breaking {

enum class ChangeKind {
    Removal,      // something stopped existing or being accepted
    Addition,     // something new
    Change,       // something became different
    Deprecation,  // marked deprecated
    Docs,         // documentation only
    Unverified,   // a change the checker could not decide: always a warning
};

struct Rule {
    std::string_view id;
    std::string_view purpose;
    ChangeKind kind;
};

const std::vector<Rule>& rules();
const Rule& rule(std::string_view id);  // throws std::logic_error for an unknown id (a bug)

// Severity of a finding: SOURCE findings warn (additions inform);
// deprecations and docs inform; WIRE findings are errors when they can
// break a writer or a reader of the type in that direction: a narrower set
// breaks whoever writes (clients for a request), a wider set breaks whoever
// reads (clients for a response); both or unknown: either does.
Severity severity_of(const Finding& f);

}  // namespace contractgen::breaking
