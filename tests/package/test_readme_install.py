"""README.md's "Install" block, run as a reader would run it: in a temporary folder outside the
repository whose dist/ holds copies of the artifacts, with a fresh venv active (pip offline), npm
offline and HOME a folder of its own. Each of the three installs then gives the same
`contractgen --version`."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from outside import DIST, REPO, VERSION, expected_version, outside, run  # noqa: F401

sys.path.insert(0, str(REPO / "tests" / "docs"))
from readme_blocks import blocks  # noqa: E402


def install_block() -> str:
    found = [b for b in blocks(REPO / "README.md")
             if b.kind == "docs-test" and b.directive == "run-by tests/package/test_readme_install.py"]
    assert len(found) == 1, f"README.md has {len(found)} blocks run by this test, expected one"
    return found[0].text


def test_the_install_block_installs_three_times_the_same_contractgen(outside: Path):
    shutil.copytree(DIST, outside / "dist")
    venv = outside / "venv"
    run([sys.executable, "-m", "venv", venv], cwd=outside)
    env = {"PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}", "VIRTUAL_ENV": str(venv),
           "PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1", "npm_config_offline": "true",
           "npm_config_audit": "false", "npm_config_fund": "false"}
    run(["bash", "-euo", "pipefail", "-c", install_block()], cwd=outside, env=env)

    versions = {
        "pip": run([venv / "bin/contractgen", "--version"], cwd=outside).stdout.strip(),
        "python -m": run([venv / "bin/python", "-m", "contractgen", "--version"], cwd=outside).stdout.strip(),
        "npx": run(["npx", "--offline", "contractgen", "--version"], cwd=outside).stdout.strip(),
        "tarball": run([outside / f"opt/contractgen-{VERSION}-linux-x86_64/bin/contractgen", "--version"],
                       cwd=outside).stdout.strip(),
    }
    assert set(versions.values()) == {expected_version()}, versions
