"""The streams guide (docs/streams.md, its first part) runs: its Python, TypeScript, C++ and shell blocks, from the
repository's root as the guide says, and the output block it shows appears in what the shell block
prints. The shell block's engine port (8765) is replaced by a free one, so that parallel runs do not
collide; nothing else is changed."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path


from verify_support import REPO, binary

SECTION = re.search(r"^# Streams\n(.*?)^## The stream runtime", (REPO / "docs" / "streams.md").read_text(), re.M | re.S)
assert SECTION, "docs/streams.md has no Streams guide before 'The stream runtime'"
BLOCKS = re.findall(r"^```(\w*)\n(.*?)^```", SECTION.group(1), re.M | re.S)


def block(lang: str) -> str:
    found: list[str] = [body for tag, body in BLOCKS if tag == lang]
    assert len(found) == 1, f"expected one {lang or 'output'} block in the Streams section, found {len(found)}"
    return found[0]


def test_the_section_has_a_block_per_language_and_the_output() -> None:
    assert sorted(tag for tag, _ in BLOCKS) == ["", "cpp", "python", "sh", "ts"]


def test_python() -> None:
    env = {**os.environ, "PYTHONPATH": f"{REPO / 'generated' / 'python'}:{REPO / 'runtime' / 'python'}"}
    p = subprocess.run([sys.executable, "-c", block("python")], cwd=REPO, env=env, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr


def test_typescript(tmp_path: Path) -> None:
    node_modules = Path(os.environ.get("CONTRACTGEN_NODE_MODULES", REPO / "node_modules"))
    src = tmp_path / "src"
    src.mkdir()
    (src / "generated").symlink_to(REPO / "generated")
    (src / "runtime").symlink_to(REPO / "runtime")
    (tmp_path / "node_modules").symlink_to(node_modules)
    (tmp_path / "package.json").write_text('{"type": "module"}\n')
    (src / "snippet.ts").write_text(block("ts"))
    (tmp_path / "tsconfig.json").write_text(
        '{"compilerOptions": {"target": "ES2022", "lib": ["ES2022"], "module": "NodeNext", "moduleResolution": "NodeNext",'
        ' "strict": true, "exactOptionalPropertyTypes": true, "noUncheckedIndexedAccess": true, "skipLibCheck": true,'
        ' "types": ["node"], "preserveSymlinks": true, "rootDir": "src", "outDir": "out"}, "files": ["src/snippet.ts"]}\n')
    tsc = subprocess.run([str(node_modules / ".bin" / "tsc"), "-p", str(tmp_path)], capture_output=True, text=True)
    assert tsc.returncode == 0, tsc.stdout + tsc.stderr
    (tmp_path / "out" / "generated").symlink_to(REPO / "generated")
    p = subprocess.run(["node", str(tmp_path / "out" / "snippet.js")], cwd=REPO, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith('{"data":{"type":"heartbeat"},"timestamp":1730000000000}\nevent: ai.coreason.node.started\n')


def test_cpp(tmp_path: Path) -> None:
    bindings = os.environ.get("CONTRACT_BINDINGS")
    assert bindings, "set CONTRACT_BINDINGS to the built contract_bindings library (CTest does)"
    (tmp_path / "snippet.cpp").write_text(block("cpp"))
    exe = tmp_path / "snippet"
    cxx = os.environ.get("CXX", "c++")
    build = subprocess.run([cxx, "-std=c++17", "-Wall", "-Wextra", "-Werror", f"-I{REPO / 'generated' / 'cpp' / 'include'}",
                            f"-I{REPO / 'runtime' / 'cpp' / 'include'}", str(tmp_path / "snippet.cpp"), bindings, "-lre2", "-lpcre2-8",
                            "-o", str(exe)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    p = subprocess.run([str(exe)], cwd=REPO, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout == ('{"data":{"type":"heartbeat"},"timestamp":1730000000000}\n'
                        'event: t\nid: e1\ndata: {"specversion":"1.0","id":"e1","source":"urn:x","type":"t"}\n\n')


def test_shell_and_its_output() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    script = block("sh").replace("8765", str(port))
    env = {**os.environ, "PATH": f"{Path(binary()).parent}:{os.environ['PATH']}"}
    p = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=REPO, env=env, capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr
    for line in block("").splitlines():
        assert line in p.stdout.splitlines(), line
