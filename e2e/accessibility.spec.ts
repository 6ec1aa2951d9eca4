/// <reference lib="dom" />
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures.ts";
import { hydrated, openDialog } from "./site-helpers.ts";

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
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(path);
      await hydrated(page);
      if (path === "/es" || path === "/en") await expect(page.locator("#blog ul li a")).toHaveCount(3);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
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
  const results = await new AxeBuilder({ page }).include("dialog").analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await context.close();
});
