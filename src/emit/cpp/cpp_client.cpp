// The C++ operation clients (docs/clients.md): one member function of
// <namespace>::operations::Client per client method of the language-neutral
// model (ir/clients.h), on the runtime's transport (runtime/cpp/client,
// library contract::client). Parameters are a struct per operation; a JSON
// answer is returned decoded; a stream is read with a callback of
// client::StreamEvent (items, findings, retries). The stream rules are the
// model's values written into the runtime's StreamShape, as the Go client
// writes them into its StreamSpec, so both apply the same rules.
//
// This file names everything before anything is printed and spells the
// model's values as C++; the two files it writes are printed by
// cpp_client_declarations.cpp and cpp_client_definitions.cpp.
#include "emit/cpp/cpp_client.h"

#include "emit/cpp/cpp_client_printer.h"
#include "emit/cpp/cpp_family.h"
#include "emit/cpp/cpp_syntax.h"
#include "naming/keywords.h"
#include "naming/words.h"
#include "text/media_type.h"
#include "write/output_set.h"

namespace contractgen::emit::cpp {

ClientPrinter::ClientPrinter(const EmitContext& ctx, const naming::Names& names)
    : ctx_(ctx), names_(names), ns_("::" + ctx.project.cpp_namespace) {
    // The class's own members and the file's helpers come first: no
    // operation may take their names.
    for (const char* member : {"Client", "transport", "tolerant", "streams", "options"}) members_.reserve(member);
    for (const char* helper : {"decoder", "error_body"}) helpers_.reserve(helper);
    types_.reserve("Client");
    for (const auto& op : ir::client_operations(ctx.model)) {
        Operation o{op,
                    types_.claim(pascal(op.operation_id) + "Params"),
                    helpers_.claim(snake(op.operation_id) + "_request"),
                    helpers_.claim(snake(op.operation_id) + "_errors"),
                    {},
                    {}};
        naming::Scope fields;
        for (const auto& param : op.parameters)
            o.fields.push_back(param.sent_by_client() ? std::string() : fields.claim(snake(param.name)));
        for (const auto& m : op.methods) o.methods.push_back(members_.claim(snake(m.name)));
        ops_.push_back(std::move(o));
    }
}

PrinterStyle ClientPrinter::style() { return PrinterStyle{"    ", kLineWidth, 4}; }

std::string ClientPrinter::snake(const std::string& name) {
    return naming::make_identifier(name, naming::Case::Snake, {}, cpp_naming(), "op_");
}

std::string ClientPrinter::pascal(const std::string& name) {
    return naming::make_identifier(name, naming::Case::Pascal, {}, cpp_naming(), "Op");
}

std::string ClientPrinter::joined(const std::vector<std::string>& values, const std::string& separator) {
    std::string out;
    for (const auto& v : values) out += (out.empty() ? "" : separator) + v;
    return out;
}

std::string ClientPrinter::include_lines() const {
    std::string out;
    for (const auto& path : includes_) out += "#include \"" + path + "\"\n";
    return out;
}

std::string ClientPrinter::type_of(ir::DeclId id) {
    const ir::Decl& d = ctx_.model.decl(id);
    includes_.insert(ctx_.project.cpp_include_dir() + "/" + d.family + ".hpp");
    return names_.family.at(d.family) + "::" + names_.of(id);
}

std::string ClientPrinter::value_type(const ir::ClientValue& v) {
    using K = ir::ClientValue::Kind;
    switch (v.kind) {
        case K::String: return "std::string";
        case K::Integer: return "std::int64_t";
        case K::Number: return "double";
        case K::Boolean: return "bool";
        case K::Named: return type_of(*v.decl);
        case K::Any: break;
    }
    return "Value";
}

std::string ClientPrinter::wire_text(const ir::ClientValue& v, const std::string& expr) const {
    using K = ir::ClientValue::Kind;
    // A contract type goes through its JSON: a string type as its text, any other as its JSON text.
    if (v.kind == K::Named || v.kind == K::Any) return "client::json_text(" + ns_ + "::dump(" + expr + "))";
    return "client::text(" + expr + ")";
}

std::string ClientPrinter::result_type(const ir::ClientResult& r) {
    if (r.kind != ir::ClientResult::Kind::Json) return "void";
    return r.type ? type_of(*r.type) : std::string("Value");
}

std::vector<std::string> ClientPrinter::parameters(const Operation& o, std::size_t method) {
    std::vector<std::string> out = {"const " + o.params + "& params"};
    if (o.op.body) out.push_back("const " + value_type(o.op.body->type) + "& body");
    const ir::ClientResult& r = o.op.methods[method].result;
    if (r.kind == ir::ClientResult::Kind::Stream)
        out.push_back("const std::function<bool(const client::StreamEvent<" + type_of(r.stream->item) +
                      ">&)>& on_event");
    return out;
}

std::string ClientPrinter::summary(const Operation& o, std::size_t method) const {
    std::vector<std::string> accept;
    for (const auto& a : o.op.methods[method].accept) accept.push_back(text::media_type_essence(a));
    return o.op.http_method + " " + o.op.path + (accept.empty() ? "" : " (" + joined(accept, ", ") + ")");
}

void add_operations(const EmitContext& ctx, const naming::Names& names, write::OutputSet& out,
                    std::vector<std::string>& client_sources) {
    ClientPrinter printer(ctx, names);
    if (printer.empty()) return;
    out.add("cpp/include/" + ctx.project.cpp_include_dir() + "/operations.hpp",
            write::normalise_text(printer.header()));
    out.add("cpp/client/operations.cpp", write::normalise_text(printer.source()));
    client_sources.push_back("client/operations.cpp");
}

}  // namespace contractgen::emit::cpp
