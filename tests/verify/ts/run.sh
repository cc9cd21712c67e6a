#!/usr/bin/env bash
# Builds and runs the TypeScript client of the reference engine with the
# project-local toolchain (node_modules at the repository root).
#
#   run.sh build <dir>          compiles tests/verify/ts (and, through its
#                               imports, runtime/ts/stream) into <dir>
#   run.sh test <dir> <url>     node's test runner against the engine at <url>
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
node_modules="${CONTRACTGEN_NODE_MODULES:-$root/node_modules}"
tsc="$node_modules/.bin/tsc"
[ -x "$tsc" ] || { echo "error: TypeScript missing from $node_modules; run scripts/deps.sh node" >&2; exit 1; }

case "${1:-}" in
  build)
    rm -rf "$2"
    mkdir -p "$2"
    "$tsc" -p "$root/tests/verify/ts/tsconfig.json" --outDir "$2"
    echo '{"type": "module"}' > "$2/package.json"
    # The compiled client imports ../../../generated/ts/*.js: the committed package itself.
    ln -s "$root/generated" "$2/generated"
    ;;
  test)
    ENGINE_URL="$3" node --test "$2/tests/verify/ts/engine_client.test.js"
    ;;
  *)
    echo "usage: run.sh build <dir> | test <dir> <url>" >&2
    exit 2
    ;;
esac
