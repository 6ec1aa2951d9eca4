import { Link, useLocation, useMatches } from "react-router";
import { LANGUAGES, type Language } from "@codcrm/core/site/languages";
import { useLanguage } from "../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import type { LanguagePathHandle } from "../i18n/language-path-handle.ts";
import { storeLanguage } from "../i18n/language-preference.ts";

/**
 * es / en / pt: the same page under another prefix (path, query and anchor kept), or where
 * the page's route says that language leads (`LanguagePathHandle`). A page that exists in some
 * languages only (an article and its translations) offers those, and the page's own. Plain
 * links: they work before hydration and crawlers follow them. Choosing one is what makes the
 * site remember a language (localStorage and its cookie): visiting pages remembers nothing
 * (docs/decisions/0404-language-kept-only-when-chosen.md).
 */
export function LanguageSelector({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { language, pathIn } = useLanguage();
  const { pathname, search, hash } = useLocation();
  const matches = useMatches();
  const target = (option: Language) => {
    for (const match of matches) {
      const path = (match.handle as Partial<LanguagePathHandle> | undefined)?.pathIn?.(match.loaderData, option);
      if (path) return path;
    }
    return `${pathIn(option, pathname)}${search}${hash}`;
  };
  const offered = (() => {
    for (const match of matches) {
      const languages = (match.handle as Partial<LanguagePathHandle> | undefined)?.languages?.(match.loaderData);
      if (languages) return LANGUAGES.filter((option) => option === language || languages.includes(option));
    }
    return LANGUAGES;
  })();
  return (
    <nav aria-label={t("language.label")} className={className}>
      <ul className="flex items-center gap-1">
        {offered.map((option) => (
          <li key={option}>
            <Link
              to={target(option)}
              hrefLang={option}
              lang={option}
              onClick={() => storeLanguage(option)}
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
