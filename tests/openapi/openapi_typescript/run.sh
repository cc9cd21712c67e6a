#!/usr/bin/env bash
# openapi-typescript (the most used OpenAPI → TypeScript generator) on the
# OpenAPI 3.1 rendering, then tsc --strict on consumer.ts, which uses the
# named stream item types. openapi-typescript 7 does not read OpenAPI 3.2
# (it rejects `itemSchema` and `serializedValue`), so the 3.1 document is the
# one to give it; the README says so.
#   run.sh <work dir>
# Environment: CONTRACTGEN_NODE_MODULES (default: <repo>/node_modules).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
node_modules="${CONTRACTGEN_NODE_MODULES:-$root/node_modules}"
work="${1:?usage: run.sh <work dir>}"
[ -x "$node_modules/.bin/openapi-typescript" ] && [ -x "$node_modules/.bin/tsc" ] ||
  { echo "error: openapi-typescript or tsc missing from $node_modules; run scripts/deps.sh node" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work"
"$node_modules/.bin/openapi-typescript" "$root/generated/openapi/openapi-3.1.json" --root-types -o "$work/api.ts"
cp "$here/consumer.ts" "$work/"
cat > "$work/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext", "strict": true,
    "exactOptionalPropertyTypes": true, "noUncheckedIndexedAccess": true, "noEmit": true, "types": []
  },
  "files": ["consumer.ts"]
}
JSON
echo '{"type": "module", "private": true}' > "$work/package.json"
"$node_modules/.bin/tsc" -p "$work/tsconfig.json"
echo "openapi-typescript: named stream item types compile ($work/api.ts)"
