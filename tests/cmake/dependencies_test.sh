#!/usr/bin/env bash
# Configuring without a dependency stops with a message naming the Debian
# package to install; the jemalloc opt-out configures without jemalloc; the
# fuzz configuration refuses a compiler other than clang; the profile-guided
# build (cmake/ProfileGuided.cmake) configures its instrumented twin, refuses
# a compiler other than GCC and says when its training fails.
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

configure no-re2 fail -DCMAKE_DISABLE_FIND_PACKAGE_RE2=ON
expect_message no-re2 "contractgen needs RE2 (patterns in the validator and the C++ bindings): install the Debian package 'libre2-dev'"

configure no-yaml fail -DCMAKE_DISABLE_FIND_PACKAGE_YAML=ON
expect_message no-yaml "contractgen needs libyaml (OpenAPI documents in YAML): install the Debian package 'libyaml-dev'"

configure no-pcre2 fail -DCMAKE_DISABLE_FIND_PACKAGE_PCRE2=ON
expect_message no-pcre2 "contractgen needs PCRE2 (patterns with lookaround in the validator and the C++ bindings): install the Debian package 'libpcre2-dev'"

configure no-curl fail -DCMAKE_DISABLE_FIND_PACKAGE_CURL=ON
expect_message no-curl "contractgen needs libcurl (HTTP client of 'contractgen verify --url'): install the Debian package 'libcurl4-openssl-dev'"

configure no-jemalloc fail -DCONTRACTGEN_JEMALLOC_NAME=contractgen-no-such-library
expect_message no-jemalloc "install the Debian package 'libjemalloc-dev'"
expect_message no-jemalloc "-DCONTRACTGEN_JEMALLOC=OFF"

configure jemalloc-off ok -DCONTRACTGEN_JEMALLOC_NAME=contractgen-no-such-library -DCONTRACTGEN_JEMALLOC=OFF \
  -DCONTRACTGEN_PGO=ON

# The fuzz configuration needs clang and its runtime libraries.
configure fuzz-gcc fail -DCONTRACTGEN_FUZZ=ON -DCMAKE_CXX_COMPILER=g++
expect_message fuzz-gcc "CONTRACTGEN_FUZZ needs clang, whose runtime holds libFuzzer (this compiler is GNU)"
expect_message fuzz-gcc "-DCMAKE_CXX_COMPILER=clang++-14 (Debian packages 'clang-14' and 'libclang-rt-14-dev'"
configure fuzz-no-runtime fail -DCONTRACTGEN_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCONTRACTGEN_FUZZ_SANITIZERS=fuzzer,contractgen-no-such-sanitizer
expect_message fuzz-no-runtime "install the Debian package 'libclang-rt-14-dev'"
# The profile-guided build (scripts/package turns it on): its instrumented
# twin configured with the same options; GCC only.
twin="$work/jemalloc-off/pgo/train-build/CMakeCache.txt"
grep -q "^CMAKE_CXX_FLAGS:.*-fprofile-generate -fprofile-update=atomic" "$twin" || { echo "no instrumented twin build: $twin"; exit 1; }
grep -q "^CONTRACTGEN_JEMALLOC:BOOL=OFF" "$twin" || { echo "the twin build does not follow CONTRACTGEN_JEMALLOC"; exit 1; }
grep -q "^CONTRACTGEN_PGO:BOOL=OFF" "$twin" || { echo "the twin build is itself profile-guided"; exit 1; }
# Configured again with other flags, the twin is configured again with them.
configure jemalloc-off ok -DCMAKE_CXX_FLAGS=-Wshadow
grep -q "^CMAKE_CXX_FLAGS:.*=-Wshadow -fprofile-generate" "$twin" || { echo "the twin build kept its old flags"; exit 1; }
grep -q "^CONTRACTGEN_JEMALLOC:BOOL=OFF" "$twin" || { echo "the twin build lost CONTRACTGEN_JEMALLOC"; exit 1; }
# Off by default (scripts/build and scripts/test compile the generator once).
configure pgo-off ok
grep -q "^CONTRACTGEN_PGO:BOOL=OFF" "$work/pgo-off/CMakeCache.txt" || { echo "pgo-off: CONTRACTGEN_PGO is not off by default"; exit 1; }
[ ! -e "$work/pgo-off/pgo" ] || { echo "pgo-off: a twin build was configured"; exit 1; }
configure pgo-clang fail -DCONTRACTGEN_PGO=ON -DCMAKE_CXX_COMPILER=clang++-14
expect_message pgo-clang "CONTRACTGEN_PGO needs GCC (this compiler is Clang); configure with -DCONTRACTGEN_PGO=OFF"
mkdir -p "$work/pgo-blocked/pgo" && touch "$work/pgo-blocked/pgo/train-build"  # a file where the twin goes
configure pgo-blocked fail -DCONTRACTGEN_PGO=ON
expect_message pgo-blocked "configuring the instrumented generator build (CONTRACTGEN_PGO) failed; configure with -DCONTRACTGEN_PGO=OFF to build without it"

# The training: a generator that fails, or one that leaves no counts where
# the optimised build looks for them, stops the build with what happened.
train() {
  local name="$1" generator="$2" status=0
  mkdir -p "$work/$name"
  cmake "-DGENERATOR=$generator" "-DPROFILE_DIR=$work/$name" "-DSOURCE_DIR=$source_dir" "-DSTAMP=$work/$name/trained" \
    -P "$source_dir/cmake/TrainProfile.cmake" >"$work/$name.log" 2>&1 || status=$?
  [ "$status" -ne 0 ] || { echo "$name: the training did not fail"; exit 1; }
  [ ! -e "$work/$name/trained" ] || { echo "$name: the training says it is done"; exit 1; }
}
train train-fails /bin/false
expect_message train-fails "profile training failed (exit 1): contractgen generate --quiet --config $source_dir/contractgen.toml"
train train-no-counts /bin/true
expect_message train-no-counts "profile training wrote its counts under other names than the optimised build looks for"
cmake -P "$source_dir/cmake/TrainProfile.cmake" >"$work/train-usage.log" 2>&1 && { echo "train-usage: no error"; exit 1; }
expect_message train-usage "TrainProfile.cmake: -DGENERATOR=... is required"
echo "ok: missing packages are named, the jemalloc opt-out configures, the fuzz configuration asks for clang, the profile-guided build configures its twin and reports its failures"
