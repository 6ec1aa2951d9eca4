import { useLanguage } from "../../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { type IconName } from "../../ui/icons.tsx";
import { IconLinkCard } from "../../ui/icon-link-card.tsx";
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
          <IconLinkCard
            key={feature.key}
            icon={feature.icon}
            title={t(`landing.features.items.${feature.key}.title`)}
            text={t(`landing.features.items.${feature.key}.text`)}
            to={localize(feature.page)}
            linkLabel={t("common.learnMore")}
          />
        ))}
      </ul>
    </Section>
  );
}
