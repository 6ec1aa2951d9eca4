import { Link, useLocation } from "react-router";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { useLanguage, useTranslation } from "../i18n/language-context.tsx";

/**
 * es / en / pt: the same page under another prefix (path, query and anchor kept). Plain
 * links: they work before hydration and crawlers follow them; the new prefix is stored as
 * the visitor's choice when the page shows.
 */
export function LanguageSelector({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { language, pathIn } = useLanguage();
  const { pathname, search, hash } = useLocation();
  return (
    <nav aria-label={t("language.label")} className={className}>
      <ul className="flex items-center gap-1">
        {LANGUAGES.map((option) => (
          <li key={option}>
            <Link
              to={`${pathIn(option, pathname)}${search}${hash}`}
              hrefLang={option}
              lang={option}
              aria-current={option === language ? "true" : undefined}
              className={`block rounded-md px-2 py-1.5 text-sm font-semibold uppercase ${
                option === language ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-ink"
              }`}
            >
              <span aria-hidden="true">{option}</span>
              <span className="sr-only">{t(`language.names.${option}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
