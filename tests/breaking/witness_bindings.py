#!/usr/bin/env python3
"""Every witness of every rule folder, through the generated bindings of both
versions: C++ (compiled), TypeScript + Zod and Pydantic.

check_case.py judges the witnesses with a standard validator; this judges
them with what users run. The previous/ schemas of all folders become one
schema set (each folder a family named after it, in lower case), the
current/ schemas another; each set is generated once per language, and every
witness must be accepted by the version the finding says and rejected by the
other, in every language.

  witness_bindings.py CONTRACTGEN WORK FOLDER...
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO / "tests" / "conformance"))

from harness import langs  # noqa: E402

# The bindings' names: the defaults (namespace and package `contract`, which
# the conformance runners expect), whatever the repository's config says.
CONFIG = """[project]
name = "witnesses"
version = "1.0.0"
[cpp]
namespace = "contract"
[python]
package = "contract"
"""


def family_of(folder: Path) -> str:
    return folder.name.lower().replace("-", "_")


def combine(folders: list[Path], side: str, into: Path) -> None:
    """Each folder's <side>/f becomes family <folder name> of one schema set."""
    for folder in folders:
        source = folder / side / "f"
        if source.is_dir():
            shutil.copytree(source, into / family_of(folder))


def generate(contractgen: str, schemas: Path, out: Path, config: Path) -> None:
    p = subprocess.run([contractgen, "generate", "--quiet", "--config", str(config), "--target", "cpp", "--target", "ts", "--target", "python",
                        "--schemas", str(schemas), "--out", str(out)], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"contractgen generate {schemas} failed ({p.returncode}):\n{p.stdout}{p.stderr}")


def runners(out: Path, work: Path) -> dict[str, langs.Runner]:
    return {"cpp": langs.compile_cpp_runner(out / "cpp" / "include", work, "g++", [], opt="-O0"),
            "ts": langs.ts_runner(langs.ts_registry(out / "ts")),
            "py": langs.py_runner(out / "python")}


def main() -> int:
    contractgen, work, folders = sys.argv[1], Path(sys.argv[2]), [Path(f) for f in sys.argv[3:]]
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    config = work / "contractgen.toml"
    config.write_text(CONFIG)
    versions: dict[str, dict[str, langs.Runner]] = {}
    for side in ("previous", "current"):
        combine(folders, side, work / side / "schemas")
        generate(contractgen, work / side / "schemas", work / side / "out", config)
        versions[side] = runners(work / side / "out", work / side / "runner")

    # (side, "family.Type\tinstance", what the line stands for, must be accepted)
    checks: list[tuple[str, str, str, bool]] = []
    lifted = 0
    for folder in folders:
        for f in json.loads((folder / "expected.json").read_text(encoding="utf-8"))["findings"]:
            # A witness of a lifted nested schema (the finding's member names
            # another type: `f.Tick $.mode` for f.TickMode): the runners
            # address named types only, so check_case.py's jsonschema alone
            # judges it.
            if f.get("member", f["type"]).split(" ")[0] != f["type"]:
                lifted += len(f["witnesses"])
                continue
            type_name = family_of(folder) + "." + f["type"].split(".", 1)[1]
            for i, w in enumerate(f["witnesses"]):
                line = type_name + "\t" + json.dumps(w["instance"], ensure_ascii=False)
                what = f"{folder.name}: {f['rule']} {f['type']} {f['path']} witness {i}"
                for side in ("previous", "current"):
                    if side in f["schemas"]:  # the type exists in that version
                        checks.append((side, line, what, w["accepted_by"] == side))
    failures = []
    for side in ("previous", "current"):
        lines = [line for s, line, _, _ in checks if s == side]
        wanted = [(what, accept) for s, _, what, accept in checks if s == side]
        for lang, runner in versions[side].items():
            for (what, accept), answer in zip(wanted, runner.run(lines)):
                if answer.startswith("ok") != accept:
                    failures.append(f"{what}: the {side} version's {lang} binding says {answer[:200]!r}, "
                                    f"but it must {'accept' if accept else 'reject'} it")
    for failure in failures:
        print(failure)
    print(f"{len(checks)} witness judgements x 3 languages over {len(folders)} rule folders: {len(failures)} wrong"
          f" ({lifted} witnesses of lifted schemas left to check_case.py)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
