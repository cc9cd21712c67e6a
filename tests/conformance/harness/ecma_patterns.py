"""The oracle's patterns: ECMA-262 (with the `u` flag), as JSON Schema says.

jsonschema searches `pattern`, `patternProperties` (and, through them,
`additionalProperties` and `unevaluatedProperties`) with Python's `re`, whose
`\\s`, `\\d`, `\\w` and `\\b` are Unicode-wide and whose lookbehind must have a
fixed width. `install()` hands those modules an `re` whose `search` is
`regress` (the Rust regress crate, an ECMAScript engine independent of
contractgen's translation); everything else is Python's `re`. A search
`regress` cannot run (its syntax) falls back to `re`.
"""

from __future__ import annotations

import functools
import re
import types
from typing import Any

import regress


@functools.lru_cache(maxsize=None)
def _compiled(pattern: str) -> regress.Regex | None:
    try:
        return regress.Regex(pattern, "u")
    except Exception:  # noqa: BLE001  # not ECMA-262 with the u flag: Python's reading
        return None


def search(pattern: Any, string: str, flags: int = 0) -> Any:
    compiled = _compiled(pattern) if isinstance(pattern, str) and flags == 0 else None
    if compiled is None:
        return re.search(pattern, string, flags)
    return compiled.find(string)


def install() -> None:
    """Make jsonschema's keyword modules search patterns as ECMA-262 does."""
    import jsonschema._keywords
    import jsonschema._utils

    shim = types.ModuleType("re_ecma")
    shim.__dict__.update({k: v for k, v in vars(re).items() if not k.startswith("__")})
    shim.search = search  # type: ignore[attr-defined]
    jsonschema._keywords.re = shim  # type: ignore[attr-defined]
    jsonschema._utils.re = shim  # type: ignore[attr-defined]
