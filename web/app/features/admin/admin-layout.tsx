import { Outlet } from "react-router";
import { DocumentHead } from "../../seo/document-head.tsx";

/**
 * `/admin/*`: no language prefix, Spanish UI (the language provider renders admin paths in
 * Spanish and never stores a language there), never indexed. Its route modules are loaded
 * only when an admin path is opened.
 */
export default function AdminLayout() {
  return (
    <div className="min-h-screen bg-slate-50">
      <DocumentHead robots="noindex, nofollow" />
      <Outlet />
    </div>
  );
}
