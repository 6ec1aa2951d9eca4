import { PageHead } from "../../seo/page-head.tsx";
import { contactFormButton } from "../../lib/open-contact-form.ts";
import { PageIntro } from "../../ui/page-intro.tsx";
import { QuestionList, type Question } from "../../ui/question-list.tsx";
import { useCopy } from "../../ui/use-copy.ts";

interface QuestionGroup {
  id: string;
  title: string;
  items: Question[];
}

/** `/{lang}/soporte/faq`: the questions by topic, each topic reachable from the top. */
export default function FaqPage() {
  const copy = useCopy("faq");
  const groups = copy.list<QuestionGroup>("groups");
  return (
    <>
      <PageHead page="/soporte/faq" title={copy.text("meta.title")} description={copy.text("meta.description")} />
      <PageIntro heading={copy.text("h1")} intro={copy.text("intro")}>
        <ul className="mt-8 flex flex-wrap gap-3">
          {groups.map((group) => (
            <li key={group.id}>
              <a
                href={`#${group.id}`}
                className="inline-block rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:border-brand-600 hover:text-brand-800"
              >
                {group.title}
              </a>
            </li>
          ))}
        </ul>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 sm:pb-24">
        <div className="max-w-3xl space-y-14">
          {groups.map((group) => (
            <section key={group.id} id={group.id} aria-labelledby={`${group.id}-heading`} className="scroll-mt-24">
              <h2 id={`${group.id}-heading`} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
                {group.title}
              </h2>
              <div className="mt-6">
                <QuestionList questions={group.items} />
              </div>
            </section>
          ))}
          <div className="flex flex-col items-start gap-4 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="font-medium text-ink">{copy.text("contact.text")}</p>
            <button
              {...contactFormButton()}
              className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800"
            >
              {copy.text("contact.button")}
            </button>
          </div>
        </div>
      </div>
    </>
  );
}
