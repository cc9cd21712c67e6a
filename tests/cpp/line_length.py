#!/usr/bin/env python3
"""Fails when a line of generated C++ (*.hpp, *.cpp, CMakeLists.txt under the
given folders, at any depth) is longer than --max characters (code points).

usage: line_length.py [--max 120] DIR...
"""
import argparse
import pathlib
import sys


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max", type=int, default=120)
    ap.add_argument("dirs", nargs="+")
    args = ap.parse_args()
    files, long_lines = 0, []
    for root in args.dirs:
        for path in sorted(pathlib.Path(root).rglob("*")):
            if not path.is_file() or not (path.suffix in (".hpp", ".cpp") or path.name == "CMakeLists.txt"):
                continue
            if "cpp" not in path.parts:  # only the C++ target's output
                continue
            files += 1
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if len(line) > args.max:
                    long_lines.append(f"{path}:{number}: {len(line)} characters")
    for entry in long_lines:
        print(entry)
    print(f"{files} files checked, {len(long_lines)} lines longer than {args.max} characters")
    return 1 if long_lines or files == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
