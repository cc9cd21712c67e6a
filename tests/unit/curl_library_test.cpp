// libcurl is loaded when `verify --url` needs it (src/verify/curl_library.h):
// found, it provides every function the HTTP client calls; missing or not a
// libcurl, the message says which library and how to get it.
#include <catch2/catch.hpp>

#include <string>

#include "verify/curl_library.h"

using contractgen::verify::CurlLibrary;
using contractgen::verify::kCurlLibraryName;
using contractgen::verify::load_curl;

TEST_CASE("libcurl loads by its soname and its functions answer", "[verify]") {
    CurlLibrary lib{};
    std::string error;
    REQUIRE(load_curl(kCurlLibraryName, lib, error));
    CHECK(error.empty());
    // A call through the looked-up pointers reaches libcurl itself.
    CHECK(std::string(lib.easy_strerror(CURLE_OK)) == "No error");
    CURL* handle = lib.easy_init();
    REQUIRE(handle != nullptr);
    CHECK(lib.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L) == CURLE_OK);
    lib.easy_cleanup(handle);
}

TEST_CASE("a missing libcurl is an error naming the library and the package", "[verify]") {
    CurlLibrary lib{};
    std::string error;
    REQUIRE_FALSE(load_curl("libcontractgen-no-such-curl.so.4", lib, error));
    CHECK(error.find("--url needs libcurl, which could not be loaded (") == 0);
    CHECK(error.find("libcontractgen-no-such-curl.so.4") != std::string::npos);
    CHECK(error.find("install the libcurl4 package") != std::string::npos);
}

TEST_CASE("a library that is not libcurl is an error naming the missing function", "[verify]") {
    CurlLibrary lib{};
    std::string error;
    REQUIRE_FALSE(load_curl("libm.so.6", lib, error));
    CHECK(error ==
          "--url needs libcurl, but libm.so.6 is not a usable libcurl (it has no curl_global_init); "
          "install the libcurl4 package");
}
