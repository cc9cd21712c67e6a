#!/usr/bin/env python3
"""Folders of tests/breaking: `contractgen breaking` on each, checked.

A folder holds `previous/` and `current/` (schema folders) and
`expected.json` (what `contractgen breaking --format json` prints, reviewed
by hand), and may hold `expected-changelog.md`. This checks:
  - the output equals expected.json, and the exit code follows from it;
  - a folder named after a rule reports that rule (DOCS_CHANGED: in the
    changelog, since `breaking` never reports documentation);
  - every WIRE finding has a witness (but PATTERN_UNVERIFIED), and every witness is judged by a
    standard validator (jsonschema, formats asserted) the way the finding
    says: valid against the version that accepts it, invalid against the
    other;
  - the changelog equals expected-changelog.md when that exists.
usage: check_case.py CONTRACTGEN FOLDER... [--update]
(one process for every folder: importing jsonschema costs a second)
"""
import json
import subprocess
import sys
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

BASE = "https://contract.invalid/"


def validator(root: Path, schema: str) -> Draft202012Validator:
    resources = [(BASE + p.relative_to(root).as_posix(), Resource.from_contents(json.loads(p.read_text()), default_specification=DRAFT202012))
                 for p in sorted(root.rglob("*.schema.json"))]
    return Draft202012Validator({"$ref": BASE + schema}, registry=Registry().with_resources(resources),
                                format_checker=Draft202012Validator.FORMAT_CHECKER)


def check(binary: Path, folder: Path, update: bool) -> int:
    run = subprocess.run([str(binary), "breaking", "--against", "previous", "--schemas", "current", "--format", "json"],
                         cwd=folder, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        print(f"contractgen failed ({run.returncode}):\n{run.stderr}")
        return 1
    report = json.loads(run.stdout)
    changelog = subprocess.run([str(binary), "changelog", "--against", "previous", "--schemas", "current"],
                               cwd=folder, capture_output=True, text=True, check=True).stdout
    expected_path, changelog_path = folder / "expected.json", folder / "expected-changelog.md"
    if update:
        expected_path.write_text(run.stdout)
        if changelog_path.exists() or folder.name == "DOCS_CHANGED":
            changelog_path.write_text(changelog)
        print(f"updated {folder}")
        return 0
    failures = []
    if report != json.loads(expected_path.read_text()):
        failures.append(f"output differs from expected.json:\n{run.stdout}")
    errors = [f for f in report["findings"] if f["severity"] == "error"]
    if run.returncode != (1 if errors else 0):
        failures.append(f"exit code {run.returncode} with {len(errors)} errors")
    rule = folder.name
    if rule.isupper():
        reported = ("\n### Documentation\n" in changelog if rule == "DOCS_CHANGED"
                    else rule in [f["rule"] for f in report["findings"]])
        if not reported:
            failures.append(f"rule {rule} is not reported")
    validators = {}
    for f in report["findings"]:
        # PATTERN_UNVERIFIED says that no exact witness could be sought.
        if f["category"] == "WIRE" and not f["witnesses"] and f["rule"] != "PATTERN_UNVERIFIED":
            failures.append(f"{f['rule']} {f['type']} {f['path']}: a WIRE finding without a witness")
        for w in f["witnesses"]:
            for side in ("previous", "current"):
                schema = f["schemas"].get(side)
                if schema is None:
                    failures.append(f"{f['rule']}: a witness but no {side} schema")
                    continue
                key = (side, schema)
                if key not in validators:
                    validators[key] = validator(folder / side, schema)
                valid = validators[key].is_valid(w["instance"])
                if valid != (w["accepted_by"] == side):
                    failures.append(f"{f['rule']} {f['type']} {f['path']}: witness {json.dumps(w['instance'])} is "
                                    f"{'valid' if valid else 'invalid'} against the {side} version ({schema}), "
                                    f"but the finding says it is accepted by the {w['accepted_by']} one")
    if changelog_path.exists() and changelog != changelog_path.read_text():
        failures.append(f"changelog differs from expected-changelog.md:\n{changelog}")
    for failure in failures:
        print(f"{folder}: {failure}")
    return 1 if failures else 0


def main() -> int:
    binary = Path(sys.argv[1]).resolve()
    update = "--update" in sys.argv[2:]
    folders = [Path(a) for a in sys.argv[2:] if a != "--update"]
    failed = sum(check(binary, folder, update) for folder in folders)
    print(f"{len(folders) - failed} of {len(folders)} cases as expected")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
