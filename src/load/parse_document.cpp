// JSON parsing for schema files on top of nlohmann's SAX interface. nlohmann
// does the lexing and validation (including UTF-8); this handler builds the
// value itself so that it can see what a DOM parse hides: duplicate keys
// (nlohmann keeps the last one silently), nesting depth, and where each
// member starts in the text (tracked by re-walking the token stream, which
// nlohmann has already validated, in step with the SAX events).
#include <string>
#include <unordered_set>
#include <vector>

#include "load/document.h"

namespace contractgen::load {

namespace {

// Byte offset → line and column (column counted in code points).
class LineIndex {
public:
    explicit LineIndex(std::string_view text) : text_(text) {
        starts_.push_back(0);
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n') starts_.push_back(i + 1);
    }
    Position at(std::size_t offset) const {
        if (offset > text_.size()) offset = text_.size();
        auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
        std::size_t line = static_cast<std::size_t>(it - starts_.begin());
        std::size_t start = starts_[line - 1];
        int column = 1;
        for (std::size_t i = start; i < offset; ++i)
            if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++column;
        return {static_cast<int>(line), column};
    }

private:
    std::string_view text_;
    std::vector<std::size_t> starts_;
};

// Follows the token stream that nlohmann has just accepted, to learn where
// each token starts. Only ever called for tokens nlohmann validated.
class TokenCursor {
public:
    explicit TokenCursor(std::string_view text) : text_(text) {
        if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;  // nlohmann skips a BOM too
    }
    // Skips separators, returns the offset where the next token starts.
    std::size_t next_token_start() {
        while (pos_ < text_.size()) {
            char c = text_[pos_];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ':') ++pos_;
            else break;
        }
        return pos_;
    }
    void skip_punct() { next_token_start(); ++pos_; }
    void skip_string() {
        next_token_start();
        ++pos_;  // opening quote
        while (pos_ < text_.size() && text_[pos_] != '"') pos_ += (text_[pos_] == '\\') ? 2 : 1;
        ++pos_;  // closing quote
    }
    void skip_scalar() {  // numbers, true, false, null
        next_token_start();
        while (pos_ < text_.size()) {
            char c = text_[pos_];
            if (c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r') break;
            ++pos_;
        }
    }

private:
    std::string_view text_;
    std::size_t pos_ = 0;
};

// Drops bytes that would garble a terminal from nlohmann's error text.
std::string printable(const std::string& s) {
    std::string out;
    static const char* hex = "0123456789ABCDEF";
    for (unsigned char c : s) {
        if (c >= 0x20 && c < 0x7F) {
            out += static_cast<char>(c);
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

class Handler : public nlohmann::json_sax<json> {
public:
    Handler(std::string_view text, Document& doc, diag::Sink& sink)
        : lines_(text), cursor_(text), doc_(doc), sink_(sink) {}

    bool null() override { return scalar_value(json(nullptr)); }
    bool boolean(bool v) override { return scalar_value(json(v)); }
    bool number_integer(number_integer_t v) override { return scalar_value(json(v)); }
    bool number_unsigned(number_unsigned_t v) override { return scalar_value(json(v)); }
    bool number_float(number_float_t v, const string_t&) override { return scalar_value(json(v)); }
    bool binary(binary_t&) override { return true; }  // never produced by the JSON lexer
    bool string(string_t& v) override {
        record_value(cursor_.next_token_start());
        cursor_.skip_string();
        return put(json(std::move(v)));
    }

    bool start_object(std::size_t) override { return open(json::object()); }
    bool start_array(std::size_t) override { return open(json::array()); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& k) override {
        std::size_t start = cursor_.next_token_start();
        cursor_.skip_string();
        Frame& f = frames_.back();
        std::string member_pointer = pointer_append(f.pointer, k);
        if (!f.keys.insert(k).second) {
            Position p = lines_.at(start);
            Position first = doc_.key_positions[member_pointer];
            sink_.error(doc_.display_path, p.line, p.column,
                        "duplicate key '" + printable(k) + "' (first at line " + std::to_string(first.line) +
                            "); JSON parsers keep only one of them, so the schema would be ambiguous");
            return false;
        }
        doc_.key_positions[member_pointer] = lines_.at(start);
        f.pending_key = std::move(k);
        return true;
    }

    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) override {
        std::string what = ex.what();
        // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..." → the tail.
        auto colon = what.find(": ");
        std::string message = colon == std::string::npos ? what : what.substr(colon + 2);
        if (message.find("ill-formed UTF-8") != std::string::npos || message.find("invalid UTF-8") != std::string::npos)
            message = "invalid UTF-8 byte sequence; schema files must be UTF-8";
        else
            message = "malformed JSON: " + printable(message);
        // nlohmann reports the offset just past the offending character.
        Position p = lines_.at(position > 0 ? position - 1 : 0);
        sink_.error(doc_.display_path, p.line, p.column, message);
        return false;
    }

private:
    struct Frame {
        json* container;
        std::string pointer;
        std::size_t next_index = 0;
        std::string pending_key;
        std::unordered_set<std::string> keys;
    };

    std::string child_pointer() {
        if (frames_.empty()) return "";
        Frame& f = frames_.back();
        if (f.container->is_array()) return pointer_append(f.pointer, f.next_index);
        return pointer_append(f.pointer, f.pending_key);
    }

    void record_value(std::size_t start) { doc_.value_positions[child_pointer()] = lines_.at(start); }

    bool scalar_value(json v) {
        record_value(cursor_.next_token_start());
        cursor_.skip_scalar();
        return put(std::move(v));
    }

    // Inserts a value into the innermost container; returns where it landed.
    json* insert(json v) {
        if (frames_.empty()) {
            doc_.root = std::move(v);
            return &doc_.root;
        }
        Frame& f = frames_.back();
        if (f.container->is_array()) {
            ++f.next_index;
            f.container->push_back(std::move(v));
            return &f.container->back();
        }
        auto& slot = (*f.container)[f.pending_key];
        slot = std::move(v);
        return &slot;
    }
    bool put(json v) {
        insert(std::move(v));
        return true;
    }

    bool open(json empty) {
        std::size_t start = cursor_.next_token_start();
        std::string pointer = child_pointer();
        doc_.value_positions[pointer] = lines_.at(start);
        cursor_.skip_punct();
        if (static_cast<int>(frames_.size()) >= kMaxJsonDepth) {
            Position p = lines_.at(start);
            sink_.error(doc_.display_path, p.line, p.column,
                        "nesting deeper than " + std::to_string(kMaxJsonDepth) +
                            " levels; flatten the schema with $defs and $ref");
            return false;
        }
        json* slot = insert(std::move(empty));
        frames_.push_back(Frame{slot, std::move(pointer), 0, {}, {}});
        return true;
    }
    bool close() {
        cursor_.skip_punct();
        frames_.pop_back();
        return true;
    }

    LineIndex lines_;
    TokenCursor cursor_;
    Document& doc_;
    diag::Sink& sink_;
    std::vector<Frame> frames_;
};

}  // namespace

bool parse_document(std::string_view text, Document& out, diag::Sink& sink) {
    Handler handler(text, out, sink);
    bool ok = json::sax_parse(text.begin(), text.end(), &handler, nlohmann::detail::input_format_t::json, true, false);
    return ok;
}

}  // namespace contractgen::load
