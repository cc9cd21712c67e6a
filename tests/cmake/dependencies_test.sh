#!/usr/bin/env bash
# Configuring without a dependency stops with a message naming the Debian
# package to install; the jemalloc opt-out configures without jemalloc; the
# fuzz configuration refuses a compiler other than clang.
# Packages are hidden from CMake (CMAKE_DISABLE_FIND_PACKAGE_<name>, or a
# library name that does not exist), not uninstalled.
set -euo pipefail
source_dir="$1"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

# configure NAME EXPECTED_STATUS ARGS...: runs cmake, checks its exit status.
configure() {
  local name="$1" expected="$2"; shift 2
  local status=0
  cmake -S "$source_dir" -B "$work/$name" -G Ninja -DBUILD_TESTING=OFF "$@" >"$work/$name.log" 2>&1 || status=$?
  if { [ "$expected" = ok ] && [ "$status" -ne 0 ]; } || { [ "$expected" = fail ] && [ "$status" -eq 0 ]; }; then
    echo "$name: configure exited $status, expected $expected"; cat "$work/$name.log"; exit 1
  fi
}

# expect_message NAME TEXT: the configure log says TEXT (CMake folds long lines).
expect_message() {
  tr -s ' \n' ' ' <"$work/$1.log" | grep -qF -- "$2" || { echo "$1: no '$2' in:"; cat "$work/$1.log"; exit 1; }
}

configure no-json fail -DCMAKE_IGNORE_PREFIX_PATH=/usr
expect_message no-json "contractgen needs nlohmann_json (JSON): install the Debian package 'nlohmann-json3-dev'"

configure no-toml fail -DCMAKE_DISABLE_FIND_PACKAGE_tomlplusplus=ON
expect_message no-toml "contractgen needs toml++ (contractgen.toml): install the Debian package 'libtomlplusplus-dev'"

configure no-openssl fail -DCMAKE_DISABLE_FIND_PACKAGE_OpenSSL=ON
expect_message no-openssl "install the Debian package 'libssl-dev'"

configure no-jemalloc fail -DCONTRACTGEN_JEMALLOC_NAME=contractgen-no-such-library
expect_message no-jemalloc "install the Debian package 'libjemalloc-dev'"
expect_message no-jemalloc "-DCONTRACTGEN_JEMALLOC=OFF"

configure jemalloc-off ok -DCONTRACTGEN_JEMALLOC_NAME=contractgen-no-such-library -DCONTRACTGEN_JEMALLOC=OFF

# The fuzz configuration needs clang and its runtime libraries.
configure fuzz-gcc fail -DCONTRACTGEN_FUZZ=ON -DCMAKE_CXX_COMPILER=g++
expect_message fuzz-gcc "CONTRACTGEN_FUZZ needs clang, whose runtime holds libFuzzer (this compiler is GNU)"
expect_message fuzz-gcc "-DCMAKE_CXX_COMPILER=clang++-14 (Debian packages 'clang-14' and 'libclang-rt-14-dev'"
configure fuzz-no-runtime fail -DCONTRACTGEN_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCONTRACTGEN_FUZZ_SANITIZERS=fuzzer,contractgen-no-such-sanitizer
expect_message fuzz-no-runtime "install the Debian package 'libclang-rt-14-dev'"
echo "ok: missing packages are named, the jemalloc opt-out configures, the fuzz configuration asks for clang"
