// The Reconnector (runtime/cpp/include/contract/stream/reconnect.hpp): the
// rules the ChatClient's transcripts do not reach (429 and Retry-After, the
// end of a stream), on virtual time; the Go runtime has the same cases
// (runtime/go/contract/stream/reconnect_test.go).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "contract/stream/reconnect.hpp"

namespace stream = contract::stream;

namespace {

struct ReconnectFixture {
    stream::ManualScheduler scheduler;
    std::vector<std::string> actions;
    stream::Reconnector reconnector{stream::ReconnectConfig{30000, stream::BackoffConfig{1000, 2, 10000, 2}, {404}},
                                    scheduler, [this](const stream::ReconnectAction& a) {
                                        static const char* const names[] = {"connect", "cancel", "retry", "failed"};
                                        std::ostringstream line;
                                        line << names[static_cast<int>(a.kind)] << " " << a.attempt << " " << a.delay_ms
                                             << " " << a.reason << " " << a.status;
                                        actions.push_back(line.str());
                                    }};
};

}  // namespace

TEST_CASE("Reconnector: a 429 waits its Retry-After without earlier data, then a 404 fails") {
    ReconnectFixture f;
    f.reconnector.start();
    f.reconnector.response(429, 2500);
    f.scheduler.advance(2499);
    CHECK(f.reconnector.state() == stream::ConnectionState::waiting);
    f.scheduler.advance(1);
    f.reconnector.response(404);
    CHECK(f.actions ==
          std::vector<std::string>{"connect 0 0  0", "retry 1 2500  0", "connect 1 0  0", "failed 0 0 status 404"});
}

TEST_CASE("Reconnector: a 429 without Retry-After takes the backoff and runs out of attempts") {
    ReconnectFixture f;
    f.reconnector.start();
    for (int i = 0; i < 3; ++i) {
        f.reconnector.response(429);
        f.scheduler.advance(10000);
    }
    CHECK(f.actions == std::vector<std::string>{"connect 0 0  0", "retry 1 1000  0", "connect 1 0  0",
                                                "retry 2 2000  0", "connect 2 0  0",
                                                "failed 0 0 retries_exhausted 429"});
}

TEST_CASE("Reconnector: the watchdog drops a silent connection, data restarts the attempts") {
    ReconnectFixture f;
    f.reconnector.start();
    f.reconnector.response(200);
    CHECK(f.reconnector.data());
    f.scheduler.advance(30000);
    f.scheduler.advance(1000);
    f.reconnector.response(200);
    f.reconnector.data();
    f.reconnector.dropped();
    CHECK(f.actions == std::vector<std::string>{"connect 0 0  0", "cancel 0 0 watchdog 0", "retry 1 1000  0",
                                                "connect 1 0  0", "retry 1 1000  0"});
}

TEST_CASE("Reconnector: a first drop without data fails, done stops the timers") {
    ReconnectFixture f;
    f.reconnector.start();
    f.reconnector.response(500);
    CHECK(f.actions.back() == "failed 0 0 no_data 0");

    ReconnectFixture g;
    g.reconnector.start();
    g.reconnector.response(200);
    g.reconnector.done();
    g.scheduler.advance(60000);
    CHECK(g.reconnector.state() == stream::ConnectionState::done);
    CHECK(g.actions.size() == 1);
    CHECK_THROWS_AS(g.reconnector.start(), std::logic_error);
}

TEST_CASE("Reconnector: fail_on_status ends at other statuses but retries a 503") {
    stream::ManualScheduler scheduler;
    std::vector<std::string> actions;
    stream::ReconnectConfig config{0, stream::BackoffConfig{10, 1, 10, 1}, {}, true};
    stream::Reconnector reconnector(config, scheduler, [&](const stream::ReconnectAction& a) {
        actions.push_back(std::to_string(static_cast<int>(a.kind)) + " " + a.reason + " " + std::to_string(a.status));
    });
    reconnector.start();
    reconnector.response(503);
    scheduler.advance(10);
    reconnector.response(500);
    CHECK(actions == std::vector<std::string>{"0  0", "2  0", "0  0", "3 status 500"});
}
