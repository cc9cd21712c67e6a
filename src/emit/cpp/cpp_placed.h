// Text whose spelling depends on where a template puts it. A rule is written
// out where its line stays within kLineWidth, else named (rule_N, defined
// once at the top of the source file); a long literal is cut to fit after
// the column it starts at. The view model hands the template a mark; once
// the family's files are rendered, place() replaces each mark with its
// spelling at the column where it landed. So a user's template override
// (`--templates DIR`) keeps the lines within the width without any view
// model counting the built-in templates' columns.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "emit/cpp/cpp_types.h"
#include "render/data.h"

namespace contractgen::emit::cpp {

class PlacedText {
public:
    explicit PlacedText(FamilyLiterals& literals) : literals_(literals) {}

    // A rule's mark, or false (no section) when the rule is empty.
    render::Data rule(const Rule& rule);
    // A mark for text spelt by `spell(column)`, the column it starts at.
    std::string at_column(std::function<std::string(std::size_t column)> spell);

    // Every rendered text is measured before any is placed: a rule is named
    // when one of its lines would pass the width written out.
    void measure(const std::string& text);
    // `text` with its marks replaced. The first call names the rules that
    // need it, in the order they were marked.
    std::string place(const std::string& text);

private:
    struct Mark {
        std::size_t index;   // into rules_ or spells_
        bool is_rule;
        std::size_t begin, end;  // of the mark in the text
    };
    static std::vector<Mark> marks_in(const std::string& text, std::size_t from, std::size_t to);

    FamilyLiterals& literals_;
    std::vector<Rule> rules_;
    std::vector<bool> named_;
    std::vector<std::string> spelt_;  // each rule's spelling, once placing starts
    std::vector<std::function<std::string(std::size_t)>> spells_;
};

}  // namespace contractgen::emit::cpp
