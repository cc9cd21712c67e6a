// JSON parsing for schema files on top of nlohmann's SAX interface. nlohmann
// does the lexing and validation (including UTF-8); this handler builds the
// value itself so that it can see what a DOM parse hides: duplicate keys
// (nlohmann keeps the last one silently), nesting depth, and where each
// member starts in the text (tracked by re-walking the token stream, which
// nlohmann has already validated, in step with the SAX events).
#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "load/document.h"

namespace contractgen::load {

namespace {

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
    void skip_punct() {
        next_token_start();
        ++pos_;
    }
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

// Builds the value and records, in document order, where each value and
// each key starts. Node addresses are only stable once parsing is done, so
// offsets are attached to nodes afterwards (attach_offsets).
class Handler : public nlohmann::json_sax<json> {
public:
    Handler(std::string_view text, Document& doc, diag::Sink& sink) : cursor_(text), doc_(doc), sink_(sink) {}

    bool null() override { return scalar_value(json(nullptr)); }
    bool boolean(bool v) override { return scalar_value(json(v)); }
    bool number_integer(number_integer_t v) override { return scalar_value(json(v)); }
    bool number_unsigned(number_unsigned_t v) override { return scalar_value(json(v)); }
    bool number_float(number_float_t v, const string_t&) override { return scalar_value(json(v)); }
    bool binary(binary_t&) override { return true; }  // never produced by the JSON lexer
    bool string(string_t& v) override {
        value_offsets.push_back(cursor_.next_token_start());
        cursor_.skip_string();
        insert(json(std::move(v)));
        return true;
    }

    bool start_object(std::size_t) override { return open(json::object()); }
    bool start_array(std::size_t) override { return open(json::array()); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& k) override {
        std::size_t start = cursor_.next_token_start();
        cursor_.skip_string();
        Frame& f = frames_.back();
        auto [it, inserted] = f.keys.emplace(k, start);
        if (!inserted) {
            Position p = doc_.position_at(start);
            Position first = doc_.position_at(it->second);
            sink_.error(doc_.display_path, p.line, p.column,
                        "duplicate key '" + printable(k) + "' (first at line " + std::to_string(first.line) +
                            ", column " + std::to_string(first.column) +
                            "); JSON parsers keep only one of them, so the schema would be ambiguous");
            return false;
        }
        key_offsets.push_back(start);
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
        Position p = doc_.position_at(position > 0 ? position - 1 : 0);
        sink_.error(doc_.display_path, p.line, p.column, message);
        return false;
    }

    std::vector<std::size_t> value_offsets;  // document order
    std::vector<std::size_t> key_offsets;    // document order

private:
    struct Frame {
        json* container;
        std::string pending_key;
        std::unordered_map<std::string, std::size_t> keys;  // key → offset, for duplicate reports
    };

    bool scalar_value(json v) {
        value_offsets.push_back(cursor_.next_token_start());
        cursor_.skip_scalar();
        insert(std::move(v));
        return true;
    }

    // Appends a value to the innermost container; returns where it landed.
    json* insert(json v) {
        if (frames_.empty()) {
            doc_.root = std::move(v);
            return &doc_.root;
        }
        Frame& f = frames_.back();
        if (f.container->is_array()) {
            f.container->push_back(std::move(v));
            return &f.container->back();
        }
        // Keys are already known to be unique: append without ordered_map's linear search.
        auto& members = static_cast<std::vector<std::pair<const std::string, json>>&>(f.container->get_ref<json::object_t&>());
        members.emplace_back(std::move(f.pending_key), std::move(v));
        return &members.back().second;
    }

    bool open(json empty) {
        std::size_t start = cursor_.next_token_start();
        cursor_.skip_punct();
        if (static_cast<int>(frames_.size()) >= kMaxJsonDepth) {
            Position p = doc_.position_at(start);
            sink_.error(doc_.display_path, p.line, p.column,
                        "nesting deeper than " + std::to_string(kMaxJsonDepth) +
                            " levels; flatten the schema with $defs and $ref");
            return false;
        }
        value_offsets.push_back(start);
        json* slot = insert(std::move(empty));
        frames_.push_back(Frame{slot, {}, {}});
        return true;
    }
    bool close() {
        cursor_.skip_punct();
        frames_.pop_back();
        return true;
    }

    TokenCursor cursor_;
    Document& doc_;
    diag::Sink& sink_;
    std::vector<Frame> frames_;
};

// Walks the finished value in document order (the order SAX reported it)
// and gives each node its recorded offsets.
void attach_offsets(Document& doc, const std::vector<std::size_t>& values, const std::vector<std::size_t>& keys) {
    std::size_t next_value = 0, next_key = 0;
    doc.root_offset = values.empty() ? 0 : values[0];
    ++next_value;
    struct Item {
        const json* node;
        std::size_t index;
    };
    std::vector<Item> stack;
    if (doc.root.is_structured()) stack.push_back({&doc.root, 0});
    while (!stack.empty()) {
        Item& top = stack.back();
        if (top.index >= top.node->size()) {
            stack.pop_back();
            continue;
        }
        const json* child;
        if (top.node->is_object()) {
            const auto& members =
                static_cast<const std::vector<std::pair<const std::string, json>>&>(top.node->get_ref<const json::object_t&>());
            child = &members[top.index].second;
            doc.key_offsets[child] = keys[next_key++];
        } else {
            child = &(*top.node)[top.index];
        }
        ++top.index;
        doc.value_offsets[child] = values[next_value++];
        if (child->is_structured()) stack.push_back({child, 0});
    }
}

// Offset of the first byte that does not begin a well-formed UTF-8 sequence
// (Unicode table 3-7: no overlong forms, no surrogates, nothing above
// U+10FFFF), or npos. Checked before parsing so that a bad byte gets the same
// diagnostic inside and outside strings, at the first byte of its sequence.
std::size_t first_invalid_utf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t n = 0;                  // continuation bytes
        unsigned char lo = 0x80, hi = 0xBF;  // range of the first continuation byte
        if (c >= 0xC2 && c <= 0xDF) n = 1;
        else if (c == 0xE0) n = 2, lo = 0xA0;
        else if (c == 0xED) n = 2, hi = 0x9F;
        else if (c >= 0xE1 && c <= 0xEF) n = 2;
        else if (c == 0xF0) n = 3, lo = 0x90;
        else if (c == 0xF4) n = 3, hi = 0x8F;
        else if (c >= 0xF1 && c <= 0xF3) n = 3;
        else return i;
        if (i + n >= s.size()) return i;
        for (std::size_t k = 1; k <= n; ++k) {
            auto b = static_cast<unsigned char>(s[i + k]);
            if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return i;
        }
        i += n + 1;
    }
    return std::string_view::npos;
}

}  // namespace

bool parse_document(std::string_view text, Document& out, diag::Sink& sink) {
    out.text.assign(text.begin(), text.end());
    out.line_starts.assign(1, 0);
    for (std::size_t i = 0; i < out.text.size(); ++i)
        if (out.text[i] == '\n') out.line_starts.push_back(i + 1);
    if (std::size_t bad = first_invalid_utf8(out.text); bad != std::string_view::npos) {
        Position p = out.position_at(bad);
        sink.error(out.display_path, p.line, p.column, "invalid UTF-8 byte sequence; schema files must be UTF-8");
        return false;
    }
    Handler handler(out.text, out, sink);
    bool ok = json::sax_parse(out.text.begin(), out.text.end(), &handler, nlohmann::detail::input_format_t::json, true,
                              false);
    if (ok) attach_offsets(out, handler.value_offsets, handler.key_offsets);
    return ok;
}

}  // namespace contractgen::load
