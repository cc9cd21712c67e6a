#!/usr/bin/env bash
# Drives the TypeScript target's tests with the project-local toolchain
# (node_modules at the repository root: scripts/deps.sh node).
#
#   run.sh package <package dir> <work dir>
#       Type-checks a generated package as published (see below) in <work dir>:
#       its declarations, and its JavaScript against them (tsc --checkJs).
#   run.sh policy <contractgen> <work dir>
#       Generates a package from tests/ts/policy/schemas and runs its payload
#       policy tests.
#   run.sh vocab <contractgen> <work dir>
#       Generates a package from tests/ts/vocab/schemas, runs its tests of
#       the whole vocabulary and checks it as `package` does.
#   run.sh node <work dir> <output root> [<generated folder>]
#       Compiles tests/ts/*.test.ts with tests/ts/tsconfig.json (the packages
#       they import are read through their .d.ts) into <work dir>/js, then
#       runs them with node's test runner twice: with Zod's runtime parsers
#       and with its JIT compiler (zod/compile).
#       The packages are those of <output root>, a folder holding
#       generated/ts and tests/golden/<case>/expected/ts as
#       tests/fresh/generate.sh writes them (the committed golden expected/
#       folders leave the runtime out, so they are not a package); with
#       <generated folder> (e.g. the repository's generated/), its ts/
#       instead of <output root>'s.
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
  package)
    # The package as published: ESM JavaScript typed with JSDoc, with a
    # declaration file per module (the runtime's under runtime/ and stream/).
    # Checks:
    #  - the .d.ts files type-check (strict, exactOptionalPropertyTypes,
    #    libraries checked too);
    #  - the JavaScript type-checks with tsc --checkJs under the same flags,
    #    its JSDoc naming the declared types (each module imports its own
    #    declarations as `types`), so the readers, entry points and clients
    #    are checked against the types they promise;
    #  - every module's shipped declarations agree, export by export, with
    #    what tsc infers for its JavaScript: the type each schema is declared
    #    with and the type Zod infers from the JavaScript's schema are
    #    mutually assignable, and so are the other exports (values tables,
    #    constants, functions); an export missing on one side disagrees too.
    # The runtime's JavaScript is what tsc makes of runtime/ts
    # (tests/runtime/ts_emit.sh, the runtime_ts_* tests check it there).
    pkg="$2" work="$3"
    [ -f "$pkg/package.json" ] || { echo "error: $pkg has no package.json (not a generated TS package?)" >&2; exit 1; }
    if [ -e "$pkg/src" ] || [ -e "$pkg/tsconfig.json" ]; then
      echo "error: $pkg ships src/ or tsconfig.json: the package is JavaScript and declarations only" >&2; exit 1
    fi
    fresh_dir "$work"
    mkdir -p "$work/pkg"
    cp -r "$pkg"/package.json "$pkg"/*.js "$pkg"/*.d.ts "$pkg/runtime" "$pkg/stream" "$work/pkg/"
    ln -s "$node_modules" "$work/node_modules"
    # Each module's JavaScript under a second name with no .d.ts beside it,
    # so that an import of it reads the JavaScript, not the declarations.
    modules=()
    for f in "$pkg"/*.d.ts; do
      m="$(basename "$f" .d.ts)"
      case "$m" in index|runtime) ;; *) modules+=("$m"); cp "$pkg/$m.js" "$work/pkg/$m.checked.js" ;; esac
    done
    {
      echo '// What run.sh package writes: one check per module that its .d.ts and its .js agree.'
      echo 'import type { z } from "zod";'
      echo 'type Out<T> = T extends z.ZodType ? z.output<T> : T;'
      echo 'type IsAny<T> = 0 extends 1 & T ? true : false;'
      echo 'type Same<A, B> = true extends IsAny<A> | IsAny<B>'
      echo '  ? false'
      echo '  : [A] extends [B]'
      echo '    ? ([B] extends [A] ? true : false)'
      echo '    : false;'
      echo 'type Disagreeing<J, D> = {'
      echo '  [K in keyof J | keyof D]: K extends keyof J'
      echo '    ? (K extends keyof D ? (Same<Out<J[K]>, Out<D[K]>> extends true ? never : K) : K)'
      echo '    : K;'
      echo '}[keyof J | keyof D];'
      echo '// A disagreement names the exports: Type "agree" is not assignable to type "disagree: MessageDelta" | ...'
      echo 'type Named<K> = [K] extends [never] ? "agree" : `disagree: ${K & string}`;'
      echo 'type Verdict<J, D> = Named<Disagreeing<J, D>>;'
      for m in "${modules[@]}"; do
        echo "import type * as dts_$m from \"./pkg/$m.js\";"
        echo "import type * as js_$m from \"./pkg/$m.checked.js\";"
        echo "export const $m: Verdict<typeof js_$m, typeof dts_$m> = \"agree\";"
      done
    } > "$work/agree.ts"
    cat > "$work/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2022"],
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "exactOptionalPropertyTypes": true,
    "noUncheckedIndexedAccess": true,
    "noEmit": true,
    "skipLibCheck": false,
    "types": ["node"]
  },
  "include": ["pkg/**/*.d.ts"]
}
JSON
    "$tsc" -p "$work/tsconfig.json"
    # The JavaScript (checkJs) and its agreement with the declarations
    # (libraries were checked above).
    sed -e 's|"pkg/\*\*/\*.d.ts"|"agree.ts"|' -e 's|"skipLibCheck": false|"skipLibCheck": true, "allowJs": true, "checkJs": true|' \
      "$work/tsconfig.json" > "$work/tsconfig.agree.json"
    "$tsc" -p "$work/tsconfig.agree.json"
    echo "tsc --strict: $pkg: its .d.ts type-check, its .js type-check (--checkJs) and agree with them, module by module (${modules[*]})"
    ;;
  node)
    work="$2"
    out_root="${3:?run.sh node: the output root (tests/fresh/generate.sh) is required}"
    generated="${4:-$out_root/generated}"
    # A copy of the repository's layout whose generated/ and golden
    # expected/ folders are those given: the tests (copied, so that their
    # relative imports resolve inside it) type-check against those
    # packages, and read everything else from the repository.
    tree="$work/tree"
    fresh_dir "$tree"  # whole: a link left by an earlier run would be followed into the repository
    mkdir -p "$tree/tests/golden"
    cp -r "$root/tests/ts" "$tree/tests/ts"
    for shared in schemas runtime tests/conformance tests/stream; do ln -sn "$root/$shared" "$tree/$shared"; done
    ln -sn "$(cd "$generated" && pwd)" "$tree/generated"
    for expected in "$out_root"/tests/golden/*/expected; do
      case_name="$(basename "$(dirname "$expected")")"
      mkdir -p "$tree/tests/golden/$case_name"
      ln -s "$expected" "$tree/tests/golden/$case_name/expected"
      ln -s "$root/tests/golden/$case_name/input" "$tree/tests/golden/$case_name/input"
    done
    fresh_dir "$work/js"
    ln -s "$node_modules" "$work/js/node_modules"
    echo '{"type": "module"}' > "$work/js/package.json"
    "$tsc" -p "$tree/tests/ts/tsconfig.json" --outDir "$work/js"
    # The compiled tests import the packages by relative path, as in the
    # repository: link them into the same places (their JavaScript runs as
    # it is shipped; tsc read only their declarations).
    mkdir -p "$work/js/generated"
    ln -s "$tree/generated/ts" "$work/js/generated/ts"
    for pkg in "$tree"/tests/golden/*/expected/ts; do
      case_dir="$(dirname "$(dirname "$pkg")")"
      mkdir -p "$work/js/tests/golden/$(basename "$case_dir")/expected"
      ln -s "$pkg" "$work/js/tests/golden/$(basename "$case_dir")/expected/ts"
    done
    shopt -s nullglob
    tests=("$work"/js/tests/ts/*.test.js)
    [ ${#tests[@]} -gt 0 ] || { echo "error: no compiled tests in $work/js/tests/ts" >&2; exit 1; }
    echo "== node --test (Zod's runtime parser)"
    CONTRACTGEN_ROOT="$tree" node --test "${tests[@]}"
    # The same tests with Zod's JIT compiler installed, as an application that
    # imports "zod/compile" would run the bindings: the rules must not change.
    echo "== node --import zod/compile --test (Zod's compiled parsers)"
    (cd "$work/js" && CONTRACTGEN_ROOT="$tree" node --import zod/compile --test "${tests[@]}")
    ;;
  vocab)
    # tests/ts/vocab/vocab.test.mjs on a package generated now from
    # tests/ts/vocab/schemas (the whole vocabulary: a recursive type, a tuple,
    # key patterns, assertions, formats) with the default nesting limit.
    contractgen="$2" work="$3"
    fresh_dir "$work"
    "$contractgen" generate --quiet --target ts --schemas "$root/tests/ts/vocab/schemas" --out "$work/out"
    ln -s "$node_modules" "$work/out/ts/node_modules"
    VOCAB_PACKAGE="$work/out/ts" node --test "$root/tests/ts/vocab/vocab.test.mjs"
    # ...and the package type-checks as published (recursive interfaces, tuple types).
    bash "$0" package "$work/out/ts" "$work/package"
    ;;
  policy)
    # tests/ts/policy/policy.test.mjs on a package generated now, by the
    # contractgen under test, from tests/ts/policy/schemas with a nesting
    # limit of 4 (the payload policy of docs/semantics.md).
    contractgen="$2" work="$3"
    fresh_dir "$work"
    "$contractgen" generate --quiet --target ts --schemas "$root/tests/ts/policy/schemas" --out "$work/out" \
      --payload-max-depth 4
    ln -s "$node_modules" "$work/out/ts/node_modules"
    POLICY_PACKAGE="$work/out/ts" node --test "$root/tests/ts/policy/policy.test.mjs"
    ;;
  *)
    echo "usage: run.sh package <package dir> <work dir> | node <work dir> <output root> [<generated folder>]" \
         "| policy <contractgen> <work dir> | vocab <contractgen> <work dir>" >&2
    exit 2
    ;;
esac
