#include "verify/curl_library.h"

#include <dlfcn.h>

namespace contractgen::verify {

namespace {

template <class F>
bool find(void* library, const char* symbol, F& out, std::string& error) {
    out = reinterpret_cast<F>(dlsym(library, symbol));
    if (out == nullptr && error.empty()) error = std::string("it has no ") + symbol;
    return out != nullptr;
}

}  // namespace

bool load_curl(const char* name, CurlLibrary& out, std::string& error) {
    error.clear();
    void* library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        const char* why = dlerror();
        error = std::string("--url needs libcurl, which could not be loaded (") + (why ? why : name) +
                "); install the libcurl4 package";
        return false;
    }
    // Every symbol is looked up, so that the message names each one missing.
    bool ok = true;
    ok = find(library, "curl_global_init", out.global_init, error) && ok;
    ok = find(library, "curl_easy_init", out.easy_init, error) && ok;
    ok = find(library, "curl_easy_cleanup", out.easy_cleanup, error) && ok;
    ok = find(library, "curl_easy_setopt", out.easy_setopt, error) && ok;
    ok = find(library, "curl_easy_getinfo", out.easy_getinfo, error) && ok;
    ok = find(library, "curl_easy_perform", out.easy_perform, error) && ok;
    ok = find(library, "curl_easy_strerror", out.easy_strerror, error) && ok;
    ok = find(library, "curl_slist_append", out.slist_append, error) && ok;
    ok = find(library, "curl_slist_free_all", out.slist_free_all, error) && ok;
    if (!ok) {
        error = std::string("--url needs libcurl, but ") + name + " is not a usable libcurl (" + error +
                "); install the libcurl4 package";
        dlclose(library);
    }
    return ok;
}

}  // namespace contractgen::verify
