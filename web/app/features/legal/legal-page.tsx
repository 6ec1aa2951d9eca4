import { calendarDay, formatLongDate } from "@codcrm/core/site/dates";
import { useTranslation } from "react-i18next";
import { PageHead } from "../../seo/page-head.tsx";
import { CopySection } from "../../ui/copy-section.tsx";
import { useCopy, type CopySectionData } from "../../ui/use-copy.ts";

/** The legal texts: copy under `legal.{document}`, page path. */
const DOCUMENTS = {
  privacy: "/privacidad",
  cookies: "/cookies",
  terms: "/terminos",
} as const;

export type LegalDocument = keyof typeof DOCUMENTS;

/** A line of the table of contents: the current line's border turns brand on hover. */
const TOC_LINK =
  "-ml-px block border-l-2 border-transparent py-1 pl-4 text-slate-700 hover:border-brand-600 hover:text-ink";

/** A legal page: heading, last update, intro, a table of contents linking to each section. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation();
  const copy = useCopy(`legal.${document}`);
  const sections = copy.list<CopySectionData>("sections");
  const updated = t("legal.lastUpdatedIso");
  return (
    <article className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
      <PageHead
        page={DOCUMENTS[document]}
        title={copy.text("meta.title")}
        description={copy.text("meta.description")}
      />
      <header className="max-w-3xl">
        <h1 className="text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{copy.text("h1")}</h1>
        <p className="mt-4 text-sm text-slate-600">
          {t("legal.lastUpdatedLabel")}: <time dateTime={updated}>{formatLongDate(t, calendarDay(updated))}</time>
        </p>
        <p className="mt-6 text-lg text-slate-700">{copy.text("intro")}</p>
      </header>
      <div className="mt-12 grid gap-12 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="toc-heading" className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
            {t("legal.tocHeading")}
          </h2>
          <ol className="mt-4 space-y-2 border-l border-slate-200 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={TOC_LINK}>
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-12">
          {sections.map((section) => (
            <CopySection key={section.id} section={section} size="small" />
          ))}
        </div>
      </div>
    </article>
  );
}
