import { expect, test } from "./fixtures.ts";
import { outboxMail, subscribeInFooter, uniqueEmail } from "./newsletter-helpers.ts";
import { hydrated, newClientContext, signedInAdminPage } from "./site-helpers.ts";

/**
 * The local outbox as a developer reads it (docs/decisions/0165-outbox-page.md): a visitor
 * subscribes in the English footer, the confirmation mail is listed at `/_outbox`, and its page
 * shows the headers and the link that confirms.
 */
test("a confirmation mail is read in the local outbox, its link there", async ({ browser }) => {
  const context = await newClientContext(browser);
  const page = await context.newPage();
  const email = uniqueEmail("outbox");
  const footer = await subscribeInFooter(page, "en", email);
  await expect(footer.getByRole("status")).toContainText("Check your inbox to confirm your subscription.");

  await page.goto("/_outbox");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Local outbox");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: "Confirm your subscription to the CodCRM newsletter" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Confirm your subscription to the CodCRM newsletter",
  );
  const headers = page.getByRole("region", { name: "Headers" });
  await expect(headers.getByRole("row", { name: /^To/ }).getByRole("cell")).toHaveText(email);
  await expect(headers.getByRole("row", { name: /^List-Unsubscribe-Post/ }).getByRole("cell")).toHaveText(
    "List-Unsubscribe=One-Click",
  );
  const confirm = page
    .getByRole("region", { name: "Plain-text part" })
    .getByRole("link", { name: /\/en\/newsletter\/confirmar\?token=/ });
  await expect(confirm).toHaveCount(1);

  // The link in the mail opens the English confirmation page (opening it confirms nothing).
  await confirm.click();
  await expect(page).toHaveURL(/\/en\/newsletter\/confirmar\?token=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your newsletter subscription");
  await context.close();
});

// The admin's outbox links each mail to its page here, where the server shows one
// (docs/decisions/0184-outbox-links-from-the-admin.md).
test("from the admin's outbox, a confirmation mail's page opens and its link confirms", async ({ browser }) => {
  const visitor = await newClientContext(browser);
  const email = uniqueEmail("outbox-admin");
  const footer = await subscribeInFooter(await visitor.newPage(), "en", email);
  await expect(footer.getByRole("status")).toContainText("Check your inbox to confirm your subscription.");
  await visitor.close();

  // An administrator on another machine (this context's client address, as CloudFront would
  // send it) gets no link: `/_outbox` would refuse them.
  const { context, page } = await signedInAdminPage(browser);
  await page.goto("/admin/mensajes");
  const mail = outboxMail(page, email, "Confirm your subscription to the CodCRM newsletter");
  const open = mail.getByRole("link", { name: "Abrir como la muestra un buzón (cabeceras, HTML y enlaces)" });
  await expect(mail).toHaveCount(1);
  await expect(mail.getByText("Ver el correo")).toBeVisible();
  await expect(open).toHaveCount(0);

  // A browser on the machine that runs the local server gets one.
  await context.setExtraHTTPHeaders({ "cloudfront-viewer-address": "127.0.0.1:1" });
  await page.reload();
  await open.click();

  await expect(page).toHaveURL(/\/_outbox\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Confirm your subscription to the CodCRM newsletter",
  );
  const headers = page.getByRole("region", { name: "Headers" });
  await expect(headers.getByRole("row", { name: /^To/ }).getByRole("cell")).toHaveText(email);
  await page
    .getByRole("region", { name: "Plain-text part" })
    .getByRole("link", { name: /\/en\/newsletter\/confirmar\?token=/ })
    .click();
  await expect(page).toHaveURL(/\/en\/newsletter\/confirmar\?token=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your newsletter subscription");
  await hydrated(page);
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Subscription confirmed! Our news will arrive in your inbox.",
  );
  await context.close();
});
