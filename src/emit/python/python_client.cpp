// contract/client.py: the operation clients (docs/clients.md), one method per client method
// of the language-neutral model (ir/clients.h), laid out by python/client.py.mustache. The
// stream rules are written as the model's JSON, which the runtime reads (StreamRules.from_model),
// so that this file spells no rule.
#include "emit/python/python_client.h"

#include <iterator>
#include <set>

#include "emit/common/text.h"
#include "emit/python/python_syntax.h"
#include "ir/clients.h"
#include "naming/keywords.h"
#include "naming/words.h"
#include "write/output_set.h"

namespace contractgen::emit::python {

namespace {

using render::Data;
using render::flag;
using render::List;
using render::Object;

// A Python identifier from a wire or operation name, clear of keywords and of `taken`.
std::string py_identifier(const std::string& name, const std::set<std::string>& taken) {
    std::string id = naming::to_case(name, naming::Case::Snake);
    if (id.empty() || (id[0] >= '0' && id[0] <= '9')) id = "p_" + id;
    while (naming::python_keywords().count(id) || taken.count(id)) id += "_";
    return id;
}

class ClientModule {
public:
    ClientModule(const EmitContext& ctx, const naming::Names& names, const std::map<std::string, std::string>& aliases,
                 const std::map<ir::DeclId, std::string>& adapters)
        : ctx_(ctx), names_(names), aliases_(aliases), adapters_(adapters) {}

    std::string type_of(ir::DeclId id) const {
        const ir::Decl& d = ctx_.model.decl(id);
        used_families_.insert(d.family);
        return aliases_.at(d.family) + "." + names_.of(id);
    }
    std::string decoder_of(ir::DeclId id) const {
        auto a = adapters_.find(id);
        if (a == adapters_.end()) return "_rt.Adapter(" + type_of(id) + ")";
        used_families_.insert(ctx_.model.decl(id).family);  // the adapter lives in its family's module
        return a->second;
    }
    std::string annotation(const ir::ClientValue& v) const {
        using K = ir::ClientValue::Kind;
        if (v.constant && v.constant->is_string()) return "_t.Literal[" + json_literal(*v.constant) + "]";
        switch (v.kind) {
            case K::String: return "str";
            case K::Integer: return "int";
            case K::Number: return "float";
            case K::Boolean: return "bool";
            case K::Named: return type_of(*v.decl);
            case K::Any: break;
        }
        return "_t.Any";
    }

    Data call(const ir::ClientOperation& op, const ir::ClientMethod& m, const std::string& constant) const {
        List params, accept, errors, rules;
        for (const auto& p : op.parameters)
            params.push_back(Object{{"name", string_literal(p.name)}, {"where", string_literal(p.in)}});
        for (const auto& a : m.accept) accept.push_back(Object{{"value", string_literal(a)}});
        for (const auto& e : op.errors)
            errors.push_back(Object{{"status", string_literal(e.status)},
                                    {"decoder", e.type ? decoder_of(*e.type) : std::string("None")}});
        if (m.result.stream) {
            ir::json j = ir::client_model_json(ctx_.model, {ir::ClientOperation{0, "", "", "", {}, {}, {m}, {}}});
            const ir::json& stream = j[0]["methods"][0]["result"]["stream"];
            // An object member spreads over lines of its own, so that no line grows past the width.
            for (auto it = stream.begin(); it != stream.end(); ++it) {
                List members;
                if (it->is_object())
                    for (auto m = it->begin(); m != it->end(); ++m)
                        members.push_back(Object{{"member", string_literal(m.key())},
                                                 {"value", json_literal(*m)},
                                                 {"first", flag(m == it->begin())},
                                                 {"last", flag(std::next(m) == it->end())}});
                rules.push_back(Object{
                    {"key", string_literal(it.key())}, {"value", json_literal(*it)}, {"members", std::move(members)}});
            }
        }
        return Object{{"constant", constant},
                      {"decoder_constant", constant + "_DECODER"},
                      {"decoder", result_decoder(m)},
                      {"decoder_type", decoder_type(m)},
                      {"has_params", flag(!op.parameters.empty())},
                      {"method", string_literal(op.http_method)},
                      {"path", string_literal(op.path)},
                      {"params", std::move(params)},
                      {"accept", std::move(accept)},
                      {"body", op.body ? string_literal(op.body->media_type) : std::string("None")},
                      {"errors", std::move(errors)},
                      {"has_rules", flag(m.result.stream.has_value())},
                      {"rules", std::move(rules)}};
    }

    // What decodes a method's answer (an item, for a stream).
    std::string result_decoder(const ir::ClientMethod& m) const {
        switch (m.result.kind) {
            case ir::ClientResult::Kind::Stream: return decoder_of(m.result.stream->item);
            case ir::ClientResult::Kind::Json: return m.result.type ? decoder_of(*m.result.type) : "_c.ANY_JSON";
            case ir::ClientResult::Kind::Empty: break;
        }
        return "_c.NO_CONTENT";
    }

    // Its annotation: an adapter of the answer's type (mypy cannot infer it from the constructor).
    std::string decoder_type(const ir::ClientMethod& m) const {
        if (m.result.kind == ir::ClientResult::Kind::Stream)
            return "_t.Final[_rt.Adapter[" + type_of(m.result.stream->item) + "]]";
        if (m.result.kind == ir::ClientResult::Kind::Json && m.result.type)
            return "_t.Final[_rt.Adapter[" + type_of(*m.result.type) + "]]";
        return "_t.Final";
    }

    Data method(const ir::ClientOperation& op, const ir::ClientMethod& m, const std::string& constant,
                bool async) const {
        std::set<std::string> taken = {"self", "body", "headers", "options", "args"};
        List params;
        for (const auto& p : op.parameters) {
            std::string py = py_identifier(p.name, taken);
            taken.insert(py);
            std::string type = annotation(p.type);
            std::string dflt;
            if (!p.required) {
                type += " | None";
                dflt = p.type.constant ? " = " + json_literal(*p.type.constant) : " = None";
            }
            params.push_back(
                Object{{"py", py}, {"annotation", type}, {"default", dflt}, {"wire", string_literal(p.name)}});
        }
        List body;
        if (op.body) {
            std::string type = annotation(op.body->type);
            body.push_back(Object{{"annotation", op.body->required ? type : type + " | None = None"}});
        }
        bool stream = m.result.kind == ir::ClientResult::Kind::Stream;
        std::string returns = "None";
        if (stream)
            returns = std::string(async ? "_c.AsyncStream[" : "_c.Stream[") + type_of(m.result.stream->item) + "]";
        else if (m.result.kind == ir::ClientResult::Kind::Json)
            returns = m.result.type ? type_of(*m.result.type) : "_t.Any";
        const ir::json& source = ctx_.model.operations[op.operation].source;
        std::vector<std::string> doc;
        if (source.contains("summary") && source["summary"].is_string())
            doc.insert(doc.end(), {source["summary"].get<std::string>() + ".", ""});
        doc.push_back("``" + op.http_method + " " + op.path + "``" +
                      (stream ? ", a stream of " + ctx_.model.decl(m.result.stream->item).qualified_name() : "") + ".");
        std::string doc_text = docstring(doc, "        ");
        if (!doc_text.empty() && doc_text.back() == '\n') doc_text.pop_back();  // the template ends the line
        List stream_flag;
        if (stream) stream_flag.push_back(Object{{"x", "x"}});
        return Object{{"def", async && !stream ? "async def" : "def"},
                      {"name", py_identifier(m.name, {})},
                      {"body", std::move(body)},
                      {"has_params", flag(!op.parameters.empty())},
                      {"params", std::move(params)},
                      {"stream", std::move(stream_flag)},
                      {"returns", returns},
                      {"doc", doc_text},
                      {"await", async && !stream ? "await " : ""},
                      {"call", stream ? "_stream" : "_json"},
                      {"constant", constant},
                      {"body_arg", op.body ? "body" : "None"},
                      {"decoder_constant", constant + "_DECODER"}};
    }

    std::string render(const std::string& header,
                       const std::vector<std::pair<std::string, std::string>>& all_modules) const {
        auto ops = ir::client_operations(ctx_.model);
        List calls, sync_methods, async_methods;
        for (const auto& op : ops)
            for (const auto& m : op.methods) {
                std::string constant = "_" + naming::to_case(m.name, naming::Case::ScreamingSnake);
                calls.push_back(call(op, m, constant));
                sync_methods.push_back(method(op, m, constant, false));
                async_methods.push_back(method(op, m, constant, true));
            }
        List clients;
        clients.push_back(Object{{"class", "Client"},
                                 {"base", "ClientBase"},
                                 {"what", "The contract's operations over httpx.Client."},
                                 {"methods", std::move(sync_methods)}});
        clients.push_back(Object{{"class", "AsyncClient"},
                                 {"base", "AsyncClientBase"},
                                 {"what", "The contract's operations over httpx.AsyncClient."},
                                 {"methods", std::move(async_methods)}});
        List modules;
        for (const auto& [family, module] : all_modules)
            if (used_families_.count(family))
                modules.push_back(Object{{"module", module}, {"alias", aliases_.at(family)}});
        Data data;
        data.set("header_comment", comment_lines(header, "# "));
        data.set("modules", std::move(modules));
        data.set("calls", std::move(calls));
        data.set("clients", std::move(clients));
        return write::normalise_text(ctx_.templates.render("python/client.py.mustache", data));
    }

private:
    const EmitContext& ctx_;
    const naming::Names& names_;
    const std::map<std::string, std::string>& aliases_;
    mutable std::set<std::string> used_families_;  // filled while the calls and methods are written
    const std::map<ir::DeclId, std::string>& adapters_;
};

}  // namespace

std::string render_client(const EmitContext& ctx, const naming::Names& names,
                          const std::map<std::string, std::string>& aliases,
                          const std::map<ir::DeclId, std::string>& adapters, const std::string& header,
                          const std::vector<std::pair<std::string, std::string>>& modules) {
    return ClientModule(ctx, names, aliases, adapters).render(header, modules);
}

}  // namespace contractgen::emit::python
