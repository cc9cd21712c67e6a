// Opens the API reference page rendered by `redocly build-docs` (CMake target
// api-docs -> <build>/api-docs/index.html) in headless Chromium, offline, and
// checks what a reader sees: the POST /v1/assist operation, both media types of
// its 200 response (switching to text/event-stream shows the event's fields),
// the chat stream, and the event schemas under "Schemas". Saves screenshots
// next to the page. Run: node --test api_docs.test.mjs (env below).
//   CONTRACTGEN_API_DOCS   the page (default: <repo>/build/api-docs/index.html)
//   CONTRACTGEN_NODE_MODULES  node_modules with playwright-core (default: <repo>/node_modules)
//   CHROMIUM               the browser (default: /usr/bin/chromium)
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { after, before, test } from "node:test";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const page_path = resolve(process.env.CONTRACTGEN_API_DOCS ?? join(root, "build/api-docs/index.html"));
const node_modules = process.env.CONTRACTGEN_NODE_MODULES ?? join(root, "node_modules");
const chromium_path = process.env.CHROMIUM ?? "/usr/bin/chromium";
const shots = dirname(page_path);
const { chromium } = await import(pathToFileURL(join(node_modules, "playwright-core/index.mjs")).href);

let context;
let page;
let profile;
const external = [];

before(async () => {
  assert.ok(existsSync(page_path), `${page_path} is missing: cmake --build <build> --target api-docs`);
  assert.ok(existsSync(chromium_path), `${chromium_path} is missing: scripts/deps.sh apt`);
  profile = mkdtempSync(join(tmpdir(), "contractgen-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromium_path,
    headless: true,
    timeout: 30_000,
    viewport: { width: 1400, height: 1000 },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  context.setDefaultTimeout(15_000);
  // The machine is offline and the page must not need the network: every
  // request that leaves file:/data:/blob: is refused and recorded.
  await context.route(/^(https?|wss?):/, (route) => {
    external.push(`${route.request().resourceType()} ${route.request().url()}`);
    return route.abort();
  });
  page = await context.newPage();
  await page.goto(pathToFileURL(page_path).href);
  await page.getByText("Coreason agent transport and event streams").first().waitFor();
});

after(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

const text = () => page.evaluate(() => document.body.innerText);

test("the page is self-contained: scripts and styles are inlined", async () => {
  // Redoc's "API docs by Redocly" badge is a remote <img> that hides itself
  // when it cannot load; nothing else may come from the network.
  const needed = external.filter((r) => !r.startsWith("image "));
  assert.deepEqual(needed, [], "requests the page needed from the network");
  assert.ok(statSync(page_path).size > 500_000, "the Redoc bundle is inlined");
});

test("POST /v1/assist with both response media types and the SSE event's fields", async () => {
  await page.getByRole("link", { name: "assist", exact: true }).click();
  await page.getByRole("link", { name: /Ask an agent/ }).first().click();
  await page.waitForURL(/#\/assist\/assist$/);
  await page.getByText("The Public API Contract that every compatible engine exposes").first().waitFor();
  let shown = await text();
  assert.match(shown, /POST\s+\/v1\/assist/);
  assert.match(shown, /Content-type discriminators/);
  assert.match(shown, /application\/vnd\.coreason\.stream\+json/);
  assert.match(shown, /event: /, "the SSE framing is described");

  // The 200 response: a media type selector offering both delivery modes.
  const selector = page.locator('[data-testid="dropdown-item-media-type"]').first();
  assert.equal((await selector.innerText()).trim(), "application/json");
  await selector.click();
  const options = (await page.getByRole("menuitem").allInnerTexts()).map((s) => s.trim());
  assert.ok(options.includes("application/json") && options.includes("text/event-stream"), `media types: ${options}`);
  await page.getByRole("menuitem").filter({ hasText: "text/event-stream" }).first().click();
  await page.locator('[data-testid="dropdown-item-media-type"]').filter({ hasText: "text/event-stream" }).first().waitFor();
  shown = await text();
  // The per-event schema: a ServerSentEvent's three members, each with its contract description.
  for (const needle of ["The event type", "MUST be a JSON string of the CloudEvent", "The unique ID of the event"]) {
    assert.ok(shown.includes(needle), `missing on the page: ${needle}`);
  }
  assert.match(shown, /ai\.coreason\.node\.stream/, "the example events are shown");
  await page.screenshot({ path: join(shots, "assist.png"), fullPage: true });
});

test("the chat stream operation is shown", async () => {
  await page.getByRole("link", { name: "chat_stream", exact: true }).click();
  await page.getByRole("link", { name: /Stream the events of a chat message/ }).first().click();
  await page.waitForURL(/#\/chat_stream\/.+/);
  await page.getByText("one StreamEnvelope").first().waitFor();
  const shown = await text();
  assert.match(shown, /message_stream_id/);
  assert.match(shown, /X-Gradient-Browser-Client/, "the seed's request headers are shown");
  assert.match(shown, /X-Accel-Buffering/, "the seed's response headers are shown");
  assert.match(shown, /application\/x-ndjson/);
});

test("the event schemas are shown under Schemas", async () => {
  await page.getByRole("link", { name: "Schemas", exact: true }).first().click();
  await page.waitForURL(/#\/schemas$/);
  const more = page.getByRole("button", { name: /^Show \d+ more/ });
  if (await more.count()) await more.first().click();
  const link = (name) => page.getByRole("link", { name: new RegExp(`^${name.replace(".", "\\.")}\\b`) }).first();
  for (const name of ["assist.ServerSentEvent", "cloudevents.CloudEvent", "chat_stream.StreamEnvelope", "chat_stream.StreamEvent"]) {
    await link(name).waitFor();
  }
  await link("cloudevents.CloudEvent").click();
  await page.waitForURL(/cloudevent$/);
  await page.getByText("The version of the CloudEvents specification").first().waitFor();
  const shown = await text();
  for (const needle of ["specversion", "datacontenttype", "A CloudEvents v1.0 event"]) {
    assert.ok(shown.includes(needle), `missing on the CloudEvent page: ${needle}`);
  }
  await page.screenshot({ path: join(shots, "cloudevent.png"), fullPage: false });
  await link("chat_stream.StreamEvent").click();
  await page.waitForURL(/streamevent$/);
  await page.getByText("One chat-stream event: the union of all 26 event types").first().waitFor();
  await page.screenshot({ path: join(shots, "screenshot.png"), fullPage: false });
});
