#!/usr/bin/env bash
# Builds and runs the TypeScript side of tests/stream with the project-local
# toolchain (node_modules at the repository root).
#
#   run.sh check            tsc on runtime/ts/stream alone, with the flags of
#                           the generated package and of tests/runtime
#   run.sh build <dir>      compiles tests/stream/ts (and, through its
#                           imports, runtime/ts/stream) into <dir>
#   run.sh test <dir>       node's test runner on the compiled vector tests
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
node_modules="${CONTRACTGEN_NODE_MODULES:-$root/node_modules}"
tsc="$node_modules/.bin/tsc"
[ -x "$tsc" ] || { echo "error: TypeScript missing from $node_modules; run scripts/deps.sh node" >&2; exit 1; }

case "${1:-}" in
  check)
    "$tsc" -p "$root/tests/stream/ts/tsconfig.runtime.json"
    echo "tsc --strict: runtime/ts/stream type-checks"
    ;;
  build)
    rm -rf "$2"
    mkdir -p "$2"
    "$tsc" -p "$root/tests/stream/ts/tsconfig.json" --outDir "$2"
    echo '{"type": "module"}' > "$2/package.json"
    ;;
  test)
    CONTRACTGEN_ROOT="$root" node --test "$2/tests/stream/ts/vectors.test.js" "$2/tests/stream/ts/api.test.js"
    ;;
  *)
    echo "usage: run.sh check | build <dir> | test <dir>" >&2
    exit 2
    ;;
esac
