"""The second phase of schemastore.py: the schemas that generate, generated together, and their own test
instances judged by every binding against the oracle.

Generating them all in one package is what makes the phase affordable (one C++ and one Go build), but
the catalogue's files are not one contract: the same file is vendored beside many schemas (`base.json`
next to eleven of them, each copy declaring `"$id": "https://json.schemastore.org/base.json"`), and a
few schemas declare another schema's `$id` (a copy left unrenamed: anywork-ac-1.1.json says it is
anywork-ac-1.0.json). contractgen rightly refuses two resources with one `$id` in one run, so the
schemas are split into batches (`plan`):

  * a vendored copy of a resource that another schema of the batch already brings (as its own root or
    as a copy) is not written again: the `$ref`s reach the one copy through its `$id`, as they would on
    the catalogue's site;
  * a schema whose own `$id` another schema of the batch already has goes into a later batch, so each
    schema is always judged against its own text.
"""

from __future__ import annotations

import collections
import json
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urljoin

from harness import langs
from harness.jsonvalue import dumps

PREFIX = "https://json.schemastore.org/"
TARGETS = {"cpp": "cpp", "ts": "ts", "py": "python", "go": "go"}


def family_of(name: str) -> str:
    """A family folder name for a catalogue file (families are [a-z][a-z0-9_]*)."""
    stem = re.sub(r"[^a-z0-9]+", "_", name[: -len(".json")].lower()).strip("_")
    return "s_" + stem


def write_config(path: Path, catalogue_json: Path) -> None:
    """[resolve] maps the catalogue's own URLs to its folder: no reference goes to the network."""
    path.write_text(f'[resolve]\n"{PREFIX}" = {json.dumps(str(catalogue_json))}\n', encoding="utf-8")


def declared_id(path: Path, rel: str) -> str | None:
    """The absolute `$id` (draft-04: `id`) a file's root declares, without a trailing '#'; None without one."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(doc, dict):
        return None
    value = doc.get("$id", doc.get("id"))
    if not isinstance(value, str) or not value.strip("#"):
        return None
    return urljoin(PREFIX + rel, value).rstrip("#")


def plan(case_files: dict[str, list[str]], catalogue_json: Path) -> list[dict[str, set[str]]]:
    """Batches of {schema name: the files of its case to leave out}. `case_files[name]` lists the files a
    schema's case holds (its own file first), as paths relative to the catalogue's json folder."""
    ids = {rel: declared_id(catalogue_json / rel, rel) for files in case_files.values() for rel in files}
    # A schema joins the first batch where each $id its files declare is either new or declared by the
    # very same file (another copy of it).
    batches: list[tuple[list[str], dict[str, str]]] = []  # (the names, $id -> the file that declares it)
    for name, files in case_files.items():
        mine = {ids[rel]: rel for rel in files if ids[rel] is not None}
        for names, declared in batches:
            if all(declared.get(i, rel) == rel for i, rel in mine.items()):
                break
        else:
            batches.append(([], {}))
            names, declared = batches[-1]
        names.append(name)
        declared.update(mine)
    # One copy of each $id per batch: in the folder of the schema whose own file it is, else the first.
    out = []
    for names, _ in batches:
        holder: dict[str, str] = {}
        for name in names:
            own = ids[case_files[name][0]]
            if own is not None:
                holder[own] = name
        for name in names:
            for rel in case_files[name]:
                if ids[rel] is not None:
                    holder.setdefault(ids[rel], name)
        out.append(
            {
                name: {rel for rel in case_files[name] if ids[rel] is not None and holder[ids[rel]] != name}
                for name in names
            }
        )
    return out


def root_types(python_out: Path, names) -> dict[str, str]:
    """family → the name of the root type of its own schema file (not of a file vendored beside it), read
    from the source comments of the Python bindings."""
    own = {}
    for name in names:
        stem = name[: -len(".json")]
        own[f"{family_of(name)}/{name}"] = own[f"{family_of(name)}/{stem}.schema.json"] = family_of(name)
    out = {}
    for module in sorted(python_out.glob("*/*.py")):
        lines = module.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines[:-1]):
            m = re.match(r"^# (s_[a-z0-9_]+/[^#]+)#$", line)
            if m and m.group(1) in own:
                decl = re.match(r"^(?:class )?([A-Za-z_][A-Za-z0-9_]*)", lines[i + 1])
                if decl:
                    out.setdefault(own[m.group(1)], decl.group(1))
    return out


def runner(lang: str, out: Path, work: Path, args) -> langs.Runner:
    if lang == "cpp":
        return langs.compile_cpp_runner(out / "cpp" / "include", work / "cpp", args.cxx, args.cxx_include, opt="-O0")
    if lang == "ts":
        return langs.ts_runner(langs.ts_registry(out / "ts"))
    if lang == "py":
        return langs.py_runner(out / "python")
    return langs.compile_go_runner(out / "go", work / "go")


def judge(
    args, catalogue_json: Path, cases, work: Path, failures: list[str], lines: list[str], oracle, files_of, write
) -> tuple[int, list[str], collections.Counter, int]:
    """Generates the schemas of `cases` ((name, file, SchemaStore's verdict, instance)) in batches and runs
    each instance through every binding of args.langs. Returns how many the oracle judged, the files on
    which SchemaStore's verdict differs from the oracle's, the agreements per language, and the number of
    batches; each disagreement (and anything that stops a batch) is appended to `failures`."""
    wanted = [lang for lang in args.langs.split(",") if lang]
    expected = []
    for name, file, _, inst in cases:
        try:
            expected.append(oracle.verdict(name, inst))
        except Exception as e:  # noqa: BLE001 - an oracle that cannot judge is reported, not a verdict
            expected.append(None)
            lines.append(f"- oracle cannot judge {file}: {type(e).__name__}: {str(e)[:120]}")
    differing = [file for (_, file, valid, _), e in zip(cases, expected) if e is not None and e != valid]
    names = list(dict.fromkeys(c[0] for c in cases))
    batches = plan({n: files_of(n) for n in names}, catalogue_json)
    agreed: collections.Counter = collections.Counter()
    judged_total = 0
    for index, batch in enumerate(batches):
        gen = work / f"together-{index}"
        shutil.rmtree(gen, ignore_errors=True)
        for name, skipped in batch.items():
            write(name, gen / "schemas", skipped)
        write_config(gen / "contractgen.toml", catalogue_json)
        cmd = [
            args.contractgen,
            "generate",
            "--quiet",
            "--config",
            str(gen / "contractgen.toml"),
            "--schemas",
            str(gen / "schemas"),
            "--out",
            str(gen / "out"),
        ]
        for t in sorted({*(TARGETS[lang] for lang in wanted), "python"}):
            cmd += ["--target", t]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            failures.append(
                f"batch {index} of the schemas that generate alone does not generate together:\n" + p.stderr[-3000:]
            )
            continue
        roots = root_types(gen / "out" / "python", batch)
        failures += [
            f"batch {index}: the root type of {name} is not in the Python bindings; its instances go unjudged"
            for name in batch
            if family_of(name) not in roots
        ]
        judged = [
            (i, c)
            for i, c in enumerate(cases)
            if c[0] in batch and expected[i] is not None and family_of(c[0]) in roots
        ]
        judged_total += len(judged)
        batch_lines = [f"{family_of(c[0])}.{roots[family_of(c[0])]}\t{dumps(c[3])}" for _, c in judged]
        for lang in wanted:
            try:
                run = runner(lang, gen / "out", gen / "work", args)
            except (langs.Unavailable, langs.CompileFailure) as e:
                failures.append(f"batch {index}, {lang}: {str(e)[:2000]}")
                continue
            for (i, c), answer in zip(judged, run.run_each(batch_lines)):
                if answer.startswith("ok") == expected[i]:
                    agreed[lang] += 1
                else:
                    failures.append(
                        f"{lang} on {c[1]} ({c[0]}): {answer[:160]}; the oracle says "
                        f"{'valid' if expected[i] else 'invalid'}"
                    )
    return judged_total, differing, agreed, len(batches)
