# Every dependency comes from Debian's packages. A missing one stops
# configuration with the package to install (scripts/deps.sh apt installs all).

include(${CMAKE_CURRENT_LIST_DIR}/Portable.cmake)  # -DCONTRACTGEN_STATIC_DEPS=ON: static archives

function(contractgen_require_package found package what)
  if(NOT ${found})
    message(FATAL_ERROR "contractgen needs ${what}: install the Debian package '${package}' "
                        "(apt-get install ${package}, or run scripts/deps.sh apt)")
  endif()
endfunction()

find_package(nlohmann_json 3.11 QUIET)
contractgen_require_package(nlohmann_json_FOUND nlohmann-json3-dev "nlohmann_json (JSON)")

# RE2 matches patterns in linear time in the text, whatever a payload or a
# stream sends: in contractgen's validator (src/validate/, used by `verify` and
# `breaking`) and in the C++ bindings (generated/cpp and every
# contractgen_generate() library link it).
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND AND NOT CMAKE_DISABLE_FIND_PACKAGE_RE2)
  pkg_check_modules(RE2 QUIET IMPORTED_TARGET GLOBAL re2)
endif()
contractgen_require_package(RE2_FOUND libre2-dev "RE2 (patterns in the validator and the C++ bindings)")
# PCRE2 matches the patterns RE2 cannot (lookaround, repetition counts above
# 1000) by backtracking under a match limit: in the validator and in the C++
# bindings of a contract that has such a pattern (docs/semantics.md, "Patterns").
if(PKG_CONFIG_FOUND AND NOT CMAKE_DISABLE_FIND_PACKAGE_PCRE2)
  pkg_check_modules(PCRE2 QUIET IMPORTED_TARGET GLOBAL libpcre2-8)
endif()
contractgen_require_package(PCRE2_FOUND libpcre2-dev "PCRE2 (patterns with lookaround in the validator and the C++ bindings)")

# OpenAPI documents written in YAML (schemas/<family>/openapi.yaml): libyaml,
# the reference C parser (PyYAML's), whose events carry line and column.
if(PKG_CONFIG_FOUND AND NOT CMAKE_DISABLE_FIND_PACKAGE_YAML)
  pkg_check_modules(YAML QUIET IMPORTED_TARGET GLOBAL yaml-0.1)
endif()
contractgen_require_package(YAML_FOUND libyaml-dev "libyaml (OpenAPI documents in YAML)")

find_package(CLI11 2.1 QUIET)
contractgen_require_package(CLI11_FOUND libcli11-dev "CLI11 (command line)")

find_path(KAINJOW_MUSTACHE_INCLUDE_DIR kainjow/mustache.hpp)
contractgen_require_package(KAINJOW_MUSTACHE_INCLUDE_DIR libkainjow-mustache-dev "kainjow mustache (templates)")

find_package(tomlplusplus 3 QUIET)
contractgen_require_package(tomlplusplus_FOUND libtomlplusplus-dev "toml++ (contractgen.toml)")
set(CONTRACTGEN_TOML_TARGET tomlplusplus::tomlplusplus)
if(CONTRACTGEN_STATIC_DEPS)
  # Debian ships toml++ as a shared library only: compiled into contractgen
  # instead, in its header-only mode.
  add_library(contractgen_toml_header_only INTERFACE)
  get_target_property(contractgen_toml_includes tomlplusplus::tomlplusplus INTERFACE_INCLUDE_DIRECTORIES)
  target_include_directories(contractgen_toml_header_only INTERFACE ${contractgen_toml_includes})
  target_compile_definitions(contractgen_toml_header_only INTERFACE TOML_HEADER_ONLY=1)
  set(CONTRACTGEN_TOML_TARGET contractgen_toml_header_only)
endif()

find_package(OpenSSL 1.1 QUIET COMPONENTS Crypto)
contractgen_require_package(OpenSSL_FOUND libssl-dev "OpenSSL libcrypto (SHA-256 of the schema set)")

# `contractgen verify --url` reads a live endpoint (HTTP/1.1 and 2, TLS,
# proxies, chunked bodies, redirects): libcurl rather than a client of our own.
# Its headers are needed to build; the library itself is loaded when --url is
# used (src/verify/curl_library.h), so other commands start without it.
find_package(CURL 7.68 QUIET)
contractgen_require_package(CURL_FOUND libcurl4-openssl-dev "libcurl (HTTP client of 'contractgen verify --url')")

find_path(DTL_INCLUDE_DIR dtl/dtl.hpp)
contractgen_require_package(DTL_INCLUDE_DIR libdtl-dev "dtl (diffs for 'contractgen check')")

# The generator allocates millions of small objects (JSON nodes, view-model
# strings) from several threads; with glibc's allocator malloc/free are a
# quarter of its instructions. jemalloc cuts the wall time of a large schema by
# about a third and its peak memory too (see README, Speed). Only the
# generator links it; generated code never depends on it.
option(CONTRACTGEN_JEMALLOC "Link the contractgen executable with jemalloc" ON)
if(CONTRACTGEN_JEMALLOC)
  # The library's name is a cache variable so that a test can pretend it is missing.
  set(CONTRACTGEN_JEMALLOC_NAME jemalloc CACHE STRING "Name of the jemalloc library to link")
  find_library(JEMALLOC_LIBRARY ${CONTRACTGEN_JEMALLOC_NAME})
  contractgen_require_package(JEMALLOC_LIBRARY libjemalloc-dev
                              "jemalloc (allocator; or configure with -DCONTRACTGEN_JEMALLOC=OFF)")
endif()

if(BUILD_TESTING)
  find_package(Catch2 2.13 QUIET)
  contractgen_require_package(Catch2_FOUND catch2 "Catch2 2.x (tests)")
  # The Go target's tests build the bindings with Go's own toolchain (1.19 or newer).
  find_program(CONTRACTGEN_GO go PATHS /usr/local/go/bin /usr/lib/go/bin)
  contractgen_require_package(CONTRACTGEN_GO golang-go "a Go toolchain (tests of the Go bindings)")
  get_filename_component(contractgen_go_bin "${CONTRACTGEN_GO}" DIRECTORY)
  find_program(CONTRACTGEN_GOFMT gofmt HINTS "${contractgen_go_bin}" PATHS /usr/local/go/bin /usr/lib/go/bin)
  contractgen_require_package(CONTRACTGEN_GOFMT golang-go "gofmt (tests of the Go bindings)")
endif()
