import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInServer, type TestServer } from "./test-server.ts";

let server: TestServer;
let token: string;
let mediaDir: string;

beforeAll(async () => {
  ({ server, token } = await signedInServer());
  mediaDir = server.deps.config.MEDIA_DIR!;
});
afterAll(() => server.close());

/** A real PNG made here, `width` × `height`. */
export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}

async function announce(body: Record<string, unknown>) {
  return server.api("POST", "/api/admin/media", { token, body });
}

/** Posts the form the API gave, fields first and then the file, as a browser does. */
async function postForm(upload: { url: string; fields: Record<string, string> }, file: Buffer, type = "image/png") {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(file)], { type }), "picture.png");
  return fetch(new URL(upload.url, server.url), { method: "POST", body: form });
}

describe("media API", () => {
  it("uploads a PNG, checks it and serves it with its WebP variants from /media/", async () => {
    const bytes = await png(1200, 800);
    const announced = await announce({ fileName: "foto.png", contentType: "image/png", size: bytes.length });
    expect(announced.status).toBe(201);
    const { upload, media } = announced.body;
    expect(media.id).toMatch(/^[a-z0-9]{32}$/);
    expect(upload.fields).toMatchObject({ key: `uploads/${media.id}`, "Content-Type": "image/png" });

    expect((await postForm(upload, bytes)).status).toBe(204);
    const completed = await server.api("POST", `/api/admin/media/${media.id}/complete`, { token });
    expect(completed.status).toBe(200);
    expect(completed.body.media).toEqual({
      id: media.id,
      url: `/media/${media.id}/original.png`,
      width: 1200,
      height: 800,
      variants: [
        { url: `/media/${media.id}/w480.webp`, width: 480, height: 320 },
        { url: `/media/${media.id}/w960.webp`, width: 960, height: 640 },
      ],
    });
    // The unchecked upload is gone; the checked files are served for a year.
    expect(existsSync(path.join(mediaDir, "uploads", media.id))).toBe(false);
    const variant = await fetch(`${server.url}/media/${media.id}/w960.webp`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toBe("image/webp");
    expect(variant.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 960, height: 640 });
    const original = await fetch(`${server.url}/media/${media.id}/original.png`);
    expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);
    // Completing again answers the same image.
    const again = await server.api("POST", `/api/admin/media/${media.id}/complete`, { token });
    expect(again.body.media).toEqual(completed.body.media);
  });

  it("refuses a text file named .png with 422 and deletes its bytes", async () => {
    const text = Buffer.from("this is not an image at all, only words\n".repeat(4));
    const { upload, media } = (await announce({ fileName: "notes.png", contentType: "image/png", size: text.length }))
      .body;
    expect((await postForm(upload, text)).status).toBe(204);
    expect(existsSync(path.join(mediaDir, "uploads", media.id))).toBe(true);
    const completed = await server.api("POST", `/api/admin/media/${media.id}/complete`, { token });
    expect(completed.status).toBe(422);
    expect(completed.body.error.fields).toEqual([expect.objectContaining({ field: "file", code: "not_an_image" })]);
    expect(existsSync(path.join(mediaDir, "uploads", media.id))).toBe(false);
    expect((await fetch(`${server.url}/media/${media.id}/original.png`)).status).toBe(404);
  });

  it("refuses a JPEG declared as PNG (checked by content, not by name)", async () => {
    const jpeg = await sharp(await png(40, 30))
      .jpeg()
      .toBuffer();
    const { upload, media } = (await announce({ fileName: "a.png", contentType: "image/png", size: jpeg.length })).body;
    expect((await postForm(upload, jpeg)).status).toBe(204);
    const completed = await server.api("POST", `/api/admin/media/${media.id}/complete`, { token });
    expect(completed.status).toBe(422);
    expect(completed.body.error.fields[0].code).toBe("type_mismatch");
  });

  it("answers 400 naming the field for another type or a file over 10 MB", async () => {
    const wrongType = await announce({ fileName: "a.svg", contentType: "image/svg+xml", size: 100 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.fields).toEqual([
      expect.objectContaining({ field: "contentType", code: "unsupported_type" }),
    ]);
    const tooLarge = await announce({ fileName: "a.png", contentType: "image/png", size: 10 * 1024 * 1024 + 1 });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error.fields).toEqual([expect.objectContaining({ field: "size", code: "too_large" })]);
  });

  it("needs an administrator", async () => {
    expect((await server.api("POST", "/api/admin/media", { body: {} })).status).toBe(401);
    expect((await server.api("POST", "/api/admin/media/abc/complete")).status).toBe(401);
  });

  it("the local upload endpoint holds to its signed policy: size, type, key, signature, expiry", async () => {
    const bytes = await png(10, 10);
    const { upload } = (await announce({ fileName: "a.png", contentType: "image/png", size: bytes.length })).body;
    const bigger = Buffer.concat([bytes, Buffer.alloc(10)]);
    expect((await postForm(upload, bigger)).status).toBe(400);
    expect(
      (await postForm({ ...upload, fields: { ...upload.fields, "Content-Type": "image/gif" } }, bytes)).status,
    ).toBe(400);
    expect(
      (await postForm({ ...upload, fields: { ...upload.fields, key: "media/x/original.png" } }, bytes)).status,
    ).toBe(400);
    expect((await postForm({ ...upload, fields: { ...upload.fields, Signature: "forged" } }, bytes)).status).toBe(403);
    server.clock.advance(11 * 60_000);
    expect((await postForm(upload, bytes)).status).toBe(403);
  });
});
