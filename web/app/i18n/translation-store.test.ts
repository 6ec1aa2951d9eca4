import { afterEach, describe, expect, it, vi } from "vitest";
import { TranslationStore } from "./translation-store.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("translation store", () => {
  it("serves each language its own strings and never another's", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = new TranslationStore({ es: { nav: { blog: "Blog" } }, en: { nav: { home: "Home" } } });
    expect(store.translate("en")("nav.home")).toBe("Home");
    expect(store.translate("en")("nav.blog")).toBe("nav.blog");
    expect(store.translate("es")("nav.home")).toBe("nav.home");
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("knows which languages it holds, and translates a language added later", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = new TranslationStore({ es: { nav: { blog: "Blog" } } });
    expect(store.has("pt")).toBe(false);
    expect(store.translate("pt")("nav.blog")).toBe("nav.blog");
    store.add("pt", { nav: { blog: "Blogue" } });
    expect(store.has("pt")).toBe(true);
    expect(store.translate("pt")("nav.blog")).toBe("Blogue");
    expect(store.translate("pt")).toBe(store.translate("pt"));
  });
});
