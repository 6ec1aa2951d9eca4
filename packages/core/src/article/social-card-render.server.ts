import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import satori from "satori";
import sharp from "sharp";
import { PRODUCT_NAME } from "../brand.ts";
import { SOCIAL_CARD_SIZE, type CardFacts } from "./social-card.ts";

/**
 * Draws an article's social card (docs/decisions/0454-generated-social-cards.md): Satori lays it
 * out (flexbox, line breaks, the clamp of a long title) with Inter, the font the project ships
 * (`packages/core/assets/fonts`, SIL Open Font License), into an SVG whose letters are paths; sharp,
 * which the site already runs for images, turns that into the PNG. No system font is read.
 */

/** What the card says besides the title, in the article's language. */
export interface CardWords {
  /** The category's name in the article's language, when it has one. */
  category?: string;
  /** "Por Laura", when the article has an author. */
  byline?: string;
  /** "Blog". */
  section: string;
}

const BRAND = { blue: "#1c40b4", dark: "#172d6e", pale: "#dbe6fe", white: "#ffffff" };

/** The site's mark, white on the card's blue (web/public/favicon.svg, its colours turned). */
const MARK = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#fff"/><path d="M9 11.5h14l-1.6 9.2a2 2 0 0 1-2 1.6h-6.8a2 2 0 0 1-2-1.6z" fill="none" stroke="#1c40b4" stroke-width="2.2" stroke-linejoin="round"/><path d="M12.5 11.5V10a3.5 3.5 0 0 1 7 0v1.5" fill="none" stroke="#1c40b4" stroke-width="2.2"/></svg>',
).toString("base64")}`;

/** The folder of the fonts: `SOCIAL_CARD_FONTS` where a function carries them, else the package's. */
function fontsFolder(): string {
  const configured = process.env.SOCIAL_CARD_FONTS;
  if (configured) return path.resolve(configured);
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../assets/fonts");
}

let fonts: Promise<{ name: string; data: Buffer; weight: 500 | 700; style: "normal" }[]> | undefined;

function loadFonts() {
  fonts ??= (async () => {
    const folder = fontsFolder();
    const [medium, bold] = await Promise.all([
      readFile(path.join(folder, "inter-latin-500-normal.woff")),
      readFile(path.join(folder, "inter-latin-700-normal.woff")),
    ]);
    return [
      { name: "Inter", data: medium, weight: 500 as const, style: "normal" as const },
      { name: "Inter", data: bold, weight: 700 as const, style: "normal" as const },
    ];
  })().catch((error: unknown) => {
    fonts = undefined;
    throw error;
  });
  return fonts;
}

/** A long title is set smaller, so that a title of any length the editor takes fits its lines. */
function titleSize(title: string): number {
  const length = [...title].length;
  if (length <= 40) return 76;
  if (length <= 70) return 64;
  if (length <= 110) return 54;
  return 46;
}

type Node = { type: string; props: Record<string, unknown> };
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra: Record<string, unknown> = {},
): Node => ({
  type,
  props: { style, ...(children === undefined ? {} : { children }), ...extra },
});

/** The card's drawing as Satori takes it: elements with their style, the words in them. */
export function cardTree(facts: CardFacts, words: CardWords): Node {
  const { width } = SOCIAL_CARD_SIZE;
  return el(
    "div",
    {
      // The padding inside the canvas's size (Satori's boxes grow by theirs otherwise).
      boxSizing: "border-box",
      width: "100%",
      height: "100%",
      display: "flex",
      flexDirection: "column",
      padding: "64px 80px 56px",
      backgroundColor: BRAND.blue,
      backgroundImage: `linear-gradient(135deg, ${BRAND.blue} 0%, #2553d8 100%)`,
      color: BRAND.white,
      fontFamily: "Inter",
    },
    [
      el("div", { display: "flex", alignItems: "center", height: 56 }, [
        ...(words.category
          ? [
              el(
                "div",
                {
                  display: "flex",
                  padding: "10px 22px",
                  borderRadius: 999,
                  backgroundColor: BRAND.dark,
                  color: BRAND.pale,
                  fontSize: 28,
                  fontWeight: 500,
                },
                words.category,
              ),
            ]
          : []),
      ]),
      el(
        "div",
        { display: "flex", flexGrow: 1, alignItems: "center" },
        el(
          "div",
          {
            display: "block",
            width: width - 160,
            fontSize: titleSize(facts.title),
            fontWeight: 700,
            lineHeight: 1.12,
            letterSpacing: "-0.02em",
            lineClamp: 4,
          },
          facts.title,
          { lang: facts.language },
        ),
      ),
      el("div", { display: "flex", alignItems: "center", justifyContent: "space-between", fontSize: 30 }, [
        el("div", { display: "flex", alignItems: "center" }, [
          el("img", { width: 64, height: 64, marginRight: 20 }, undefined, { src: MARK, width: 64, height: 64 }),
          el("div", { display: "flex", fontWeight: 700, fontSize: 36 }, `${PRODUCT_NAME} · ${words.section}`),
        ]),
        ...(words.byline ? [el("div", { display: "flex", color: BRAND.pale, fontWeight: 500 }, words.byline)] : []),
      ]),
    ],
  );
}

/** The card as a PNG of 1200×630. */
export async function renderCard(facts: CardFacts, words: CardWords): Promise<Buffer> {
  const { width, height } = SOCIAL_CARD_SIZE;
  const svg = await satori(cardTree(facts, words) as never, { width, height, fonts: await loadFonts() });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** One of the card's WebP variants for a list's `srcset`, from its PNG. */
export function cardVariant(png: Buffer, width: number): Promise<Buffer> {
  return sharp(png).resize({ width }).webp({ quality: 80 }).toBuffer();
}
