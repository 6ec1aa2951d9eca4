import { E2E_ADMIN_EMAIL } from "../playwright.config.ts";
import { axeViolations } from "./axe.ts";
import {
  contentBox,
  expectContent,
  fillContent,
  openEditor,
  openNewArticle,
  SAVE_BUTTON,
  unique,
} from "./admin-editor.ts";
import { expect, test } from "./fixtures.ts";
import { outboxMail, subscribeInFooter, uniqueEmail } from "./newsletter-helpers.ts";
import { adminArticleCard, hydrated, newClientContext, signInAsAdmin } from "./site-helpers.ts";

/**
 * Sending an article to its readers in a real browser against the local server, which runs the
 * send in-process after the request (docs/decisions/0163-article-sends.md, 0453): a Spanish
 * reader subscribes and confirms; the administrator writes an article, which saves itself,
 * previews its mail as readers get it, sends a test to their own address, and publishes it
 * with "also send": asked first with the count and language, it is sent once, and the mails
 * wait in the local outbox.
 */

test("publish with send: the mail previewed, a test to oneself only, asked with the count, then sent once", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const readerContext = await newClientContext(browser);
  const reader = await readerContext.newPage();
  const email = uniqueEmail("lector");
  const footer = await subscribeInFooter(reader, "es", email);
  await expect(footer.getByRole("status")).toHaveText("Revisa tu correo para confirmar la suscripción.");

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

  // Written, saved by itself (the send is offered for a saved article), then ticked to publish.
  const title = unique("Novedades del mes");
  await admin.goto("/admin/blog");
  const editor = await openNewArticle(admin);
  await editor.getByLabel("Título").fill(title);
  await editor.getByLabel("Extracto").fill("Lo nuevo de este mes.");
  await fillContent(editor, "Un párrafo para los lectores.");
  await expect(admin).toHaveURL(/\/admin\/blog\/\w+$/, { timeout: 20_000 });
  await editor.getByLabel("Publicado").check();
  // One reader or more, each said as Spanish says it (never "1 suscriptores").
  const also = editor.getByLabel(/^Enviar también (al 1 suscriptor|a los ([2-9]|\d\d+) suscriptores) en español$/);
  await also.check();
  // The editor as it stands now, its send offer and its status line in it: nothing axe finds.
  expect(await axeViolations(admin, { include: "dialog" })).toEqual([]);

  // The mail as readers get it, from the text in the editor, in a frame that runs nothing.
  await editor.getByRole("button", { name: "Ver el correo" }).click();
  const preview = admin.getByRole("dialog", { name: "El correo tal como lo reciben los suscriptores" });
  await expect(preview).toContainText(`Asunto: ${title}`);
  const frame = preview.locator("iframe");
  await expect(frame).toHaveAttribute("sandbox", "allow-popups allow-popups-to-escape-sandbox");
  await expect(preview.frameLocator("iframe").getByRole("heading", { name: title })).toBeVisible();
  await expect(preview.frameLocator("iframe").getByText("Un párrafo para los lectores.")).toBeVisible();
  expect(await axeViolations(admin, { include: "dialog:has(iframe)" })).toEqual([]);
  await preview.getByRole("button", { name: "Texto" }).click();
  await expect(preview.getByTestId("mail-preview-text")).toContainText("Leer en la web: http");
  await preview.getByRole("button", { name: "Enviarme una prueba" }).click();
  await expect(preview.getByRole("status")).toHaveText(`Prueba enviada a ${E2E_ADMIN_EMAIL}.`);
  await preview.getByRole("button", { name: "Cerrar la vista previa del correo" }).click();

  // Saving asks first, naming how many and in which language; then publishes and sends.
  await contentBox(editor).click();
  await editor.getByRole("button", { name: SAVE_BUTTON }).click();
  const ask = admin.getByRole("alertdialog", { name: "¿Publicar y enviar?" });
  await expect(ask).toContainText(
    new RegExp(`«${title}» se publicará ahora y se enviará a (1 suscriptor|\\d+ suscriptores) en español\\.`),
  );
  await ask.getByRole("button", { name: "Publicar y enviar" }).click();
  await expect(editor).toBeHidden();
  await expect(admin.getByText(`Se ha guardado «${title}» y se ha pedido su envío a los suscriptores.`)).toBeVisible();

  // The progress, as before, until it is done.
  const reopened = await openEditor(admin, title);
  const section = reopened.getByRole("region", { name: "Boletín" });
  await expect(section.getByRole("status")).toHaveText(
    /^Enviado: (1 enviado|[2-9] enviados|[1-9]\d+ enviados) · 0 fallidos · 0 omitidos\.$/,
    { timeout: 30_000 },
  );
  // Saving again never sends it again.
  await fillContent(reopened, "Un párrafo para los lectores, corregido.");
  await expectContent(reopened, "Un párrafo para los lectores, corregido.");
  await reopened.getByRole("button", { name: "Actualizar" }).click();
  // The editor closes once the update is stored; until then leaving would ask first.
  await expect(reopened).toBeHidden();
  await expect(adminArticleCard(admin, title)).toBeVisible();

  await admin.goto("/admin/mensajes");
  // The reader got it once; the test went to the administrator's address and no one else's.
  await expect(outboxMail(admin, email, title)).toHaveCount(1);
  await expect(outboxMail(admin, E2E_ADMIN_EMAIL, `[Prueba] ${title}`)).toHaveCount(1);
  await expect(
    admin
      .getByRole("region", { name: /Bandeja de salida local/ })
      .getByRole("listitem")
      .filter({ hasText: `[Prueba] ${title}` }),
  ).toHaveCount(1);
  const mail = outboxMail(admin, email, title);
  await mail.getByText("Ver el correo").click();
  await expect(mail).toContainText("Leer en la web: http");
  await expect(mail).toContainText("/es/newsletter/baja?token=");
  await readerContext.close();
  await adminContext.close();
});
