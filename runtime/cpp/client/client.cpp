// Requests, responses and typed errors of the operation clients (libcurl).
#include "contract/client/client.hpp"

#include <curl/curl.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <memory>

namespace contract {
namespace client {

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string trim(std::string_view text) {
    const auto begin = text.find_first_not_of(" \t\r\n");
    if (begin == std::string_view::npos) return {};
    return std::string(text.substr(begin, text.find_last_not_of(" \t\r\n") - begin + 1));
}

std::string quote_start(const std::string& text) {
    std::string out = "\"";
    for (char c : text.substr(0, kMaxQuotedBytes)) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out + (text.size() > kMaxQuotedBytes ? "\"..." : "\"");
}

bool status_matches(const std::string& declared, int status, int rank) {
    if (rank == 0) return declared == std::to_string(status);
    if (rank == 1)
        return declared.size() == 3 && declared[0] == static_cast<char>('0' + status / 100) &&
               lower(declared.substr(1)) == "xx";
    return declared == "default";
}

std::size_t append_body(char* data, std::size_t size, std::size_t count, void* user) {
    static_cast<std::string*>(user)->append(data, size * count);
    return size * count;
}

std::size_t append_header(char* data, std::size_t size, std::size_t count, void* user) {
    auto* headers = static_cast<Headers*>(user);
    std::string_view line(data, size * count);
    if (line.rfind("HTTP/", 0) == 0) headers->clear();  // a new response (after 100 Continue, a redirect)
    const auto colon = line.find(':');
    if (colon != std::string_view::npos) (*headers)[lower(trim(line.substr(0, colon)))] = trim(line.substr(colon + 1));
    return size * count;
}

std::string escape(std::string_view text) {
    static const char* const hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

}  // namespace

ResponseError::ResponseError(int status_, Headers headers_, std::any body_, std::string text_)
    : std::runtime_error(std::to_string(status_) + ": " + quote_start(text_)),
      status(status_),
      headers(std::move(headers_)),
      body(std::move(body_)),
      text(std::move(text_)) {}

UndeclaredError::UndeclaredError(int status_, std::string content_type_, Headers headers_, std::string text_,
                                 std::string reason_)
    : std::runtime_error("undeclared response " + std::to_string(status_) + " (" + content_type_ + "): " + reason_ +
                         ": " + quote_start(text_)),
      status(status_),
      content_type(std::move(content_type_)),
      headers(std::move(headers_)),
      text(std::move(text_)),
      reason(std::move(reason_)) {}

namespace {
std::string failed_message(const std::string& kind, const std::exception_ptr& cause) {
    std::string message = "stream failed: " + kind;
    if (!cause) return message;
    try {
        std::rethrow_exception(cause);
    } catch (const std::exception& e) {
        message += std::string(": ") + e.what();
    }
    return message;
}
}  // namespace

StreamFailed::StreamFailed(std::string kind_, std::exception_ptr cause_)
    : std::runtime_error(failed_message(kind_, cause_)), kind(std::move(kind_)), cause(std::move(cause_)) {}

RuleError::RuleError(std::string rule_, std::string message_)
    : std::runtime_error(rule_ + ": " + message_), rule(std::move(rule_)), message(std::move(message_)) {}

std::string media_type(std::string_view content_type) {
    return lower(trim(content_type.substr(0, content_type.find(';'))));
}

std::optional<std::int64_t> retry_after_ms(const Headers& headers) {
    auto found = headers.find("retry-after");
    if (found == headers.end()) return std::nullopt;
    const std::string value = trim(found->second);
    if (value.empty() || !std::all_of(value.begin(), value.end(), [](unsigned char c) { return std::isdigit(c); }))
        return std::nullopt;
    if (value.size() > 12) return stream::kMaxRetryMs;
    return std::min<std::int64_t>(std::stoll(value) * 1000, stream::kMaxRetryMs);
}

std::exception_ptr error_for(int status, const Headers& headers, const std::string& body,
                             const std::vector<ErrorCase>& errors) {
    auto type = headers.find("content-type");
    const std::string content_type = type == headers.end() ? std::string() : type->second;
    const std::string media = media_type(content_type), start = body.substr(0, kMaxQuotedBytes);
    for (int rank = 0; rank < 3; ++rank) {
        bool matched = false;
        for (const ErrorCase& c : errors) {
            if (!status_matches(c.status, status, rank)) continue;
            matched = true;
            if (!c.decode && body.empty()) return std::make_exception_ptr(ResponseError(status, headers, {}, body));
            if (!c.decode || media_type(c.media) != media) continue;
            try {
                return std::make_exception_ptr(ResponseError(status, headers, c.decode(body), body));
            } catch (const std::exception& e) {
                return std::make_exception_ptr(
                    UndeclaredError(status, content_type, headers, start,
                                    std::string("the body is not the declared type: ") + e.what()));
            }
        }
        if (matched)
            return std::make_exception_ptr(UndeclaredError(status, content_type, headers, start,
                                                           "the media type is not declared for this status"));
    }
    return std::make_exception_ptr(UndeclaredError(status, content_type, headers, start, "the status is not declared"));
}

void call_empty(const Client& client, const Request& request, const std::vector<ErrorCase>& errors) {
    Response response = client.send(request);
    if (response.status >= 200 && response.status <= 299) return;
    std::rethrow_exception(error_for(response.status, response.headers, response.body, errors));
}

std::string expand_path(std::string path_template, const std::vector<std::pair<std::string, std::string>>& values) {
    for (const auto& [name, value] : values) {
        const std::string placeholder = "{" + name + "}", escaped = escape(value);
        for (auto at = path_template.find(placeholder); at != std::string::npos;
             at = path_template.find(placeholder, at + escaped.size()))
            path_template.replace(at, placeholder.size(), escaped);
    }
    return path_template;
}

std::string text(double value) {
    // nlohmann writes 3.0 as "3.0"; Go's and JavaScript's JSON write "3".
    std::string out = nlohmann::json(value).dump();
    if (out.size() > 2 && out.compare(out.size() - 2, 2, ".0") == 0) out.resize(out.size() - 2);
    return out;
}

std::string json_text(const std::string& json) {
    if (json.size() < 2 || json.front() != '"') return json;
    return nlohmann::json::parse(json).get<std::string>();
}

namespace detail {

std::string url_of(const Client& client, const Request& request) {
    std::string url = client.base_url();
    while (!url.empty() && url.back() == '/') url.pop_back();
    url += request.path;
    char separator = '?';
    for (const auto& [name, value] : request.query) {
        url += separator + escape(name) + "=" + escape(value);
        separator = '&';
    }
    return url;
}

std::vector<std::string> header_lines(const Client& client, const Request& request) {
    std::vector<std::string> lines;
    for (const auto& [name, value] : client.headers()) lines.push_back(name + ": " + value);
    for (const auto& [name, value] : request.headers) lines.push_back(name + ": " + value);
    if (request.body) lines.push_back("Content-Type: application/json");
    if (!request.accept.empty()) lines.push_back("Accept: " + request.accept);
    return lines;
}

}  // namespace detail

Response Client::send(const Request& request) const {
    static const bool initialised = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
    if (!initialised) throw std::runtime_error("libcurl could not be initialised");
    std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), curl_easy_cleanup);
    curl_slist* list = nullptr;
    for (const std::string& line : detail::header_lines(*this, request)) list = curl_slist_append(list, line.c_str());
    std::unique_ptr<curl_slist, void (*)(curl_slist*)> header_list(list, curl_slist_free_all);
    const std::string url = detail::url_of(*this, request);
    Response response;
    char error[CURL_ERROR_SIZE] = {0};
    CURL* c = curl.get();
    curl_easy_setopt(c, CURLOPT_URL, url.c_str());
    curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, request.method.c_str());
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, list);
    if (request.body) {
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, request.body->data());
        curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body->size()));
    }
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, append_body);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &response.body);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, append_header);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, &response.headers);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    const CURLcode code = curl_easy_perform(c);
    if (code != CURLE_OK) throw std::runtime_error(url + ": " + (error[0] ? error : curl_easy_strerror(code)));
    long status = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    response.status = static_cast<int>(status);
    return response;
}

}  // namespace client
}  // namespace contract
