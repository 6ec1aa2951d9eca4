/// <reference lib="dom" />
import { expect, test } from "./fixtures.ts";
import {
  clickWhenStill,
  collectErrors,
  hydrated,
  newClientContext,
  openWithAppHeld,
  readLocale,
} from "./site-helpers.ts";

/**
 * React hydrates the page in parts, each Suspense boundary on its own
 * (docs/decisions/0203-hydration-in-parts-by-react.md): what a visitor does in a part before
 * it is hydrated still counts.
 */

const en = readLocale("en") as {
  footer: { newsletter: { emailLabel: string; submit: string } };
  newsletter: { thanks: string };
};

test("a footer field typed into before the app starts keeps its text and focus, and sends what was typed", async ({
  browser,
}) => {
  const context = await newClientContext(browser);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const release = await openWithAppHeld(page, "/en");
  const field = page.getByRole("contentinfo").getByLabel(en.footer.newsletter.emailLabel);
  const address = `early-${Date.now()}@example.com`;
  await field.scrollIntoViewIfNeeded();
  await field.pressSequentially(address);
  release();
  await hydrated(page);
  await expect(field).toHaveValue(address);
  await expect(field).toBeFocused();
  // Typing goes on where it stopped, into the hydrated form.
  await page.keyboard.press("Backspace");
  await page.keyboard.type("m");
  await expect(field).toHaveValue(address);
  const posted = page.waitForRequest("**/api/newsletter");
  await page.keyboard.press("Enter");
  expect((await posted).postDataJSON()).toMatchObject({ email: address, language: "en" });
  await expect(page.getByRole("contentinfo").getByRole("status")).toHaveText(en.newsletter.thanks);
  expect(errors).toEqual([]);
  await context.close();
});

test("a button at the end of a page works on the first click, hydrated or not yet", async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/es");
  await hydrated(page);
  // The closing band is far below the first screen: scrolled to, it is pressed as soon as it holds still.
  await clickWhenStill(page.locator("section[aria-labelledby=cta-heading]").getByRole("button"));
  await expect(page.getByRole("dialog", { name: "Solicita una demo" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the parts below the first screen keep the HTML they came with until they come near", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/es");
  await hydrated(page);
  // Still the server's elements: hydrating adopts them, rendering anew would replace them.
  const pricing = await page.locator("#precios").elementHandle();
  await page.locator("#precios").scrollIntoViewIfNeeded();
  await page.locator("#precios").getByRole("button").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await pricing!.evaluate((element) => element.isConnected)).toBe(true);
});

test("a link clicked before the app starts opens its page, and after the app starts the same link stays in the app", async ({
  page,
}) => {
  const errors = collectErrors(page);
  const release = await openWithAppHeld(page, "/es");
  const footerLink = () => page.getByRole("contentinfo").getByRole("link", { name: "Sobre nosotros" });
  // Before the app: the HTML link loads the page from the server, as a plain link does.
  await footerLink().click();
  await expect(page).toHaveURL(/\/es\/sobre-nosotros$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  release();
  await hydrated(page);
  // After the app: the same kind of link navigates inside it, without loading a document.
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  await page.getByRole("contentinfo").getByRole("link", { name: "Precios" }).click();
  await expect(page).toHaveURL(/\/es\/precios$/);
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  expect(errors).toEqual([]);
});

test("a link pressed on a blog page while the app takes it over still opens on release", async ({ page }) => {
  const errors = collectErrors(page);
  const release = await openWithAppHeld(page, "/es/blog");
  // The page as the server wrote it, and in it the header's link to the Portuguese blog.
  const link = page
    .getByRole("banner")
    .getByRole("navigation", { name: "Idioma" })
    .getByRole("link", { name: "Português" });
  const box = await link.boundingBox();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.mouse.down();
  // The app takes the page over while the button is down: the same link, adopted, not replaced.
  release();
  await hydrated(page);
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  await page.mouse.up();
  await expect(page).toHaveURL(/\/pt\/blog$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  expect(errors).toEqual([]);
});
