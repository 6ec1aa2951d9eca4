import { JSDOM } from "jsdom";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticle, signedInServer, storeFixture, type TestServer } from "./test-server.ts";

let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

/** Uploads a real PNG through the whole contract and answers the checked image. */
async function uploadPng(width: number, height: number) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: "#3a6" } })
    .png()
    .toBuffer();
  const announced = await server.api("POST", "/api/admin/media", {
    token,
    body: { fileName: "foto.png", contentType: "image/png", size: bytes.length },
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(announced.body.upload.fields as Record<string, string>))
    form.append(name, value);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "foto.png");
  expect((await fetch(new URL(announced.body.upload.url, server.url), { method: "POST", body: form })).status).toBe(
    204,
  );
  const completed = await server.api("POST", `/api/admin/media/${announced.body.media.id}/complete`, { token });
  expect(completed.status).toBe(200);
  return completed.body.media as { url: string; width: number; height: number };
}

function fragment(html: string): DocumentFragment {
  return JSDOM.fragment(html);
}

describe("images in articles", () => {
  it("publishing needs alt text for the cover and every image of the content; drafts do not", async () => {
    const cover = await uploadPng(1000, 500);
    const inline = await uploadPng(600, 400);
    const body = {
      title: "Con imágenes",
      excerpt: "Resumen.",
      imageUrl: cover.url,
      content: `Texto.\n\n![](${inline.url})`,
    };
    const refused = await server.api("POST", "/api/admin/articles", { token, body: { ...body, published: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual([
      expect.objectContaining({ field: "imageAlt", code: "image_alt_missing" }),
      expect.objectContaining({ field: "content", code: "image_alt_missing" }),
    ]);
    const draft = await server.api("POST", "/api/admin/articles", { token, body });
    expect(draft.status).toBe(201);

    const published = await server.api("PUT", `/api/admin/articles/${draft.body.article.id}`, {
      token,
      body: {
        ...body,
        imageAlt: "Un almacén con cajas",
        content: `Texto.\n\n![Etiqueta de envío](${inline.url})`,
        published: true,
        version: 1,
      },
    });
    expect(published.status).toBe(200);
    const read = await server.api("GET", `/api/articles/${published.body.article.slug}`);
    expect(read.body.article).toMatchObject({
      imageUrl: cover.url,
      imageAlt: "Un almacén con cajas",
      imageMedia: { url: cover.url, width: 1000, height: 500 },
    });
    const img = fragment(read.body.article.contentHtml).querySelector("img")!;
    const id = inline.url.split("/")[2];
    expect(Object.fromEntries([...img.attributes].map((a) => [a.name, a.value]))).toEqual({
      src: inline.url,
      alt: "Etiqueta de envío",
      srcset: `/media/${id}/w480.webp 480w`,
      sizes: "(min-width: 48rem) 48rem, 100vw",
      width: "600",
      height: "400",
      loading: "lazy",
      decoding: "async",
    });
  });

  it("publishing an edit whose cover alt is blank is refused, naming imageAlt", async () => {
    const created = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title: "Portada externa", content: "Texto.", imageUrl: "https://images.example.com/a.jpg" },
    });
    expect(created.status).toBe(201);
    const refused = await server.api("PUT", `/api/admin/articles/${created.body.article.id}`, {
      token,
      body: {
        title: "Portada externa",
        content: "Texto.",
        imageUrl: "https://images.example.com/a.jpg",
        imageAlt: "  ",
        published: true,
        version: 1,
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual([expect.objectContaining({ field: "imageAlt" })]);
  });

  it("a cover or a content image on a host the site does not list is refused, naming the field, draft or not", async () => {
    // The tests' server lists images.example.com (TEST_IMAGE_ORIGINS); this host is not listed
    // (docs/decisions/0206-images-from-listed-origins.md).
    for (const published of [false, true]) {
      const refused = await server.api("POST", "/api/admin/articles", {
        token,
        body: {
          title: "Imágenes de fuera",
          content: "Texto.\n\n![Un camión](https://tracker.example.net/pixel.png?t=1)",
          imageUrl: "https://tracker.example.net/a.jpg",
          imageAlt: "Portada",
          published,
        },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual([
        expect.objectContaining({ field: "imageUrl", code: "image_host_not_allowed" }),
        expect.objectContaining({ field: "content", code: "image_host_not_allowed" }),
      ]);
    }
    const page = await fetch(`${server.url}/api/health`);
    expect(page.headers.get("content-security-policy")).toContain(
      "img-src 'self' data: https://images.example.com https://images.example https://example.com;",
    );
  });

  it("a cover typed as an https URL still works, without sizes", async () => {
    const created = await createArticle(server, token, {
      title: "Portada por URL",
      content: "Texto.",
      imageUrl: "https://images.example.com/b.jpg",
      imageAlt: "Un camión",
      published: true,
    });
    expect(created).toMatchObject({ imageUrl: "https://images.example.com/b.jpg", imageAlt: "Un camión" });
    expect(created.imageMedia).toBeUndefined();
  });

  it("reads an article stored with only a cover URL (no alt, no sizes) and renders its page", async () => {
    await storeFixture(server, "article-cover-before-media.json");
    const read = await server.api("GET", "/api/articles/articulo-con-imagen-antes");
    expect(read.status).toBe(200);
    expect(read.body.article).toMatchObject({ imageUrl: "https://images.example.com/portada.jpg" });
    expect(read.body.article.imageAlt).toBeUndefined();
    const list = await server.api("GET", "/api/articles?limit=100");
    expect(list.body.articles.map((a: { slug: string }) => a.slug)).toContain("articulo-con-imagen-antes");
  });

  // After the fixture test: this one reads the published lists, which the server keeps a few
  // seconds, and the fixture is written to the store directly, around the API.
  it("an uploaded cover is named by absolute URLs where other sites read it: og:image, JSON-LD, the feed", async () => {
    const cover = await uploadPng(1200, 630);
    const inline = await uploadPng(1000, 500);
    const created = await server.api("POST", "/api/admin/articles", {
      token,
      body: {
        title: "Portada subida y compartida",
        content: `Texto con una imagen: ![Gráfico](${inline.url}) y [otro artículo](/es/blog/otro).`,
        imageUrl: cover.url,
        imageAlt: "Cajas en una estantería",
        tags: ["Envíos urgentes"],
        published: true,
      },
    });
    expect(created.status).toBe(201);
    const site = server.deps.config.SITE_URL;
    const page = await (await fetch(`${server.url}/es/blog/${created.body.article.slug}`)).text();
    const head = new JSDOM(page).window.document;
    expect(head.querySelector('meta[property="og:image"]')?.getAttribute("content")).toBe(site + cover.url);
    // Its size from the image record, its alt text from the article (docs/decisions/0151-default-social-image.md).
    const content = (selector: string) => head.querySelector(selector)?.getAttribute("content");
    expect(content('meta[property="og:image:width"]')).toBe("1200");
    expect(content('meta[property="og:image:height"]')).toBe("630");
    expect(content('meta[property="og:image:alt"]')).toBe("Cajas en una estantería");
    expect(content('meta[name="twitter:image"]')).toBe(site + cover.url);
    expect(content('meta[name="twitter:image:alt"]')).toBe("Cajas en una estantería");
    const ld = JSON.parse(head.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld.image).toBe(site + cover.url);

    const feed = await (await fetch(`${server.url}/es/blog/rss.xml`)).text();
    const items = new JSDOM(feed, { contentType: "text/xml" }).window.document.querySelectorAll("item");
    const item = [...items].find((node) => node.querySelector("title")?.textContent === "Portada subida y compartida")!;
    // The enclosure: the cover's largest variant, with that file's real length
    // (docs/decisions/0152-feed-urls-and-enclosure-lengths.md).
    const enclosure = item.querySelector("enclosure")!;
    // 1200 wide: variants 480 and 960 wide; the enclosure names the 960.
    const variant = `/media/${cover.url.split("/")[2]}/w960.webp`;
    expect(enclosure.getAttribute("url")).toBe(site + variant);
    expect(enclosure.getAttribute("type")).toBe("image/webp");
    const served = await fetch(server.url + variant);
    expect(served.status).toBe(200);
    expect(enclosure.getAttribute("length")).toBe(String((await served.arrayBuffer()).byteLength));
    // A cover whose length is not known (the fixture's typed URL) has no enclosure, and no
    // enclosure anywhere claims zero bytes.
    const old = [...items].find((node) => node.querySelector("title")?.textContent === "Artículo con imagen antes");
    expect(old).toBeDefined();
    expect(old!.querySelector("enclosure")).toBeNull();
    expect([...items].every((node) => node.querySelector("enclosure")?.getAttribute("length") !== "0")).toBe(true);
    // The content as readers show it away from the site: no site-relative URL left.
    const encoded = item.getElementsByTagName("content:encoded")[0]!.textContent!;
    const body = fragment(encoded);
    const urls = [
      ...[...body.querySelectorAll("img")].flatMap((img) => [
        img.getAttribute("src")!,
        ...img
          .getAttribute("srcset")!
          .split(",")
          .map((c) => c.trim().split(/\s+/)[0]!),
      ]),
      ...[...body.querySelectorAll("a")].map((a) => a.getAttribute("href")!),
    ];
    expect(urls).toContain(site + inline.url);
    expect(urls).toContain(`${site}/es/blog/otro`);
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) expect(url.startsWith(`${site}/`), url).toBe(true);
    // Its author and its tag, the tag's category naming the list it filters.
    expect(item.getElementsByTagName("dc:creator")[0]?.textContent).toBe("Laura");
    const tag = [...item.querySelectorAll("category")].find((c) => c.hasAttribute("domain"))!;
    expect(tag.textContent).toBe("Envíos urgentes");
    expect(tag.getAttribute("domain")).toBe(`${site}/es/blog?tag=envios-urgentes`);
  });
});
