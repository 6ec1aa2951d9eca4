import { Link, NavLink } from "react-router";
import { contactFormButton } from "../lib/open-contact-form.ts";
import { useLanguage } from "../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { LanguageSelector } from "./language-selector.tsx";
import { Logo } from "./logo.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { HEADER_LINKS } from "./nav-links.ts";

export const primaryButton =
  "inline-flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800";

export function Header() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={localize("")} className="rounded-md">
          <Logo />
          <span className="sr-only"> — {t("nav.home")}</span>
        </Link>
        <nav aria-label={t("nav.label")} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {HEADER_LINKS.map((link) => (
              <li key={link.page}>
                <NavLink
                  to={localize(link.page)}
                  className={({ isActive }) =>
                    `rounded-md px-3 py-2 font-medium ${isActive ? "text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-ink"}`
                  }
                >
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-3 md:flex">
          <LanguageSelector />
          <button {...contactFormButton()} className={primaryButton}>
            {t("nav.contact")}
          </button>
        </div>
        <MobileMenu />
      </div>
    </header>
  );
}
