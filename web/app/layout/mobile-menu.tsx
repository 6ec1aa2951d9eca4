import { useEffect, useRef, useState, useId } from "react";
import { NavLink, useLocation } from "react-router";
import { contactFormButton } from "../lib/open-contact-form.ts";
import { useLanguage } from "../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { LanguageSelector } from "./language-selector.tsx";
import { HEADER_LINKS } from "./nav-links.ts";
import { ControlIcon } from "../ui/icons.tsx";

/**
 * The header's links on small screens: a disclosure button and the panel it controls.
 * Escape closes it and puts focus back on the button; following a link closes it.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const { pathname } = useLocation();
  // Open for the page it was opened on: another page shows it closed at once. An effect that
  // closed it whenever the path changed also ran once after hydration, and closed a menu pressed
  // just before (a press the start script replays as the app takes the page); this one forgets
  // only a menu left open on another page, so coming back to that page finds it closed.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  useEffect(() => {
    if (openOn !== null && openOn !== pathname) setOpenOn(null);
  }, [openOn, pathname]);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // The contact dialog handles its own Escape.
      if (event.key !== "Escape" || document.querySelector("dialog[open]")) return;
      setOpenOn(null);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn((on) => (on === pathname ? null : pathname))}
        className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-ink hover:bg-slate-100"
      >
        <span className="sr-only">{open ? t("nav.closeMenu") : t("nav.openMenu")}</span>
        <ControlIcon name={open ? "close" : "menu"} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pb-6 shadow-lg"
      >
        <nav aria-label={t("nav.label")}>
          <ul className="flex flex-col py-2">
            {HEADER_LINKS.map((link) => (
              <li key={link.page}>
                <NavLink
                  to={localize(link.page)}
                  className="block rounded-md px-3 py-3 text-lg font-medium text-ink hover:bg-slate-100"
                  onClick={() => setOpenOn(null)}
                >
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center justify-between gap-3 border-t border-slate-200 pt-4">
          <LanguageSelector />
          <button
            {...contactFormButton()}
            className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {t("nav.contact")}
          </button>
        </div>
      </div>
    </div>
  );
}
