// A live endpoint as a stream source for `contractgen verify --url`: one
// HTTP request (libcurl: HTTP/1.1 and 2, TLS, redirects, chunked and
// compressed bodies), the body handed over chunk by chunk as it arrives, so
// a stream is checked while it flows.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace contractgen::verify {

struct HttpRequest {
    std::string url;
    std::string method = "GET";
    std::optional<std::string> body;
    std::vector<std::string> headers;       // "Name: value"
    double timeout_s = 0;                   // the whole exchange; 0: none
    std::optional<std::int64_t> watchdog_ms;  // give up after this long without data
};

struct HttpResponse {
    bool completed = false;   // the exchange ended normally (the server closed the response)
    std::string error;        // why not: connection refused, timeout, ...
    bool watchdog = false;    // it was abandoned after watchdog_ms without data
    long status = 0;
    std::string content_type;
};

// `on_start(status, content_type)` is called once, before the first body
// chunk (or at the end for an empty body); `on_body` with each chunk.
HttpResponse fetch(const HttpRequest& request, const std::function<void(long, const std::string&)>& on_start,
                   const std::function<void(std::string_view)>& on_body);

}  // namespace contractgen::verify
