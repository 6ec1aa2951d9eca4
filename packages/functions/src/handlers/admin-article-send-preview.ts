import { json, type RouteHandler } from "../http/api.ts";
import { articleMailTo, PREVIEW_RECIPIENT, signedInAddress } from "../http/article-mail.ts";
import { articleService } from "../http/article-service.ts";
import { lambda } from "../http/lambda.ts";

/**
 * The article's mail as its subscribers would get it, made by the mail renderer the send job
 * uses from the editor's text (the body is the form, checked as a save's is): its subject, its
 * HTML and its plain text (docs/decisions/0453-send-flow-with-preview-and-test.md). Nothing is
 * saved or sent. 404 without the article.
 */
export const route: RouteHandler = async (request, deps) => {
  const article = await (await articleService(deps)).asSaved(request.params.id ?? "", request.body);
  const { subject, html, text } = await articleMailTo(deps, article, signedInAddress(deps) ?? PREVIEW_RECIPIENT);
  return json(200, { subject, html, text, language: article.language });
};

export const handler = lambda(route);
