import { Suspense } from "react";
import { PageHead } from "../../seo/page-head.tsx";
import { Section } from "../../ui/section.tsx";
import { CallToAction } from "../../ui/call-to-action.tsx";
import { FigureList } from "../../ui/figure-list.tsx";
import { InitialsAvatar } from "../../ui/initials-avatar.tsx";
import { PageIntro } from "../../ui/page-intro.tsx";
import { TitledCardList } from "../../ui/titled-card-list.tsx";
import { useCopy, type Figure, type TitledItem } from "../../ui/use-copy.ts";

interface TeamMember {
  name: string;
  position: string;
  bio: string;
}

/**
 * `/{lang}/sobre-nosotros`. Both founding readings (docs/decisions/0004-two-founding-years.md): the story tells the
 * 2018 Madrid founding, the platform block keeps "since 2023".
 */
export default function AboutPage() {
  const copy = useCopy("about");
  const cta = { heading: copy.text("cta.heading"), text: copy.text("cta.text"), button: copy.text("cta.button") };
  return (
    <>
      <PageHead page="/sobre-nosotros" title={copy.text("meta.title")} description={copy.text("meta.description")} />
      <PageIntro heading={copy.text("h1")} intro={copy.text("intro")} />

      <div>
        <Suspense>
          <div className="mx-auto grid max-w-6xl gap-12 px-4 pb-16 sm:px-6 sm:pb-24 lg:grid-cols-5">
            <section id="historia" aria-labelledby="historia-heading" className="lg:col-span-3">
              <h2 id="historia-heading" className="text-3xl font-bold tracking-tight text-ink">
                {copy.text("story.heading")}
              </h2>
              <div className="mt-6 space-y-4 text-lg/8 text-slate-700">
                {copy.list<string>("story.paragraphs").map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </section>
            <div className="space-y-6 lg:col-span-2">
              <section
                id="plataforma"
                aria-labelledby="plataforma-heading"
                className="rounded-2xl border border-slate-200 bg-slate-50 p-6"
              >
                <h2 id="plataforma-heading" className="text-xl font-semibold text-ink">
                  {copy.text("platform.heading")}
                </h2>
                <p className="mt-3 text-slate-700">{copy.text("platform.text")}</p>
              </section>
              <section id="mision" aria-labelledby="mision-heading" className="rounded-2xl bg-brand-800 p-6 text-white">
                <h2 id="mision-heading" className="text-xl font-semibold">
                  {copy.text("mission.heading")}
                </h2>
                <p className="mt-3 text-brand-100">{copy.text("mission.text")}</p>
              </section>
            </div>
          </div>

          <Section id="valores" {...copy.headed("values")} className="below-the-fold bg-slate-50">
            <TitledCardList items={copy.list<TitledItem>("values.items")} />
          </Section>

          <Section id="cifras" {...copy.headed("figures")} className="below-the-fold">
            <FigureList figures={copy.list<Figure>("figures.items")} className="" />
          </Section>

          <Section id="equipo" {...copy.headed("team", { intro: true })} className="below-the-fold bg-slate-50">
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {copy.list<TeamMember>("team.members").map((member) => (
                <li
                  key={member.name}
                  className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                >
                  <div className="flex items-center gap-4">
                    <InitialsAvatar name={member.name} className="h-14 w-14 text-lg" />
                    <div>
                      <h3 className="font-semibold text-ink">{member.name}</h3>
                      <p className="text-sm text-brand-700">{member.position}</p>
                    </div>
                  </div>
                  <p className="mt-4 text-slate-700">{member.bio}</p>
                </li>
              ))}
            </ul>
          </Section>
        </Suspense>
      </div>

      <CallToAction id="about-cta" {...cta} />
    </>
  );
}
