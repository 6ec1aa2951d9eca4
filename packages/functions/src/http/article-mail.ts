import { articleMessage } from "@codcrm/core/article/article-mail";
import type { Article } from "@codcrm/core/article/article";
import { leaveOptions } from "@codcrm/core/lead/newsletter";
import { signUnsubscribeToken } from "@codcrm/core/lead/newsletter-tokens.server";
import type { MailMessage } from "@codcrm/core/mail/mail-transport";
import type { Deps } from "../deps.ts";
import { newsletterStrings } from "../lead/newsletter-strings.ts";

/**
 * An article's newsletter mail to `to`, as the send job makes each one (`article-mail.ts`, MJML):
 * in the article's language, with its one-click unsubscribe for that address. Only the
 * functions that show or send an article's mail import this (it carries MJML).
 */
export function articleMailTo(deps: Deps, article: Article, to: string): Promise<MailMessage> {
  const { SITE_URL, JWT_SECRET } = deps.config;
  const leave = leaveOptions(SITE_URL, article.language, signUnsubscribeToken(to, JWT_SECRET));
  return articleMessage(newsletterStrings(article.language), article, to, SITE_URL, leave);
}
