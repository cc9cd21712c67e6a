// Rules of the C++ runtime that docs/semantics.md fixes for every binding.
#include <catch2/catch.hpp>

#include "contract/rt/codec.hpp"

namespace rt = contract::rt;

TEST_CASE("multipleOf: exact for integers, tolerant for decimals") {
    CHECK(rt::is_multiple(3000000000000.0, 1e12));
    CHECK_FALSE(rt::is_multiple(1000000000001.0, 1e12));  // a relative tolerance would accept this
    CHECK(rt::is_multiple(0.0075, 0.0001));
    CHECK_FALSE(rt::is_multiple(0.00751, 0.0001));
    CHECK_FALSE(rt::is_multiple(1e308, 1e-308));  // the quotient overflows

    // Beyond 2^53 a double rounds: 2^53 + 1 (a multiple of 3) becomes 2^53 (not one),
    // 2^53 + 3 (not a multiple) becomes 2^53 + 4 (a multiple). Integers are checked in 64 bits.
    auto read = [](const char* text) {
        rt::Tape tape;
        rt::parse_tape(text, tape, 128);
        contract::Options options;
        rt::Cursor c(tape, options);
        std::int64_t v = 0;
        rt::read(c, v, rt::NumberRule().multiple_of(3).int64());
        return v;
    };
    CHECK(read("9007199254740993") == 9007199254740993);
    CHECK_THROWS_WITH(read("9007199254740995"), "$: multipleOf: 9007199254740995 is not a multiple of 3");
    // The encoder checks the same way.
    std::string out;
    rt::Writer w(out);
    CHECK_THROWS_WITH(rt::write(w, std::int64_t{9007199254740995}, rt::NumberRule().multiple_of(3).int64()),
                      "$: multipleOf: 9007199254740995 is not a multiple of 3");
}

TEST_CASE("formats follow RFC 3339, RFC 4122 and RFC 3986") {
    CHECK(rt::is_date_time("2026-02-20T10:15:30.123456+00:00"));
    CHECK(rt::is_date_time("1998-12-31T23:59:60Z"));         // a leap second
    CHECK(rt::is_date_time("1998-12-31t15:59:60.123-08:00"));  // lower-case t, leap second in UTC
    CHECK_FALSE(rt::is_date_time("1998-12-31T23:58:60Z"));
    CHECK_FALSE(rt::is_date_time("2026-02-29T00:00:00Z"));  // not a leap year
    CHECK_FALSE(rt::is_date_time("2026-02-20T10:15:30"));    // no offset
    CHECK(rt::is_uuid("987fcdeb-51a2-11e1-fad2-0242ac130003"));
    CHECK_FALSE(rt::is_uuid("987fcdeb51a211e1fad20242ac130003"));
    CHECK(rt::is_uri("https://example.com/a?b=c#d"));
    CHECK(rt::is_uri("urn:node:123"));
    CHECK_FALSE(rt::is_uri("//example.com/no-scheme"));
    CHECK_FALSE(rt::is_uri("https://exa mple.com"));
}

TEST_CASE("the formats of the whole vocabulary, edge cases checked by hand against their RFCs") {
    CHECK(rt::is_date("2000-02-29"));        // divisible by 400: a leap year
    CHECK_FALSE(rt::is_date("1900-02-29"));  // divisible by 100 only: not one
    CHECK_FALSE(rt::is_date("2020-1-01"));   // exactly 4-2-2 digits
    CHECK(rt::is_time("15:59:60.5-08:00"));  // 23:59:60 in UTC
    CHECK_FALSE(rt::is_time("12:00:00"));    // an offset is required
    CHECK(rt::is_duration("P4W"));
    CHECK(rt::is_duration("PT0S"));
    CHECK(rt::is_duration("P1M1D"));
    CHECK_FALSE(rt::is_duration("P1W1D"));  // weeks stand alone
    CHECK_FALSE(rt::is_duration("P1D1M"));  // units in order only
    CHECK_FALSE(rt::is_duration("PT1H1S"));  // minutes cannot be skipped between hours and seconds
    CHECK_FALSE(rt::is_duration("P"));
    CHECK(rt::is_email("\"joe bloggs\"@example.com"));
    CHECK(rt::is_email("joe@[IPv6:::1]"));
    CHECK(rt::is_email("joe@[127.0.0.1]"));
    CHECK_FALSE(rt::is_email(".joe@example.com"));
    CHECK_FALSE(rt::is_email("joe@-example.com"));
    CHECK(rt::is_hostname(std::string(63, 'a') + ".com"));
    CHECK_FALSE(rt::is_hostname(std::string(64, 'a') + ".com"));
    CHECK_FALSE(rt::is_hostname("example.com."));  // no trailing dot
    CHECK(rt::is_ipv6("1:2:3:4:5:6:7:8"));
    CHECK(rt::is_ipv6("::"));
    CHECK_FALSE(rt::is_ipv6("1:2:3:4:5:6:7:8:9"));
    CHECK_FALSE(rt::is_ipv6("::1%eth0"));  // no zone
    CHECK_FALSE(rt::is_ipv6("v1.x"));      // an IPvFuture is not an IPv6 address
    CHECK(rt::is_uri_reference("//example.com/a"));
    CHECK(rt::is_uri_reference("#frag"));
    CHECK(rt::is_uri_reference(""));
    CHECK(rt::is_uri_reference("a/b:c"));      // a colon after the first segment
    CHECK_FALSE(rt::is_uri_reference("a:b\\c"));  // a scheme, then a character no URI has
    CHECK_FALSE(rt::is_uri_reference("\\\\WINDOWS\\share"));
    CHECK(rt::is_json_pointer(""));
    CHECK(rt::is_json_pointer("/"));
    CHECK_FALSE(rt::is_json_pointer("a/b"));
    CHECK_FALSE(rt::is_json_pointer("/~"));
}

TEST_CASE("rules are built with named factories") {
    constexpr auto rule = rt::StringRule().min_length(1).max_length(3).uuid();
    static_assert(rule.shortest == 1 && rule.longest == 3 && rule.format == rt::Format::Uuid,
                  "each factory sets one bound");
    constexpr auto bounds = rt::NumberRule().minimum(0).exclusive_maximum(1);
    static_assert(bounds.at_least.set && bounds.at_least.value == 0 && bounds.below.set && !bounds.at_most.set, "");
    constexpr auto items = rt::ArrayRule().min_items(1).unique_items().items(rt::StringRule().min_length(2));
    static_assert(items.fewest == 1 && items.unique && items.item.shortest == 2, "");
    CHECK(rt::problem("", rule).detail == "expected a UUID, got \"\"");  // format first, then the lengths
    CHECK(std::string(rt::problem("", rule).keyword) == "format");
    CHECK(std::string(rt::problem("x", rt::StringRule().min_length(2)).keyword) == "minLength");
    CHECK_FALSE(rt::problem(0.5, bounds));
    CHECK(rt::problem(1.0, bounds).detail == "1 is not less than the exclusive maximum 1");
    CHECK(std::string(rt::problem(1.0, bounds).keyword) == "exclusiveMaximum");
}
