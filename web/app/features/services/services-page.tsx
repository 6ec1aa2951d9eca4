import { Link } from "react-router";
import { useLanguage } from "../../i18n/language-context.tsx";
import { PageHead } from "../../seo/page-head.tsx";
import { Icon, type IconName } from "../../ui/icons.tsx";
import { CallToAction } from "../../ui/call-to-action.tsx";
import { PageIntro } from "../../ui/page-intro.tsx";
import { useCopy } from "../../ui/use-copy.ts";
import { Prerendered } from "../../ui/prerendered.tsx";

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
      <Prerendered className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 sm:pb-24">
        <ul className="grid gap-6 md:grid-cols-3">
          {CARDS.map((card) => (
            <li
              key={card.slug}
              className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm hover:border-brand-600"
            >
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={card.icon} />
              </span>
              <h2 className="mt-5 text-xl font-semibold text-ink">{copy.text(`cards.${card.slug}.name`)}</h2>
              <p className="mt-2 flex-1 text-slate-700">{copy.text(`cards.${card.slug}.description`)}</p>
              <Link
                to={localize(`/servicios/${card.slug}`)}
                className="mt-5 font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-2xl group-hover:underline"
              >
                {copy.text("cardLink")}
                <span className="sr-only">: {copy.text(`cards.${card.slug}.name`)}</span>
              </Link>
            </li>
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
      </Prerendered>
      <CallToAction id="services-cta" {...cta} />
    </>
  );
}
