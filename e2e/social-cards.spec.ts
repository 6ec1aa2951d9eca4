import { expect, test } from "@playwright/test";
import { adminToken, hydrated } from "./site-helpers.ts";

/**
 * Articles without a cover, as others see them (docs/decisions/0454-generated-social-cards.md):
 * a shared link shows the article's own card, a 1200×630 PNG of its title, drawn again when the
 * title changes; the blog list shows it in the cover's place, in the cover's shape.
 */
const RUN = `s${Date.now().toString(36)}`;
// Login throttling is per client address: this suite is its own client.
const CLIENT = { "cloudfront-viewer-address": "10.47.0.1:1" };

let token: string;
const articles: Record<"covered" | "bare" | "other", { id: string; slug: string; title: string }> = {
  covered: { id: "", slug: "", title: "" },
  bare: { id: "", slug: "", title: "" },
  other: { id: "", slug: "", title: "" },
};

test.beforeAll(async ({ request, baseURL }) => {
  token = adminToken();
  for (const [key, cover] of [
    ["bare", {}],
    ["other", {}],
    ["covered", { imageUrl: `${baseURL}/social-card.png`, imageAlt: "Marca de CodCRM" }],
  ] as const) {
    const response = await request.post("/api/admin/articles", {
      headers: { ...CLIENT, authorization: `Bearer ${token}` },
      data: {
        title: `Tarjeta ${key} ${RUN}`,
        excerpt: "Un resumen de la misma longitud en las dos tarjetas.",
        content: "Texto.",
        tags: [RUN],
        published: true,
        ...cover,
      },
    });
    expect(response.status()).toBe(201);
    articles[key] = (await response.json()).article;
  }
});

/** The page's og:image and its PNG's width, height and bytes. */
async function ogImage(request: import("@playwright/test").APIRequestContext, slug: string) {
  const html = await (await request.get(`/es/blog/${slug}`)).text();
  const meta = (key: string) =>
    [...html.matchAll(/<meta\b[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => tag.includes(`property="${key}"`) || tag.includes(`name="${key}"`))
      .map((tag) => /content="([^"]*)"/.exec(tag)?.[1]);
  const url = meta("og:image")[0]!;
  expect(meta("twitter:image")).toEqual([url]);
  expect(meta("og:image:width")).toEqual(["1200"]);
  expect(meta("og:image:height")).toEqual(["630"]);
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/png");
  const png = await response.body();
  // The PNG signature, then the IHDR chunk: width and height, big-endian, at bytes 16 and 20.
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { url, size: [png.readUInt32BE(16), png.readUInt32BE(20)], png, alt: meta("og:image:alt")[0] };
}

test("a coverless article is shared with its own 1200×630 card, another's differs, a new title draws a new one", async ({
  request,
  baseURL,
}) => {
  const bare = await ogImage(request, articles.bare.slug);
  expect(bare.url).toMatch(new RegExp(`^${baseURL}/media/cards/${articles.bare.id}\\.[0-9a-f]{16}\\.png$`));
  expect(bare.size).toEqual([1200, 630]);
  expect(bare.alt).toBe(articles.bare.title);
  const other = await ogImage(request, articles.other.slug);
  expect(other.url).not.toBe(bare.url);
  expect(other.png.equals(bare.png)).toBe(false);

  const renamed = `Tarjeta con otro título ${RUN}`;
  const saved = await request.put(`/api/admin/articles/${articles.bare.id}`, {
    headers: { ...CLIENT, authorization: `Bearer ${token}` },
    data: { title: renamed, excerpt: "Un resumen.", content: "Texto.", tags: [RUN], published: true, version: 1 },
  });
  expect(saved.status()).toBe(200);
  const slug = (await saved.json()).article.slug;
  const after = await ogImage(request, slug);
  expect(after.url).not.toBe(bare.url);
  expect(after.size).toEqual([1200, 630]);
  expect(after.png.equals(bare.png)).toBe(false);
  expect(after.alt).toBe(renamed);
  articles.bare = { ...articles.bare, slug, title: renamed };
});

test("the blog list shows a coverless article's card in the cover's place and shape", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/es/blog?tag=${RUN}`);
  await hydrated(page);
  const cards = page.getByTestId("article-card");
  await expect(cards).toHaveCount(3);
  const bare = cards.filter({ hasText: articles.bare.title });
  const covered = cards.filter({ hasText: articles.covered.title });
  const card = bare.locator("img").first();
  // Its own card, at the list's sizes (the WebP variants), loaded and as wide as a cover.
  await expect(card).toHaveAttribute(
    "src",
    new RegExp(`^/media/cards/${articles.bare.id}\\.[0-9a-f]{16}\\.w480\\.webp$`),
  );
  await expect(card).toHaveAttribute("srcset", /\.w480\.webp 480w, .+\.w960\.webp 960w$/);
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(covered.locator("img").first()).toBeVisible();
  const cardBox = (await card.boundingBox())!;
  const coverBox = (await covered.locator("img").first().boundingBox())!;
  // Same row, same size: the card takes the cover's place.
  expect(Math.abs(cardBox.y - coverBox.y)).toBeLessThan(1);
  expect(Math.abs(cardBox.height - coverBox.height)).toBeLessThan(1);
  // The titles start at the same height in both cards.
  const titleTop = async (one: typeof bare) => (await one.getByRole("heading").boundingBox())!.y;
  expect(Math.abs((await titleTop(bare)) - (await titleTop(covered)))).toBeLessThan(1);
  await page.screenshot({ path: testInfo.outputPath("cards.png"), fullPage: false });
});
