// The runtime's JSON scanner must accept exactly what nlohmann's parser
// accepts, and read the same values: checked on hand-picked edge cases and
// on thousands of deterministic mutations of valid documents. (Duplicate
// members and nesting are the decoders' to refuse, not the scanner's.)
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "contract/rt/codec.hpp"

using contract::Json;

namespace {

namespace rt = contract::rt;

// The value at `i` of a tape, as nlohmann would hold it; false when the
// tape holds an error there, or a number beyond a double (which the
// decoders refuse where they read it: the payload policy, §1.6).
bool to_dom(const rt::Tape& tape, std::size_t& i, Json& out) {
    const rt::Token& t = tape[i++];
    switch (t.kind) {
        case rt::Tok::Null: out = nullptr; return true;
        case rt::Tok::True: out = true; return true;
        case rt::Tok::False: out = false; return true;
        case rt::Tok::Int: out = t.num.i; return true;
        case rt::Tok::Uint: out = t.num.u; return true;
        case rt::Tok::Big:
        case rt::Tok::Float: out = t.num.f; return std::isfinite(t.num.f);
        case rt::Tok::String: out = std::string(tape.text(t)); return true;
        case rt::Tok::BeginObject:
            out = Json::object();
            while (tape[i].kind == rt::Tok::Key) {
                std::string key(tape.text(tape[i++]));
                if (!to_dom(tape, i, out[key])) return false;  // a duplicate replaces, as nlohmann does
            }
            return tape[i++].kind == rt::Tok::EndObject;
        case rt::Tok::BeginArray:
            out = Json::array();
            while (tape[i].kind != rt::Tok::EndArray) {
                out.push_back(nullptr);
                if (!to_dom(tape, i, out.back())) return false;
            }
            ++i;
            return true;
        default: return false;
    }
}

// What the scanner reads, as a DOM (nullopt when it rejects the text).
std::optional<Json> scan(const std::string& text) {
    rt::Tape tape;
    rt::parse_tape(text, tape, 10000);
    std::size_t i = 0;
    Json out;
    if (!to_dom(tape, i, out) || i != tape.size()) return std::nullopt;
    return out;
}

std::optional<Json> reference(const std::string& text) {
    try {
        return Json::parse(text);
    } catch (const Json::exception&) {  // parse errors and number overflow
        return std::nullopt;
    }
}

void agree(const std::string& text) {
    INFO("input: " << Json(text).dump(-1, ' ', true, Json::error_handler_t::replace));
    auto mine = scan(text);
    auto theirs = reference(text);
    REQUIRE(mine.has_value() == theirs.has_value());
    if (mine) {
        // Same value and the same number representation (nlohmann compares
        // 1 and 1.0 as equal, so compare the dumps too).
        CHECK(*mine == *theirs);
        CHECK(mine->dump() == theirs->dump());
    }
}

}  // namespace

TEST_CASE("scanner: edge cases agree with nlohmann") {
    const char* cases[] = {
        "0",
        "-0",
        "1",
        "-1",
        "1.5",
        "-1.5e10",
        "1E+2",
        "1e-2",
        "0.0",
        "10",
        "01",
        "-",
        "1.",
        ".5",
        "1e",
        "1e+",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "9999999999999999999",  // 19 digits, the most read without an overflow check
        "-9999999999999999999",
        "99999999999999999999",
        "123456789012345678901234567890",
        "1e400",
        "-1e400",
        "1e-400",
        "true",
        "false",
        "null",
        "tru",
        "nul",
        "True",
        "\"\"",
        "\"a\"",
        "\"\\u0041\"",
        "\"\\u00e9\"",
        "\"\\ud83d\\ude00\"",
        "\"\\ud83d\"",
        "\"\\ude00\"",
        "\"\\ud83dx\"",
        "\"\\uZZZZ\"",
        "\"\\x\"",
        "\"a\tb\"",
        "\"\\/\\b\\f\\n\\r\\t\\\"\\\\\"",
        "\"unterminated",
        "\"\xC3\xA9\"",
        "\"\xC3\"",
        "\"\xE0\x80\xAF\"",
        "\"\xED\xA0\x80\"",
        "\"\xF4\x90\x80\x80\"",
        "\"\xF0\x9F\x98\x80\"",
        "\"\xFF\"",
        "[]",
        "[1]",
        "[1,]",
        "[,1]",
        "[1 2]",
        "{}",
        "{\"a\":1}",
        "{\"a\":1,}",
        "{\"a\"}",
        "{\"a\" 1}",
        "{a:1}",
        "{\"a\":1,\"a\":2}",
        "[[[]]]",
        "[{}]",
        " \t\n\r[ 1 , 2 ] \n",
        "[1] x",
        "",
        " ",
        "{\"a\":[1,{\"b\":null}],\"c\":\"d\"}",
        "[\"\\u0000\"]",
        "[1,2",
        "{\"a\":",
        "\x01",
    };
    for (const char* c : cases) agree(c);
}

TEST_CASE("scanner: a byte order mark is refused, unlike nlohmann, like JSON.parse and Pydantic") {
    CHECK(reference("\xEF\xBB\xBF{}").has_value());
    CHECK_FALSE(scan("\xEF\xBB\xBF{}").has_value());
}

TEST_CASE("scanner: problems become tokens where they are, and the tape stays a tree") {
    rt::Tape tape;
    rt::parse_tape(R"({"a":[1,{"b":[[]]}],"c":tru})", tape, 2);
    // {  "a"  [  1  ERROR(depth, for {"b":[[]]})  ]  "c"  ERROR(syntax)  }
    REQUIRE(tape.size() == 9);
    CHECK(tape[4].kind == rt::Tok::Error);
    CHECK(tape[4].num.u == rt::kDepth);
    CHECK(tape[7].kind == rt::Tok::Error);
    CHECK(tape[7].num.u == rt::kSyntax);
    CHECK(tape.syntax_error == 7);
    CHECK(tape[0].end == 8);
    CHECK(tape[2].end == 5);
    CHECK(tape.text(tape[7]) == "invalid JSON: invalid literal at byte 27");
    // A million brackets: no recursion, one depth token, then the syntax error at the end.
    rt::parse_tape(std::string(1000000, '['), tape, 128);
    CHECK(tape.size() == 128 + 2 + 128);
    CHECK(tape[128].num.u == rt::kDepth);
    CHECK(tape.text(tape[129]) == "invalid JSON: unexpected end of input, expected a value at byte 1000000");
}

TEST_CASE("scanner: mutated documents agree with nlohmann") {
    const std::string seeds[] = {
        R"({"data":{"type":"message_delta","delta":"Hello \u00e9 \ud83d\ude00 [1]"},"timestamp":1771582500000})",
        R"({"a":[1,-2.5e3,true,false,null,{"b":"c\\n"}],"d":{}})",
        R"([0,1.0,-0,"x\"y",[[]],{"k":[{"l":18446744073709551615}]}])",
    };
    const char alphabet[] = "{}[],:\"\\ 0123456789.eE+-tfnulrsa\xC3\xA9\x80\xFF";
    std::mt19937 rng(20261125);
    int checked = 0;
    for (const auto& seed : seeds) {
        for (int round = 0; round < 1500; ++round) {
            std::string text = seed;
            int edits = 1 + static_cast<int>(rng() % 3);
            for (int e = 0; e < edits && !text.empty(); ++e) {
                std::size_t at = rng() % text.size();
                switch (rng() % 3) {
                    case 0: text.erase(at, 1); break;
                    case 1: text.insert(at, 1, alphabet[rng() % (sizeof alphabet - 1)]); break;
                    default: text[at] = alphabet[rng() % (sizeof alphabet - 1)]; break;
                }
            }
            agree(text);
            ++checked;
        }
    }
    CHECK(checked == 4500);
}

TEST_CASE(
    "scanner: a quote, escape, control or non-ASCII byte at every offset of a string ends its plain run exactly") {
    // The run itself, against its byte-by-byte definition.
    for (std::size_t length = 0; length < 40; ++length) {
        for (std::size_t at = 0; at <= length; ++at) {
            for (char c : {'"', '\\', '\x00', '\x1F', '\x80', '\xFF', ' ', '\x7F'}) {
                std::string text(length, 'a');
                if (at < length) text[at] = c;
                std::size_t expected = 0;
                while (expected < text.size() && rt::plain_byte(text[expected])) ++expected;
                INFO("length " << length << ", byte " << static_cast<int>(static_cast<unsigned char>(c)) << " at "
                               << at);
                CHECK(rt::plain_prefix(text.data(), text.data() + text.size()) == expected);
            }
        }
    }
    // Strings are skipped 16 bytes (SSE2) or 8 at a time up to the first
    // byte that needs a look; that byte may sit anywhere in a block, in a
    // second block, or in the tail.
    for (const std::string special : {"\\\"", "\\\\", "\\n", "\\u00e9", "\xC3\xA9", "\xF0\x9F\x98\x80", "\x01", "\x1F",
                                      "\x7F", "\x80", "\xFF", "\""}) {
        for (std::size_t before = 0; before < 40; ++before) {
            for (std::size_t after : {0u, 1u, 7u, 8u, 9u, 15u, 16u, 17u}) {
                std::string s = std::string(before, 'a') + special + std::string(after, 'b');
                agree("\"" + s + "\"");
                agree("{\"" + s + "\":[\"" + s + "\"]}");
                agree("[\"" + s);  // cut short
            }
        }
    }
    agree(R"({"key" 1})");  // a member name without its colon
    agree(R"({"k\"ey" 1})");
}
