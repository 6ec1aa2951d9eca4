import { PageHead } from "../../seo/page-head.tsx";
import { openContactForm } from "../../lib/open-contact-form.ts";
import { Section } from "../../ui/section.tsx";
import { PageIntro } from "../../ui/page-intro.tsx";
import { useCopy, type TitledItem } from "../../ui/use-copy.ts";
import { CheckMark } from "../../ui/icons.tsx";

interface PartnerType {
  id: string;
  name: string;
  description: string;
  benefits: string[];
}

/** `/{lang}/empresa/socios`: partner types with their benefits, and how to become one. */
export default function PartnersPage() {
  const copy = useCopy("partners");
  // "Become a partner" under the intro and again after the steps: one button in two places.
  const joinButton = (className: string) => (
    <button
      type="button"
      onClick={() => openContactForm({ intent: "contact" })}
      className={`rounded-lg bg-brand-700 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 ${className}`}
    >
      {copy.text("become.button")}
    </button>
  );
  return (
    <>
      <PageHead page="/empresa/socios" title={copy.text("meta.title")} description={copy.text("meta.description")} />
      <PageIntro heading={copy.text("h1")} intro={copy.text("intro")}>
        {joinButton("mt-8 px-5")}
      </PageIntro>

      <Section id="tipos" {...copy.headed("types")} className="pt-4 sm:pt-8">
        <ul className="grid gap-6 md:grid-cols-2">
          {copy.list<PartnerType>("types.items").map((type) => (
            <li key={type.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-xl font-semibold text-ink">{type.name}</h3>
              <p className="mt-2 text-slate-700">{type.description}</p>
              <h4 className="mt-5 text-sm font-semibold tracking-wide text-slate-700 uppercase">
                {copy.text("types.benefitsLabel")}
              </h4>
              <ul className="mt-3 space-y-2 text-slate-700">
                {type.benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-3">
                    <CheckMark className="mt-1" />
                    {benefit}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="como-unirse" {...copy.headed("become", { intro: true })} className="bg-slate-50">
        <ol className="grid gap-6 md:grid-cols-3">
          {copy.list<TitledItem>("become.steps").map((step, i) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 text-slate-700">{step.description}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 text-center">{joinButton("px-6")}</div>
      </Section>
    </>
  );
}
