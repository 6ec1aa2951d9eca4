/**
 * `npx tsx scripts/screenshots.ts`: full-page screenshots of the landing page in every
 * language at phone (390 px) and desktop (1280 px) widths, into docs/screenshots/. Uses the
 * built site (built first when missing) served by the local server with the demo content.
 */
import { existsSync, mkdirSync } from "node:fs";
import { execSync } from "node:child_process";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { APP_SHELL_FILE } from "@codcrm/core/site/app-shell";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";
import { DEFAULT_WEB_ROOT, REPO_ROOT, startLocalServer } from "@codcrm/local/server";

const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];
const out = path.join(REPO_ROOT, "docs/screenshots");

if (!existsSync(path.join(DEFAULT_WEB_ROOT, APP_SHELL_FILE)))
  execSync("npm run build", { cwd: REPO_ROOT, stdio: "inherit" });
mkdirSync(out, { recursive: true });

/**
 * A full-page capture shows the page as one tall screen, but parts below the first screen
 * use `content-visibility: auto` (the `below-the-fold` classes in web/app/app.css) and lazy
 * images: the browser skips them until they come near, and the capture would show blank
 * bands. Render everything and load every image first.
 */
async function renderWholePage(page: Page) {
  await page.addStyleTag({ content: "*, *::before, *::after { content-visibility: visible !important; }" });
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const image of images) image.loading = "eager";
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  });
}

const server = await startLocalServer({ port: 0, dataDir: null });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const language of LANGUAGES) {
    for (const size of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      await page.goto(`${server.url}/${language}`, { waitUntil: "networkidle" });
      await page.locator("#blog ul li a").first().waitFor();
      await renderWholePage(page);
      const file = path.join(out, `landing-${language}-${size.name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(path.relative(REPO_ROOT, file));
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
