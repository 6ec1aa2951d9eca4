import { expect, test } from "./fixtures.ts";
import { subscribeInFooter, uniqueEmail } from "./newsletter-helpers.ts";
import { newClientContext } from "./site-helpers.ts";

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
  await expect(footer.getByRole("status")).toContainText("Almost there!");

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
