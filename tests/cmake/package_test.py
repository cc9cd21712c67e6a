#!/usr/bin/env python3
"""contractgen as a CMake package, consumed from a folder outside the repository.

  package_test.py install BUILD_DIR          cmake --install BUILD_DIR --prefix P, then a consumer
                                             whose CMakeLists.txt is docs/cmake.md's find_package block
  package_test.py fetchcontent [--configure-only]
                                             a consumer whose CMakeLists.txt is docs/cmake.md's
                                             FetchContent block, fetching this source folder

The consumer is tests/cmake/consumer (its own schemas, namespace demo::events, main.cpp) with its
CMakeLists.txt replaced by docs/cmake.md's block, so the docs show what is tested. Its code (its
program and the generated library) is built with -Wall -Wextra -Werror and must print the ping it
decoded and re-encoded. FetchContent never uses
the network: FETCHCONTENT_SOURCE_DIR_CONTRACTGEN names this checkout and FETCHCONTENT_FULLY_DISCONNECTED
is on. --configure-only checks what the including project gets: the generator and its library,
none of the tests, benchmarks or bindings of this repository (the full build compiles the
generator: CTest label `slow`).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "docs"))
from readme_blocks import blocks  # noqa: E402

WARNINGS = "-Wall -Wextra -Werror"
EXPECTED_OUTPUT = '{"type":"ping","seq":1}'


def fail(message: str) -> None:
    print(f"package_test: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def run(command: list[str], cwd: Path | None = None, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if check and result.returncode != 0:
        fail(f"{' '.join(command)} exited {result.returncode}\n{result.stdout[-6000:]}\n{result.stderr[-6000:]}")
    return result


def readme_block(needle: str) -> str:
    found = [b for b in blocks(REPO / "docs" / "cmake.md") if b.lang == "cmake" and needle in b.text]
    if len(found) != 1:
        fail(f"docs/cmake.md has {len(found)} cmake blocks with {needle!r}, expected one")
    # The docs' example names its targets my_contract / my_app; its main.cpp here is the consumer's.
    return found[0].text


def consumer(work: Path, cmakelists: str) -> Path:
    src = work / "src"
    shutil.copytree(REPO / "tests/cmake/consumer", src)
    (src / "CMakeLists.txt").write_text(cmakelists)
    return src


def strict_consumer_targets(work: Path) -> list[str]:
    """-Wall -Wextra -Werror on the consumer's targets only (my_app and the generated library), not on
    the generator that FetchContent compiles in the same build: a hook run after the docs'
    CMakeLists.txt, which stays as docs/cmake.md shows it."""
    hook = work / "strict.cmake"
    hook.write_text(
        "function(consumer_strict)\n"
        "  foreach(t my_app my_contract_cpp)\n"
        "    target_compile_options(${t} PRIVATE -Wall -Wextra -Werror)\n"
        "  endforeach()\n"
        "endfunction()\n"
        "cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL consumer_strict)\n")
    return [f"-DCMAKE_PROJECT_my_contract_app_INCLUDE={hook}"]


def build_and_run(src: Path, build: Path, extra: list[str]) -> None:
    run(["cmake", "-S", str(src), "-B", str(build), "-G", "Ninja", *extra])
    run(["cmake", "--build", str(build)])
    out = run([str(build / "my_app")]).stdout.strip()
    if out != EXPECTED_OUTPUT:
        fail(f"my_app printed {out!r}, expected {EXPECTED_OUTPUT!r}")


def install(build_dir: Path, work: Path) -> None:
    prefix = work / "prefix"
    run(["cmake", "--install", str(build_dir), "--prefix", str(prefix)])
    package = prefix / "lib" / "cmake" / "contractgen"
    for name in ("contractgenConfig.cmake", "contractgenConfigVersion.cmake", "contractgenTargets.cmake",
                 "ContractgenGenerate.cmake"):
        if not (package / name).is_file():
            fail(f"cmake --install wrote no {package / name}")
    if run([str(prefix / "bin" / "contractgen"), "--version"]).returncode != 0:
        fail("the installed contractgen does not run")
    print(f"installed: {prefix}/bin/contractgen and {package.relative_to(prefix)}/")

    src = consumer(work, readme_block("find_package(contractgen"))
    build = work / "build"
    build_and_run(src, build, [f"-DCMAKE_PREFIX_PATH={prefix}", f"-DCMAKE_CXX_FLAGS={WARNINGS}"])
    ninja = (build / "build.ninja").read_text()
    if str(prefix / "bin" / "contractgen") not in ninja:
        fail("the consumer's build does not run the installed contractgen")
    print(f"find_package consumer: configured, built with {WARNINGS}, printed {EXPECTED_OUTPUT}")

    # The version file: 0.2 is accepted, a later minor version is not.
    probe = work / "probe"
    probe.mkdir()
    for wanted, ok in (("0.2", True), ("0.99", False)):
        (probe / "CMakeLists.txt").write_text(
            "cmake_minimum_required(VERSION 3.20)\nproject(probe LANGUAGES CXX)\n"
            f"find_package(contractgen {wanted} CONFIG)\n"
            "if(NOT contractgen_FOUND)\n  message(FATAL_ERROR \"not found\")\nendif()\n")
        result = run(["cmake", "-S", str(probe), "-B", str(probe / f"b{wanted}"), f"-DCMAKE_PREFIX_PATH={prefix}"],
                     check=False)
        if (result.returncode == 0) != ok:
            fail(f"find_package(contractgen {wanted}) {'failed' if ok else 'succeeded'}:\n{result.stderr[-3000:]}")
    print("the version file accepts 0.2 and refuses 0.99")


def fetchcontent(work: Path, configure_only: bool) -> None:
    src = consumer(work, readme_block("FetchContent_Declare(contractgen"))
    build = work / "build"
    flags = [f"-DFETCHCONTENT_SOURCE_DIR_CONTRACTGEN={REPO}", "-DFETCHCONTENT_FULLY_DISCONNECTED=ON",
             *strict_consumer_targets(work)]
    if configure_only:
        run(["cmake", "-S", str(src), "-B", str(build), "-G", "Ninja", *flags])
        commands = (build / "build.ninja").read_text()
        if "-Werror" not in commands:
            fail("the consumer's targets are not compiled with -Werror")
        targets = {line.split(":")[0] for line in run(["ninja", "-C", str(build), "-t", "targets", "all"]).stdout
                   .splitlines()}
        for wanted in ("contractgen", "my_app", "my_contract_cpp"):
            if not any(t == wanted or t.endswith("/" + wanted) for t in targets):
                fail(f"no target {wanted} in the FetchContent build")
        unwanted = [t for t in targets if any(n in t for n in ("unit_tests", "bench_", "contract_bindings",
                                                               "conformance_runner", "regenerate", "cpp_binding_tests"))]
        if unwanted:
            fail(f"the FetchContent build has this repository's tests, benchmarks or bindings: {sorted(unwanted)[:10]}")
        tests = run(["ctest", "--test-dir", str(build), "-N"]).stdout
        if "Total Tests: 0" not in tests:
            fail(f"the FetchContent build registers tests:\n{tests[-2000:]}")
        print("FetchContent: configured offline; the generator and the consumer, no tests, benchmarks or bindings")
        return
    build_and_run(src, build, flags)
    print(f"FetchContent consumer: built the generator and the consumer with {WARNINGS}, printed {EXPECTED_OUTPUT}")


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in ("install", "fetchcontent"):
        fail("usage: package_test.py install BUILD_DIR | fetchcontent [--configure-only]")
    with tempfile.TemporaryDirectory(prefix="contractgen-package-") as tmp:
        work = Path(tmp)
        if REPO in work.parents:
            fail(f"{work} is inside the repository")
        if sys.argv[1] == "install":
            install(Path(sys.argv[2]).resolve(), work)
        else:
            fetchcontent(work, "--configure-only" in sys.argv[2:])


if __name__ == "__main__":
    main()
