// The generated TypeScript client in a real browser (docs/clients.md): browser/page.js, which
// imports `@contractgen/contract/client` (generated/ts's `./client` entry, its .js files), is
// bundled by esbuild and served on loopback from an origin of its own; the reference engine
// (tests/engine/engine.py) answers it across origins (CORS). The page streams the chat
// answer, the assist answer and the packets, each cut mid-stream on its first connection (the
// engine's fault mode), in headless Chromium driven by playwright-core. What the page shows
// after the reconnections must be the text the engine sends, read here from whole streams
// without the client: nothing doubled, nothing lost. Leaves the page's screenshot in
// $CLIENTS_BROWSER_OUT (CMake: clients_ts_browser).
//   CLIENTS_BROWSER_OUT       where the bundle and browser.png go (default: <repo>/build/tests/clients)
//   CHROMIUM                  the browser (default: /usr/bin/chromium)
//   CONTRACTGEN_VENV_PYTHON   the Python that runs the engine (default: <repo>/.venv/bin/python)
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "..", "..");
const PYTHON = process.env.CONTRACTGEN_VENV_PYTHON ?? join(REPO, ".venv", "bin", "python");
const OUT = resolve(process.env.CLIENTS_BROWSER_OUT ?? join(REPO, "build", "tests", "clients"));
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const NODE_MODULES = join(REPO, "node_modules");
const { chromium } = await import(pathToFileURL(join(NODE_MODULES, "playwright-core", "index.mjs")).href);
const esbuild = await import(pathToFileURL(join(NODE_MODULES, "esbuild", "lib", "main.js")).href);

const ASSIST_BODY = {
  request_id: "123e4567-e89b-12d3-a456-426614174000",
  session_id: "123e4567-e89b-12d3-a456-426614174001",
  payload: { query: "Hello world" },
};

let engine;
let site;
let browser;
let scratch;

/** The reference engine on port 0: its address and process. */
function serveEngine() {
  const child = spawn(PYTHON, [join(REPO, "tests", "engine", "engine.py"), "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((ok, fail) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (match) ok({ url: match[1], child });
    });
    child.on("exit", (code) => fail(new Error(`engine.py exited (${code}) before listening: ${out}`)));
  });
}

/** Bundles browser/page.js against generated/ts installed under its package name: the bundle's path. */
async function bundle() {
  const name = JSON.parse(readFileSync(join(REPO, "generated", "ts", "package.json"), "utf8")).name;
  const [scope, leaf] = name.split("/");
  scratch = mkdtempSync(join(tmpdir(), "clients-browser-"));
  mkdirSync(join(scratch, "node_modules", scope), { recursive: true });
  symlinkSync(join(REPO, "generated", "ts"), join(scratch, "node_modules", scope, leaf));
  const outfile = join(OUT, "browser", "page.bundle.js");
  await esbuild.build({
    entryPoints: [join(HERE, "browser", "page.js")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    nodePaths: [join(scratch, "node_modules")], // the package; its own imports (zod, re2js) resolve from the repository
    outfile,
    logLevel: "warning",
  });
  return outfile;
}

/** A static server on loopback for the page and its bundle: another origin than the engine's. */
function serveSite(script) {
  const page =
    '<!doctype html><html><head><meta charset="utf-8"><title>contractgen client</title></head><body>' +
    '<h1>Chat</h1><section id="chat"></section><h1>Assist</h1><section id="assist"></section>' +
    '<h1>Packets</h1><section id="packets"></section><pre id="error"></pre>' +
    '<script type="module" src="/page.js"></script></body></html>';
  const server = createServer((req, res) => {
    const path = new URL(req.url, "http://localhost").pathname;
    if (path === "/") res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page);
    else if (path === "/page.js") res.writeHead(200, { "Content-Type": "text/javascript" }).end(readFileSync(script));
    else res.writeHead(404).end();
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server)));
}

/** The body of a whole, unfaulted response of the engine, read without the client. */
async function whole(path, init = {}) {
  const res = await fetch(`${engine.url}${path}`, init);
  assert.equal(res.status, 200, path);
  return res.text();
}

/** The JSON data of each SSE event of a body. */
function sseData(body) {
  return body
    .split(/\n\n/)
    .map((event) => event.split("\n").filter((l) => l.startsWith("data:")))
    .filter((lines) => lines.length > 0)
    .map((lines) => JSON.parse(lines.map((l) => l.slice(5).trimStart()).join("\n")));
}

/** What the engine sends, as the page would render it without faults. */
async function expected() {
  const chatLines = (await whole("/api/chat/message/stream?message_stream_id=expected")).split("\n").filter(Boolean);
  const chat = chatLines
    .map((l) => JSON.parse(l).data)
    .filter((d) => d.type === "message_delta")
    .map((d) => d.delta)
    .join("");
  const assistEvents = sseData(
    await whole("/v1/assist", {
      method: "POST",
      headers: { Accept: "text/event-stream", "Content-Type": "application/json" },
      body: JSON.stringify(ASSIST_BODY),
    }),
  );
  const assist = assistEvents
    .filter((e) => e.type === "ai.coreason.node.stream")
    .map((e) => e.data.chunk)
    .join("");
  const packets = {};
  const packetList = sseData(await whole("/v1/assist"));
  for (const p of packetList) {
    if (p.op === "DELTA") packets[p.stream_id] = (packets[p.stream_id] ?? "") + p.p;
  }
  // The fault cuts the first connection after three items (tests/engine/faults.py,
  // DROP_AFTER_ITEMS): the id a resuming client sends is the third event's.
  const cutAt = { assist: assistEvents[2].id, packets: packetList[2].stream_id };
  return { chat, assist, summary: assistEvents.at(-1).data.output_summary, packets, cutAt };
}

before(async () => {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: scripts/deps.sh all`);
  mkdirSync(OUT, { recursive: true });
  engine = await serveEngine();
  site = await serveSite(await bundle());
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    timeout: 30_000,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
});

after(async () => {
  await browser?.close();
  site?.close();
  engine?.child.kill();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test("the page shows every stream's text whole after a mid-stream reconnection", async () => {
  const want = await expected();
  // The oracle must have read something: an empty text would match an empty page.
  assert.ok(want.chat.length > 0 && want.assist.length > 0 && Object.keys(want.packets).length === 2, want);
  const key = `browser-${randomUUID()}`;
  const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
  const logs = [];
  page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => logs.push(`pageerror: ${e.message}`));
  const { port } = site.address();
  await page.goto(`http://127.0.0.1:${port}/?engine=${encodeURIComponent(engine.url)}&key=${key}`);
  await page.waitForSelector("body[data-state]", { timeout: 30_000 });
  await page.screenshot({ path: join(OUT, "browser.png"), fullPage: true });
  const state = await page.getAttribute("body", "data-state");
  assert.equal(state, "done", `${await page.textContent("#error")}\n${logs.join("\n")}`);

  const shown = async (id) => page.textContent(`#${id}`);
  assert.equal(await shown("chat-text"), want.chat);
  assert.equal(await shown("assist-text"), want.assist);
  assert.equal(await shown("assist-summary"), want.summary);
  for (const [id, text] of Object.entries(want.packets)) assert.equal(await shown(`packets-${id}`), text, id);
  // Each stream was cut and read again: one reconnection each, as the engine saw it too; the
  // SSE streams resumed from the last id the client had read.
  for (const name of ["chat", "assist", "packets"]) assert.equal(await shown(`${name}-reconnects`), "1", name);
  const seen = async (name) => (await fetch(`${engine.url}/_faults/${key}-${name}`)).json();
  assert.deepEqual((await seen("chat")).lastEventIds, [null, null]);
  assert.deepEqual((await seen("assist")).lastEventIds, [null, want.cutAt.assist]);
  assert.deepEqual((await seen("packets")).lastEventIds, [null, want.cutAt.packets]);
  await page.close();
});

// The engine answers a page from another origin: the preflight of a request with headers a
// browser does not send on its own, and the headers a client must read (Retry-After on 429).
test("the engine answers CORS: preflight, Allow-Origin and the exposed Retry-After", async () => {
  const preflight = await fetch(`${engine.url}/v1/assist`, {
    method: "OPTIONS",
    headers: {
      Origin: "http://127.0.0.1:1",
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "content-type,last-event-id",
    },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
  assert.equal(preflight.headers.get("access-control-allow-headers"), "content-type,last-event-id");
  assert.match(preflight.headers.get("access-control-allow-methods"), /\bPOST\b/);
  const limited = await fetch(`${engine.url}/v1/assist`, {
    headers: { Origin: "http://127.0.0.1:1", "X-Engine-Fault": "429", "X-Engine-Fault-Key": randomUUID() },
  });
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get("access-control-allow-origin"), "*");
  assert.match(limited.headers.get("access-control-expose-headers"), /\bRetry-After\b/i);
  // Without Origin (not a browser) the answer is as before.
  const plain = await fetch(`${engine.url}/_faults/none`);
  assert.equal(plain.headers.get("access-control-allow-origin"), null);
});
