import { ARTICLE_CHANGE_STORES } from "../deps/article-change-stores.ts";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { MEDIA_STORES } from "../deps/media-stores.ts";
import { audited, signedIn, type RouteHandler } from "../http/api.ts";
import { articleMailTo } from "../http/article-mail.ts";
import { articleService } from "../http/article-service.ts";
import { lambda } from "../http/lambda.ts";

/**
 * The article's mail as its subscribers would get it, made by the mail renderer the send job
 * uses from the editor's text (the body is the form, checked as a save's is): its subject, its
 * HTML and its plain text (docs/decisions/0453-send-flow-with-preview-and-test.md). Nothing is
 * saved or sent; the mail is the one the signed-in person would get (their unsubscribe link). 404
 * without the article.
 */
export const route: RouteHandler = async (request, deps) => {
  const article = await (await articleService(deps)).asSaved(request.params.id ?? "", request.body);
  const { subject, html, text } = await articleMailTo(deps, article, signedIn(request).email);
  // A look changes nothing: no entry in the audit trail (docs/decisions/0424-audit-trail.md).
  return audited(200, { subject, html, text, language: article.language }, false);
};

export const handler = lambda(route, ARTICLE_STORES, ARTICLE_CHANGE_STORES, MEDIA_STORES);
