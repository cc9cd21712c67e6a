#!/usr/bin/env bash
# runtime/ts/dist/ is what tsc makes of the TypeScript sources of runtime/ts/
# (runtime.ts, runtime/*.ts, stream/*.ts; tsconfig.emit.json): JavaScript and
# declarations. The generated TypeScript package ships dist as it is, so that
# it runs with no build step. dist is committed; this keeps it in step with
# the sources. tsc indents by four and prints each declaration on one line,
# however long: biome's formatter (pinned in package.json, biome-dist.jsonc)
# then lays what it wrote out within 120 columns, as the sources are, in
# both modes.
#
#   ts_emit.sh check     compile into a temporary folder and compare with dist (a test)
#   ts_emit.sh update    write dist (after editing a source)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tsc="${CONTRACTGEN_NODE_MODULES:-$root/node_modules}/.bin/tsc"
[ -x "$tsc" ] || { echo "error: $tsc is missing; run scripts/deps.sh node" >&2; exit 1; }
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$tsc" -p "$here/tsconfig.emit.json" --outDir "$out/dist"
biome="${CONTRACTGEN_NODE_MODULES:-$root/node_modules}/.bin/biome"
[ -x "$biome" ] || { echo "error: $biome is missing; run scripts/deps.sh node" >&2; exit 1; }
formatted="$("$biome" format --write --config-path="$here/biome-dist.jsonc" "$out/dist" 2>&1)" \
  || { echo "$formatted" >&2; echo "error: biome format failed on what tsc wrote" >&2; exit 1; }
dist="$root/runtime/ts/dist"
case "${1:-}" in
  check)
    if ! diff -ru "$dist" "$out/dist"; then
      echo "error: runtime/ts/dist is not what tsc (then biome format) makes of the sources in runtime/ts; run tests/runtime/ts_emit.sh update" >&2
      exit 1
    fi
    echo "runtime/ts/dist is what tsc (then biome format) makes of runtime/ts ($(find "$dist" -type f | wc -l) files)" ;;
  update)
    rm -rf "$dist"
    cp -r "$out/dist" "$dist"
    echo "wrote runtime/ts/dist ($(find "$dist" -type f | wc -l) files)" ;;
  *) echo "usage: ts_emit.sh check|update" >&2; exit 2 ;;
esac
