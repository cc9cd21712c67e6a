#!/usr/bin/env bash
# Installs generated/ts as the npm package @contractgen/contract into a work
# folder, compiles client.test.ts against it there, and runs it with node's
# test runner.
#   run.sh <work dir>
# Environment: CONTRACTGEN_NODE_MODULES (default: <repo>/node_modules),
# CONTRACTGEN_PYTHON (default: <repo>/.venv/bin/python) for the reference server.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
node_modules="${CONTRACTGEN_NODE_MODULES:-$root/node_modules}"
tsc="$node_modules/.bin/tsc"
work="${1:?usage: run.sh <work dir>}"
[ -x "$tsc" ] && [ -d "$node_modules/zod" ] || { echo "error: tsc or zod missing from $node_modules; run scripts/deps.sh node" >&2; exit 1; }
[ -f "$root/generated/ts/package.json" ] || { echo "error: generated/ts is missing; run contractgen generate" >&2; exit 1; }

rm -rf "$work"
pkg="$work/node_modules/@contractgen/contract"
mkdir -p "$pkg" "$work/node_modules/@types"
# The package as published (ESM JavaScript and declarations; no build step).
cp -r "$root/generated/ts/"*.js "$root/generated/ts/"*.d.ts "$root/generated/ts/package.json" \
  "$root/generated/ts/runtime" "$root/generated/ts/stream" "$pkg/"
ln -s "$node_modules/zod" "$work/node_modules/zod"
ln -s "$node_modules/@types/node" "$work/node_modules/@types/node"
# The client, compiled as a consumer of the package.
cp "$here/client.test.ts" "$work/"
cat > "$work/package.json" <<'JSON'
{"type": "module", "private": true}
JSON
cat > "$work/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "target": "ES2022", "lib": ["ES2022", "DOM"], "module": "NodeNext", "moduleResolution": "NodeNext",
    "strict": true, "exactOptionalPropertyTypes": true, "noUncheckedIndexedAccess": true,
    "types": ["node"], "skipLibCheck": false, "outDir": "js"
  },
  "files": ["client.test.ts"]
}
JSON
"$tsc" -p "$work/tsconfig.json"
CONTRACTGEN_ROOT="$root" node --test --test-timeout=60000 "$work/js/client.test.js"
