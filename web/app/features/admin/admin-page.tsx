import { useTranslation } from "react-i18next";
import { site } from "../../config/site.ts";

/** The administration area (`/admin/*`): no language prefix, Spanish UI, never indexed. */
export default function AdminPage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <title>{`${t("meta.pages.admin.title")} | ${site.productName}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold text-ink">{t("meta.pages.admin.title")}</h1>
      <p className="mt-4 text-slate-700">{t("meta.pages.admin.description")}</p>
    </main>
  );
}
