import { PageHead } from "../../seo/page-head.tsx";
import { Section } from "../../ui/section.tsx";
import { LinkedText } from "../../ui/linked-text.tsx";
import { PageIntro } from "../../ui/page-intro.tsx";
import { TitledCardList } from "../../ui/titled-card-list.tsx";
import { useCopy, type TitledItem } from "../../ui/use-copy.ts";

interface Position {
  id: string;
  title: string;
  location: string;
  type: string;
  description: string;
}

/** `/{lang}/empresa/empleo`: why join, the open positions and how to apply by e-mail. */
export default function CareersPage() {
  const copy = useCopy("careers");
  const email = copy.text("apply.email");
  const applyTo = (subject: string) => `mailto:${email}?subject=${encodeURIComponent(subject)}`;
  return (
    <>
      <PageHead page="/empresa/empleo" title={copy.text("meta.title")} description={copy.text("meta.description")} />
      <PageIntro heading={copy.text("h1")} intro={copy.text("intro")}>
        <a
          href="#puestos"
          className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          {copy.text("positions.heading")}
        </a>
      </PageIntro>

      <Section id="por-que" {...copy.headed("why")} className="pt-4 sm:pt-8">
        <TitledCardList items={copy.list<TitledItem>("why.items")} />
      </Section>

      <Section id="puestos" {...copy.headed("positions")} className="scroll-mt-16 bg-slate-50">
        <ul className="mx-auto max-w-4xl space-y-6">
          {copy.list<Position>("positions.items").map((position) => (
            <li
              key={position.id}
              id={`puesto-${position.id}`}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <h3 className="text-xl font-semibold text-ink">{position.title}</h3>
              <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-1 text-sm text-slate-700">
                <div className="flex gap-1">
                  <dt className="font-semibold">{copy.text("positions.locationLabel")}:</dt>
                  <dd>{position.location}</dd>
                </div>
                <div className="flex gap-1">
                  <dt className="font-semibold">{copy.text("positions.typeLabel")}:</dt>
                  <dd>{position.type}</dd>
                </div>
              </dl>
              <p className="mt-4 text-slate-700">{position.description}</p>
              <a
                href={applyTo(position.title)}
                className="mt-5 inline-block font-semibold text-brand-700 underline hover:text-brand-900"
              >
                {copy.text("apply.button")}
                <span className="sr-only">: {position.title}</span>
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="candidatura-heading" className="bg-brand-800 py-16 text-white sm:py-20">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 id="candidatura-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {copy.text("apply.heading")}
          </h2>
          <p className="mt-4 text-lg text-brand-100 [&_a]:text-white">
            <LinkedText text={copy.text("apply.text")} />
          </p>
          <a
            href={`mailto:${email}`}
            className="mt-8 inline-block rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
          >
            {copy.text("apply.button")}
          </a>
        </div>
      </section>
    </>
  );
}
