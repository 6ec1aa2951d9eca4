import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { DocumentHead } from "../../seo/document-head.tsx";

/** An `/admin/...` path that is no admin page. */
export default function AdminNotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <DocumentHead title={t("admin.notFound.title")} />
      <h1 className="text-2xl font-bold text-ink">{t("admin.notFound.title")}</h1>
      <Link to="/admin/blog" className="mt-6 inline-block font-semibold text-brand-700 underline">
        {t("admin.notFound.back")}
      </Link>
    </main>
  );
}
