"""The compiled codec (_codec.c), an optional extension module: see codec.py."""

from collections.abc import Callable
from typing import Any, Final

REFUSED: Final[object]

def configure(max_depth: int, /) -> None:
    """Sets the nesting limit of every decode (1..10000; payload.configure calls it)."""

class Table:
    """A compiled type table (codec.py's format)."""

    def __init__(self, nodes: tuple[Any, ...], root: int) -> None: ...
    def decode(self, data: object, /) -> Any:
        """The value of ``data`` (bytes or str) at the root, or REFUSED: the pure path decides."""
    def dump(self, value: object, /) -> str | None:
        """The JSON text of ``value``, or None: the pure path writes it."""

class Entry:
    """A model class's ``model_validate_json`` through the codec, ``fallback`` for what it refuses."""

    fallback: Callable[..., Any]
    def __init__(self, table: Table, fallback: Callable[..., Any]) -> None: ...
    def __call__(self, data: object, /, **options: Any) -> Any: ...
