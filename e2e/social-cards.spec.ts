import { expect, test } from "@playwright/test";
import { adminToken, hydrated } from "./site-helpers.ts";

/**
 * Articles without a cover, as others see them (docs/decisions/0151-default-social-image.md):
 * a shared link still shows an image, and the blog list keeps one card shape in a row.
 */
const RUN = `s${Date.now().toString(36)}`;
// Login throttling is per client address: this suite is its own client.
const CLIENT = { "cloudfront-viewer-address": "10.47.0.1:1" };

let token: string;
const slugs: Record<"covered" | "bare", string> = { covered: "", bare: "" };

test.beforeAll(async ({ request, baseURL }) => {
  token = adminToken();
  for (const [key, cover] of [
    ["bare", {}],
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
    slugs[key] = (await response.json()).article.slug;
  }
});

test("an article without a cover shares the site's card: an absolute og:image answering a 1200×630 PNG", async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get(`/es/blog/${slugs.bare}`)).text();
  // The server's head tags carry its mark (`data-server-page`) before their attributes.
  const meta = (key: string) =>
    [...html.matchAll(/<meta\b[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => tag.includes(`property="${key}"`) || tag.includes(`name="${key}"`))
      .map((tag) => /content="([^"]*)"/.exec(tag)?.[1]);
  const image = meta("og:image")[0];
  expect(image).toBe(`${baseURL}/social-card.png`);
  expect(meta("og:image:width")).toEqual(["1200"]);
  expect(meta("og:image:height")).toEqual(["630"]);
  expect(meta("twitter:image")).toEqual([image]);
  const response = await request.get(image!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/png");
  const png = await response.body();
  // The PNG signature, then the IHDR chunk: width and height, big-endian, at bytes 16 and 20.
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test("a card without a cover has the cover's shape, beside one with a cover", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/es/blog?tag=${RUN}`);
  await hydrated(page);
  const cards = page.getByTestId("article-card");
  await expect(cards).toHaveCount(2);
  const bare = cards.filter({ hasText: `Tarjeta bare ${RUN}` });
  const covered = cards.filter({ hasText: `Tarjeta covered ${RUN}` });
  const panel = bare.getByTestId("card-no-cover");
  await expect(panel).toBeVisible();
  await expect(covered.locator("img").first()).toBeVisible();
  const panelBox = (await panel.boundingBox())!;
  const coverBox = (await covered.locator("img").first().boundingBox())!;
  // Same row, same width: the panel takes the cover's place and size.
  expect(Math.abs(panelBox.y - coverBox.y)).toBeLessThan(1);
  expect(Math.abs(panelBox.height - coverBox.height)).toBeLessThan(1);
  // The titles start at the same height in both cards: no blank block above or below one.
  const titleTop = async (card: typeof bare) => (await card.getByRole("heading").boundingBox())!.y;
  expect(Math.abs((await titleTop(bare)) - (await titleTop(covered)))).toBeLessThan(1);
  await page.screenshot({ path: testInfo.outputPath("cards.png"), fullPage: false });
});
