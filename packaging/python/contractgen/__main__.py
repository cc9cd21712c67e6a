"""`contractgen ...` (console script) and `python -m contractgen ...`: run the native generator.

The process is replaced by the generator (exec), so its exit status, its standard streams and its
signals are the generator's own.
"""

from __future__ import annotations

import os
import subprocess
import sys

from contractgen import binary


def main() -> None:
    try:
        path = str(binary())
    except FileNotFoundError as error:
        print(error, file=sys.stderr)
        sys.exit(2)
    argv = [path, *sys.argv[1:]]
    if os.name == "nt":  # no exec on Windows: wait for the child and pass its status on
        sys.exit(subprocess.call(argv))
    os.execv(path, argv)


if __name__ == "__main__":
    main()
