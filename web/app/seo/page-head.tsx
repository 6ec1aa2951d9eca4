import { site } from "../config/site.ts";
import { useLanguage } from "../i18n/language-context.tsx";
import { headTags, type HeadInput } from "@codcrm/core/site/head-tags";

export type PageHeadProps = Omit<HeadInput, "siteUrl" | "productName" | "language">;

/**
 * The head of a page. React hoists these tags into <head>: they are in the prerendered
 * HTML, and they follow the page on client-side navigation. Render it once per page.
 */
export function PageHead(props: PageHeadProps) {
  const { language } = useLanguage();
  const tags = headTags({ ...props, language, siteUrl: site.siteUrl, productName: site.productName });
  return (
    <>
      <title>{tags.title}</title>
      {tags.meta.map((m) =>
        m.name ? (
          <meta key={`n:${m.name}`} name={m.name} content={m.content} />
        ) : (
          <meta key={`p:${m.property}:${m.content}`} property={m.property} content={m.content} />
        ),
      )}
      {tags.links.map((l) => (
        <link
          key={`${l.rel}:${l.hrefLang ?? l.type ?? ""}`}
          rel={l.rel}
          href={l.href}
          hrefLang={l.hrefLang}
          type={l.type}
          title={l.title}
        />
      ))}
    </>
  );
}
