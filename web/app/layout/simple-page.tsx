import type { ReactNode } from "react";
import { PageHead } from "../seo/page-head.tsx";
import { useTranslation } from "../i18n/language-context.tsx";

export interface SimplePageProps {
  /** The page's path without the language ("/precios"), for canonical and alternates. */
  page: string;
  /** Key of its title and description under `meta.pages` (also its heading and intro). */
  metaKey: string;
  children?: ReactNode;
  /** Room for grids (pricing cards) instead of a reading column. */
  wide?: boolean;
}

/**
 * A page with its head, heading and intro. The pages whose full content is built elsewhere
 * (services, legal, about, pricing, contact, FAQ, careers, partners, blog) start from it.
 */
export function SimplePage({ page, metaKey, children, wide = false }: SimplePageProps) {
  const { t } = useTranslation();
  const title = t(`meta.pages.${metaKey}.title`);
  const description = t(`meta.pages.${metaKey}.description`);
  return (
    <article className={`mx-auto px-4 py-16 sm:px-6 sm:py-24 ${wide ? "max-w-6xl" : "max-w-3xl"}`}>
      <PageHead page={page} title={title} description={description} />
      <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">{title}</h1>
      <p className="mt-6 text-lg text-slate-700">{description}</p>
      {children}
    </article>
  );
}
