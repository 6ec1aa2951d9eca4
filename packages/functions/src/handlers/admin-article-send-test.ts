import { AppError } from "@codcrm/core/errors";
import { createReaderTransport } from "@codcrm/core/mail/create-transport";
import { DeliveryFailure } from "@codcrm/core/mail/mail-transport";
import { composeMime } from "@codcrm/core/mail/mime";
import { ARTICLE_CHANGE_STORES } from "../deps/article-change-stores.ts";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { MEDIA_STORES } from "../deps/media-stores.ts";
import { json, signedIn, type RouteHandler } from "../http/api.ts";
import { articleMailTo } from "../http/article-mail.ts";
import { articleService } from "../http/article-service.ts";
import { newsletterStrings } from "../lead/newsletter-strings.ts";
import { lambda } from "../http/lambda.ts";

/**
 * "Enviarme una prueba": the article's mail, from the editor's text, to the signed-in person's
 * own address (their account's) and no one else (docs/decisions/0453-send-flow-with-preview-and-test.md),
 * by the readers' transport (SES on AWS, the outbox locally), its subject marked as a test. No
 * subscriber is mailed and the article's send is not touched; 502 when the provider refuses it.
 */
export const route: RouteHandler = async (request, deps) => {
  const to = signedIn(request).email;
  const id = request.params.id ?? "";
  const article = await (await articleService(deps)).asSaved(id, request.body);
  const message = await articleMailTo(deps, article, to);
  const subject = newsletterStrings(article.language)("newsletterMail.articleTestSubject", { title: message.subject });
  const mail = createReaderTransport(deps.config, await deps.outbox(), deps.clock, composeMime);
  try {
    await mail.send(
      { ...message, subject, fields: { ...message.fields, subject } },
      `article-test-${id}-${deps.clock().getTime()}`,
    );
  } catch (error) {
    if (!(error instanceof DeliveryFailure)) throw error;
    throw new AppError(502, "test_not_sent", `The test mail was not sent: ${error.code}.`);
  }
  return json(200, { to });
};

export const handler = lambda(route, ARTICLE_STORES, ARTICLE_CHANGE_STORES, MEDIA_STORES, MAIL_STORES);
