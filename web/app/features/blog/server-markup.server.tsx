import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { PublicArticle } from "@codcrm/core/article/article";
import type { Category } from "@codcrm/core/article/categories";
import type { Language } from "@codcrm/core/site/languages";
import type { Translate } from "@codcrm/core/site/translate";
import { FixedLanguageProvider } from "../../i18n/language-context.tsx";
import { ArticleView } from "./article-view.tsx";
import { BlogList, type ServerListPage } from "./blog-list.tsx";
import { ListFrame, MessageView } from "./blog-page-parts.tsx";

// What the server writes for the app to take over from (./server-page.ts), exported with the
// markup: this file is the web package's one export to server code, `@codcrm/web/server-markup`
// (docs/decisions/0113-declared-package-borders.md). Named `.server` so that no browser bundle
// can include it (react-dom's static renderer).
export { PAGE_DATA_ID, SERVER_MARK } from "./server-page.ts";

/**
 * The blog pages' content as the page Lambda writes it into its HTML for crawlers and link
 * previews (packages/functions/src/handlers/article-page.ts): the app's own components,
 * rendered once to static markup, so the page is the same before and after the app takes over
 * (docs/decisions/0080-server-pages-from-react.md). Each call renders what the component
 * renders from the page's data; nothing here repeats their markup.
 */
export interface ServerRenderContext {
  language: Language;
  /** The page's path: links resolve against it as they do in the app. */
  path: string;
  t: Translate;
}

async function render(context: ServerRenderContext, node: ReactNode): Promise<string> {
  // `prerender` (the static API) rather than `renderToStaticMarkup`: its module carries one
  // renderer, where react-dom/server carries two (its legacy and its streaming one), about
  // 110 KB more in the function (docs/decisions/0080-server-pages-from-react.md).
  const { prelude } = await prerender(
    <StaticRouter location={context.path}>
      <FixedLanguageProvider language={context.language} t={context.t}>
        {node}
      </FixedLanguageProvider>
    </StaticRouter>,
  );
  const html = await new Response(prelude).text();
  // This markup is never hydrated (the app renders its own page and removes it), so what React
  // adds for hydration goes: the comments between adjacent texts, and the preload it writes
  // for each eagerly loaded image ahead of the markup (in a whole document it would go to
  // <head>; the app's page has none, and the image is in the markup). The article's own HTML
  // has no comments: its sanitiser removes them (packages/core/src/article/markdown.ts).
  return html.replace(/^(?:<link rel="preload"[^>]*>)+/, "").replaceAll("<!-- -->", "");
}

// The server has the count it read; the app later shows the one this opening produced.
const NO_NEW_COUNT: Promise<number | undefined> = Promise.resolve(undefined);

export function articleMarkup(
  context: ServerRenderContext,
  article: PublicArticle,
  notFound: boolean,
): Promise<string> {
  return render(context, <ArticleView article={article} notFound={notFound} views={NO_NEW_COUNT} />);
}

export function messageMarkup(context: ServerRenderContext, text: string): Promise<string> {
  return render(context, <MessageView text={text} />);
}

/**
 * A list page (the blog, or a category's) as the app renders it, search form included, with the
 * first page of cards the server read for the address's filters: the app's own list shows the
 * same page when it takes over, so nothing moves. The form works before the app starts, and
 * without it: it is a GET form of the same address (docs/decisions/0098-blog-list-first-screen.md).
 */
export function listMarkup(
  context: ServerRenderContext,
  category: Category | undefined,
  firstPage: ServerListPage,
): Promise<string> {
  return render(
    context,
    <ListFrame category={category}>
      <BlogList fixedCategory={category?.id} firstPage={firstPage} ownPageLinks />
    </ListFrame>,
  );
}
