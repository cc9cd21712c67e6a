#include "ir/pattern_match.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <re2/re2.h>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "ir/pattern.h"

namespace contractgen::ir {

namespace {

struct Pcre2Code {
    pcre2_code* code = nullptr;
    pcre2_match_context* context = nullptr;
    ~Pcre2Code() {
        pcre2_match_context_free(context);
        pcre2_code_free(code);
    }
};

// A pattern compiled once for the life of the program (a contract has few).
struct Compiled {
    std::unique_ptr<RE2> re2;
    std::unique_ptr<Pcre2Code> pcre2;
};

const Compiled& compiled(const std::string& pattern) {
    static std::mutex mutex;
    static std::map<std::string, Compiled> cache;
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = cache.find(pattern); it != cache.end()) return it->second;
    Compiled c;
    if (!needs_backtracking(pattern)) {
        RE2::Options options;  // UTF-8, case-sensitive, `$` only at the end of the text
        options.set_log_errors(false);
        c.re2 = std::make_unique<RE2>(translate_pattern(pattern, PatternDialect::Re2), options);
        if (!c.re2->ok()) throw std::logic_error("pattern " + pattern + ": " + c.re2->error());
    } else {
        std::string source = translate_pattern(pattern, PatternDialect::Pcre2);
        int code = 0;
        PCRE2_SIZE offset = 0;
        c.pcre2 = std::make_unique<Pcre2Code>();
        c.pcre2->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(source.data()), source.size(), PCRE2_UTF, &code,
                                      &offset, nullptr);
        if (c.pcre2->code == nullptr) {
            c.pcre2.reset();  // pcre2_problem says why; every text is TooComplex
        } else {
            c.pcre2->context = pcre2_match_context_create(nullptr);
            pcre2_set_match_limit(c.pcre2->context, kPatternMatchLimit);
        }
    }
    return cache.emplace(pattern, std::move(c)).first->second;
}

}  // namespace

PatternMatch match_pattern(const std::string& pattern, std::string_view s) {
    const Compiled& c = compiled(pattern);
    if (c.re2)
        return RE2::PartialMatch(re2::StringPiece(s.data(), s.size()), *c.re2) ? PatternMatch::Yes : PatternMatch::No;
    if (!c.pcre2) return PatternMatch::TooComplex;
    pcre2_match_data* data = pcre2_match_data_create_from_pattern(c.pcre2->code, nullptr);
    int rc = pcre2_match(c.pcre2->code, reinterpret_cast<PCRE2_SPTR>(s.data()), s.size(), 0, 0, data, c.pcre2->context);
    pcre2_match_data_free(data);
    if (rc >= 0) return PatternMatch::Yes;
    if (rc == PCRE2_ERROR_NOMATCH) return PatternMatch::No;
    return PatternMatch::TooComplex;  // PCRE2_ERROR_MATCHLIMIT, depth or heap limits
}

std::optional<std::string> pcre2_problem(const std::string& pattern) {
    if (!needs_backtracking(pattern)) return std::nullopt;
    std::string source = translate_pattern(pattern, PatternDialect::Pcre2);
    int code = 0;
    PCRE2_SIZE offset = 0;
    pcre2_code* compiled =
        pcre2_compile(reinterpret_cast<PCRE2_SPTR>(source.data()), source.size(), PCRE2_UTF, &code, &offset, nullptr);
    if (compiled != nullptr) {
        pcre2_code_free(compiled);
        return std::nullopt;
    }
    PCRE2_UCHAR message[256];
    pcre2_get_error_message(code, message, sizeof message);
    return std::string(reinterpret_cast<const char*>(message));
}

}  // namespace contractgen::ir
