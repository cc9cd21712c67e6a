"""The npm packages, installed from their tarballs into a fresh npm project outside the repository
(offline: nothing comes from the registry), as `npm install` would.

`npx contractgen` finds the platform package and runs its binary; without the platform package,
or on a platform with none, the launcher says what is missing and exits 2.
"""

from __future__ import annotations

import json
import shutil
import tarfile
from pathlib import Path


from outside import artifact, copy_contract, expected_version, outside, run, VERSION  # noqa: F401

NPM_OFFLINE = ["--offline", "--no-audit", "--no-fund", "--loglevel=error"]


def new_project(work: Path) -> Path:
    project = copy_contract(work)
    run(["npm", "init", "-y"], cwd=project)
    return project


def copies(work: Path) -> tuple[Path, Path]:
    return (Path(shutil.copy(artifact("contractgen-cli-linux-x64-*.tgz"), work)),
            Path(shutil.copy(artifact(f"contractgen-{VERSION}.tgz"), work)))


def test_manifests_name_the_license_the_platform_and_the_same_version():
    def manifest(tgz: Path) -> dict:
        with tarfile.open(tgz) as t:
            return json.load(t.extractfile("package/package.json"))
    binary = manifest(artifact("contractgen-cli-linux-x64-*.tgz"))
    launcher = manifest(artifact(f"contractgen-{VERSION}.tgz"))
    assert binary["name"] == "@contractgen/cli-linux-x64" and binary["version"] == VERSION
    assert binary["os"] == ["linux"] and binary["cpu"] == ["x64"]
    assert launcher["name"] == "contractgen" and launcher["version"] == VERSION
    assert launcher["optionalDependencies"] == {"@contractgen/cli-linux-x64": VERSION}
    assert binary["license"] == launcher["license"] == "MIT"


def test_npx_contractgen_generates(outside):
    binary, launcher = copies(outside)
    project = new_project(outside)
    run(["npm", "install", *NPM_OFFLINE, binary, launcher], cwd=project)
    assert run(["npx", "--offline", "contractgen", "--version"], cwd=project).stdout.strip() == expected_version()
    run(["npx", "--offline", "contractgen", "generate", "--schemas", "schemas", "--out", "generated"], cwd=project)
    assert (project / "generated/ts/package.json").is_file()
    run(["npx", "--offline", "contractgen", "check", "--schemas", "schemas", "--out", "generated"], cwd=project)
    # The launcher passes the exit status on: bad input is 2.
    bad = run(["npx", "--offline", "contractgen", "generate", "--schemas", "no-such-folder"], cwd=project, expect=2)
    assert "no-such-folder" in bad.stderr


def test_without_the_platform_package_the_launcher_names_it(outside):
    _, launcher = copies(outside)
    project = new_project(outside)
    run(["npm", "install", *NPM_OFFLINE, "--omit=optional", launcher], cwd=project)
    result = run(["npx", "--offline", "contractgen", "--version"], cwd=project, expect=2)
    assert ("contractgen: the generator for this platform (linux-x64) is in the package @contractgen/cli-linux-x64, "
            f"which is not installed: npm install @contractgen/cli-linux-x64@{VERSION}") in result.stderr, result.stderr


def test_on_a_platform_without_a_binary_the_launcher_says_so(outside):
    binary, launcher = copies(outside)
    project = new_project(outside)
    run(["npm", "install", *NPM_OFFLINE, binary, launcher], cwd=project)
    # node as it runs on Windows on ARM: process.platform and process.arch replaced before the launcher runs.
    (project / "elsewhere.cjs").write_text(
        'Object.defineProperty(process, "platform", { value: "win32" });\n'
        'Object.defineProperty(process, "arch", { value: "arm64" });\n')
    result = run(["node", "--require", "./elsewhere.cjs", "node_modules/contractgen/bin/contractgen.js", "--version"],
                 cwd=project, expect=2)
    assert ("contractgen: no prebuilt generator for this platform (win32-arm64); there are packages for linux-x64."
            in result.stderr), result.stderr
