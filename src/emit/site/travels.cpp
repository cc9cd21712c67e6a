#include "emit/site/travels.h"

#include <algorithm>

namespace contractgen::emit::site {

using render::Data;
using render::flag;
using render::List;
using render::Object;

std::string operation_anchor(std::size_t index) { return "operation-" + std::to_string(index); }
std::string stream_anchor(std::size_t index) { return "stream-" + std::to_string(index); }

namespace {

std::string upper(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

void named_in(const ir::TypeExpr& t, std::vector<ir::DeclId>& out) {
    if (t.kind == ir::Kind::Named) out.push_back(t.decl);
    for (const auto& e : t.element) named_in(e, out);
}

// Every declaration a declaration's body names.
std::vector<ir::DeclId> references(const ir::Decl& d) {
    std::vector<ir::DeclId> out;
    if (const auto* s = std::get_if<ir::Struct>(&d.body)) {
        for (const auto& f : s->fields) named_in(f.type, out);
        if (s->extra_type) named_in(*s->extra_type, out);
    } else if (const auto* u = std::get_if<ir::Union>(&d.body)) {
        for (const auto& v : u->variants) named_in(v.type, out);
    } else if (const auto* a = std::get_if<ir::Alias>(&d.body)) {
        named_in(a->target, out);
    } else if (const auto* c = std::get_if<ir::Constant>(&d.body)) {
        named_in(c->type, out);
    } else if (const auto* o = std::get_if<ir::OpenEnum>(&d.body)) {
        if (o->known_enum) out.push_back(*o->known_enum);
    }
    return out;
}

std::string code(const std::string& text) { return "<code>" + escape(text) + "</code>"; }

const char* framing_name(ir::Framing f) { return f == ir::Framing::Sse ? "Server-Sent Events" : "NDJSON"; }

}  // namespace

Travels::Travels(const ir::Model& model) : model_(model), used_by_(model.decls.size()) {
    for (ir::DeclId id = 0; id < model.decls.size(); ++id)
        for (ir::DeclId target : references(model.decl(id))) {
            auto& list = used_by_.at(target);
            if (target != id && std::find(list.begin(), list.end(), id) == list.end()) list.push_back(id);
        }
}

std::string Travels::operation_link(std::size_t index, int depth) const {
    const ir::Operation& op = model_.operations[index];
    return "<a href=\"" + up(depth) + "index.html#" + operation_anchor(index) + "\">" + escape(upper(op.method)) + " " +
           escape(op.path) + "</a>";
}

std::string Travels::stream_link(std::size_t index, int depth) const {
    return "<a href=\"" + up(depth) + "index.html#" + stream_anchor(index) + "\">stream " +
           escape(model_.streams[index].qualified_name()) + "</a>";
}

std::string Travels::served_by(std::size_t stream, int depth) const {
    std::string out;
    for (std::size_t i = 0; i < model_.operations.size(); ++i) {
        const auto& op = model_.operations[i];
        bool serves = false;
        for (const auto& m : op.request) serves = serves || m.stream == stream;
        for (const auto& r : op.responses)
            for (const auto& m : r.content) serves = serves || m.stream == stream;
        if (serves) out += (out.empty() ? "; served by " : ", ") + operation_link(i, depth);
    }
    return out;
}

std::vector<std::string> Travels::of(ir::DeclId id, int depth) const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < model_.streams.size(); ++i) {
        const ir::Stream& s = model_.streams[i];
        std::string where = stream_link(i, depth) + " (" + framing_name(s.framing) + ")";
        if (s.item == id)
            out.push_back(
                "Every item of " + where +
                (s.framing == ir::Framing::Sse ? ": the JSON in one event's <code>data</code>" : ": one line") +
                served_by(i, depth) + ".");
        if (s.sse && s.sse->event_schema == id) out.push_back("One event of " + where + served_by(i, depth) + ".");
        std::string values;
        for (const auto& v : s.tag_values)
            if (v.variant == id) values += (values.empty() ? "" : " or ") + code(v.value);
        if (!values.empty())
            out.push_back("In " + where + " when " + code(s.tag.pointer) + " is " + values + served_by(i, depth) + ".");
        if (s.tag_union == id)
            out.push_back("The union the tag " + code(s.tag.pointer) + " of " + where + " selects from" +
                          served_by(i, depth) + ".");
    }
    for (std::size_t i = 0; i < model_.operations.size(); ++i) {
        const ir::Operation& op = model_.operations[i];
        auto media = [&](const ir::ApiMediaType& m, const std::string& role) {
            if (m.schema == id) out.push_back(role + " of " + operation_link(i, depth) + " as " + code(m.name) + ".");
            if (m.item_schema == id)
                out.push_back("Each item of the " + role + " of " + operation_link(i, depth) + " as " + code(m.name) +
                              ".");
        };
        for (const auto& m : op.request) media(m, "The request body");
        for (const auto& r : op.responses)
            for (const auto& m : r.content) media(m, "The " + escape(r.status) + " response");
        for (const auto& p : op.parameters)
            if (p.type == id)
                out.push_back("The " + escape(p.in) + " parameter " + code(p.name) + " of " + operation_link(i, depth) +
                              ".");
        for (const auto& r : op.responses)
            for (const auto& h : r.headers)
                if (h.type == id)
                    out.push_back("The response header " + code(h.name) + " of " + operation_link(i, depth) + ".");
    }
    return out;
}

List Travels::operations(const TypeWriter& types) const {
    List out;
    auto media_list = [&](const std::vector<ir::ApiMediaType>& media) {
        List list;
        for (const auto& m : media) {
            std::string body;
            if (m.schema) body += types.link(*m.schema);
            if (m.item_schema)
                body += (body.empty() ? "" : "; ") + std::string("each item ") + types.link(*m.item_schema);
            if (m.stream) body += (body.empty() ? "" : "; ") + stream_link(*m.stream, 0);
            list.push_back(Object{{"name", Data(escape(m.name))}, {"body", Data(std::move(body))}});
        }
        return list;
    };
    for (std::size_t i = 0; i < model_.operations.size(); ++i) {
        const ir::Operation& op = model_.operations[i];
        List parameters, responses;
        for (const auto& p : op.parameters)
            parameters.push_back(Object{{"name", Data(escape(p.name))},
                                        {"in", Data(escape(p.in))},
                                        {"presence", Data(std::string(p.required ? "required" : "optional"))},
                                        {"type", Data(p.type ? types.link(*p.type) : std::string())}});
        for (const auto& r : op.responses) {
            std::string headers;
            for (const auto& h : r.headers) headers += (headers.empty() ? " · headers " : ", ") + code(h.name);
            responses.push_back(Object{{"status", Data(escape(r.status))},
                                       {"media", Data(media_list(r.content))},
                                       {"headers", Data(std::move(headers))}});
        }
        auto text = [&](const char* key) {
            return op.source.contains(key) && op.source[key].is_string() ? op.source[key].get<std::string>()
                                                                         : std::string();
        };
        bool has_parameters = !parameters.empty(), has_request = !op.request.empty();
        out.push_back(Object{{"anchor", Data(operation_anchor(i))},
                             {"method", Data(escape(upper(op.method)))},
                             {"path", Data(escape(op.path))},
                             {"operation_id", Data(escape(op.operation_id))},
                             {"summary", Data(escape(text("summary")))},
                             {"description", Data(paragraphs(text("description")))},
                             {"has_parameters", flag(has_parameters)},
                             {"parameters", Data(std::move(parameters))},
                             {"has_request", flag(has_request)},
                             {"request", Data(media_list(op.request))},
                             {"responses", Data(std::move(responses))}});
    }
    return out;
}

List Travels::streams(const TypeWriter& types) const {
    List out;
    auto value = [](const ir::RuleValue& v) { return "<code>" + inline_json(v.value) + "</code>"; };
    for (std::size_t i = 0; i < model_.streams.size(); ++i) {
        const ir::Stream& s = model_.streams[i];
        List tags, rules;
        for (const auto& t : s.tag_values)
            tags.push_back(Object{{"value", Data(code(t.value))},
                                  {"type", Data(t.variant ? types.link(*t.variant) : std::string())}});
        auto rule = [&](std::string r) { rules.push_back(Object{{"rule", Data(std::move(r))}}); };
        if (s.sse) {
            if (s.sse->event_field)
                rule("SSE <code>event:</code> is the item's " + code(s.sse->event_field->pointer) + ".");
            if (s.sse->event_name) rule("SSE <code>event:</code> is " + value(*s.sse->event_name) + ".");
            if (s.sse->id)
                rule("SSE <code>id:</code> is the item's " + code(s.sse->id->pointer) +
                     (s.sse->id_optional ? " when present." : "."));
        }
        if (s.tag_open) rule("Tag values besides these are valid too (an open set).");
        if (s.tag_default) rule("An item without the tag counts as " + value(*s.tag_default) + ".");
        if (s.key) rule("Items with different " + code(s.key->pointer) + " belong to separate logical streams.");
        if (s.sequence)
            rule("Sequence: " + code(s.sequence->field.pointer) +
                 (s.sequence->gapless ? " is the previous item's plus one." : " increases strictly."));
        if (s.first) rule("The first item's tag is " + value(*s.first) + ".");
        if (s.terminal)
            rule("Nothing follows an item whose tag is " + value(*s.terminal) +
                 (s.terminal_required ? "; a stream that ends without one is cut short." : "."));
        if (s.heartbeat)
            rule("Heartbeat: an item tagged " + value(s.heartbeat->tag) + " after " + value(s.heartbeat->interval_ms) +
                 " ms without another.");
        if (s.timestamp)
            rule("Timestamp: " + code(s.timestamp->field.pointer) +
                 (s.timestamp->format == ir::TimestampFormat::UnixMs ? " (Unix milliseconds)."
                                                                     : " (RFC 3339 date-time)."));
        if (s.client && s.client->watchdog_ms)
            rule("Clients treat " + value(*s.client->watchdog_ms) + " ms without data as a hung stream.");
        if (s.client && s.client->max_attempts)
            rule("Clients reconnect at most " + value(*s.client->max_attempts) + " times.");
        bool has_tags = !tags.empty();
        out.push_back(Object{
            {"anchor", Data(stream_anchor(i))},
            {"name", Data(escape(s.qualified_name()))},
            {"description", Data(paragraphs(s.description))},
            {"framing", Data(std::string(framing_name(s.framing)))},
            {"item", Data(types.link(s.item))},
            {"event", Data(s.sse ? "; each Server-Sent Event: " + types.link(s.sse->event_schema) : std::string())},
            {"tag", Data(code(s.tag.pointer))},
            {"has_tags", flag(has_tags)},
            {"tags", Data(std::move(tags))},
            {"rules", Data(std::move(rules))},
            {"served_by", Data(served_by(i, 0))}});
    }
    return out;
}

}  // namespace contractgen::emit::site
