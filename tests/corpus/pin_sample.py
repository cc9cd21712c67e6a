#!/usr/bin/env python3
"""Pins a sample of SchemaStore's catalogue into tests/corpus/schemastore-sample (corpus_sample).

  pin_sample.py CATALOGUE [--out DIR]

CATALOGUE is a checkout of github.com/SchemaStore/schemastore. The schemas named in SAMPLE.txt (beside
the output folder, one file name per line, `#` comments) are copied with everything they need, in the
catalogue's own layout, so that schemastore.py reads the sample as it reads the whole catalogue:

  * src/schemas/json/: each schema, the files it reaches by relative path and the catalogue files it
    names by URL (https://json.schemastore.org/...), transitively;
  * src/test/<name>/, src/negative_test/<name>/: its own valid and invalid instances;
  * the catalogue's LICENSE and NOTICE (Apache-2.0), which cover these files.

The sample is rewritten whole: a file no pinned schema needs any more is removed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PREFIX = "https://json.schemastore.org/"


def refs(schema) -> set[str]:
    """Catalogue paths a schema's `$ref`s reach: relative paths and json.schemastore.org URLs."""
    out: set[str] = set()
    stack = [schema]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            ref = n.get("$ref")
            if isinstance(ref, str):
                file = ref.split("#", 1)[0]
                if file.startswith(PREFIX):
                    out.add(file[len(PREFIX) :])
                elif file and not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", file) and not file.startswith("//"):
                    out.add(file)
            stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)
    return out


def closure(catalogue_json: Path, name: str) -> set[str]:
    todo, seen = [name], set()
    while todo:
        rel = todo.pop()
        if rel in seen or not (catalogue_json / rel).is_file():
            continue
        seen.add(rel)
        try:
            doc = json.loads((catalogue_json / rel).read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError):
            continue
        base = Path(rel).parent
        todo += [os.path.normpath(base / r) for r in refs(doc)]
    return seen


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("catalogue")
    ap.add_argument("--out", default=str(HERE / "schemastore-sample"))
    args = ap.parse_args()
    catalogue, out = Path(args.catalogue).resolve(), Path(args.out)
    listing = (out / "SAMPLE.txt").read_text(encoding="utf-8")
    names = [line.split("#", 1)[0].strip() for line in listing.splitlines()]
    names = [n for n in names if n]
    src = catalogue / "src"
    missing = [n for n in names if not (src / "schemas" / "json" / n).is_file()]
    if missing:
        print(f"pin_sample.py: not in the catalogue: {', '.join(missing)}", file=sys.stderr)
        return 2
    shutil.rmtree(out / "src", ignore_errors=True)
    files = set().union(*(closure(src / "schemas" / "json", n) for n in names))
    for rel in sorted(files):
        target = out / "src" / "schemas" / "json" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src / "schemas" / "json" / rel, target)
    for n in names:
        for folder in ("test", "negative_test"):
            tests = src / folder / n[: -len(".json")]
            if tests.is_dir():
                shutil.copytree(tests, out / "src" / folder / tests.name)
    for legal in ("LICENSE", "NOTICE"):
        shutil.copyfile(catalogue / legal, out / legal)
    print(f"{len(names)} schemas, {len(files)} schema files pinned in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
