#!/usr/bin/env bash
# contractgen_generate(): the first build generates and compiles (the
# bindings library, in the consumer's own C++ namespace, demo::events); a
# second build does nothing; touching a schema regenerates; a schema change
# reaches the compiled program.
set -euo pipefail
source_dir="$1"; generator="$2"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cp -r "$source_dir/tests/cmake/consumer" "$work/src"
cmake -S "$work/src" -B "$work/build" -G Ninja -DCONTRACTGEN_SOURCE_DIR="$source_dir" \
      -DCONTRACTGEN_EXECUTABLE="$generator" >/dev/null
cmake --build "$work/build" >"$work/first.log"
grep -q "contractgen: regenerating" "$work/first.log" || { echo "first build did not run the generator"; cat "$work/first.log"; exit 1; }
"$work/build/consumer" | grep -qx '{"type":"ping","seq":1}' || { echo "consumer output wrong"; exit 1; }

cmake --build "$work/build" >"$work/second.log"
grep -q "no work to do" "$work/second.log" || { echo "second build was not a no-op:"; cat "$work/second.log"; exit 1; }

sleep 1  # mtime resolution
sed -i 's/"minimum": 0/"minimum": 2/' "$work/src/schemas/demo/ping.schema.json"
cmake --build "$work/build" >"$work/third.log"
grep -q "contractgen: regenerating" "$work/third.log" || { echo "schema change did not regenerate"; cat "$work/third.log"; exit 1; }
if "$work/build/consumer" 2>/dev/null; then echo "the new minimum did not reach the program"; exit 1; fi

# A new member changes a header: the file that includes it must be compiled
# again in the same build (the headers are byproducts of the generation).
sleep 1
sed -i 's/"seq": {"type": "integer", "minimum": 2}}/"seq": {"type": "integer", "minimum": 2}, "note": {"type": "string"}}/' \
    "$work/src/schemas/demo/ping.schema.json"
cmake --build "$work/build" >"$work/fourth.log"
grep -q "Building CXX object CMakeFiles/consumer.dir/main.cpp.o" "$work/fourth.log" ||
  { echo "a header change did not recompile its includer in the same build:"; cat "$work/fourth.log"; exit 1; }
echo "contractgen_generate: generates, skips when unchanged, regenerates on change, recompiles includers"
