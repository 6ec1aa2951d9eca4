import { Suspense } from "react";
import { Link } from "react-router";
import { useLanguage } from "../../i18n/language-context.tsx";
import { PageHead } from "../../seo/page-head.tsx";
import { Icon, type IconName } from "../../ui/icons.tsx";
import { CallToAction } from "../../ui/call-to-action.tsx";
import { PageIntro } from "../../ui/page-intro.tsx";
import { useCopy } from "../../ui/use-copy.ts";
import { IconLinkCard } from "../../ui/icon-link-card.tsx";

/**
 * The three cards of the index (cash on delivery, carriers, profiles), keyed by their page
 * slug (docs/decisions/0016-page-behaviour-kept.md).
 */
const CARDS: { slug: string; icon: IconName }[] = [
  { slug: "contrareembolso", icon: "box" },
  { slug: "transportistas", icon: "truck" },
  { slug: "perfiles", icon: "shield" },
];

/** `/{lang}/servicios`: the services index. */
export default function ServicesPage() {
  const copy = useCopy("services.index");
  const cta = { heading: copy.text("cta.heading"), text: copy.text("cta.text"), button: copy.text("cta.button") };
  const { localize } = useLanguage();
  return (
    <>
      <PageHead page="/servicios" title={copy.text("meta.title")} description={copy.text("meta.description")} />
      <PageIntro heading={copy.text("h1")} intro={copy.text("intro")} />
      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 sm:pb-24">
        <Suspense>
          <ul className="grid gap-6 md:grid-cols-3">
            {CARDS.map((card) => (
              <IconLinkCard
                key={card.slug}
                heading="h2"
                icon={card.icon}
                title={copy.text(`cards.${card.slug}.name`)}
                text={copy.text(`cards.${card.slug}.description`)}
                to={localize(`/servicios/${card.slug}`)}
                linkLabel={copy.text("cardLink")}
              />
            ))}
          </ul>
          <div className="mt-10 flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-center gap-3 font-medium text-ink">
              <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700">
                <Icon name="warehouse" />
              </span>
              {copy.text("storage.text")}
            </p>
            <Link
              to={localize("/servicios/almacen")}
              className="rounded-lg border border-brand-700 bg-white px-4 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
            >
              {copy.text("storage.link")}
            </Link>
          </div>
        </Suspense>
      </div>
      <CallToAction id="services-cta" {...cta} />
    </>
  );
}
