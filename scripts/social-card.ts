/**
 * Writes `web/public/social-card.png`, the 1200×630 image link previews show for a page or an
 * article without an image of its own (docs/decisions/0151-default-social-image.md):
 * the brand's mark and name on its blue, no words in any one language. Run it again after a
 * change of brand: `npx tsx scripts/social-card.ts`.
 */
import path from "node:path";
import sharp from "sharp";
import { PRODUCT_NAME } from "@codcrm/core/brand";
import { DEFAULT_SOCIAL_IMAGE } from "@codcrm/core/site/head-tags";

const { width, height } = DEFAULT_SOCIAL_IMAGE;
// The favicon's bag, drawn at 7.5× around the card's left third.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#1c40b4"/>
  <rect x="0" y="${height - 18}" width="${width}" height="18" fill="#172d6e"/>
  <g transform="translate(150 195) scale(7.5)">
    <rect width="32" height="32" rx="7" fill="#fff"/>
    <path d="M9 11.5h14l-1.6 9.2a2 2 0 0 1-2 1.6h-6.8a2 2 0 0 1-2-1.6z" fill="none" stroke="#1c40b4" stroke-width="2.2" stroke-linejoin="round"/>
    <path d="M12.5 11.5V10a3.5 3.5 0 0 1 7 0v1.5" fill="none" stroke="#1c40b4" stroke-width="2.2"/>
  </g>
  <text x="470" y="355" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="128" fill="#fff">${PRODUCT_NAME}</text>
</svg>`;

const out = path.resolve(import.meta.dirname, "../web/public", DEFAULT_SOCIAL_IMAGE.path.slice(1));
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(out);
console.log(`wrote ${out}`);
