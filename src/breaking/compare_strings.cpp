// String keywords (format, pattern, minLength, maxLength) judged together,
// as the one set of strings a member accepts: a format replaced by a
// pattern, or `minLength: 1` traded for a `+`, is one change (or none), not
// one per keyword. The sets are compared exactly by automata
// (text/regex); the strings found are then candidates like any other, so a
// witness is printed only once the validator agrees with it.
#include "breaking/comparer.h"
#include "breaking/samples.h"
#include "breaking/string_sets.h"
#include "validate/json_text.h"

namespace contractgen::breaking {

using validate::code_points;

namespace {

std::string shown(const std::optional<std::uint64_t>& v) { return v ? std::to_string(*v) : "none"; }
std::string shown(const std::optional<std::string>& p) { return p ? json(*p).dump() : "none"; }
const char* shown_format(ir::StringFormat f) { return f == ir::StringFormat::None ? "none" : ir::format_name(f); }

}  // namespace

void Comparer::compare_string(const Site& site, const ir::StringBounds& a, const ir::StringBounds& b) {
    bool format = a.format != b.format, pattern = a.pattern != b.pattern;
    bool length = a.min_length != b.min_length || a.max_length != b.max_length;
    if (!format && !pattern && !length) return;
    std::string what;
    differs(what, "format", shown_format(a.format), shown_format(b.format));
    differs(what, "pattern", shown(a.pattern), shown(b.pattern));
    differs(what, "minLength", shown(a.min_length), shown(b.min_length));
    differs(what, "maxLength", shown(a.max_length), shown(b.max_length));

    // Without any pattern (lengths only, or a format the validator does not
    // assert) the strings near each bound decide as well, without a search.
    auto first = string_set(a), second = string_set(b);
    bool automata = !first.patterns.empty() || !second.patterns.empty();
    text::regex::Difference diff;
    if (automata) diff = text::regex::difference(first, second);
    std::vector<Candidate> c;
    for (const auto* side : {&diff.only_first, &diff.only_second})
        for (const auto& s : *side) c.push_back(json(s));
    // A format is a superset in the automaton (string_sets.h), and an
    // undecided pattern has no exact strings: sampled ones too.
    if (format || diff.undecided || !automata)
        for (auto& s : sampled_strings(a, b)) c.push_back(std::move(s));

    Change change;
    change.message = what;
    if (pattern) {
        change.narrow_rule = change.wide_rule = "PATTERN_SAME";
    } else if (format) {
        change.narrow_rule = change.wide_rule = a.format == ir::StringFormat::None   ? "FORMAT_NO_ADD"
                                                : b.format == ir::StringFormat::None ? "FORMAT_NO_REMOVE"
                                                                                     : "FORMAT_SAME";
    } else {
        change.narrow_rule = "STRING_LENGTH_NO_NARROW", change.wide_rule = "STRING_LENGTH_NO_WIDEN";
    }
    bool found = report(site, change, c);

    // Never a silent pass: a difference that could not be decided, or one
    // the validator did not confirm, is said so.
    std::string patterns = a.pattern || b.pattern ? "pattern " + shown(a.pattern) + " → " + shown(b.pattern) : what;
    if (diff.undecided)
        report_plain(site, "PATTERN_UNVERIFIED", Category::Wire,
                     patterns + ": not decided exactly (" + *diff.undecided + "); judged by sampled strings only");
    else if (!found && !(diff.only_first.empty() && diff.only_second.empty()))
        report_plain(site, "PATTERN_UNVERIFIED", Category::Wire,
                     patterns + ": the automaton's witness " + json(c.front()->get<std::string>()).dump() +
                         " was not confirmed by the validator");
}

// The candidates of the sampling comparison: strings near every length
// bound, samples of each version's bounds with and without the pattern,
// strings each format rejects, and a few probes.
std::vector<Candidate> Comparer::sampled_strings(const ir::StringBounds& a, const ir::StringBounds& b) const {
    std::vector<Candidate> c;
    for (auto f : {a.format, b.format})
        if (f != ir::StringFormat::None) c.push_back(json(invalid_for(f)));
    for (const auto* bounds : {&a, &b}) {
        ir::StringBounds unpatterned = *bounds, free = *bounds;
        unpatterned.pattern.reset();
        free.min_length.reset(), free.max_length.reset();
        for (auto& s : strings_near(*bounds, std::nullopt)) c.push_back(json(s));
        for (auto& s : strings_near(unpatterned, std::nullopt)) c.push_back(json(s));
        for (auto n : {a.min_length, a.max_length, b.min_length, b.max_length}) {
            if (!n) continue;
            for (std::uint64_t len : {*n == 0 ? 0 : *n - 1, *n, *n + 1})
                for (auto& s : strings_near(free, len))
                    if (code_points(s) == len) c.push_back(json(s));
        }
    }
    for (const char* s : {"", "a", "0", " ", "-", "A"}) c.push_back(json(s));
    return c;
}

}  // namespace contractgen::breaking
