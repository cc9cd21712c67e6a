#!/usr/bin/env bash
# Drives the TypeScript target's tests with the project-local toolchain
# (node_modules at the repository root: scripts/deps.sh node).
#
#   run.sh package <package dir> <work dir>
#       Type-checks a generated package as published (see below) in <work dir>.
#   run.sh node <work dir>
#       Compiles tests/ts/*.test.ts with tests/ts/tsconfig.json (the packages
#       they import are read through their .d.ts) into <work dir>/js, then
#       runs them with node's test runner, twice: with Zod's runtime parsers
#       and with its JIT compiler (zod/compile).
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
    # The package as published: ESM JavaScript with a declaration file per
    # module. Three checks in one strict tsc program (exactOptionalPropertyTypes,
    # libraries checked too, so the package's .d.ts files are):
    #  - the .d.ts files type-check;
    #  - the .js files type-check as JavaScript (checkJs; what their JSDoc and
    #    Zod's inference make of them);
    #  - every module's declarations agree with its JavaScript, export by
    #    export: the type each schema is declared with and the type Zod infers
    #    from the JavaScript schema are mutually assignable, and so are the
    #    other exports (values tables, constants, functions); an export missing
    #    on either side is a disagreement too. The JavaScript is type-checked
    #    from a copy without its .d.ts (otherwise TypeScript reads the
    #    declarations instead).
    pkg="$2" work="$3"
    [ -f "$pkg/package.json" ] || { echo "error: $pkg has no package.json (not a generated TS package?)" >&2; exit 1; }
    fresh_dir "$work"
    mkdir -p "$work/pkg" "$work/js"
    cp "$pkg"/package.json "$pkg"/*.js "$pkg"/*.d.ts "$work/pkg/"
    cp "$pkg"/*.js "$pkg/runtime.d.ts" "$work/js/"
    echo '{"type": "module"}' > "$work/js/package.json"
    ln -s "$node_modules" "$work/node_modules"
    modules=()
    for f in "$pkg"/*.d.ts; do
      m="$(basename "$f" .d.ts)"
      case "$m" in index|runtime) ;; *) modules+=("$m") ;; esac
    done
    {
      echo '// What run.sh package writes: one check per module that its .js and .d.ts agree.'
      echo 'import type { z } from "zod";'
      echo 'type Out<T> = T extends z.ZodType ? z.output<T> : T;'
      echo 'type IsAny<T> = 0 extends 1 & T ? true : false;'
      echo 'type Same<A, B> = true extends IsAny<A> | IsAny<B> ? false : [A] extends [B] ? ([B] extends [A] ? true : false) : false;'
      echo 'type Disagreeing<J, D> = {'
      echo '  [K in keyof J | keyof D]: K extends keyof J ? (K extends keyof D ? (Same<Out<J[K]>, Out<D[K]>> extends true ? never : K) : K) : K;'
      echo '}[keyof J | keyof D];'
      echo '// A disagreement names the exports: Type "agree" is not assignable to type "disagree: MessageDelta" | ...'
      echo 'type Named<K> = [K] extends [never] ? "agree" : `disagree: ${K & string}`;'
      echo 'type Verdict<J, D> = Named<Disagreeing<J, D>>;'
      for m in "${modules[@]}"; do
        echo "import type * as js_$m from \"./js/$m.js\";"
        echo "import type * as dts_$m from \"./pkg/$m.js\";"
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
    "allowJs": true,
    "checkJs": true,
    "noEmit": true,
    "skipLibCheck": false,
    "types": ["node"]
  },
  "include": ["agree.ts", "pkg/*.d.ts", "js/*.js"]
}
JSON
    "$tsc" -p "$work/tsconfig.json"
    echo "tsc --strict: $pkg: its .d.ts and .js type-check and agree, module by module (${modules[*]})"
    ;;
  node)
    work="$2"
    fresh_dir "$work/js"
    ln -s "$node_modules" "$work/js/node_modules"
    echo '{"type": "module"}' > "$work/js/package.json"
    "$tsc" -p "$root/tests/ts/tsconfig.json" --outDir "$work/js"
    # The compiled tests import the packages by relative path, as in the
    # repository: link them into the same places (their JavaScript runs as
    # it is shipped; tsc read only their declarations).
    mkdir -p "$work/js/generated"
    ln -s "$root/generated/ts" "$work/js/generated/ts"
    for pkg in "$root"/tests/golden/*/expected/ts; do
      case_dir="$(dirname "$(dirname "$pkg")")"
      mkdir -p "$work/js/tests/golden/$(basename "$case_dir")/expected"
      ln -s "$pkg" "$work/js/tests/golden/$(basename "$case_dir")/expected/ts"
    done
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
    echo "usage: run.sh package <package dir> <work dir> | node <work dir>" >&2
    exit 2
    ;;
esac
