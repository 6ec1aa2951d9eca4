import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security-headers.ts";
import { isAllowedImageSource, parseImageOrigins } from "./image-origins.ts";

// Pages load images from the site and the listed origins only (docs/decisions/0206-images-from-listed-origins.md).
describe("image origins", () => {
  it("reads the setting as https origins and refuses anything else, naming the setting and the entry", () => {
    expect(parseImageOrigins(undefined)).toEqual([]);
    expect(parseImageOrigins(" https://images.example.com , https://CDN.example.org:8443/ ")).toEqual([
      "https://images.example.com",
      "https://cdn.example.org:8443",
    ]);
    for (const bad of [
      "http://images.example.com",
      "https://images.example.com/photos",
      "images.example.com",
      "https:",
      "https://u:p@x.example",
    ]) {
      expect(() => parseImageOrigins(bad), bad).toThrow(`IMAGE_ORIGINS has ${JSON.stringify(bad)}`);
    }
  });

  it("allows the site's own paths and origin and the listed origins, nothing else", () => {
    const listed = ["https://images.example.com"];
    const site = "https://www.codcrm.com";
    expect(isAllowedImageSource("/media/abc/800.webp", site, listed)).toBe(true);
    expect(isAllowedImageSource("https://www.codcrm.com/media/abc/800.webp", site, listed)).toBe(true);
    expect(isAllowedImageSource("https://images.example.com/a.jpg", site, listed)).toBe(true);
    expect(isAllowedImageSource("https://images.example.com.evil.example/a.jpg", site, listed)).toBe(false);
    expect(isAllowedImageSource("//evil.example/a.jpg", site, listed)).toBe(false);
    expect(isAllowedImageSource("https://evil.example/a.jpg?t=token", site, listed)).toBe(false);
    expect(isAllowedImageSource("http://images.example.com/a.jpg", site, listed)).toBe(false);
    expect(isAllowedImageSource("not a url", site, listed)).toBe(false);
  });

  it("the CSP's img-src names the site, its inline marks and the listed origins, never every https host", () => {
    const imgSrc = (csp: string) => csp.split("; ").find((part) => part.startsWith("img-src"));
    expect(imgSrc(contentSecurityPolicy())).toBe("img-src 'self' data:");
    expect(imgSrc(contentSecurityPolicy({ imageSources: ["https://images.example.com"] }))).toBe(
      "img-src 'self' data: https://images.example.com",
    );
  });
});
