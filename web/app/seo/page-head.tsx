import { site } from "../config/site.ts";
import { useLanguage } from "../i18n/language-context.tsx";
import { headTags, type HeadInput } from "@codcrm/core/site/head-tags";
import { useSiteUrl } from "./site-url.ts";

export type PageHeadProps = Omit<HeadInput, "siteUrl" | "productName" | "language">;

/**
 * The head of a page: title, description, canonical, hreflang alternates and Open Graph. React
 * 19 hoists these elements into <head>, in the server's HTML and in the browser after a
 * navigation alike (docs/decisions/0201-react-19-as-commissioned.md). Render it once per page.
 */
export function PageHead(props: PageHeadProps) {
  const { language } = useLanguage();
  const tags = headTags({ ...props, language, siteUrl: useSiteUrl(), productName: site.productName });
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
          key={`${l.rel}:${l.hrefLang ?? ""}:${l.href}`}
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
