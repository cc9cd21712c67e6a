#include "verify/http.h"

#include <chrono>
#include <memory>

#include "verify/curl_library.h"

namespace contractgen::verify {

namespace {

using Clock = std::chrono::steady_clock;

struct Transfer {
    const CurlLibrary* lib = nullptr;
    CURL* curl = nullptr;
    const std::function<void(long, const std::string&)>* on_start = nullptr;
    const std::function<void(std::string_view)>* on_body = nullptr;
    HttpResponse* response = nullptr;
    bool started = false;
    std::optional<std::int64_t> watchdog_ms;
    Clock::time_point last_data = Clock::now();

    void start() {
        if (started) return;
        started = true;
        lib->easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response->status);
        char* type = nullptr;
        lib->easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &type);
        response->content_type = type ? type : "";
        (*on_start)(response->status, response->content_type);
    }
};

std::size_t on_write(char* data, std::size_t size, std::size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    t->start();
    t->last_data = Clock::now();
    (*t->on_body)(std::string_view(data, size * count));
    return size * count;
}

// Called by libcurl about once a second while the transfer runs: the watchdog.
int on_progress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    auto* t = static_cast<Transfer*>(user);
    if (!t->watchdog_ms) return 0;
    auto idle = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t->last_data).count();
    if (idle <= *t->watchdog_ms) return 0;
    t->response->watchdog = true;
    return 1;  // abort
}

}  // namespace

HttpResponse fetch(const HttpRequest& request, const std::function<void(long, const std::string&)>& on_start,
                   const std::function<void(std::string_view)>& on_body) {
    // Loaded and initialised once per process (curl_library.h says why not linked).
    static CurlLibrary lib;
    static std::string load_error;
    static const bool initialised =
        load_curl(kCurlLibraryName, lib, load_error) && lib.global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
    HttpResponse response;
    if (!initialised) {
        response.error = load_error.empty() ? "libcurl could not be initialised" : load_error;
        return response;
    }
    std::unique_ptr<CURL, void (*)(CURL*)> curl(lib.easy_init(), lib.easy_cleanup);
    curl_slist* headers = nullptr;
    for (const auto& h : request.headers) headers = lib.slist_append(headers, h.c_str());
    std::unique_ptr<curl_slist, void (*)(curl_slist*)> header_list(headers, lib.slist_free_all);

    Transfer t;
    t.lib = &lib;
    t.curl = curl.get();
    t.on_start = &on_start;
    t.on_body = &on_body;
    t.response = &response;
    t.watchdog_ms = request.watchdog_ms;
    char error[CURL_ERROR_SIZE] = {0};

    CURL* c = curl.get();
    lib.easy_setopt(c, CURLOPT_URL, request.url.c_str());
    lib.easy_setopt(c, CURLOPT_ERRORBUFFER, error);
    lib.easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    lib.easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
    lib.easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");  // any encoding libcurl can decode
    lib.easy_setopt(c, CURLOPT_HTTPHEADER, headers);
    if (request.body) {
        lib.easy_setopt(c, CURLOPT_POSTFIELDS, request.body->data());
        lib.easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body->size()));
    }
    lib.easy_setopt(c, CURLOPT_CUSTOMREQUEST, request.method.c_str());
    lib.easy_setopt(c, CURLOPT_WRITEFUNCTION, on_write);
    lib.easy_setopt(c, CURLOPT_WRITEDATA, &t);
    lib.easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
    lib.easy_setopt(c, CURLOPT_XFERINFOFUNCTION, on_progress);
    lib.easy_setopt(c, CURLOPT_XFERINFODATA, &t);
    if (request.timeout_s > 0) lib.easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(request.timeout_s * 1000));

    CURLcode code = lib.easy_perform(c);
    if (code == CURLE_OK) {
        t.start();  // an empty body still has a status
        response.completed = true;
    } else if (!response.watchdog) {
        response.error = error[0] ? error : lib.easy_strerror(code);
        if (t.started) response.completed = false;
    }
    return response;
}

}  // namespace contractgen::verify
