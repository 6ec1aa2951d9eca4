import { convert } from "html-to-text";
import mjml2html from "mjml";
import { PRODUCT_NAME } from "../brand.ts";
import type { Article } from "./article.ts";
import { withContentHtml } from "./article-html.ts";
import { articleDescription } from "./description.ts";
import { absoluteHtmlUrls } from "./markdown.ts";
import type { MailMessage } from "../mail/mail-transport.ts";
import { absoluteImageUrl } from "../site/head-tags.ts";
import type { Translate } from "../site/translate.ts";
import { escapeHtml } from "../web/html.ts";
import type { leaveOptions } from "../lead/newsletter.ts";

/** The width of the mail's column (px): the usual width mail clients show without scrolling. */
export const ARTICLE_MAIL_WIDTH = 600;

/** The article's own page, where the mail's "read on the site" link leads. */
export function articleUrl(siteUrl: string, article: Pick<Article, "language" | "slug">): string {
  return `${siteUrl.replace(/\/+$/, "")}/${article.language}/blog/${encodeURIComponent(article.slug)}`;
}

/**
 * An article as a newsletter mail, in the article's language (docs/decisions/0164-article-mail.md):
 * subject = title; a preheader from its description (decision 0150); the cover with its alt
 * text; the body the site's Markdown renderer made, every URL absolute (the feed's
 * `absoluteHtmlUrls`) and laid out by MJML, which inlines the styles (images never wider than
 * the column); a "read on the site" link; the unsubscribe footer and the RFC 8058 headers
 * (decision 0162); and a plain-text part made from the same HTML by html-to-text.
 */
export async function articleMessage(
  t: Translate,
  article: Article,
  to: string,
  siteUrl: string,
  leave: ReturnType<typeof leaveOptions>,
): Promise<MailMessage> {
  const url = articleUrl(siteUrl, article);
  const body = absoluteHtmlUrls(withContentHtml(article).contentHtml, siteUrl, url);
  const preheader = articleDescription(article);
  const cover = absoluteImageUrl(siteUrl, article.imageUrl);
  const readOnSite = t("newsletterMail.articleReadOnSite");
  const why = t("newsletterMail.articleWhy", { product: PRODUCT_NAME });
  const unsubscribe = t("newsletterMail.articleUnsubscribe");
  // Every value from the article or the locale files is escaped: MJML keeps what it is given.
  const source = `<mjml lang="${article.language}">
  <mj-head>
    <mj-title>${escapeHtml(article.title)}</mj-title>
    <mj-preview>${escapeHtml(preheader)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="1.6" color="#1f2937" />
    </mj-attributes>
    <mj-style inline="inline">
      .article img { max-width: 100%; height: auto; }
      .article a { color: #0f766e; }
      .article pre { white-space: pre-wrap; }
    </mj-style>
  </mj-head>
  <mj-body width="${ARTICLE_MAIL_WIDTH}px" background-color="#f3f4f6">
    <mj-section background-color="#ffffff">
      <mj-column>
        ${cover ? `<mj-image src="${escapeHtml(cover)}" alt="${escapeHtml(article.imageAlt ?? "")}" href="${escapeHtml(url)}" padding="0" />` : ""}
        <mj-text font-size="26px" line-height="1.25" font-weight="bold"><h1 style="margin:0;font-size:26px">${escapeHtml(article.title)}</h1></mj-text>
        <mj-text css-class="article">${body}</mj-text>
        <mj-button href="${escapeHtml(url)}" background-color="#0f766e" align="left">${escapeHtml(readOnSite)}</mj-button>
      </mj-column>
    </mj-section>
    <mj-section>
      <mj-column>
        <mj-text font-size="13px" color="#6b7280">${escapeHtml(why)} <a href="${escapeHtml(leave.pageLink)}" style="color:#6b7280">${escapeHtml(unsubscribe)}</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { html } = await mjml2html(source, { validationLevel: "strict", keepComments: false });
  const text = [
    article.title,
    "",
    convert(body, { wordwrap: 78, selectors: [{ selector: "img", format: "skip" }] }),
    "",
    `${readOnSite}: ${url}`,
    "",
    "--",
    t("newsletterMail.unsubscribeFooter", { link: leave.pageLink }),
  ].join("\n");
  return {
    to,
    subject: article.title,
    text,
    html,
    headers: leave.headers,
    fields: { subject: article.title, body: text, to_email: to },
  };
}
