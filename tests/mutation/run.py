#!/usr/bin/env python3
"""Mutation testing: does the test suite notice small deliberate bugs? (docs/conformance.md)

  tests/mutation/run.py [--only ID]... [--full] [--scratch DIR] [--keep] [--jobs N]
  tests/mutation/run.py --check-aim     only check that every mutant still aims at its code (a test)

For each mutant of tests/mutation/mutants.toml, in a scratch clone of the current commit (the
repository's own files are never touched): apply the one-line patch, rebuild, regenerate
generated/ and the goldens (so a test only counts when it checks behaviour, not when it notices
that committed output changed; a runtime that ships built output, runtime/ts/dist, is rebuilt from
the mutated source first, for the same reason), then

  * run the mutant's CTest subset (`tests`; every test with --full): a failing test catches it;
  * run the strict probe: the conformance vectors and the hostile suite with every language
    judged strictly (`driver.py vectors/hostile --strict cpp,ts,py,go`). A disagreement the
    unmutated code does not have catches it too: the harness sees the change users would see,
    even in a language that is not held to docs/semantics.md in CTest yet.

A mutant whose `search` text does not occur exactly once is "stale" (the code was rewritten: update
the list), one that breaks the build is "does not build", one whose test regex matches nothing is
"not run"; none of them counts in the score,
caught / (caught + survived). Run before a release, not in CI: about 2-4 minutes per mutant.
Uncommitted changes are not included: commit first.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
ALL_LANGS = "cpp,ts,py,go"
# Runtimes whose sources are built into committed output that the generator embeds: the TypeScript
# runtime ships runtime/ts/dist (tsc's JavaScript and declarations). A mutant of their sources is
# rebuilt before the generator is compiled. The C++, Python and Go runtimes are embedded as source.
RUNTIME_BUILDS = {
    "runtime/ts/": ["bash", "tests/runtime/ts_emit.sh", "update"],
}


@dataclass
class Mutant:
    id: str
    area: str
    file: str
    search: str
    replace: str
    tests: str
    why: str
    result: str = ""
    caught_by: list[str] = field(default_factory=list)
    seconds: float = 0.0


def load(path: Path) -> list[Mutant]:
    with path.open("rb") as f:
        doc = tomllib.load(f)
    mutants = [Mutant(**m) for m in doc["mutant"]]
    ids = [m.id for m in mutants]
    dupes = {i for i in ids if ids.count(i) > 1}
    if dupes:
        raise SystemExit(f"{path}: mutant ids used twice: {sorted(dupes)}")
    return mutants


def sh(cmd: list[str], cwd: Path, log: Path | None = None, timeout: float | None = None, env=None) -> int:
    """Runs a command, its output appended to `log`; returns the exit status (124 on a timeout)."""
    with open(log or os.devnull, "ab") as out:
        out.write(("\n$ " + " ".join(cmd) + "\n").encode())
        out.flush()
        try:
            return subprocess.run(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, timeout=timeout,
                                  env={**os.environ, **(env or {})}).returncode
        except subprocess.TimeoutExpired:
            return 124


class Scratch:
    """A clone of the repository at HEAD, with the shared toolchains linked in and a build folder."""

    def __init__(self, root: Path, jobs: int, log: Path):
        self.root, self.jobs, self.log = root, jobs, log
        self.build = root / "build"

    def create(self, commit: str) -> None:
        """A new clone, or (a --scratch folder used before) the existing one moved to `commit`."""
        if not (self.root / ".git").exists():
            sh(["git", "clone", "--quiet", "--no-checkout", str(REPO), str(self.root)], REPO, self.log)
        sh(["git", "fetch", "--quiet", str(REPO), commit], self.root, self.log)
        if sh(["git", "checkout", "--quiet", "--force", "--detach", commit], self.root, self.log) != 0:
            raise SystemExit(f"cannot check out {commit} in {self.root}; see {self.log}")
        self.restore()
        for name in (".venv", "node_modules"):
            if not (self.root / name).exists():
                (self.root / name).symlink_to((REPO / name).resolve())

    def configure(self) -> bool:
        return sh(["cmake", "-S", ".", "-B", "build", "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release"], self.root, self.log) == 0

    def compile(self) -> bool:
        return sh(["cmake", "--build", "build", f"-j{self.jobs}"], self.root, self.log) == 0

    def rebuild_runtime(self, file: str) -> bool:
        """A runtime that ships built output: rebuild it from the mutated source, so that the tests see
        the mutant's behaviour (and not only the check that the built output is in step with the source)."""
        for prefix, command in RUNTIME_BUILDS.items():
            if file.startswith(prefix):
                return sh(command, self.root, self.log, env={"CONTRACTGEN_NODE_MODULES": str(self.root / "node_modules")}) == 0
        return True

    def regenerate(self) -> bool:
        """generated/ and every golden's expected/ from the (mutated) generator."""
        ok = sh([str(self.build / "contractgen"), "generate", "--quiet"], self.root, self.log) == 0
        return sh(["scripts/update-golden"], self.root, self.log) == 0 and ok

    def ctest(self, regex: str | None, out: Path) -> list[str]:
        """The failing tests of a CTest run (all tests, or those matching `regex`)."""
        cmd = ["ctest", "--test-dir", "build", f"-j{self.jobs}", "--timeout", "900", "--output-junit", str(out)]
        if regex:
            cmd += ["-R", regex]
        sh(cmd, self.root, self.log)
        return junit_failures(out)

    def probe(self, out: Path) -> set[str]:
        """Every disagreement of the vectors and the hostile suite, every language judged strictly."""
        driver = str(self.root / "tests/conformance/driver.py")
        python = str(self.root / ".venv/bin/python")
        runner = str(self.build / "tests/conformance/conformance_runner_cpp")
        work = self.build / "tests/conformance/work"
        found: set[str] = set()
        for what, extra in (("vectors", ["--no-ajv"]), ("hostile", ["--report", "--show", "0"])):
            target = out.with_name(out.name + "." + what)
            target.unlink(missing_ok=True)
            sh([python, driver, what, "--work", str(work / f"probe-{what}"), "--cpp-runner", runner, "--strict", ALL_LANGS,
                "--disagreements", str(target), *extra], self.root, self.log, timeout=1800)
            if not target.is_file():
                found.add(f"{what}: the probe did not finish")
                continue
            for line in target.read_text(encoding="utf-8").splitlines():
                d = json.loads(line)
                found.add(f"{what}: {d['case']}: {d['why']}")
        return found

    def restore(self) -> None:
        """Back to the commit: the mutated file, generated/, the goldens (build/ and the links stay)."""
        sh(["git", "checkout", "--quiet", "--", "."], self.root, self.log)
        sh(["git", "clean", "-fdq"], self.root, self.log)


def junit_failures(path: Path) -> list[str]:
    import xml.etree.ElementTree as ET

    if not path.is_file():
        raise RunError("ctest wrote no report")
    root = ET.parse(path).getroot()
    cases = list(root.iter("testcase"))
    if not cases:
        raise RunError("no test matched (CMake's regular expressions allow at most 10 groups)")
    return sorted(tc.get("name", "?") for tc in cases if tc.find("failure") is not None or tc.find("error") is not None)


class RunError(Exception):
    """The run itself went wrong (not a verdict on the mutant)."""


def aim(m: Mutant, root: Path) -> int:
    """How many times the mutant's search text occurs in its file under `root` (1: it applies)."""
    target = root / m.file
    return target.read_text(encoding="utf-8").count(m.search) if target.is_file() else 0


def check_aim(mutants: list[Mutant]) -> int:
    """Exit status 1 and a line per mutant whose code moved (stale), else 0: a quick CTest keeps the list aimed."""
    stale = [(m, aim(m, REPO)) for m in mutants]
    stale = [(m, n) for m, n in stale if n != 1]
    for m, n in stale:
        print(f"{m.file}: error: mutant {m.id}: its search text occurs {n} times (update its `search`)")
    print(f"{len(mutants) - len(stale)} of {len(mutants)} mutants aim at their code")
    return 1 if stale else 0


def run_mutant(m: Mutant, s: Scratch, baseline: set[str], full: bool, probe: bool, work: Path) -> None:
    target = s.root / m.file
    count = aim(m, s.root)
    if count != 1:
        m.result = "stale"
        m.caught_by = [f"the search text occurs {count} times in {m.file}"]
        return
    target.write_text(target.read_text(encoding="utf-8").replace(m.search, m.replace), encoding="utf-8")
    try:
        if not s.rebuild_runtime(m.file):
            m.result = "does not build"
            return
        if not s.compile():
            m.result = "does not build"
            return
        if not s.regenerate():
            m.result, m.caught_by = "caught", ["contractgen generate fails on the contract"]
            return
        if not s.compile():  # the programs built from generated/ (runners, binding tests)
            m.result, m.caught_by = "caught", ["the regenerated bindings do not compile"]
            return
        try:
            failed = s.ctest(None if full else m.tests, work / f"{m.id}.junit.xml")
        except RunError as e:
            m.result, m.caught_by = "not run", [str(e)]
            return
        m.caught_by = [f"test {t}" for t in failed]
        if probe:
            new = sorted(s.probe(work / f"{m.id}.probe") - baseline)
            m.caught_by += [f"strict probe: {len(new)} new disagreements, e.g. {new[0][:300]}"] if new else []
        m.result = "caught" if m.caught_by else "survived"
    finally:
        s.restore()


def report(mutants: list[Mutant]) -> str:
    caught = [m for m in mutants if m.result == "caught"]
    survived = [m for m in mutants if m.result == "survived"]
    by_tests = [m for m in caught if any(c.startswith(("test ", "contractgen")) for c in m.caught_by)]
    lines = ["| mutant | area | result | caught by |", "|---|---|---|---|"]
    for m in mutants:
        how = "; ".join(c if len(c) < 160 else c[:157] + "..." for c in m.caught_by[:3])
        if len(m.caught_by) > 3:
            how += f"; and {len(m.caught_by) - 3} more"
        lines.append(f"| {m.id} | {m.area} | {m.result} | {how.replace('|', '/')} |")
    judged = len(caught) + len(survived)
    lines += ["", f"score: {len(caught)}/{judged} caught ({len(by_tests)} by CTest itself, "
                  f"{len(caught) - len(by_tests)} only by the strict probe); "
                  f"{sum(m.result == 'stale' for m in mutants)} stale, {sum(m.result == 'does not build' for m in mutants)} "
                  f"do not build, {sum(m.result == 'not run' for m in mutants)} not run"]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mutants", default=str(HERE / "mutants.toml"))
    ap.add_argument("--only", action="append", default=[], help="run only this mutant (repeatable)")
    ap.add_argument("--full", action="store_true", help="run every CTest test for every mutant, not the subset")
    ap.add_argument("--no-probe", dest="probe", action="store_false", help="CTest only, without the strict probe")
    ap.add_argument("--scratch", help="the scratch folder (default: a new temporary folder)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder afterwards")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--baseline-subset", action="store_true",
                    help="check the unmutated commit with the selected mutants' CTest subsets only, not every test "
                         "(for --only runs on a shared machine; the full run keeps the whole baseline)")
    ap.add_argument("--check-aim", action="store_true", help="only check that every mutant's search text occurs exactly once")
    args = ap.parse_args()
    mutants = load(Path(args.mutants))
    if args.check_aim:
        return check_aim(mutants)
    if args.only:
        unknown = set(args.only) - {m.id for m in mutants}
        if unknown:
            raise SystemExit(f"unknown mutant ids: {sorted(unknown)}")
        mutants = [m for m in mutants if m.id in args.only]
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True, check=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain"], cwd=REPO, capture_output=True, text=True).stdout.strip()
    if dirty:
        print("note: uncommitted changes are not part of the scratch clone; mutants apply to " + commit[:12])
    root = Path(args.scratch) if args.scratch else Path(tempfile.mkdtemp(prefix="contractgen-mutation-"))
    work = root.parent / (root.name + "-results")
    work.mkdir(parents=True, exist_ok=True)
    s = Scratch(root, args.jobs, work / "log.txt")
    print(f"scratch clone of {commit[:12]} in {root}; log in {s.log}", flush=True)
    t0 = time.monotonic()
    try:
        s.create(commit)
        if not s.configure() or not s.compile() or not s.regenerate() or not s.compile():
            print(f"the unmutated commit does not build; see {s.log}")
            return 2
        # Every test: the unmutated commit must pass them all (or, with --baseline-subset, every test a mutant runs).
        subset = "|".join(m.tests for m in mutants) if args.baseline_subset and not args.full else None
        failing = s.ctest(subset, work / "baseline.junit.xml")
        if failing:
            print(f"the unmutated commit fails tests: {failing}; see {s.log}")
            return 2
        baseline = s.probe(work / "baseline.probe") if args.probe else set()
        s.restore()
        print(f"baseline ready in {time.monotonic() - t0:.0f}s: the tests pass, the strict probe finds "
              f"{len(baseline)} disagreements", flush=True)
        for m in mutants:
            t = time.monotonic()
            run_mutant(m, s, baseline, args.full, args.probe, work)
            m.seconds = time.monotonic() - t
            print(f"{m.id}: {m.result} ({m.seconds:.0f}s) {'; '.join(m.caught_by)[:300]}", flush=True)
    finally:
        if not args.keep and not args.scratch:
            shutil.rmtree(root, ignore_errors=True)
    text = report(mutants)
    (work / "report.md").write_text(text + "\n", encoding="utf-8")
    print()
    print(text)
    print(f"\n{time.monotonic() - t0:.0f}s; report in {work / 'report.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
