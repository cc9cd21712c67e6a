#!/usr/bin/env python3
"""The text and GitHub formats locate a finding where the user edits: the
schema file, line and column, and the member (`f.Tick $.mode` for the
lifted f.TickMode), with the members a shared change affects; and
`--ignore` acknowledges a shared change by any member it affects. (The
JSON format is held by each folder's expected.json.)
usage: formats_name_the_member.py CONTRACTGEN
"""
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run(binary: str, folder: str, fmt: str) -> str:
    return subprocess.run([binary, "breaking", "--against", "previous", "--schemas", "current", "--format", fmt],
                          cwd=HERE / folder, capture_output=True, text=True).stdout


def main() -> int:
    binary = str(Path(sys.argv[1]).resolve())
    expected = {
        ("lifted-schema-named-by-its-member", "text"): [
            'current/f/s.schema.json:10:9: error: f.Tick $.mode: value "c" was added [ENUM_VALUE_NO_ADD, WIRE, both directions]\n',
            'current/f/s.schema.json:10:9: note: witness of f.TickMode accepted by the current version, '
            'rejected by the previous one: "c"\n',
        ],
        ("lifted-schema-named-by-its-member", "github"): [
            '::error file=current/f/s.schema.json,line=10,col=9,title=ENUM_VALUE_NO_ADD::f.Tick $.mode: value "c" was added',
        ],
        ("shared-base-reported-once", "text"): [
            "current/f/s.schema.json:9:9: error: f.Base $.at: format date-time → none, pattern none → ",
            "current/f/s.schema.json:9:9: note: this change affects f.Base $.at, f.V1 $.at, f.V2 $.at, f.V3 $.at, f.V4 $.at\n",
            "1 error, 0 warnings, 0 notes",
        ],
        ("shared-base-reported-once", "github"): [
            "::error file=current/f/s.schema.json,line=9,col=9,title=PATTERN_SAME::f.Base $.at: format date-time → none",
            "%0Athis change affects f.Base $.at, f.V1 $.at, f.V2 $.at, f.V3 $.at, f.V4 $.at%0A",
        ],
    }
    failures = 0
    for (folder, fmt), parts in expected.items():
        out = run(binary, folder, fmt)
        for part in parts:
            if part not in out:
                print(f"{folder} --format {fmt}: missing {part!r} in:\n{out}")
                failures += 1
    # An intended break is acknowledged by any member it affects.
    with tempfile.TemporaryDirectory() as tmp:
        ignore = Path(tmp) / "ack.txt"
        ignore.write_text("# intended: naive timestamps\nPATTERN_SAME f.V3 $.at\n")
        ack = subprocess.run([binary, "breaking", "--against", "previous", "--schemas", "current", "--ignore", str(ignore)],
                             cwd=HERE / "shared-base-reported-once", capture_output=True, text=True)
        if ack.returncode != 0 or "both directions, acknowledged]" not in ack.stdout or ack.stderr:
            print(f"--ignore naming an affected member: exit {ack.returncode}\n{ack.stdout}{ack.stderr}")
            failures += 1
    print(f"{len(expected) + 1} outputs checked, {failures} parts missing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
