// The generated C++ operation clients (operations.hpp, library contract::client)
// against a live server on loopback in its fault mode, one run per shared
// scenario vector (tests/clients/vectors/README.md says how they run): the
// same outcome the Go, Python and TypeScript clients must have. Built twice:
// for this repository's contract against tests/engine/engine.py, and with
// CONTRACTGEN_ORDERS for the second contract (tests/golden/operations)
// against tests/clients/orders_engine.py; each run takes the vectors of its
// server. C++ has no reflection, so the table `kMethods` maps each method
// name of the vectors to the generated call, and a vector's parameter the
// table does not pass on (other than a contract constant it lists) fails the
// vector; everything else is generic.
//
// Usage: vectors_test VECTORS_DIR SERVER_COMMAND...  (the server prints "listening on URL")
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "contract/operations.hpp"

namespace {

using nlohmann::json;
namespace client = contract::client;
namespace ops = contract::operations;

// What one call did.
struct Outcome {
    std::vector<json> items;
    std::vector<std::string> findings;
    int reconnects = 0;
    std::optional<json> value;
    std::exception_ptr error;
    std::set<std::string> parameters_read;  // wire names the call passed on
};

template <class T>
json as_json(const T& value) {
    return json::parse(contract::dump(value));
}

template <class T>
std::function<bool(const client::StreamEvent<T>&)> collect(Outcome& out) {
    return [&out](const client::StreamEvent<T>& event) {
        switch (event.kind) {
            case client::StreamEventKind::item: out.items.push_back(as_json(*event.item)); break;
            case client::StreamEventKind::finding: out.findings.push_back(event.finding->rule); break;
            case client::StreamEventKind::retry: ++out.reconnects; break;
        }
        return true;
    };
}

// The vector's parameter `wire`, if it has one; the call is noted as passing it on.
std::optional<std::string> parameter(const json& vector, const std::string& wire, Outcome& out) {
    out.parameters_read.insert(wire);
    const json p = vector.value("parameters", json::object());
    if (!p.contains(wire)) return std::nullopt;
    return p.at(wire).get<std::string>();
}

template <class T>
T body_of(const json& vector) {
    return contract::parse<T>(vector.at("body").dump());
}

// A vector's method: the generated call, and the parameters the contract
// declares `const`, which the client sends itself (no member to set); any
// other parameter of a vector the call does not pass on fails the vector.
struct Method {
    std::function<void(const ops::Client&, const json&, Outcome&)> call;
    std::set<std::string> sent_by_client;
};

#ifdef CONTRACTGEN_ORDERS
const std::map<std::string, Method> kMethods = {
    {"createOrder",
     {[](const ops::Client& c, const json& v, Outcome& out) {
          out.value = as_json(c.create_order({}, body_of<contract::orders::NewOrder>(v)));
      },
      {}}},
    {"orderEvents",
     {[](const ops::Client& c, const json& v, Outcome& out) {
          ops::OrderEventsParams p;
          p.id = parameter(v, "id", out).value_or("");
          p.x_client = parameter(v, "X-Client", out);
          c.order_events(p, collect<contract::events::EventLine>(out));
      },
      {}}},
};

// The declared error bodies' JSON (a ResponseError's body is the declared type).
std::optional<json> error_body(const std::any& body) {
    if (auto* problem = std::any_cast<contract::orders::Problem>(&body)) return as_json(*problem);
    return std::nullopt;
}
#else
const std::map<std::string, Method> kMethods = {
    {"assist",
     {[](const ops::Client& c, const json& v, Outcome& out) {
          out.value = as_json(c.assist({}, body_of<contract::assist::AgentRequest>(v)));
      },
      {}}},
    {"assistStream",
     {[](const ops::Client& c, const json& v, Outcome& out) {
          c.assist_stream({}, body_of<contract::assist::AgentRequest>(v),
                          collect<contract::cloudevents::CloudEvent>(out));
      },
      {}}},
    {"streamChatMessage",
     {[](const ops::Client& c, const json& v, Outcome& out) {
          ops::StreamChatMessageParams p;
          p.message_stream_id = parameter(v, "message_stream_id", out).value_or("");
          p.x_gradient_workspace_id = parameter(v, "X-Gradient-Workspace-Id", out);
          p.cache_control = parameter(v, "Cache-Control", out);
          p.session = parameter(v, "session", out);
          c.stream_chat_message(p, collect<contract::chat_stream::StreamEnvelope>(out));
      },
      {"X-Gradient-Browser-Client"}}},
    {"streamPackets",
     {[](const ops::Client& c, const json& v, Outcome& out) {
          ops::StreamPacketsParams p;
          p.last_event_id = parameter(v, "Last-Event-ID", out);
          c.stream_packets(p, collect<contract::packets::StreamPacket>(out));
      },
      {}}},
};

std::optional<json> error_body(const std::any& body) {
    if (auto* e = std::any_cast<contract::cloudevents::ErrorPayload>(&body)) return as_json(*e);
    if (auto* e = std::any_cast<contract::assist::ValidationErrorResponse>(&body)) return as_json(*e);
    return std::nullopt;
}
#endif

// The server script on a free port: its pid and address.
struct Server {
    pid_t pid = 0;
    std::string url;
    ~Server() {
        if (pid > 0) {
            ::kill(pid, SIGTERM);
            ::waitpid(pid, nullptr, 0);
        }
    }
};

void start(Server& server, char** command) {
    int pipe_fds[2];
    if (::pipe(pipe_fds) != 0) throw std::runtime_error("pipe failed");
    server.pid = ::fork();
    if (server.pid == 0) {
        ::dup2(pipe_fds[1], STDOUT_FILENO);
        ::close(pipe_fds[0]);
        ::execv(command[0], command);
        ::_exit(127);
    }
    ::close(pipe_fds[1]);
    std::string line;
    char c = 0;
    while (::read(pipe_fds[0], &c, 1) == 1 && c != '\n') line += c;
    const std::string prefix = "listening on ";
    if (line.rfind(prefix, 0) != 0) throw std::runtime_error("the server said \"" + line + "\"");
    server.url = line.substr(prefix.size());
}

// A JSON Pointer into an item; null where it leads nowhere.
json at_pointer(const json& value, const std::string& pointer) {
    try {
        return value.at(json::json_pointer(pointer));
    } catch (const std::exception&) {
        return nullptr;
    }
}

class Check {
public:
    void expect(bool ok, const std::string& what) {
        if (!ok) problems.push_back(what);
    }
    std::vector<std::string> problems;
};

void compare_stream(const json& expect, const Outcome& out, Check& check) {
    if (expect.contains("tags")) {
        json tags = json::array();
        for (const json& item : out.items) tags.push_back(at_pointer(item, expect["tags"]["pointer"]));
        check.expect(tags == expect["tags"]["values"],
                     "tags " + tags.dump() + ", want " + expect["tags"]["values"].dump());
    }
    if (expect.contains("text")) {
        const json& t = expect["text"];
        const std::string tag_pointer = expect["tags"]["pointer"];
        std::string shown;
        for (const json& item : out.items) {
            const json tag = at_pointer(item, tag_pointer);
            if (t.contains("resetOn") && tag == t["resetOn"]) shown.clear();
            if (tag == t["tag"]) shown += at_pointer(item, t["pointer"]).get<std::string>();
        }
        check.expect(shown == t["value"], "text \"" + shown + "\", want " + t["value"].dump());
    }
    if (expect.contains("findings"))
        check.expect(json(out.findings) == expect["findings"],
                     "findings " + json(out.findings).dump() + ", want " + expect["findings"].dump());
    if (expect.contains("reconnects"))
        check.expect(out.reconnects == expect["reconnects"].get<int>(),
                     "reconnects " + std::to_string(out.reconnects) + ", want " + expect["reconnects"].dump());
    if (expect.contains("value") && !expect["value"].is_null()) {
        check.expect(out.value.has_value(), "no value");
        for (const auto& [name, want] : expect["value"].items())
            check.expect(out.value && out.value->value(name, json()) == want,
                         "value " + (out.value ? out.value->dump() : "none") + ": " + name + " is not " + want.dump());
    }
}

void compare_error(const json& want, const std::exception_ptr& error, Check& check) {
    if (want.is_null()) {
        if (!error) return;
        try {
            std::rethrow_exception(error);
        } catch (const std::exception& e) {
            check.expect(false, std::string("error ") + e.what() + ", want none");
        }
        return;
    }
    if (!error) return check.expect(false, "no error, want " + want.dump());
    const std::string kind = want["kind"];
    try {
        std::rethrow_exception(error);
    } catch (const client::ResponseError& e) {
        check.expect(kind == "status",
                     std::string("a declared error response (") + e.what() + "), want " + want.dump());
        check.expect(e.status == want.value("status", 0),
                     "status " + std::to_string(e.status) + ", want " + want.value("status", json()).dump());
        const std::optional<json> body = error_body(e.body);
        check.expect(body.has_value() || !want.contains("body"), "the body is not of the declared type");
        if (body && want.contains("body"))
            for (const auto& [name, value] : want["body"].items())
                check.expect(body->value(name, json()) == value, "body " + body->dump() + ": " + name);
        if (want.contains("headers"))
            for (const auto& [name, value] : want["headers"].items()) {
                auto found = e.headers.find(name);
                check.expect(found != e.headers.end() && found->second == value.get<std::string>(),
                             "header " + name + ": " + (found == e.headers.end() ? "none" : found->second) + ", want " +
                                 value.dump());
            }
    } catch (const client::UndeclaredError& e) {
        const std::string text = want.value("text", "");
        check.expect(kind == "unexpected" && e.status == want.value("status", 0) && e.text.rfind(text, 0) == 0,
                     std::string("undeclared ") + e.what() + ", want " + want.dump());
    } catch (const client::StreamFailed& e) {
        check.expect(e.kind == kind, std::string(e.what()) + ", want " + want.dump());
    } catch (const client::RuleError& e) {
        check.expect(e.rule == kind, std::string(e.what()) + ", want " + want.dump());
    } catch (const std::exception& e) {
        check.expect(false, std::string("error ") + e.what() + ", want " + want.dump());
    }
}

std::vector<std::string> run_vector(const std::string& base, const std::string& name, const json& v) {
    Check check;
    auto method = kMethods.find(v.at("method").get<std::string>());
    if (method == kMethods.end()) return {"no method for " + v.at("method").get<std::string>()};
    const std::string key =
        "cpp-" + name + "-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count());
    std::vector<std::pair<std::string, std::string>> headers = {{"X-Engine-Fault-Key", key}};
    if (!v.at("fault").is_null()) headers.emplace_back("X-Engine-Fault", v.at("fault").get<std::string>());
    ops::Client c(base, headers);
    const json& options = v.value("client", json::object());
    if (options.contains("watchdogMs")) c.streams.watchdog_ms = options["watchdogMs"].get<std::int64_t>();
    if (options.contains("maxAttempts")) c.streams.max_attempts = options["maxAttempts"].get<std::int64_t>();
    if (options.contains("initialDelayMs")) c.streams.initial_delay_ms = options["initialDelayMs"].get<std::int64_t>();
    if (options.contains("multiplier")) c.streams.multiplier = options["multiplier"].get<std::int64_t>();
    if (options.contains("maxDelayMs")) c.streams.max_delay_ms = options["maxDelayMs"].get<std::int64_t>();
    Outcome out;
    const auto started = std::chrono::steady_clock::now();
    try {
        method->second.call(c, v, out);
    } catch (...) {
        out.error = std::current_exception();
    }
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    const json parameters = v.value("parameters", json::object());
    for (auto it = parameters.begin(); it != parameters.end(); ++it)
        check.expect(out.parameters_read.count(it.key()) || method->second.sent_by_client.count(it.key()),
                     "the parameter " + it.key() + " is not passed on: kMethods has no member for it");
    const json& expect = v.at("expect");
    compare_stream(expect, out, check);
    compare_error(expect.value("error", json()), out.error, check);
    if (expect.contains("minElapsedMs"))
        check.expect(elapsed >= expect["minElapsedMs"].get<std::int64_t>(),
                     "took " + std::to_string(elapsed) + " ms, want at least " + expect["minElapsedMs"].dump());
    if (expect.contains("lastEventIds")) {
        client::Request r;
        r.path = "/_faults/" + key;
        const json seen = json::parse(c.transport.send(r).body);
        check.expect(
            seen.value("lastEventIds", json()) == expect["lastEventIds"],
            "lastEventIds " + seen.value("lastEventIds", json()).dump() + ", want " + expect["lastEventIds"].dump());
    }
    return check.problems;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: vectors_test VECTORS_DIR SERVER_COMMAND...\n";
        return 2;
    }
#ifdef CONTRACTGEN_ORDERS
    const std::string server_name = "orders";
#else
    const std::string server_name = "engine";
#endif
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(argv[1]))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    Server server;
    start(server, argv + 2);
    int passed = 0, failed = 0;
    for (const auto& file : files) {
        std::ifstream in(file);
        const json v = json::parse(in);
        if (v.value("server", "engine") != server_name) continue;
        const std::string name = file.stem().string();
        const std::vector<std::string> problems = run_vector(server.url, name, v);
        if (problems.empty()) {
            ++passed;
            std::cout << "ok   " << name << "\n";
        } else {
            ++failed;
            std::cout << "FAIL " << name << "\n";
            for (const auto& p : problems) std::cout << "     " << p << "\n";
        }
    }
    std::cout << passed << " passed, " << failed << " failed\n";
    return failed == 0 && passed > 0 ? 0 : 1;
}
