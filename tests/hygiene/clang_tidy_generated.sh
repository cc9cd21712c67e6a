#!/usr/bin/env bash
# Runs clang-tidy (the checks of clang-tidy-generated.yaml) on every header of a generated C++
# package, through one translation unit that includes them all; any finding fails.
#   clang_tidy_generated.sh CLANG_TIDY INCLUDE_DIR SCRATCH_DIR
# INCLUDE_DIR is the package's include/ (generated/cpp/include); the unit is written to SCRATCH_DIR.
set -euo pipefail
if [ $# -ne 3 ] || [ ! -d "$2" ]; then
  echo "usage: clang_tidy_generated.sh CLANG_TIDY INCLUDE_DIR SCRATCH_DIR" >&2
  exit 2
fi
tidy="$1" include="$(cd "$2" && pwd)" scratch="$3"
here="$(cd "$(dirname "$0")" && pwd)"
command -v "$tidy" >/dev/null || { echo "error: $tidy is missing; run scripts/deps.sh all" >&2; exit 1; }
mkdir -p "$scratch"
unit="$scratch/all_headers.cpp"
(cd "$include" && find . -name '*.hpp' | LC_ALL=C sort | sed 's|^\./\(.*\)|#include "\1"|') > "$unit"
echo "clang-tidy: $(wc -l < "$unit") headers of $include"
"$tidy" --quiet --config-file="$here/clang-tidy-generated.yaml" --header-filter="^$include/" "$unit" -- -std=c++17 -I"$include"
