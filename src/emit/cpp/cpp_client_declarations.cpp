// operations.hpp of the C++ operation clients: a parameter struct per
// operation and the Client class declaring one method per client method.
// Only the contract::client library's users include it; the bindings'
// headers never do, so they need no curl.
#include "emit/cpp/cpp_client_printer.h"
#include "emit/cpp/cpp_family.h"
#include "emit/cpp/cpp_syntax.h"

namespace contractgen::emit::cpp {

namespace {

using Sub = Printer::Sub;

// `text` as comment lines that start with `prefix` ("// ", "/// "), each
// within `width` columns (the caller subtracts the indentation the printer
// adds); no final newline.
std::string client_comment(const std::string& text, const std::string& prefix, std::size_t width) {
    std::string out, line = prefix;
    for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find(' ', start);
        if (end == std::string::npos) end = text.size();
        const std::string word = text.substr(start, end - start);
        if (line.size() > prefix.size() && line.size() + 1 + word.size() > width) {
            out += line + "\n";
            line = prefix;
        }
        line += (line.size() > prefix.size() ? " " : "") + word;  // the prefix ends in its own space
        start = end + 1;
    }
    return out + line;
}

}  // namespace

std::string ClientPrinter::header() {
    Printer p(style());
    // The method declarations are printed first: they name the types whose headers are included.
    Printer methods(style());
    methods.indent();
    for (const auto& o : ops_)
        for (std::size_t i = 0; i < o.op.methods.size(); ++i) print_declaration(methods, o, i);
    Printer params(style());
    for (const auto& o : ops_) print_params(params, o);
    p.emit({{"header", cpp_header_comment(ctx_, {}, "// ")},
            {"dir", ctx_.project.cpp_include_dir()},
            {"includes", include_lines()},
            {"ns", ctx_.project.cpp_namespace},
            {"params", params.take()},
            {"methods", methods.take()}},
           R"(
$header$//
// The contract's operations (docs/clients.md): one method per operation and
// kind of answer, typed parameters and body in, a typed value or a stream of
// typed items out, on the transport of client/client.hpp (the library
// $ns$::client, libcurl). The stream rules are the contract's, as declared.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "$dir$/client/client.hpp"
#include "$dir$/runtime.hpp"
$includes$
namespace $ns$::operations {
$params$
// Calls the operations on the engine at `transport.base_url()`. A declared
// error response throws client::ResponseError (its body the declared type),
// any other client::UndeclaredError; a stream that cannot reach its end
// throws client::StreamFailed or client::RuleError.
class Client {
public:
  explicit Client(std::string base_url, std::vector<std::pair<std::string, std::string>> headers = {})
    : transport(std::move(base_url), std::move(headers)) {}

  // Where the engine is, and the headers sent with every request.
  client::Client transport;
  // Decodes bodies and items in tolerant mode (docs/semantics.md).
  bool tolerant = false;
  // Overrides of the streams' declared client rules.
  client::StreamOptions streams;
$methods$
private:
  Options options() const;
};

}  // namespace $ns$::operations
)");
    return p.take();
}

void ClientPrinter::print_params(Printer& p, const Operation& o) {
    Printer members(style());
    members.indent();
    for (std::size_t i = 0; i < o.op.parameters.size(); ++i) {
        const ir::ClientParameter& param = o.op.parameters[i];
        if (param.sent_by_client()) continue;
        const std::string type = value_type(param.type);
        members.emit({{"type", param.optional() ? "std::optional<" + type + ">" : type},
                      {"field", o.fields[i]},
                      {"where", param.in + " " + param.name}},
                     "\n$type$ $field${};  // $where$\n");
    }
    const std::string about = "The parameters of " + o.op.operation_id +
                              " (each member's comment: where it goes and its name there); an empty optional "
                              "is not sent.";
    p.emit({{"about", client_comment(about, "// ", kLineWidth)}, {"name", o.params}, {"members", members.take()}},
           R"(

$about$
struct $name$ {
$members$};
)");
}

void ClientPrinter::print_declaration(Printer& p, const Operation& o, std::size_t method) {
    using R = ir::ClientResult::Kind;
    const ir::ClientResult& r = o.op.methods[method].result;
    const char* what = r.kind == R::Stream ? "on_event gets each item, finding and retry; return false to stop."
                       : r.kind == R::Json ? "returns the decoded answer."
                                           : "returns on any 2xx.";
    p.emit({{"doc", client_comment(summary(o, method) + ": " + what, "/// ", kLineWidth - 4)},
            {"result", result_type(r)},
            {"name", o.methods[method]},
            Sub::list("params", parameters(o, method), ", ", false)},
           R"(

$doc$
$result$ $name$($params$) const;
)");
}

}  // namespace contractgen::emit::cpp
