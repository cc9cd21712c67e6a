// client.js and client.d.ts: the operation clients (docs/clients.md), one
// method per client method of the language-neutral model (ir/clients.h), laid
// out by ts/client.mustache in its two forms. The JavaScript's JSDoc names the
// declared parameter and answer types through `types` (its own .d.ts).
// Each method is a `Call` (request shape, declared errors, the stream's rules
// as the model's JSON, which the runtime reads with streamRules) and one call
// into the runtime's ClientBase (runtime/ts/stream/client_http.ts), so that
// this file spells no rule.
#include "emit/ts/ts_client.h"

#include "emit/common/printer.h"
#include "emit/common/text.h"
#include "emit/ts/ts_syntax.h"
#include "ir/clients.h"
#include "naming/words.h"
#include "write/output_set.h"

namespace contractgen::emit::ts {

namespace {

using render::Data;
using render::flag;
using render::List;
using render::Object;

enum class Form { Js, Dts };

class ClientView {
public:
    ClientView(const EmitContext& ctx, const naming::Names& names, const std::set<ir::DeclId>& generic)
        : ctx_(ctx), names_(names), generic_(generic) {}

    // `family.Type`, and the family among the imports.
    std::string type_of(ir::DeclId id) {
        const std::string& family = names_.family.at(ctx_.model.decl(id).family);
        families_.insert(ctx_.model.decl(id).family);
        return family + "." + names_.of(id);
    }
    // The type a method answers: a tolerant client's may hold an rt.UnknownVariant where the type
    // is generic, which an alias of the method's (`<Method>Item`, `<Method>Answer`) says.
    std::string decoded_type(ir::DeclId id, const std::string& method, bool stream) {
        std::string t = type_of(id);
        if (!generic_.count(id)) return t;
        uses_rt_ = true;
        const std::string alias = naming::to_case(method, naming::Case::Pascal) + (stream ? "Item" : "Answer");
        Printer p(printer_style());
        p.emit({{"alias", alias}, Printer::Sub::list("args", {"Tolerant", t, t + "<rt.UnknownVariant>"}, ", ", false)},
               "\nexport type $alias$<Tolerant extends boolean = false> = http.Decoded<$args$>;\n");
        std::string code = p.take();
        if (!code.empty() && code.back() == '\n') code.pop_back();
        aliases_.push_back(Object{{"method", method}, {"code", code}});
        return alias + "<Tolerant>";
    }
    std::string decoder_of(ir::DeclId id) {
        const std::string& family = names_.family.at(ctx_.model.decl(id).family);
        families_.insert(ctx_.model.decl(id).family);
        return family + ".decode" + names_.of(id);
    }
    std::string annotation(const ir::ClientValue& v) {
        using K = ir::ClientValue::Kind;
        if (v.constant && v.constant->is_string()) return string_literal(v.constant->get<std::string>());
        switch (v.kind) {
            case K::String: return "string";
            case K::Integer:
            case K::Number: return "number";
            case K::Boolean: return "boolean";
            case K::Named: return type_of(*v.decl);
            case K::Any: break;
        }
        return "unknown";
    }

    static std::string parameters_type(const ir::ClientOperation& op) {
        return naming::to_case(op.operation_id, naming::Case::Pascal) + "Parameters";
    }

    Data parameter_type(const ir::ClientOperation& op) {
        List members;
        for (const auto& p : op.parameters)
            members.push_back(Object{
                {"key", type_key(p.name)}, {"optional", p.required ? "" : "?"}, {"annotation", annotation(p.type)}});
        return Object{{"method", op.operation_id}, {"type", parameters_type(op)}, {"members", std::move(members)}};
    }

    Data call(const ir::ClientOperation& op, const ir::ClientMethod& m, const std::string& constant) {
        List params, accept, errors, rules;
        for (const auto& p : op.parameters)
            params.push_back(Object{{"name", string_literal(p.name)}, {"where", string_literal(p.in)}});
        for (std::size_t i = 0; i < m.accept.size(); ++i)
            accept.push_back(Object{{"value", string_literal(m.accept[i])}, {"last", flag(i + 1 == m.accept.size())}});
        for (const auto& e : op.errors)
            errors.push_back(Object{{"status", string_literal(e.status)},
                                    {"decoder", e.type ? decoder_of(*e.type) : std::string("null")}});
        if (m.result.stream) {
            ir::json j = ir::client_model_json(ctx_.model, {ir::ClientOperation{0, "", "", "", {}, {}, {m}, {}}});
            rules.push_back(Object{{"rules", value_literal(j[0]["methods"][0]["result"]["stream"], "  ")}});
        }
        return Object{{"constant", constant},
                      {"method", string_literal(op.http_method)},
                      {"path", string_literal(op.path)},
                      {"has_params", flag(!op.parameters.empty())},
                      {"params", std::move(params)},
                      {"accept", std::move(accept)},
                      {"body", op.body ? string_literal(op.body->media_type) : std::string("null")},
                      {"has_errors", flag(!op.errors.empty())},
                      {"errors", std::move(errors)},
                      {"rules", std::move(rules)}};
    }

    // The method's parameter list in one form (a declaration has no initialisers, JavaScript no types).
    std::vector<std::string> signature(const ir::ClientOperation& op, bool stream, Form form) {
        std::vector<std::string> out;
        auto typed = [&](const std::string& name, const std::string& type) {
            return form == Form::Js ? name : name + ": " + type;
        };
        if (op.body) {
            std::string type = annotation(op.body->type);
            out.push_back(typed("body", op.body->required ? type : type + " | undefined"));
        }
        bool required = false;
        for (const auto& p : op.parameters) required = required || p.required;
        if (!op.parameters.empty()) {
            if (required) out.push_back(typed("parameters", parameters_type(op)));
            else if (form == Form::Dts)
                out.push_back("parameters?: " + parameters_type(op));
            else
                out.push_back(typed("parameters", parameters_type(op)) + " = {}");
        }
        const std::string init = stream ? "http.StreamInit" : "http.CallInit";
        out.push_back(form == Form::Js ? "init" : "init?: " + init);
        return out;
    }

    Data method(const ir::ClientOperation& op, const ir::ClientMethod& m, const std::string& constant, Form form) {
        const bool stream = m.result.kind == ir::ClientResult::Kind::Stream;
        std::string answer = "undefined", decoder = "http.noContent";
        if (stream) {
            answer = decoded_type(m.result.stream->item, m.name, true);
            decoder = decoder_of(m.result.stream->item);
        } else if (m.result.kind == ir::ClientResult::Kind::Json) {
            answer = m.result.type ? decoded_type(*m.result.type, m.name, false) : std::string("unknown");
            decoder = m.result.type ? decoder_of(*m.result.type) : "http.anyJson";
        }
        const std::string returns = (stream ? "http.ClientStream<" : "Promise<") + answer + ">";
        // The parameters, with a constant's value sent when the caller gives none.
        std::string args = "{}";
        if (!op.parameters.empty()) {
            std::string defaults;
            for (const auto& p : op.parameters)
                if (!p.required && p.type.constant)
                    defaults += property_key(p.name) + ": " + value_literal(*p.type.constant, "    ") + ", ";
            args = defaults.empty() ? "parameters" : "{ " + defaults + "...parameters }";
        }
        std::string body = "null";
        if (op.body) {
            std::string encode = "JSON.stringify(body)";
            if (op.body->type.kind == ir::ClientValue::Kind::Named) {
                const ir::DeclId id = *op.body->type.decl;
                encode = names_.family.at(ctx_.model.decl(id).family) + ".encode" + names_.of(id) + "(body)";
            }
            body = op.body->required ? encode : "body === undefined ? null : " + encode;
        }
        const ir::json& source = ctx_.model.operations[op.operation].source;
        std::vector<std::string> doc;
        if (source.contains("summary") && source["summary"].is_string())
            doc.insert(doc.end(), {line_comment_text(source["summary"].get<std::string>()) + ".", ""});
        doc.push_back("`" + op.http_method + " " + op.path + "`" +
                      (stream ? ", a stream of " + ctx_.model.decl(m.result.stream->item).qualified_name() : "") + ".");
        const std::string name = is_plain_key(m.name) ? m.name : naming::to_case(m.name, naming::Case::Camel);
        // A list that would pass the width goes one item a line (printer.h).
        Printer p(printer_style());
        p.indent();
        using Sub = Printer::Sub;
        const Sub params = Sub::list("params", signature(op, stream, form));
        // The return type is written into the text, so that the list sees the rest of its line.
        if (form == Form::Dts) {
            p.emit({{"name", name}, params}, "\n$name$($params$): " + returns + ";\n");
        } else {
            const Sub call_args = Sub::list("args", {constant, args, body, decoder, "init"});
            // The answer's type is the method's: the runtime takes it as given (http.ClientBase),
            // and tsc infers it from the JSDoc's @returns.
            p.emit({{"name", name}, params, {"call", stream ? "callStream" : "callJson"}, call_args},
                   "\n$name$($params$) {\n  return this.$call$($args$);\n}\n");
            // The JavaScript states its signature in JSDoc, for tsc --checkJs and editors.
            for (const std::string& declared : signature(op, stream, Form::Dts)) {
                const std::size_t colon = declared.find(": ");
                std::string param = declared.substr(0, colon), type = declared.substr(colon + 2);
                if (param.back() == '?') param = "[" + param.substr(0, param.size() - 1) + "]";
                if (type == parameters_type(op)) type = "types." + type;
                doc.push_back("@param {" + type + "} " + param);
            }
            const bool own_answer = answer.find("<Tolerant>") != std::string::npos;
            doc.push_back("@returns {" + std::string(stream ? "http.ClientStream<" : "Promise<") +
                          (own_answer ? "types." : "") + answer + ">}");
        }
        std::string code = p.take();
        if (!code.empty() && code.back() == '\n') code.pop_back();  // the template ends the line
        std::string block = jsdoc_lines(std::move(doc), "  ");
        block.pop_back();  // the template ends the line
        return Object{{"doc", block}, {"code", code}};
    }

    std::string render(const std::string& header, Form form) {
        auto ops = ir::client_operations(ctx_.model);
        List calls, methods, parameter_types;
        for (const auto& op : ops) {
            if (!op.parameters.empty()) parameter_types.push_back(parameter_type(op));
            for (const auto& m : op.methods) {
                std::string constant = naming::to_case(m.name, naming::Case::ScreamingSnake);
                calls.push_back(call(op, m, constant));
                methods.push_back(method(op, m, constant, form));
            }
        }
        List modules;
        for (const auto& family : ctx_.model.families)
            if (families_.count(family.name)) {
                const std::string& module = names_.family.at(family.name);
                modules.push_back(Object{{"name", module}, {"path", string_literal("./" + module + ".js")}});
            }
        Data data;
        data.set("header_comment", comment_lines(header, "// "));
        data.set("uses_rt", flag(uses_rt_ && form != Form::Js));
        data.set("modules", std::move(modules));
        data.set("typed", flag(form != Form::Js));
        data.set("dts", flag(form == Form::Dts));
        data.set("calls", std::move(calls));
        data.set("parameter_types", std::move(parameter_types));
        data.set("methods", std::move(methods));
        data.set("aliases", aliases_);
        return write::normalise_text(ctx_.templates.render("ts/client.mustache", data));
    }

private:
    const EmitContext& ctx_;
    const naming::Names& names_;
    const std::set<ir::DeclId>& generic_;
    std::set<std::string> families_;
    List aliases_;
    bool uses_rt_ = false;
};

}  // namespace

ClientModule render_client(const EmitContext& ctx, const naming::Names& names, const std::set<ir::DeclId>& generic,
                           const std::string& header) {
    ClientModule out;
    out.js = ClientView(ctx, names, generic).render(header, Form::Js);
    out.dts = ClientView(ctx, names, generic).render(header, Form::Dts);
    return out;
}

}  // namespace contractgen::emit::ts
