import { site } from "../config/site.ts";
import { useLanguage } from "../i18n/language-context.tsx";
import { headTags, type HeadInput } from "@codcrm/core/site/head-tags";
import { useDocumentHead, type HeadTag } from "./document-head.tsx";

export type PageHeadProps = Omit<HeadInput, "siteUrl" | "productName" | "language">;

/**
 * The head of a page: title, description, canonical, hreflang alternates and Open Graph. In the
 * prerendered HTML and, after a navigation, in the browser's <head> (seo/document-head.tsx).
 * Render it once per page.
 */
export function PageHead(props: PageHeadProps) {
  const { language } = useLanguage();
  const tags = headTags({ ...props, language, siteUrl: site.siteUrl, productName: site.productName });
  const head: HeadTag[] = [
    { tag: "title", attributes: {}, text: tags.title },
    ...tags.meta.map((m): HeadTag => ({
      tag: "meta",
      attributes: m.name ? { name: m.name, content: m.content } : { property: m.property!, content: m.content },
    })),
    ...tags.links.map((l): HeadTag => ({
      tag: "link",
      attributes: Object.fromEntries(
        Object.entries({ rel: l.rel, href: l.href, hreflang: l.hrefLang, type: l.type, title: l.title }).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      ),
    })),
  ];
  useDocumentHead(head);
  return null;
}
