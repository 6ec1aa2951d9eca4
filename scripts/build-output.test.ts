import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { APP_SHELL_FILE } from "@codcrm/core/site/app-shell";
import { inlineScriptHashes, inlineScriptHashesOf } from "@codcrm/core/web/inline-script-hashes";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { UTILITY_PAGES } from "@codcrm/core/site/app-shell";
import { PAGES_RENDERED_ON_REQUEST, PUBLIC_PAGES } from "@codcrm/core/site/public-pages";

/** The public pages the build writes (the blog's list is its page function's: blog-pages.test.ts). */
const PRERENDERED = PUBLIC_PAGES.filter((page) => !PAGES_RENDERED_ON_REQUEST.includes(page));
import { DEFAULT_WEB_ROOT, REPO_ROOT } from "@codcrm/local/server";

const SITE_URL = "http://localhost:3000";

function pageFile(language: string, page: string): string {
  return path.join(DEFAULT_WEB_ROOT, language, page, "index.html");
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
}

/** What the prerendered HTML declares before any script runs. */
function head(html: string) {
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
  const alternates = Object.fromEntries(
    links
      .filter((l) => attribute(l, "rel") === "alternate" && attribute(l, "hreflang"))
      .map((l) => [attribute(l, "hreflang"), attribute(l, "href")]),
  );
  return {
    lang: /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    canonical: links.filter((l) => attribute(l, "rel") === "canonical").map((l) => attribute(l, "href")),
    alternates,
    h1: [...html.matchAll(/<h1\b/g)].length,
    inlineScripts: inlineScriptHashesOf(html).length,
  };
}

describe("the prerendered site", () => {
  beforeAll(() => {
    // The browser tests build first; run alone, this test builds once itself.
    // Vitest's own variables (VITEST, NODE_ENV=test) must not reach the build: the web config
    // leaves the React Router plugin out under Vitest, and a test NODE_ENV would build React for development.
    if (!existsSync(path.join(DEFAULT_WEB_ROOT, APP_SHELL_FILE))) {
      const env = Object.fromEntries(
        Object.entries(process.env).filter(
          ([name]) => !name.startsWith("VITEST") && name !== "NODE_ENV" && name !== "MODE",
        ),
      );
      execSync("npm run build", { cwd: REPO_ROOT, stdio: "inherit", env });
    }
  }, 300_000);

  it.each(LANGUAGES)(
    "has every public page in %s with its language, title, canonical and reciprocal hreflang",
    (language) => {
      const titles = new Set<string>();
      for (const page of PRERENDERED) {
        const file = pageFile(language, page);
        expect(existsSync(file), file).toBe(true);
        const tags = head(readFileSync(file, "utf8"));
        const url = (l: string) => `${SITE_URL}/${l}${page}`;
        expect(tags.lang, file).toBe(language);
        expect(tags.title, file).toMatch(/\S.*CodCRM|CodCRM.*\S/);
        expect(tags.description?.length, file).toBeGreaterThan(20);
        expect(tags.canonical, file).toEqual([url(language)]);
        expect(tags.alternates, file).toEqual({ es: url("es"), en: url("en"), pt: url("pt"), "x-default": url("es") });
        expect(tags.h1, `${file}: one h1`).toBe(1);
        // The start script alone, the same on every page (docs/decisions/0185-no-app-requests-at-load.md).
        expect(tags.inlineScripts, `${file}: one inline script, the start script (CSP)`).toBe(1);
        titles.add(tags.title!);
      }
      expect(titles.size, "every page has its own title").toBe(PRERENDERED.length);
    },
  );

  it("needs one hash in the Content-Security-Policy for the inline scripts of the whole build", () => {
    expect(inlineScriptHashes(DEFAULT_WEB_ROOT)).toHaveLength(1);
  });

  it("has reciprocal alternates: each language version lists the others, which list it back", () => {
    for (const page of PRERENDERED) {
      for (const language of LANGUAGES) {
        const { alternates } = head(readFileSync(pageFile(language, page), "utf8"));
        for (const other of LANGUAGES) {
          const back = head(readFileSync(pageFile(other, page), "utf8")).alternates;
          expect(back[language], `${other}${page} -> ${language}`).toBe(alternates[language]);
        }
      }
    }
  });

  it("has a page-not-found page per language, not indexable, and the SPA fallback", () => {
    for (const language of LANGUAGES) {
      const html = readFileSync(path.join(DEFAULT_WEB_ROOT, language, "404.html"), "utf8");
      const tags = head(html);
      expect(tags.lang).toBe(language);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(tags.canonical).toEqual([]);
      expect(tags.h1).toBe(1);
    }
    expect(existsSync(path.join(DEFAULT_WEB_ROOT, APP_SHELL_FILE))).toBe(true);
  });

  it("has the newsletter's link pages in each language, each in its own language and not indexable", () => {
    for (const language of LANGUAGES)
      for (const page of UTILITY_PAGES) {
        const file = pageFile(language, page);
        const html = readFileSync(file, "utf8");
        expect(head(html).lang, file).toBe(language);
        expect(html, file).toContain('<meta name="robots" content="noindex"/>');
      }
  });

  it("ships each language's strings as a separate file, which the start script requests when the app starts", () => {
    const landing = readFileSync(pageFile("en", ""), "utf8");
    const preloaded = [...landing.matchAll(/\sdata-strings="(\/assets\/[^"]+\.json)"/g)].map((m) => m[1]);
    expect(preloaded).toHaveLength(1);
    expect(preloaded[0]).toMatch(/^\/assets\/en-[\w-]+\.json$/);
    const strings = JSON.parse(readFileSync(path.join(DEFAULT_WEB_ROOT, preloaded[0]!), "utf8")) as {
      nav: { services: string };
    };
    expect(strings.nav.services).toBe("Services");
  });
});
