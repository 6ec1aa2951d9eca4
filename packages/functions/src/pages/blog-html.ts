import type { HeadTags } from "@codcrm/core/site/head-tags";
import type { Language } from "@codcrm/core/site/languages";
import { embedJson, escapeHtml } from "@codcrm/core/web/html";
import { APP_SHELL_FILE } from "@codcrm/core/site/app-shell";
import { frameFile, readTemplate } from "./page-template.ts";

// The hand-over's names, one definition for the page that writes them and the app that reads them.
import { PAGE_DATA_ID, SERVER_MARK } from "@codcrm/web/server-markup";

export interface ServerPage {
  language: Language;
  head: HeadTags;
  jsonLd?: unknown;
  /** What the client route needs to render the same page at once. */
  data: unknown;
  /** The page's content (escaped HTML), placed where the app renders its pages. */
  main: string;
  /**
   * Where the frame's language selector leads from this page (an article: its translations),
   * as the app's selector will once it runs; without it, the frame's own links (the blog list).
   */
  languagePaths?: Partial<Record<Language, string>>;
}

function headHtml(page: ServerPage): string {
  const mark = ` ${SERVER_MARK}`;
  const attr = (name: string, value: string | undefined) =>
    value === undefined ? "" : ` ${name}="${escapeHtml(value)}"`;
  return [
    `<title${mark}>${escapeHtml(page.head.title)}</title>`,
    ...page.head.meta.map(
      (m) => `<meta${mark}${attr("name", m.name)}${attr("property", m.property)}${attr("content", m.content)}>`,
    ),
    ...page.head.links.map(
      (l) =>
        `<link${mark}${attr("rel", l.rel)}${attr("hreflang", l.hrefLang)}${attr("type", l.type)}${attr("title", l.title)}${attr("href", l.href)}>`,
    ),
    ...(page.jsonLd ? [`<script${mark} type="application/ld+json">${embedJson(page.jsonLd)}</script>`] : []),
    // A data block, not a script: the Content-Security-Policy does not apply and nothing runs.
    `<script${mark} type="application/json" id="${PAGE_DATA_ID}">${embedJson(page.data)}</script>`,
  ].join("");
}

/**
 * The site's header and footer around `main`, from the prerendered blog page of the language
 * (React's own markup, so the page looks the same before and after the app takes over).
 */
function framed(frame: string | undefined, main: string, languagePaths: ServerPage["languagePaths"]): string {
  const body = frame ? /<body[^>]*>([\s\S]*?)<script/.exec(frame)?.[1] : undefined;
  const replaced = body?.replace(/(<main\b[^>]*>)[\s\S]*<\/main>/, (_, open: string) => `${open}${main}</main>`);
  return replaced && replaced !== body ? withLanguagePaths(replaced, languagePaths) : `<main id="main">${main}</main>`;
}

/**
 * Points the frame's language selector (links with `hrefLang`, web/app/layout/language-selector.tsx)
 * at this page's versions: a click before the app runs goes where the app's selector would.
 */
function withLanguagePaths(html: string, paths: ServerPage["languagePaths"]): string {
  if (!paths) return html;
  return html.replace(/<a\b[^>]*\shrefLang="([a-z]{2})"[^>]*>/gi, (tag, language: string) => {
    const path = paths[language as Language];
    return path ? tag.replace(/\shref="[^"]*"/, ` href="${escapeHtml(path)}"`) : tag;
  });
}

/**
 * The app's document (SPA fallback) with the page's head tags and content written in, for
 * crawlers and link previews that run no JavaScript. The content sits in a `<server-page>`
 * element before the app's root: React hydrates the document without looking at it (an
 * element of a tag it does not render in <body> is skipped) and the client route removes it once it has rendered the
 * same page. Without a web build, a plain document with the same head and content.
 */
export async function renderServerPage(templateDir: string, page: ServerPage): Promise<string> {
  const [shell, frame] = await Promise.all([
    readTemplate(templateDir, APP_SHELL_FILE),
    readTemplate(templateDir, frameFile(page.language)),
  ]);
  // A custom element: React must not take it for one of its own (a <div> would be hydrated as
  // the app's first element), and it holds the page's <main>, which a <section> may not.
  const content = `<server-page ${SERVER_MARK} style="display:block">${framed(frame, page.main, page.languagePaths)}</server-page>`;
  if (!shell) {
    return `<!DOCTYPE html><html lang="${page.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${headHtml(page)}</head><body>${content}</body></html>`;
  }
  return shell
    .replace(/<html lang="[^"]*"/, `<html lang="${page.language}"`)
    .replace("</head>", () => `${headHtml(page)}</head>`)
    .replace(/<body([^>]*)>/, (tag) => `${tag}${content}`);
}
