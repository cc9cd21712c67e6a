"""The Python wheel, installed into a fresh venv outside the repository, as `pip install` would.

It runs generate, check, breaking and verify on a small contract in a temporary folder, as the
`contractgen` console script and as `python -m contractgen`; it is a manylinux wheel of at most
15 MB whose binary needs only glibc's libraries, and `verify --url` says what to install when
libcurl is missing.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from outside import REPO, artifact, copy_contract, expected_version, outside, run  # noqa: F401

GLIBC_FAMILY = re.compile(r"^(linux-vdso\.so\.1|libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|"
                          r"/lib64/ld-linux-x86-64\.so\.2)$")


@pytest.fixture
def installed(outside: Path) -> tuple[Path, Path]:
    """(venv, work folder): a copy of the wheel installed offline into a new venv."""
    wheel = shutil.copy(artifact("contractgen-*.whl"), outside)
    venv = outside / "venv"
    run([sys.executable, "-m", "venv", venv], cwd=outside)
    run([venv / "bin/python", "-m", "pip", "install", "-q", "--no-index", "--disable-pip-version-check", wheel],
        cwd=outside)
    return venv, outside


def test_the_wheel_is_manylinux_and_small():
    wheel = artifact("contractgen-*.whl")
    assert re.search(r"-py3-none-manylinux_2_\d+_x86_64\.whl$", wheel.name), wheel.name
    assert wheel.stat().st_size <= 15 * 1024 * 1024, f"{wheel.name}: {wheel.stat().st_size} bytes"
    shown = subprocess.run([REPO / ".venv/bin/auditwheel", "show", wheel], capture_output=True, text=True, check=True)
    assert re.search(r'consistent\s+with\s+the\s+following\s+platform\s+tag:\s*"manylinux_2_\d+_x86_64"', shown.stdout), \
        shown.stdout
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        text = z.read(metadata).decode()
    assert "contractgen/bin/contractgen" in names
    assert re.search(r"^License-Expression: MIT$", text, re.M), text[:600]


def test_the_binary_needs_only_glibc(installed):
    venv, work = installed
    binary = next(venv.glob("lib/python*/site-packages/contractgen/bin/contractgen"))
    libraries = []
    for line in run(["ldd", binary], cwd=work).stdout.splitlines():
        name = line.split()[0]
        libraries.append(name)
        assert GLIBC_FAMILY.match(name), f"the wheel's binary needs {name}, which is not glibc's:\n{line}"
    assert "libc.so.6" in libraries


def test_version_from_the_console_script_and_python_m(installed):
    venv, work = installed
    assert run([venv / "bin/contractgen", "--version"], cwd=work).stdout.strip() == expected_version()
    assert run([venv / "bin/python", "-m", "contractgen", "--version"], cwd=work).stdout.strip() == expected_version()


def test_generate_check_breaking_verify(installed):
    venv, work = installed
    cg = venv / "bin/contractgen"
    project = copy_contract(work)
    run([cg, "generate", "--schemas", "schemas", "--out", "generated"], cwd=project)
    assert (project / "generated/python").is_dir() and (project / "generated/ts").is_dir()
    run([cg, "check", "--schemas", "schemas", "--out", "generated"], cwd=project)
    # python -m runs the same generator: a drifted file is reported, exit 1.
    stale = next((project / "generated/ts").rglob("*.ts"))
    stale.write_text(stale.read_text() + "// edited\n")
    run([venv / "bin/python", "-m", "contractgen", "check", "--schemas", "schemas", "--out", "generated"],
        cwd=project, expect=1)

    # breaking: the same schemas break nothing; deleting a required field breaks readers.
    shutil.copytree(project / "schemas", work / "previous")
    run([cg, "breaking", "--against", work / "previous", "--schemas", "schemas"], cwd=project)
    ping = project / "schemas/demo/ping.schema.json"
    schema = json.loads(ping.read_text())
    del schema["$defs"]["Ping"]["properties"]["seq"]
    schema["$defs"]["Ping"]["required"].remove("seq")
    ping.write_text(json.dumps(schema, indent=2))
    broken = run([cg, "breaking", "--against", work / "previous", "--schemas", "schemas"], cwd=project, expect=1)
    assert "FIELD_NO_DELETE" in broken.stdout + broken.stderr, broken.stdout + broken.stderr
    ping.write_text(json.dumps(json.loads((work / "previous/demo/ping.schema.json").read_text()), indent=2))

    # verify: an NDJSON capture that conforms, and one with a negative seq.
    (work / "good.ndjson").write_text('{"type":"ping","seq":1}\n{"type":"ping","seq":2}\n')
    (work / "bad.ndjson").write_text('{"type":"ping","seq":1}\n{"type":"ping","seq":-1}\n')
    run([cg, "verify", "--schemas", "schemas", "--framing", "ndjson", "--type", "demo.Ping", work / "good.ndjson"],
        cwd=project)
    bad = run([cg, "verify", "--schemas", "schemas", "--framing", "ndjson", "--type", "demo.Ping",
               work / "bad.ndjson"], cwd=project, expect=1)
    assert "seq" in bad.stdout + bad.stderr, bad.stdout + bad.stderr


def test_verify_url_without_libcurl_says_what_to_install(installed):
    """libcurl is loaded only by `verify --url`: hidden (an empty file bind-mounted over it in a
    mount namespace of this test's own), the command says which package to install, exit 2."""
    venv, work = installed
    libcurl = None
    for line in subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout.splitlines():
        if line.strip().startswith("libcurl.so.4 ") and "x86-64" in line:
            libcurl = Path(line.split("=>")[-1].strip()).resolve()
            break
    if libcurl is None:  # nothing to hide: the machine has no libcurl, as a user's may not
        hide = ""
    else:
        hide = f"mount --bind /dev/null {libcurl} && "
    if hide and subprocess.run(["unshare", "--mount", "--propagation", "private", "true"]).returncode != 0:
        pytest.skip("no mount namespace here (unshare --mount refused): libcurl cannot be hidden")
    project = copy_contract(work)
    script = (f"{hide}exec {venv / 'bin/contractgen'} verify --schemas schemas --framing ndjson "
              f"--type demo.Ping --url http://127.0.0.1:9/stream")
    result = run(["unshare", "--mount", "--propagation", "private", "sh", "-c", script], cwd=project, expect=2)
    assert "--url needs libcurl, which could not be loaded (" in result.stderr, result.stderr
    assert "install the libcurl4 package" in result.stderr, result.stderr
    # Every other command runs all the same.
    run(["unshare", "--mount", "--propagation", "private", "sh", "-c",
         f"{hide}exec {venv / 'bin/contractgen'} check --schemas schemas --out generated"], cwd=project, expect=1)
