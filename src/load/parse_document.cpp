// JSON parsing for schema files on top of nlohmann's SAX interface. nlohmann
// does the lexing and validation (including UTF-8); this handler builds the
// value itself so that it can see what a DOM parse hides: duplicate keys
// (nlohmann keeps the last one silently), nesting depth, and where each
// member starts in the text (tracked by re-walking the token stream, which
// nlohmann has already validated, in step with the SAX events).
#include <algorithm>
#include <functional>
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
            else
                break;
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

// Builds the value and records where each value and each key starts.
//
// A container's members are collected in a pending list (per nesting depth,
// reused) and moved into the container once it closes, with its exact size
// reserved (speed: bench/README.md, "Pending members"). Once a container
// is built its elements never move again (moving a json moves a pointer to
// them), so their addresses and offsets are recorded then.
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
        std::size_t start = cursor_.next_token_start();
        cursor_.skip_string();
        insert(json(std::move(v)), start);
        return true;
    }

    bool start_object(std::size_t) override { return open(true); }
    bool start_array(std::size_t) override { return open(false); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& k) override {
        std::size_t start = cursor_.next_token_start();
        cursor_.skip_string();
        Frame& f = frames_.back();
        if (const Member* first = find_member(f, k)) {
            Position p = doc_.position_at(start);
            Position at = doc_.position_at(first->key_offset);
            sink_.error(doc_.display_path, p.line, p.column,
                        "duplicate key '" + printable(k) + "' (first at line " + std::to_string(at.line) + ", column " +
                            std::to_string(at.column) +
                            "); JSON parsers keep only one of them, so the schema would be ambiguous");
            return false;
        }
        f.pending_key = std::move(k);
        f.pending_key_offset = start;
        return true;
    }

    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) override {
        std::string message = ex.what();
        // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..." → the tail;
        // "[json.exception.out_of_range.406] number overflow parsing '1e400'" → without the id.
        if (message.rfind("[json.exception.", 0) == 0 && message.find("] ") != std::string::npos)
            message.erase(0, message.find("] ") + 2);
        if (message.rfind("parse error", 0) == 0 && message.find(": ") != std::string::npos)
            message.erase(0, message.find(": ") + 2);
        if (message.find("ill-formed UTF-8") != std::string::npos || message.find("invalid UTF-8") != std::string::npos)
            message = "invalid UTF-8 byte sequence; schema files must be UTF-8";
        else
            message = "malformed JSON: " + printable(message);
        // nlohmann reports the offset just past the offending character; a
        // number too large for a double is a whole token, lexically valid, so
        // the cursor (before it) gives where it starts.
        const std::size_t at = ex.id == 406 ? cursor_.next_token_start() : (position > 0 ? position - 1 : 0);
        Position p = doc_.position_at(at);
        sink_.error(doc_.display_path, p.line, p.column, message);
        return false;
    }

private:
    struct Member {
        std::string key;
        json value;
        std::size_t key_offset;
        std::size_t value_offset;
    };
    struct Item {
        json value;
        std::size_t offset;
    };
    // An open container. Its elements wait in members_[depth] or items_[depth].
    struct Frame {
        bool is_object;
        std::size_t offset;  // where the container starts
        std::string pending_key;
        std::size_t pending_key_offset = 0;
        // Key → index in the pending members, only for objects with many members.
        std::unordered_map<std::string, std::size_t> index;
    };
    static constexpr std::size_t kIndexFrom = 16;

    std::size_t depth() const { return frames_.size() - 1; }

    // The member of the innermost object named `key` so far, or nullptr.
    const Member* find_member(Frame& f, const std::string& key) {
        const std::vector<Member>& members = members_[depth()];
        if (members.size() < kIndexFrom) {
            for (const Member& m : members)
                if (m.key == key) return &m;
            return nullptr;
        }
        if (f.index.empty())
            for (std::size_t i = 0; i < members.size(); ++i) f.index.emplace(members[i].key, i);
        auto it = f.index.find(key);
        return it == f.index.end() ? nullptr : &members[it->second];
    }

    bool scalar_value(json v) {
        std::size_t start = cursor_.next_token_start();
        cursor_.skip_scalar();
        insert(std::move(v), start);
        return true;
    }

    // Adds a finished value (starting at `offset`) to the innermost container.
    void insert(json v, std::size_t offset) {
        if (frames_.empty()) {
            doc_.root = std::move(v);
            doc_.root_offset = offset;
            return;
        }
        Frame& f = frames_.back();
        if (!f.is_object) {
            items_[depth()].push_back(Item{std::move(v), offset});
            return;
        }
        if (!f.index.empty()) f.index.emplace(f.pending_key, members_[depth()].size());
        members_[depth()].push_back(Member{std::move(f.pending_key), std::move(v), f.pending_key_offset, offset});
    }

    bool open(bool is_object) {
        std::size_t start = cursor_.next_token_start();
        cursor_.skip_punct();
        if (static_cast<int>(frames_.size()) >= kMaxJsonDepth) {
            Position p = doc_.position_at(start);
            sink_.error(doc_.display_path, p.line, p.column,
                        "nesting deeper than " + std::to_string(kMaxJsonDepth) +
                            " levels; flatten the schema with $defs and $ref");
            return false;
        }
        frames_.push_back(Frame{is_object, start, {}, 0, {}});
        if (members_.size() < frames_.size()) {
            members_.resize(frames_.size());
            items_.resize(frames_.size());
        }
        return true;
    }

    bool close() {
        cursor_.skip_punct();
        json value = frames_.back().is_object ? build_object() : build_array();
        std::size_t offset = frames_.back().offset;
        frames_.pop_back();
        insert(std::move(value), offset);
        return true;
    }

    json build_object() {
        std::vector<Member>& pending = members_[depth()];
        json value(json::value_t::object);
        // Keys are already known to be unique: appended without a search.
        auto& members = static_cast<std::vector<std::pair<const std::string, json>>&>(value.get_ref<json::object_t&>());
        members.reserve(pending.size());
        for (Member& m : pending) {
            members.emplace_back(std::move(m.key), std::move(m.value));
            doc_.offsets.push_back({&members.back().second, m.value_offset, m.key_offset});
        }
        pending.clear();  // keeps its capacity for the next object at this depth
        return value;
    }

    json build_array() {
        std::vector<Item>& pending = items_[depth()];
        json value(json::value_t::array);
        auto& items = value.get_ref<json::array_t&>();
        items.reserve(pending.size());
        for (Item& i : pending) {
            items.push_back(std::move(i.value));
            doc_.offsets.push_back({&items.back(), i.offset, Document::kNoKey});
        }
        pending.clear();
        return value;
    }

    TokenCursor cursor_;
    Document& doc_;
    diag::Sink& sink_;
    std::vector<Frame> frames_;
    std::vector<std::vector<Member>> members_;  // by depth
    std::vector<std::vector<Item>> items_;      // by depth
};

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
        else if (c == 0xE0)
            n = 2, lo = 0xA0;
        else if (c == 0xED)
            n = 2, hi = 0x9F;
        else if (c >= 0xE1 && c <= 0xEF)
            n = 2;
        else if (c == 0xF0)
            n = 3, lo = 0x90;
        else if (c == 0xF4)
            n = 3, hi = 0x8F;
        else if (c >= 0xF1 && c <= 0xF3)
            n = 3;
        else
            return i;
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
    out.offsets.clear();
    Handler handler(out.text, out, sink);
    bool ok = json::sax_parse(out.text.begin(), out.text.end(), &handler, nlohmann::detail::input_format_t::json, true,
                              false);
    std::sort(out.offsets.begin(), out.offsets.end(),
              [](const Document::NodeOffsets& a, const Document::NodeOffsets& b) {
                  return std::less<const json*>()(a.node, b.node);
              });
    return ok;
}

}  // namespace contractgen::load
