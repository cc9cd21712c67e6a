# The libFuzzer harnesses (tests/fuzz/) are a configuration of their own,
# built with clang:
#   cmake -S . -B build-fuzz -G Ninja -DCONTRACTGEN_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14
# (scripts/fuzz does this). Everything in it is compiled with coverage
# instrumentation, AddressSanitizer and UndefinedBehaviorSanitizer; only the
# harnesses link the fuzzing engine. It builds the harnesses and their CTest
# tests (label `fuzz`) instead of the test suite. The default build does not
# need clang.
option(CONTRACTGEN_FUZZ "Build the libFuzzer harnesses with clang instead of the test suite" OFF)
if(NOT CONTRACTGEN_FUZZ)
  return()
endif()

if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "CONTRACTGEN_FUZZ needs clang, whose runtime holds libFuzzer (this compiler is "
                      "${CMAKE_CXX_COMPILER_ID}): configure a separate folder with "
                      "-DCMAKE_CXX_COMPILER=clang++-14 (Debian packages 'clang-14' and 'libclang-rt-14-dev'; "
                      "scripts/deps.sh fuzz installs them)")
endif()

# tests/fuzz also compiles one C file (the Python runtime's compiled checks):
# with the clang that goes with clang++, unless a C compiler is named.
if(NOT CMAKE_C_COMPILER)
  string(REGEX REPLACE "clang\\+\\+" "clang" CMAKE_C_COMPILER "${CMAKE_CXX_COMPILER}")
endif()

# A cache variable so that a test can ask for a runtime that is not there.
set(CONTRACTGEN_FUZZ_SANITIZERS "fuzzer,address,undefined" CACHE STRING "-fsanitize= list of the harnesses")
include(CheckCXXSourceCompiles)
set(CMAKE_REQUIRED_FLAGS "-fsanitize=${CONTRACTGEN_FUZZ_SANITIZERS}")
set(CMAKE_REQUIRED_LINK_OPTIONS "-fsanitize=${CONTRACTGEN_FUZZ_SANITIZERS}")
check_cxx_source_compiles([[
#include <cstddef>
#include <cstdint>
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }
]] CONTRACTGEN_HAVE_LIBFUZZER)
unset(CMAKE_REQUIRED_FLAGS)
unset(CMAKE_REQUIRED_LINK_OPTIONS)
contractgen_require_package(CONTRACTGEN_HAVE_LIBFUZZER libclang-rt-14-dev
                            "clang's runtime libraries for -fsanitize=${CONTRACTGEN_FUZZ_SANITIZERS}")

# Every target below is instrumented; the engine itself (-fsanitize=fuzzer)
# is linked by the harnesses only. -O1, and line tables for the reports; NDEBUG
# off, so that library assertions (nlohmann's among them) are checked too.
string(REPLACE "fuzzer" "fuzzer-no-link" CONTRACTGEN_FUZZ_INSTRUMENT "${CONTRACTGEN_FUZZ_SANITIZERS}")
add_compile_options(-fsanitize=${CONTRACTGEN_FUZZ_INSTRUMENT} -fno-sanitize-recover=all -fno-omit-frame-pointer
                    -O1 -gline-tables-only -UNDEBUG)
add_link_options(-fsanitize=${CONTRACTGEN_FUZZ_INSTRUMENT})
# jemalloc and AddressSanitizer both replace malloc.
set(CONTRACTGEN_JEMALLOC OFF)
