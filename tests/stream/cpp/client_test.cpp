// The C++ operation clients' transport (contract::client, libcurl) against a
// scripted server on loopback: each connection gets its script of raw HTTP
// (written, waited for, or cut). The Go runtime's contract/client tests the
// same cases.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "contract/client/client.hpp"

namespace client = contract::client;

namespace {

// One step of a connection's script: bytes to send, then a pause; a script ends by closing.
struct Step {
    std::string bytes;
    int pause_ms = 0;
};

class ScriptedServer {
public:
    explicit ScriptedServer(std::vector<std::vector<Step>> scripts) : scripts_(std::move(scripts)) {
        listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address);
        socklen_t size = sizeof address;
        ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &size);
        port_ = ntohs(address.sin_port);
        ::listen(listener_, 8);
        thread_ = std::thread([this] { serve(); });
    }
    ~ScriptedServer() {
        ::shutdown(listener_, SHUT_RDWR);
        ::close(listener_);
        thread_.join();
    }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
    std::vector<std::string> requests() {
        std::lock_guard<std::mutex> lock(mutex_);
        return requests_;
    }

private:
    void serve() {
        for (const auto& script : scripts_) {
            const int connection = ::accept(listener_, nullptr, nullptr);
            if (connection < 0) return;
            std::string request;
            char buffer[4096];
            while (request.find("\r\n\r\n") == std::string::npos) {
                const ssize_t n = ::recv(connection, buffer, sizeof buffer, 0);
                if (n <= 0) break;
                request.append(buffer, static_cast<std::size_t>(n));
            }
            {
                std::lock_guard<std::mutex> lock(mutex_);
                requests_.push_back(request);
            }
            for (const Step& step : script) {
                ::send(connection, step.bytes.data(), step.bytes.size(), MSG_NOSIGNAL);
                std::this_thread::sleep_for(std::chrono::milliseconds(step.pause_ms));
            }
            ::close(connection);
        }
    }

    std::vector<std::vector<Step>> scripts_;
    int listener_ = -1;
    int port_ = 0;
    std::thread thread_;
    std::mutex mutex_;
    std::vector<std::string> requests_;
};

std::string head(int status, const std::string& type, const std::string& extra = "") {
    return "HTTP/1.1 " + std::to_string(status) + " X\r\nContent-Type: " + type + "\r\n" + extra +
           "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
}
std::string chunk(const std::string& text) {
    char size[16];
    std::snprintf(size, sizeof size, "%zx", text.size());
    return std::string(size) + "\r\n" + text + "\r\n";
}
const std::string kLast = "0\r\n\r\n";

struct Item {
    std::string type;
    std::optional<std::int64_t> seq;
};

// A stand-in for the bindings' decoder: {"type":T[,...,"seq":N]}.
Item decode_item(std::string_view text) {
    auto field = [&](const std::string& name) -> std::optional<std::string> {
        const auto at = text.find("\"" + name + "\":");
        if (at == std::string_view::npos) return std::nullopt;
        auto begin = at + name.size() + 3;
        if (text[begin] == '"') return std::string(text.substr(begin + 1, text.find('"', begin + 1) - begin - 1));
        return std::string(text.substr(begin, text.find_first_of(",}", begin) - begin));
    };
    auto type = field("type");
    if (!type) throw std::runtime_error("/type: required");
    auto seq = field("seq");
    return Item{*type, seq ? std::optional<std::int64_t>(std::stoll(*seq)) : std::nullopt};
}

client::StreamShape ndjson_shape(std::vector<std::string> warnings = {}) {
    client::StreamShape shape;
    shape.framing = client::Framing::ndjson;
    shape.media = {"application/x-ndjson"};
    shape.rules.tag_pointer = "/type";
    shape.rules.first = {"start"};
    shape.rules.terminal = {"done"};
    shape.rules.terminal_required = true;
    shape.rules.heartbeat_tag = "heartbeat";
    shape.rules.warnings = std::move(warnings);
    shape.reconnect = contract::stream::ReconnectConfig{300, contract::stream::BackoffConfig{10, 2, 100, 3}, {404}};
    shape.errors = {client::ErrorCase{"404", "application/json",
                                      [](std::string_view body) -> std::any { return std::string(body); }},
                    client::ErrorCase{"429", "application/json",
                                      [](std::string_view body) -> std::any { return std::string(body); }}};
    return shape;
}

// The events and the end, one line each.
std::vector<std::string> outcome(const std::string& url, const client::Request& request,
                                 const client::StreamShape& shape) {
    std::vector<std::string> out;
    try {
        client::read_stream<Item>(
            client::Client(url), request, shape, decode_item, [&](const client::StreamEvent<Item>& e) {
                if (e.kind == client::StreamEventKind::item)
                    out.push_back("item " + e.item->type + (e.item->seq ? " " + std::to_string(*e.item->seq) : ""));
                else if (e.kind == client::StreamEventKind::finding)
                    out.push_back("finding " + e.finding->rule);
                else
                    out.push_back("retry " + std::to_string(e.attempt));
                return true;
            });
        out.push_back("end");
    } catch (const std::exception& e) {
        out.push_back(std::string("error ") + e.what());
    }
    return out;
}

}  // namespace

TEST_CASE("client stream: read to the terminal item, the request as built") {
    ScriptedServer server(
        {{{head(200, "application/x-ndjson") + chunk("{\"type\":\"start\"}\n") +
           chunk("{\"type\":\"heartbeat\"}\n{\"type\":\"delta\"}\n\n{\"type\":\"done\"}\n{\"type\":\"late\"}\n") +
           kLast}}});
    client::Request request;
    request.path = "/s";
    request.query = {{"id", "m 1"}};
    request.headers = {{"X-Client", "1"}};
    request.accept = "application/x-ndjson";
    CHECK(outcome(server.url(), request, ndjson_shape()) ==
          std::vector<std::string>{"item start", "item delta", "item done", "end"});
    const std::string sent = server.requests().at(0);
    CHECK(sent.rfind("GET /s?id=m%201 HTTP/1.1\r\n", 0) == 0);
    CHECK(sent.find("X-Client: 1\r\n") != std::string::npos);
    CHECK(sent.find("Accept: application/x-ndjson\r\n") != std::string::npos);
}

TEST_CASE("client stream: the first item and bad lines are findings, a cut reconnects") {
    ScriptedServer server(
        {{{head(200, "application/x-ndjson") + chunk("{\"type\":\"delta\"}\n{\"nope\":1}\n")}},
         {{head(200, "application/x-ndjson") + chunk("{\"type\":\"start\"}\n{\"type\":\"done\"}\n") + kLast}}});
    CHECK(outcome(server.url(), client::Request{}, ndjson_shape({"first", "item"})) ==
          std::vector<std::string>{"finding first", "item delta", "finding item", "retry 1", "item start", "item done",
                                   "end"});
}

TEST_CASE("client stream: the watchdog cancels a silent connection") {
    ScriptedServer server(
        {{{head(200, "application/x-ndjson") + chunk("{\"type\":\"start\"}\n"), 1500}},
         {{head(200, "application/x-ndjson") + chunk("{\"type\":\"start\"}\n{\"type\":\"done\"}\n") + kLast}}});
    CHECK(outcome(server.url(), client::Request{}, ndjson_shape()) ==
          std::vector<std::string>{"item start", "retry 1", "item start", "item done", "end"});
}

TEST_CASE("client stream: Retry-After on a 429, then a 404 as its declared error") {
    const std::string slow = "{\"message\":\"slow down\"}", gone = "{\"message\":\"no such stream\"}";
    ScriptedServer server({{{head(429, "application/json", "Retry-After: 1\r\n") + chunk(slow) + kLast}},
                           {{head(404, "application/json") + chunk(gone) + kLast}}});
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::string> events;
    try {
        client::read_stream<Item>(client::Client(server.url()), client::Request{}, ndjson_shape(), decode_item,
                                  [&](const client::StreamEvent<Item>& e) {
                                      events.push_back("retry " + std::to_string(e.attempt));
                                      return true;
                                  });
        FAIL("no error");
    } catch (const client::ResponseError& e) {
        CHECK(e.status == 404);
        REQUIRE(e.body_as<std::string>() != nullptr);
        CHECK(*e.body_as<std::string>() == gone);
        CHECK(e.headers.at("content-type") == "application/json");
    }
    CHECK(events == std::vector<std::string>{"retry 1"});
    CHECK(std::chrono::steady_clock::now() - start >= std::chrono::seconds(1));
}

TEST_CASE("client stream: Last-Event-ID on reconnection, replayed and late items are findings, not items") {
    auto event = [](const std::string& op, int seq) {
        return chunk("event: packet\nid: a\ndata: {\"type\":\"" + op +
                     "\",\"key\":\"a\",\"seq\":" + std::to_string(seq) + "}\n\n");
    };
    ScriptedServer server(
        {{{head(200, "text/event-stream") + event("DELTA", 0) + event("DELTA", 2)}},
         {{head(200, "text/event-stream") + event("DELTA", 2) + event("CLOSE", 3) + event("DELTA", 4) + kLast}}});
    client::StreamShape shape;
    shape.framing = client::Framing::sse;
    shape.media = {"text/event-stream"};
    shape.resume = true;
    shape.rules.tag_pointer = "/type";
    shape.rules.terminal = {"CLOSE"};
    shape.rules.terminal_required = true;
    shape.rules.key_pointer = "/key";
    shape.rules.sequence_pointer = "/seq";
    shape.rules.gapless = true;
    shape.rules.sse_events = {"packet"};
    shape.rules.sse_id_pointer = "/key";
    shape.rules.warnings = {"sequence.gap"};
    shape.reconnect.backoff = contract::stream::BackoffConfig{5, 1, 5, 1};
    CHECK(outcome(server.url(), client::Request{}, shape) ==
          std::vector<std::string>{"item DELTA 0", "finding sequence.gap", "item DELTA 2", "retry 1", "item CLOSE 3",
                                   "error terminal.after: an item after the terminal one (key \"a\")"});
    CHECK(server.requests().at(1).find("Last-Event-ID: a\r\n") != std::string::npos);
    CHECK(server.requests().at(0).find("Last-Event-ID") == std::string::npos);
}

TEST_CASE("client stream: a rule of severity error ends the stream, so does a clean end without the terminal item") {
    ScriptedServer server(
        {{{head(200, "application/x-ndjson") + chunk("{\"type\":\"delta\"}\n{\"type\":\"done\"}\n") + kLast}},
         {{head(200, "application/x-ndjson") + chunk("{\"type\":\"start\"}\n") + kLast}}});
    CHECK(outcome(server.url(), client::Request{}, ndjson_shape()) ==
          std::vector<std::string>{"error first: the first item is \"delta\", not one of start"});
    auto shape = ndjson_shape();
    shape.reconnect.backoff.max_attempts = 0;
    CHECK(outcome(server.url(), client::Request{}, shape) ==
          std::vector<std::string>{"item start", "error stream failed: terminal.missing"});
}

TEST_CASE("client stream: an undeclared response quotes its status and the start of its text") {
    ScriptedServer server(
        {{{head(502, "text/html") + chunk("<h1>upstream down</h1>" + std::string(500, 'x')) + kLast}}});
    const auto out = outcome(server.url(), client::Request{}, ndjson_shape());
    REQUIRE(out.size() == 1);
    CHECK(out[0].rfind("error undeclared response 502 (text/html): the status is not declared: "
                       "\"<h1>upstream down</h1>xxx",
                       0) == 0);
    CHECK(out[0].size() < 400);
}

TEST_CASE("client call_json: the success body typed, declared errors typed, others undeclared") {
    ScriptedServer server({{{head(200, "application/json; charset=utf-8") + chunk("{\"type\":\"answer\"}") + kLast}},
                           {{head(404, "application/json") + chunk("{\"message\":\"gone\"}") + kLast}},
                           {{head(404, "text/plain") + chunk("no route") + kLast}}});
    const client::Client c(server.url());
    client::Request post;
    post.method = "POST";
    post.body = "{}";
    const auto shape = ndjson_shape();
    CHECK(client::call_json<Item>(c, post, "application/json", decode_item, shape.errors).type == "answer");
    CHECK(server.requests().at(0).find("Content-Type: application/json\r\n") != std::string::npos);
    try {
        client::call_json<Item>(c, client::Request{}, "application/json", decode_item, shape.errors);
        FAIL("no error");
    } catch (const client::ResponseError& e) {
        CHECK(e.status == 404);
        CHECK(*e.body_as<std::string>() == "{\"message\":\"gone\"}");
    }
    CHECK_THROWS_WITH(client::call_json<Item>(c, client::Request{}, "application/json", decode_item, shape.errors),
                      "undeclared response 404 (text/plain): the media type is not declared for this status: "
                      "\"no route\"");
}

TEST_CASE("client retry_after_ms: delta-seconds only") {
    CHECK(client::retry_after_ms({{"retry-after", "3"}}) == 3000);
    CHECK(client::retry_after_ms({{"retry-after", " 0 "}}) == 0);
    CHECK(!client::retry_after_ms({{"retry-after", "soon"}}));
    CHECK(!client::retry_after_ms({{"retry-after", "-1"}}));
    CHECK(!client::retry_after_ms({}));
    CHECK(!client::retry_after_ms({{"retry-after", "Thu, 01 Jan 1970 00:00:00 GMT"}}));
}

TEST_CASE("client call_empty: any 2xx returns, a declared error is typed") {
    ScriptedServer server({{{"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n"}},
                           {{head(404, "application/json") + chunk("{\"message\":\"gone\"}") + kLast}},
                           {{head(500, "text/plain") + chunk("boom") + kLast}}});
    const client::Client c(server.url());
    client::Request del;
    del.method = "DELETE";
    del.path = "/orders/1";
    const auto errors = ndjson_shape().errors;
    CHECK_NOTHROW(client::call_empty(c, del, errors));
    CHECK(server.requests().at(0).rfind("DELETE /orders/1 HTTP/1.1\r\n", 0) == 0);
    try {
        client::call_empty(c, del, errors);
        FAIL("no error");
    } catch (const client::ResponseError& e) {
        CHECK(e.status == 404);
        CHECK(*e.body_as<std::string>() == "{\"message\":\"gone\"}");
    }
    CHECK_THROWS_WITH(client::call_empty(c, del, errors),
                      "undeclared response 500 (text/plain): the status is not declared: \"boom\"");
}

TEST_CASE("client expand_path: each placeholder replaced by its value, escaped as one segment") {
    CHECK(client::expand_path("/orders/{id}/events", {{"id", "a/b c"}}) == "/orders/a%2Fb%20c/events");
    CHECK(client::expand_path("/{a}/{b}/{a}", {{"a", "x"}, {"b", "{a}"}}) == "/x/%7Ba%7D/x");
    CHECK(client::expand_path("/static", {{"id", "1"}}) == "/static");
}

TEST_CASE("client text and json_text: the wire text of a parameter") {
    CHECK(client::text(std::string("a b")) == "a b");
    CHECK(client::text(std::int64_t{-42}) == "-42");
    CHECK(client::text(true) == "true");
    CHECK(client::text(false) == "false");
    CHECK(client::text(0.5) == "0.5");
    CHECK(client::text(3.0) == "3");
    CHECK(client::text(1e21) == "1e+21");
    CHECK(client::json_text("\"caf\\u00e9 \\\"x\\\"\"") == "caf\xc3\xa9 \"x\"");
    CHECK(client::json_text("{\"a\":1}") == "{\"a\":1}");
    CHECK(client::json_text("7") == "7");
}
