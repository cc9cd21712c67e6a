#!/usr/bin/env bash
# Writes what the current generator makes, into <out root>, in the
# repository's layout: <out root>/generated (from schemas/ with the
# repository's contractgen.toml) and <out root>/tests/golden/<case>/expected
# (from each case's input/, with the case's own contractgen.toml when it has
# one). The behavioural tests that read generated output (the TypeScript
# type tests, the API document tests) run on it too, so an emitter bug shows
# before anyone regenerates the committed output.
#
#   tests/fresh/generate.sh <contractgen> <out root>
set -euo pipefail
contractgen="$1"
out="$2"
root="$(cd "$(dirname "$0")/../.." && pwd)"
rm -rf "$out"
mkdir -p "$out/tests/golden"
(cd "$root" && "$contractgen" generate --quiet --schemas schemas --out "$out/generated")
for case_dir in "$root"/tests/golden/*/; do
  [ -d "$case_dir/input" ] || continue
  name="$(basename "$case_dir")"
  mkdir -p "$out/tests/golden/$name"
  (cd "$case_dir" && "$contractgen" generate --quiet --schemas input --out "$out/tests/golden/$name/expected")
done
echo "generated $(find "$out" -type f | wc -l) files into $out"
