/// <reference lib="dom" />
import { axeViolations, WCAG_AND_BEST_PRACTICE } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { hydrated, hydratedAtWidth, openDialog } from "./site-helpers.ts";

// Scans that only read pages: they spread over the workers (docs/testing.md).
test.describe.configure({ mode: "parallel" });

// One page per template built on the foundation: landing, simple page, page not found. The
// services index is scanned at both widths with the other marketing templates
// (marketing-pages.spec.ts): the same page, width and rules scanned here again found nothing
// more and cost a context, a load and a scan twice (docs/testing.md).
const PAGES = ["/es", "/en", "/pt/precios", "/en/no-such-page"];

for (const width of [1280, 390]) {
  for (const path of PAGES) {
    test(`${path} at ${width}px has no axe violations`, async ({ browser }) => {
      const { context, page } = await hydratedAtWidth(browser, path, width);
      if (path === "/es" || path === "/en") await expect(page.locator("#blog ul li a")).toHaveCount(3);
      expect(await axeViolations(page, { tags: WCAG_AND_BEST_PRACTICE })).toEqual([]);
      await context.close();
    });
  }
}

test("the open contact dialog has no axe violations", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/es");
  await hydrated(page);
  await openDialog(page, () => page.evaluate(() => window.dispatchEvent(new Event("openContactForm"))));
  expect(await axeViolations(page, { include: "dialog" })).toEqual([]);
  await context.close();
});

// Every scan of the suite expects no violation: this one proves the scan (e2e/axe.ts) still
// finds them, in the whole page and only within what `include` names.
test("the scan reports what is wrong, and only within what it is given", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="es"><head><title>Prueba</title></head><body>
    <main><h1>Prueba</h1><p style="color:#ccc;background:#fff">Texto sin contraste</p></main>
    <dialog open aria-label="Diálogo"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></dialog>
  </body></html>`);
  expect(await axeViolations(page, { tags: WCAG_AND_BEST_PRACTICE })).toEqual(["color-contrast: p", "image-alt: img"]);
  expect(await axeViolations(page, { include: "dialog" })).toEqual(["image-alt: img"]);
});
