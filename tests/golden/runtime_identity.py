"""The runtime files of every golden case's fresh output are generated/'s.

The committed expected/ folders hold only what the generator makes from a
case's schemas (golden_<case> checks that); the runtime files each target
copies in are the same for every contract and are checked once, in
generated/ (generated_in_sync). This test ties the two together on the
output the current generator writes (tests/fresh): every file of a case's
fresh output is either in its expected/ folder or a runtime file equal to
the file of the same place in generated/, apart from the schema set's digest
in the header line, the Python package's name in the path and the Go
module's path in imports (a runtime package importing another). So nothing
contract-specific hides among the files the goldens leave out, and nothing
is left out that the repository's own output does not check. And each case
has all of generated/'s runtime files: those generated/ has beyond what
`contractgen generate --runtime omit` makes from the repository's schemas.

    runtime_identity.py <fresh output root> <generated folder> <contractgen>
"""
import re
import subprocess
import sys
import tempfile
from pathlib import Path

DIGEST = re.compile(rb"sha256:[0-9a-f]{16}")
# Each language's runtime must be there in every case (the check is not vacuous).
TARGETS = ("cpp", "ts", "python", "go")


def files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def python_package(tree: Path) -> str:
    found = [p.parent.name for p in (tree / "python").glob("*/_runtime")]
    if len(found) != 1:
        raise SystemExit(f"{tree}: expected one python/<package>/_runtime folder, found {found}")
    return found[0]


def go_module(tree: Path) -> bytes:
    for line in (tree / "go/go.mod").read_text(encoding="utf-8").splitlines():
        if line.startswith("module "):
            return line.split()[1].encode()
    raise SystemExit(f"{tree}: go/go.mod names no module")


def comparable(tree: Path, path: str) -> bytes:
    """A runtime file's bytes without what differs by contract: the digest, the Go module in imports."""
    data = DIGEST.sub(b"", (tree / path).read_bytes())
    if path.startswith("go/"):
        data = data.replace(b'"' + go_module(tree) + b"/", b'"MODULE/')
    return data


def generated_runtime(generated: Path, contractgen: str) -> set[str]:
    """generated/'s runtime files: what it has beyond the output without the runtime."""
    repo = generated.resolve().parent
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([contractgen, "generate", "--quiet", "--runtime", "omit", "--out", tmp], cwd=repo, check=True)
        return files(generated) - files(Path(tmp))


def main() -> int:
    fresh_root, generated, contractgen = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    ours = python_package(generated)
    all_runtime = generated_runtime(generated, contractgen)
    cases = sorted((fresh_root / "tests/golden").glob("*/expected"))
    if not cases:
        print(f"no golden case under {fresh_root}/tests/golden")
        return 1
    problems = []
    for fresh in cases:
        case = fresh.parent.name
        committed = Path(__file__).resolve().parent / case / "expected"
        theirs = python_package(fresh)
        runtime = sorted(files(fresh) - files(committed))
        for target in TARGETS:
            if not any(path.startswith(target + "/") for path in runtime):
                problems.append(f"{case}: no {target} runtime file in the fresh output")
        counterparts = set()
        for path in runtime:
            counterpart = path
            if path.startswith(f"python/{theirs}/"):
                counterpart = f"python/{ours}/" + path[len(f"python/{theirs}/"):]
            counterparts.add(counterpart)
            other = generated / counterpart
            if not other.is_file():
                problems.append(f"{case}: {path} is not in expected/ and has no counterpart {counterpart} in generated/")
            elif comparable(fresh, path) != comparable(generated, counterpart):
                problems.append(f"{case}: {path} differs from generated/{counterpart} (beyond the header's digest)")
        for missing in sorted(all_runtime - counterparts):
            problems.append(f"{case}: the fresh output lacks the runtime file generated/{missing}")
        print(f"{case}: {len(runtime)} files beyond expected/, compared with generated/'s {len(all_runtime)} runtime files")
    for p in problems:
        print("error: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
