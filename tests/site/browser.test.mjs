// Opens the reference site (contractgen generate --target site) in headless
// Chromium, offline, as a reader would: from the index to a family, from the
// family to an event's page, from there to the stream that carries it. The
// event page's screenshot is checked by its pixels (decoded by Chromium
// itself): text and colour are drawn, not a blank or an error page.
// Run: node --test browser.test.mjs, with
//   CONTRACTGEN_SITE          the site folder (holding index.html)
//   CONTRACTGEN_NODE_MODULES  node_modules with playwright-core
//   CHROMIUM                  the browser (default: /usr/bin/chromium)
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, test } from "node:test";

const site = resolve(process.env.CONTRACTGEN_SITE);
const node_modules = process.env.CONTRACTGEN_NODE_MODULES;
const chromium_path = process.env.CHROMIUM ?? "/usr/bin/chromium";
const { chromium } = await import(pathToFileURL(join(node_modules, "playwright-core/index.mjs")).href);

let context, page, profile;
const requests = [];

before(async () => {
  assert.ok(existsSync(join(site, "index.html")), `${site}/index.html is missing`);
  assert.ok(existsSync(chromium_path), `${chromium_path} is missing: scripts/deps.sh all`);
  profile = mkdtempSync(join(tmpdir(), "contractgen-site-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromium_path, headless: true, timeout: 30_000, viewport: { width: 1280, height: 900 },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  context.setDefaultTimeout(15_000);
  context.on("request", (r) => requests.push(r.url()));
  page = await context.newPage();
});

after(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

// The share of pixels unlike the page's background and the number of
// distinct colours, from a PNG decoded by the browser (a canvas).
async function pixels(png) {
  const probe = await context.newPage();
  try {
    return await probe.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext("2d");
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, img.width, img.height).data;
      const colours = new Set();
      let ink = 0;
      for (let i = 0; i < d.length; i += 4) {
        colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
        if (d[i] + d[i + 1] + d[i + 2] < 600) ink++;
      }
      return { width: img.width, height: img.height, ink: ink / (d.length / 4), colours: colours.size };
    }, png.toString("base64"));
  } finally {
    await probe.close();
  }
}

test("index -> family -> event page -> its stream, with a screenshot of the event page", async () => {
  const config = readFileSync("contractgen.toml", "utf8");
  const version = /^version\s*=\s*"([^"]+)"/m.exec(config)[1];
  await page.goto(pathToFileURL(join(site, "index.html")).href);
  assert.match(await page.title(), new RegExp(`${version.replace(/\./g, "\\.")}$`));
  assert.ok(await page.getByRole("heading", { name: "Operations", exact: true }).isVisible());
  assert.ok(await page.getByRole("heading", { name: "Streams", exact: true }).isVisible());

  await page.getByRole("link", { name: "chat_stream", exact: true }).first().click();
  await page.waitForURL(/chat_stream\/index\.html$/);
  await page.locator("main").getByRole("link", { name: "MessageDelta", exact: true }).click();
  await page.waitForURL(/chat_stream\/MessageDelta\.html$/);

  const heading = (await page.locator("h1").innerText()).trim();
  assert.match(heading, /^MessageDelta\s+object$/);
  const shown = await page.locator("main").innerText();
  for (const needle of ["Where it travels", "Fields", "delta", "required", "Example", "served by GET /api/chat/message/stream"]) {
    assert.ok(shown.includes(needle), `missing on the event page: ${needle}`);
  }
  // The styles were applied (the style sheet loaded from disk): the header bar is dark.
  const bar = await page.locator("header.top").evaluate((e) => getComputedStyle(e).backgroundColor);
  assert.equal(bar, "rgb(24, 38, 61)");

  const shot = await page.screenshot({ path: join(site, "..", "event-page.png"), fullPage: false });
  const p = await pixels(shot);
  assert.deepEqual([p.width, p.height], [1280, 900]);
  assert.ok(p.ink > 0.02 && p.ink < 0.6, `share of drawn pixels: ${p.ink}`);
  assert.ok(p.colours > 50, `distinct colours: ${p.colours}`);

  // From the event to the stream that carries it, on the index page.
  await page.locator("#travels").getByRole("link", { name: /^stream chat_stream\./ }).first().click();
  await page.waitForURL(/index\.html#stream-\d+$/);
  const id = new URL(page.url()).hash.slice(1);
  const stream = await page.locator(`[id="${id}"]`).innerText();
  assert.match(stream, /Each item: chat_stream\.StreamEnvelope/);
  assert.match(stream, /message_delta/);
});

test("nothing is fetched from the network", () => {
  const remote = requests.filter((u) => !u.startsWith("file:") && !u.startsWith("data:"));
  assert.deepEqual(remote, []);
});
