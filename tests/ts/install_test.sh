#!/usr/bin/env bash
# The generated npm package as a user gets it, from a folder outside the
# repository: `npm pack` it, install the tarball and zod (packed from the
# project's node_modules: no network), then
#  - a strict NodeNext TypeScript program that parses a chat-stream line
#    compiles with tsc and runs with node (package root and a family subpath);
#  - CommonJS loads it with a dynamic import(), and with require() where
#    Node.js can require ES modules.
#
#   install_test.sh <package dir>
set -euo pipefail
pkg="$(cd "$1" && pwd)"
root="$(cd "$(dirname "$0")/../.." && pwd)"
node_modules="${CONTRACTGEN_NODE_MODULES:-$root/node_modules}"
[ -x "$node_modules/.bin/tsc" ] && [ -d "$node_modules/zod" ] || { echo "error: tsc or zod missing from $node_modules; run scripts/deps.sh node" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/contractgen-npm.XXXXXX")"
trap 'rm -rf "$work"' EXIT
case "$work" in "$root"/*) echo "error: $work is inside the repository" >&2; exit 1 ;; esac

pack() {  # pack <folder>: writes its tarball into $work/tarballs, prints its path
  (cd "$work/tarballs" && npm pack --ignore-scripts --silent "$1" | tail -n 1 | sed "s|^|$work/tarballs/|")
}
mkdir -p "$work/tarballs" "$work/app"
tarball="$(pack "$pkg")"
listing="$(tar -tzf "$tarball")"
echo "packed $(basename "$tarball"):"
echo "$listing" | sed 's/^/  /'
# Everything a user needs is in the tarball: JavaScript and declarations, no sources to build.
if grep -E '\.ts$' <<<"$listing" | grep -vE '\.d\.ts$' >/dev/null; then echo "error: the tarball ships TypeScript sources" >&2; exit 1; fi
for f in index.js index.d.ts runtime.js runtime.d.ts registry.js chat_stream.js chat_stream.d.ts \
         runtime/decoder.js runtime/decoder.d.ts stream/index.js stream/index.d.ts stream/readers.js; do
  grep -qx "package/$f" <<<"$listing" || { echo "error: the tarball has no $f" >&2; exit 1; }
done
deps=("$(pack "$node_modules/zod")" "$(pack "$node_modules/re2js")" "$(pack "$node_modules/@types/node")" "$(pack "$node_modules/undici-types")")
name="$(node -p 'require(process.argv[1]).name' "$pkg/package.json")"

cd "$work/app"
echo '{ "name": "app", "private": true, "type": "module" }' > package.json
npm install --offline --no-audit --no-fund --ignore-scripts --silent "$tarball" "${deps[@]}"
echo "installed $name, zod and re2js into $work/app (offline)"

cat > tsconfig.json <<'JSON'
{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2022"],
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "exactOptionalPropertyTypes": true,
    "noUncheckedIndexedAccess": true,
    "types": ["node"],
    "outDir": "out"
  },
  "files": ["main.ts"]
}
JSON
cat > main.ts <<EOF
import { chat_stream } from "$name";
import { MessageDelta, decodeStreamEnvelope, type StreamEnvelope } from "$name/chat_stream";
import { NdjsonReader } from "$name/stream";

const line = '{"data": {"type": "message_delta", "delta": "Hello"}, "timestamp": 1700000000000}';
const envelope: StreamEnvelope = chat_stream.StreamEnvelope.parse(JSON.parse(line));
const event = envelope.data;
if (event.type !== "message_delta") throw new Error("expected a message_delta");
const delta: MessageDelta = event;
const bad = chat_stream.safeParseStreamEnvelope({ data: { type: "message_delta", delta: 1 }, timestamp: 1 });
console.log(delta.delta, JSON.stringify(envelope), bad.success ? "accepted" : bad.error.issues[0]?.path.join("."));
// The stream runtime ships in the package: NDJSON bytes in, decoded items out.
const reader = new NdjsonReader();
const bytes = new TextEncoder().encode(line + "\n" + '{"data": {"type": "heartbeat"}, "timestamp": 2}\n');
const types = reader.feed(bytes).map((r) => (r.kind === "item" ? decodeStreamEnvelope(r.text).data.type : r.kind));
console.log(types.join(","));
EOF
"$node_modules/.bin/tsc" -p tsconfig.json
out="$(node out/main.js)"
expected='Hello {"data":{"type":"message_delta","delta":"Hello"},"timestamp":1700000000000} data.delta
message_delta,heartbeat'
[ "$out" = "$expected" ] || { echo "error: node out/main.js printed: $out" >&2; echo "expected: $expected" >&2; exit 1; }
echo "tsc (strict, NodeNext) compiled a consumer of $name; node ran it: $out"

# CommonJS: a dynamic import() works on every Node.js that runs the package.
cat > dynamic.cjs <<EOF
import("$name").then(({ chat_stream }) => console.log(chat_stream.HEARTBEAT_INTERVAL_MS));
EOF
[ "$(node dynamic.cjs)" = "20000" ] || { echo "error: import() from CommonJS failed" >&2; exit 1; }
echo "CommonJS: import(\"$name\") works"
if [ "$(node -p 'Boolean(process.features.require_module)')" = "true" ]; then
  cat > required.cjs <<EOF
const { chat_stream } = require("$name");
console.log(chat_stream.parseStreamEnvelope({ data: { type: "heartbeat" }, timestamp: 2 }).data.type);
EOF
  [ "$(node required.cjs 2>/dev/null)" = "heartbeat" ] || { echo "error: require(\"$name\") from CommonJS failed" >&2; exit 1; }
  echo "CommonJS: require(\"$name\") works on Node.js $(node --version)"
else
  echo "note: Node.js $(node --version) cannot require() ES modules; only import() was checked"
fi
