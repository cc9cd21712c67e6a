#!/usr/bin/env python3
"""Every rule `contractgen breaking --list-rules` names has its folder here."""
import subprocess
import sys
from pathlib import Path

rules = [line.split()[0] for line in subprocess.run([sys.argv[1], "breaking", "--list-rules"], capture_output=True,
                                                     text=True, check=True).stdout.splitlines()]
here = Path(__file__).resolve().parent
missing = [r for r in rules if not (here / r / "previous").is_dir()]
unknown = [p.name for p in here.iterdir() if p.is_dir() and p.name.isupper() and p.name not in rules]
for r in missing:
    print(f"rule {r} has no folder tests/breaking/{r}")
for u in unknown:
    print(f"folder tests/breaking/{u} names no rule")
sys.exit(1 if missing or unknown or len(rules) < 30 else 0)
