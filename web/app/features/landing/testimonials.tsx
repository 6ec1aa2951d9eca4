import { InitialsAvatar } from "../../ui/initials-avatar.tsx";
import { stringList } from "../../i18n/string-list.ts";
import { Section } from "../../ui/section.tsx";
import { useTranslation } from "react-i18next";

interface Testimonial {
  quote: string;
  author: string;
  position: string;
}

export function Testimonials() {
  const { t } = useTranslation();
  const items = stringList<Testimonial>(t, "landing.testimonials.items");
  return (
    <Section id="opiniones" heading={t("landing.testimonials.heading")} className="bg-slate-50">
      <ul className="grid gap-6 md:grid-cols-3">
        {items.map((item) => (
          <li key={item.author}>
            <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <blockquote className="flex-1 text-slate-800">
                <p>“{item.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <InitialsAvatar name={item.author} />
                <span>
                  <span className="block font-semibold text-ink">{item.author}</span>
                  <span className="block text-sm text-slate-600">{item.position}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
