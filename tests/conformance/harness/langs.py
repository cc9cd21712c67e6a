"""The languages: how to prepare each binding's runner and feed it a batch.

Every runner speaks the same protocol (docs/conformance.md): `--mixed` reads
"family.Type<TAB>instance" lines and writes one "ok <json>" / "error <msg>"
line per input line. A language is one `Lang` below; adding one means a
runner program plus `available`/`prepare` here.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent          # tests/conformance
REPO = HERE.parent.parent
VENV_PYTHON = REPO / ".venv" / "bin" / "python"
NODE_MODULES = REPO / "node_modules"


@dataclass
class Runner:
    lang: str
    cmd: list[str]
    env: dict[str, str] = field(default_factory=dict)

    def attempt(self, lines: list[str | bytes], timeout: float) -> tuple[list[str], str]:
        """Feeds the lines to one process; returns the complete output lines it wrote and "" when it
        answered every line and exited 0, else why not (a crash, a timeout), without raising."""
        data = b"".join((l if isinstance(l, bytes) else l.encode("utf-8")) + b"\n" for l in lines)
        try:
            p = subprocess.run(self.cmd, input=data, capture_output=True, env={**os.environ, **self.env}, timeout=timeout)
            stdout, why = p.stdout, "" if p.returncode == 0 else f"exit status {p.returncode}"
            stderr = p.stderr
        except subprocess.TimeoutExpired as e:
            stdout, why, stderr = e.stdout or b"", f"no answer within {timeout:.0f} s", e.stderr or b""
        out = stdout.decode("utf-8", errors="replace").split("\n")
        out.pop()  # the text after the last newline: empty, or a line cut short
        if not why and len(out) != len(lines):
            why = f"{len(out)} output lines for {len(lines)} input lines"
        if why:
            why += ": " + stderr.decode("utf-8", errors="replace").strip().replace("\n", " ")[-300:]
        return out, why

    def run_each(self, lines: list[str | bytes], timeout: float = 300) -> list[str]:
        """Like `run`, but a line that kills the runner (a crash, a hang) is answered "crash <why>"
        and the other lines still get their answers: the batch is split around the failure."""
        answers: list[str | None] = [None] * len(lines)
        pending = [(0, len(lines))]
        while pending:
            lo, hi = pending.pop()
            out, why = self.attempt(lines[lo:hi], timeout)
            done = min(len(out), hi - lo)
            answers[lo:lo + done] = out[:done]
            if not why:
                continue
            lo += done
            if hi - lo == 1:
                answers[lo] = "crash the runner failed on this line (" + why + ")"
            elif hi > lo:
                mid = (lo + hi) // 2
                pending += [(mid, hi), (lo, mid)]
        return [a if a is not None else "crash no answer" for a in answers]

    def run(self, lines: list[str | bytes], timeout: float = 600) -> list[str]:
        """Feeds the lines to one process; returns its output lines (exactly one per input line)."""
        data = b"".join((l if isinstance(l, bytes) else l.encode("utf-8")) + b"\n" for l in lines)
        env = {**os.environ, **self.env}
        p = subprocess.run(self.cmd, input=data, capture_output=True, env=env, timeout=timeout)
        out = p.stdout.decode("utf-8", errors="replace").split("\n")
        if out and out[-1] == "":
            out.pop()
        if p.returncode != 0 or len(out) != len(lines):
            raise RunnerFailure(self.lang, self.cmd, p.returncode, len(lines), len(out),
                                p.stderr.decode("utf-8", errors="replace"))
        return out


class RunnerFailure(Exception):
    def __init__(self, lang, cmd, code, n_in, n_out, stderr):
        super().__init__(f"the {lang} runner ({' '.join(map(str, cmd))}) exited with {code} after "
                         f"{n_out} output lines for {n_in} input lines\n{stderr[-4000:]}")


class Unavailable(Exception):
    """The language's bindings are not there (yet): reported, never counted as a pass."""


def tree_hash(*paths: Path, suffixes: tuple[str, ...] = ()) -> str:
    h = hashlib.sha256()
    for root in paths:
        files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
        for f in files:
            if suffixes and not f.name.endswith(suffixes):
                continue
            h.update(str(f.relative_to(root.parent)).encode())
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


# ---- C++ -------------------------------------------------------------------------------------------
def cpp_runner_from_binary(binary: Path) -> Runner:
    if not Path(binary).is_file():
        raise Unavailable(f"C++ runner {binary} is not built")
    return Runner("cpp", [str(binary), "--mixed"])


def compile_cpp_runner(include_dir: Path, work: Path, cxx: str, extra_includes: list[str], opt: str = "-O1",
                       log=print) -> Runner:
    """Compiles tests/conformance/cpp/runner.cpp with the C++ output whose headers are in `include_dir` (its
    sources are in ../src: compiled as one file that includes them all, once per content hash)."""
    if not (include_dir / "contract" / "registry.hpp").is_file():
        raise Unavailable(f"{include_dir}/contract/registry.hpp does not exist")
    src = HERE / "cpp" / "runner.cpp"
    sources_dir = include_dir.parent / "src"
    key = tree_hash(include_dir, sources_dir, src) + opt
    binary = work / f"runner-cpp-{key}"
    if not binary.is_file():
        work.mkdir(parents=True, exist_ok=True)
        for old in work.glob("runner-cpp-*"):
            old.unlink()
        unity = work / "bindings.cpp"
        unity.write_text("".join(f'#include "{p}"\n' for p in sorted(sources_dir.rglob("*.cpp"))))
        cmd = [cxx, "-std=c++17", opt, "-I", str(include_dir), *[f"-I{d}" for d in extra_includes],
               str(src), str(unity), "-lre2", "-lpcre2-8", "-o", str(binary) + ".tmp"]
        log(f"compiling the C++ runner: {' '.join(cmd)}")
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            raise CompileFailure("C++", p.stdout + p.stderr)
        os.replace(str(binary) + ".tmp", binary)
    return Runner("cpp", [str(binary), "--mixed"])


class CompileFailure(Exception):
    def __init__(self, lang: str, output: str):
        lines = output.splitlines()
        errors = [l for l in lines if "error" in l]
        shown = "\n".join((errors or lines)[:40])
        super().__init__(f"compiling the {lang} bindings failed:\n{shown}")


# ---- TypeScript ------------------------------------------------------------------------------------
def ts_available(ts_dir: Path) -> None:
    if not (ts_dir / "registry.js").is_file():
        raise Unavailable(f"{ts_dir}/registry.js does not exist (the TypeScript target has not generated it)")


def ts_registry(ts_dir: Path) -> Path:
    """The registry module of a generated package, which runs as it is (ESM
    JavaScript, no build step). Zod comes from the repository's node_modules:
    a package outside the repository (a scratch folder) gets a node_modules
    symlink next to it."""
    ts_available(ts_dir)
    ts_dir = ts_dir.resolve()
    if REPO not in ts_dir.parents and not (ts_dir / "node_modules").exists():
        try:
            (ts_dir / "node_modules").symlink_to(NODE_MODULES)
        except FileExistsError:  # another test, side by side (ctest -j)
            pass
    return ts_dir / "registry.js"


def ts_runner(registry_js: Path) -> Runner:
    return Runner("ts", ["node", str(HERE / "ts" / "runner.mjs"), "--registry", str(registry_js), "--mixed"])


# ---- Python ----------------------------------------------------------------------------------------
def py_available(py_dir: Path) -> None:
    if not (py_dir / "contract" / "registry.py").is_file():
        raise Unavailable(f"{py_dir}/contract/registry.py does not exist (the Python target has not generated it)")


# Set to 1 to judge the pure-Python package, without its compiled payload checks.
PY_PURE_ENV = "CONTRACTGEN_PY_PURE"


def py_with_extension(py_dir: Path) -> Path:
    """A copy of the package at `py_dir` with its optional C extensions (_runtime/_policy.c and
    _runtime/_codec.c) compiled in place (warnings are errors), as `pip install` builds them: the
    runner then judges what an installed package does (CONTRACTGEN_CODEC=pure in the environment:
    without the codec). The copy lives until the process ends."""
    import atexit
    import shlex
    import sysconfig
    import tempfile
    copy = Path(tempfile.mkdtemp(prefix="contractgen-py-"))
    atexit.register(shutil.rmtree, copy, True)
    shutil.copytree(py_dir, copy, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))
    sources = sorted(copy.glob("*/_runtime/_policy.c")) + sorted(copy.glob("*/_runtime/_codec.c"))
    if not sources:
        raise Unavailable(f"{py_dir} has no _runtime/_policy.c (generated with the runtime omitted?); "
                          f"{PY_PURE_ENV}=1 judges the package without it")
    cc = shlex.split(sysconfig.get_config_var("CC") or "cc")
    for source in sources:
        built = source.with_name(source.stem + sysconfig.get_config_var("EXT_SUFFIX"))
        flags = ["-O2", "-shared", "-fPIC", "-Wall", "-Wextra", "-Werror", "-I", sysconfig.get_paths()["include"]]
        subprocess.run([*cc, *flags, str(source), "-o", str(built)], check=True)
    return copy


def py_runner(py_dir: Path) -> Runner:
    py_available(py_dir)
    if os.environ.get(PY_PURE_ENV) != "1":
        py_dir = py_with_extension(py_dir)
    python = str(VENV_PYTHON if VENV_PYTHON.exists() else sys.executable)
    return Runner("py", [python, str(HERE / "py" / "runner.py"), "--mixed"],
                  env={"PYTHONPATH": str(py_dir), "PYTHONDONTWRITEBYTECODE": "1"})


# ---- Go --------------------------------------------------------------------------------------------
GO = shutil.which("go") or "/usr/local/go/bin/go"


def go_available(go_dir: Path) -> None:
    if not (go_dir / "registry" / "registry.go").is_file() or not (go_dir / "go.mod").is_file():
        raise Unavailable(f"{go_dir}/registry/registry.go does not exist (the Go target has not generated it)")
    if not Path(GO).is_file():
        raise Unavailable("no Go toolchain (go) found; scripts/deps.sh installs one")


def go_env(work: Path) -> dict[str, str]:
    """Go's caches, module folder and config (telemetry counters) inside `work`, the installed
    toolchain only, no workspace."""
    return {"GOCACHE": str(work / "gocache"), "GOPATH": str(work / "gopath"),
            "GOMODCACHE": str(work / "gopath" / "pkg" / "mod"), "GOTOOLCHAIN": "local", "GOWORK": "off",
            "GOFLAGS": "-mod=mod -buildvcs=false", "CGO_ENABLED": "0", "XDG_CONFIG_HOME": str(work / "config")}


def go_module_path(go_dir: Path) -> str:
    for line in (go_dir / "go.mod").read_text().splitlines():
        if line.startswith("module "):
            return line.split()[1]
    raise CompileFailure("Go", f"{go_dir}/go.mod has no module line")


def compile_go_runner(go_dir: Path, work: Path, log=print) -> Runner:
    """Builds tests/conformance/go/runner.go against the generated module in `go_dir` (a go.mod
    that replaces the module with that folder), once per content hash."""
    go_available(go_dir)
    go_dir, work = go_dir.resolve(), work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    with open(work / "build.lock", "w") as lock:  # tests may run in parallel (ctest -j)
        fcntl.flock(lock, fcntl.LOCK_EX)
        src = HERE / "go" / "runner.go"
        key = tree_hash(go_dir, src, suffixes=(".go", ".mod"))
        binary = work / f"runner-go-{key}"
        if not binary.is_file():
            for old in work.glob("runner-go-*"):
                if old.is_file():
                    old.unlink()
            module = go_module_path(go_dir)
            build = work / "runner-src"
            if build.exists():
                shutil.rmtree(build)
            build.mkdir()
            (build / "main.go").write_text(src.read_text().replace('"example.com/contract/', f'"{module}/'))
            (build / "go.mod").write_text(f"module contractgen.test/runner\n\ngo 1.19\n\nrequire {module} v0.0.0\n\n"
                                          f"replace {module} => {go_dir}\n")
            cmd = [GO, "build", "-o", str(binary) + ".tmp", "."]
            log(f"building the Go runner against {go_dir}")
            p = subprocess.run(cmd, capture_output=True, text=True, cwd=str(build), env={**os.environ, **go_env(work)})
            if p.returncode != 0:
                raise CompileFailure("Go", p.stdout + p.stderr)
            os.replace(str(binary) + ".tmp", binary)
    return Runner("go", [str(binary), "--mixed"])


# ---- contractgen's own validator (src/validate/) ------------------------------------------------------
def ir_runner(binary: Path, schemas: Path) -> Runner:
    """The IR validator that `contractgen verify` and `breaking` use, held to the bindings' verdicts
    (tests/conformance/ir/runner.cpp; no generated code, it reads the schemas itself)."""
    if not Path(binary).is_file():
        raise Unavailable(f"IR runner {binary} is not built")
    return Runner("ir", [str(binary), "--schemas", str(schemas), "--mixed"])


LANGS = ("cpp", "ts", "py", "go")


def prepare(lang: str, generated: Path, work: Path, cpp_runner: Path, log=print) -> Runner:
    """The runner of one language over the bindings in `generated` (raises Unavailable, CompileFailure)."""
    if lang == "cpp":
        return cpp_runner_from_binary(cpp_runner)
    if lang == "ts":
        return ts_runner(ts_registry(generated / "ts"))
    if lang == "py":
        return py_runner(generated / "python")
    if lang == "go":
        return compile_go_runner(generated / "go", work / "go", log=log)
    raise ValueError(f"unknown language {lang!r}")

# The languages held to docs/semantics.md §2-§3 (error path and keyword, number spelling): the ones
# that follow it today (all four). Others are judged on the verdict and the round-tripped value only.
STRICT_ENV = "CONTRACTGEN_CONFORMANCE_STRICT"
DEFAULT_STRICT = "cpp,ts,py,go"


def default_strict() -> str:
    return os.environ.get(STRICT_ENV, DEFAULT_STRICT)


def available_runners(args, generated: Path, work: Path, failures: list[str], log=print) -> tuple[dict[str, Runner], dict[str, str]]:
    """The runners of `args.langs` whose bindings exist, and why the others are missing.

    A runner that fails to compile, or a language of `args.require` that is missing, is added to
    `failures`: a missing binding is reported, never counted as a pass.
    """
    runners: dict[str, Runner] = {}
    missing: dict[str, str] = {}
    for lang in args.langs:
        try:
            runners[lang] = prepare(lang, generated, work.parent, Path(args.cpp_runner), log=log)
        except Unavailable as e:
            missing[lang] = str(e)
        except CompileFailure as e:
            failures.append(str(e))
    for lang in args.require:
        if lang in missing:
            failures.append(f"required language {lang} is unavailable: {missing[lang]}")
    return runners, missing
