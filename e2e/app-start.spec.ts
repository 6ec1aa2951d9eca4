/// <reference lib="dom" />
import { expect, test } from "./fixtures.ts";
import {
  clickWhenStill,
  collectErrors,
  hydrated,
  openWithAppHeld,
  openWithStartSteps,
  readLocale,
  startApp,
} from "./site-helpers.ts";

const es = readLocale("es") as {
  footer: { newsletter: { emailLabel: string } };
  nav: { openMenu: string; closeMenu: string; label: string; blog: string; contact: string };
  contactDialog: { title: { contact: string }; close: string };
  contact: { fields: { name: string; message: string } };
};

/**
 * When the app starts (web/start/start-app.js): a prerendered page on the visitor's first
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
    // No script file of the app (the start script is in the page; the app's chunks and React
    // Router's data, in the page's module, come when the app starts), nor the page's strings
    // (docs/decisions/0185-no-app-requests-at-load.md). The speed module, when the browser is
    // idle after the load, is the start script's own, not the app's (docs/decisions/0402-real-visitors-web-vitals.md).
    const appRequests = () =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType("resource")
            .filter(
              (entry) => /\.js$|\/assets\/es-[\w-]+\.json$/.test(entry.name) && !/\/assets\/vitals-/.test(entry.name),
            ).length,
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

  // What a phone's visitor presses first: the page's buttons and its menu.
  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 800 } });

    test("a button that needs the app, clicked before the app has started, does its work once it has", async ({
      page,
    }) => {
      const errors = collectErrors(page);
      // The app is on its way but its entry is held: the click lands on the HTML alone.
      const release = await openWithAppHeld(page, "/es");
      await clickWhenStill(page.locator("section[aria-labelledby=cta-heading]").getByRole("button"));
      await expect(page.getByRole("dialog")).toHaveCount(0);
      release();
      await expect(page.getByRole("dialog", { name: "Solicita una demo" })).toBeVisible();
      expect(errors).toEqual([]);
    });

    // The start waits twice, for its entry and for the page's strings (web/start/README.md): in the
    // gaps the browser answers input, and what a visitor does there must not be lost.
    test("the menu button pressed while the app waits for its strings opens the menu at once, and the app keeps it open", async ({
      page,
    }) => {
      const errors = collectErrors(page);
      const steps = await openWithStartSteps(page, "/es");
      await steps.heldAt(1);
      await steps.release();
      await steps.heldAt(2);
      const menuButton = page.getByRole("banner").getByRole("button", { name: es.nav.openMenu });
      const menu = page.getByRole("banner").getByRole("navigation", { name: es.nav.label });
      await menuButton.click();
      // The panel is in the page: the start script opens it as it is pressed, without the app
      // (docs/decisions/0207-first-interaction-answered-first.md), and its links work.
      await expect(menuButton).toHaveAttribute("aria-expanded", "true");
      await expect(menu.getByRole("link", { name: es.nav.blog })).toBeVisible();
      await steps.release();
      await hydrated(page);
      // The app takes it over open, and closes it as its own.
      const closeButton = page.getByRole("banner").getByRole("button", { name: es.nav.closeMenu });
      await expect(closeButton).toHaveAttribute("aria-expanded", "true");
      await closeButton.click();
      await expect(menu).toBeHidden();
      await expect(page.getByRole("banner").getByRole("button", { name: es.nav.openMenu })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
      expect(errors).toEqual([]);
    });

    test("the menu opened and closed again before the app starts stays closed once it has", async ({ page }) => {
      const errors = collectErrors(page);
      const steps = await openWithStartSteps(page, "/es");
      await steps.heldAt(1);
      const menuButton = page.getByRole("banner").getByRole("button", { name: es.nav.openMenu });
      await menuButton.click();
      await expect(menuButton).toHaveAttribute("aria-expanded", "true");
      await menuButton.click();
      await expect(menuButton).toHaveAttribute("aria-expanded", "false");
      await steps.release();
      await steps.heldAt(2);
      await steps.release();
      await hydrated(page);
      await expect(page.getByRole("banner").getByRole("navigation", { name: es.nav.label })).toBeHidden();
      await menuButton.click();
      await expect(page.getByRole("banner").getByRole("button", { name: es.nav.closeMenu })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });

  // The contact dialog is in the page, closed: "Contacto" opens it without the app
  // (docs/decisions/0209-contact-dialog-opens-before-the-app.md).
  test("Contacto clicked before the app has started opens the dialog at once; what is typed there stays, and the app closes it as its own", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const release = await openWithAppHeld(page, "/es");
    const opener = page.getByRole("banner").getByRole("button", { name: es.nav.contact });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: es.contactDialog.title.contact });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(es.contact.fields.name).fill("Ana Antes");
    await dialog.getByLabel(es.contact.fields.message).fill("Escrito antes de la app");
    release();
    await hydrated(page);
    await expect(dialog.getByLabel(es.contact.fields.message)).toHaveValue("Escrito antes de la app");
    await expect(dialog.getByLabel(es.contact.fields.name)).toHaveValue("Ana Antes");
    await dialog.getByRole("button", { name: es.contactDialog.close }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // Opened again by the app: a fresh form.
    await opener.click();
    await expect(dialog.getByLabel(es.contact.fields.name)).toHaveValue("");
    expect(errors).toEqual([]);
  });

  test("the contact dialog opened and closed with Escape before the app has started stays closed once it has", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const release = await openWithAppHeld(page, "/es");
    const opener = page.getByRole("banner").getByRole("button", { name: es.nav.contact });
    const dialog = page.getByRole("dialog", { name: es.contactDialog.title.contact });
    await opener.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    release();
    await hydrated(page);
    await expect(dialog).toBeHidden();
    await opener.click();
    await expect(dialog).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("text typed into a field across the gaps of the start is kept, with the focus", async ({ page }) => {
    const errors = collectErrors(page);
    const steps = await openWithStartSteps(page, "/es");
    const field = page.getByRole("contentinfo").getByLabel(es.footer.newsletter.emailLabel);
    await steps.heldAt(1);
    await field.scrollIntoViewIfNeeded();
    await field.pressSequentially("entre-");
    await steps.release();
    await steps.heldAt(2);
    await page.keyboard.type("pasos@example.com");
    await steps.release();
    await hydrated(page);
    await expect(field).toHaveValue("entre-pasos@example.com");
    await expect(field).toBeFocused();
    expect(errors).toEqual([]);
  });

  test("a message put into /contacto by a programmatic fill right after the first pointer move survives the start", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    // The app's entry held until the form is filled: the fill lands between the start and the
    // hydration, as an autofill or a paste after the first mouse move does.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto("/es/contacto");
    await page.mouse.move(200, 300);
    await expect.poll(() => asked).toBe(true);
    const form = page.getByRole("main").locator("form");
    const message = "Vendemos 300 pedidos al mes contra reembolso.";
    await form.getByLabel("Nombre").fill("Lucía Pérez");
    await form.getByLabel("Correo electrónico").fill(`rellenado-${Date.now()}@example.com`);
    await form.getByLabel("Empresa").fill("Tienda Lucía");
    await form.getByLabel("Teléfono").fill("+34 600 000 000");
    await form.getByLabel("Mensaje").fill(message);
    await form.getByRole("checkbox").check();
    release();
    await hydrated(page);
    await expect(form.getByLabel("Mensaje")).toHaveValue(message);
    await expect(form.getByLabel("Nombre")).toHaveValue("Lucía Pérez");
    // What the form sends is what the fields show: no field is empty to the app.
    await form.getByRole("button", { name: /Enviar/ }).click();
    await expect(form.getByRole("status")).toHaveText("¡Gracias por contactarnos! Te responderemos pronto.");
    await expect(page.getByText("Este campo es obligatorio.")).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("a link clicked between the steps of the start opens its page", async ({ page }) => {
    const errors = collectErrors(page);
    const steps = await openWithStartSteps(page, "/es");
    await steps.heldAt(1);
    await steps.release();
    await steps.heldAt(2);
    // The HTML's own link: the browser follows it, the app not having the page yet.
    await page.getByRole("main").locator('a[href="/es/servicios/almacen"]').first().click();
    await expect(page).toHaveURL(/\/es\/servicios\/almacen$/);
    // A page of its own: its start is held too (the steps' hold is on every page of this test).
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
