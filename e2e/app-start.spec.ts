/// <reference lib="dom" />
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { collectErrors, hydrated } from "./site-helpers.ts";

/**
 * When the app starts (web/build-steps/start-app.js): a prerendered page after its first
 * contentful paint; the app shell, which has nothing to paint, at once. The start script's
 * fallback timer is set ten minutes off here: a page that waited for it would never start.
 */
async function withoutFallbackTimer(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { __appStartFallbackMs: number }).__appStartFallbackMs = 600_000;
  });
}

test.describe("app start", () => {
  test("the app shell starts at once: the admin login form appears without the fallback timer", async ({ page }) => {
    const errors = collectErrors(page);
    await withoutFallbackTimer(page);
    await page.goto("/admin/login");
    // Within the usual wait, far below the ten minutes: on a quiet machine it takes well under
    // a second (npm run bench measures it).
    await expect(page.getByLabel("Contraseña")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("an unprefixed path and an alias reach their page without the fallback timer", async ({ page }) => {
    await withoutFallbackTimer(page);
    for (const [path, heading] of [
      ["/servicios", /./],
      ["/legal/rgpd", "Política de privacidad"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await hydrated(page);
    }
  });

  test("a prerendered page still starts after its first contentful paint, and not on the timer", async ({ page }) => {
    await withoutFallbackTimer(page);
    await page.goto("/es/servicios");
    await hydrated(page);
    const { paint, firstScript } = await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]!.startTime;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/(entry\.client|site|root)-[\w-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime);
      return { paint: fcp, firstScript: Math.min(...scripts) };
    });
    expect(firstScript).toBeGreaterThanOrEqual(paint);
  });
});
