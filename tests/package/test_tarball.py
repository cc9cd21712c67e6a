"""The release tarball, unpacked into a folder outside the repository: its contractgen runs, and
find_package(contractgen) from the unpacked folder builds a consumer (the README's find_package
block, tests/cmake/consumer's schemas and program) with -Wall -Wextra -Werror."""

from __future__ import annotations

import shutil
import sys
import tarfile
from pathlib import Path

from outside import REPO, VERSION, artifact, expected_version, outside, run  # noqa: F401

sys.path.insert(0, str(REPO / "tests" / "cmake"))
import package_test  # noqa: E402  (the README's find_package block and the consumer, as tests/cmake builds them)


def unpack(work: Path) -> Path:
    tarball = Path(shutil.copy(artifact(f"contractgen-{VERSION}-linux-x86_64.tar.gz"), work))
    with tarfile.open(tarball) as t:
        t.extractall(work / "unpacked", filter="data")
    return work / "unpacked" / f"contractgen-{VERSION}-linux-x86_64"


def test_the_tarball_holds_the_generator_the_package_the_license_and_the_readme(outside):
    root = unpack(outside)
    for name in ("bin/contractgen", "lib/cmake/contractgen/contractgenConfig.cmake",
                 "lib/cmake/contractgen/contractgenConfigVersion.cmake", "lib/cmake/contractgen/contractgenTargets.cmake",
                 "lib/cmake/contractgen/ContractgenGenerate.cmake", "share/doc/contractgen/LICENSE",
                 "share/doc/contractgen/README.md"):
        assert (root / name).is_file(), f"the tarball has no {name}"
    assert "MIT License" in (root / "share/doc/contractgen/LICENSE").read_text()
    assert run([root / "bin/contractgen", "--version"], cwd=outside).stdout.strip() == expected_version()


def test_find_package_from_the_unpacked_folder_builds_a_consumer(outside):
    root = unpack(outside)
    src = package_test.consumer(outside, package_test.readme_block("find_package(contractgen"))
    build = outside / "build"
    run(["cmake", "-S", src, "-B", build, "-G", "Ninja", f"-DCMAKE_PREFIX_PATH={root}",
         f"-DCMAKE_CXX_FLAGS={package_test.WARNINGS}"], cwd=outside)
    assert str(root / "bin/contractgen") in (build / "build.ninja").read_text(), \
        "the consumer's build does not run the unpacked contractgen"
    run(["cmake", "--build", build], cwd=outside)
    assert run([build / "my_app"], cwd=outside).stdout.strip() == package_test.EXPECTED_OUTPUT
