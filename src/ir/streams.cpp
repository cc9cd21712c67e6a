#include "ir/streams.h"

#include <algorithm>
#include <regex>

#include "diag/diagnostics.h"
#include "ir/stream_fields.h"

namespace contractgen::ir {

namespace {

using Want = api::Reader::Want;

bool is_count(const json& v) { return (v.is_number_integer() || v.is_number_unsigned()) && v.get<std::int64_t>() >= 0; }

// Reads one stream declaration (the object at `pointer` of `doc`) into `s`.
class StreamReader {
public:
    StreamReader(api::Reader& r, const load::Document& doc, Stream& s) : r_(r), doc_(doc), s_(s), f_(r, doc, s) {}

    bool read(const std::string& pointer, const json& node) {
        const std::string what = "stream '" + s_.qualified_name() + "'";
        if (!node.is_object()) {
            r_.error(doc_, pointer, what + " must be an object, not " + api::kind_name(node));
            return false;
        }
        r_.check_members(doc_, pointer, node,
                         {"description", "framing", "item", "tag", "sse", "key", "sequence", "first", "terminal",
                          "heartbeat", "timestamp", "client", "severity"},
                         what);
        if (auto* d = r_.member(doc_, pointer, node, "description", Want::String, true, what))
            s_.description = d->get<std::string>();
        const json* framing = r_.member(doc_, pointer, node, "framing", Want::String, true, what);
        if (framing) {
            if (*framing == "sse") s_.framing = Framing::Sse;
            else if (*framing == "ndjson")
                s_.framing = Framing::Ndjson;
            else
                r_.error(doc_, at(pointer, "framing"),
                         "framing of " + what + " must be \"sse\" or \"ndjson\", not " + framing->dump());
        }
        const json* item = r_.member(doc_, pointer, node, "item", Want::Object, true, what);
        std::optional<DeclId> item_type =
            item ? r_.type_ref(doc_, at(pointer, "item"), *item, "the item of " + what) : std::nullopt;
        if (!framing || !item_type) return false;
        f_.set_item(*item_type);

        const json* tag = r_.member(doc_, pointer, node, "tag", Want::Object, true, what);
        if (!tag || !f_.read_tag(at(pointer, "tag"), *tag)) return false;

        const json* sse = r_.member(doc_, pointer, node, "sse", Want::Object, false, what);
        if (s_.framing == Framing::Sse && !sse) r_.error(doc_, pointer, what + " has framing \"sse\" and needs 'sse'");
        if (s_.framing == Framing::Ndjson && sse)
            r_.error(doc_, at(pointer, "sse"), "'sse' of " + what + " is only for framing \"sse\"");
        if (sse && s_.framing == Framing::Sse) read_sse(at(pointer, "sse"), *sse);

        if (auto* key = r_.member(doc_, pointer, node, "key", Want::Object, false, what))
            s_.key = f_.field(at(pointer, "key"), *key, {}, "key", Want::String, true);
        if (auto* seq = r_.member(doc_, pointer, node, "sequence", Want::Object, false, what)) {
            std::string p = at(pointer, "sequence");
            if (auto f = f_.field(p, *seq, {"gapless"}, "sequence", Want::Integer, true)) {
                Stream::Sequence sequence{*f, false};
                if (auto* g = r_.member(doc_, p, *seq, "gapless", Want::Boolean, false, "the sequence"))
                    sequence.gapless = g->get<bool>();
                s_.sequence = sequence;
            }
        }
        if (node.contains("first")) s_.first = f_.tag_set(at(pointer, "first"), node["first"], "first");
        if (auto* term = r_.member(doc_, pointer, node, "terminal", Want::Object, false, what)) {
            std::string p = at(pointer, "terminal");
            r_.check_members(doc_, p, *term, {"tags", "required"}, "the terminal rule");
            if (auto* tags = r_.member(doc_, p, *term, "tags", Want::Any, true, "the terminal rule"))
                s_.terminal = f_.tag_set(at(p, "tags"), *tags, "terminal tags");
            if (auto* req = r_.member(doc_, p, *term, "required", Want::Boolean, false, "the terminal rule"))
                s_.terminal_required = req->get<bool>();
        }
        if (auto* hb = r_.member(doc_, pointer, node, "heartbeat", Want::Object, false, what))
            read_heartbeat(at(pointer, "heartbeat"), *hb);
        if (auto* ts = r_.member(doc_, pointer, node, "timestamp", Want::Object, false, what))
            read_timestamp(at(pointer, "timestamp"), *ts);
        if (auto* client = r_.member(doc_, pointer, node, "client", Want::Object, false, what))
            read_client(at(pointer, "client"), *client);
        if (auto* sev = r_.member(doc_, pointer, node, "severity", Want::Object, false, what))
            read_severity(at(pointer, "severity"), *sev);
        return true;
    }

private:
    static std::string at(const std::string& pointer, std::string_view key) {
        return load::pointer_append(pointer, key);
    }

    void read_sse(const std::string& pointer, const json& node) {
        const std::string what = "the sse rules";
        r_.check_members(doc_, pointer, node, {"eventSchema", "event", "readerAlsoAccepts", "id"}, what);
        Stream::Sse sse;
        if (auto* es = r_.member(doc_, pointer, node, "eventSchema", Want::Object, true, what)) {
            if (auto id = r_.type_ref(doc_, at(pointer, "eventSchema"), *es, "eventSchema")) {
                sse.event_schema = *id;
                check_event_schema(at(pointer, "eventSchema"), *id);
            }
        }
        if (auto* ev = r_.member(doc_, pointer, node, "event", Want::Any, true, what)) {
            std::string p = at(pointer, "event");
            if (ev->is_object() && (ev->contains("pointer") || ev->contains("member")))
                sse.event_field = f_.field(p, *ev, {}, "the SSE event name", Want::String, false);
            else
                sse.event_name =
                    f_.value(p, *ev, "the SSE event name", "a string", [](const json& x) { return x.is_string(); });
        }
        if (auto* also = r_.member(doc_, pointer, node, "readerAlsoAccepts", Want::Array, false, what))
            for (std::size_t i = 0; i < also->size(); ++i)
                if (auto v =
                        f_.value(load::pointer_append(at(pointer, "readerAlsoAccepts"), i), (*also)[i],
                                 "an accepted event name", "a string", [](const json& x) { return x.is_string(); }))
                    sse.reader_also_accepts.push_back(*v);
        if (auto* id = r_.member(doc_, pointer, node, "id", Want::Object, false, what)) {
            bool optional = id->value("optional", false) == true;
            sse.id = f_.field(at(pointer, "id"), *id, {"optional"}, "the SSE id", Want::String, !optional);
            if (id->contains("optional"))
                r_.member(doc_, at(pointer, "id"), *id, "optional", Want::Boolean, false, "the SSE id");
            sse.id_optional = optional;
        }
        check_event_name(pointer, sse);
        s_.sse = sse;
    }

    // A fixed event name must be the one the event schema allows, when that is a constant.
    void check_event_name(const std::string& pointer, const Stream::Sse& sse) {
        if (!sse.event_name || !r_.model().decl(sse.event_schema).is<Struct>()) return;
        for (const auto& f : r_.model().decl(sse.event_schema).as<Struct>().fields) {
            const TypeExpr& t = unaliased(r_.model(), f.type);
            if (f.wire_name == "event" && t.kind == Kind::Const && t.value != sse.event_name->value)
                r_.error(doc_, at(pointer, "event"),
                         "the SSE event name " + sse.event_name->value.dump() + " is not the " + t.value.dump() +
                             " that eventSchema '" + r_.model().decl(sse.event_schema).qualified_name() + "' requires");
        }
    }

    // The SSE event object must have `event` and `data` strings; a `data` that names its JSON
    // content (`x-json-content`) must name the stream's item type.
    void check_event_schema(const std::string& pointer, DeclId id) {
        const Decl& d = r_.model().decl(id);
        const std::string name = d.qualified_name();
        if (!d.is<Struct>()) {
            r_.error(doc_, pointer,
                     "eventSchema '" + name + "' must be an object type with 'event' and 'data' members");
            return;
        }
        bool has_event = false, has_data = false;
        for (const auto& f : d.as<Struct>().fields) {
            if (f.wire_name == "event") has_event = true;
            if (f.wire_name != "data") continue;
            has_data = true;
            auto ext = f.docs.extensions.find("x-json-content");
            if (ext != f.docs.extensions.end() && ext->second != json(f_.item_name()))
                r_.error(doc_, pointer,
                         "eventSchema '" + name + "': its data holds " + ext->second.dump() +
                             " (x-json-content), but the stream's item is '" + f_.item_name() + "'");
        }
        if (!has_event || !has_data)
            r_.error(doc_, pointer, "eventSchema '" + name + "' must have 'event' and 'data' members (one SSE event)");
    }

    // `severity`: {"<rule id>": "error" | "warning"}, for the rules a stream may weigh.
    void read_severity(const std::string& pointer, const json& node) {
        const auto& ids = stream_rule_ids();
        for (auto it = node.begin(); it != node.end(); ++it) {
            const std::string p = at(pointer, it.key());
            if (std::find(ids.begin(), ids.end(), it.key()) == ids.end()) {
                std::string hint = diag::closest_match(it.key(), ids);
                r_.error(doc_, p,
                         "'" + it.key() + "' is not a stream rule whose severity can be set" +
                             (hint.empty() ? std::string() : " (did you mean '" + hint + "'?)"));
                continue;
            }
            if (*it != "error" && *it != "warning") {
                r_.error(doc_, p,
                         "the severity of '" + it.key() + "' must be \"error\" or \"warning\", not " + it->dump());
                continue;
            }
            s_.severities[it.key()] = it->get<std::string>();
        }
    }

    void read_heartbeat(const std::string& pointer, const json& node) {
        r_.check_members(doc_, pointer, node, {"tag", "intervalMs", "maxIntervalMs"}, "the heartbeat rule");
        const json* tag = r_.member(doc_, pointer, node, "tag", Want::Any, true, "the heartbeat rule");
        const json* interval = r_.member(doc_, pointer, node, "intervalMs", Want::Any, true, "the heartbeat rule");
        if (!tag || !interval) return;
        auto t = f_.value(at(pointer, "tag"), *tag, "the heartbeat tag", "a string",
                          [](const json& x) { return x.is_string(); });
        if (t) f_.check_tag_value(at(pointer, "tag"), t->value.get<std::string>(), "the heartbeat tag");
        auto i = f_.value(at(pointer, "intervalMs"), *interval, "intervalMs", "a positive integer (milliseconds)",
                          [](const json& x) { return is_count(x) && x.get<std::int64_t>() > 0; });
        if (!t || !i) return;
        s_.heartbeat = Stream::Heartbeat{*t, *i, std::nullopt};
        if (!node.contains("maxIntervalMs")) return;
        const std::int64_t least = i->value.get<std::int64_t>();
        s_.heartbeat->max_interval_ms =
            f_.value(at(pointer, "maxIntervalMs"), node["maxIntervalMs"], "maxIntervalMs",
                     "an integer (milliseconds) ≥ intervalMs (" + std::to_string(least) + ")",
                     [least](const json& x) { return is_count(x) && x.get<std::int64_t>() >= least; });
    }

    void read_timestamp(const std::string& pointer, const json& node) {
        const json* format = r_.member(doc_, pointer, node, "format", Want::String, true, "the timestamp");
        if (!format) return;
        Stream::Timestamp ts;
        Want want = Want::String;
        if (*format == "unix-ms") {
            ts.format = TimestampFormat::UnixMs;
            want = Want::Integer;
        } else if (*format == "date-time") {
            ts.format = TimestampFormat::DateTime;
        } else {
            r_.error(doc_, at(pointer, "format"),
                     "the timestamp format must be \"unix-ms\" or \"date-time\", not " + format->dump());
            return;
        }
        if (auto f = f_.field(pointer, node, {"format"}, "the timestamp", want, false)) {
            ts.field = *f;
            s_.timestamp = ts;
        }
    }

    void read_client(const std::string& pointer, const json& node) {
        r_.check_members(doc_, pointer, node, {"watchdogMs", "reconnect"}, "the client rules");
        Stream::Client c;
        auto count = [&](const std::string& p, const json& obj, const char* key,
                         bool positive) -> std::optional<RuleValue> {
            if (!obj.contains(key)) return std::nullopt;
            return f_.value(
                at(p, key), obj[key], key, positive ? "a positive integer" : "an integer ≥ 0",
                [positive](const json& x) { return is_count(x) && (!positive || x.get<std::int64_t>() > 0); });
        };
        c.watchdog_ms = count(pointer, node, "watchdogMs", true);
        if (auto* rc = r_.member(doc_, pointer, node, "reconnect", Want::Object, false, "the client rules")) {
            std::string p = at(pointer, "reconnect");
            r_.check_members(doc_, p, *rc,
                             {"maxAttempts", "initialDelayMs", "multiplier", "maxDelayMs", "noRetryStatuses"},
                             "the reconnect rules");
            c.max_attempts = count(p, *rc, "maxAttempts", false);
            c.initial_delay_ms = count(p, *rc, "initialDelayMs", false);
            c.multiplier = count(p, *rc, "multiplier", true);
            c.max_delay_ms = count(p, *rc, "maxDelayMs", false);
            if (rc->contains("noRetryStatuses"))
                c.no_retry_statuses = f_.value(
                    at(p, "noRetryStatuses"), (*rc)["noRetryStatuses"], "noRetryStatuses",
                    "a list of HTTP status codes", [](const json& x) {
                        return x.is_array() && std::all_of(x.begin(), x.end(), [](const json& e) {
                                   return is_count(e) && e.get<std::int64_t>() >= 100 && e.get<std::int64_t>() <= 599;
                               });
                    });
        }
        s_.client = c;
    }

    api::Reader& r_;
    const load::Document& doc_;
    Stream& s_;
    StreamFields f_;
};

}  // namespace

const std::vector<std::string>& stream_rule_ids() {
    static const std::vector<std::string> ids = {
        "sse.event",        "sse.id",
        "sse.id.missing",   "first",
        "sequence.gap",     "sequence.duplicate",
        "sequence.reorder", "terminal.after",
        "terminal.missing", "heartbeat.interval",
        "heartbeat.late",
    };
    return ids;
}

void build_streams(api::Reader& reader, Model& model, StreamIndex& index) {
    static const std::regex name_re("[A-Za-z_][A-Za-z0-9_]*");
    std::map<std::pair<std::string, std::string>, std::string> seen;  // (family, name) → where it was first declared
    for (const auto& doc : reader.schemas().documents) {
        if (!doc.root.is_object()) continue;
        auto streams = doc.root.find("x-streams");
        if (streams == doc.root.end()) continue;
        if (!streams->is_object()) {
            reader.error(doc, "/x-streams",
                         "x-streams must be an object of stream declarations, not " + api::kind_name(*streams));
            continue;
        }
        for (auto it = streams->begin(); it != streams->end(); ++it) {
            std::string pointer = load::pointer_append("/x-streams", it.key());
            if (!std::regex_match(it.key(), name_re)) {
                reader.error(doc, pointer,
                             "stream name '" + it.key() + "' must be an identifier ([A-Za-z_][A-Za-z0-9_]*)");
                continue;
            }
            load::Position p = doc.position_of(pointer);
            std::string here = doc.display_path + ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
            auto [first, fresh] = seen.try_emplace({doc.family, it.key()}, here);
            if (!fresh) {
                reader.error(doc, pointer,
                             "stream '" + doc.family + "." + it.key() + "' is already declared at " + first->second +
                                 "; stream names must be unique within a family");
                continue;
            }
            Stream s;
            s.family = doc.family;
            s.name = it.key();
            s.source = *it;
            s.origin = reader.origin(doc, pointer);
            if (!StreamReader(reader, doc, s).read(pointer, *it)) continue;
            index[{doc.path, s.name}] = model.streams.size();
            model.streams.push_back(std::move(s));
        }
    }
}

}  // namespace contractgen::ir
