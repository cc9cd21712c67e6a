// Lays out the two npm packages for `npm pack` (called by scripts/package):
//   node stage.mjs VERSION BINARY LICENSE OUT_DIR
// writes OUT_DIR/contractgen (the launcher) and OUT_DIR/cli-linux-x64 (the
// binary), both at VERSION, the launcher's optionalDependencies naming the
// binary package at the same VERSION. The manifests in this folder hold 0.0.0:
// the version lives in CMakeLists.txt only.
import { cpSync, chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [version, binary, license, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node stage.mjs VERSION BINARY LICENSE OUT_DIR");
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));

function stage(name, fill) {
  const dir = path.join(out, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(here, name), dir, { recursive: true });
  cpSync(license, path.join(dir, "LICENSE"));
  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  manifest.version = version;
  fill(dir, manifest);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
}

stage("contractgen", (dir, manifest) => {
  for (const dep of Object.keys(manifest.optionalDependencies)) manifest.optionalDependencies[dep] = version;
});
stage("cli-linux-x64", (dir) => {
  mkdirSync(path.join(dir, "bin"), { recursive: true });
  cpSync(binary, path.join(dir, "bin", "contractgen"));
  chmodSync(path.join(dir, "bin", "contractgen"), 0o755);
});
