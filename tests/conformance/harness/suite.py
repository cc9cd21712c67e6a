"""`driver.py suite`: the official JSON Schema Test Suite, every dialect contractgen reads
(draft-04, draft-06, draft-07, 2019-09, 2020-12: docs/dialects.md), through contractgen and every
language's bindings.

The draft 2020-12 files come from the copy kept in the repository (--suite); the other dialects'
folders from a checkout of the suite's tests/ folder (--suite-root, CMake's CONFORMANCE_SUITE_ROOT).
A dialect whose folder is absent is reported as NOT CHECKED, with how to supply it. Every dialect's
groups are generated together, in families of their own, each file saying its dialect with
`$schema` (the older dialects' test files leave it out), so one compilation per language serves all.

Each keyword file becomes one family (more when two of its groups define the
same `$defs` name): one schema file per test group, `group_NNN.schema.json`,
whose root schema is the root type `family.GroupNNN` (a root that is not an
object becomes an alias). Each group is generated alone first to classify
it: a group the generator cannot support must be refused with a clear error
(exit code 2 and a diagnostic), never generated wrong; a crash is a failure. The supported groups are generated once, compiled once per
language, and every test's `valid` verdict (and, for valid data, the round
trip) is checked in one process per language.

The suite's remote schemas (its remotes/ folder, served at http://localhost:1234/ by the suite's
convention) are read through contractgen's own `[resolve]` mapping (docs/references.md) when a
remotes/ folder sits beside the suite's tests/ folder: each dialect's URL space (below, own_uris)
is mapped to it in a contractgen.toml of the work folder. Without one (the repository's copy holds
draft 2020-12 only), a group that refers to a remote schema is not run, with the reason, and the
baseline does not count it.

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
from urllib.parse import urldefrag, urljoin
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import langs
from .compare import Expected, judge
from .suite_errors import expected_error
from .jsonvalue import dumps

HERE = Path(__file__).resolve().parent.parent
BASELINE = HERE / "suite-baseline.json"  # draft 2020-12; the others: suite-baseline-<dialect folder>.json
EXTRA = HERE / "suite-extra"
# Keyword files of the supported subset (README / DESIGN.md "Supported JSON Schema subset").
SUBSET_FILES = {
    "additionalProperties", "allOf", "anyOf", "const", "default", "defs", "enum", "exclusiveMaximum",
    "exclusiveMinimum", "items", "maxItems", "maxLength", "maxProperties", "maximum", "minItems", "minLength",
    "minProperties", "minimum", "multipleOf", "not", "oneOf", "pattern", "properties", "ref", "required", "type",
    "uniqueItems", "date-time", "uri", "uuid", "definitions", "dependencies", "additionalItems",
}
DOC_BEGIN, DOC_END = "<!-- suite-table:begin -->", "<!-- suite-table:end -->"
KEYWORD_FILES_SKIPPED = {
    "format.json": "expects formats to be annotations only; contractgen asserts them "
                   "(judged by optional/format/*.json instead)",
}
GROUPS_SKIPPED = {
    "optional/format/hostname.json #1": "IDNA2008 A-label validation (Punycode, Unicode scripts, joining types), "
                                        "which the hostname format does not do (docs/semantics.md)",
}
NAMES = {"cpp": "C++", "ts": "TypeScript", "py": "Python", "go": "Go"}
# The suite's folder of each dialect: its name in contractgen, its $schema, the prefix of its families.
DIALECTS = {
    "draft4": ("draft-04", "http://json-schema.org/draft-04/schema#", "d4_"),
    "draft6": ("draft-06", "http://json-schema.org/draft-06/schema#", "d6_"),
    "draft7": ("draft-07", "http://json-schema.org/draft-07/schema#", "d7_"),
    "draft2019-09": ("2019-09", "https://json-schema.org/draft/2019-09/schema", "d2019_"),
    "draft2020-12": ("2020-12", "https://json-schema.org/draft/2020-12/schema", ""),
}
LATEST = "draft2020-12"
MAX_SHOWN = 40
REMOTE = "http://localhost:1234/"  # where the suite's convention serves its remotes/ folder


@dataclass
class Group:
    file: str                 # keyword file, relative to the suite folder
    index: int
    description: str
    schema: Any
    tests: list[dict]
    dialect: str = LATEST     # the suite's folder name
    family: str = ""
    stem: str = ""
    status: str = ""          # supported (by at least one language) | unsupported | skipped
    reason: str = ""
    refused: dict[str, str] = field(default_factory=dict)  # language → the generator's error, where it refuses
    failing: set[str] = field(default_factory=set)         # languages with a disagreement
    type_name: str = ""
    failures: list[str] = field(default_factory=list)
    remote: str = ""          # a remote schema's URL it refers to (remote_reference)

    @property
    def label(self) -> str:
        where = "" if self.dialect == LATEST else self.dialect + "/"
        return f"{where}{self.file} #{self.index} {self.description!r}"


def family_name(rel: str, dialect: str = LATEST) -> str:
    stem = rel[: -len(".json")].replace("optional/", "opt_").replace("contractgen/", "x_").replace("/", "_")
    stem = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", stem).replace("-", "_").lower()
    return DIALECTS[dialect][2] + "kw_" + stem


def keyword_files(suite: Path, only: list[str], extra: bool = True) -> dict[str, Path]:
    """label → file: the suite's keyword files, then optional/format/, then contractgen's own
    regression groups in the same format (tests/conformance/suite-extra/, labelled contractgen/)."""
    files = {p.name: p for p in sorted(suite.glob("*.json"))}
    files.update({f"optional/format/{p.name}": p for p in sorted((suite / "optional" / "format").glob("*.json"))})
    if extra:
        files.update({f"contractgen/{p.name}": p for p in sorted(EXTRA.glob("*.json"))})
    if only:
        files = {k: v for k, v in files.items() if k in only or Path(k).name in only}
    return files


def load_groups(files: dict[str, Path], dialect: str = LATEST) -> list[Group]:
    groups = []
    for rel, path in files.items():
        data = json.loads(path.read_text(encoding="utf-8"))
        for i, g in enumerate(data):
            groups.append(Group(rel, i, g["description"], g["schema"], g["tests"], dialect))
    return groups


def suite_folders(args) -> tuple[dict[str, Path], dict[str, str]]:
    """dialect → its folder, and dialect → why it is not checked."""
    folders: dict[str, Path] = {}
    absent: dict[str, str] = {}
    root = Path(args.suite_root) if getattr(args, "suite_root", None) else None
    for dialect in getattr(args, "dialects", None) or list(DIALECTS):
        if dialect == LATEST:
            folders[dialect] = Path(args.suite)
        elif root is not None and (root / dialect).is_dir():
            folders[dialect] = root / dialect
        else:
            absent[dialect] = (f"no {dialect}/ folder in {root or '(no --suite-root given)'}; supply the "
                               "official JSON-Schema-Test-Suite's tests/ folder with -DCONFORMANCE_SUITE_ROOT=<it> "
                               "(CMake) or --suite-root (driver.py suite)")
    return folders, absent


def remotes_folder(args, folders: dict[str, Path]) -> Path | None:
    """The suite's remotes/ folder: beside its tests/ folder (the upstream layout), or beside the
    dialect folders."""
    roots = [Path(args.suite_root)] if getattr(args, "suite_root", None) else []
    roots += [folder.parent for folder in folders.values()]
    for root in roots:
        for candidate in (root / "remotes", root.parent / "remotes"):
            if candidate.is_dir():
                return candidate.resolve()
    return None


def remote_reference(schema: Any) -> str:
    """The first URL under REMOTE that a reference of the group reaches and that no `$id` (`id`) of
    the group names: the group needs the suite's remote schemas ('' when it does not)."""
    defined: set[str] = set()
    reached: list[str] = []
    stack = [(schema, "")]
    while stack:
        node, base = stack.pop()
        if isinstance(node, list):
            stack += [(v, base) for v in node]
            continue
        if not isinstance(node, dict):
            continue
        ident = node.get("$id", node.get("id"))
        if isinstance(ident, str):
            base = urljoin(base, ident)
            defined.add(urldefrag(base)[0])
        for key in ("$ref", "$recursiveRef", "$dynamicRef"):
            if isinstance(node.get(key), str):
                reached.append(urldefrag(urljoin(base, node[key]))[0])
        stack += [(v, base) for k, v in node.items() if k not in ("enum", "const", "default", "examples")]
    return next((url for url in reached if url.startswith(REMOTE) and url not in defined), "")


def write_remotes_config(work: Path, remotes: Path, dialects: list[str]) -> Path:
    """A contractgen.toml for the work folder: the repository's own (the names the runners expect), and
    `[resolve]` mapping each dialect's space of REMOTE (own_uris) to the remotes/ folder, through a
    link named after the dialect (the vendored family is named after the folder: one per dialect, as
    the suite's remote files of one dialect would clash by name with another's)."""
    folder = work / "remotes"
    folder.mkdir(parents=True, exist_ok=True)
    lines = ["", "[resolve]"]
    for dialect in dialects:
        tag = DIALECTS[dialect][2].rstrip("_")
        link = folder / (f"remotes_{tag}" if tag else "remotes")
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(remotes, target_is_directory=True)
        lines.append(f"{json.dumps(REMOTE + (tag + '/' if tag else ''))} = {json.dumps(str(link))}")
    own = Path("contractgen.toml")
    config = work / "contractgen.toml"
    config.write_text((own.read_text(encoding="utf-8") if own.is_file() else "") + "\n".join(lines) + "\n",
                      encoding="utf-8")
    return config


def assign_families(groups: list[Group]) -> None:
    """One family per keyword file, split where two groups define the same $defs name."""
    taken: dict[str, list[set[str]]] = collections.defaultdict(list)
    for g in groups:
        # "a", "A": one identifier; `definitions` declares types like `$defs` (docs/dialects.md)
        names = {n.lower() for key in ("$defs", "definitions")
                 for n in ((g.schema.get(key) or {}) if isinstance(g.schema, dict) else {})}
        base = family_name(g.file, g.dialect)
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
    schema = g.schema
    if g.dialect != LATEST:
        schema = own_uris(schema, g.dialect)
        if isinstance(schema, dict) and "$schema" not in schema:
            schema = {"$schema": DIALECTS[g.dialect][1], **schema}  # the file says its dialect
        if isinstance(schema, dict) and asserts_nothing(schema):
            schema = {**schema, "allOf": [True]}
    (folder / f"{g.stem}.schema.json").write_text(json.dumps(schema, indent=1, ensure_ascii=False) + "\n",
                                                   encoding="utf-8")


URI_MEMBERS = {"$id", "id", "$ref", "$recursiveRef", "$dynamicRef"}
NOT_TYPES = {"$schema", "$id", "id", "$comment", "title", "description", "default", "examples", "deprecated",
             "definitions", "$defs", "$anchor"}
KNOWN_FORMATS = {"date-time", "date", "time", "duration", "email", "hostname", "ipv4", "ipv6", "uri", "uri-reference",
                 "json-pointer", "uuid", "int64", "uint64"}


def unknown_format(schema: Any) -> bool:
    """A group of optional/format/ that asserts a format contractgen does not know (not "unknown.json",
    whose format is meant to be unknown, and not the groups there that test `pattern`)."""
    return (isinstance(schema, dict) and isinstance(schema.get("format"), str)
            and schema["format"] not in KNOWN_FORMATS and schema["format"] != "unknown")


def asserts_nothing(schema: dict) -> bool:
    """An older dialect's group root that asserts nothing as contractgen reads it (annotations, an unknown
    format, `additionalItems` without an array `items`: docs/dialects.md) would be no type, only a
    library of definitions, and no language could decode with it; `"allOf": [true]`, which changes no
    verdict, makes it the root type (of any JSON value) that the tests run through."""
    keys = set(schema) - NOT_TYPES
    if not isinstance(schema.get("items"), list):
        keys.discard("additionalItems")
    if schema.get("format") not in KNOWN_FORMATS:
        keys.discard("format")
    return not keys


def own_uris(value: Any, dialect: str) -> Any:
    """The group's schema with its absolute URIs moved into a space of the dialect's own
    (http://localhost:1234/tree → http://localhost:1234/d4/tree, urn:uuid:… → urn:d4:uuid:…): the
    older dialects' groups reuse each other's identifiers, and every dialect is generated together."""
    tag = DIALECTS[dialect][2].rstrip("_")
    if isinstance(value, list):
        return [own_uris(v, dialect) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for k, v in value.items():
        if k in URI_MEMBERS and isinstance(v, str):
            v = re.sub(r"^(https?|file)://([^/#]*)/", lambda m: f"{m.group(1)}://{m.group(2)}/{tag}/", v)
            v = re.sub(r"^urn:", f"urn:{tag}:", v)
        out[k] = own_uris(v, dialect) if k not in ("enum", "const", "default", "examples") else v
    return out


def classify(contractgen: str, g: Group, work: Path, targets: list[str], config: Path | None = None) -> tuple[str, str]:
    """Generates the group alone for the targets under test, into a scratch folder.

    (`contractgen lint` checks every target, OpenAPI included, which only
    publishes $defs types; a test-suite group is a root type.)"""
    root = work / "lint" / g.family / g.stem
    if root.exists():
        shutil.rmtree(root)
    write_group(g, root / "schemas")
    cmd = [contractgen, "generate", "--quiet", "--schemas", str(root / "schemas"), "--out", str(root / "out")]
    cmd += ["--config", str(config)] if config else []
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
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    failures: list[str] = []
    folders, absent = suite_folders(args)
    for dialect, folder in folders.items():
        if not folder.is_dir():
            print(f"FAILURE the test suite folder {folder} does not exist")
            return 1

    groups = []
    for dialect, folder in folders.items():
        groups += load_groups(keyword_files(folder, args.only, extra=dialect == LATEST), dialect)
    args.absent_dialects = absent
    assign_families(groups)
    failures += check_extra_expectations(groups)
    remotes = remotes_folder(args, folders)
    config = write_remotes_config(work, remotes, list(folders)) if remotes else None
    log(f"remote schemas: {remotes}" if remotes else "remote schemas: no remotes/ folder beside the suite's folders; "
        "the groups that refer to one are not run")
    for g in groups:
        g.remote = remote_reference(g.schema)
        if g.remote and not remotes:
            g.status, g.reason = "skipped", (f"not run: refers to the suite's remote schema {g.remote}, and no "
                                             "remotes/ folder of the suite is beside its tests/ folder (supply a "
                                             "whole checkout with -DCONFORMANCE_SUITE_ROOT=<it>/tests)")
        elif g.file in KEYWORD_FILES_SKIPPED:
            g.status, g.reason = "skipped", KEYWORD_FILES_SKIPPED[g.file]
        elif f"{g.file} #{g.index}" in GROUPS_SKIPPED:
            g.status, g.reason = "skipped", GROUPS_SKIPPED[f"{g.file} #{g.index}"]
        elif g.file.startswith("optional/format/") and unknown_format(g.schema):
            g.status, g.reason = "skipped", (f"format '{g.schema['format']}' is not one contractgen knows, so it is "
                                             "an annotation (docs/dialects.md); the group expects it asserted")

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

    # ---- classify: every group alone, for all languages, else for each ----------------------------------------
    # Targets declare what they implement (docs/semantics.md, "Capabilities"), so a group may run in some
    # languages only; each is then generated for each language alone.
    todo = [g for g in groups if g.status != "skipped"]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, (os.cpu_count() or 2) * 2)) as pool:
        results = pool.map(lambda g: classify(args.contractgen, g, work, [targets[l] for l in wanted], config), todo)
        for g, (status, reason) in zip(todo, results):
            g.status, g.reason = status, reason
            if status == "crashed":  # counted as disagreeing: the generator must refuse cleanly
                g.status = "supported"
                g.failures.append(reason)
        refused = [g for g in todo if g.status == "unsupported"]
        if len(wanted) > 1:
            pairs = [(g, lang) for g in refused for lang in wanted]
            alone = pool.map(lambda p: classify(args.contractgen, p[0], work / p[1], [targets[p[1]]], config), pairs)
            for (g, lang), (status, reason) in zip(pairs, alone):
                if status == "crashed":
                    g.failures.append(f"{lang}: {reason}")
                if status != "supported":
                    g.refused[lang] = reason
            for g in refused:
                if len(g.refused) < len(wanted):
                    g.status = "supported"
        else:
            for g in refused:
                g.refused = {lang: g.reason for lang in wanted}
    supported = [g for g in groups if g.status == "supported" and not g.failures]
    log(f"{len(groups)} groups in {len({g.file for g in groups})} keyword files: {len(supported)} supported in "
        f"some language, {sum(1 for g in supported if not g.refused)} in all ({time.monotonic() - t0:.1f}s)")

    # ---- generate once per language, the groups it supports --------------------------------------------------
    outs: dict[str, Path] = {}
    for lang in wanted:
        gen = work / "gen" / lang
        schemas_root = gen / "schemas"
        outs[lang] = gen / "out"
        if schemas_root.exists():
            shutil.rmtree(schemas_root)
        mine = [g for g in supported if lang not in g.refused]
        for g in mine:
            write_group(g, schemas_root)
        if not mine:
            continue
        cmd = [args.contractgen, "generate", "--quiet", "--schemas", str(schemas_root), "--out", str(outs[lang]),
               "--target", targets[lang]] + (["--config", str(config)] if config else [])
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            # each group generated alone, so this is a generator bug: name the groups it hits
            by_file = {f"{g.family}/{g.stem}.schema.json": g for g in mine}
            for line in p.stderr.splitlines():
                if ": error: " not in line:
                    continue
                for path, g in by_file.items():
                    if path in line:
                        g.failures.append("generate failed together, not alone: " + line.split(": error: ", 1)[-1])
            failures.append(f"contractgen generate --target {targets[lang]} failed on groups that each generate "
                            "alone:\n" + p.stderr[-3000:])
            print_report(groups, failures, missing, [], {}, args, t0)
            return 1
    log(f"generated {', '.join(wanted)} for {len(supported)} groups ({time.monotonic() - t0:.1f}s)")

    # ---- runners -------------------------------------------------------------------------------------------------
    # Compiling is the slow part: the C++ compiler and tsc run side by side.
    def prepare(lang: str) -> langs.Runner:
        out = outs[lang]
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
        futures = {lang: pool.submit(prepare, lang) for lang in wanted if (outs[lang] / targets[lang]).is_dir()}
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
        if registered and "cpp" not in g.refused and g.type_name not in registered:
            g.failures.append(f"root type {g.type_name} is not in the C++ registry (a root with annotations only?)")

    # ---- run every test once per language -------------------------------------------------------------------------
    cases: list[tuple[Group, dict]] = [(g, test) for g in supported if not g.failures for test in g.tests]
    outputs: dict[str, list[str]] = {}
    answers: dict[str, dict[int, str]] = {}  # language → case index → its line (the cases of the groups it runs)
    for lang, runner in runners.items():
        mine = [j for j, (g, _) in enumerate(cases) if lang not in g.refused]
        lines: list[str | bytes] = [f"{cases[j][0].type_name}\t{dumps(cases[j][1]['data'])}" for j in mine]
        started = time.monotonic()
        try:
            outputs[lang] = runner.run(lines)
        except (langs.RunnerFailure, subprocess.TimeoutExpired) as e:
            failures.append(str(e))
            continue
        answers[lang] = dict(zip(mine, outputs[lang]))
        log(f"{lang}: {len(lines)} tests in {time.monotonic() - started:.2f}s")

    disagreements = []
    for j, (g, test) in enumerate(cases):
        case = {"type": g.type_name, "name": f"{g.label} / {test['description']}", "instance": test["data"]}
        lines_j = {lang: out[j] for lang, out in answers.items() if j in out}
        error = None if test["valid"] else expected_error(g.schema, test["data"])
        strict = set(args.strict) & set(lines_j)
        expected = Expected(error=error)
        d = judge(case, test["valid"], lines_j, "the test suite", strict=strict, expected=expected)
        if d:
            g.failures.append(d.render())
            disagreements.append(d)
            g.failing |= {lang for lang, line in lines_j.items()
                          if judge(case, test["valid"], {lang: line}, strict=strict & {lang}, expected=expected)}

    return print_report(groups, failures, missing, disagreements, outputs, args, t0)


# How long the oracle may take on one test of contractgen's groups: its
# ECMA-262 engine (regress) backtracks without a bound, so a hostile pattern
# and input (suite-extra/pattern-ecma.json) would keep it searching for hours.
ORACLE_SECONDS = 10


def _oracle_verdicts(schema: Any, tests: list[dict], conn: Any) -> None:
    from jsonschema import Draft202012Validator

    v = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    for t in tests:
        conn.send(v.is_valid(t["data"]))


def check_extra_expectations(groups: list[Group]) -> list[str]:
    """contractgen's own groups are hand-written: a standard validator (jsonschema, patterns as
    ECMA-262) must agree with them. The oracle judges each group in a child process; a test it
    cannot answer in ORACLE_SECONDS is named, not judged, and the rest of its group goes on in a
    new child: its expectation is checked by hand (a hostile pattern's input that cannot match)."""
    import multiprocessing

    import jsonschema  # noqa: F401  # imported before forking: a child starts at once

    from . import ecma_patterns

    ecma_patterns.install()
    context = multiprocessing.get_context("fork")
    out = []
    for g in groups:
        if not g.file.startswith("contractgen/") or g.dialect != LATEST:
            continue
        pending = list(g.tests)
        while pending:
            receive, send = context.Pipe(duplex=False)
            child = context.Process(target=_oracle_verdicts, args=(g.schema, pending, send))
            child.start()
            while pending:
                t = pending[0]
                if not receive.poll(ORACLE_SECONDS):
                    print(f"note: {g.label} / {t['description']}: the oracle gave no answer in {ORACLE_SECONDS} s "
                          f"(a hostile input); its expectation is checked by hand")
                    pending.pop(0)
                    break
                if receive.recv() != t["valid"]:
                    out.append(f"{g.label} / {t['description']}: declares valid={t['valid']}, jsonschema disagrees")
                pending.pop(0)
            child.kill()
            child.join()
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
    checked = sorted(outputs, key=list(NAMES).index)
    tables = []
    for dialect in DIALECTS:
        mine = [g for g in groups if g.dialect == dialect]
        heading = f"### {DIALECTS[dialect][0]} (the suite's {dialect}/)"
        if mine:
            tables.append(heading + "\n\n" + render_table(mine, checked, missing))
        elif dialect in getattr(args, "absent_dialects", {}):
            tables.append(heading + "\n\nNOT CHECKED: " + args.absent_dialects[dialect])
    table = "\n\n".join(tables)
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
    regressions, improvements = [], []
    for dialect in DIALECTS:
        mine = [g for g in groups if g.dialect == dialect]
        if mine:
            r, i = compare_baseline(mine, sorted(outputs), baseline_file(dialect))
            regressions += [f"{dialect}: {x}" if dialect != LATEST else x for x in r]
            improvements += [f"{dialect}: {x}" if dialect != LATEST else x for x in i]
    for r in regressions:
        failures.append(f"regression: {r} (was supported; see the suite-baseline*.json files)")
    for i in improvements:
        print(f"note: {i} is supported now; record it: driver.py suite ... --update-baseline")
    if getattr(args, "update_baseline", False):
        if args.only:
            failures.append("--update-baseline records every keyword file: run it without --only")
        else:
            for dialect in DIALECTS:
                mine = [g for g in groups if g.dialect == dialect]
                if mine:
                    write_baseline(mine, sorted(outputs), baseline_file(dialect))
                    print(f"wrote {baseline_file(dialect)}")
    for f in failures[:MAX_SHOWN]:
        print("FAILURE " + f)
    for lang, why in missing.items():
        print(f"NOT CHECKED: {lang}: {why}")
    for dialect, why in getattr(args, "absent_dialects", {}).items():
        print(f"NOT CHECKED: dialect {DIALECTS[dialect][0]}: {why}")
    n_groups = sum(1 for g in groups if g.status == "supported")
    bad = sum(1 for g in groups if g.status == "supported" and g.failures)
    print(f"test suite: {n_groups} groups supported in some language checked in "
          f"{', '.join(sorted(outputs)) or 'no language'} ({sum(1 for g in groups if g.status == 'supported' and not g.refused)} "
          f"in all); "
          f"{bad} disagreeing; {len(disagreements)} test disagreements; {len(failures)} other failures; "
          f"{time.monotonic() - t0:.1f}s")
    return 1 if disagreements or failures or bad or not outputs else 0


def render_table(groups: list[Group], checked: list[str], missing: dict[str, str]) -> str:
    """Per keyword file: the groups agreed in every language checked, then in each language (a language
    runs the groups its target supports: docs/semantics.md, "Capabilities")."""
    by_file: dict[str, list[Group]] = collections.defaultdict(list)
    for g in groups:
        by_file[g.file].append(g)
    langs_text = ", ".join(NAMES[l] for l in checked) or "none"
    per_lang = [NAMES[l] for l in checked]
    out = [f"Languages checked: {langs_text}." + (f" Not yet checked: {', '.join(missing)}." if missing else ""),
           "",
           "| Keyword file | In the subset | Groups | Agreed in all | " + " | ".join(f"Agreed in {n}" for n in per_lang) +
           " | Disagreeing | Refused everywhere (generator error) | Not judged |",
           "|---|:-:|" + "---:|" * (6 + len(per_lang))]

    def agreed(g: Group, lang: str | None) -> bool:
        if g.status != "supported" or (g.failures and lang is None):
            return False
        if lang is None:
            return not g.refused
        return lang not in g.refused and lang not in g.failing and not any(
            not f.startswith("DISAGREEMENT") for f in g.failures)

    totals = [0] * (5 + len(per_lang))
    for f in sorted(by_file, key=file_order):
        gs = by_file[f]
        row = [len(gs), sum(1 for g in gs if agreed(g, None))]
        row += [sum(1 for g in gs if agreed(g, lang)) for lang in checked]
        row += [sum(1 for g in gs if g.status == "supported" and g.failures),
                sum(1 for g in gs if g.status == "unsupported"),
                sum(1 for g in gs if g.status == "skipped")]
        totals = [a + b for a, b in zip(totals, row)]
        subset = "yes" if (f.startswith("contractgen/") or f.split("/")[-1][:-5] in SUBSET_FILES) else ""
        out.append(f"| {f} | {subset} | " + " | ".join(str(x) for x in row) + " |")
    out.append("| **total** | | " + " | ".join(f"**{x}**" for x in totals) + " |")
    judged = totals[0] - totals[-1]
    out.append("")
    out.append(f"Of {totals[0]} groups ({judged} judged): " + ", ".join(
        f"{n} agreed in {NAMES[l]} ({100 * n / totals[0]:.1f}% of all, {100 * n / max(judged, 1):.1f}% of those judged)"
        for l, n in zip(checked, totals[2:2 + len(checked)])) + ".")
    out.append("")
    out.append("Groups refused by every target, with the generator's error:")
    out.append("")
    for f in sorted(by_file, key=file_order):
        for g in by_file[f]:
            if g.status == "unsupported":
                out.append(f"- {f} #{g.index} {g.description}: `{g.reason.replace('`', chr(39))}`")
            elif g.status == "skipped":
                out.append(f"- {f} #{g.index} {g.description}: not judged ({g.reason})")
    some = [g for g in groups if g.status == "supported" and g.refused]
    if some:
        out.append("")
        out.append("Groups refused by some targets only (a construct they do not implement yet), with the first "
                   "one's error:")
        out.append("")
        for f in sorted(by_file, key=file_order):
            for g in by_file[f]:
                if g in some:
                    first = next(iter(g.refused.values())).replace("`", chr(39))
                    names = ", ".join(NAMES[l] for l in g.refused)
                    out.append(f"- {f} #{g.index} {g.description}: refused by {names}: `{first}`")
    return "\n".join(out)


def file_order(f: str) -> tuple:
    return (f.startswith("contractgen/"), f.startswith("optional/"), f.lower())


def unrun(g: Group) -> bool:
    """A group not run for want of the suite's remotes/ folder: neither a regression nor an improvement."""
    return g.status == "skipped" and g.reason.startswith("not run:")


def baseline_key(g: Group) -> str:
    return f"{g.file} #{g.index} {g.description}"


def baseline_file(dialect: str) -> Path:
    return BASELINE if dialect == LATEST else HERE / f"suite-baseline-{dialect}.json"


def compare_baseline(groups: list[Group], checked: list[str], baseline: Path = BASELINE) -> tuple[list[str], list[str]]:
    """Regressions and improvements against the recorded baseline, per language checked (a group that
    was supported in a language must stay supported there)."""
    if not baseline.is_file():
        return [], []
    data = json.loads(baseline.read_text(encoding="utf-8"))
    recorded = data.get("supported_in") or {lang: data["supported"] for lang in NAMES}
    files = {g.file for g in groups}
    not_run = {baseline_key(g) for g in groups if unrun(g)}
    regressions, improvements = [], []
    for lang in checked:
        now = {baseline_key(g) for g in groups if g.status == "supported" and lang not in g.refused}
        was = set(recorded.get(lang, [])) - not_run
        regressions += [f"{k} [{NAMES[lang]}]" for k in sorted(was - now) if k.split(" #")[0] in files]
        improvements += [f"{k} [{NAMES[lang]}]" for k in sorted(now - was)]
    return regressions, improvements


def write_baseline(groups: list[Group], checked: list[str], baseline: Path = BASELINE) -> None:
    """Records the languages checked; the others keep what was recorded for them."""
    old = json.loads(baseline.read_text(encoding="utf-8")) if baseline.is_file() else {}
    supported_in = old.get("supported_in") or {lang: old.get("supported", []) for lang in NAMES}
    not_run = {baseline_key(g) for g in groups if unrun(g)}
    for lang in checked:
        kept = [k for k in supported_in.get(lang, []) if k in not_run]  # what this run could not see stays
        supported_in[lang] = sorted(kept + [baseline_key(g) for g in groups
                                            if g.status == "supported" and lang not in g.refused])
    everywhere = sorted(set.intersection(*(set(v) for v in supported_in.values())))
    baseline.write_text(json.dumps({"comment": "Test-suite groups the generator supports, in every language and in each "
                                               "(supported_in); a group leaving a list fails conformance_suite "
                                               "(driver.py suite --update-baseline rewrites it).",
                                    "supported": everywhere, "supported_in": supported_in}, indent=1) + "\n",
                        encoding="utf-8")
