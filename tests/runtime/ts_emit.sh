#!/usr/bin/env bash
# runtime/ts/runtime.d.ts is what tsc makes of runtime/ts/runtime.js (plain
# JavaScript typed with JSDoc, edited by hand; tsconfig.emit.json). The
# TypeScript package ships both, so that it runs with no build step.
#
#   ts_emit.sh check     write the declarations into a temporary folder and compare (a test)
#   ts_emit.sh update    write them into runtime/ts/ (after editing runtime.js)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tsc="${CONTRACTGEN_NODE_MODULES:-$root/node_modules}/.bin/tsc"
[ -x "$tsc" ] || { echo "error: $tsc is missing; run scripts/deps.sh node" >&2; exit 1; }
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$tsc" -p "$here/tsconfig.emit.json" --outDir "$out"
case "${1:-}" in
  check)
    status=0
    if ! diff -u "$root/runtime/ts/runtime.d.ts" "$out/runtime.d.ts"; then
      echo "error: runtime/ts/runtime.d.ts is not what tsc makes of runtime/ts/runtime.js; run tests/runtime/ts_emit.sh update" >&2
      status=1
    fi
    [ $status -eq 0 ] && echo "runtime/ts/runtime.d.ts declares runtime/ts/runtime.js as tsc does"
    exit $status ;;
  update)
    cp "$out/runtime.d.ts" "$root/runtime/ts/"
    echo "wrote runtime/ts/runtime.d.ts" ;;
  *) echo "usage: ts_emit.sh check|update" >&2; exit 2 ;;
esac
