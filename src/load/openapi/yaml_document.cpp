// YAML → Document on libyaml's event parser. The value is built the way
// parse_document builds JSON: a container's members are collected first and
// moved into it once it closes, after which their addresses never change, so
// each member's offsets are recorded then.
#include "load/openapi/yaml_document.h"

#include <yaml.h>

#include <cstdlib>
#include <map>
#include <regex>
#include <vector>

namespace contractgen::load::openapi {

bool is_yaml_name(const std::string& name) {
    auto ends = [&](std::string_view s) {
        return name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0;
    };
    return ends(".yaml") || ends(".yml");
}

namespace {

// Aliases copy their anchor's value; this bounds what a document of a few
// lines can expand to ("billion laughs").
constexpr std::size_t kMaxAliasNodes = 100000;

constexpr std::string_view kTagPrefix = "tag:yaml.org,2002:";

std::size_t count_nodes(const json& v) {
    std::size_t n = 1;
    if (v.is_structured())
        for (const auto& e : v) n += count_nodes(e);
    return n;
}

// One parser event, released when it goes out of scope.
struct Event {
    yaml_event_t e{};
    bool held = false;
    ~Event() { release(); }
    void release() {
        if (held) yaml_event_delete(&e);
        held = false;
    }
    std::string_view anchor() const {
        const yaml_char_t* a = e.type == YAML_SCALAR_EVENT           ? e.data.scalar.anchor
                               : e.type == YAML_MAPPING_START_EVENT  ? e.data.mapping_start.anchor
                               : e.type == YAML_SEQUENCE_START_EVENT ? e.data.sequence_start.anchor
                                                                     : nullptr;
        return a ? std::string_view(reinterpret_cast<const char*>(a)) : std::string_view();
    }
};

class Reader {
public:
    Reader(std::string_view text, Document& doc, diag::Sink& sink) : doc_(doc), sink_(sink) {
        yaml_parser_initialize(&parser_);
        yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(text.data()), text.size());
    }
    ~Reader() { yaml_parser_delete(&parser_); }
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    bool read() {
        Event ev;
        if (!next(ev) || ev.e.type != YAML_STREAM_START_EVENT) return false;
        if (!next(ev)) return false;
        if (ev.e.type == YAML_STREAM_END_EVENT) {  // an empty file
            doc_.root = nullptr;
            return true;
        }
        if (!next(ev)) return false;  // past DOCUMENT-START
        std::size_t root_offset = offset_of(ev.e.start_mark);
        if (!node(ev, doc_.root, 0)) return false;
        doc_.root_offset = root_offset;
        if (!next(ev)) return false;  // DOCUMENT-END
        if (!next(ev)) return false;
        if (ev.e.type == YAML_DOCUMENT_START_EVENT)
            return fail(ev.e.start_mark,
                        "a second YAML document ('---') in one file; an OpenAPI document is one YAML document");
        return true;
    }

private:
    bool next(Event& ev) {
        ev.release();
        if (!yaml_parser_parse(&parser_, &ev.e)) {
            std::string message = "malformed YAML: ";
            message += parser_.problem ? parser_.problem : "unreadable";
            if (parser_.context) message += std::string(" (") + parser_.context + ")";
            return fail(parser_.problem_mark, message);
        }
        ev.held = true;
        return true;
    }

    bool fail(const yaml_mark_t& mark, const std::string& message) {
        Position p = doc_.position_at(offset_of(mark));
        sink_.error(doc_.display_path, p.line, p.column, message);
        return false;
    }

    // libyaml counts lines from 0 and columns in characters.
    std::size_t offset_of(const yaml_mark_t& mark) const {
        if (mark.line >= doc_.line_starts.size()) return doc_.text.size();
        std::size_t at = doc_.line_starts[mark.line];
        if (at == 0 && doc_.text.compare(0, 3, "\xEF\xBB\xBF") == 0) at = 3;
        for (std::size_t column = 0; column < mark.column && at < doc_.text.size();) {
            ++at;
            if (at >= doc_.text.size() || (static_cast<unsigned char>(doc_.text[at]) & 0xC0) != 0x80) ++column;
        }
        return at;
    }

    // Reads the node that `ev` starts into `out`.
    bool node(Event& ev, json& out, int depth) {
        std::string anchor(ev.anchor());
        bool ok = false;
        switch (ev.e.type) {
            case YAML_SCALAR_EVENT: ok = scalar(ev, out); break;
            case YAML_ALIAS_EVENT: ok = alias(ev, out); break;
            case YAML_MAPPING_START_EVENT:
            case YAML_SEQUENCE_START_EVENT: {
                const bool mapping = ev.e.type == YAML_MAPPING_START_EVENT;
                const yaml_char_t* tag = mapping ? ev.e.data.mapping_start.tag : ev.e.data.sequence_start.tag;
                if (tag && std::string_view(reinterpret_cast<const char*>(tag)) !=
                               std::string(kTagPrefix) + (mapping ? "map" : "seq"))
                    return fail(ev.e.start_mark, "unsupported YAML tag '" +
                                                     diag::printable(reinterpret_cast<const char*>(tag)) +
                                                     "'; OpenAPI documents are plain JSON values");
                if (depth >= kMaxJsonDepth)
                    return fail(ev.e.start_mark, "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels");
                ok = mapping ? mapping_node(ev, out, depth) : sequence_node(ev, out, depth);
                break;
            }
            default: return fail(ev.e.start_mark, "malformed YAML: unexpected event");
        }
        if (ok && !anchor.empty()) anchors_[anchor] = out;
        return ok;
    }

    bool alias(Event& ev, json& out) {
        std::string name(reinterpret_cast<const char*>(ev.e.data.alias.anchor));
        auto it = anchors_.find(name);
        if (it == anchors_.end())
            return fail(ev.e.start_mark, "alias '*" + diag::printable(name) + "' names no anchor completed before it");
        copied_ += count_nodes(it->second);
        if (copied_ > kMaxAliasNodes)
            return fail(ev.e.start_mark, "aliases expand to more than " + std::to_string(kMaxAliasNodes) +
                                             " values; write the document out");
        out = it->second;
        return true;
    }

    bool scalar(Event& ev, json& out) {
        const auto& s = ev.e.data.scalar;
        std::string text(reinterpret_cast<const char*>(s.value), s.length);
        std::string tag = s.tag ? reinterpret_cast<const char*>(s.tag) : "";
        if (tag == std::string(kTagPrefix) + "str" || (tag.empty() && s.style != YAML_PLAIN_SCALAR_STYLE) ||
            tag == "!") {
            out = std::move(text);
            return true;
        }
        static const std::vector<std::string> typed = {"null", "bool", "int", "float"};
        if (!tag.empty() && (tag.rfind(kTagPrefix, 0) != 0 ||
                             std::find(typed.begin(), typed.end(), tag.substr(kTagPrefix.size())) == typed.end()))
            return fail(ev.e.start_mark,
                        "unsupported YAML tag '" + diag::printable(tag) + "'; OpenAPI documents are plain JSON values");
        std::string why;
        if (!plain_value(text, out, why)) return fail(ev.e.start_mark, why);
        if (!tag.empty()) {
            std::string want = tag.substr(kTagPrefix.size());
            bool fits = (want == "null" && out.is_null()) || (want == "bool" && out.is_boolean()) ||
                        (want == "int" && out.is_number_integer()) || (want == "float" && out.is_number());
            if (!fits) return fail(ev.e.start_mark, "'" + diag::printable(text) + "' is not a !!" + want);
        }
        return true;
    }

    // YAML 1.2 core schema.
    static bool plain_value(const std::string& text, json& out, std::string& why) {
        static const std::regex null_re("|~|null|Null|NULL");
        static const std::regex true_re("true|True|TRUE"), false_re("false|False|FALSE");
        static const std::regex int_re("([-+]?)0*([0-9]+)"), oct_re("0o([0-7]+)"), hex_re("0x([0-9a-fA-F]+)");
        static const std::regex float_re(R"(([-+]?)0*([0-9]*)(\.([0-9]*))?([eE][-+]?[0-9]+)?)");
        static const std::regex special_re(R"([-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))");
        std::smatch m;
        if (std::regex_match(text, null_re)) out = nullptr;
        else if (std::regex_match(text, true_re))
            out = true;
        else if (std::regex_match(text, false_re))
            out = false;
        else if (std::regex_match(text, m, int_re))
            out = json::parse((m[1] == "-" ? "-" : "") + m[2].str());
        else if (std::regex_match(text, m, oct_re) || std::regex_match(text, m, hex_re)) {
            errno = 0;
            unsigned long long v = std::strtoull(m[1].str().c_str(), nullptr, text[1] == 'o' ? 8 : 16);
            if (errno == ERANGE) {
                why = "'" + text + "' is larger than a 64-bit integer";
                return false;
            }
            out = static_cast<std::uint64_t>(v);
        } else if (std::regex_match(text, m, float_re) && (m[2].length() > 0 || m[4].length() > 0)) {
            // Rewritten as JSON's number syntax, then read as JSON reads it.
            std::string number = (m[1] == "-" ? "-" : "") + (m[2].length() ? m[2].str() : "0") + "." +
                                 (m[4].length() ? m[4].str() : "0") + m[5].str();
            out = json::parse(number);
        } else if (std::regex_match(text, special_re)) {
            why = "'" + text + "' is not a number JSON can hold; quote it to mean the text";
            return false;
        } else {
            out = text;
        }
        return true;
    }

    struct Member {
        std::string key;
        json value;
        std::size_t key_offset, value_offset;
    };

    bool mapping_node(Event& ev, json& out, int depth) {
        std::vector<Member> members;
        std::map<std::string, std::size_t> seen;  // key → offset
        for (;;) {
            if (!next(ev)) return false;
            if (ev.e.type == YAML_MAPPING_END_EVENT) break;
            std::size_t key_offset = offset_of(ev.e.start_mark);
            if (ev.e.type != YAML_SCALAR_EVENT)
                return fail(ev.e.start_mark,
                            "a key must be a scalar (a name), not a " +
                                std::string(ev.e.type == YAML_ALIAS_EVENT ? "alias" : "mapping or sequence"));
            std::string key(reinterpret_cast<const char*>(ev.e.data.scalar.value), ev.e.data.scalar.length);
            if (auto first = seen.find(key); first != seen.end()) {
                Position at = doc_.position_at(first->second);
                return fail(ev.e.start_mark,
                            "duplicate key '" + diag::printable(key) + "' (first at line " + std::to_string(at.line) +
                                ", column " + std::to_string(at.column) +
                                "); YAML and JSON parsers keep only one of them, so the document would be ambiguous");
            }
            seen.emplace(key, key_offset);
            if (!next(ev)) return false;
            Member m{std::move(key), json(), key_offset, offset_of(ev.e.start_mark)};
            if (!node(ev, m.value, depth + 1)) return false;
            members.push_back(std::move(m));
        }
        out = json(json::value_t::object);
        auto& slots = static_cast<std::vector<std::pair<const std::string, json>>&>(out.get_ref<json::object_t&>());
        slots.reserve(members.size());
        for (Member& m : members) {
            slots.emplace_back(std::move(m.key), std::move(m.value));
            doc_.offsets.push_back({&slots.back().second, m.value_offset, m.key_offset});
        }
        return true;
    }

    bool sequence_node(Event& ev, json& out, int depth) {
        std::vector<std::pair<json, std::size_t>> items;
        for (;;) {
            if (!next(ev)) return false;
            if (ev.e.type == YAML_SEQUENCE_END_EVENT) break;
            std::size_t offset = offset_of(ev.e.start_mark);
            json value;
            if (!node(ev, value, depth + 1)) return false;
            items.emplace_back(std::move(value), offset);
        }
        out = json(json::value_t::array);
        auto& slots = out.get_ref<json::array_t&>();
        slots.reserve(items.size());
        for (auto& [value, offset] : items) {
            slots.push_back(std::move(value));
            doc_.offsets.push_back({&slots.back(), offset, Document::kNoKey});
        }
        return true;
    }

    yaml_parser_t parser_{};
    Document& doc_;
    diag::Sink& sink_;
    std::map<std::string, json> anchors_;
    std::size_t copied_ = 0;
};

}  // namespace

bool parse_yaml_document(std::string_view text, Document& out, diag::Sink& sink) {
    out.text.assign(text.begin(), text.end());
    out.line_starts.assign(1, 0);
    for (std::size_t i = 0; i < out.text.size(); ++i)
        if (out.text[i] == '\n') out.line_starts.push_back(i + 1);
    out.offsets.clear();
    bool ok = Reader(out.text, out, sink).read();
    std::sort(out.offsets.begin(), out.offsets.end(),
              [](const Document::NodeOffsets& a, const Document::NodeOffsets& b) {
                  return std::less<const json*>()(a.node, b.node);
              });
    return ok;
}

}  // namespace contractgen::load::openapi
