"""The contractgen generator, packaged as a wheel: the native binary lives in this package."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["binary"]


def binary() -> Path:
    """The path of the contractgen executable this wheel installed."""
    path = Path(__file__).resolve().parent / "bin" / ("contractgen.exe" if os.name == "nt" else "contractgen")
    if not path.is_file():
        raise FileNotFoundError(
            f"contractgen: the generator binary is missing from the installed package ({path}); reinstall the wheel"
        )
    return path
