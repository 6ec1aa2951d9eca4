import { describe, expect, it } from "vitest";
import type { Language } from "../site/languages.ts";
import {
  adminTranslations,
  defaultVersion,
  fallenBehind,
  oneCardPerGroup,
  publicTranslations,
} from "./translations.ts";

function member(id: string, language: Language, translationGroup: string, published = true) {
  return {
    id,
    slug: `slug-${id}`,
    language,
    translationGroup,
    published,
    version: 1,
    updatedAt: "2026-11-20T10:00:00.000Z",
  };
}

// Newest first, as the API lists them.
const list = [
  member("g1-en", "en", "g1"),
  member("solo-pt", "pt", "solo-pt"),
  member("g1-es", "es", "g1"),
  member("g2-pt", "pt", "g2"),
  member("g2-es", "es", "g2"),
  member("g1-pt", "pt", "g1"),
  member("solo-es", "es", "solo-es"),
  member("g3-en", "en", "g3"),
  member("g3-pt", "pt", "g3"),
];

describe("one card per translation group", () => {
  it("shows each group once, in the page's language first, the others after, in list order", () => {
    const cards = oneCardPerGroup(list, "en").map((c) => [c.article.id, c.inPageLanguage]);
    expect(cards).toEqual([
      ["g1-en", true],
      ["g3-en", true],
      ["solo-pt", false],
      ["g2-es", false],
      ["solo-es", false],
    ]);
  });

  it("falls back to the Spanish version, else the group's first in list order", () => {
    const cards = oneCardPerGroup(list, "pt").map((c) => [c.article.id, c.inPageLanguage]);
    expect(cards).toEqual([
      ["solo-pt", true],
      ["g2-pt", true],
      ["g1-pt", true],
      ["g3-pt", true],
      ["solo-es", false],
    ]);
    const es = oneCardPerGroup(list, "es").map((c) => c.article.id);
    expect(es).toEqual(["g1-es", "g2-es", "solo-es", "solo-pt", "g3-en"]);
  });

  it("keeps an empty list empty", () => {
    expect(oneCardPerGroup([], "es")).toEqual([]);
  });
});

describe("translations of an article", () => {
  it("lists the other published members of its group in es, en, pt order, never itself", () => {
    expect(publicTranslations(member("g1-pt", "pt", "g1"), list)).toEqual([
      { language: "es", slug: "slug-g1-es" },
      { language: "en", slug: "slug-g1-en" },
    ]);
    expect(publicTranslations(member("solo-es", "es", "solo-es"), list)).toEqual([]);
  });

  it("gives the administrator drafts too", () => {
    const all = [...list, member("g3-es", "es", "g3", false)];
    expect(adminTranslations(member("g3-en", "en", "g3"), all)).toEqual([
      { language: "es", id: "g3-es", slug: "slug-g3-es", published: false },
      { language: "pt", id: "g3-pt", slug: "slug-g3-pt", published: true },
    ]);
  });

  it("marks a translation outdated once its source moved past the version it was saved against", () => {
    const source = { ...member("g4", "es", "g4"), version: 3, updatedAt: "2026-11-22T10:00:00.000Z" };
    const upToDate = { ...member("g4-en", "en", "g4"), sourceVersion: 3 };
    const behind = { ...member("g4-pt", "pt", "g4"), sourceVersion: 2 };
    // Saved before the source's version was kept: by time.
    const older = { ...member("g5-en", "en", "g4"), updatedAt: "2026-11-21T10:00:00.000Z" };
    const all = [source, upToDate, behind, older];
    expect(fallenBehind(upToDate, all)).toBeUndefined();
    expect(fallenBehind(behind, all)).toEqual({ sourceId: "g4", sourceLanguage: "es", since: 2, current: 3 });
    expect(fallenBehind(older, all)).toEqual({ sourceId: "g4", sourceLanguage: "es", current: 3 });
    expect(fallenBehind(source, all)).toBeUndefined();
    expect(adminTranslations(source, all).map((t) => [t.id, t.outdated ?? false])).toEqual([
      ["g4-en", false],
      ["g5-en", true],
      ["g4-pt", true],
    ]);
  });

  it("takes the Spanish version as x-default, else the article itself", () => {
    const en = { language: "en" as Language, slug: "a" };
    expect(defaultVersion(en, [{ language: "pt", slug: "b" }])).toBe(en);
    expect(defaultVersion(en, [{ language: "es", slug: "c" }]).slug).toBe("c");
  });
});
