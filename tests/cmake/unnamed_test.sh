#!/usr/bin/env bash
# contractgen_generate() in a folder without a contractgen.toml: each call
# names its generated C++ project after its own target, so two contracts in
# one build do not both write `project(_bindings ...)` / `add_library(_bindings ...)`;
# the C++ namespace stays the documented default, `contract`.
set -euo pipefail
source_dir="$1"; generator="$2"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src"
cp -r "$source_dir/tests/cmake/consumer/schemas" "$work/src/schemas"
cat > "$work/src/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(two_contracts LANGUAGES CXX)
include("$source_dir/cmake/ContractgenGenerate.cmake")
contractgen_generate(first_contract SCHEMAS "\${CMAKE_CURRENT_SOURCE_DIR}/schemas"
  OUT "\${CMAKE_CURRENT_BINARY_DIR}/first" TARGETS cpp GENERATOR "$generator")
contractgen_generate(second_contract SCHEMAS "\${CMAKE_CURRENT_SOURCE_DIR}/schemas"
  OUT "\${CMAKE_CURRENT_BINARY_DIR}/second" TARGETS cpp GENERATOR "$generator")
CMAKE
cmake -S "$work/src" -B "$work/build" -G Ninja >/dev/null
cmake --build "$work/build" --target first_contract second_contract >/dev/null
for which in first second; do
  lists="$work/build/$which/cpp/CMakeLists.txt"
  grep -q "^project(${which}_contract_bindings " "$lists" ||
    { echo "$which: the generated project is not ${which}_contract_bindings:"; grep -n "project(\|add_library(" "$lists"; exit 1; }
  grep -q "^add_library(${which}_contract_bindings " "$lists" ||
    { echo "$which: the generated library is not ${which}_contract_bindings:"; grep -n "add_library(" "$lists"; exit 1; }
  grep -q "contract::bindings" "$lists" || { echo "$which: the namespace is no longer contract"; exit 1; }
done
echo "contractgen_generate without contractgen.toml: each contract's C++ project is named after its target"
