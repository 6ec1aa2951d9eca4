// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Suspense } from "react";
import { TranslationStore } from "./translation-store.ts";
import { LanguageProvider, TranslationStoreProvider, useLanguage, useTranslation } from "./language-context.tsx";
import { unmountAll } from "../lib/unmount.testing.ts";

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
  localStorage.clear();
  document.cookie = "language=; Path=/; Max-Age=0";
});

const strings = {
  es: { nav: { blog: "Blog", services: "Servicios" }, common: { readingTime: "{{minutes}} min de lectura" } },
  en: { nav: { blog: "Blog", services: "Services" }, common: { readingTime: "{{minutes}} min read" } },
};

function Probe() {
  const { t } = useTranslation();
  const { language, localize, admin } = useLanguage();
  return (
    <p>
      {language}|{t("nav.services")}|{t("common.readingTime", { minutes: 4 })}|{localize("/blog")}|{String(admin)}
    </p>
  );
}

function renderAt(pathname: string, children = <Probe />) {
  return render(
    <TranslationStoreProvider store={new TranslationStore(strings)}>
      <LanguageProvider pathname={pathname}>{children}</LanguageProvider>
    </TranslationStoreProvider>,
  );
}

describe("language facility", () => {
  it("throws when used outside its provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow(/inside <LanguageProvider>/);
  });

  it("gives the path's language, its strings and prefixed links", () => {
    renderAt("/en/servicios");
    expect(screen.getByText("en|Services|4 min read|/en/blog|false")).toBeTruthy();
  });

  it("stores the prefix as the visitor's language, but never on admin paths", () => {
    renderAt("/en/blog");
    expect(localStorage.getItem("language")).toBe("en");
    // Mirrored in the cookie the servers read to redirect paths without a prefix.
    expect(document.cookie).toBe("language=en");
    unmountAll();
    localStorage.setItem("language", "en");
    renderAt("/admin/blog");
    expect(screen.getByText("es|Servicios|4 min de lectura|/es/blog|true")).toBeTruthy();
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

  it("fetches a language that is not loaded yet before showing it", async () => {
    const store = new TranslationStore({ es: strings.es });
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response(JSON.stringify(strings.en), { status: 200 }));
    await act(async () => {
      render(
        <TranslationStoreProvider store={store}>
          <Suspense fallback={<p>loading</p>}>
            <LanguageProvider pathname="/en">
              <Probe />
            </LanguageProvider>
          </Suspense>
        </TranslationStoreProvider>,
      );
    });
    expect(await screen.findByText("en|Services|4 min read|/en/blog|false")).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/en.*\.json/);
  });
});
