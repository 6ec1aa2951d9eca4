import MarkdownIt from "markdown-it";
import type { StateCore, Token } from "markdown-it";
import xssModule from "xss";
import type { Language } from "../site/languages.ts";
import { slugify } from "./slug.ts";
import { ARTICLE_IMAGE_SIZES, buildSrcset, isSafeMediaPath, type MediaInfo } from "../media/srcset.ts";

/**
 * The one Markdown renderer: an article's content (CommonMark plus GFM tables, strikethrough
 * and autolinks) to safe HTML, once, when the article is saved (`docs/decisions/0065-markdown-renderer.md`).
 * The server pages, the app's article view, the RSS feed and the editor's preview all show
 * what it returns; public pages never load it.
 *
 * Rules of this site on top of Markdown:
 * - every line break outside Markdown blocks starts a paragraph, so text written one
 *   paragraph per line without Markdown renders as it always did;
 * - raw HTML shows as text; only http(s), mailto and tel links and relative ones are kept;
 * - indented code blocks are off (a line indented by pasting is text, not code; fenced code stays);
 * - links to other sites get rel="noopener noreferrer" and open in the same tab;
 * - h2 and h3 get ids slugged from their text, unique in the article; three or more h2 open
 *   the article with a table of contents linking to them.
 */

/** The table of contents' heading, in the article's language. */
export const TABLE_OF_CONTENTS_TITLE: Record<Language, string> = {
  es: "Contenido",
  en: "Contents",
  pt: "Conteúdo",
};

/** How many h2 an article needs before it gets a table of contents. */
export const TABLE_OF_CONTENTS_MIN_HEADINGS = 3;

/** The table of contents' own heading id; an article heading with the same slug gets "-2". */
const TOC_ID = "contenido-del-articulo";

const parser = new MarkdownIt("default", { html: false, linkify: true, typographer: false });
// Four spaces of indentation mean code in CommonMark; pasted plain text often has them.
parser.disable("code");
// GFM autolinks: URLs with a scheme, "www." and e-mail addresses. linkify-it's bare domains
// ("pedido.es") are unwrapped again by `links` below: GFM leaves them as text.
parser.linkify.set({ fuzzyLink: true, fuzzyEmail: true });

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const SAFE_SCHEMES = new Set(["http", "https", "mailto", "tel"]);

/** Keeps relative links and the safe schemes; `javascript:`, `vbscript:`, `data:`, `file:`… are dropped. */
parser.validateLink = (url: string): boolean => {
  const scheme = SCHEME.exec(url.trim());
  return !scheme || SAFE_SCHEMES.has(scheme[1]!.toLowerCase());
};

interface Heading {
  level: 2 | 3;
  id: string;
  text: string;
}

type RenderEnv = Record<PropertyKey, unknown> & { headings: Heading[]; mediaInfo?: MediaInfoLookup };

/** The checked image (its size and variants) behind an image URL of the content, if it is one. */
export type MediaInfoLookup = (url: string) => MediaInfo | undefined;

parser.core.ruler.push("one_paragraph_per_line", splitParagraphsAtLineBreaks);
parser.core.ruler.push("heading_ids", headingIds);
parser.core.ruler.push("links", links);

/**
 * The tags and attributes the renderer produces, and nothing else: a second line of defence
 * behind markdown-it's escaping, in case a rule or option ever lets something through.
 */
const ALLOWED: Record<string, string[]> = {
  p: [],
  br: [],
  hr: [],
  h1: [],
  h2: ["id"],
  h3: ["id"],
  h4: [],
  h5: [],
  h6: [],
  em: [],
  strong: [],
  s: [],
  del: [],
  code: [],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ["start"],
  li: [],
  a: ["href", "title", "rel"],
  img: ["src", "alt", "title", "srcset", "sizes", "width", "height", "loading", "decoding"],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ["style"],
  td: ["style"],
  nav: ["aria-labelledby"],
};

// xss is CommonJS: its helpers are properties of the default export (Node cannot name them in an import).
const xss = xssModule as unknown as typeof import("xss");

const sanitizer = new xss.FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: false,
  stripIgnoreTagBody: ["script", "style"],
  allowCommentTag: false,
  css: { whiteList: { "text-align": true } },
  safeAttrValue(tag: string, name: string, value: string, cssFilter: XSS.ICSSFilter) {
    if (tag === "img" && IMG_ATTRIBUTE_RULES[name]) return IMG_ATTRIBUTE_RULES[name](value) ? value : "";
    if (name !== "href" && name !== "src") return xss.safeAttrValue(tag, name, value, cssFilter);
    // The same rule as `validateLink`, on the value a browser would read: entities decoded,
    // and with the spaces and control characters it ignores inside a scheme removed.
    const url = xss.friendlyAttrValue(value).trim();
    const scheme = SCHEME.exec(url.replace(/[\s\p{Cc}]/gu, ""));
    if (scheme && !SAFE_SCHEMES.has(scheme[1]!.toLowerCase())) return "";
    return xss.escapeAttrValue(url);
  },
});

/**
 * The article's HTML with every `src`, `srcset` and `href` absolute, for readers that show it
 * away from the site (the feed's `content:encoded`, docs/decisions/0152-feed-urls-and-enclosure-lengths.md):
 * a site path is put under `origin`, a `#fragment` (the table of contents) under the article's
 * own URL. Passed through the same allow-list as the HTML was made with, by js-xss, which
 * parses the attributes; nothing else changes.
 */
export function absoluteHtmlUrls(html: string, origin: string, pageUrl: string): string {
  const site = origin.replace(/\/+$/, "");
  const absolute = (url: string) =>
    url.startsWith("#") ? pageUrl + url : url.startsWith("/") && !url.startsWith("//") ? site + url : url;
  const filter = new xss.FilterXSS({
    whiteList: ALLOWED,
    css: { whiteList: { "text-align": true } },
    onTagAttr(_tag, name, value) {
      if (name === "src" || name === "href")
        return `${name}="${xss.escapeAttrValue(absolute(xss.friendlyAttrValue(value).trim()))}"`;
      if (name === "srcset") {
        const candidates = xss
          .friendlyAttrValue(value)
          .split(",")
          .map((candidate) => candidate.trim().replace(/^\S+/, absolute));
        return `srcset="${xss.escapeAttrValue(candidates.join(", "))}"`;
      }
      return undefined;
    },
  });
  return filter.process(html);
}

/**
 * What an img may carry besides src/alt/title, value by value: a srcset only of same-origin
 * /media/ files, sizes of the article column, whole pixel sizes, and the loading hints.
 */
const IMG_ATTRIBUTE_RULES: Record<string, (value: string) => boolean> = {
  srcset: (value) =>
    value.split(",").every((candidate) => {
      const [url = "", width = "", ...rest] = candidate.trim().split(/\s+/);
      return rest.length === 0 && isSafeMediaPath(url) && /^[1-9]\d{0,4}w$/.test(width);
    }),
  sizes: (value) => value === ARTICLE_IMAGE_SIZES,
  width: (value) => /^[1-9]\d{0,4}$/.test(value),
  height: (value) => /^[1-9]\d{0,4}$/.test(value),
  loading: (value) => value === "lazy" || value === "eager",
  decoding: (value) => value === "async",
};

// Images in the content load when they come near, without blocking the text; a checked image
// (`mediaInfo`) gets its size, so nothing moves when it arrives, and its variants.
const defaultImage = parser.renderer.rules.image!;
parser.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const media = (env as RenderEnv | undefined)?.mediaInfo?.(String(token.attrGet("src") ?? ""));
  if (media) {
    const srcset = buildSrcset(media.variants);
    if (srcset) {
      token.attrSet("srcset", srcset);
      token.attrSet("sizes", ARTICLE_IMAGE_SIZES);
    }
    token.attrSet("width", String(media.width));
    token.attrSet("height", String(media.height));
  }
  token.attrSet("loading", "lazy");
  token.attrSet("decoding", "async");
  return defaultImage(tokens, idx, options, env, self);
};

/** Every image of a Markdown text, with its alt text as the page will show it. */
export function markdownImages(markdown: string): { src: string; alt: string }[] {
  const images: { src: string; alt: string }[] = [];
  const visit = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === "image") {
        images.push({
          src: String(token.attrGet("src") ?? ""),
          alt: parser.renderer.renderInlineAsText(token.children ?? [], parser.options, {}),
        });
      }
      if (token.children) visit(token.children);
    }
  };
  visit(parser.parse(markdown, { headings: [] }));
  return images;
}

/**
 * The words a reader sees of a Markdown text, without its syntax: emphasis, headings, list
 * and quote marks dropped, a link reduced to its text, an image to its alt text, code to its
 * characters; blocks and line breaks become single spaces. Parsed by the same parser as the
 * article's HTML, so what counts as a link or an image is what the page shows
 * (docs/decisions/0150-descriptions-from-the-excerpt.md).
 */
export function markdownText(markdown: string): string {
  const parts: string[] = [];
  const inline = (children: readonly Token[]) => {
    for (const child of children) {
      if (child.type === "image") inline(child.children ?? []);
      else if (child.type === "softbreak" || child.type === "hardbreak") parts.push(" ");
      else if (["text", "text_special", "code_inline", "html_inline"].includes(child.type)) parts.push(child.content);
    }
  };
  for (const token of parser.parse(markdown, { headings: [] })) {
    if (token.type === "inline") inline(token.children ?? []);
    else if (["fence", "code_block", "html_block"].includes(token.type)) parts.push(token.content);
    // Every block ends apart from the next ("# Title" then a paragraph are two phrases).
    if (token.nesting === -1 || token.type === "fence" || token.type === "code_block") parts.push(" ");
  }
  return parts.join("").replace(/\s+/g, " ").trim();
}

/**
 * Markdown to the article's HTML, sanitised. `language` names the table of contents;
 * `mediaInfo` gives the images of the site their size and variants.
 */
export function renderMarkdown(markdown: string, language: Language = "es", mediaInfo?: MediaInfoLookup): string {
  const env: RenderEnv = { headings: [], mediaInfo };
  const tokens = parser.parse(markdown, env);
  const body = parser.renderer.render(tokens, parser.options, env);
  return sanitizer.process(tableOfContents(env.headings, language) + body);
}

/** A nav of the article's h2, when it has enough of them to need one. */
function tableOfContents(headings: readonly Heading[], language: Language): string {
  const sections = headings.filter((h) => h.level === 2);
  if (sections.length < TABLE_OF_CONTENTS_MIN_HEADINGS) return "";
  const items = sections.map((h) => `<li><a href="#${h.id}">${parser.utils.escapeHtml(h.text)}</a></li>`).join("");
  const title = parser.utils.escapeHtml(TABLE_OF_CONTENTS_TITLE[language] ?? TABLE_OF_CONTENTS_TITLE.es);
  return `<nav aria-labelledby="${TOC_ID}"><h2 id="${TOC_ID}">${title}</h2><ol>${items}</ol></nav>\n`;
}

/**
 * Splits each paragraph at its line breaks (soft or hard): one paragraph per line, as the
 * site rendered text before Markdown. Emphasis or a link that spans a line break is closed
 * at the end of the line and opened again on the next. A tight list item shows its
 * paragraph without <p>, so there the lines stay apart with a <br> instead.
 */
function splitParagraphsAtLineBreaks(state: StateCore): void {
  const out: Token[] = [];
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i]!;
    const inline = tokens[i + 1];
    const close = tokens[i + 2];
    if (open.type !== "paragraph_open" || inline?.type !== "inline" || close?.type !== "paragraph_close") {
      out.push(open);
      continue;
    }
    const children = inline.children ?? [];
    if (open.hidden) {
      for (const child of children) if (child.type === "softbreak") child.type = "hardbreak";
      out.push(open, inline, close);
    } else {
      for (const line of splitLines(children, state)) {
        const lineInline = new state.Token("inline", "", 0);
        Object.assign(lineInline, { content: "", map: inline.map, level: inline.level, children: line });
        out.push(open, lineInline, close);
      }
    }
    i += 2;
  }
  state.tokens = out;
}

function splitLines(children: readonly Token[], state: StateCore): Token[][] {
  const lines: Token[][] = [[]];
  const open: Token[] = [];
  for (const token of children) {
    if (token.type === "softbreak" || token.type === "hardbreak") {
      const line = lines[lines.length - 1]!;
      for (const opened of [...open].reverse()) {
        const closing = new state.Token(opened.type.replace(/_open$/, "_close"), opened.tag, -1);
        closing.markup = opened.markup;
        line.push(closing);
      }
      lines.push([...open]);
      continue;
    }
    lines[lines.length - 1]!.push(token);
    if (token.nesting === 1) open.push(token);
    else if (token.nesting === -1) open.pop();
  }
  return lines.filter((line) => line.some((t) => t.nesting === 0 && (t.type !== "text" || t.content.trim() !== "")));
}

/** Plain text of an inline token list (a heading's words, without markup). */
function inlineText(children: readonly Token[]): string {
  return children
    .map((t) => (t.type === "text" || t.type === "code_inline" ? t.content : ""))
    .join("")
    .trim();
}

function headingIds(state: StateCore): void {
  const env = state.env as unknown as RenderEnv;
  const used = new Set<string>([TOC_ID]);
  for (let i = 0; i < state.tokens.length; i++) {
    const token = state.tokens[i]!;
    if (token.type !== "heading_open" || (token.tag !== "h2" && token.tag !== "h3")) continue;
    const text = inlineText(state.tokens[i + 1]?.children ?? []);
    const base = slugify(text) || "seccion";
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    token.attrSet("id", id);
    env.headings?.push({ level: token.tag === "h2" ? 2 : 3, id, text });
  }
}

/**
 * Absolute links (another site) get rel="noopener noreferrer"; links within the site stay
 * as they are. An autolinked bare domain (no scheme, no "www.", not an e-mail) goes back to text.
 */
function links(state: StateCore): void {
  for (const block of state.tokens) {
    if (!block.children) continue;
    const kept: Token[] = [];
    let unwrapping = 0;
    for (const [i, token] of block.children.entries()) {
      if (token.type === "link_open" && token.markup === "linkify") {
        const text = String(block.children[i + 1]?.content ?? "");
        if (!/^(?:[a-z][a-z0-9+.-]*:|www\.)/i.test(text) && !text.includes("@")) {
          unwrapping++;
          continue;
        }
      }
      if (token.type === "link_close" && token.markup === "linkify" && unwrapping > 0) {
        unwrapping--;
        continue;
      }
      if (token.type === "link_open" && /^(https?:)?\/\//i.test(String(token.attrGet("href") ?? ""))) {
        token.attrSet("rel", "noopener noreferrer");
      }
      kept.push(token);
    }
    block.children = kept;
  }
}
