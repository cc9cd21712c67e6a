// Patterns, matched by RE2: linear time in the text, memory bounded by
// the pattern, no recursion, so that a long string (a megabyte, or the
// 40 KB `datacontenttype` that overflowed std::wregex's recursion) is
// judged like any other. The generator ships this file, and the bindings
// link RE2 (Debian: libre2-dev), only when the contract has a pattern.
#include <re2/re2.h>

#include "contract/rt/rules.hpp"

namespace contract {
namespace rt {

struct Pattern::Regex {
    RE2 re;
    explicit Regex(const char* source) : re(source, options()) {}
    static RE2::Options options() {
        RE2::Options o;  // UTF-8, case-sensitive, `$` only at the end of the text: ECMA-262 without flags
        o.set_log_errors(false);
        return o;
    }
};

Pattern::Pattern(const char* re2_source, const char* original) : regex_(new Regex(re2_source)), original_(original) {
    // The generator only emits what RE2 compiles; a failure here is a bug, not a verdict.
    if (!regex_->re.ok()) throw std::logic_error("pattern " + std::string(original) + ": " + regex_->re.error());
}

Pattern::~Pattern() = default;

bool Pattern::search(std::string_view text) const {
    return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), regex_->re);
}

}  // namespace rt
}  // namespace contract
