// The reading half of the validator: strict RFC 8259 reading of single
// tokens, with UTF-8, escapes and lone surrogates checked as they are read,
// so that what is accepted is exactly the payload policy's JSON
// (docs/semantics.md). Every failure here is a `syntax` error at the byte
// where the text stops being JSON. It reads only as far as the decoder
// asks: like the bindings' streaming decoders, the validator stops at the
// first problem, which is therefore the first in document order.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "validate/error.h"
#include "validate/json_text.h"

namespace contractgen::validate {

class Scanner {
public:
    explicit Scanner(std::string_view text) : data_(text) {}

protected:
    // Rejects the value at the current path.
    [[noreturn]] void fail_at(std::size_t at, const char* keyword, std::string detail) const;
    [[noreturn]] void syntax(std::size_t at, const std::string& detail) const;

    void ws();
    // Skips whitespace and returns the first byte of the next value (a
    // syntax error at the end of the input or at a byte that cannot start one).
    char peek();
    // Consumes true, false or null (the first byte already checked).
    void literal(std::string_view word);
    struct NumberText {
        std::string_view text;
        bool integer = false;  // no fraction, no exponent
    };
    NumberText scan_number();
    // A number literal as a double; beyond the double range: a `range` error.
    double finite(std::size_t start, std::string_view literal) const;
    // Consumes a string at its opening quote; returns its decoded text (a view
    // of the input, or of `buf` when it had escapes).
    std::string_view read_string(std::string& buf);
    // Consumes one value, checking only that it is JSON (no depth limit, no
    // duplicate check); no recursion, so any nesting is skipped in constant stack.
    void skip_value();
    void skip_key();
    void colon();
    // The members or items of the container at the current position, without consuming it.
    std::size_t count_entries();

    static const char* kind_name(char c);

    std::string_view data_;
    std::size_t pos_ = 0;
    std::vector<PathStep> path_;

private:
    std::string_view read_escaped(std::size_t start, std::size_t i, std::string& buf);
    unsigned hex4(std::size_t at) const;
    std::string skip_buf_;
    std::string stack_;
};

}  // namespace contractgen::validate
