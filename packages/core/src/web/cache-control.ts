/**
 * Cache-Control of the built site's files, in production (S3 object metadata set by
 * stacks/Web.ts, honoured by CloudFront) and locally (packages/local): one definition.
 */

/** Where the build puts content-hashed files: their URL changes with their content. */
export const HASHED_ASSETS_DIR = "assets";

export const CACHE_CONTROL = {
  /** Hashed assets never change: a year, immutable. */
  hashedAsset: "public, max-age=31536000, immutable",
  /**
   * Pages (and React Router's `.data` files): browsers revalidate every time; the CDN keeps
   * them a few minutes (a deployment invalidates the CDN anyway).
   */
  page: "public, max-age=0, s-maxage=300, must-revalidate",
  /**
   * Answers made from published articles (the public API, article and category pages, feeds,
   * sitemap): browsers ask again on every load, so an unpublished or deleted article is gone on
   * the next one; CloudFront keeps them a minute, and every article write invalidates them
   * (docs/decisions/0087-changes-live-at-once.md).
   */
  publishedContent: "public, max-age=0, s-maxage=60, must-revalidate",
  /** Unhashed files (favicon, images in public/): an hour. */
  other: "public, max-age=3600",
} as const;

/** Globs (relative to the build folder) per Cache-Control; later entries win. */
export const CACHE_CONTROL_BY_GLOB: readonly { files: string[]; cacheControl: string }[] = [
  { files: ["**"], cacheControl: CACHE_CONTROL.other },
  { files: ["**/*.html", "**/*.data"], cacheControl: CACHE_CONTROL.page },
  { files: [`${HASHED_ASSETS_DIR}/**`], cacheControl: CACHE_CONTROL.hashedAsset },
];
