/** Crawlers may read everything but the admin area and the API; the sitemap says where the pages are. */
export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "Allow: /",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
