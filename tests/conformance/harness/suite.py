"""`driver.py suite`: the official JSON Schema Test Suite (draft 2020-12) through
contractgen and every language's bindings.

Each keyword file becomes one family (more when two of its groups define the
same `$defs` name): one schema file per test group, `group_NNN.schema.json`,
whose root schema is the root type `family.GroupNNN` (a root that is not an
object becomes an alias). Each group is generated alone first to classify
it: a group the generator cannot support must be refused with a clear error
(exit code 2 and a diagnostic), never generated wrong; a crash is a failure. The supported groups are generated once, compiled once per
language, and every test's `valid` verdict (and, for valid data, the round
trip) is checked in one process per language.

format.json is not judged: in draft 2020-12 it expects formats to be
annotations only, while contractgen asserts the formats it supports
(docs/semantics.md). optional/format/{date-time,uri,uuid,email}.json judge
formats as assertions instead.
"""

from __future__ import annotations

import collections
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import langs
from .compare import Expected, judge
from .suite_errors import expected_error
from .jsonvalue import dumps

HERE = Path(__file__).resolve().parent.parent
BASELINE = HERE / "suite-baseline.json"
EXTRA = HERE / "suite-extra"
# Keyword files of the supported subset (README / DESIGN.md "Supported JSON Schema subset").
SUBSET_FILES = {
    "additionalProperties", "allOf", "anyOf", "const", "default", "defs", "enum", "exclusiveMaximum",
    "exclusiveMinimum", "items", "maxItems", "maxLength", "maxProperties", "maximum", "minItems", "minLength",
    "minProperties", "minimum", "multipleOf", "not", "oneOf", "pattern", "properties", "ref", "required", "type",
    "uniqueItems", "date-time", "uri", "uuid",
}
DOC_BEGIN, DOC_END = "<!-- suite-table:begin -->", "<!-- suite-table:end -->"
KEYWORD_FILES_SKIPPED = {
    "format.json": "expects formats to be annotations only; contractgen asserts them "
                   "(judged by optional/format/*.json instead)",
}
MAX_SHOWN = 40


@dataclass
class Group:
    file: str                 # keyword file, relative to the suite folder
    index: int
    description: str
    schema: Any
    tests: list[dict]
    family: str = ""
    stem: str = ""
    status: str = ""          # supported | unsupported | skipped
    reason: str = ""
    type_name: str = ""
    failures: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.file} #{self.index} {self.description!r}"


def family_name(rel: str) -> str:
    stem = rel[: -len(".json")].replace("optional/", "opt_").replace("contractgen/", "x_").replace("/", "_")
    stem = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", stem).replace("-", "_").lower()
    return "kw_" + stem


def keyword_files(suite: Path, only: list[str]) -> dict[str, Path]:
    """label → file: the suite's keyword files, then optional/format/, then contractgen's own
    regression groups in the same format (tests/conformance/suite-extra/, labelled contractgen/)."""
    files = {p.name: p for p in sorted(suite.glob("*.json"))}
    files.update({f"optional/format/{p.name}": p for p in sorted((suite / "optional" / "format").glob("*.json"))})
    files.update({f"contractgen/{p.name}": p for p in sorted(EXTRA.glob("*.json"))})
    if only:
        files = {k: v for k, v in files.items() if k in only or Path(k).name in only}
    return files


def load_groups(files: dict[str, Path]) -> list[Group]:
    groups = []
    for rel, path in files.items():
        data = json.loads(path.read_text(encoding="utf-8"))
        for i, g in enumerate(data):
            groups.append(Group(rel, i, g["description"], g["schema"], g["tests"]))
    return groups


def assign_families(groups: list[Group]) -> None:
    """One family per keyword file, split where two groups define the same $defs name."""
    taken: dict[str, list[set[str]]] = collections.defaultdict(list)
    for g in groups:
        names = set((g.schema.get("$defs") or {}) if isinstance(g.schema, dict) else {})
        base = family_name(g.file)
        families = taken[base]
        for k, used in enumerate(families):
            if not (used & names):
                used |= names
                break
        else:
            families.append(set(names))
            k = len(families) - 1
        g.family = base if k == 0 else f"{base}_{k + 1}"
        g.stem = f"group_{g.index:03d}"


def write_group(g: Group, root: Path) -> None:
    folder = root / g.family
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{g.stem}.schema.json").write_text(json.dumps(g.schema, indent=1, ensure_ascii=False) + "\n",
                                                   encoding="utf-8")


def classify(contractgen: str, g: Group, work: Path, targets: list[str]) -> tuple[str, str]:
    """Generates the group alone for the targets under test, into a scratch folder.

    (`contractgen lint` checks every target, OpenAPI included, which only
    publishes $defs types; a test-suite group is a root type.)"""
    root = work / "lint" / g.family / g.stem
    if root.exists():
        shutil.rmtree(root)
    write_group(g, root / "schemas")
    cmd = [contractgen, "generate", "--quiet", "--schemas", str(root / "schemas"), "--out", str(root / "out")]
    for t in targets:
        cmd += ["--target", t]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode == 0:
        return "supported", ""
    if p.returncode != 2 or ": error: " not in p.stderr:
        return "crashed", f"contractgen exited with {p.returncode} without a diagnostic: {p.stderr.strip()[-300:]}"
    errors = [l for l in p.stderr.splitlines() if ": error: " in l]
    first = errors[0].split(": error: ", 1)[1] if errors else p.stderr.strip()[:300]
    return "unsupported", first + (f" (+{len(errors) - 1} more)" if len(errors) > 1 else "")


def run(args) -> int:
    t0 = time.monotonic()
    log = lambda *a: print(*a, flush=True)
    suite = Path(args.suite)
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    failures: list[str] = []
    if not suite.is_dir():
        print(f"FAILURE the test suite folder {suite} does not exist")
        return 1

    groups = load_groups(keyword_files(suite, args.only))
    assign_families(groups)
    failures += check_extra_expectations(groups)
    for g in groups:
        if g.file in KEYWORD_FILES_SKIPPED:
            g.status, g.reason = "skipped", KEYWORD_FILES_SKIPPED[g.file]

    # ---- which languages ------------------------------------------------------------------------------------
    repo_generated = langs.REPO / "generated"
    wanted: list[str] = []
    missing: dict[str, str] = {}
    for lang in args.langs:
        try:
            if lang == "ts":
                langs.ts_available(repo_generated / "ts")
            elif lang == "py":
                langs.py_available(repo_generated / "python")
            elif lang == "go":
                langs.go_available(repo_generated / "go")
            wanted.append(lang)
        except langs.Unavailable as e:
            missing[lang] = str(e)
    for lang in args.require:
        if lang in missing:
            failures.append(f"required language {lang} is unavailable: {missing[lang]}")
    targets = {"cpp": "cpp", "ts": "ts", "py": "python", "go": "go"}

    # ---- classify: every group alone ------------------------------------------------------------------------
    todo = [g for g in groups if g.status != "skipped"]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, (os.cpu_count() or 2) * 2)) as pool:
        results = pool.map(lambda g: classify(args.contractgen, g, work, [targets[l] for l in wanted]), todo)
        for g, (status, reason) in zip(todo, results):
            g.status, g.reason = status, reason
            if status == "crashed":  # counted as disagreeing: the generator must refuse cleanly
                g.status = "supported"
                g.failures.append(reason)
    supported = [g for g in groups if g.status == "supported" and not g.failures]
    log(f"{len(groups)} groups in {len({g.file for g in groups})} keyword files: {len(supported)} supported "
        f"({time.monotonic() - t0:.1f}s)")

    # ---- generate once ---------------------------------------------------------------------------------------
    gen = work / "gen"
    schemas_root = gen / "schemas"
    out = gen / "out"
    if schemas_root.exists():
        shutil.rmtree(schemas_root)
    for g in supported:
        write_group(g, schemas_root)
    cmd = [args.contractgen, "generate", "--quiet", "--schemas", str(schemas_root), "--out", str(out)]
    for lang in wanted:
        cmd += ["--target", targets[lang]]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        # each group generated alone, so this is a generator bug: name the groups it hits
        by_file = {f"{g.family}/{g.stem}.schema.json": g for g in supported}
        for line in p.stderr.splitlines():
            for path, g in by_file.items():
                if path in line:
                    g.failures.append("generate failed together, not alone: " + line.split(": error: ", 1)[-1])
        failures.append("contractgen generate failed on groups that each generate alone:\n" + p.stderr[-3000:])
        print_report(groups, failures, missing, [], {}, args, t0)
        return 1
    log(f"generated {', '.join(wanted)} for {len(supported)} groups ({time.monotonic() - t0:.1f}s)")

    # ---- runners -------------------------------------------------------------------------------------------------
    # Compiling is the slow part: the C++ compiler and tsc run side by side.
    def prepare(lang: str) -> langs.Runner:
        if lang == "cpp":
            # -O0: this runner decodes a few hundred values; compile time is what counts
            return langs.compile_cpp_runner(out / "cpp" / "include", work / "cpp", args.cxx, args.cxx_include,
                                            opt="-O0", log=log)
        if lang == "ts":
            return langs.ts_runner(langs.ts_registry(out / "ts"))
        if lang == "go":
            return langs.compile_go_runner(out / "go", work / "go", log=log)
        return langs.py_runner(out / "python")

    runners: dict[str, langs.Runner] = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=len(wanted) or 1) as pool:
        futures = {lang: pool.submit(prepare, lang) for lang in wanted}
        for lang, f in futures.items():
            try:
                runners[lang] = f.result()
            except (langs.CompileFailure, langs.Unavailable) as e:
                failures.append(str(e))
    log(f"runners ready: {', '.join(runners) or 'none'} ({time.monotonic() - t0:.1f}s)")

    # Every supported group's root type must be registered.
    registered: set[str] = set()
    if "cpp" in runners:
        p = subprocess.run(runners["cpp"].cmd[:-1] + ["--list"], capture_output=True, text=True)
        registered = set(p.stdout.split())
    for g in supported:
        g.type_name = f"{g.family}.{pascal_stem(g.stem)}"
        if registered and g.type_name not in registered:
            g.failures.append(f"root type {g.type_name} is not in the C++ registry (a root with annotations only?)")

    # ---- run every test once per language -------------------------------------------------------------------------
    cases: list[tuple[Group, dict]] = [(g, test) for g in supported if not g.failures for test in g.tests]
    lines: list[str | bytes] = [f"{g.type_name}\t{dumps(test['data'])}" for g, test in cases]
    outputs: dict[str, list[str]] = {}
    for lang, runner in runners.items():
        started = time.monotonic()
        try:
            outputs[lang] = runner.run(lines)
        except (langs.RunnerFailure, subprocess.TimeoutExpired) as e:
            failures.append(str(e))
            continue
        log(f"{lang}: {len(lines)} tests in {time.monotonic() - started:.2f}s")

    disagreements = []
    for j, (g, test) in enumerate(cases):
        case = {"type": g.type_name, "name": f"{g.label} / {test['description']}", "instance": test["data"]}
        error = None if test["valid"] else expected_error(g.schema, test["data"])
        d = judge(case, test["valid"], {lang: out[j] for lang, out in outputs.items()}, "the test suite",
                  strict=set(args.strict) & set(outputs), expected=Expected(error=error))
        if d:
            g.failures.append(d.render())
            disagreements.append(d)

    return print_report(groups, failures, missing, disagreements, outputs, args, t0)


def check_extra_expectations(groups: list[Group]) -> list[str]:
    """contractgen's own groups are hand-written: a standard validator must agree with them."""
    from jsonschema import Draft202012Validator

    out = []
    for g in groups:
        if not g.file.startswith("contractgen/"):
            continue
        v = Draft202012Validator(g.schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
        for t in g.tests:
            if v.is_valid(t["data"]) != t["valid"]:
                out.append(f"{g.label} / {t['description']}: declares valid={t['valid']}, jsonschema disagrees")
    return out


def pascal_stem(stem: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in stem.split("_"))


def print_report(groups, failures, missing, disagreements, outputs, args, t0) -> int:
    for d in disagreements[:MAX_SHOWN]:
        print(d.render())
    if len(disagreements) > MAX_SHOWN:
        print(f"... and {len(disagreements) - MAX_SHOWN} more disagreements")
    for g in groups:
        for f in g.failures:
            if not f.startswith("DISAGREEMENT"):
                failures.append(f"{g.label}: {f}")
    table = render_table(groups, sorted(outputs), missing)
    print()
    print(table)
    if args.table:
        Path(args.table).parent.mkdir(parents=True, exist_ok=True)
        Path(args.table).write_text(table + "\n", encoding="utf-8")
    if getattr(args, "update_doc", None):
        doc = Path(args.update_doc)
        text = doc.read_text(encoding="utf-8")
        if DOC_BEGIN in text and DOC_END in text:
            head, rest = text.split(DOC_BEGIN, 1)
            text = head + DOC_BEGIN + "\n" + table + "\n" + DOC_END + rest.split(DOC_END, 1)[1]
            doc.write_text(text, encoding="utf-8")
            print(f"updated the table in {doc}")
        else:
            failures.append(f"{doc} has no {DOC_BEGIN} ... {DOC_END} markers")

    # Regressions against the recorded baseline: a group that was supported must stay supported.
    regressions, improvements = compare_baseline(groups)
    for r in regressions:
        failures.append(f"regression: {r} (was supported; see {BASELINE.name})")
    for i in improvements:
        print(f"note: {i} is supported now; record it: driver.py suite ... --update-baseline")
    if getattr(args, "update_baseline", False):
        if args.only:
            failures.append("--update-baseline records every keyword file: run it without --only")
        else:
            write_baseline(groups)
            print(f"wrote {BASELINE}")
    for f in failures[:MAX_SHOWN]:
        print("FAILURE " + f)
    for lang, why in missing.items():
        print(f"NOT CHECKED: {lang}: {why}")
    n_groups = sum(1 for g in groups if g.status == "supported")
    bad = sum(1 for g in groups if g.status == "supported" and g.failures)
    print(f"test suite: {n_groups} supported groups checked in {', '.join(sorted(outputs)) or 'no language'}; "
          f"{bad} disagreeing; {len(disagreements)} test disagreements; {len(failures)} other failures; "
          f"{time.monotonic() - t0:.1f}s")
    return 1 if disagreements or failures or bad or not outputs else 0


def render_table(groups: list[Group], checked: list[str], missing: dict[str, str]) -> str:
    by_file: dict[str, list[Group]] = collections.defaultdict(list)
    for g in groups:
        by_file[g.file].append(g)
    langs_text = ", ".join({"cpp": "C++", "ts": "TypeScript", "py": "Python", "go": "Go"}[l] for l in checked) or "none"
    out = [f"Languages checked: {langs_text}." + (f" Not yet checked: {', '.join(missing)}." if missing else ""),
           "",
           "| Keyword file | In the subset | Groups | Agreed in all | Disagreeing | Unsupported (generator error) | Not judged |",
           "|---|:-:|---:|---:|---:|---:|---:|"]
    totals = [0, 0, 0, 0, 0]
    for f in sorted(by_file, key=file_order):
        gs = by_file[f]
        row = [len(gs),
               sum(1 for g in gs if g.status == "supported" and not g.failures),
               sum(1 for g in gs if g.status == "supported" and g.failures),
               sum(1 for g in gs if g.status == "unsupported"),
               sum(1 for g in gs if g.status == "skipped")]
        totals = [a + b for a, b in zip(totals, row)]
        subset = "yes" if (f.startswith("contractgen/") or f.split("/")[-1][:-5] in SUBSET_FILES) else ""
        out.append(f"| {f} | {subset} | " + " | ".join(str(x) for x in row) + " |")
    out.append("| **total** | | " + " | ".join(f"**{x}**" for x in totals) + " |")
    out.append("")
    out.append("Unsupported groups and the generator's error:")
    out.append("")
    for f in sorted(by_file, key=file_order):
        for g in by_file[f]:
            if g.status == "unsupported":
                out.append(f"- {f} #{g.index} {g.description}: `{g.reason.replace('`', chr(39))}`")
            elif g.status == "skipped":
                out.append(f"- {f} #{g.index} {g.description}: not judged ({g.reason})")
    return "\n".join(out)


def file_order(f: str) -> tuple:
    return (f.startswith("contractgen/"), f.startswith("optional/"), f.lower())


def baseline_key(g: Group) -> str:
    return f"{g.file} #{g.index} {g.description}"


def compare_baseline(groups: list[Group]) -> tuple[list[str], list[str]]:
    if not BASELINE.is_file():
        return [], []
    recorded = set(json.loads(BASELINE.read_text(encoding="utf-8"))["supported"])
    files = {g.file for g in groups}
    now = {baseline_key(g) for g in groups if g.status == "supported"}
    regressions = sorted(k for k in recorded - now if k.split(" #")[0] in files)
    improvements = sorted(now - recorded)
    return regressions, improvements


def write_baseline(groups: list[Group]) -> None:
    supported = sorted(baseline_key(g) for g in groups if g.status == "supported")
    BASELINE.write_text(json.dumps({"comment": "Test-suite groups the generator supports; a group leaving this "
                                               "list fails conformance_suite (driver.py suite --update-baseline "
                                               "rewrites it).", "supported": supported}, indent=1) + "\n",
                        encoding="utf-8")
