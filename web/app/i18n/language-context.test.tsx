// @vitest-environment jsdom
import { act, render, screen, cleanup } from "@testing-library/react";
import { useTranslation } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAppI18n, I18nProvider } from "./i18n.ts";
import { LanguageProvider, useLanguage } from "./language-context.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  document.cookie = "language=; Path=/; Max-Age=0";
});

const strings = {
  es: {
    nav: { blog: "Blog", services: "Servicios" },
    common: { readingTime: "{{minutes}} min de lectura" },
    blog: { views_one: "{{count}} visita", views_many: "{{count}} de visitas", views_other: "{{count}} visitas" },
  },
  en: {
    nav: { blog: "Blog", services: "Services" },
    common: { readingTime: "{{minutes}} min read" },
    blog: { views_one: "{{count}} view", views_other: "{{count}} views" },
  },
};

function Probe() {
  const { t } = useTranslation();
  const { language, localize, admin } = useLanguage();
  return (
    <p>
      {language}|{t("nav.services")}|{t("common.readingTime", { minutes: 4 })}|{localize("/blog")}|{String(admin)}|
      {t("blog.views", { count: 1 })}|{t("blog.views", { count: 2 })}
    </p>
  );
}

function renderAt(pathname: string, children = <Probe />, i18n = createAppI18n(strings)) {
  return render(
    <I18nProvider i18n={i18n}>
      <LanguageProvider pathname={pathname}>{children}</LanguageProvider>
    </I18nProvider>,
  );
}

describe("language facility", () => {
  it("throws when used outside its provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow(/inside <LanguageProvider>/);
  });

  it("gives the path's language, its strings with their plural forms, and prefixed links", () => {
    renderAt("/en/servicios");
    expect(screen.getByText("en|Services|4 min read|/en/blog|false|1 view|2 views")).toBeTruthy();
  });

  it("renders two languages at once from one instance, each in its own", () => {
    const i18n = createAppI18n(strings);
    render(
      <I18nProvider i18n={i18n}>
        <LanguageProvider pathname="/en">
          <Probe />
        </LanguageProvider>
        <LanguageProvider pathname="/es">
          <Probe />
        </LanguageProvider>
      </I18nProvider>,
    );
    expect(screen.getByText(/^en\|Services/)).toBeTruthy();
    expect(screen.getByText("es|Servicios|4 min de lectura|/es/blog|false|1 visita|2 visitas")).toBeTruthy();
  });

  it("remembers nothing for a visit; once a language was chosen, the prefix becomes it, never on admin paths", () => {
    // Visiting a page stores nothing: no localStorage, no cookie (docs/decisions/0404-language-kept-only-when-chosen.md).
    renderAt("/en/blog");
    expect(localStorage.getItem("language")).toBeNull();
    expect(document.cookie).toBe("");
    cleanup();
    // The visitor chose Portuguese before (the selector): a page under /en makes English the choice.
    localStorage.setItem("language", "pt");
    renderAt("/en/blog");
    expect(localStorage.getItem("language")).toBe("en");
    // Mirrored in the cookie the servers read to redirect paths without a prefix.
    expect(document.cookie).toBe("language=en");
    cleanup();
    renderAt("/admin/blog");
    expect(screen.getByText(/^es\|Servicios\|4 min de lectura\|\/es\/blog\|true/)).toBeTruthy();
    expect(localStorage.getItem("language")).toBe("en");
    expect(document.cookie).toBe("language=en");
  });

  it("shows a missing key as the key itself and warns", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    function Missing() {
      const { t } = useTranslation();
      return <p>{t("landing.nothing.here")}</p>;
    }
    renderAt("/es", <Missing />);
    expect(screen.getByText("landing.nothing.here")).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("landing.nothing.here"));
  });

  it("fetches a language that is not loaded yet, and shows it when it comes", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const i18n = createAppI18n({ es: strings.es });
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response(JSON.stringify(strings.en), { status: 200 }));
    await act(async () => {
      renderAt("/en", <Probe />, i18n);
    });
    expect(await screen.findByText("en|Services|4 min read|/en/blog|false|1 view|2 views")).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/en.*\.json/);
  });
});
