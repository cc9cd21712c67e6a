// libcurl, loaded when `verify --url` first needs it rather than linked.
//
// Linking libcurl made every run of contractgen map it and the thirty
// libraries it depends on (TLS, Kerberos, LDAP, ...) before main: about 3 ms
// of CPU on each start, a tenth of regenerating this repository, for a
// feature only `verify --url` uses (bench/README.md, "libcurl on demand").
// The declarations still come from <curl/curl.h>: the pointers below have
// exactly the types of the functions they stand for.
#pragma once

#include <string>

#include <curl/curl.h>

namespace contractgen::verify {

struct CurlLibrary {
    decltype(&::curl_global_init) global_init;
    decltype(&::curl_easy_init) easy_init;
    decltype(&::curl_easy_cleanup) easy_cleanup;
    decltype(&::curl_easy_setopt) easy_setopt;
    decltype(&::curl_easy_getinfo) easy_getinfo;
    decltype(&::curl_easy_perform) easy_perform;
    decltype(&::curl_easy_strerror) easy_strerror;
    decltype(&::curl_slist_append) slist_append;
    decltype(&::curl_slist_free_all) slist_free_all;
};

// The library's name at run time (its soname: the ABI <curl/curl.h> describes).
inline constexpr const char* kCurlLibraryName = "libcurl.so.4";

// Loads the library `name` and looks up every function above. On failure
// returns false and sets `error` to a sentence saying what is missing and how
// to get it. The library stays loaded for the rest of the process.
bool load_curl(const char* name, CurlLibrary& out, std::string& error);

}  // namespace contractgen::verify
