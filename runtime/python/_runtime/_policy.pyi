"""The payload policy's checks in C (_policy.c), an optional extension module."""

from collections.abc import Callable
from typing import Any

def clean(data: object, max_depth: int, /) -> bool:
    """Whether ``data`` (bytes or str) is free of everything the payload policy refuses that validate_json
    may accept."""

def configure(max_depth: int, /) -> None:
    """Sets the nesting limit the model entries apply (1..10000; payload.configure calls it)."""

class Entry:
    """A model class's ``model_validate_json`` in C: see _policy.c."""

    def __init__(
        self, cls: type, pure: Callable[..., Any], located: Callable[[type, Any], Any], error: type[BaseException]
    ) -> None: ...
    def __call__(self, data: object, /, **options: Any) -> Any: ...
