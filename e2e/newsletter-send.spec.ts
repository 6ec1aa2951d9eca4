import { createArticle, openEditor, unique } from "./admin-editor.ts";
import { expect, test } from "./fixtures.ts";
import { outboxMail, subscribeInFooter, uniqueEmail } from "./newsletter-helpers.ts";
import { hydrated, newClientContext, signInAsAdmin } from "./site-helpers.ts";

/**
 * Sending an article to its readers in a real browser against the local server, which runs the
 * send in-process after the request (docs/decisions/0163-article-sends.md): a Spanish reader
 * subscribes and confirms, the administrator publishes a Spanish article, sends it from the
 * editor and watches the send finish, and the mail waits in the local outbox.
 */

test("publish, send to subscribers, watch it finish, find the mail in the outbox", async ({ browser }) => {
  const readerContext = await newClientContext(browser);
  const reader = await readerContext.newPage();
  const email = uniqueEmail("lector");
  const footer = await subscribeInFooter(reader, "es", email);
  await expect(footer.getByRole("status")).toBeVisible();

  const adminContext = await newClientContext(browser);
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto("/admin/mensajes");
  const confirmation = outboxMail(admin, email, "Confirma tu suscripción al boletín de CodCRM");
  await expect(confirmation).toHaveCount(1);
  await confirmation.getByText("Ver el correo").click();
  const link = /https?:\/\/\S+\/es\/newsletter\/confirmar\?token=\S+/.exec(await confirmation.innerText());
  expect(link).not.toBeNull();
  const url = new URL(link![0]);
  await reader.goto(url.pathname + url.search);
  await hydrated(reader);
  await reader.getByRole("button", { name: "Confirmar suscripción" }).click();
  await expect(reader.getByRole("main").getByRole("status")).toHaveText(
    "¡Suscripción confirmada! Recibirás nuestras novedades en tu correo.",
  );

  const title = unique("Novedades del mes");
  await admin.goto("/admin/blog");
  await createArticle(admin, { title, published: true });
  const editor = await openEditor(admin, title);
  const section = editor.getByRole("region", { name: "Boletín" });
  // One reader or more, each said as Spanish says it (never "1 suscriptores").
  await expect(
    section.getByText(
      /^(1 suscriptor confirmado del idioma del artículo lo recibiría|([2-9]|\d\d+) suscriptores confirmados del idioma del artículo lo recibirían)\.$/,
    ),
  ).toBeVisible();
  await section.getByRole("button", { name: "Enviar a suscriptores" }).click();
  await section.getByRole("button", { name: "Sí, enviarlo" }).click();
  await expect(section.getByRole("status")).toHaveText(
    /^Enviado: (1 enviado|[2-9] enviados|[1-9]\d+ enviados) · 0 fallidos · 0 omitidos\.$/,
    {
      timeout: 30_000,
    },
  );

  await admin.goto("/admin/mensajes");
  const mail = outboxMail(admin, email, title);
  await expect(mail).toHaveCount(1);
  await mail.getByText("Ver el correo").click();
  // The text part, with the way to the site and the way out.
  await expect(mail).toContainText("Leer en la web: http");
  await expect(mail).toContainText("/es/newsletter/baja?token=");
  await readerContext.close();
  await adminContext.close();
});
