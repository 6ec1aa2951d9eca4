import { lazy, Suspense, useEffect } from "react";
import { Outlet, useLocation, useParams } from "react-router";
import { isLanguage } from "@codcrm/core/site/languages";
import { ContactDialog } from "./features/contact/contact-dialog.tsx";
import { NewsletterForm } from "./features/contact/newsletter-form.tsx";
import { Footer } from "./layout/footer.tsx";
import { Header } from "./layout/header.tsx";
import { useTranslation } from "react-i18next";
import { browserI18n } from "./i18n/i18n.ts";
import { loadLanguage } from "./i18n/locale-files.ts";
import { usePageViews } from "./lib/page-views.ts";

// Only a path without a language prefix followed inside the app needs it (a full load of one is
// redirected by the server): it loads then, not with every page.
const PathRedirect = lazy(() =>
  import("./features/navigation/path-redirect.tsx").then((module) => ({ default: module.PathRedirect })),
);

/**
 * A navigation to a page in another language waits for that language's strings, so the page
 * on screen stays until the next one can render in full (the app never suspends on them).
 * The build's loader (nothing to load: the build holds every language) only marks the route
 * as having data, so hydration of a prerendered page does not run the browser's one.
 */
export function loader() {
  return null;
}

export async function clientLoader({ params }: { params: { lang?: string } }) {
  if (isLanguage(params.lang)) await loadLanguage(browserI18n, params.lang);
  return null;
}

/** The page this document was loaded with: the browser places it, not the app. */
let loadedPath: string | undefined = typeof window === "undefined" ? undefined : window.location.pathname;

/**
 * The scroll position resets to the top on every path change; a path with a #fragment opens at
 * that part of the page (docs/decisions/0016-page-behaviour-kept.md). The page the document
 * was loaded with is left where the browser put it: at its #fragment, or where it was before a reload.
 */
function ScrollOnPathChange() {
  const { pathname, hash } = useLocation();
  // Braces matter: scrollTo returns a promise in recent browsers, and an effect's return value is called as its cleanup.
  useEffect(() => {
    if (pathname === loadedPath) return;
    loadedPath = undefined;
    const target = fragmentTarget(hash);
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/** Each of the app's navigations to another page is a page view (lib/page-views.ts). */
function PageViews() {
  usePageViews();
  return null;
}

/** The element a `#fragment` names, if any; a malformed escape (`#%zz`) names none rather than throwing. */
function fragmentTarget(hash: string): HTMLElement | null {
  if (!hash) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * The frame of every public page: header, main content, footer, contact dialog. It sits at the
 * app's top level because it joins the frame (`layout/`) with what features bring to every page
 * (the contact dialog, the newsletter form, the redirect of unprefixed paths).
 */
export default function SiteLayout() {
  const { t } = useTranslation();
  const { lang } = useParams();
  if (!isLanguage(lang))
    return (
      <Suspense fallback={null}>
        <PathRedirect />
      </Suspense>
    );
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        {t("common.skipToContent")}
      </a>
      {/* Each part of the frame is a Suspense boundary: React hydrates the frame around them first,
          then each part in tasks of its own, and a part the visitor presses or types into first
          (docs/decisions/0203-hydration-in-parts-by-react.md). `contents`: the header's wrapper
          makes no box, so the sticky header keeps the body as its containing block. */}
      <div className="contents">
        <Suspense>
          <Header />
        </Suspense>
      </div>
      <main id="main" tabIndex={-1} className="outline-none">
        <div>
          <Suspense>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <Footer
        newsletter={
          <div>
            <Suspense>
              <NewsletterForm />
            </Suspense>
          </div>
        }
      />
      <ContactDialog />
      <ScrollOnPathChange />
      <PageViews />
    </>
  );
}
