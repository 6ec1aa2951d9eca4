import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { outboxMail, subscribeInFooter, uniqueEmail } from "./newsletter-helpers.ts";
import { hydrated, newClientContext, signInAsAdmin } from "./site-helpers.ts";

/**
 * The newsletter's double opt-in in a real browser against the local server (handlers,
 * embedded store, the local outbox): subscribe from the English footer, find the confirmation
 * mail in the admin's outbox, open its link, confirm with the button, then leave by the mail's
 * unsubscribe link.
 */

/** The confirmation and unsubscribe links of the outbox mail to `email`, read as the administrator reads it. */
async function linksFor(admin: Page, email: string): Promise<{ link: URL; leave: URL }> {
  await admin.goto("/admin/mensajes");
  // The team's notice names the address too: the subject tells the reader's mail.
  const mail = outboxMail(admin, email, "Confirm your subscription to the CodCRM newsletter");
  await expect(mail).toHaveCount(1);
  await mail.getByText("Ver el correo").click();
  const text = await mail.innerText();
  const link = /https?:\/\/\S+\/en\/newsletter\/confirmar\?token=\S+/.exec(text);
  const leave = /https?:\/\/\S+\/en\/newsletter\/baja\?token=\S+/.exec(text);
  expect(link, text).not.toBeNull();
  expect(leave, text).not.toBeNull();
  return { link: new URL(link![0]), leave: new URL(leave![0]) };
}

test("subscribe from the English footer, open the mail's link from the outbox, confirm on the English page", async ({
  browser,
}) => {
  const visitorContext = await newClientContext(browser);
  const visitor = await visitorContext.newPage();
  const email = uniqueEmail();
  const footer = await subscribeInFooter(visitor, "en", email);
  await expect(footer.getByRole("status")).toHaveText("Check your inbox to confirm your subscription.");

  const adminContext = await newClientContext(browser);
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  const { link, leave } = await linksFor(admin, email);
  // The subscription as the subscribers screen lists it.
  await admin.goto("/admin/suscriptores");
  const subscriber = admin
    .getByRole("list", { name: "Suscripciones" })
    .getByRole("listitem")
    .filter({ hasText: email });
  await expect(subscriber.getByTestId("subscriber-state")).toHaveText("Pendiente de confirmar");

  // Opening the page confirms nothing: the button does.
  await visitor.goto(link.pathname + link.search);
  await hydrated(visitor);
  await expect(visitor.locator("html")).toHaveAttribute("lang", "en");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Confirm your newsletter subscription");
  await admin.reload();
  await expect(subscriber.getByTestId("subscriber-state")).toHaveText("Pendiente de confirmar");

  await visitor.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(visitor.getByRole("main").getByRole("status")).toHaveText(
    "Subscription confirmed! Our news will arrive in your inbox.",
  );
  await admin.reload();
  await expect(subscriber.getByTestId("subscriber-state")).toHaveText("Confirmada");

  // The same link again: used, said in English, with the form to subscribe again.
  await visitor.reload();
  await hydrated(visitor);
  await visitor.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(visitor.getByRole("main").getByRole("status").first()).toHaveText(
    "This confirmation link was already used: your subscription was already confirmed.",
  );
  await expect(visitor.getByText("Subscribe again and we will send you a new link:")).toBeVisible();

  // A tampered link: not valid, never an error page.
  await visitor.goto(`${link.pathname}?token=${link.searchParams.get("token")!.slice(0, -3)}xyz`);
  await hydrated(visitor);
  await visitor.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(visitor.getByText("This confirmation link is not valid.", { exact: false })).toBeVisible();

  // The mail's visible unsubscribe link: an English page whose button lets the reader go.
  await visitor.goto(leave.pathname + leave.search);
  await hydrated(visitor);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from the newsletter");
  await admin.reload();
  await expect(subscriber.getByTestId("subscriber-state")).toHaveText("Confirmada");
  await visitor.getByRole("button", { name: "Unsubscribe me" }).click();
  await expect(visitor.getByRole("main").getByRole("status").first()).toHaveText(
    "You have unsubscribed. You will receive no more newsletters from us.",
  );
  await expect(visitor.getByText("Was that a mistake? You can subscribe again:")).toBeVisible();
  await admin.reload();
  await expect(subscriber.getByTestId("subscriber-state")).toHaveText("Dada de baja");
  await visitorContext.close();
  await adminContext.close();
});
