// The expected spelling of doubles (docs/semantics.md §3), taken from
// ECMAScript itself: each line is "<JSON number text>\t<String(Number(text))>".
// Hand-picked texts (exponents, integral doubles, -0, the extremes) and
// 2,000 doubles from random bit patterns (a fixed seed), written as node
// spells them.
//   node number_spelling.mjs > data/number_spelling.tsv   write the table
//   node number_spelling.mjs --check data/number_spelling.tsv   compare (CTest)
import { readFileSync } from "node:fs";

const picked = [
  "0", "-0", "0.0", "-0.0", "1", "1.0", "100", "100.0", "1e2", "1E2", "1e+2", "0.1e1", "12.5e1", "1.5", "-1.5",
  "0.1", "0.2", "0.30000000000000004", "1e21", "1e20", "999999999999999900000", "123456789012345680000",
  "1e22", "1.5e300", "1e-6", "1e-7", "0.000001", "0.0000001", "1.2345e-7", "123e-20", "-1.5e-10", "2.5E-3",
  "5e-324", "4.9406564584124654e-324", "2.2250738585072014e-308", "1.7976931348623157e308", "9007199254740991",
  "9007199254740992", "9007199254740993.0", "18446744073709551616.0", "1e16", "12345678.9", "4.35",
  "0.99999999999999999", "1.0000000000000001", "99e19", "1e-400", "3.14159", "-273.15", "6.02214076e23",
  "1.602176634e-19", "0.5", "0.25", "1024", "65536.5", "1e100", "1.7e-5", "100000000000000000000",
  "1000000000000000000000", "0.0001", "0.00001",
];

// xorshift64*: deterministic bit patterns, whatever the node version.
let state = 0x2545f4914f6cdd1dn;
function next() {
  state ^= state >> 12n; state ^= (state << 25n) & 0xffffffffffffffffn; state ^= state >> 27n;
  return (state * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn;
}
const view = new DataView(new ArrayBuffer(8));
const random = [];
while (random.length < 2000) {
  view.setBigUint64(0, next());
  const x = view.getFloat64(0);
  if (Number.isFinite(x)) random.push(String(x));
}

const lines = [...picked, ...random].map((text) => `${text}\t${String(Number(text))}`);
const table = lines.join("\n") + "\n";
const check = process.argv.indexOf("--check");
if (check >= 0) {
  const committed = readFileSync(process.argv[check + 1], "utf8");
  if (committed !== table) {
    console.error("the committed table differs from what node spells: regenerate it with node number_spelling.mjs");
    process.exit(1);
  }
  console.log(`${lines.length} spellings agree with node ${process.version}`);
} else {
  process.stdout.write(table);
}
