// Reference for the TypeScript figure: JSON.parse of the same lines only.
import { readFileSync } from "node:fs";
const [corpus, repeatsArg] = process.argv.slice(2);
const text = readFileSync(corpus, "utf8");
const lines = text.split("\n").filter((l) => l.length > 0);
let best = Infinity, n = 0;
for (let r = 0; r < Number(repeatsArg ?? 3); r++) {
  const start = process.hrtime.bigint();
  for (const line of lines) n += JSON.parse(line).timestamp;
  best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
}
console.log(JSON.stringify({ binding: "Node JSON.parse only (reference)", lines: lines.length, mb: Buffer.byteLength(text) / 1e6, seconds: best }));
