import { Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import { DocumentHead } from "../../seo/document-head.tsx";

/**
 * `/admin/*`: no language prefix, Spanish UI (the language provider renders admin paths in
 * Spanish and never stores a language there), never indexed. Its route modules are loaded
 * only when an admin path is opened.
 *
 * The admin is the browser's: the server renders only its loading frame (`HydrateFallback`),
 * once, into the document every admin path is served with (the app shell, prerendered at
 * `/admin`). In the browser this route's loader runs before anything of the admin renders, so
 * the shell hydrates as the same frame at any admin address
 * (docs/decisions/0201-react-19-as-commissioned.md).
 */
export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-slate-50" aria-busy="true">
      {/* Every admin address is served this document until its page names its own title. */}
      <DocumentHead title={t("admin.header.title")} robots="noindex, nofollow" />
    </div>
  );
}

export default function AdminLayout() {
  return (
    <div className="min-h-screen bg-slate-50">
      <DocumentHead robots="noindex, nofollow" />
      <Outlet />
    </div>
  );
}
