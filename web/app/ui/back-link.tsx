import { Link } from "react-router";
import { useLanguage } from "../i18n/language-context.tsx";

/**
 * The feature pages' 'Volver' button goes to the home page, in the page's language
 * (docs/decisions/0016-page-behaviour-kept.md).
 */
export function BackLink({ label }: { label: string }) {
  const { localize } = useLanguage();
  return (
    <Link
      to={localize("")}
      className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12.5 4.5 7 10l5.5 5.5" />
      </svg>
      {label}
    </Link>
  );
}
