/// <reference lib="dom" />
import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./axe.ts";
import { hydrated } from "./site-helpers.ts";

test("the contact dialog: opened by the header button or the window event, closed by X or Escape, focus returns", async ({
  page,
}) => {
  await page.goto("/es/servicios");
  await hydrated(page);
  const opener = page.getByRole("banner").getByRole("button", { name: "Contacto" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Contacta con nosotros" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Nombre" })).toBeVisible();
  // Focus stays inside while tabbing.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.evaluate(() => window.dispatchEvent(new Event("openContactForm")));
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(dialog).toBeHidden();
});

test("header and footer links carry the language prefix", async ({ page }) => {
  await page.goto("/pt");
  const links = await page
    .locator("header a[href^='/'], footer a[href^='/']")
    .evaluateAll((anchors) =>
      anchors.map((a) => ({ href: a.getAttribute("href") ?? "", hreflang: a.getAttribute("hreflang") })),
    );
  expect(links.length).toBeGreaterThan(15);
  // Every link stays in Portuguese, except the language selector's, which lead to the same page in es/en.
  for (const { href, hreflang } of links) expect(href).toMatch(new RegExp(`^/${hreflang ?? "pt"}(/|$)`));
  expect(new Set(links.filter((l) => l.hreflang).map((l) => l.hreflang))).toEqual(new Set(["es", "en", "pt"]));
  await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} CodCRM`);
});

test("the footer's stand-in height, used until it is rendered, covers all of it at every width and in every language", async ({
  browser,
}) => {
  // app.css defers the dark footer; its text is checked against its background only where it
  // lies within the stand-in (axe, Lighthouse). One load per language, then the widths: the
  // page has no script here, so resizing lays it out as loading it at that width would.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const lang of ["es", "en", "pt"]) {
    await page.goto(`/${lang}/blog`);
    for (const width of [280, 390, 767, 768, 1023, 1024, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const { deferred, standIn, height } = await page.getByRole("contentinfo").evaluate((footer) => {
        const style = getComputedStyle(footer);
        const deferred = style.contentVisibility === "auto";
        const standIn = parseFloat(style.containIntrinsicHeight.replace("auto", ""));
        footer.style.contentVisibility = "visible";
        const height = footer.getBoundingClientRect().height;
        footer.style.contentVisibility = "";
        return { deferred, standIn, height };
      });
      expect(deferred).toBe(true);
      expect(height, `/${lang} at ${width}px`).toBeGreaterThan(200);
      expect(height, `/${lang} at ${width}px`).toBeLessThanOrEqual(standIn);
    }
  }
  await context.close();
});

test("the footer's text is read against its dark colour while the footer is not rendered, whatever height its box has then", async ({
  browser,
}) => {
  // A box not rendered is its stand-in, or the height it had when last rendered, which can be
  // less than it has now; a colour check that reads it then finds the page's white below that
  // box. Its text sits in boxes that carry the dark colour themselves
  // (docs/decisions/0215-the-footers-text-on-its-own-dark-boxes.md).
  // Desktop's width; a low window, so that the footer stays far from it and is never rendered.
  const context = await browser.newContext({ viewport: { width: 1350, height: 300 } });
  const page = await context.newPage();
  await page.goto("/pt/blog");
  const footer = page.getByRole("contentinfo");
  await footer.evaluate((element) => (element.style.containIntrinsicSize = "8rem"));
  const skipped = () =>
    footer.evaluate((element) => !element.querySelector("p")!.checkVisibility({ contentVisibilityAuto: true }));
  expect(await skipped(), "the footer is not rendered yet").toBe(true);
  expect(await axeViolations(page, { include: "footer", tags: ["wcag2aa"] })).toEqual([]);
  expect(await skipped(), "the footer was read while not rendered").toBe(true);
  await context.close();
});

test("every path change starts at the top of the page", async ({ page }) => {
  await page.goto("/es");
  await hydrated(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacidad", exact: true }).click();
  await expect(page).toHaveURL(/\/es\/privacidad$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens and closes with the keyboard and returns focus", async ({ page }) => {
    await page.goto("/en");
    await hydrated(page);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(page.getByRole("banner").getByRole("link", { name: "Services" })).toBeHidden();
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    const services = page.getByRole("banner").getByRole("link", { name: "Services" });
    await expect(services).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(services).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(services).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    await page.keyboard.press("Enter");
    await page.getByRole("banner").getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/en\/blog$/);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");

    // Left open on a page, it is closed on the next one, and still closed on coming back.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    await page.goForward();
    await expect(page).toHaveURL(/\/en\/blog$/);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });
});
