import { useTranslation } from "react-i18next";
import { DocumentHead } from "../../../seo/document-head.tsx";
import { useSubscribersApi } from "./api/subscribers-api.ts";
import { SubscribersView } from "./components/subscribers-view.tsx";

/**
 * `/admin/suscriptores`: newsletter subscribers, their CSV, and a person's data
 * (docs/decisions/0169-subscribers-view-and-csv.md, 0168).
 */
export default function AdminSubscribersPage() {
  const { t } = useTranslation();
  const api = useSubscribersApi();
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <DocumentHead title={t("admin.subscribers.pageTitle")} />
      <h1 className="text-3xl font-bold text-ink">{t("admin.subscribers.title")}</h1>
      <SubscribersView api={api} />
    </main>
  );
}
