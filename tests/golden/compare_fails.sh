#!/usr/bin/env bash
# The golden comparison can fail: on a copy of one case's expected/, the
# untouched copy passes, and each of a one-byte change, an extra file and a
# missing file makes compare.sh exit 1 and name the difference.
#
#   tests/golden/compare_fails.sh <contractgen> <case folder>
set -euo pipefail
contractgen="$1"
case_dir="$2"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

fresh_copy() {
  rm -rf "$work/expected"
  cp -R "$case_dir/expected" "$work/expected"
}

# expect_failure <what> <pattern the output must contain>
expect_failure() {
  if bash "$here/compare.sh" "$contractgen" "$case_dir" "$work/expected" >"$work/out" 2>&1; then
    echo "FAIL: the comparison passed despite $1"; exit 1
  fi
  if ! grep -qF -- "$2" "$work/out"; then
    echo "FAIL: after $1, the output does not show '$2':"; cat "$work/out"; exit 1
  fi
  echo "ok: $1 fails the comparison"
}

fresh_copy
if ! bash "$here/compare.sh" "$contractgen" "$case_dir" "$work/expected" >"$work/out" 2>&1; then
  echo "FAIL: an untouched copy of $case_dir/expected does not pass:"; cat "$work/out"; exit 1
fi
echo "ok: an untouched copy passes"

# One byte of a type declaration changed (the first 'e' of a line past the header).
file="$(cd "$work/expected" && find . -path './cpp/include/*' -name '*.hpp' ! -name registry.hpp | LC_ALL=C sort | head -1)"
file="${file#./}"
line="$(awk 'NR > 3 && /e/ { print NR; exit }' "$work/expected/$file")"
sed -i "${line}s/e/E/" "$work/expected/$file"
expect_failure "a one-byte change in $file" "+++ (generated)/$file"
grep -q "^-.*E" "$work/out" || { echo "FAIL: the diff does not show the changed line"; cat "$work/out"; exit 1; }

fresh_copy
echo "// not generated" >"$work/expected/ts/extra.ts"
expect_failure "an extra file" "Only in $work/expected/ts: extra.ts"

fresh_copy
rm "$work/expected/python/pyproject.toml"
expect_failure "a missing file" "Only in (generated)/python: pyproject.toml"
