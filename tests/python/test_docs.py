"""The doc comments of the generated package speak to its users: where a rule
comes from (seed numbers, what a seed's class says, SDK class names, emitter
source) is kept in the schemas' ``$comment``, which no binding shows
(schemas/README.md, "Descriptions speak to consumers")."""

from __future__ import annotations

import json
import re

from conftest import REPO

PROVENANCE = re.compile(r"(?i:\bseeds?\b)|\bNYQST\b|\b\w+Mixin\b|SDK event class|Optional\[|default_factory")


def test_no_provenance_in_the_generated_package() -> None:
    package = REPO / "generated" / "python" / "contract"
    modules = [p for p in sorted(package.glob("*.py")) if p.name != "_runtime.py"]
    assert len(modules) >= 7
    found = [f"{p.name}:{n}: {line.strip()}" for p in modules
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if PROVENANCE.search(line)]
    assert not found, "\n".join(found)


def test_the_schemas_keep_their_provenance_in_comments() -> None:
    # The convention moves provenance, it does not drop it: the schemas still
    # name their seeds, in $comment only.
    comments = descriptions = 0
    for path in sorted((REPO / "schemas").glob("*/*.schema.json")):
        def walk(node: object) -> None:
            nonlocal comments, descriptions
            if isinstance(node, dict):
                for key, value in node.items():
                    if key == "$comment" and isinstance(value, str) and PROVENANCE.search(value):
                        comments += 1
                    elif key in ("title", "description") and isinstance(value, str) and PROVENANCE.search(value):
                        descriptions += 1
                    walk(value)
            elif isinstance(node, list):
                for item in node:
                    walk(item)

        walk(json.loads(path.read_text(encoding="utf-8")))
    assert descriptions == 0 and comments >= 16, (descriptions, comments)
