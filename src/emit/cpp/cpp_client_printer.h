// The printer of the C++ operation clients (docs/clients.md), shared by its
// three files: cpp_client.cpp names everything once (types, members,
// helpers) and spells the model's values as C++; cpp_client_declarations.cpp
// prints operations.hpp (the parameter structs and the Client class);
// cpp_client_definitions.cpp prints operations.cpp (each request builder,
// error table and method). Names are claimed before either file is printed,
// so both print the same ones.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "emit/common/printer.h"
#include "emit/target.h"
#include "ir/clients.h"
#include "naming/namer.h"

namespace contractgen::emit::cpp {

class ClientPrinter {
public:
    ClientPrinter(const EmitContext& ctx, const naming::Names& names);

    bool empty() const { return ops_.empty(); }

    // include/<namespace folders>/operations.hpp (cpp_client_declarations.cpp).
    std::string header();
    // client/operations.cpp (cpp_client_definitions.cpp).
    std::string source();

private:
    // An operation of the model with the C++ names claimed for it.
    struct Operation {
        ir::ClientOperation op;
        std::string params;   // the parameter struct ("OrderEventsParams")
        std::string request;  // the request builder in operations.cpp ("order_events_request")
        std::string errors;   // the declared error cases ("order_events_errors")
        std::vector<std::string> fields;   // per op.parameters: the struct's member ("" for one the client sends)
        std::vector<std::string> methods;  // per op.methods
    };

    static PrinterStyle style();
    static std::string snake(const std::string& name);
    static std::string pascal(const std::string& name);
    static std::string joined(const std::vector<std::string>& values, const std::string& separator);
    // `#include "..."` lines of the families the printed text named.
    std::string include_lines() const;

    // ---- spelling the model's values (cpp_client.cpp) ----
    // A contract type, qualified by its family's namespace; its header is included.
    std::string type_of(ir::DeclId id);
    std::string value_type(const ir::ClientValue& v);
    // The wire text of a parameter's value `expr`.
    std::string wire_text(const ir::ClientValue& v, const std::string& expr) const;
    std::string result_type(const ir::ClientResult& r);
    // The method's parameters: the struct, the body, a stream's callback.
    std::vector<std::string> parameters(const Operation& o, std::size_t method);
    // "GET /orders/{id}/events (application/x-ndjson)", for the method's comment.
    std::string summary(const Operation& o, std::size_t method) const;

    // ---- operations.hpp (cpp_client_declarations.cpp) ----
    void print_params(Printer& p, const Operation& o);
    void print_declaration(Printer& p, const Operation& o, std::size_t method);

    // ---- operations.cpp (cpp_client_definitions.cpp) ----
    void print_request(Printer& p, const Operation& o);
    void print_setters(Printer& p, const Operation& o);
    void print_error_cases(Printer& p, const Operation& o);
    void print_definition(Printer& p, const Operation& o, std::size_t method);
    void print_stream_definition(Printer& p, const Operation& o, std::size_t method, std::vector<Printer::Sub> subs);
    static void print_rules(Printer& p, const ir::ClientStream& s);

    const EmitContext& ctx_;
    const naming::Names& names_;
    const std::string ns_;  // "::contract": the runtime's names, qualified from the root
    naming::Scope members_, helpers_, types_;
    std::vector<Operation> ops_;
    std::set<std::string> includes_;
};

}  // namespace contractgen::emit::cpp
