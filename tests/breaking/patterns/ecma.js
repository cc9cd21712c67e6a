// ECMA-262 itself (node's RegExp, `u` flag, RegExp.prototype.test) judging
// pattern witnesses for check_pairs.py, independently of contractgen.
// stdin: {"tests": [[pattern, string], ...], "shorter": [{previous, current, accepted_by, below, alphabet}, ...]}
// stdout: {"tests": [bool, ...], "shorter": [a shorter witness or null, ...]}
import { readFileSync } from "node:fs";

const input = JSON.parse(readFileSync(0, "utf8"));
const compiled = new Map();
const re = (p) => {
  if (!compiled.has(p)) compiled.set(p, new RegExp(p, "u"));
  return compiled.get(p);
};
const accepts = (side, s) => {
  const n = [...s].length;
  if (side.minLength !== undefined && n < side.minLength) return false;
  if (side.maxLength !== undefined && n > side.maxLength) return false;
  return side.pattern === undefined || re(side.pattern).test(s);
};
const tests = input.tests.map(([p, s]) => re(p).test(s));
// Every string over `alphabet` shorter than `below` code points: none may
// be accepted by one side and rejected by the other in the claimed direction.
const shorter = input.shorter.map(({ previous, current, accepted_by, below, alphabet }) => {
  const [yes, no] = accepted_by === "previous" ? [previous, current] : [current, previous];
  const chars = [...alphabet];
  let layer = [""];
  for (let len = 0; len < below; ++len) {
    for (const s of layer) if (accepts(yes, s) && !accepts(no, s)) return s;
    const next = [];
    for (const s of layer) for (const c of chars) next.push(s + c);
    layer = next;
  }
  return null;
});
process.stdout.write(JSON.stringify({ tests, shorter }));
