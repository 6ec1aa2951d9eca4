import { existsSync } from "node:fs";
import net from "node:net";
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
      // Each variant's length in bytes, for the feed's enclosure (docs/decisions/0152-feed-urls-and-enclosure-lengths.md).
      variants: [
        { url: `/media/${media.id}/w480.webp`, width: 480, height: 320, bytes: expect.any(Number) },
        { url: `/media/${media.id}/w960.webp`, width: 960, height: 640, bytes: expect.any(Number) },
      ],
    });
    // The unchecked upload is gone; the checked files are served for a year.
    expect(existsSync(path.join(mediaDir, "uploads", media.id))).toBe(false);
    const variant = await fetch(`${server.url}/media/${media.id}/w960.webp`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toBe("image/webp");
    expect(variant.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const variantBytes = Buffer.from(await variant.arrayBuffer());
    expect(completed.body.media.variants[1].bytes).toBe(variantBytes.length);
    const meta = await sharp(variantBytes).metadata();
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

  /**
   * Posts a multipart form by hand: the fields, the file part's headers and only the first
   * `sentFileBytes` of a file the body's length says is `declaredFileBytes`, then waits for an
   * answer without sending more. An answer can only come if the server decided from the
   * fields, before reading the file's bytes.
   */
  function postPartially(
    url: string,
    fields: Record<string, string>,
    declaredFileBytes: number,
    sentFileBytes: number,
  ): Promise<{ status: number; text: string; sent: number }> {
    const boundary = "----codcrm-test-boundary";
    const head = [
      ...Object.entries(fields).map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    ].join("");
    const tail = `\r\n--${boundary}--\r\n`;
    const length = Buffer.byteLength(head) + declaredFileBytes + Buffer.byteLength(tail);
    return new Promise((resolve, reject) => {
      const socket = net.connect(server.port, "127.0.0.1", () => {
        const request =
          `POST ${url} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
          `Content-Length: ${length}\r\n\r\n${head}`;
        const start = Buffer.concat([Buffer.from(request), Buffer.alloc(sentFileBytes, 7)]);
        socket.write(start);
        sent = start.length;
      });
      let sent = 0;
      let text = "";
      socket.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        // The whole answer is in once its XML error document is.
        if (text.includes("</Error>")) resolve({ status: Number(text.split(" ")[1]), text, sent });
      });
      socket.on("error", reject);
    });
  }

  it("refuses a bogus 10 MB upload from its fields, before the file's bytes are read", async () => {
    const bytes = await png(10, 10);
    const { upload } = (await announce({ fileName: "a.png", contentType: "image/png", size: bytes.length })).body;
    const tenMegabytes = 10 * 1024 * 1024;
    // A forged signature: refused with only 64 KB of the 10 MB sent.
    const forged = await postPartially(upload.url, { ...upload.fields, Signature: "forged" }, tenMegabytes, 65_536);
    expect(forged.status).toBe(403);
    expect(forged.text).toContain("<Code>SignatureDoesNotMatch</Code>");
    expect(forged.sent).toBeLessThan(70_000);
    // Another type than the signed one, or a key the policy does not name: the same.
    const otherType = await postPartially(
      upload.url,
      { ...upload.fields, "Content-Type": "image/gif" },
      tenMegabytes,
      1,
    );
    expect(otherType.text).toContain("<Code>InvalidContentType</Code>");
    // A genuine form whose body is far larger than the size it was signed for.
    const tooLarge = await postPartially(upload.url, upload.fields, tenMegabytes, 65_536);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.text).toContain("<Code>EntityTooLarge</Code>");
    expect(tooLarge.sent).toBeLessThan(70_000);
    // Nothing was kept, and the form still works for its real file.
    expect(existsSync(path.join(mediaDir, upload.fields.key))).toBe(false);
    expect((await postForm(upload, bytes)).status).toBe(204);
  });
});
