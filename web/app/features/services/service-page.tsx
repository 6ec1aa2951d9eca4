import { Suspense } from "react";
import { PageHead } from "../../seo/page-head.tsx";
import { openContactForm } from "../../lib/open-contact-form.ts";
import { BackLink } from "../../ui/back-link.tsx";
import { CallToAction } from "../../ui/call-to-action.tsx";
import { CopySection, type BulletStyle } from "../../ui/copy-section.tsx";
import { FigureList } from "../../ui/figure-list.tsx";
import { PageIntro } from "../../ui/page-intro.tsx";
import { useCopy, type CopySectionData, type Figure } from "../../ui/use-copy.ts";

/** The service detail pages: their copy lives under `services.{slug}` and their path is `/servicios/{slug}`. */
export type ServiceSlug = "contrareembolso" | "perfiles" | "almacen" | "transportistas";

export interface ServicePageProps {
  slug: ServiceSlug;
  /** How a section shows its bullets (the carriers page shows carrier names as text marks). */
  bulletStyle?: (sectionId: string) => BulletStyle;
}

/**
 * A service detail page: 'Volver' to the home page, intro with the demo request, figures,
 * the sections of the copy and a closing demo request (docs/decisions/0016-page-behaviour-kept.md).
 */
export function ServicePage({ slug, bulletStyle = () => "list" }: ServicePageProps) {
  const copy = useCopy(`services.${slug}`);
  const cta = { heading: copy.text("cta.heading"), text: copy.text("cta.text"), button: copy.text("cta.button") };
  const sections = copy.list<CopySectionData>("sections");
  return (
    <>
      <PageHead
        page={`/servicios/${slug}`}
        title={copy.text("meta.title")}
        description={copy.text("meta.description")}
      />
      <PageIntro heading={copy.text("h1")} intro={copy.text("intro")} top={<BackLink label={copy.text("back")} />}>
        <div className="mt-8 flex flex-wrap items-center gap-4">
          <button
            type="button"
            onClick={() => openContactForm({ intent: "demo" })}
            className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            {copy.text("cta.button")}
          </button>
        </div>
        <FigureList figures={copy.list<Figure>("figures")} className="mt-12" />
      </PageIntro>
      <div className="below-the-fold mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pb-20">
        <Suspense>
          <div className="grid gap-x-16 gap-y-14 lg:grid-cols-2">
            {sections.map((section) => (
              <CopySection key={section.id} section={section} bullets={bulletStyle(section.id)} size="small" />
            ))}
          </div>
        </Suspense>
      </div>
      <CallToAction id={`${slug}-cta`} {...cta} />
    </>
  );
}
