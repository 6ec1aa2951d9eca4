import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures.ts";
import { newClientContext, signInAsAdmin } from "./site-helpers.ts";

/**
 * The subscribers view in a real browser (docs/decisions/0169-subscribers-view-and-csv.md,
 * 0168): counts, filters, the CSV download, and a person's erasure after the confirmation.
 */
test("the administrator narrows the subscribers, downloads the CSV and erases a person after confirming", async ({
  browser,
}) => {
  const email = `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const context = await newClientContext(browser);
  const admin = await context.newPage();
  const subscribed = await admin.request.post("/api/newsletter", { data: { email, language: "pt" } });
  expect(subscribed.ok()).toBe(true);

  await signInAsAdmin(admin);
  await admin
    .getByRole("navigation", { name: "Secciones de administración" })
    .getByRole("link", {
      name: "Suscriptores",
    })
    .click();
  await expect(admin).toHaveURL(/\/admin\/suscriptores$/);
  await expect(admin).toHaveTitle(/Suscriptores/);
  const counts = admin.getByRole("table", { name: "Suscripciones por idioma y estado" });
  const portuguese = counts.getByRole("row", { name: /Portugués/ });
  // Pending is the first state column.
  expect(Number(await portuguese.getByRole("cell").first().innerText())).toBeGreaterThanOrEqual(1);

  await admin.getByLabel("Idioma").selectOption("pt");
  await admin.getByLabel("Estado").selectOption("pending");
  const list = admin.getByRole("list", { name: "Suscripciones" });
  await expect(list.getByRole("listitem").filter({ hasText: email })).toHaveCount(1);
  await admin.getByLabel("Estado").selectOption("confirmed");
  await expect(list.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);

  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByRole("button", { name: "Descargar CSV de confirmados" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^suscriptores-confirmados-portugues-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("email,language,consent_at,confirmed_at,consent_text_version");
  expect(csv).not.toContain(email);

  await admin.getByLabel("Estado").selectOption("pending");
  await admin.getByLabel("Correo electrónico").fill(email);
  await admin.getByRole("button", { name: "Borrar datos" }).click();
  const question = admin.getByRole("alertdialog", { name: `¿Borrar todos los datos de ${email}?` });
  await question.getByRole("button", { name: "Cancelar" }).click();
  await expect(list.getByRole("listitem").filter({ hasText: email })).toHaveCount(1);

  await admin.getByRole("button", { name: "Borrar datos" }).click();
  await question.getByRole("button", { name: "Borrar definitivamente" }).click();
  await expect(admin.getByText(new RegExp(`Datos de ${email.replace(/[.]/g, "\\.")} borrados`))).toBeVisible();
  await expect(list.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
});
