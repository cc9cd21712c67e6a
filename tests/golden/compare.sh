#!/usr/bin/env bash
# One golden case: what the generator makes from <case>/input (with the
# case's own contractgen.toml when it has one) must equal the committed
# expected/ folder byte for byte, with no file missing and none extra. The
# runtime files are left out on both sides (`--runtime omit`: the targets
# mark what they copy from their runtime); the runtime itself is checked
# once, in generated/ (`contractgen check`) and by runtime_identity.py.
# On a mismatch, prints the differences (diff -ru) and exits 1.
#
#   tests/golden/compare.sh <contractgen> <case folder> [<expected folder>]
# The third argument compares another copy of expected/ (compare_fails.sh).
set -euo pipefail
contractgen="$1"
case "$contractgen" in */*) contractgen="$(cd "$(dirname "$contractgen")" && pwd)/$(basename "$contractgen")" ;; esac
case_dir="$(cd "$2" && pwd)"
expected="${3:-$case_dir/expected}"
expected="$(cd "$expected" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$case_dir" && "$contractgen" generate --quiet --runtime omit --schemas input --out "$work/expected")
if diff -ru "$expected" "$work/expected" >"$work/diff"; then
  echo "$(basename "$case_dir"): $(find "$expected" -type f | wc -l) files match"
  exit 0
fi
# Paths as the repository names them, not the temporary folder's.
sed -e "s|$work/expected|(generated)|g" "$work/diff"
echo "$(basename "$case_dir"): expected/ differs from what the generator makes; if intended: scripts/update-golden" >&2
exit 1
