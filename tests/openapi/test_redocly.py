"""@redocly/cli knows OpenAPI 3.2: the 3.2 document lints clean with the repository's rules
(the openapi_redocly_lint test), and a copy with a misspelt 3.2 media type member (`itemSchemaa`)
and an itemSchema pointing nowhere is refused with both problems, which a 3.1-only linter could
not tell apart from valid input.
Run: .venv/bin/python -m pytest tests/openapi/test_redocly.py -q
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
from pathlib import Path

from support import REPO, load_document

REDOCLY = Path(os.environ.get("CONTRACTGEN_NODE_MODULES", REPO / "node_modules")) / ".bin" / "redocly"
ENV = {**os.environ, "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true", "NO_COLOR": "1"}


def lint(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(REDOCLY), "lint", "--config", str(REPO / "redocly.yaml"), str(path)],
                          capture_output=True, text=True, timeout=300, env=ENV, cwd=REPO)


def test_redocly_reads_the_3_2_media_type_fields(tmp_path: Path) -> None:
    document = load_document()
    assert document["openapi"] == "3.2.0"
    broken = copy.deepcopy(document)
    media = broken["paths"]["/api/chat/message/stream"]["get"]["responses"]["200"]["content"]["application/x-ndjson"]
    media["itemSchemaa"] = media["itemSchema"]
    media["itemSchema"] = {"$ref": "#/components/schemas/chat_stream.Nothing"}
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    result = lint(path)
    out = result.stdout + result.stderr
    assert result.returncode != 0, out[-3000:]
    assert "Property `itemSchemaa` is not expected here" in out and "Did you mean: itemSchema" in out, out[-3000:]
    assert "application~1x-ndjson/itemSchema" in out and "Can't resolve $ref" in out, out[-3000:]
