#!/usr/bin/env bash
# Drives the TypeScript target's tests with the project-local toolchain
# (node_modules at the repository root: scripts/deps.sh node).
#
#   run.sh typecheck <package dir> <work dir>
#       Copies a generated package (src/, tsconfig.json, package.json) into
#       <work dir>, links node_modules there so `zod` resolves, and runs
#       tsc --noEmit --strict --exactOptionalPropertyTypes on it with the
#       package's own tsconfig.
#   run.sh node <work dir>
#       Compiles tests/ts/*.test.ts (and, through their imports, generated/ts
#       and the golden TS packages) with tests/ts/tsconfig.json into
#       <work dir>/js, then runs them with node's test runner, twice: with
#       Zod's runtime parsers and with its JIT compiler (zod/compile).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
node_modules="${CONTRACTGEN_NODE_MODULES:-$root/node_modules}"
tsc="$node_modules/.bin/tsc"
if [ ! -x "$tsc" ] || [ ! -d "$node_modules/zod" ]; then
  echo "error: TypeScript or zod missing from $node_modules; run scripts/deps.sh node" >&2
  exit 1
fi

fresh_dir() {
  rm -rf "$1"
  mkdir -p "$1"
}

case "${1:-}" in
  typecheck)
    pkg="$2" work="$3"
    [ -f "$pkg/tsconfig.json" ] || { echo "error: $pkg has no tsconfig.json (not a generated TS package?)" >&2; exit 1; }
    fresh_dir "$work"
    cp -R "$pkg/src" "$pkg/tsconfig.json" "$pkg/package.json" "$work/"
    ln -s "$node_modules" "$work/node_modules"
    "$tsc" -p "$work/tsconfig.json" --noEmit --strict --exactOptionalPropertyTypes
    echo "tsc --strict --exactOptionalPropertyTypes: $pkg type-checks"
    ;;
  node)
    work="$2"
    fresh_dir "$work/js"
    ln -s "$node_modules" "$work/js/node_modules"
    echo '{"type": "module"}' > "$work/js/package.json"
    "$tsc" -p "$root/tests/ts/tsconfig.json" --outDir "$work/js"
    shopt -s nullglob
    tests=("$work"/js/tests/ts/*.test.js)
    [ ${#tests[@]} -gt 0 ] || { echo "error: no compiled tests in $work/js/tests/ts" >&2; exit 1; }
    echo "== node --test (Zod's runtime parser)"
    CONTRACTGEN_ROOT="$root" node --test "${tests[@]}"
    # The same tests with Zod's JIT compiler installed, as an application that
    # imports "zod/compile" would run the bindings: the rules must not change.
    echo "== node --import zod/compile --test (Zod's compiled parsers)"
    (cd "$work/js" && CONTRACTGEN_ROOT="$root" node --import zod/compile --test "${tests[@]}")
    ;;
  *)
    echo "usage: run.sh typecheck <package dir> <work dir> | node <work dir>" >&2
    exit 2
    ;;
esac
