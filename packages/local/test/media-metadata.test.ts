import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import exifr from "exifr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInServer, type TestServer } from "./test-server.ts";

/**
 * Uploaded photos tell no one where they were taken (docs/decisions/0100-images-without-metadata.md):
 * what `/media/` serves, originals and variants, carries no EXIF, XMP, IPTC or GPS, through the
 * real upload path, and originals stored before this rule are served clean too.
 */
let server: TestServer;
let token: string;

beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Laura Pérez</dc:creator></rdf:Description>' +
  "</rdf:RDF></x:xmpmeta>";

/**
 * A phone photo as phones write it: 600 × 400 pixels stored sideways with EXIF orientation 6
 * (shown 400 × 600), GPS coordinates, camera make and model, an artist, XMP, a Display P3 profile.
 */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .withIccProfile("p3")
    .withExif({
      IFD0: { Make: "Canon", Model: "Canon EOS 5D", Artist: "Laura Perez" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "40/1 25/1 1234/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "3/1 42/1 2345/100",
      },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(XMP)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Everything a metadata parser finds in an image (exifr: EXIF, GPS, XMP, IPTC). */
async function parsedMetadata(bytes: Buffer): Promise<Record<string, unknown>> {
  const everything = { tiff: true, exif: true, gps: true, xmp: true, iptc: true, icc: false, ihdr: false, jfif: false };
  return ((await exifr.parse(bytes, everything)) ?? {}) as Record<string, unknown>;
}

async function upload(bytes: Buffer, contentType: string, fileName: string) {
  const announced = await server.api("POST", "/api/admin/media", {
    token,
    body: { fileName, contentType, size: bytes.length },
  });
  const { upload, media } = announced.body;
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields as Record<string, string>)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
  expect((await fetch(new URL(upload.url, server.url), { method: "POST", body: form })).status).toBe(204);
  const completed = await server.api("POST", `/api/admin/media/${media.id}/complete`, { token });
  expect(completed.status).toBe(200);
  return completed.body.media as {
    id: string;
    url: string;
    width: number;
    height: number;
    variants: { url: string }[];
  };
}

async function served(url: string): Promise<Buffer> {
  const response = await fetch(server.url + url);
  expect(response.status, url).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe("uploaded images carry no metadata", () => {
  it("a JPEG with GPS, camera and artist is served, original and variants, without any of it", async () => {
    const photo = await phonePhoto();
    // The photo really says all that before its upload.
    const before = await parsedMetadata(photo);
    expect(before).toMatchObject({
      Make: "Canon",
      Model: "Canon EOS 5D",
      Artist: "Laura Perez",
      creator: "Laura Pérez",
    });
    expect(before.latitude).toBeCloseTo(40.42, 1);
    expect((await sharp(photo).metadata()).xmp).toBeDefined();

    const media = await upload(photo, "image/jpeg", "IMG_0001.jpg");
    expect(media).toMatchObject({ width: 400, height: 600 });
    for (const url of [media.url, ...media.variants.map((v) => v.url)]) {
      const bytes = await served(url);
      // exifr reads JPEG and PNG, not WebP: the variants are read by sharp's own parser below.
      if (!url.endsWith(".webp")) expect(await parsedMetadata(bytes), url).toEqual({});
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(meta.iptc, url).toBeUndefined();
      // Upright in its pixels, no orientation left to apply.
      expect(meta.orientation ?? 1, url).toBe(1);
      expect(meta.height! > meta.width!, url).toBe(true);
    }
    // The original keeps its colour profile.
    const original = await sharp(await served(media.url)).metadata();
    expect(original).toMatchObject({ format: "jpeg", width: 400, height: 600 });
    const profile = (await sharp(photo).metadata()).icc;
    expect(profile).toBeDefined();
    expect(original.icc?.equals(profile!)).toBe(true);
  });

  it("a PNG with text chunks and XMP is served without them", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#c84" } })
      .withXmp(XMP)
      .withExif({ IFD0: { Artist: "Laura Pérez", Make: "Pixel" } })
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).xmp).toBeDefined();
    const media = await upload(png, "image/png", "captura.png");
    const bytes = await served(media.url);
    expect(await parsedMetadata(bytes)).toEqual({});
    const meta = await sharp(bytes).metadata();
    expect([meta.exif, meta.xmp, meta.comments?.length || undefined]).toEqual([undefined, undefined, undefined]);
    expect(meta).toMatchObject({ format: "png", width: 300, height: 200 });
  });

  it("an original stored before this rule is served clean, and the stored file is left as it was", async () => {
    // What an earlier version kept: the uploaded bytes as they came, with a ready record.
    const photo = await phonePhoto();
    const id = "0123456789abcdef0123456789abcdef";
    const file = path.join(server.deps.config.MEDIA_DIR!, "media", id, "original.jpg");
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, photo);
    await (
      await server.deps.mediaRecords()
    ).putReady({
      id,
      status: "ready",
      fileName: "IMG_0002.jpg",
      contentType: "image/jpeg",
      key: `media/${id}/original.jpg`,
      url: `/media/${id}/original.jpg`,
      width: 400,
      height: 600,
      variants: [],
      createdAt: "2026-11-20T10:00:00.000Z",
    });
    const bytes = await served(`/media/${id}/original.jpg`);
    expect(await parsedMetadata(bytes)).toEqual({});
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 400, height: 600, format: "jpeg" });
    // Never rewritten: the bytes accepted then are still there.
    expect((await readFile(file)).equals(photo)).toBe(true);
  });
});
