/// <reference lib="dom" />
import { expect, test } from "./fixtures.ts";
import { collectErrors, hydrated, openWithAppHeld, startApp } from "./site-helpers.ts";

/**
 * When the app starts (web/build-steps/start-app.js): a prerendered page on the visitor's first
 * interaction (docs/decisions/0177-app-starts-on-first-interaction.md); the app shell, which has
 * nothing to paint, at once.
 */
test.describe("app start", () => {
  test("the app shell starts at once: the admin login form appears without any interaction", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/admin/login");
    // Within the usual wait: on a quiet machine it takes well under a second (npm run bench measures it).
    await expect(page.getByLabel("Contraseña")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("an unprefixed path and an alias reach their page", async ({ page }) => {
    for (const [path, heading] of [
      ["/servicios", /./],
      ["/legal/rgpd", "Política de privacidad"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await hydrated(page);
    }
  });

  test("a prerendered page requests no script and none of the app's files until the visitor interacts, then starts", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    // No script file at all (the start script is in the page; the app's chunks and React
    // Router's data, in the page's module, come when the app starts), nor the page's strings
    // (docs/decisions/0185-no-app-requests-at-load.md).
    const appRequests = () =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType("resource")
            .filter((entry) => /\.js$|\/assets\/es-[\w-]+\.json$/.test(entry.name)).length,
      );
    await page.goto("/es/servicios");
    // Loaded, painted and quiet: nothing of the app was requested.
    await page.waitForLoadState("networkidle");
    expect(await appRequests()).toBe(0);
    expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(false);
    // One key press, and the app starts.
    await startApp(page);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    expect(await appRequests()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test("a button that needs the app, clicked before the app has started, does its work once it has", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width: 390, height: 800 });
    // The app is on its way but its entry is held: the click lands on the HTML alone.
    const release = await openWithAppHeld(page, "/es");
    await page.locator("section[aria-labelledby=cta-heading]").getByRole("button").click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    release();
    await expect(page.getByRole("dialog", { name: "Solicita una demo" })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
