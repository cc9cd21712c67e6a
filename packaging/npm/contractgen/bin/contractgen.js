#!/usr/bin/env node
// The `contractgen` command of the npm package: finds the package that holds
// the generator's binary for this platform (one of the optionalDependencies;
// npm installs only the one whose os/cpu fields match) and runs it with the
// same arguments, standard streams and exit status.
"use strict";

const { spawnSync } = require("child_process");
const path = require("path");

const platforms = require(path.join(__dirname, "..", "platforms.json"));
const { version } = require(path.join(__dirname, "..", "package.json"));
const platform = `${process.platform}-${process.arch}`;

function fail(message) {
  process.stderr.write(`contractgen: ${message}\n`);
  process.exit(2);
}

const packageName = platforms[platform];
if (!packageName) {
  fail(`no prebuilt generator for this platform (${platform}); there are packages for ` +
       `${Object.keys(platforms).join(", ")}. Install the Python wheel (pip install contractgen) ` +
       `or build from source (scripts/build).`);
}

let binary;
try {
  binary = require.resolve(`${packageName}/bin/contractgen`);
} catch {
  fail(`the generator for this platform (${platform}) is in the package ${packageName}, which is not ` +
       `installed: npm install ${packageName}@${version} (it is an optional dependency of contractgen; ` +
       `installs with --omit=optional or --no-optional leave it out).`);
}

const result = spawnSync(binary, process.argv.slice(2), { stdio: "inherit" });
if (result.error) {
  fail(`could not run ${binary}: ${result.error.message}`);
}
if (result.signal) {
  process.kill(process.pid, result.signal);
}
process.exit(result.status === null ? 1 : result.status);
