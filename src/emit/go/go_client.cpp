// go/operations/operations.go: the operation clients (docs/clients.md), one
// method per client method of the language-neutral model (ir/clients.h),
// laid out by go/operations.go.mustache on the runtime's contract/client.
// The view holds names, types and literals only; the stream rules are the
// model's values, written as the runtime's Rules and ReconnectConfig.
#include "emit/go/go_client.h"

#include <algorithm>
#include <set>

#include "emit/common/printer.h"
#include "emit/go/go_syntax.h"
#include "ir/clients.h"
#include "naming/words.h"
#include "text/media_type.h"
#include "write/output_set.h"

namespace contractgen::emit::go {

namespace {

using render::Data;
using render::flag;
using render::List;
using render::Object;

std::string literal_list(const std::vector<std::string>& values) {
    std::string out;
    for (const auto& v : values) out += (out.empty() ? "" : ", ") + string_literal(v);
    return out;
}

class ClientView {
public:
    ClientView(const EmitContext& ctx, const GoNames& names, const naming::NamerConfig& naming)
        : ctx_(ctx), names_(names), naming_(naming) {}

    std::string package_of(ir::DeclId id) {
        const std::string& package = names_.package.at(ctx_.model.decl(id).family);
        used_.insert(package);
        return package;
    }
    std::string type_of(ir::DeclId id) { return package_of(id) + "." + names_.names.of(id); }
    std::string parse_of(ir::DeclId id) { return package_of(id) + "." + names_.functions.at(id).parse; }

    std::string value_type(const ir::ClientValue& v) {
        using K = ir::ClientValue::Kind;
        switch (v.kind) {
            case K::String: return "string";
            case K::Integer: return "int64";
            case K::Number: return "float64";
            case K::Boolean: return "bool";
            case K::Named: return type_of(*v.decl);
            case K::Any: break;
        }
        return "any";
    }

    std::string identifier(const std::string& name) {
        return naming::make_identifier(name, naming::Case::Pascal, {}, naming_, "P");
    }

    Object parameter_setter(const ir::ClientParameter& p) {
        if (p.in == "cookie")
            return Object{{"setter", "r.Header.Add"},
                          {"wire", string_literal("Cookie")},
                          {"prefix", string_literal(p.name + "=") + "+"}};
        return Object{{"setter", p.in == "query" ? "r.Query.Set" : "r.Header.Set"},
                      {"wire", string_literal(p.name)},
                      {"prefix", ""}};
    }

    Object operation(const ir::ClientOperation& op) {
        naming::Scope fields_scope;
        List fields, path_params, constants, error_cases, methods;
        std::vector<Printer::Row> field_rows;
        for (const auto& p : op.parameters) {
            if (p.sent_by_client()) {
                Object c = parameter_setter(p);
                c["value"] = string_literal(ir::constant_text(*p.type.constant));
                constants.push_back(std::move(c));
                continue;
            }
            const std::string field = fields_scope.claim(identifier(p.name));
            const bool optional = p.optional();
            Object f = parameter_setter(p);
            f["field"] = field;
            field_rows.push_back(Printer::Row{{},
                                              {field, (optional ? "*" : "") + value_type(p.type),
                                               string_literal("wire:\"" + p.in + "," + p.name + "\"")}});
            f["optional"] = flag(optional);
            f["set"] = flag(!optional && p.in != "path");
            if (p.in == "path") {
                f["wire"] = string_literal(p.name);
                path_params.push_back(Object{{"wire", string_literal(p.name)}, {"field", field}});
            }
            fields.push_back(std::move(f));
        }
        const std::string base = identifier(op.operation_id);
        const std::string errors = naming::to_case(op.operation_id, naming::Case::Camel) + "Errors";
        for (const auto& e : op.errors) {
            Object c{{"status", string_literal(e.status)},
                     {"media", string_literal(text::media_type_essence(e.media_type))}};
            if (e.type) c["decode"] = parse_of(*e.type);
            error_cases.push_back(std::move(c));
        }
        for (const auto& m : op.methods) methods.push_back(method(op, m, base + "Params", errors));
        return Object{{"operation_id", op.operation_id},
                      {"params", base + "Params"},
                      {"method", string_literal(op.http_method)},
                      {"path", string_literal(op.path)},
                      {"fields", std::move(fields)},
                      {"fields_block", field_rows.empty() ? std::string() : field_block(field_rows)},
                      {"path_params", std::move(path_params)},
                      {"constants", std::move(constants)},
                      {"errors", errors},
                      {"error_cases", std::move(error_cases)},
                      {"methods", std::move(methods)}};
    }

    Object method(const ir::ClientOperation& op, const ir::ClientMethod& m, const std::string& params,
                  const std::string& errors) {
        using R = ir::ClientResult::Kind;
        std::string accept;
        for (const auto& a : m.accept) accept += (accept.empty() ? "" : ", ") + a;
        Object out{{"name", identifier(m.name)},
                   {"params", params},
                   {"errors", errors},
                   {"summary", comment_text(op.http_method + " " + op.path)},
                   {"accept", string_literal(accept)},
                   {"body_bytes", "nil"},
                   {"body", flag(false)},
                   {"empty", flag(false)},
                   {"json", flag(false)},
                   {"stream", flag(false)}};
        if (op.body) {
            const bool named = op.body->type.kind == ir::ClientValue::Kind::Named;
            out["body"] = Object{{"type", value_type(op.body->type)}};
            out["body_bytes"] = named ? package_of(*op.body->type.decl) + "." +
                                            names_.functions.at(*op.body->type.decl).marshal + "(body)"
                                      : std::string("client.JSONBody(body)");
        }
        const ir::ClientResult& result = m.result;
        if (result.kind == R::Empty) {
            out["result"] = "error";
            out["empty"] = flag(true);
        } else if (result.kind == R::Json) {
            const std::string type = result.type ? type_of(*result.type) : std::string("json.RawMessage");
            out["result"] = "(" + type + ", error)";
            out["json"] =
                Object{{"media", string_literal(text::media_type_essence(m.accept.empty() ? "" : m.accept[0]))},
                       {"decode", result.type ? "client.Parser(" + parse_of(*result.type) + ", c.options()...)"
                                              : std::string("client.RawJSON")}};
            if (!result.type) raw_json_ = true;
        } else {
            streams_ = true;
            const ir::ClientStream& s = *result.stream;
            const std::string type = type_of(s.item);
            std::vector<std::string> media;
            for (const auto& a : m.accept) media.push_back(text::media_type_essence(a));
            out["result"] = "*client.Stream[" + type + "]";
            out["stream"] = Object{{"type", type},
                                   {"framing", s.framing == ir::Framing::Sse ? "SSE" : "NDJSON"},
                                   {"media", "[]string{" + literal_list(media) + "}"},
                                   {"parse", parse_of(s.item)},
                                   {"rules_block", rules_block(s)},
                                   {"watchdog_ms", std::to_string(s.watchdog_ms.value_or(0))},
                                   {"initial_delay_ms", std::to_string(s.initial_delay_ms)},
                                   {"multiplier", std::to_string(s.multiplier)},
                                   {"max_delay_ms", std::to_string(s.max_delay_ms)},
                                   {"max_attempts", std::to_string(s.max_attempts)},
                                   {"no_retry", "[]int{" + join_statuses(s.no_retry_statuses) + "}"},
                                   {"resume", s.resumable() ? "true" : "false"},
                                   {"errors", errors}};
        }
        return out;
    }

    // The Rules members the stream declares, in the runtime's field order,
    // aligned as gofmt aligns a composite literal's keys.
    static std::string rules_block(const ir::ClientStream& s) {
        std::vector<Printer::Row> out;
        auto add = [&](const char* name, const std::string& value) {
            out.push_back(Printer::Row{{}, {std::string(name) + ":", value + ","}});
        };
        auto pointer = [&](const char* name, const std::optional<std::string>& p) {
            if (p) add(name, "client.Ptr(" + string_literal(*p) + ")");
        };
        auto list = [&](const char* name, const std::vector<std::string>& values) {
            if (!values.empty()) add(name, "[]string{" + literal_list(values) + "}");
        };
        add("TagPointer", string_literal(s.tag_pointer));
        pointer("TagDefault", s.tag_default);
        list("First", s.first);
        list("Terminal", s.terminal);
        if (s.terminal_required) add("TerminalRequired", "true");
        pointer("KeyPointer", s.key_pointer);
        pointer("SequencePointer", s.sequence_pointer);
        if (s.sequence_gapless) add("Gapless", "true");
        list("SseEvents", s.sse_events);
        pointer("SseEventPointer", s.sse_event_pointer);
        pointer("SseIDPointer", s.sse_id_pointer);
        pointer("HeartbeatTag", s.heartbeat_tag);
        list("Warnings", s.warnings());
        Printer p(printer_style());
        for (int level = 0; level < 3; ++level) p.indent();
        p.table(out);
        return p.take();
    }

    static std::string join_statuses(const std::vector<int>& statuses) {
        std::string out;
        for (int s : statuses) out += (out.empty() ? "" : ", ") + std::to_string(s);
        return out;
    }

    List imports() const {
        std::vector<std::string> paths = {ctx_.project.go_module + "/contract",
                                          ctx_.project.go_module + "/contract/client"};
        if (streams_) paths.push_back(ctx_.project.go_module + "/contract/stream");
        for (const auto& p : used_) paths.push_back(ctx_.project.go_module + "/" + p);
        std::sort(paths.begin(), paths.end());
        List out;
        if (raw_json_) out.push_back(Object{{"path", string_literal("encoding/json")}});
        for (const auto& p : paths) out.push_back(Object{{"path", string_literal(p)}});
        return out;
    }

private:
    const EmitContext& ctx_;
    const GoNames& names_;
    const naming::NamerConfig& naming_;
    std::set<std::string> used_;
    bool streams_ = false;
    bool raw_json_ = false;
};

}  // namespace

void add_operations(const EmitContext& ctx, const GoNames& names, const naming::NamerConfig& naming,
                    write::OutputSet& out) {
    const std::vector<ir::ClientOperation> ops = ir::client_operations(ctx.model);
    if (ops.empty()) return;
    ClientView view(ctx, names, naming);
    List operations;
    for (const auto& op : ops) operations.push_back(view.operation(op));
    Data data;
    data.set("header_lines", emit::comment_lines(comment_text(set_header_text(ctx)), "// "));
    data.set("imports", view.imports());
    data.set("operations", std::move(operations));
    out.add("go/operations/operations.go",
            write::normalise_text(ctx.templates.render("go/operations.go.mustache", data)));
}

}  // namespace contractgen::emit::go
