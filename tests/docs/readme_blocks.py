"""The fenced code blocks of a Markdown file, with the HTML comment that may precede each.

A directive is an HTML comment on the line(s) right before a block's opening fence (blank lines
between are allowed):

  <!-- docs-test: file PATH -->      the block is a file of an example: written to PATH (relative
                                     to the test's folder) before the blocks after it run;
  <!-- docs-test: skip REASON -->    not run, for the reason given (kept to a few; see test_readme.py);
  <!-- walkthrough: ... -->          a step of "Adding an event type", applied by walkthrough_test.py.

Comments render as nothing, so readers see the blocks as they are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

FENCE = re.compile(r"^(```+|~~~+)\s*([^\s`]*)\s*(.*)$")
DIRECTIVE = re.compile(r"^<!--\s*(docs-test|walkthrough):\s*(.*?)\s*-->$")


@dataclass
class Block:
    lang: str        # the info string's first word, lower-cased ("" for none)
    text: str        # the block's content, with a final newline
    line: int        # 1-based line of the opening fence
    kind: str = ""   # "docs-test", "walkthrough" or "" (no directive)
    directive: str = ""  # what follows the kind: "file PATH", "skip REASON", "add FILE POINTER", ...


def blocks(path: Path) -> list[Block]:
    lines = path.read_text(encoding="utf-8").split("\n")
    out: list[Block] = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, lang = m.group(1), m.group(2).lower()
        start = i
        body: list[str] = []
        i += 1
        while i < len(lines) and not lines[i].startswith(fence):
            body.append(lines[i])
            i += 1
        block = Block(lang=lang, text="\n".join(body) + "\n", line=start + 1)
        j = start - 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        if j >= 0 and (d := DIRECTIVE.match(lines[j].strip())):
            block.kind, block.directive = d.group(1), d.group(2)
        out.append(block)
        i += 1
    return out
