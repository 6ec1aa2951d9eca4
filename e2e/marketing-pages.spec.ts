/// <reference lib="dom" />
import { axeViolations, WCAG_AND_BEST_PRACTICE } from "./axe.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { collectErrors, hydrated, hydratedAtWidth, readLocale } from "./site-helpers.ts";

// The largest file (37 tests that only read pages): its tests spread over the workers instead
// of running one after another in one of them at the end of the run (docs/testing.md).
test.describe.configure({ mode: "parallel" });

type Language = "es" | "en" | "pt";
const LANGUAGES: Language[] = ["es", "en", "pt"];

// The copy the pages are built from: each page must show its own language's text.
const COPY = Object.fromEntries(LANGUAGES.map((language) => [language, readLocale(language)])) as Record<
  Language,
  Record<string, unknown>
>;

function copy(language: Language, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], COPY[language]);
}

/** Item `index` of a list in the copy. */
function item<T>(language: Language, key: string, index: number): T {
  const list = copy(language, key);
  if (!Array.isArray(list) || list[index] === undefined) throw new Error(`No item ${index} at ${language}:${key}`);
  return list[index] as T;
}

function text(language: Language, key: string): string {
  const value = copy(language, key);
  if (typeof value !== "string") throw new Error(`No string at ${language}:${key}`);
  return value.replaceAll("{{brand}}", "CodCRM");
}

/** Each page, its namespace in the locale files and a piece of its content (a key under the namespace). */
const PAGES = [
  { page: "/servicios", namespace: "services.index", content: "cards.perfiles.description" },
  { page: "/servicios/contrareembolso", namespace: "services.contrareembolso", content: "sections.2.heading" },
  { page: "/servicios/perfiles", namespace: "services.perfiles", content: "sections.0.bullets.0" },
  { page: "/servicios/almacen", namespace: "services.almacen", content: "sections.1.paragraphs.0" },
  { page: "/servicios/transportistas", namespace: "services.transportistas", content: "sections.4.heading" },
  { page: "/sobre-nosotros", namespace: "about", content: "platform.text" },
  { page: "/privacidad", namespace: "legal.privacy", content: "sections.7.bullets.2" },
  { page: "/cookies", namespace: "legal.cookies", content: "sections.3.paragraphs.0" },
  { page: "/terminos", namespace: "legal.terms", content: "sections.9.paragraphs.0" },
  { page: "/precios", namespace: "pricing", content: "comparison.heading" },
  { page: "/soporte/faq", namespace: "faq", content: "groups.1.items.0.question" },
  { page: "/empresa/empleo", namespace: "careers", content: "positions.items.2.description" },
  { page: "/empresa/socios", namespace: "partners", content: "types.items.3.benefits.1" },
] as const;

/**
 * What the head and the document of the page open in `page` say, read in one evaluation: the
 * prerendered checks read about twenty facts per page, and a round trip to the browser for each
 * was nearly half of those tests' time (docs/testing.md). Every list holds each element the
 * selector finds, so "exactly one" stays part of each check (a locator's strict mode).
 */
function readDocument(page: Page) {
  return page.evaluate(() => {
    const attributes = (selector: string, name: string) =>
      [...document.querySelectorAll(selector)].map((element) => element.getAttribute(name));
    return {
      lang: document.documentElement.getAttribute("lang"),
      title: document.title,
      description: attributes('meta[name="description"]', "content"),
      canonical: attributes('link[rel="canonical"]', "href"),
      alternates: Object.fromEntries(
        ["es", "en", "pt", "x-default"].map((hreflang) => [
          hreflang,
          attributes(`link[rel="alternate"][hreflang="${hreflang}"]`, "href"),
        ]),
      ),
      ogTitle: attributes('meta[property="og:title"]', "content"),
      main: [...document.querySelectorAll("main")].map((main) => main.textContent ?? ""),
      levels: [...document.querySelectorAll("main :is(h1,h2,h3,h4,h5,h6)")].map((h) => Number(h.tagName[1])),
      bodyText: document.body.innerText,
    };
  });
}

/** Whitespace as Playwright's text assertions compare it. */
const normalized = (value: string) =>
  value
    .replace(/\u200b/g, "")
    .trim()
    .replace(/\s+/g, " ");

test.describe("prerendered HTML (no JavaScript)", () => {
  for (const language of LANGUAGES) {
    test(`every marketing page in ${language} has its content, one h1 and its head tags before any script runs`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      for (const { page: pagePath, namespace, content } of PAGES) {
        const url = `/${language}${pagePath}`;
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(200);
        // The page is static (no script runs): each fact is read once, all at the same time.
        // Headings and landmarks by their roles, as the accessibility tree has them.
        const [facts, h1, banner, main, contentinfo] = await Promise.all([
          readDocument(page),
          page.getByRole("heading", { level: 1 }).allTextContents(),
          page.getByRole("banner").count(),
          page.getByRole("main").count(),
          page.getByRole("contentinfo").count(),
        ]);
        expect(facts.lang, url).toBe(language);
        expect(h1.map(normalized), url).toEqual([normalized(text(language, `${namespace}.h1`))]);
        expect(facts.main.length, `${url} <main>`).toBe(1);
        expect(normalized(facts.main[0] ?? ""), url).toContain(normalized(text(language, `${namespace}.${content}`)));
        // Landmarks and heading order: one banner, main and footer; no heading level skipped.
        expect({ banner, main, contentinfo }, url).toEqual({ banner: 1, main: 1, contentinfo: 1 });
        facts.levels.reduce((previous, level) => {
          expect(level - previous, `${url}: h${previous} followed by h${level}`).toBeLessThanOrEqual(1);
          return level;
        }, 0);
        // Head: title, description, canonical, alternates and Open Graph from the page's own copy.
        const title = text(language, `${namespace}.meta.title`);
        expect(normalized(facts.title), url).toBe(normalized(`${title} | CodCRM`));
        expect(facts.description, url).toEqual([text(language, `${namespace}.meta.description`)]);
        expect(facts.canonical, url).toEqual([expect.stringMatching(new RegExp(`/${language}${pagePath}$`))]);
        for (const alternate of [...LANGUAGES, "x-default"]) {
          const target = alternate === "x-default" ? "es" : alternate;
          expect(facts.alternates[alternate], `${url} ${alternate}`).toEqual([
            expect.stringMatching(new RegExp(`/${target}${pagePath}$`)),
          ]);
        }
        expect(facts.ogTitle, url).toEqual([`${title} | CodCRM`]);
        // No placeholder or missing key leaks into the page.
        expect(facts.bodyText, url).not.toMatch(
          /\{\{\w+\}\}|\b(services|legal|about|pricing|faq|careers|partners|landing|common|contactDialog)\.[a-zA-Z]+/,
        );
      }
      await context.close();
    });
  }
});

test("every marketing page hydrates without errors", async ({ page }) => {
  const errors = collectErrors(page);
  for (const [i, { page: pagePath, namespace }] of PAGES.entries()) {
    const language = LANGUAGES[i % LANGUAGES.length] ?? "es";
    await page.goto(`/${language}${pagePath}`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, `${namespace}.h1`));
  }
  expect(errors).toEqual([]);
});

test("the services index links its three cards and the warehouse page under the page's language", async ({ page }) => {
  for (const language of LANGUAGES) {
    await page.goto(`/${language}/servicios`);
    for (const slug of ["contrareembolso", "transportistas", "perfiles"]) {
      const name = text(language, `services.index.cards.${slug}.name`);
      const card = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
      await expect(card.getByRole("link")).toHaveAttribute("href", `/${language}/servicios/${slug}`);
      // The link says which card it belongs to, not only "Ver más".
      await expect(card.getByRole("link")).toHaveAccessibleName(
        new RegExp(`^${text(language, "services.index.cardLink")}\\W+${name}$`),
      );
    }
    await expect(page.getByRole("link", { name: text(language, "services.index.storage.link") })).toHaveAttribute(
      "href",
      `/${language}/servicios/almacen`,
    );
  }
  // The whole card is the link's target: following it opens the detail page.
  await hydrated(page);
  await page
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading", {
        level: 2,
        name: text("pt", "services.index.cards.transportistas.name"),
        exact: true,
      }),
    })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/\/pt\/servicios\/transportistas$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("pt", "services.transportistas.h1"));
});

for (const [language, pagePath] of [
  ["es", "/servicios/contrareembolso"],
  ["pt", "/servicios/perfiles"],
  ["en", "/servicios/almacen"],
] as const) {
  test(`'Volver' on ${language}${pagePath} goes to /${language}`, async ({ page }) => {
    await page.goto(`/${language}${pagePath}`);
    await hydrated(page);
    const back = page.getByRole("link", {
      name: text(language, `services.${pagePath.split("/")[2]}.back`),
      exact: true,
    });
    await expect(back).toHaveAttribute("href", `/${language}`);
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/${language}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "landing.hero.title"));
  });
}

for (const [language, slug] of [
  ["es", "contrareembolso"],
  ["en", "perfiles"],
  ["pt", "transportistas"],
] as const) {
  test(`the demo buttons of /${language}/servicios/${slug} open the demo request dialog`, async ({ page }) => {
    await page.goto(`/${language}/servicios/${slug}`);
    await hydrated(page);
    const buttons = page.getByRole("main").getByRole("button", { name: text(language, `services.${slug}.cta.button`) });
    await expect(buttons).toHaveCount(2);
    for (const button of [buttons.first(), buttons.last()]) {
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await button.click();
      const dialog = page.getByRole("dialog", { name: text(language, "contactDialog.title.demo") });
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  });
}

test("the carriers page names MRW, GLS, Correos Express, NACEX and TIPSA as text marks", async ({ page }) => {
  await page.goto("/en/servicios/transportistas");
  const marks = page.locator("#transportistas li");
  await expect(marks).toHaveText(["MRW", "GLS", "Correos Express", "NACEX", "TIPSA"]);
  await expect(page.locator("#transportistas img")).toHaveCount(0);
});

test("the about page tells the 2018 Madrid founding and the platform since 2023, with initials instead of photos", async ({
  page,
}) => {
  await page.goto("/es/sobre-nosotros");
  await expect(page.locator("#historia")).toContainText("CodCRM nació en Madrid en 2018");
  await expect(page.locator("#plataforma")).toContainText("2023");
  const team = page.locator("#equipo li");
  const members = copy("es", "about.team.members") as { name: string }[];
  await expect(team).toHaveCount(members.length);
  await expect(team.first()).toContainText("LM");
  await expect(team.first().getByRole("heading", { level: 3 })).toHaveText(
    item<{ name: string }>("es", "about.team.members", 0).name,
  );
  await expect(page.locator("#equipo img")).toHaveCount(0);
});

for (const language of LANGUAGES) {
  test(`the ${language} legal pages date their last update in ${language} and their table of contents reaches every section`, async ({
    page,
  }) => {
    for (const [document, pagePath] of [
      ["privacy", "/privacidad"],
      ["cookies", "/cookies"],
      ["terms", "/terminos"],
    ] as const) {
      await page.goto(`/${language}${pagePath}`);
      // The copy writes the date out by hand in each language; the page formats the ISO date.
      await expect(page.locator("time")).toHaveText(text(language, `legal.${document}.lastUpdated`));
      await expect(page.locator("time")).toHaveAttribute("datetime", text(language, "legal.lastUpdatedIso"));
      const sections = copy(language, `legal.${document}.sections`) as { id: string; heading: string }[];
      const toc = page.getByRole("navigation", { name: text(language, "legal.tocHeading") });
      const links = toc.getByRole("link");
      await expect(links).toHaveText(sections.map((section) => section.heading));
      for (const [i, section] of sections.entries()) {
        await expect(links.nth(i)).toHaveAttribute("href", `#${section.id}`);
        await expect(page.locator(`section#${section.id} h2`)).toHaveText(section.heading);
      }
    }
    // Following an entry scrolls its section into view, below the sticky header.
    await hydrated(page);
    const sections = copy(language, "legal.terms.sections") as { id: string; heading: string }[];
    const target = item<{ id: string; heading: string }>(language, "legal.terms.sections", sections.length - 2);
    await page
      .getByRole("navigation", { name: text(language, "legal.tocHeading") })
      .getByRole("link", { name: target.heading })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${language}/terminos#${target.id}$`));
    await expect(page.locator(`#${target.id} h2`)).toBeInViewport();
    const top = await page.locator(`#${target.id} h2`).evaluate((h) => h.getBoundingClientRect().top);
    const headerBottom = await page.getByRole("banner").evaluate((h) => h.getBoundingClientRect().bottom);
    expect(top).toBeGreaterThanOrEqual(headerBottom);
  });
}

test("the pricing page shows the landing's plans and comparison in each language's reading, and the billing answers", async ({
  page,
}) => {
  await page.goto("/en/precios");
  await expect(page.getByRole("main")).toContainText("€50");
  await expect(page.getByRole("main")).toContainText("€13,000");
  await page.goto("/es/precios");
  await expect(page.getByRole("main")).toContainText("199 €");
  await expect(page.getByRole("heading", { level: 2 })).toContainText(["Básico", "Estándar", "Premium", "Enterprise"]);
  await expect(page.locator("#comparativa table tbody tr")).toHaveCount(3);
  await hydrated(page);
  const question = item<{ question: string; answer: string }>("es", "pricing.faq.items", 1);
  await expect(page.getByText(question.answer)).toBeHidden();
  await page.getByText(question.question).click();
  await expect(page.getByText(question.answer)).toBeVisible();
  // The popular plan's button asks for a trial of that plan.
  await page.getByRole("button", { name: /Empezar ahora — Estándar/ }).click();
  await expect(page.getByRole("dialog", { name: text("es", "contactDialog.title.trial") })).toBeVisible();
});

test("FAQ answers open and close from the keyboard", async ({ page }) => {
  await page.goto("/pt/soporte/faq");
  await hydrated(page);
  const entry = item<{ question: string; answer: string }>("pt", "faq.groups.2.items", 0);
  const summary = page.locator("summary", { hasText: entry.question });
  await expect(page.getByText(entry.answer)).toBeHidden();
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(entry.answer)).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByText(entry.answer)).toBeHidden();
  // The topic links lead to their group.
  await page.getByRole("link", { name: text("pt", "faq.groups.3.title") }).click();
  await expect(page).toHaveURL(/#cuenta$/);
});

test("careers apply by e-mail and partners open the contact dialog", async ({ page }) => {
  await page.goto("/en/empresa/empleo");
  const position = item<{ title: string }>("en", "careers.positions.items", 0);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: position.title, exact: true }) });
  await expect(card.getByRole("link")).toHaveAttribute(
    "href",
    `mailto:${text("en", "careers.apply.email")}?subject=${encodeURIComponent(position.title)}`,
  );
  await expect(card.getByRole("link")).toHaveAccessibleName(
    new RegExp(`^${text("en", "careers.apply.button")}\\W+${position.title.replace(/[()]/g, "\\$&")}$`),
  );
  await page.goto("/es/empresa/socios");
  await hydrated(page);
  await page
    .getByRole("button", { name: text("es", "partners.become.button") })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: text("es", "contactDialog.title.contact") })).toBeVisible();
});

// One page per template, in turn in each language.
const TEMPLATES = [
  "/es/servicios",
  "/en/servicios/contrareembolso",
  "/pt/servicios/transportistas",
  "/en/sobre-nosotros",
  "/pt/privacidad",
  "/es/precios",
  "/en/soporte/faq",
  "/pt/empresa/empleo",
  "/es/empresa/socios",
];

for (const width of [1280, 390]) {
  for (const pagePath of TEMPLATES) {
    test(`${pagePath} at ${width}px has no axe violations`, async ({ browser }) => {
      const { context, page } = await hydratedAtWidth(browser, pagePath, width);
      // Answers open too, so their text is checked as well.
      await page.locator("details").evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
      expect(await axeViolations(page, { tags: WCAG_AND_BEST_PRACTICE })).toEqual([]);
      await context.close();
    });
  }
}
