// The rest of the JSON Schema vocabulary in the C++ bindings
// (docs/semantics.md, "The whole vocabulary"): a recursive tree round-trips
// and stops at the depth limit without recursing deeper, tuples, key
// patterns, assertions with their error places (when decoding, and the same
// when encoding a value built in code), and the nine more formats.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "vocab/registry.hpp"

namespace {

// "ok <re-encoded text>", or "<path> <keyword>" of the decode error.
std::string verdict(const char* type, const std::string& text) {
    try {
        return "ok " + vocab::find_type(type)(text, {});
    } catch (const vocab::DecodeError& e) {
        return e.path() + " " + e.keyword();
    }
}

// The same for a value built in code: "ok <text>" of dump(), or "<path> <keyword>" of its error.
template <class T>
std::string encoded(const T& value) {
    try {
        return "ok " + vocab::dump(value);
    } catch (const vocab::EncodeError& e) {
        return e.path() + " " + e.keyword();
    }
}

// validate()'s verdict in the same form ("ok" without the text).
template <class T>
std::string validated(const T& value) {
    try {
        vocab::validate(value);
        return "ok";
    } catch (const vocab::EncodeError& e) {
        return e.path() + " " + e.keyword();
    }
}

vocab::vocab::Window window(const char* kind, std::optional<std::int64_t> start, std::optional<std::int64_t> end) {
    vocab::vocab::Window w;
    w.kind = kind;
    w.start = start;
    w.end = end;
    return w;
}

std::string nested_parents(std::size_t levels) {
    std::string text;
    for (std::size_t i = 0; i < levels; ++i) text += R"({"label":"n","parent":)";
    text += R"({"label":"leaf"})";
    text.append(levels, '}');
    return text;
}

}  // namespace

TEST_CASE("recursive types: a tree round-trips") {
    const std::string text =
        R"({"label":"root","children":[{"label":"a","parent":{"label":"p"}},{"label":"b","children":[]}],)"
        R"("next":null,"expr":{"left":1,"right":{"left":2,"right":3}},"nested":[[],[[]]]})";
    CHECK(verdict("vocab.Tree", text) == "ok " + text);
    auto tree = vocab::parse<vocab::vocab::Tree>(text);
    REQUIRE(tree.children);
    CHECK(tree.children->at(0).parent->get().label == "p");
    CHECK(tree.next.is_null());
    REQUIRE(tree.expr);
    const auto& sum = std::get<vocab::vocab::Sum>(tree.expr->value);
    CHECK(std::get<std::int64_t>(sum.left->value) == 1);
    CHECK(tree.nested->size() == 2);
    CHECK(tree.nested->at(1).at(0).empty());

    // Box is a value: a copy is deep.
    vocab::vocab::Tree copy = tree;
    CHECK(vocab::dump(copy) == text);
    copy.children->at(0).parent->get().label = "changed";
    CHECK(tree.children->at(0).parent->get().label == "p");
    CHECK(vocab::Box<std::string>("a") == vocab::Box<std::string>("a"));
    CHECK(vocab::Box<std::string>() == vocab::Box<std::string>(""));
    // A default Box reads as a default value without allocating one.
    vocab::Box<vocab::vocab::Tree> empty;
    CHECK(static_cast<const vocab::Box<vocab::vocab::Tree>&>(empty)->label.empty());
}

TEST_CASE("recursive types: a hostile depth is a depth error, not a stack overflow") {
    // 100,000 levels: the scanner turns everything below the limit into one
    // token, so the decoder recurses 128 times, not 100,000.
    std::string path = "$";
    for (int i = 0; i < 128; ++i) path += ".parent";
    CHECK(verdict("vocab.Tree", nested_parents(100000)) == path + " depth");
    CHECK(verdict("vocab.Tree", nested_parents(126)).rfind("ok ", 0) == 0);
    std::string deep_list(100000, '[');
    deep_list.append(100000, ']');
    CHECK(verdict("vocab.Tree", R"({"label":"x","nested":)" + deep_list + "}").find(" depth") != std::string::npos);

    // The encoder refuses what nests deeper than a decoder accepts.
    vocab::vocab::Tree tree;
    vocab::vocab::Tree* at = &tree;
    for (int i = 0; i < 200; ++i) {
        at->parent.emplace();
        at = &at->parent->get();
    }
    CHECK_THROWS_AS(vocab::dump(tree), vocab::EncodeError);
}

TEST_CASE("tuples: positions, optional ones, rest items and items: false") {
    CHECK(verdict("vocab.Point", R"(["a",1.5])") == R"(ok ["a",1.5])");
    CHECK(verdict("vocab.Point", R"(["a"])") == R"(ok ["a"])");
    CHECK(verdict("vocab.Point", R"([])") == "$ minItems");
    CHECK(verdict("vocab.Point", R"(["a",1,2])") == "$ items");  // at the array, after the counts
    CHECK(verdict("vocab.Point", R"([1])") == "$[0] type");
    CHECK(verdict("vocab.Point", R"({"a":1})") == "$ type");
    CHECK(verdict("vocab.Row", R"([])") == "ok []");
    CHECK(verdict("vocab.Row", R"([1,"a","b"])") == R"(ok [1,"a","b"])");
    CHECK(verdict("vocab.Row", R"([1,"a",2])") == "$[2] type");
    auto point = vocab::parse<vocab::vocab::Point>(R"(["a"])");
    CHECK(point.item0 == "a");
    CHECK_FALSE(point.item1);
}

TEST_CASE("key patterns: member names must match") {
    CHECK(verdict("vocab.Headers", R"({"x-a":"1","x-b":"2"})") == R"(ok {"x-a":"1","x-b":"2"})");
    CHECK(verdict("vocab.Headers", R"({"x-a":"1","y":"2"})") == R"($.y additionalProperties)");
    CHECK(verdict("vocab.Headers", R"({"x-a":1})") == R"($["x-a"] type)");
    CHECK(verdict("vocab.Headers", R"({"x-a":"1","x-a":"2"})") == R"($["x-a"] duplicate)");
    CHECK(verdict("vocab.Extended", R"({"id":1,"x-n":2})") == R"(ok {"id":1,"x-n":2})");
    CHECK(verdict("vocab.Extended", R"({"id":1,"n":2})") == R"($.n additionalProperties)");
    CHECK(verdict("vocab.Extended", R"({"x-n":"2"})") == R"($["x-n"] type)");
    // Typed by the pattern: tolerant mode keeps no member it does not match.
    CHECK_THROWS_AS(vocab::parse<vocab::vocab::Extended>(R"({"n":2})", vocab::tolerant()), vocab::DecodeError);
}

TEST_CASE("assertions: the first failing keyword, at the start of the value") {
    CHECK(verdict("vocab.Window", R"({"kind":"range","start":1,"end":2})").rfind("ok ", 0) == 0);
    CHECK(verdict("vocab.Window", R"({"kind":"range","start":1})") == "$ then");
    CHECK(verdict("vocab.Window", R"({"kind":"point","end":1})") == "$ dependentRequired");
    CHECK(verdict("vocab.Window", R"({"forbidden":1})") == "$.forbidden not");  // a forbidden member, at it
    CHECK(verdict("vocab.Window", R"({"tags":["a","main"]})").rfind("ok ", 0) == 0);
    CHECK(verdict("vocab.Window", R"({"tags":["a"]})") == "$.tags contains");
    // The type's own error at the same place comes first; one inside the value comes after.
    CHECK(verdict("vocab.Window", R"([1])") == "$ type");
    CHECK(verdict("vocab.Window", R"({"kind":"range","start":"x"})") == "$ then");
    CHECK(verdict("vocab.Window", R"({"kind":"point","start":"x"})") == "$.start type");
    // A text that stops being JSON inside the value is a syntax error first.
    CHECK(verdict("vocab.Window", R"({"forbidden":1,)") == "$ syntax");
}

TEST_CASE("assertions on encode: dump and validate refuse what parse refuses, at the same place") {
    // Each value below is the one the text beside it decodes to; the decoder's
    // verdict on the text is the expectation for dump() and validate().
    auto same = [](const char* type, const std::string& text, const std::string& from_dump,
                   const std::string& from_validate) {
        INFO(type << " " << text);
        std::string expected = verdict(type, text);
        CHECK(expected.rfind("ok ", 0) != 0);
        CHECK(from_dump == expected);
        CHECK(from_validate == expected);
    };
    // On the declaration: if/then, dependentRequired.
    auto range_without_end = window("range", 1, std::nullopt);
    same("vocab.Window", R"({"kind":"range","start":1})", encoded(range_without_end), validated(range_without_end));
    auto end_without_start = window("point", std::nullopt, 1);
    same("vocab.Window", R"({"kind":"point","end":1})", encoded(end_without_start), validated(end_without_start));
    // On a member (contains), at the member.
    vocab::vocab::Window untagged;
    untagged.tags = std::vector<std::string>{"a"};
    same("vocab.Window", R"({"tags":["a"]})", encoded(untagged), validated(untagged));
    CHECK(encoded(untagged) == "$.tags contains");

    // A declaration with an assertion as an array item, at the item.
    vocab::vocab::Schedule schedule;
    schedule.windows = std::vector<vocab::vocab::Window>{window("range", 1, 2), range_without_end};
    same("vocab.Schedule", R"({"windows":[{"kind":"range","start":1,"end":2},{"kind":"range","start":1}]})",
         encoded(schedule), validated(schedule));
    CHECK(encoded(schedule) == "$.windows[1] then");
    // Items that carry the assertion themselves.
    vocab::vocab::Schedule names;
    names.names = std::vector<std::string>{"a", "none"};
    same("vocab.Schedule", R"({"names":["a","none"]})", encoded(names), validated(names));
    CHECK(encoded(names) == "$.names[1] not");
    // A member's null is checked too.
    vocab::vocab::Schedule null_note;
    null_note.note = nullptr;
    same("vocab.Schedule", R"({"note":null})", encoded(null_note), validated(null_note));
    CHECK(encoded(null_note) == "$.note not");

    // Unique items are written once to compare them: an item's error keeps its index.
    vocab::vocab::Slots slots;
    slots.slots = std::vector<vocab::vocab::Window>{window("point", std::nullopt, std::nullopt), range_without_end};
    same("vocab.Slots", R"({"slots":[{"kind":"point"},{"kind":"range","start":1}]})", encoded(slots), validated(slots));
    CHECK(encoded(slots) == "$.slots[1] then");

    // dump_to leaves nothing of a refused value in the buffer.
    std::string buffer = "kept";
    CHECK_THROWS_AS(vocab::dump_to(buffer, schedule), vocab::EncodeError);
    CHECK(buffer == "kept");
}

TEST_CASE("assertions on encode: valid values are written as before") {
    // The text each value decodes from is the text it encodes to.
    const std::string window_text = R"({"kind":"range","start":1,"end":2,"tags":["main"]})";
    auto valid = window("range", 1, 2);
    valid.tags = std::vector<std::string>{"main"};
    CHECK(encoded(valid) == "ok " + window_text);
    CHECK(validated(valid) == "ok");
    CHECK(verdict("vocab.Window", window_text) == "ok " + window_text);

    const std::string schedule_text =
        R"({"windows":[{"kind":"point"},{"kind":"range","start":1,"end":2,"tags":["main"]}],)"
        R"("names":["a","b"],"note":"n","amounts":[2.5,3.5]})";
    vocab::vocab::Schedule schedule;
    schedule.windows = std::vector<vocab::vocab::Window>{window("point", std::nullopt, std::nullopt), valid};
    schedule.names = std::vector<std::string>{"a", "b"};
    schedule.note = std::string("n");
    schedule.amounts = std::vector<vocab::vocab::ScheduleAmountsItem>{{2.5}, {3.5}};
    CHECK(encoded(schedule) == "ok " + schedule_text);
    CHECK(validated(schedule) == "ok");
    CHECK(verdict("vocab.Schedule", schedule_text) == "ok " + schedule_text);
}

TEST_CASE("oneOf on encode: an item after the first is judged as the decoder judges it") {
    // The union's check reads back what it wrote; an item after the first
    // follows a comma, which is not part of its value.
    vocab::vocab::Schedule schedule;
    schedule.amounts = std::vector<vocab::vocab::ScheduleAmountsItem>{{2.5}, {std::int64_t{5}}};
    const std::string text = R"({"amounts":[2.5,5]})";
    CHECK(verdict("vocab.Schedule", text) == "$.amounts[1] oneOf");  // 5 is an integer and a number >= 0
    CHECK(encoded(schedule) == "$.amounts[1] oneOf");
    CHECK(validated(schedule) == "$.amounts[1] oneOf");
}

TEST_CASE("formats: the nine more, asserted on strings") {
    auto ok = [](const std::string& member, const std::string& value) {
        return verdict("vocab.Formats", "{\"" + member + "\":\"" + value + "\"}").rfind("ok ", 0) == 0;
    };
    CHECK(ok("date", "2024-02-29"));
    CHECK_FALSE(ok("date", "2023-02-29"));
    CHECK(ok("time", "23:59:60Z"));
    CHECK_FALSE(ok("time", "22:59:60Z"));
    CHECK(ok("duration", "P1Y2M3DT4H5M6S"));
    CHECK_FALSE(ok("duration", "P1YT"));
    CHECK(ok("email", "first.last@example.com"));
    CHECK_FALSE(ok("email", "first..last@example.com"));
    CHECK(ok("hostname", "a-b.example"));
    CHECK_FALSE(ok("hostname", "-a.example"));
    CHECK(ok("ipv4", "192.168.0.1"));
    CHECK_FALSE(ok("ipv4", "192.168.0.01"));
    CHECK(ok("ipv6", "::ffff:1.2.3.4"));
    CHECK_FALSE(ok("ipv6", "1::2::3"));
    CHECK(ok("uri_reference", "../a?b#c"));
    CHECK_FALSE(ok("uri_reference", "a:b:c d"));
    CHECK(ok("json_pointer", "/a~1b/~0"));
    CHECK_FALSE(ok("json_pointer", "/a~2"));
    CHECK(verdict("vocab.Formats", R"({"date":"2023-02-29"})") == "$.date format");
}
