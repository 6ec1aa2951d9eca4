// @vitest-environment node
// Node has the File, Blob and FormData of browsers (jsdom's Blob cannot read its bytes).
import { afterEach, describe, expect, it, vi } from "vitest";
import { MEDIA_MAX_BYTES } from "@codcrm/core/media/media-rules";
import { rejectionOf } from "@codcrm/core/test/rejection";
import { ImageRefused, uploadImage } from "./media-upload.ts";

/** The first bytes of a PNG (its signature and the start of its header chunk). */
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];

function fakeApi() {
  return {
    announceMedia: vi.fn(async () => ({
      upload: { url: "/media/upload", fields: { key: "uploads/abc" } },
      media: { id: "abc" },
    })),
    completeMedia: vi.fn(async () => ({
      id: "abc",
      url: "/media/abc/original.png",
      width: 1,
      height: 1,
      variants: [],
    })),
  };
}

const refusal = (promise: Promise<unknown>) => rejectionOf(promise, ImageRefused);

afterEach(() => vi.unstubAllGlobals());

describe("the editor's own check of an image, before anything is sent", () => {
  it("refuses a text file named .png by its bytes, naming the file, and sends nothing", async () => {
    const api = fakeApi();
    const post = vi.fn();
    vi.stubGlobal("fetch", post);
    const file = new File(["solo texto, sin imagen"], "notas.png", { type: "image/png" });
    const refused = await refusal(uploadImage(api, file));
    expect(refused).toMatchObject({ fileName: "notas.png", code: "not_an_image" });
    expect(api.announceMedia).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });

  it("refuses a file over the size limit before reading it", async () => {
    const api = fakeApi();
    const file = new File([new Uint8Array(PNG_HEAD)], "enorme.png", { type: "image/png" });
    Object.defineProperty(file, "size", { value: MEDIA_MAX_BYTES + 1 });
    expect(await refusal(uploadImage(api, file))).toMatchObject({ fileName: "enorme.png", code: "too_large" });
    expect(api.announceMedia).not.toHaveBeenCalled();
  });

  it("announces a real image by the type its bytes say, whatever its name, then posts and completes it", async () => {
    const api = fakeApi();
    const post = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", post);
    const file = new File([new Uint8Array(PNG_HEAD)], "foto.jpg", { type: "image/jpeg" });
    const media = await uploadImage(api, file);
    expect(api.announceMedia).toHaveBeenCalledWith({ fileName: "foto.jpg", contentType: "image/png", size: 16 });
    expect(post).toHaveBeenCalledWith("/media/upload", expect.objectContaining({ method: "POST" }));
    expect(api.completeMedia).toHaveBeenCalledWith("abc");
    expect(media.url).toBe("/media/abc/original.png");
  });
});
