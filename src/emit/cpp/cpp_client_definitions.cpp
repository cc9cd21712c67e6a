// operations.cpp of the C++ operation clients, compiled into the
// contract::client library: per operation a request builder (method, path,
// parameters on the wire) and its declared error cases, then each method:
// a call that returns nothing, a decoded JSON answer, or a stream read with
// the stream's declared rules.
#include "emit/cpp/cpp_client_printer.h"
#include "emit/cpp/cpp_family.h"
#include "emit/cpp/cpp_syntax.h"
#include "text/media_type.h"

namespace contractgen::emit::cpp {

namespace {

using Sub = Printer::Sub;

std::vector<std::string> client_literals(const std::vector<std::string>& values) {
    std::vector<std::string> out;
    for (const auto& v : values) out.push_back(string_literal(v));
    return out;
}

}  // namespace

std::string ClientPrinter::source() {
    Printer p(style());
    Printer helpers(style());
    for (const auto& o : ops_) print_request(helpers, o);
    Printer methods(style());
    for (const auto& o : ops_)
        for (std::size_t i = 0; i < o.op.methods.size(); ++i) print_definition(methods, o, i);
    // The families of the error bodies too, which the header does not name.
    p.emit({{"header", cpp_header_comment(ctx_, {}, "// ")},
            {"dir", ctx_.project.cpp_include_dir()},
            {"includes", include_lines()},
            {"ns", ctx_.project.cpp_namespace},
            {"rt", ns_},
            {"helpers", helpers.take()},
            {"methods", methods.take()}},
           R"(
$header$#include "$dir$/operations.hpp"

#include <any>
#include <string_view>

$includes$
namespace $ns$::operations {

namespace {

// A body or item decoder with the client's options.
template <class T>
auto decoder(Options options) {
  return [options](std::string_view text) { return $rt$::parse<T>(text, options); };
}

// A declared error body, read tolerantly: the error is reported even when
// the server adds a member.
template <class T>
std::any error_body(std::string_view text) {
  return $rt$::parse<T>(text, $rt$::tolerant());
}
$helpers$
}  // namespace

Options Client::options() const { return tolerant ? $rt$::tolerant() : Options{}; }
$methods$
}  // namespace $ns$::operations
)");
    return p.take();
}

void ClientPrinter::print_request(Printer& p, const Operation& o) {
    std::vector<std::string> path_values;
    for (std::size_t i = 0; i < o.op.parameters.size(); ++i) {
        const ir::ClientParameter& param = o.op.parameters[i];
        if (param.in == "path")
            path_values.push_back("{" + string_literal(param.name) + ", " + wire_text(param.type, "p." + o.fields[i]) +
                                  "}");
    }
    const std::string path = path_values.empty() ? string_literal(o.op.path)
                                                 : "client::expand_path(" + string_literal(o.op.path) + ", {" +
                                                       joined(path_values, ", ") + "})";
    // A builder that reads no parameter still takes the struct: every builder is called alike.
    const std::string params = (o.op.parameters.empty() ? "[[maybe_unused]] const " : "const ") + o.params + "& p";
    p.emit({{"request", o.request},
            Sub::list("signature", {params, "std::string accept", "std::optional<std::string> body"}, ", ", false),
            {"method", string_literal(o.op.http_method)},
            {"path", path},
            {"setters", [&] { print_setters(p, o); }},
            {"errors", o.errors},
            {"cases", [&] { print_error_cases(p, o); }}},
           R"(

client::Request $request$($signature$) {
  client::Request r;
  r.method = $method$;
  r.path = $path$;
  r.accept = std::move(accept);
  r.body = std::move(body);
  $setters$
  return r;
}

std::vector<client::ErrorCase> $errors$() {
  std::vector<client::ErrorCase> cases;
  $cases$
  return cases;
}
)");
}

// Each query, header and cookie parameter onto the request: a constant the
// client sends always, an optional one when it has a value.
void ClientPrinter::print_setters(Printer& p, const Operation& o) {
    for (std::size_t i = 0; i < o.op.parameters.size(); ++i) {
        const ir::ClientParameter& param = o.op.parameters[i];
        if (param.in == "path") continue;
        const bool cookie = param.in == "cookie";
        const std::string list = param.in == "query" ? "r.query" : "r.headers";
        const std::string name = string_literal(cookie ? "Cookie" : param.name);
        if (param.sent_by_client()) {
            const std::string value = ir::constant_text(*param.type.constant);
            const std::string text = string_literal(cookie ? param.name + "=" + value : value);
            p.emit({{"list", list}, Sub::list("args", {name, text}, ", ", false)}, "\n$list$.emplace_back($args$);\n");
            continue;
        }
        const std::string field = "p." + o.fields[i];
        const std::string prefix = cookie ? string_literal(param.name + "=") + " + " : "";
        const std::string value = prefix + wire_text(param.type, param.optional() ? "*" + field : field);
        const std::vector<Sub> subs = {{"field", field}, {"list", list}, Sub::list("args", {name, value}, ", ", false)};
        if (param.optional()) p.emit(subs, "\nif ($field$) {\n  $list$.emplace_back($args$);\n}\n");
        else
            p.emit(subs, "\n$list$.emplace_back($args$);\n");
    }
}

// The declared non-2xx responses, in the model's order; a body decoder where the response names its type.
void ClientPrinter::print_error_cases(Printer& p, const Operation& o) {
    for (const auto& e : o.op.errors) {
        std::vector<std::string> fields = {string_literal(e.status),
                                           string_literal(text::media_type_essence(e.media_type))};
        if (e.type) fields.push_back("&error_body<" + type_of(*e.type) + ">");
        p.emit({Sub::list("fields", fields, ", ", false)}, "\ncases.push_back({$fields$});\n");
    }
}

void ClientPrinter::print_definition(Printer& p, const Operation& o, std::size_t method) {
    using R = ir::ClientResult::Kind;
    const ir::ClientMethod& m = o.op.methods[method];
    std::vector<std::string> accept;
    for (const auto& a : m.accept) accept.push_back(a);
    const std::string body = o.op.body ? ns_ + "::dump(body)" : "std::nullopt";
    const std::string result = result_type(m.result);
    std::vector<Sub> subs = {{"result", result},
                             {"name", o.methods[method]},
                             Sub::list("params", parameters(o, method), ", ", false),
                             Sub::list("request", {"params", string_literal(joined(accept, ", ")), body}, ", ", false),
                             {"request_of", o.request},
                             {"errors", o.errors}};
    if (m.result.kind == R::Empty) {
        p.emit(subs, R"(

void Client::$name$($params$) const {
  const client::Request r = $request_of$($request$);
  client::call_empty(transport, r, $errors$());
}
)");
    } else if (m.result.kind == R::Json) {
        // The answer's media type as the response's Content-Type must name it.
        const std::string media = text::media_type_essence(m.accept.empty() ? "" : m.accept[0]);
        subs.push_back(Sub::list(
            "call", {"transport", "r", string_literal(media), "decoder<" + result + ">(options())", o.errors + "()"},
            ", ", false));
        p.emit(subs, R"(

$result$ Client::$name$($params$) const {
  const client::Request r = $request_of$($request$);
  return client::call_json<$result$>($call$);
}
)");
    } else {
        print_stream_definition(p, o, method, std::move(subs));
    }
}

// A stream method: the declared rules and reconnection, then the per-call overrides (`streams`).
void ClientPrinter::print_stream_definition(Printer& p, const Operation& o, std::size_t method, std::vector<Sub> subs) {
    const ir::ClientMethod& m = o.op.methods[method];
    const ir::ClientStream& s = *m.result.stream;
    const std::string item = type_of(s.item);
    std::vector<std::string> media, no_retry;
    for (const auto& a : m.accept) media.push_back(string_literal(text::media_type_essence(a)));
    for (int status : s.no_retry_statuses) no_retry.push_back(std::to_string(status));
    subs.push_back({"framing", s.framing == ir::Framing::Sse ? "sse" : "ndjson"});
    subs.push_back(Sub::list("media", media, ", ", false));
    subs.push_back({"rules", [&] { print_rules(p, s); }});
    subs.push_back({"watchdog", std::to_string(s.watchdog_ms.value_or(0))});
    subs.push_back({"no_retry", joined(no_retry, ", ")});
    // stream::BackoffConfig's members in their order: initial delay, multiplier, maximum delay, attempts.
    subs.push_back({"backoff", joined({std::to_string(s.initial_delay_ms), std::to_string(s.multiplier),
                                       std::to_string(s.max_delay_ms), std::to_string(s.max_attempts)},
                                      ", ")});
    subs.push_back({"resume", s.resumable() ? "true" : "false"});
    subs.push_back(
        Sub::list("read", {"transport", "r", "shape", "decoder<" + item + ">(options())", "on_event"}, ", ", false));
    subs.push_back({"item", item});
    p.emit(subs, R"(

void Client::$name$($params$) const {
  client::StreamShape shape;
  shape.framing = client::Framing::$framing$;
  shape.media = {$media$};
  $rules$
  shape.reconnect.watchdog_timeout_ms = $watchdog$;
  shape.reconnect.no_retry_statuses = {$no_retry$};
  shape.reconnect.backoff = {$backoff$};
  shape.reconnect = streams.apply(shape.reconnect);
  shape.resume = $resume$;
  shape.errors = $errors$();
  const client::Request r = $request_of$($request$);
  client::read_stream<$item$>($read$);
}
)");
}

// The Rules members the stream declares, in the runtime's member order.
void ClientPrinter::print_rules(Printer& p, const ir::ClientStream& s) {
    auto set = [&](const char* member, const std::string& value) {
        p.emit({{"member", member}, {"value", value}}, "\nshape.rules.$member$ = $value$;\n");
    };
    auto list = [&](const char* member, const std::vector<std::string>& values) {
        if (values.empty()) return;
        p.emit({{"member", member}, Sub::list("values", client_literals(values), ", ", false)},
               "\nshape.rules.$member$ = {$values$};\n");
    };
    auto pointer = [&](const char* member, const std::optional<std::string>& value) {
        if (value) set(member, string_literal(*value));
    };
    set("tag_pointer", string_literal(s.tag_pointer));
    pointer("tag_default", s.tag_default);
    list("first", s.first);
    list("terminal", s.terminal);
    if (s.terminal_required) set("terminal_required", "true");
    pointer("key_pointer", s.key_pointer);
    pointer("sequence_pointer", s.sequence_pointer);
    if (s.sequence_gapless) set("gapless", "true");
    list("sse_events", s.sse_events);
    pointer("sse_event_pointer", s.sse_event_pointer);
    pointer("sse_id_pointer", s.sse_id_pointer);
    pointer("heartbeat_tag", s.heartbeat_tag);
    list("warnings", s.warnings());
}

}  // namespace contractgen::emit::cpp
