#include "verify/checker.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "contract/stream/ndjson.hpp"
#include "contract/stream/sequencer.hpp"
#include "contract/stream/sse.hpp"
#include "validate/json_text.h"
#include "validate/validate.h"

namespace contractgen::verify {

namespace cs = contract::stream;
using Json = nlohmann::json;

struct Checker::Item {
    std::uint64_t offset = 0, line = 0;
    Json value;  // discarded when the item is not JSON
    std::optional<std::string> tag;
    std::string key;
};

struct Checker::KeyState {
    bool terminated = false;
    std::uint64_t terminal_offset = 0, terminal_line = 0;
    std::string terminal_tag;
    std::optional<std::int64_t> last_seq;  // sequences that need not be gapless
};

class Checker::Readers {
public:
    std::optional<cs::NdjsonReader> ndjson;
    std::optional<cs::SseReader> sse;
    cs::PacketSequencer<char> sequencer{cs::SequencerConfig{}};  // gapless sequences, per key
    bool first_seen = false;
};

namespace {

const Json* field(const Json& item, const std::optional<std::string>& pointer) {
    if (!pointer || item.is_discarded()) return nullptr;
    try {
        Json::json_pointer p(*pointer);
        return item.contains(p) ? &item.at(p) : nullptr;
    } catch (const Json::exception&) {
        return nullptr;
    }
}

std::string text_of(const Json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

bool contains(const std::vector<std::string>& list, const std::string& v) {
    return std::find(list.begin(), list.end(), v) != list.end();
}

std::string joined(const std::vector<std::string>& list) {
    std::string out;
    for (const auto& s : list) out += (out.empty() ? "" : "|") + s;
    return out;
}

std::string q(const std::string& s) { return validate::shown(s); }

}  // namespace

Checker::Checker(const ir::Model& model, const Plan& plan, CheckerOptions options,
                 std::function<void(const Finding&)> report)
    : model_(model), plan_(plan), options_(options), report_(std::move(report)), readers_(std::make_unique<Readers>()) {
    if (plan_.framing == ir::Framing::Ndjson) {
        readers_->ndjson.emplace(options_.max_line_bytes);
    } else {
        cs::SseReaderOptions o;
        o.max_line_bytes = options_.max_line_bytes;
        o.max_event_bytes = options_.max_line_bytes;
        readers_->sse.emplace(o);
    }
}

Checker::~Checker() = default;

void Checker::add(std::uint64_t offset, std::uint64_t line, const std::string& rule, const std::string& message) {
    const Severity severity = plan_.severity_of(rule);
    ++tally_.findings;
    if (severity == Severity::Warning) ++tally_.warnings;
    report_(Finding{offset, line, rule, message, severity});
}

void Checker::report_here(const std::string& rule, const std::string& message) {
    add(tally_.bytes, tally_.lines, rule, message);
}

void Checker::feed(std::string_view chunk) {
    tally_.bytes += chunk.size();
    tally_.lines += static_cast<std::uint64_t>(std::count(chunk.begin(), chunk.end(), '\n'));
    auto framing = [this](const cs::StreamError& e) { add(e.offset, e.line, "framing." + e.code, e.message); };
    if (readers_->ndjson) {
        readers_->ndjson->feed(
            chunk, cs::overloaded{
                       [&](const cs::NdjsonLine& l) { item(l.text, l.offset, l.line, nullptr, nullptr, false); },
                       framing,
                   });
    } else {
        readers_->sse->feed(chunk, cs::overloaded{
                                       [&](const cs::SseEventView& e) {
                                           const std::string type(e.type), id(e.last_event_id);
                                           item(e.data, e.offset, e.line, &type, &id, e.own_id);
                                       },
                                       [](const cs::SseRetry&) {},
                                       framing,
                                   });
    }
}

void Checker::finish() {
    if (finished_) return;
    finished_ = true;
    auto framing = [this](const cs::StreamError& e) { add(e.offset, e.line, "framing." + e.code, e.message); };
    if (readers_->ndjson) readers_->ndjson->end(cs::overloaded{[](const cs::NdjsonLine&) {}, framing});
    else
        readers_->sse->end(cs::overloaded{[](const cs::SseEventView&) {}, [](const cs::SseRetry&) {}, framing});
    if (!plan_.terminal_required) return;
    const std::string ends = "one of " + joined(plan_.terminal);
    if (tally_.items == 0) {
        report_here("terminal.missing", "the stream ended without any item (it must end with " + ends + ")");
        return;
    }
    for (const auto& key : key_order_)
        if (!keys_[key].terminated)
            report_here("terminal.missing",
                        (plan_.key_pointer ? "stream " + q(key) + " ended" : std::string("the stream ended")) +
                            " without a terminal item (" + ends + ")");
}

void Checker::item(std::string_view text, std::uint64_t offset, std::uint64_t line, const std::string* event_type,
                   const std::string* last_event_id, bool own_id) {
    ++tally_.items;
    Item it;
    it.offset = offset;
    it.line = line;
    validate::Result r = validate::check_decl(model_, plan_.item, text, options_.decode);
    if (!r.ok()) {
        ++tally_.invalid;
        add(offset, line, "item", r.error->message());
    }
    // The rules read the item's fields even when it is invalid, as far as it
    // is JSON: one bad payload must not also look like a lost sequence number.
    it.value = Json::parse(text.begin(), text.end(), nullptr, false);
    if (const Json* tag = field(it.value, plan_.tag_pointer); tag && tag->is_string()) it.tag = tag->get<std::string>();
    else if (!field(it.value, plan_.tag_pointer) && !it.value.is_discarded())
        it.tag = plan_.tag_default;
    if (const Json* key = field(it.value, plan_.key_pointer)) it.key = text_of(*key);
    ++tally_.by_tag[r.ok() ? it.tag.value_or("") : "(invalid)"];
    if (event_type) sse_fields(it, *event_type, *last_event_id, own_id);
    protocol(it);
}

void Checker::sse_fields(const Item& it, const std::string& event_type, const std::string& last_event_id, bool own_id) {
    std::optional<std::string> expected = plan_.event_name;
    std::string source = "the stream's event name";
    if (!expected && plan_.event_pointer)
        if (const Json* v = field(it.value, plan_.event_pointer); v && v->is_string()) {
            expected = v->get<std::string>();
            source = "the item's " + *plan_.event_pointer;
        }
    if (expected && event_type != *expected) {
        if (contains(plan_.event_also_accepted, event_type))
            add(it.offset, it.line, "sse.event",
                "event " + q(event_type) + " is only tolerated by readers; writers send " + q(*expected) + " (" +
                    source + ")");
        else
            add(it.offset, it.line, "sse.event",
                "event " + q(event_type) + " is not " + q(*expected) + " (" + source + ")");
    }
    // An event without an `id:` line keeps the last event ID of the one
    // before (WHATWG); one with an empty `id:` clears it. Either has no id
    // of its own: its own rule, which a stream whose events may omit the id
    // weighs as a warning (sse.id.missing).
    if (plan_.id_pointer)
        if (const Json* v = field(it.value, plan_.id_pointer); v && last_event_id != text_of(*v)) {
            if (!own_id || last_event_id.empty())
                add(it.offset, it.line, "sse.id.missing",
                    "the event has no id" +
                        (last_event_id.empty() ? std::string()
                                               : " (the last event ID is still " + q(last_event_id) + ")") +
                        "; when it has one it must be the item's " + *plan_.id_pointer + " " + q(text_of(*v)));
            else
                add(it.offset, it.line, "sse.id",
                    "id " + q(last_event_id) + " is not the item's " + *plan_.id_pointer + " " + q(text_of(*v)));
        }
}

void Checker::protocol(const Item& it) {
    if (!readers_->first_seen) {
        readers_->first_seen = true;
        if (!plan_.first.empty() && it.tag && !contains(plan_.first, *it.tag))
            add(it.offset, it.line, "first", "the first item is " + q(*it.tag) + ", not " + joined(plan_.first));
    }
    auto [found, fresh] = keys_.try_emplace(it.key);
    if (fresh) key_order_.push_back(it.key);
    KeyState& key = found->second;
    const std::string which = plan_.key_pointer ? "stream " + q(it.key) + ": " : std::string();
    if (key.terminated) {
        add(it.offset, it.line, "terminal.after",
            which + (it.tag ? q(*it.tag) + " " : std::string()) + "after the terminal item " + q(key.terminal_tag) +
                " at " + std::to_string(key.terminal_offset) + "/" + std::to_string(key.terminal_line));
        return;
    }
    sequence(it, key);
    if (it.tag && contains(plan_.terminal, *it.tag)) {
        key.terminated = true;
        key.terminal_offset = it.offset;
        key.terminal_line = it.line;
        key.terminal_tag = *it.tag;
    }
    heartbeat(it);
}

void Checker::sequence(const Item& it, KeyState& key) {
    const Json* v = field(it.value, plan_.sequence_pointer);
    if (!v || !v->is_number_integer()) return;
    const std::int64_t seq = v->get<std::int64_t>();
    const std::string which = plan_.key_pointer ? "stream " + q(it.key) + ": " : std::string();
    if (plan_.gapless) {
        for (const auto& out : readers_->sequencer.push(it.key, seq, std::string(), 0)) {
            const auto* f = std::get_if<cs::Finding>(&out);
            if (!f) continue;
            if (f->kind == "gap" || f->kind == "duplicate" || f->kind == "reorder")
                add(it.offset, it.line, "sequence." + f->kind, which + f->message);
        }
        return;
    }
    if (key.last_seq && seq == *key.last_seq)
        add(it.offset, it.line, "sequence.duplicate", which + "seq " + std::to_string(seq) + " was already received");
    else if (key.last_seq && seq < *key.last_seq)
        add(it.offset, it.line, "sequence.reorder",
            which + "seq " + std::to_string(seq) + " arrived after seq " + std::to_string(*key.last_seq));
    else
        key.last_seq = seq;
}

void Checker::heartbeat(const Item& it) {
    const Json* v = field(it.value, plan_.timestamp_pointer);
    if (!v) return;
    std::optional<std::int64_t> ms;
    if (plan_.timestamp_format == ir::TimestampFormat::UnixMs && v->is_number_integer()) ms = v->get<std::int64_t>();
    if (plan_.timestamp_format == ir::TimestampFormat::DateTime && v->is_string())
        ms = date_time_ms(v->get<std::string>());
    if (!ms) return;
    if (last_timestamp_ms_ && plan_.heartbeat_ms) {
        // Beyond the longest interval allowed: heartbeat.interval; beyond
        // the usual one only (a declared maxIntervalMs): heartbeat.late.
        const std::int64_t silence = *ms - *last_timestamp_ms_, slack = options_.heartbeat_slack_ms;
        const std::int64_t longest = plan_.heartbeat_max_ms.value_or(*plan_.heartbeat_ms);
        const std::string tag = q(plan_.heartbeat_tag.value_or("a heartbeat"));
        if (silence > longest + slack)
            add(it.offset, it.line, "heartbeat.interval",
                "no item for " + std::to_string(silence) + " ms before this one; the server sends " + tag + " after " +
                    std::to_string(*plan_.heartbeat_ms) + " ms without another item" +
                    (plan_.heartbeat_max_ms ? ", " + std::to_string(longest) + " ms at the latest" : std::string()));
        else if (silence > *plan_.heartbeat_ms + slack)
            add(it.offset, it.line, "heartbeat.late",
                "no item for " + std::to_string(silence) + " ms before this one; the server usually sends " + tag +
                    " after " + std::to_string(*plan_.heartbeat_ms) + " ms (at the latest " + std::to_string(longest) +
                    " ms)");
    }
    if (!last_timestamp_ms_ || *ms > *last_timestamp_ms_) last_timestamp_ms_ = ms;
}

std::optional<std::int64_t> date_time_ms(std::string_view s) {
    auto num = [&](std::size_t at, std::size_t n) -> std::optional<int> {
        if (at + n > s.size()) return std::nullopt;
        int v = 0;
        for (std::size_t i = at; i < at + n; ++i) {
            if (s[i] < '0' || s[i] > '9') return std::nullopt;
            v = v * 10 + (s[i] - '0');
        }
        return v;
    };
    auto y = num(0, 4), mo = num(5, 2), d = num(8, 2), h = num(11, 2), mi = num(14, 2), sec = num(17, 2);
    if (!y || !mo || !d || !h || !mi || !sec) return std::nullopt;
    std::size_t i = 19;
    std::int64_t millis = 0;
    if (i < s.size() && s[i] == '.') {
        std::int64_t scale = 100;
        for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, scale /= 10) millis += (s[i] - '0') * scale;
    }
    std::int64_t offset_min = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
        auto oh = num(i + 1, 2), om = num(i + 4, 2);
        if (!oh || !om) return std::nullopt;
        offset_min = (s[i] == '-' ? -1 : 1) * (*oh * 60 + *om);
    }
    // Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
    const std::int64_t yy = *y - (*mo <= 2);
    const std::int64_t era = (yy >= 0 ? yy : yy - 399) / 400;
    const std::int64_t yoe = yy - era * 400;
    const std::int64_t doy = (153 * (*mo + (*mo > 2 ? -3 : 9)) + 2) / 5 + *d - 1;
    const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    const std::int64_t days = era * 146097 + doe - 719468;
    return ((days * 24 + *h) * 60 + *mi - offset_min) * 60000 + std::int64_t{*sec} * 1000 + millis;
}

}  // namespace contractgen::verify
