#!/usr/bin/env python3
"""Random pattern pairs, decided by `contractgen breaking` and by ECMA-262
itself (node's RegExp, `u` flag), which must agree:

  - a pair without a finding accepts the same strings: no string of up to
    4 code points over the alphabet below is accepted by one and not the other;
  - a pair with a finding: each witness is accepted by the side it names and
    rejected by the other (node), no shorter witness exists in that
    direction, and a direction without a witness has none up to 4 code points;
  - no PATTERN_UNVERIFIED but for automata past their size bound (counted):
    every witness the automata found was confirmed by the validator.

All pairs are types of one schema set (one run). Seeded, so reproducible.
usage: random_pairs.py CONTRACTGEN [--seed N] [--pairs N]
"""
import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ATOMS = ["a", "b", " ", "-", "[ab]", "[^a]", "[a-c]", ".", "\\w", "\\W", "\\d", "\\b", "\\B", "^", "$", "(a|b)", "(a|)"]
ASSERTIONS = {"^", "$", "\\b", "\\B"}
ALPHABET = ["a", "b", "c", " ", "-", "1", "\t", "\n", "\u00e9"]
BRUTE = r"""
import { readFileSync } from "node:fs";
const { pairs, alphabet, upto } = JSON.parse(readFileSync(0, "utf8"));
const out = pairs.map(([a, b, claims]) => {
  const ra = new RegExp(a, "u"), rb = new RegExp(b, "u");
  const shortest = [null, null];
  let layer = [""];
  for (let len = 0; len <= upto; ++len) {
    for (const s of layer) {
      const x = ra.test(s), y = rb.test(s);
      if (x && !y && shortest[0] === null) shortest[0] = s;
      if (y && !x && shortest[1] === null) shortest[1] = s;
    }
    const next = [];
    for (const s of layer) for (const c of alphabet) next.push(s + c);
    layer = next;
  }
  const valid = claims.map((w, i) => w === null ? null : (i === 0 ? ra.test(w) && !rb.test(w) : rb.test(w) && !ra.test(w)));
  return { shortest, valid };
});
process.stdout.write(JSON.stringify(out));
"""


def pattern(rng: random.Random, depth: int = 0) -> str:
    out = ""
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.15 and depth < 2:
            x = "(" + pattern(rng, depth + 1) + ("|" + pattern(rng, depth + 1) if rng.random() < 0.5 else "") + ")"
        else:
            x = rng.choice(ATOMS)
        if x not in ASSERTIONS and rng.random() < 0.3:
            x += rng.choice(["*", "+", "?", "{2}", "{1,2}"])
        out += x
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("contractgen")
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--pairs", type=int, default=400)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    pairs = [(pattern(rng), pattern(rng)) for _ in range(args.pairs)]
    with tempfile.TemporaryDirectory() as tmp:
        for side, index in (("previous", 0), ("current", 1)):
            (Path(tmp) / side / "f").mkdir(parents=True)
            defs = {f"S{i}": {"type": "string", "pattern": p[index]} for i, p in enumerate(pairs)}
            (Path(tmp) / side / "f" / "s.schema.json").write_text(json.dumps({"$defs": defs}))
        run = subprocess.run([str(Path(args.contractgen).resolve()), "breaking", "--against", "previous", "--schemas", "current",
                              "--format", "json"], cwd=tmp, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        print(f"contractgen failed ({run.returncode}): {run.stderr}")
        return 1
    claims = {i: [None, None] for i in range(len(pairs))}
    failures, bounded = [], set()
    for f in json.loads(run.stdout)["findings"]:
        i = int(f["type"].split(".S")[1])
        if f["rule"] == "PATTERN_UNVERIFIED" and "automaton states" in f["message"]:
            bounded.add(i)  # past the documented size bound: said, and judged by samples
            continue
        if f["rule"] != "PATTERN_SAME":
            failures.append(f"{pairs[i]}: {f['rule']}: {f['message']}")
        for w in f["witnesses"]:
            claims[i][0 if w["accepted_by"] == "previous" else 1] = w["instance"]
    node = subprocess.run(["node", "--input-type=module", "-e", BRUTE], capture_output=True, text=True, check=True,
                          input=json.dumps({"pairs": [[a, b, claims[i]] for i, (a, b) in enumerate(pairs)],
                                            "alphabet": ALPHABET, "upto": 4}))
    for i, verdict in enumerate(json.loads(node.stdout)):
        if i in bounded:
            continue
        for k, side in enumerate(("previous", "current")):
            claim, brute = claims[i][k], verdict["shortest"][k]
            label = f"pair {pairs[i]!r}, accepted by {side} only"
            if claim is None and brute is not None:
                failures.append(f"{label}: no witness reported, but ECMA-262 gives {brute!r}")
            elif claim is not None and not verdict["valid"][k]:
                failures.append(f"{label}: the witness {claim!r} is wrong by ECMA-262")
            elif claim is not None and brute is not None and len(claim) > len(brute):
                failures.append(f"{label}: the witness {claim!r} is longer than {brute!r}")
    for f in failures:
        print(f"FAIL {f}")
    decided = sum(1 for c in claims.values() if c != [None, None])
    print(f"{len(pairs)} random pairs (seed {args.seed}), {decided} with a witness, {len(bounded)} past the automata's "
          f"bound: {len(failures)} disagreements with ECMA-262")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
