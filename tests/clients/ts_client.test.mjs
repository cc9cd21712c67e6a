// The generated TypeScript clients under node against live servers in the fault mode, on
// loopback, with every shared scenario (vectors/*.json, README.md there) and the outcome the
// Python clients must have too (test_python_client.py): this contract's (generated/ts,
// client.js) against the reference engine, and the second contract's (tests/golden/operations,
// generated here by $CONTRACTGEN) against orders_engine.py. Run: node --test (CMake: clients_ts).
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "..", "..");
const PYTHON = process.env.CONTRACTGEN_VENV_PYTHON ?? join(REPO, ".venv", "bin", "python");
const CONTRACTGEN = process.env.CONTRACTGEN ?? join(REPO, "build", "contractgen");
const VECTORS = readdirSync(join(HERE, "vectors"))
  .filter((f) => f.endsWith(".json"))
  .sort();
const MISSING = Symbol("missing");

/** Starts a server script on port 0: its address and the process. */
function serve(script) {
  const child = spawn(PYTHON, [script, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((ok, fail) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (match) ok({ url: match[1], child });
    });
    child.on("exit", (code) => fail(new Error(`${script} exited (${code}) before listening: ${out}`)));
  });
}

const servers = {};
const packages = {};

/** Folders made under the system's temporary folder, removed when the tests end. */
const scratch = [];

before(async () => {
  servers.engine = await serve(join(REPO, "tests", "engine", "engine.py"));
  servers.orders = await serve(join(HERE, "orders_engine.py"));
  packages.engine = await load(join(REPO, "generated", "ts"));
  // The second contract's package, generated now, beside the repository's node_modules.
  const out = mkdtempSync(join(tmpdir(), "orders-ts-"));
  scratch.push(out);
  const case_ = join(REPO, "tests", "golden", "operations");
  const run = spawnSync(CONTRACTGEN, ["generate", "--schemas", join(case_, "input"), "--out", out, "--target", "ts"], {
    cwd: case_,
    encoding: "utf8",
  });
  assert.equal(run.status, 0, run.stderr);
  symlinkSync(join(REPO, "node_modules"), join(out, "ts", "node_modules"));
  packages.orders = await load(join(out, "ts"));
});

after(() => {
  for (const s of Object.values(servers)) s.child.kill();
  // The scratch folders hold links into the repository, which rmSync removes without following.
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

async function load(dir) {
  assert.ok(existsSync(join(dir, "client.js")), `${dir} has no client.js`);
  const client = await import(pathToFileURL(join(dir, "client.js")).href);
  const registry = await import(pathToFileURL(join(dir, "registry.js")).href);
  return { client, registry };
}

function pointer(value, ptr) {
  let at = value;
  for (const token of ptr ? ptr.slice(1).split("/") : []) {
    if (typeof at !== "object" || at === null || !Object.hasOwn(at, token)) return MISSING;
    at = at[token];
  }
  return at;
}

/** The arguments of a generated method, by the names of its parameters (body, parameters, init). */
function argumentsOf(method, pkg, vector, init) {
  const names = /\(([^)]*)\)/
    .exec(method.toString())[1]
    .split(",")
    .map((p) => p.trim().split(/[\s=]/)[0]);
  return names.map((name) => {
    if (name === "body") return pkg.registry.findType(vector.bodyType).parse(vector.body);
    if (name === "parameters") return vector.parameters;
    assert.equal(name, "init");
    return init;
  });
}

function errorOutcome(client, e) {
  if (e instanceof client.ApiError) return { kind: "status", status: e.status, body: e.body, headers: e.headers };
  if (e instanceof client.UnexpectedResponse) return { kind: "unexpected", status: e.status, text: e.text };
  if (e instanceof client.StreamFailed) return { kind: e.kind };
  if (e instanceof client.StreamRuleError) return { kind: "rule", rule: e.rule };
  throw e;
}

async function run(url, pkg, vector, key) {
  const out = {};
  const headers = { "X-Engine-Fault-Key": key };
  if (vector.fault) headers["X-Engine-Fault"] = vector.fault;
  const c = new pkg.client.Client(url);
  const method = c[vector.method];
  assert.equal(typeof method, "function", `no method ${vector.method}`);
  const started = performance.now();
  let stream = null;
  try {
    if ("tags" in vector.expect) {
      stream = method.apply(c, argumentsOf(method, pkg, vector, { headers, options: vector.client }));
      assert.ok(stream instanceof pkg.client.ClientStream);
      out.items = [];
      for await (const item of stream) out.items.push(item);
    } else {
      out.value = await method.apply(c, argumentsOf(method, pkg, vector, { headers }));
    }
  } catch (e) {
    out.error = errorOutcome(pkg.client, e);
  }
  if (stream !== null) {
    out.findings = stream.findings.map((f) => f.rule);
    out.reconnects = stream.reconnects;
  }
  out.elapsedMs = performance.now() - started;
  return out;
}

async function check(vector, outcome, url, key) {
  const expect = vector.expect;
  if (expect.error === null || expect.error === undefined) assert.equal(outcome.error, undefined);
  else {
    assert.ok(outcome.error, "no error");
    for (const [k, v] of Object.entries(expect.error)) {
      if (k === "body" || k === "headers")
        for (const [member, value] of Object.entries(v)) assert.deepEqual(outcome.error[k][member], value, member);
      else if (k === "text") assert.ok(outcome.error.text.startsWith(v), outcome.error.text);
      else assert.equal(outcome.error[k], v, k);
    }
  }
  for (const [member, value] of Object.entries(expect.value ?? {})) assert.deepEqual(outcome.value[member], value);
  const items = outcome.items ?? [];
  if (expect.tags)
    assert.deepEqual(
      items.map((i) => pointer(i, expect.tags.pointer)),
      expect.tags.values,
    );
  if (expect.text) {
    const t = expect.text;
    let text = "";
    for (const i of items) {
      const tag = pointer(i, expect.tags.pointer);
      if (tag === t.resetOn) text = "";
      else if (tag === t.tag) text += pointer(i, t.pointer);
    }
    assert.equal(text, t.value);
  }
  if (expect.findings) assert.deepEqual(outcome.findings, expect.findings);
  if ("reconnects" in expect) assert.equal(outcome.reconnects, expect.reconnects);
  if ("minElapsedMs" in expect) assert.ok(outcome.elapsedMs >= expect.minElapsedMs, `${outcome.elapsedMs} ms`);
  const seen = await (await fetch(`${url}/_faults/${key}`)).json();
  assert.deepEqual(seen.lastEventIds, expect.lastEventIds);
}

// docs/clients.md's TypeScript block: compiled with tsc (strict) against generated/ts installed
// under its package name, then run against the engine; it prints the chat answer.
test("docs/clients.md TypeScript block", async () => {
  const doc = readFileSync(join(REPO, "docs", "clients.md"), "utf8");
  const blocks = [...doc.matchAll(/```typescript\n(.*?)```/gs)].map((m) => m[1]);
  assert.ok(blocks.length > 0, "no ```typescript block in docs/clients.md");
  const dir = mkdtempSync(join(tmpdir(), "clients-doc-"));
  scratch.push(dir);
  const modules = join(dir, "node_modules");
  mkdirSync(modules);
  for (const entry of readdirSync(join(REPO, "node_modules")))
    if (!entry.startsWith(".")) symlinkSync(join(REPO, "node_modules", entry), join(modules, entry));
  const name = JSON.parse(readFileSync(join(REPO, "generated", "ts", "package.json"), "utf8")).name;
  const [scope, leaf] = name.split("/");
  rmSync(join(modules, scope), { recursive: true, force: true });
  mkdirSync(join(modules, scope));
  symlinkSync(join(REPO, "generated", "ts"), join(modules, scope, leaf));
  writeFileSync(join(dir, "package.json"), '{"type": "module"}');
  for (const [i, block] of blocks.entries()) {
    writeFileSync(join(dir, `block${i}.ts`), block);
    const tsc = join(REPO, "node_modules", ".bin", "tsc");
    const flags = ["--strict", "--exactOptionalPropertyTypes", "--module", "nodenext", "--target", "es2022"];
    const built = spawnSync(tsc, [...flags, `block${i}.ts`], { cwd: dir, encoding: "utf8" });
    assert.equal(built.status, 0, built.stdout + built.stderr);
    const ran = spawnSync("node", [`block${i}.js`], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, ENGINE_URL: servers.engine.url },
    });
    assert.equal(ran.status, 0, ran.stderr);
    assert.equal(ran.stdout, "The answer is 42 [1]. Sources follow.\n");
  }
});

// AbortSignal: the caller's abort ends the stream with its reason, never with a reconnection.
test("an aborted stream throws the abort's reason and does not reconnect", async () => {
  const c = new packages.engine.client.Client(servers.engine.url);
  const controller = new AbortController();
  const reason = new Error("the reader went away");
  const stream = c.streamChatMessage({ message_stream_id: "abort-test" }, { signal: controller.signal });
  const seen = [];
  await assert.rejects(
    (async () => {
      for await (const item of stream) {
        seen.push(item);
        controller.abort(reason);
      }
    })(),
    (e) => e === reason,
  );
  assert.equal(seen.length, 1);
  assert.equal(stream.reconnects, 0);
});

for (const file of VECTORS) {
  test(file.replace(/\.json$/, ""), async () => {
    const vector = JSON.parse(readFileSync(join(HERE, "vectors", file), "utf8"));
    const server = vector.server === "orders" ? "orders" : "engine";
    const key = `ts-${file}-${randomUUID()}`;
    const url = servers[server].url;
    await check(vector, await run(url, packages[server], vector, key), url, key);
  });
}
