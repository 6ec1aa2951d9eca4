import { Link } from "react-router";
import { useLanguage, useTranslation } from "../../i18n/language-context.tsx";
import { Icon, type IconName } from "../../ui/icons.tsx";
import { Section } from "../../ui/section.tsx";

/** The six feature cards: texts under `landing.features.items.{key}`, each leading to a service page. */
const FEATURES: { key: string; icon: IconName; page: string }[] = [
  { key: "cashOnDelivery", icon: "box", page: "/servicios/contrareembolso" },
  { key: "carriers", icon: "truck", page: "/servicios/transportistas" },
  { key: "aiConfirmation", icon: "chat", page: "/servicios/contrareembolso" },
  { key: "analytics", icon: "chart", page: "/servicios" },
  { key: "warehouse", icon: "warehouse", page: "/servicios/almacen" },
  { key: "roles", icon: "shield", page: "/servicios/perfiles" },
];

export function FeatureGrid() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  return (
    <Section id="funcionalidades" heading={t("landing.features.heading")} intro={t("landing.features.intro")}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <li
            key={feature.key}
            className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm hover:border-brand-600"
          >
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon name={feature.icon} />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-ink">{t(`landing.features.items.${feature.key}.title`)}</h3>
            <p className="mt-2 flex-1 text-slate-700">{t(`landing.features.items.${feature.key}.text`)}</p>
            <Link
              to={localize(feature.page)}
              className="mt-4 font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-2xl group-hover:underline"
            >
              {t("common.learnMore")}
              <span className="sr-only">: {t(`landing.features.items.${feature.key}.title`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
