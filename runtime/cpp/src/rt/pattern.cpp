// Patterns, matched by RE2: linear time in the text, memory bounded by
// the pattern, no recursion, so that a long string (a megabyte, or the
// 40 KB `datacontenttype` that overflowed std::wregex's recursion) is
// judged like any other. A pattern RE2 cannot match (lookaround) comes
// from the generator in PCRE2 syntax behind `(*LIMIT_MATCH=...)`: PCRE2
// backtracks, and a search that takes more steps than that is refused
// (docs/semantics.md, "Patterns"). The bindings link RE2 and PCRE2
// (Debian: libre2-dev, libpcre2-dev).
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <re2/re2.h>

#include <cstring>

#include "contract/rt/rules.hpp"

namespace contract {
namespace rt {

struct Pattern::Regex {
    std::unique_ptr<RE2> re2;
    pcre2_code* pcre2 = nullptr;
    ~Regex() { pcre2_code_free(pcre2); }
};

Pattern::Pattern(const char* source, const char* original) : regex_(new Regex), original_(original) {
    // The generator only emits what the engines compile; a failure here is a bug, not a verdict.
    if (std::strncmp(source, "(*", 2) == 0) {
        int code = 0;
        PCRE2_SIZE offset = 0;
        regex_->pcre2 = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(source), PCRE2_ZERO_TERMINATED, PCRE2_UTF, &code,
                                      &offset, nullptr);
        if (regex_->pcre2 == nullptr) {
            PCRE2_UCHAR message[256];
            pcre2_get_error_message(code, message, sizeof message);
            throw std::logic_error("pattern " + std::string(original) + ": " + reinterpret_cast<const char*>(message));
        }
        return;
    }
    RE2::Options o;  // UTF-8, case-sensitive, `$` only at the end of the text: ECMA-262 without flags
    o.set_log_errors(false);
    regex_->re2 = std::make_unique<RE2>(source, o);
    if (!regex_->re2->ok()) throw std::logic_error("pattern " + std::string(original) + ": " + regex_->re2->error());
}

Pattern::~Pattern() = default;

bool Pattern::search(std::string_view text) const {
    if (regex_->re2) return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), *regex_->re2);
    // Past the match limit (or on any other failure) the text is taken as not matching.
    pcre2_match_data* data = pcre2_match_data_create_from_pattern(regex_->pcre2, nullptr);
    int rc = pcre2_match(regex_->pcre2, reinterpret_cast<PCRE2_SPTR>(text.data()), text.size(), 0, 0, data, nullptr);
    pcre2_match_data_free(data);
    return rc >= 0;
}

}  // namespace rt
}  // namespace contract
