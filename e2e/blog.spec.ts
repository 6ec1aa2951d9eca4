import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import Parser from "rss-parser";
import {
  adminToken,
  collectErrors,
  type CreatedArticle,
  hydrated,
  newClientContext,
  openWithAppHeld,
  openWithStartSteps,
  apiSuite,
} from "./site-helpers.ts";

const { run: RUN, client: CLIENT, create } = apiSuite("q", "10.44.0.1", { excerpt: "Resumen de prueba." });

let token: string;
const made = {} as Record<"alpha" | "beta" | "gamma" | "draft", CreatedArticle>;

async function views(request: APIRequestContext, id: string): Promise<number> {
  const response = await request.get(`/api/articles/${id}`);
  return (await response.json()).article.viewCount as number;
}

/**
 * What typing "Beta <run>" before or while the app starts ends in: the box keeps the text and the
 * focus, the address names the search, and the list shows the one article it finds. Answers the box.
 */
async function expectBetaSearched(page: Page): Promise<Locator> {
  const box = page.getByRole("searchbox");
  await expect(box).toHaveValue(`Beta ${RUN}`);
  await expect(box).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`\\?q=Beta\\+${RUN}$`));
  await expect(page.getByTestId("article-card").locator("h2")).toHaveText([made.beta.title]);
  return box;
}

test.beforeAll(async ({ request }) => {
  token = adminToken();
  made.alpha = await create(request, {
    title: `Alfa ${RUN} automatizar confirmaciones`,
    excerpt: `Un resumen que menciona ${RUN}.`,
    content: `Primer párrafo del artículo alfa.\nSegundo párrafo del artículo alfa.`,
    categories: [{ id: "automatizacion", name: "Automatización" }],
  });
  made.beta = await create(request, {
    title: `Beta ${RUN} noticias`,
    categories: [{ id: "noticias", name: "Noticias" }],
  });
  made.gamma = await create(request, {
    title: `Gamma ${RUN} integraciones`,
    categories: [{ id: "integraciones", name: "Integraciones" }],
  });
  // Popular order: gamma (3 views), alfa (1), beta (0): each a page's beacon from a reader of its own.
  for (const [reader, id] of [made.gamma.id, made.gamma.id, made.gamma.id, made.alpha.id].entries())
    await request.post("/api/views", {
      headers: { "content-type": "text/plain;charset=UTF-8", "cloudfront-viewer-address": `10.44.9.${reader}:1` },
      data: JSON.stringify({ p: `/es/blog/${id}`, a: id }),
    });
  made.draft = await create(request, {
    title: `Borrador ${RUN} oculto`,
    content: `Texto secreto ${RUN}.`,
    published: false,
  });
});

test.describe("blog list", () => {
  test("search, category and sort live in the URL, survive a reload and follow the back button", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/es/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      "/es/blog/rss.xml",
    );
    const cards = page.getByTestId("article-card");
    await expect(cards.first()).toBeVisible();

    // Case-insensitive substring of the title or the excerpt.
    await page.getByPlaceholder("Buscar artículos...").fill(RUN.toUpperCase());
    await expect(page).toHaveURL(new RegExp(`[?&]q=${RUN.toUpperCase()}`));
    await expect(cards).toHaveCount(3);
    await expect(page.getByText(`Borrador ${RUN}`)).toHaveCount(0);

    await page.getByRole("combobox", { name: "Ordenar" }).selectOption("popular");
    await expect(page).toHaveURL(/sort=popular/);
    await expect(cards.locator("h2")).toHaveText([made.gamma.title, made.alpha.title, made.beta.title]);
    await page.getByRole("combobox", { name: "Ordenar" }).selectOption("oldest");
    await expect(cards.locator("h2")).toHaveText([made.alpha.title, made.beta.title, made.gamma.title]);

    await page.getByRole("combobox", { name: "Categoría" }).selectOption("noticias");
    await expect(page).toHaveURL(/category=noticias/);
    await expect(cards.locator("h2")).toHaveText([made.beta.title]);

    await page.reload();
    await expect(page.getByPlaceholder("Buscar artículos...")).toHaveValue(RUN.toUpperCase());
    await expect(page.getByRole("combobox", { name: "Categoría" })).toHaveValue("noticias");
    await expect(page.getByRole("combobox", { name: "Ordenar" })).toHaveValue("oldest");
    await expect(cards.locator("h2")).toHaveText([made.beta.title]);

    await page.goBack();
    await expect(page).not.toHaveURL(/category=/);
    // A full load: the app there starts on the first interaction (docs/decisions/0177-app-starts-on-first-interaction.md).
    await hydrated(page);
    await expect(cards.locator("h2")).toHaveText([made.alpha.title, made.beta.title, made.gamma.title]);

    await page.getByPlaceholder("Buscar artículos...").fill(`${RUN} nada coincide`);
    await expect(page.getByTestId("blog-empty")).toHaveText(
      "No se encontraron artículos que coincidan con tu búsqueda.",
    );
    expect(errors).toEqual([]);
  });

  test("cards show category, date in the page's language and reading time", async ({ page }) => {
    await page.goto(`/en/blog?q=${made.alpha.title.split(" ")[1]}`);
    const card = page.getByTestId("article-card");
    await expect(card).toHaveCount(3);
    const alpha = card.filter({ hasText: made.alpha.title });
    await expect(alpha).toContainText("Automation");
    await expect(alpha).toContainText("1 min read");
    await expect(alpha.locator("time")).toHaveText(
      new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "Europe/Madrid" }).format(new Date()),
    );
  });

  test("the first cards come in the page's HTML, the first image asked for at once, and the app asks for none", async ({
    page,
    request,
  }) => {
    // What the server sends, before any script: the cards, the first one's image eager and first.
    const html = await (await request.get("/es/blog")).text();
    const body = html.slice(html.indexOf("<body"));
    const cards = body.split('data-testid="article-card"').slice(1);
    expect(cards.length).toBeGreaterThan(0);
    expect(body.indexOf('data-testid="article-card"')).toBeLessThan(body.indexOf("<script"));
    // The first card's image, when it has one, is asked for at once; the others as they come near.
    // (A card without a cover shows the brand's mark instead, as data in the page.)
    const images = cards.map((card) => /<img\b(?![^>]*src="data:)[^>]*>/.exec(card.split("</li>")[0]!)?.[0]);
    if (images[0]) expect(images[0]).toMatch(/fetchpriority="high"/i);
    for (const image of images.slice(1)) if (image) expect(image).toMatch(/loading="lazy"/);

    const asked: string[] = [];
    page.on("request", (sent) => {
      if (new URL(sent.url()).pathname === "/api/articles") asked.push(sent.url());
    });
    const errors = collectErrors(page);
    await page.goto("/es/blog");
    await expect(page.getByTestId("article-card").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The app shows the server's first page as its own: no request for it, and one copy on screen.
    expect(asked).toEqual([]);
    await expect(page.locator("h1")).toHaveCount(1);
    // A search asks the API as before.
    await page.getByRole("searchbox").fill(RUN);
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test("a category page lists that category with its own title, description and canonical", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(`/es/blog/automatizacion?q=${RUN}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Automatización: artículos del blog");
    await expect(page).toHaveTitle("Automatización: artículos del blog | CodCRM");
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/es\/blog\/automatizacion$/);
    await expect(page.getByTestId("article-card").locator("h2")).toHaveText([made.alpha.title]);
    expect(errors).toEqual([]);
  });
});

test("a list whose first card has a cover: the image loads from the HTML before the app starts, and keeps its place", async ({
  page,
  request,
  baseURL,
}) => {
  // Its own token: the other tests' searches for RUN must not find this article.
  const cover = `p${Date.now().toString(36)}x`;
  const article = await create(request, {
    title: `Portada ${cover} primera`,
    imageUrl: `${baseURL}/favicon.svg`,
    imageAlt: "Logotipo de CodCRM",
  });
  try {
    const path = `/es/blog?q=${cover}`;
    const html = await (await request.get(path)).text();
    const card = html.slice(html.indexOf('data-testid="article-card"')).split("</li>")[0]!;
    expect(card).toMatch(/<img\b[^>]*fetchpriority="high"/i);
    expect(card).toMatch(/<img\b[^>]*loading="eager"/i);

    const release = await openWithAppHeld(page, path);
    const image = page.getByTestId("article-card").first().locator("img");
    // Loaded while the app is held back: the browser found it in the HTML.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const before = await image.boundingBox();
    release();
    await hydrated(page);
    await expect(page.locator("body > [data-server-page]")).toHaveCount(0);
    await expect(page.getByTestId("article-card").locator("h2")).toHaveText([article.title]);
    expect(await image.boundingBox()).toEqual(before);
  } finally {
    await request.delete(`/api/admin/articles/${article.id}`, {
      headers: { ...CLIENT, authorization: `Bearer ${token}` },
    });
  }
});

test.describe("the list's search before the app starts", () => {
  test("without JavaScript the search form asks the server, which lists what matches", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/es/blog");
    await expect(page.getByTestId("article-card").first()).toBeVisible();
    await page.getByRole("searchbox").fill(`Gamma ${RUN}`);
    await page.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(new RegExp(`/es/blog\\?q=Gamma\\+${RUN}&`));
    await expect(page.getByTestId("article-card").locator("h2")).toHaveText([made.gamma.title]);
    await expect(page.getByRole("searchbox")).toHaveValue(`Gamma ${RUN}`);
    await context.close();
  });

  test("what a visitor types into the page's box before the app starts is kept, focused, and searched for", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    // The app's entry waits until the visitor has typed into the page's form.
    const release = await openWithAppHeld(page, "/es/blog");
    await expect(page.locator("form[role=search]")).toBeVisible();
    await page.getByRole("searchbox").pressSequentially(`Beta ${RUN}`);
    release();
    await hydrated(page);
    const box = await expectBetaSearched(page);
    // Typing goes on where it stopped.
    await page.keyboard.type(" noticias");
    await expect(box).toHaveValue(`Beta ${RUN} noticias`);
    expect(errors).toEqual([]);
  });

  test("the server's list and the app's are laid out alike: nothing moves when the app takes over", async ({
    page,
  }) => {
    const release = await openWithAppHeld(page, "/es/blog");
    // Swapped elements are new ones, which the browser's layout-shift score does not count:
    // the positions are compared instead.
    const positions = () =>
      Promise.all(
        ["searchbox", "card"].map(async (what) => {
          const target = what === "card" ? page.getByTestId("article-card").first() : page.getByRole("searchbox");
          const box = (await target.count()) ? await target.boundingBox() : null;
          return { what, ...box };
        }),
      );
    const before = await positions();
    release();
    await hydrated(page);
    expect(await positions()).toEqual(before);
  });
});

test.describe("the app takes the list over as it is", () => {
  test("the server's cards become the app's, the same elements, and nothing has moved", async ({ page }) => {
    const errors = collectErrors(page);
    const release = await openWithAppHeld(page, "/es/blog");
    const cards = page.getByTestId("article-card");
    const titles = await cards.locator("h2").allTextContents();
    expect(titles.length).toBeGreaterThan(3);
    const places = () =>
      Promise.all(
        [
          page.getByRole("searchbox"),
          ...Array.from({ length: titles.length }, (_, i) => cards.nth(i)),
          page.locator("footer"),
        ].map((target) => target.boundingBox()),
      );
    const before = await places();
    // Each card the server wrote is marked: hydration adopts elements, it never writes new ones.
    await cards.evaluateAll((elements) => elements.forEach((element) => element.setAttribute("data-from-html", "")));
    release();
    await hydrated(page);
    await expect(cards.locator("h2")).toHaveText(titles);
    await expect(page.locator("[data-testid=article-card][data-from-html]")).toHaveCount(titles.length);
    expect(await places()).toEqual(before);
    expect(errors).toEqual([]);
  });

  test("what a visitor types into the box while the app starts is kept and searched for", async ({ page }) => {
    const steps = await openWithStartSteps(page, "/es/blog");
    await steps.heldAt(1);
    await page.getByRole("searchbox").pressSequentially("Beta ");
    await steps.release();
    await steps.heldAt(2);
    await page.keyboard.type(`${RUN}`);
    await steps.release();
    await hydrated(page);
    await expectBetaSearched(page);
  });

  test("an address typed into the footer's newsletter box and a text selection survive the app's start", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const release = await openWithAppHeld(page, "/es/blog");
    const field = page.getByRole("contentinfo").getByRole("textbox");
    await field.scrollIntoViewIfNeeded();
    await field.pressSequentially("lectora@example.com");
    // A passage the visitor selected in the page (the list's intro), as a reader does to copy it.
    const selected = await page.evaluate(() => {
      const intro = document.querySelector("main h1 + p")!;
      const range = document.createRange();
      range.selectNodeContents(intro);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      return getSelection()!.toString();
    });
    expect(selected.length).toBeGreaterThan(20);
    release();
    await hydrated(page);
    // The parts below the first screen hydrate after the frame: long enough for the footer's too.
    await expect.poll(() => page.evaluate(() => getSelection()!.toString()), { timeout: 2000 }).toBe(selected);
    await page.waitForTimeout(500);
    await expect(field).toHaveValue("lectora@example.com");
    await expect(field).toBeFocused();
    expect(await page.evaluate(() => getSelection()!.toString())).toBe(selected);
    expect(errors).toEqual([]);
  });
});

test.describe("article page", () => {
  test("by slug: back link, title, date, reading time, views, one paragraph per line, head from the meta fields", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto(`/es/blog/${made.alpha.slug}`);
    // The app takes the server's copy over once it runs, on the first interaction (decision 0177).
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(made.alpha.title);
    await expect(page.getByRole("link", { name: "← Volver al blog" })).toHaveAttribute("href", "/es/blog");
    await expect(page.locator("article p:not([class])")).toHaveText([
      "Primer párrafo del artículo alfa.",
      "Segundo párrafo del artículo alfa.",
    ]);
    await expect(page).toHaveTitle(`${made.alpha.title} | Blog CodCRM`);
    // The description is the excerpt's text (docs/decisions/0150-descriptions-from-the-excerpt.md).
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      `Un resumen que menciona ${RUN}.`,
    );
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /^alfa, /);
    // The app took over: the server's copy and head tags are gone, nothing is doubled.
    await expect(page.locator("[data-server-page]")).toHaveCount(0);
    await expect(page.locator("title")).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator("main")).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test("by id and by former slug, with the canonical at the current slug", async ({ page, request }) => {
    const renamed = await create(request, { title: `Nombre viejo ${RUN}` });
    const response = await request.put(`/api/admin/articles/${renamed.id}`, {
      headers: { ...CLIENT, authorization: `Bearer ${token}` },
      data: {
        title: `Nombre nuevo ${RUN}`,
        excerpt: "Resumen.",
        content: "Contenido.",
        published: true,
        version: renamed.version,
      },
    });
    const current = (await response.json()).article as CreatedArticle;
    for (const segment of [renamed.id, renamed.slug]) {
      await page.goto(`/es/blog/${segment}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Nombre nuevo ${RUN}`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`/es/blog/${current.slug}$`),
      );
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    }
  });

  test("nothing matches: the first published article under a notice, noindex, canonical to it", async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page);
    for (const segment of [`no-existe-${RUN}`, made.draft.slug]) {
      // Other test files publish articles on the same server meanwhile: when one lands between
      // reading the newest article and showing the page, the check is made again. The page
      // shows the newest in its own language (`fallback=first&lang=es`): an English article
      // another file published last is not the one to expect here.
      await expect(async () => {
        const first = (await (await request.get("/api/articles?limit=1&lang=es")).json()).articles[0] as CreatedArticle;
        await page.goto(`/es/blog/${segment}`);
        await expect(page.locator("article [role=status]")).toHaveText(
          "No hemos encontrado el artículo que buscabas. Te mostramos el más reciente.",
        );
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title, { timeout: 5000 });
        await expect(page.getByText(`Texto secreto ${RUN}`)).toHaveCount(0);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
        // The canonical is the article's own: where it was first published when its editor
        // names such a place (the canonical test of another file publishes one), its page here
        // otherwise (docs/decisions/0117-canonical-url-override.md).
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          "href",
          first.canonicalUrl ?? new RegExp(`/es/blog/${first.slug}$`),
        );
      }).toPass({ timeout: 45_000 });
    }
    expect(errors).toEqual([]);
  });

  test("/blog/post/{x} leads to the article", async ({ page }) => {
    await page.goto(`/es/blog/post/${made.beta.slug}`);
    await expect(page).toHaveURL(new RegExp(`/es/blog/${made.beta.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(made.beta.title);
  });

  test("an opening without any interaction counts one view, from one beacon, without the app", async ({
    browser,
    request,
  }) => {
    // Views count once per client and article: a client of its own, whichever other test
    // opened this article from the browser's default address before.
    const page = await (await newClientContext(browser)).newPage();
    const beacons: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/")) beacons.push(new URL(r.url()).pathname);
    });
    const before = await views(request, made.beta.id);
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/views"));
    await page.goto(`/es/blog/${made.beta.slug}`);
    // The page's own beacon (docs/decisions/0400-first-party-page-views.md): nobody touches the page.
    expect(JSON.parse((await sent).postData() ?? "{}")).toMatchObject({
      p: `/es/blog/${made.beta.slug}`,
      a: made.beta.id,
    });
    await expect.poll(() => views(request, made.beta.id)).toBe(before + 1);
    await page.waitForTimeout(1000);
    expect(beacons.filter((path) => path === "/api/views")).toHaveLength(1);
    expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(false);
    // The beacon left after the page's largest paint, and so did the speed module.
    const order = await page.evaluate(async () => {
      const lcp = await new Promise<number>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
          type: "largest-contentful-paint",
          buffered: true,
        }),
      );
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const start = (test: RegExp) => resources.find((entry) => test.test(entry.name))?.startTime ?? -1;
      return { lcp, beacon: start(/\/api\/views$/), vitals: start(/\/assets\/vitals-/) };
    });
    expect(order.beacon).toBeGreaterThan(order.lcp);
    expect(order.vitals).toBeGreaterThan(order.lcp);

    // Opening it again from the list (a client-side navigation) is a new opening, reported by the
    // same beacon; the server counts one view per client and article per window, so the count stays.
    await page.goto(`/es/blog?q=${RUN}`);
    await hydrated(page);
    const again = page.waitForRequest(
      (r) => r.url().endsWith("/api/views") && JSON.parse(r.postData() ?? "{}").a === made.beta.id,
    );
    await page.getByRole("link", { name: made.beta.title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(made.beta.title);
    await again;
    await expect(page.getByTestId("view-count")).toHaveText(`${before + 1} visitas`);
    expect(await views(request, made.beta.id)).toBe(before + 1);
  });
});

test.describe("what crawlers get", () => {
  test("a plain HTTP client finds the article's title, description, Open Graph, canonical and text", async ({
    request,
    baseURL,
  }) => {
    const pictured = await create(request, {
      title: `Con imagen ${RUN}`,
      content: "Texto visible para buscadores.\nSegunda línea.",
      imageUrl: `${baseURL}/favicon.svg`,
      imageAlt: "Logotipo de CodCRM",
    });
    const response = await request.get(`/es/blog/${pictured.slug}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>Con imagen ${RUN} | Blog CodCRM</title>`);
    // The excerpt, as plain text (docs/decisions/0150-descriptions-from-the-excerpt.md).
    expect(html).toContain('name="description" content="Resumen de prueba."');
    expect(html).toContain(`property="og:title" content="Con imagen ${RUN} | Blog CodCRM"`);
    expect(html).toContain(`property="og:image" content="${baseURL}/favicon.svg"`);
    expect(html).toMatch(new RegExp(`rel="canonical" href="[^"]*/es/blog/${pictured.slug}"`));
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toMatch(/<p>Texto visible para buscadores\.<\/p>\s*<p>Segunda línea\.<\/p>/);
  });

  test("drafts are in no feed or sitemap, and the feed is valid RSS 2.0", async ({ request }) => {
    const feed = await request.get("/es/blog/rss.xml");
    expect(feed.status()).toBe(200);
    const xml = await feed.text();
    const parsed = await new Parser().parseString(xml);
    expect(parsed.items.map((i) => i.title)).toContain(made.alpha.title);
    expect(xml).not.toContain(`Borrador ${RUN}`);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/es/blog/${made.alpha.slug}</loc>`);
    expect(sitemap).not.toContain(made.draft.slug);
    const list = await (await request.get(`/api/articles?q=${RUN}&limit=100`)).json();
    expect(list.articles.map((a: CreatedArticle) => a.id)).not.toContain(made.draft.id);
    expect((await request.get("/robots.txt")).ok()).toBe(true);
  });
});

test("markup and scripts stored in an article show as characters and never run", async ({ page, request }) => {
  const run = (n: number) =>
    `<script>fetch('/xss-hit-${n}');alert(${n})</script><img src=x onerror="fetch('/xss-hit-i${n}');alert(${n})">`;
  const evil = await create(request, {
    title: `XSS ${RUN} ${run(1)}`,
    excerpt: `Resumen ${run(2)}`,
    content: `Párrafo ${run(3)}\n</p><svg onload="fetch('/xss-hit-s')"></svg>`,
    categories: [{ name: `Cat ${RUN} <b onmouseover="alert(4)">x</b>` }],
    imageUrl: `https://example.invalid/a.jpg?"onerror="fetch('/xss-hit-5')`,
    imageAlt: `Portada ${run(6)}`,
  });
  const dialogs: string[] = [];
  const hits: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/xss-hit")) hits.push(r.url());
  });
  await page.goto(`/es/blog/${evil.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`XSS ${RUN} ${run(1)}`);
  await expect(page.getByText(`Párrafo ${run(3)}`)).toBeVisible();
  await page.goto(`/es/blog?q=XSS ${RUN}`);
  await expect(page.getByTestId("article-card")).toContainText(`Resumen ${run(2)}`);
  await page.getByTestId("article-card").hover();
  await page.goto(`/es/blog/${evil.slug}`);
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(hits).toEqual([]);
  // Its cover is on a host that does not resolve: gone, it cannot show up among the landing's
  // latest articles and fail an image load in another suite.
  const removed = await request.delete(`/api/admin/articles/${evil.id}`, {
    headers: { ...CLIENT, authorization: `Bearer ${token}` },
  });
  expect(removed.status()).toBe(204);
});
