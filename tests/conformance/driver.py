#!/usr/bin/env python3
"""The cross-language conformance checks (docs/conformance.md).

  driver.py vectors    every vector of tests/conformance/vectors/ plus generated cases for every
                       named type, through each language's bindings, against the oracle
  driver.py suite      the official JSON Schema Test Suite (draft-04 to 2020-12) through the
                       generator and each language's bindings
  driver.py hostile    the hostile-payload suite (tests/conformance/hostile/): the strict languages,
                       or with --report every language, with a table of what each gets wrong
  driver.py tolerant   the tolerant-reader vectors (tests/conformance/tolerant/), every language, with
                       the mode on (expected output or error) and off (expected verdict)
  driver.py selftest   checks of the harness itself (equality, generator, protocol)
  driver.py acceptance the payloads that decide whether the contract follows the seeds (the
                       fidelity table of schemas/README.md), through the oracle and each language
  driver.py prepare-go build the Go runner against a generated Go module (used by `run`)

Run through CTest: ctest --test-dir build -R conformance --output-on-failure
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE))

from harness import langs  # noqa: E402


def split_langs(s: str) -> list[str]:
    out = [x for x in s.replace(";", ",").split(",") if x]
    for x in out:
        if x not in langs.LANGS:
            raise argparse.ArgumentTypeError(f"unknown language {x!r}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)

    def common(p):
        p.add_argument("--work", required=True, help="scratch folder (compiled runners, case dumps)")
        p.add_argument("--langs", type=split_langs, default=list(langs.LANGS),
                       help="languages to check when their bindings exist (default: cpp,ts,py,go)")
        p.add_argument("--require", type=split_langs, default=[],
                       help="languages whose absence is a failure (default: none)")
        p.add_argument("--strict", type=split_langs, default=split_langs(langs.default_strict()),
                       help="languages held to the error paths, keywords and number spelling of docs/semantics.md "
                            f"(default: ${langs.STRICT_ENV}, else {langs.DEFAULT_STRICT})")

    v = sub.add_parser("vectors", help="contract vectors, hand-written and generated")
    common(v)
    v.add_argument("--schemas", default=str(REPO / "schemas"))
    v.add_argument("--vectors", default=str(HERE / "vectors"))
    v.add_argument("--generated", default=str(REPO / "generated"), help="the generated bindings (cpp/, ts/, python/)")
    v.add_argument("--cpp-runner", required=True, help="the C++ runner built by CMake against generated/cpp/include")
    v.add_argument("--ir-runner", help="also judge contractgen's own validator (tests/conformance/ir/runner.cpp)")
    v.add_argument("--no-generated-cases", dest="generated_cases", action="store_false")
    v.add_argument("--no-ajv", dest="ajv", action="store_false", help="skip the ajv cross-check of generated cases")
    v.add_argument("--disagreements", help="also write every disagreement (one JSON object per line) to this file")
    v.add_argument("--show", type=int, default=40, help="print at most this many disagreements (default 40)")

    s = sub.add_parser("suite", help="the official JSON Schema Test Suite")
    common(s)
    s.add_argument("--suite", default=str(HERE / "json-schema-test-suite" / "tests" / "draft2020-12"),
                   help="the draft2020-12 folder (default: the copy kept in the repository)")
    s.add_argument("--suite-root", help="the suite's tests/ folder, holding draft4/ draft6/ draft7/ draft2019-09/ "
                                        "(a dialect whose folder is absent is NOT CHECKED)")
    s.add_argument("--dialects", type=lambda v: [d for d in v.split(",") if d],
                   help="only these dialect folders (e.g. draft7,draft2020-12; default: all five)")
    s.add_argument("--contractgen", required=True)
    s.add_argument("--cxx", default="c++")
    s.add_argument("--cxx-include", action="append", default=[], help="include folders for the C++ runner (nlohmann)")
    s.add_argument("--table", help="write the per-keyword table (Markdown) to this file")
    s.add_argument("--only", action="append", default=[], help="only these keyword files (e.g. type.json)")
    s.add_argument("--update-doc", help="replace the table between the suite-table markers of this Markdown file")
    s.add_argument("--update-baseline", action="store_true",
                   help="record the groups supported now in tests/conformance/suite-baseline.json")

    h = sub.add_parser("hostile", help="the hostile-payload suite")
    common(h)
    h.add_argument("--schemas", default=str(REPO / "schemas"))
    h.add_argument("--generated", default=str(REPO / "generated"), help="the generated bindings")
    h.add_argument("--cpp-runner", required=True, help="the C++ runner built by CMake against generated/cpp/include")
    h.add_argument("--report", action="store_true",
                   help="run every available language (not only the strict ones), judge each on everything, "
                        "print the table; exit 0 whatever they get wrong")
    h.add_argument("--timeout", type=float, default=300, help="seconds a runner may take for one batch")
    h.add_argument("--disagreements", help="also write every disagreement (one JSON object per line) to this file")
    h.add_argument("--update-doc", help="replace the table between the hostile-report markers of this Markdown file")
    h.add_argument("--show", type=int, default=40, help="print at most this many disagreements (default 40)")
    h.add_argument("--dump", help="also write the cases (hostile.ndjson format) to this file")

    a = sub.add_parser("acceptance", help="the seed-fidelity acceptance payloads, every language")
    common(a)
    a.add_argument("--schemas", default=str(REPO / "schemas"))
    a.add_argument("--generated", default=str(REPO / "generated"), help="the generated bindings (cpp/, ts/, python/)")
    a.add_argument("--cpp-runner", required=True, help="the C++ runner built by CMake against generated/cpp/include")

    tv = sub.add_parser("tolerant", help="the tolerant-reader vectors, every language")
    common(tv)
    tv.add_argument("--vectors", default=str(HERE / "tolerant"))
    tv.add_argument("--generated", default=str(REPO / "generated"), help="the generated bindings (cpp/, ts/, python/, go/)")
    tv.add_argument("--cpp-runner", required=True, help="the C++ runner built by CMake against generated/cpp/include")

    st = sub.add_parser("selftest", help="checks of the harness itself")
    st.add_argument("--work", required=True)
    st.add_argument("--cpp-runner", required=True)
    st.add_argument("--require", type=split_langs, default=[], help="languages whose absence is a failure")

    g = sub.add_parser("prepare-go", help="build the Go runner against a generated Go module; prints its path")
    g.add_argument("--go-dir", required=True)
    g.add_argument("--work", required=True)

    args = ap.parse_args()
    if args.command == "vectors":
        from harness import vectors
        return vectors.run(args)
    if args.command == "suite":
        from harness import suite
        return suite.run(args)
    if args.command == "hostile":
        from harness import hostile
        return hostile.run(args)
    if args.command == "acceptance":
        from harness import acceptance
        return acceptance.run(args)
    if args.command == "tolerant":
        from harness import tolerant
        return tolerant.run(args)
    if args.command == "selftest":
        from harness import selftest
        return selftest.run(args)
    if args.command == "prepare-go":
        try:
            runner = langs.compile_go_runner(Path(args.go_dir), Path(args.work), log=lambda *a: print(*a, file=sys.stderr))
        except (langs.Unavailable, langs.CompileFailure) as e:
            print(e, file=sys.stderr)
            return 2
        print(runner.cmd[0])
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
