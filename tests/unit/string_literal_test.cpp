// The string literals of the TypeScript, Go and Python targets: plain ASCII
// is copied in runs (text::plain_ascii_end tests eight bytes at a time), so
// each character that must be escaped is tried at every offset of those
// words. The expected escapes are each language's, written out by hand.
#include <catch2/catch.hpp>

#include <functional>
#include <utility>
#include <vector>

#include "emit/go/go_syntax.h"
#include "emit/python/python_syntax.h"
#include "emit/ts/ts_syntax.h"
#include "text/utf8.h"

namespace {

using Literal = std::function<std::string(const std::string&)>;

void check_at_every_offset(const Literal& literal, const std::vector<std::pair<std::string, std::string>>& cases) {
    for (const auto& [raw, written] : cases) {
        for (std::size_t at = 0; at < 18; ++at) {
            const std::string before(at, 'a'), after(20 - at, 'z');
            INFO("offset " << at << ": " << written);
            CHECK(literal(before + raw + after) == "\"" + before + written + after + "\"");
        }
    }
}

}  // namespace

TEST_CASE("string literals: each escape is found at any place of a long string", "[emit]") {
    // Shared by the three: quotes, backslashes, line breaks; blanks and '~' are plain.
    const std::vector<std::pair<std::string, std::string>> common = {
        {"\"", "\\\""}, {"\\", "\\\\"}, {"\n", "\\n"}, {"\t", "\\t"}, {" ~", " ~"}};
    auto with = [&](std::vector<std::pair<std::string, std::string>> own) {
        own.insert(own.end(), common.begin(), common.end());
        return own;
    };
    check_at_every_offset(contractgen::emit::ts::string_literal,
                          with({{"\x01", "\\u0001"}, {"\x7f", "\\u007F"}, {"\xC3\xA9", "\\u00E9"}}));
    check_at_every_offset(contractgen::emit::go::string_literal,
                          with({{"\x01", "\\u0001"}, {"\x7f", "\\u007F"}, {"\xC3\xA9", "\\u00E9"}}));
    check_at_every_offset(contractgen::emit::python::string_literal,
                          with({{"\x01", "\\x01"}, {"\x7f", "\\x7f"}, {"\xC3\xA9", "\xC3\xA9"}}));
}

TEST_CASE("text: a run of plain ASCII ends at the first byte an escaper looks at", "[emit]") {
    using contractgen::text::plain_ascii_end;
    for (char stop : {'"', '\\', '\x1f', '\x7f', '\x80', '\xff', '\0'}) {
        for (std::size_t at = 0; at < 20; ++at) {
            std::string s(24, 'x');
            s[at] = stop;
            CHECK(plain_ascii_end(s, 0) == at);
            CHECK(plain_ascii_end(s, at) == at);
        }
    }
    CHECK(plain_ascii_end(std::string(30, ' '), 3) == 30);
    CHECK(plain_ascii_end(std::string(), 0) == 0);
}
