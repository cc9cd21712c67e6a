#!/usr/bin/env python3
"""SchemaStore's catalogue through contractgen (docs/conformance.md, "SchemaStore catalogue").

  schemastore.py CONTRACTGEN CATALOGUE --work DIR [--langs cpp,ts,py,go] [--only NAME ...]
                 [--jobs N] [--report FILE] [--expect-all] [--cxx CXX --cxx-include DIR ...]

CATALOGUE is a checkout of github.com/SchemaStore/schemastore (its `src/` folder is enough): every
schema of src/schemas/json/ is generated alone, for every default target, in a family folder of its
own (with the sibling files it names by relative path), with `[resolve]` mapping
https://json.schemastore.org/ (the catalogue's own URLs) to src/schemas/json/, so that no reference
goes to the network. The report counts the schemas that generate and groups the refusals by their
first diagnostic, normalised (quoted text, numbers and paths blanked).

Then the schemas that generate are generated together, once per language, and their own test
instances (src/test/<name>/*.json must be valid, src/negative_test/<name>/*.json invalid) run
through every binding, with Python `jsonschema` (the schema's own draft) as the oracle. Exit 1 when
a binding disagrees with the oracle or the generator crashes (exit code other than 0 and 2, or no
diagnostic); refusals are measured, not failures (with --expect-all, they fail too).

A pinned sample (tests/corpus/schemastore-sample, written by pin_sample.py) has the catalogue's layout
and a SAMPLE.txt naming its schemas: only those are generated alone, the other files being the ones
they reference.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "conformance"))
sys.path.insert(0, str(HERE))

import together  # noqa: E402
from together import PREFIX, family_of, write_config  # noqa: E402


def relative_refs(schema) -> set[str]:
    """File parts of the `$ref`s that are relative paths (not URLs, not fragments)."""
    out: set[str] = set()
    stack = [schema]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            ref = n.get("$ref")
            if isinstance(ref, str):
                file = ref.split("#", 1)[0]
                if file and not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", file) and not file.startswith("//"):
                    out.add(file)
            stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)
    return out


def case_files(catalogue_json: Path, name: str) -> list[str]:
    """The schema's file and the sibling files it reaches by relative path (its own first), relative to
    the catalogue's json folder; files that do not exist are left to contractgen to report."""
    todo, seen, out = [name], set(), []
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        seen.add(rel)
        src = catalogue_json / rel
        if not src.is_file() or ".." in Path(rel).parts:
            continue
        out.append(rel)
        try:
            doc = json.loads(src.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError):
            continue
        base = Path(rel).parent
        todo += [os.path.normpath(base / r) for r in relative_refs(doc)]
    return out


def write_case(catalogue_json: Path, name: str, schemas_root: Path, skip: set[str] = frozenset()) -> None:
    """The schema and the sibling files it reaches by relative path (but `skip`), into its family folder."""
    folder = schemas_root / family_of(name)
    folder.mkdir(parents=True, exist_ok=True)
    for rel in case_files(catalogue_json, name):
        if rel in skip:
            continue
        src = catalogue_json / rel
        # contractgen reads a *.json file as a schema when it declares "$schema"; the catalogue's files
        # are schemas whether they do or not, so the schema under test is named *.schema.json without one
        # (the same root type name: the suffix is not part of it).
        target = folder / rel
        if rel == name:
            try:
                doc = json.loads(src.read_text(encoding="utf-8"))
            except (ValueError, UnicodeDecodeError):
                doc = None
            if not (isinstance(doc, dict) and "$schema" in doc):
                target = folder / (rel[: -len(".json")] + ".schema.json")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, target)


def normalise(message: str) -> str:
    """A diagnostic without what differs from schema to schema: quoted text, numbers, paths."""
    m = re.sub(r"'[^']*'", "'…'", message)
    m = re.sub(r'"[^"]*"', '"…"', m)
    m = re.sub(r"\b\d+\b", "N", m)
    m = re.sub(r"\(\+N more\)", "", m)
    return m.strip()


def generate_alone(contractgen: str, catalogue_json: Path, name: str, work: Path) -> tuple[str, str]:
    root = work / "alone" / family_of(name)
    if root.exists():
        shutil.rmtree(root)
    write_case(catalogue_json, name, root / "schemas")
    write_config(root / "contractgen.toml", catalogue_json)
    cmd = [
        contractgen,
        "generate",
        "--quiet",
        "--config",
        str(root / "contractgen.toml"),
        "--schemas",
        str(root / "schemas"),
        "--out",
        str(root / "out"),
    ]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return "crashed", "no answer within 300 s"
    shutil.rmtree(root / "out", ignore_errors=True)
    if p.returncode == 0:
        return "generates", ""
    errors = [l.split(": error: ", 1)[1] for l in p.stderr.splitlines() if ": error: " in l]
    if p.returncode != 2 or not errors:
        return "crashed", f"exit {p.returncode}: {p.stderr.strip()[-300:]}"
    return "refused", errors[0]


def read_instance(path: Path):
    """A test file as a JSON value: JSON, YAML (timestamps kept as text, as in JSON) or TOML; None when
    it cannot be read that way (JSONC, a TOML date: no JSON value to compare)."""
    import tomllib
    import yaml

    class TextTimestamps(yaml.SafeLoader):
        pass

    TextTimestamps.yaml_implicit_resolvers = {
        k: [r for r in v if r[0] != "tag:yaml.org,2002:timestamp"]
        for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    try:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".json":
            value = json.loads(text)
        elif path.suffix in (".yaml", ".yml"):
            value = yaml.load(text, Loader=TextTimestamps)
        elif path.suffix == ".toml":
            value = tomllib.loads(text)
        else:
            return None
        json.dumps(value)  # only JSON values
        return value
    except Exception:  # noqa: BLE001 - any file that is not one JSON value is left out (and counted)
        return None


def instances(catalogue: Path, name: str) -> tuple[list[tuple[str, bool, object]], int]:
    """(file, SchemaStore's verdict, instance) for the test files of one schema, and how many could not
    be read as one JSON value."""
    stem = name[: -len(".json")]
    out, unread = [], 0
    for folder, valid in (("test", True), ("negative_test", False)):
        for f in sorted((catalogue / "src" / folder / stem).glob("*")):
            value = read_instance(f)
            if value is None:
                unread += 1
            else:
                out.append((f"{folder}/{stem}/{f.name}", valid, value))
    return out, unread


def python_groups(schema):
    """The schema with ECMA-262's named groups `(?<name>…)` spelt as Python's `(?P<name>…)` in its patterns:
    the oracle's `re` knows only the latter, and means the same by it."""
    def spell(pattern):
        return re.sub(r"(?<!\\)\(\?<(?=[A-Za-z_])", "(?P<", pattern) if isinstance(pattern, str) else pattern

    if isinstance(schema, list):
        return [python_groups(v) for v in schema]
    if not isinstance(schema, dict):
        return schema
    out = {}
    for k, v in schema.items():
        if k == "pattern" and isinstance(v, str):
            out[k] = spell(v)
        elif k == "patternProperties" and isinstance(v, dict):
            out[k] = {spell(pk): python_groups(pv) for pk, pv in v.items()}
        else:
            out[k] = python_groups(v)
    return out


class Oracle:
    """Python `jsonschema` with the schema's own draft; catalogue URLs are read from the catalogue."""

    def __init__(self, catalogue_json: Path):
        from referencing import Registry, Resource
        from referencing.exceptions import NoSuchResource

        def retrieve(uri: str):
            if uri.startswith(PREFIX):
                path = catalogue_json / uri[len(PREFIX) :]
                if path.is_file():
                    return Resource.from_contents(python_groups(json.loads(path.read_text(encoding="utf-8"))))
            raise NoSuchResource(ref=uri)

        self.registry = Registry(retrieve=retrieve)
        self.catalogue_json = catalogue_json

    def verdict(self, name: str, instance) -> bool:
        import jsonschema

        schema = python_groups(json.loads((self.catalogue_json / name).read_text(encoding="utf-8")))
        cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        v = cls(schema, registry=self.registry, format_checker=cls.FORMAT_CHECKER)
        return next(iter(v.iter_errors(instance)), None) is None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("contractgen")
    ap.add_argument("catalogue", nargs="?", default=os.environ.get("CONTRACTGEN_SCHEMASTORE", ""))
    ap.add_argument("--work", required=True)
    ap.add_argument("--langs", default="cpp,ts,py,go")
    ap.add_argument("--only", nargs="*", default=[])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--report", help="write the Markdown summary here too")
    ap.add_argument(
        "--expect-all",
        action="store_true",
        help="a schema that does not generate is a failure too (the pinned sample: corpus_sample)",
    )
    ap.add_argument("--cxx", default="c++")
    ap.add_argument("--cxx-include", action="append", default=[])
    args = ap.parse_args()
    if not args.catalogue:
        print("NOT CHECKED: no SchemaStore catalogue given (CONTRACTGEN_SCHEMASTORE, or -DCONTRACTGEN_SCHEMASTORE=DIR)")
        return 0
    catalogue = Path(args.catalogue).resolve()
    catalogue_json = catalogue / "src" / "schemas" / "json"
    if not catalogue_json.is_dir():
        print(f"FAILURE {catalogue_json} does not exist: give a checkout of SchemaStore/schemastore")
        return 1
    work = Path(args.work).resolve()
    work.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    names = sorted(p.name for p in catalogue_json.glob("*.json"))
    listing = catalogue / "SAMPLE.txt"  # a pinned sample names its schemas; its other files are what they need
    if listing.is_file():
        names = sorted(
            {line.split("#", 1)[0].strip() for line in listing.read_text(encoding="utf-8").splitlines()} - {""}
        )
    if args.only:
        names = [n for n in names if n in args.only or n[:-5] in args.only]

    # ---- every schema alone, every default target --------------------------------------------------------
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = dict(zip(names, pool.map(lambda n: generate_alone(args.contractgen, catalogue_json, n, work), names)))
    generating = [n for n, (s, _) in results.items() if s == "generates"]
    crashed = {n: why for n, (s, why) in results.items() if s == "crashed"}
    reasons = collections.Counter(normalise(why) for s, why in results.values() if s == "refused")
    examples: dict[str, list[str]] = collections.defaultdict(list)
    for n, (s, why) in results.items():
        if s == "refused":
            examples[normalise(why)].append(n)
    drafts = collections.Counter()
    generating_by_draft = collections.Counter()
    for n in names:
        try:
            d = json.loads((catalogue_json / n).read_text(encoding="utf-8")).get("$schema", "(none)")
        except (ValueError, UnicodeDecodeError, AttributeError):
            d = "(unreadable)"
        d = re.sub(r"^https?://json-schema\.org/", "", str(d)).rstrip("#")
        drafts[d] += 1
        generating_by_draft[d] += n in generating

    lines = [
        f"{len(generating)} of {len(names)} schemas generate every default target "
        f"({100 * len(generating) / max(1, len(names)):.1f}%); {len(crashed)} crashed "
        f"({time.monotonic() - t0:.0f}s)",
        "",
        "| `$schema` | Schemas | Generate |",
        "|---|---:|---:|",
    ]
    lines += [f"| {d} | {c} | {generating_by_draft[d]} |" for d, c in drafts.most_common()]
    lines += ["", "| Schemas refused | First diagnostic (normalised) | For example |", "|---:|---|---|"]
    for reason, count in reasons.most_common():
        shown = reason.replace("|", "\\|")
        lines.append(f"| {count} | {shown} | {', '.join(examples[reason][:3])} |")
    for n, why in crashed.items():
        lines.append(f"- CRASH {n}: {why}")

    # ---- their own instances, every language, against the oracle ------------------------------------------
    failures = [f"contractgen crashed on {n}: {why}" for n, why in crashed.items()]
    if args.expect_all:
        failures += [f"{n} does not generate: {why}" for n, (s, why) in results.items() if s == "refused"]
    wanted = [l for l in args.langs.split(",") if l]
    cases, unread = [], 0
    for n in generating:
        found, skipped = instances(catalogue, n)
        cases += [(n, *c) for c in found]
        unread += skipped
    if cases and wanted:
        judged_by_oracle, differing, agreed, runs = together.judge(
            args,
            catalogue_json,
            cases,
            work,
            failures,
            lines,
            Oracle(catalogue_json),
            files_of=lambda n: case_files(catalogue_json, n),
            write=lambda n, root, skip: write_case(catalogue_json, n, root, skip),
        )
        lines += [
            "",
            f"Instances of the schemas that generate: {len(cases)}, {unread} more not one JSON value "
            f"(JSONC, a TOML date) ({judged_by_oracle} judged by the oracle; "
            f"SchemaStore's own verdict differs from the oracle's on {len(differing)}), "
            f"generated together in {runs} batches",
            "",
            "| Language | Agree with the oracle |",
            "|---|---:|",
        ]
        lines += [f"| {lang} | {agreed[lang]} of {judged_by_oracle} |" for lang in wanted]
        if differing:
            lines += [
                "",
                "SchemaStore's verdict differs from the oracle's (the oracle is what counts): " + ", ".join(differing),
            ]
    summary = "\n".join(lines)
    print(summary)
    if args.report:
        Path(args.report).write_text(summary + "\n", encoding="utf-8")
    for f in failures:
        print("FAILURE " + f)
    print(f"{'FAILED' if failures else 'PASSED'} ({time.monotonic() - t0:.0f}s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
