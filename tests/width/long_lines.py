#!/usr/bin/env python3
"""Counts the generated source lines longer than 120 columns, per language.

    long_lines.py GENERATED_DIR [--list]

Every language's output should stay within 120 columns (code points), as
code written by hand does, except a string literal that cannot be split: one
that would not fit within 120 columns even on a line of its own, one level
deeper than the line it stands on (a pattern, an enum's list of values, a
JSON text). A long line holding such a literal is not counted. Lines that
are still longer are counted against a ceiling per language (CEILINGS below): the count may
go down, never up. When a change lowers a count, lower its ceiling with it,
so that the line it fixed cannot come back. JSON, YAML and Markdown are
documents, not code, and are not counted. Exit 0 within every ceiling, 1
past one, 2 on a usage error.
"""
import os
import re
import sys

# Language → (file suffixes, most long lines allowed).
CEILINGS = {
    "cpp": ((".hpp", ".cpp", ".h"), 0),
    "go": ((".go",), 0),
    "python": ((".py", ".pyi"), 0),
    "ts": ((".ts", ".js"), 0),
}
WIDTH = 120


# A string literal of the generated languages: "..." and '...' with backslash escapes, `...` (Go's raw
# strings, JavaScript's templates).
LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`[^`\n]*`')
# The room a literal on a line of its own needs besides itself: one more indentation level, and the
# `,` or `)` after it.
OWN_LINE_EXTRA = 4 + 2


def columns(line: str) -> int:
    return len(line)


def unsplittable(line: str) -> bool:
    """Whether the line holds a string literal too long for any line of its own (never a comment: prose
    can always be wrapped, and its apostrophes are no quotes)."""
    body = line.lstrip(" \t")
    if body.startswith(("//", "#", "*", "/*")):
        return False
    indent = len(line) - len(body)
    longest = max((len(m.group(0)) for m in LITERAL.finditer(line)), default=0)
    return indent + OWN_LINE_EXTRA + longest > WIDTH


def language(path: str):
    for name, (suffixes, _) in CEILINGS.items():
        if path.endswith(suffixes):
            return name
    return None


def main(argv):
    if len(argv) < 2 or not os.path.isdir(argv[1]):
        print("usage: long_lines.py GENERATED_DIR [--list]", file=sys.stderr)
        return 2
    root, show = argv[1], "--list" in argv[2:]
    counts = {name: 0 for name in CEILINGS}
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            path = os.path.join(folder, name)
            lang = language(path)
            if lang is None:
                continue
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f.read().split("\n"), 1):
                    if columns(line) > WIDTH and not unsplittable(line):
                        counts[lang] += 1
                        if show:
                            print(f"{os.path.relpath(path, root)}:{number}: {columns(line)} columns")
    failed = False
    for lang, (_, ceiling) in CEILINGS.items():
        verdict = "ok" if counts[lang] <= ceiling else "error: more than the ceiling"
        failed = failed or counts[lang] > ceiling
        print(f"{lang}: {counts[lang]} lines over {WIDTH} columns (ceiling {ceiling}) {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
