import { mkdtemp, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { sdkStreamMixin } from "@smithy/util-stream";
import { mockClient } from "aws-sdk-client-mock";
import sharp from "sharp";
import { Readable } from "node:stream";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { inspectImage, makeVariants } from "./image-processing.ts";
import { LocalMediaStorage } from "./local-media-storage.server.ts";
import { IMMUTABLE_CACHE_CONTROL, buildSrcset, mediaIdOfUrl, variantWidths } from "./media-rules.ts";
import { mediaUploadSchema } from "./media-upload-schema.ts";
import { SAMPLE_MEDIA_ID, sampleMedia } from "./media.testing.ts";
import { S3MediaStorage } from "./s3-media-storage.ts";
import { sniffImageType } from "./sniff.ts";

const ID = SAMPLE_MEDIA_ID;

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#c63" } });

describe("sniffImageType", () => {
  it("knows each accepted type by its bytes", async () => {
    expect(sniffImageType(await solid(4, 4).png().toBuffer())).toBe("image/png");
    expect(sniffImageType(await solid(4, 4).jpeg().toBuffer())).toBe("image/jpeg");
    expect(sniffImageType(await solid(4, 4).webp().toBuffer())).toBe("image/webp");
    expect(sniffImageType(await solid(4, 4).gif().toBuffer())).toBe("image/gif");
    expect(sniffImageType(await solid(16, 16).avif().toBuffer())).toBe("image/avif");
  });

  it("refuses text, SVG, HTML and truncated signatures", () => {
    expect(sniffImageType(new TextEncoder().encode("hello, I am a text file"))).toBeUndefined();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
    expect(sniffImageType(new TextEncoder().encode("<!doctype html><script>alert(1)</script>"))).toBeUndefined();
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e]))).toBeUndefined();
    expect(sniffImageType(new TextEncoder().encode("RIFF0000WAVE"))).toBeUndefined();
  });
});

describe("upload policy", () => {
  it("accepts the five types up to 10 MB and names the field otherwise", () => {
    for (const contentType of ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]) {
      expect(mediaUploadSchema.safeParse({ fileName: "a", contentType, size: 10 * 1024 * 1024 }).success).toBe(true);
    }
    const svg = mediaUploadSchema.safeParse({ fileName: "a.svg", contentType: "image/svg+xml", size: 10 });
    expect(svg.error?.issues[0]).toMatchObject({ path: ["contentType"], message: "unsupported_type" });
    const big = mediaUploadSchema.safeParse({ fileName: "a", contentType: "image/png", size: 10 * 1024 * 1024 + 1 });
    expect(big.error?.issues[0]).toMatchObject({ path: ["size"], message: "too_large" });
    const empty = mediaUploadSchema.safeParse({ fileName: "a", contentType: "image/png", size: 0 });
    expect(empty.error?.issues[0]).toMatchObject({ path: ["size"] });
    const fraction = mediaUploadSchema.safeParse({ fileName: "a", contentType: "image/png", size: 1.5 });
    expect(fraction.error?.issues[0]).toMatchObject({ path: ["size"], message: "invalid" });
    const text = mediaUploadSchema.safeParse({ fileName: "a", contentType: "image/png", size: "12" });
    expect(text.error?.issues[0]).toMatchObject({ path: ["size"], message: "invalid" });
    const blank = mediaUploadSchema.safeParse({ fileName: "   ", contentType: "image/png", size: 5 });
    expect(blank.error?.issues[0]).toMatchObject({ path: ["fileName"], message: "required" });
    expect(mediaUploadSchema.parse({ fileName: " a.png ", contentType: "image/png", size: 5 }).fileName).toBe("a.png");
  });

  it("makes variants no wider than the original", () => {
    expect(variantWidths(3000)).toEqual([480, 960, 1600]);
    expect(variantWidths(1000)).toEqual([480, 960]);
    expect(variantWidths(480)).toEqual([480]);
    expect(variantWidths(200)).toEqual([200]);
  });

  it("reads a media id only from a /media/ path of the site", () => {
    expect(mediaIdOfUrl(`/media/${ID}/original.png`)).toBe(ID);
    expect(mediaIdOfUrl(`https://codcrm.com/media/${ID}/w480.webp`, "https://codcrm.com")).toBe(ID);
    expect(mediaIdOfUrl(`https://evil.example/media/${ID}/original.png`, "https://codcrm.com")).toBeUndefined();
    expect(mediaIdOfUrl(`/media/${ID}/../../x`)).toBeUndefined();
    expect(mediaIdOfUrl("/media/short/original.png")).toBeUndefined();
  });
});

describe("srcset", () => {
  const media = sampleMedia(ID);

  it("lists same-origin /media/ variants only", () => {
    expect(buildSrcset(media.variants)).toBe(`/media/${ID}/w480.webp 480w, /media/${ID}/w960.webp 960w`);
    expect(
      buildSrcset([
        { url: "https://evil.example/x.webp", width: 480, height: 1 },
        { url: "//evil.example/media/a/b.webp", width: 480, height: 1 },
        { url: `/media/${ID}/w480.webp 1x, javascript:alert(1)`, width: 480, height: 1 },
      ]),
    ).toBe("");
  });
});

describe("image checks with sharp", () => {
  it("reads the size of an image by its content and refuses a mismatch", async () => {
    const png = await solid(30, 20).png().toBuffer();
    expect(await inspectImage(png, "image/png")).toEqual({
      ok: true,
      image: { type: "image/png", width: 30, height: 20 },
    });
    expect(await inspectImage(png, "image/jpeg")).toEqual({ ok: false, reason: "type_mismatch" });
    expect(await inspectImage(Buffer.from("not an image"), "image/png")).toEqual({ ok: false, reason: "not_an_image" });
    // A valid signature followed by garbage cannot be decoded.
    const broken = Buffer.concat([png.subarray(0, 16), Buffer.alloc(64, 7)]);
    expect(await inspectImage(broken, "image/png")).toEqual({ ok: false, reason: "unreadable_image" });
  });

  it("makes upright WebP variants of the standard widths", async () => {
    const png = await solid(1000, 500).png().toBuffer();
    const variants = await makeVariants(png, { type: "image/png", width: 1000, height: 500 });
    expect(variants.map((v) => [v.width, v.height])).toEqual([
      [480, 240],
      [960, 480],
    ]);
    const meta = await sharp(variants[0]!.body).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 480, height: 240 });
  });
});

describe("S3 media storage", () => {
  const s3 = mockClient(S3Client);
  afterAll(() => s3.restore());
  beforeEach(() => s3.reset());
  const storage = new S3MediaStorage(
    new S3Client({ region: "eu-west-1", credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" } }),
    "media-bucket",
  );

  it("signs a POST limited to one key, one content type and the declared size", async () => {
    const form = await storage.signUpload({
      key: `uploads/${ID}`,
      contentType: "image/png",
      maxBytes: 12345,
      expiresSeconds: 600,
    });
    expect(form.url).toMatch(/^https:\/\/media-bucket\.s3\.eu-west-1\.amazonaws\.com\/?$/);
    expect(form.fields).toMatchObject({ key: `uploads/${ID}`, "Content-Type": "image/png", bucket: "media-bucket" });
    const policy = JSON.parse(Buffer.from(form.fields.Policy!, "base64").toString("utf8")) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ["eq", "$Content-Type", "image/png"],
        ["content-length-range", 1, 12345],
        { key: `uploads/${ID}` },
        { bucket: "media-bucket" },
      ]),
    );
    const expiresIn = new Date(policy.expiration).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(590_000);
    expect(expiresIn).toBeLessThanOrEqual(600_000);
  });

  it("writes checked files for a year, reads uploads and deletes them", async () => {
    s3.on(GetObjectCommand, { Key: `uploads/${ID}` }).resolves({
      Body: sdkStreamMixin(Readable.from([Buffer.from("bytes")])),
    });
    s3.on(GetObjectCommand, { Key: "uploads/missing" }).rejects(Object.assign(new Error("x"), { name: "NoSuchKey" }));
    expect((await storage.get(`uploads/${ID}`))?.toString()).toBe("bytes");
    expect(await storage.get("uploads/missing")).toBeUndefined();

    await storage.put(`media/${ID}/w480.webp`, Buffer.from("webp"), "image/webp");
    expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input).toMatchObject({
      Bucket: "media-bucket",
      Key: `media/${ID}/w480.webp`,
      ContentType: "image/webp",
      CacheControl: IMMUTABLE_CACHE_CONTROL,
    });
    await storage.delete([`uploads/${ID}`]);
    expect(s3.commandCalls(DeleteObjectsCommand)[0]!.args[0].input).toMatchObject({
      Bucket: "media-bucket",
      Delete: { Objects: [{ Key: `uploads/${ID}` }] },
    });
  });
});

describe("local media storage", () => {
  let root: string;
  let now = new Date("2026-11-21T10:00:00Z");
  const storage = () => new LocalMediaStorage(root, "x".repeat(32), () => now);
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "media-test-"));
    now = new Date("2026-11-21T10:00:00Z");
  });
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("accepts a form only within its signed policy", async () => {
    const local = storage();
    const form = await local.signUpload({
      key: `uploads/${ID}`,
      contentType: "image/png",
      maxBytes: 5,
      expiresSeconds: 60,
    });
    expect(await local.acceptUpload(form.fields, Buffer.from("123456"))).toBe("EntityTooLarge");
    expect(await local.acceptUpload({ ...form.fields, "Content-Type": "image/gif" }, Buffer.from("1"))).toBe(
      "InvalidContentType",
    );
    expect(await local.acceptUpload({ ...form.fields, key: "uploads/other" }, Buffer.from("1"))).toBe("InvalidKey");
    // Another server secret signs differently.
    const other = new LocalMediaStorage(root, "y".repeat(32), () => now);
    expect(await other.acceptUpload(form.fields, Buffer.from("1"))).toBe("SignatureDoesNotMatch");
    now = new Date(now.getTime() + 61_000);
    expect(await local.acceptUpload(form.fields, Buffer.from("1"))).toBe("ExpiredPolicy");
    now = new Date(now.getTime() - 61_000);
    expect(await local.acceptUpload(form.fields, Buffer.from("12345"))).toBeUndefined();
    expect((await local.get(`uploads/${ID}`))?.toString()).toBe("12345");
  });

  it("removes uploads never completed once a day old, as the bucket's lifecycle rule does", async () => {
    const local = storage();
    await local.put(`uploads/${ID}`, Buffer.from("old"), "image/png");
    await local.put("uploads/fresh0000000000000", Buffer.from("new"), "image/png");
    await local.put(`media/${ID}/w480.webp`, Buffer.from("checked"), "image/webp");
    const dayAndMinute = new Date(now.getTime() - 24 * 60 * 60 * 1000 - 60_000);
    await utimes(local.fileOf(`uploads/${ID}`)!, dayAndMinute, dayAndMinute);
    await utimes(local.fileOf(`media/${ID}/w480.webp`)!, dayAndMinute, dayAndMinute);
    const fresh = new Date(now.getTime() - 60_000);
    await utimes(local.fileOf("uploads/fresh0000000000000")!, fresh, fresh);

    expect(await local.removeStaleUploads()).toBe(1);
    expect(await local.get(`uploads/${ID}`)).toBeUndefined();
    expect((await local.get("uploads/fresh0000000000000"))?.toString()).toBe("new");
    // Checked images are never touched, however old.
    expect((await local.get(`media/${ID}/w480.webp`))?.toString()).toBe("checked");
  });

  it("never maps a key outside its folder", () => {
    const local = storage();
    expect(local.fileOf("media/../../etc/passwd")).toBeUndefined();
    expect(local.fileOf("/etc/passwd")).toBeUndefined();
    expect(local.fileOf("other/x")).toBeUndefined();
    expect(local.fileOf(`media/${ID}/w480.webp`)).toBe(path.join(root, "media", ID, "w480.webp"));
  });
});
