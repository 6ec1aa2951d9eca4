import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from "react";

/**
 * The tags a page puts in the document's <head>: its title, meta tags and links
 * (docs/decisions/0140-preact-on-every-page.md). Preact, unlike React 19, does not move a
 * <title> or <meta> rendered inside the page up into <head>, so a page declares them here:
 *
 * - while the build prerenders a page, a `HeadCollector` gathers them and the server entry
 *   writes them into the HTML's <head> (`headMarkup`);
 * - in the browser, hydration leaves the <head> the HTML came with alone (root.tsx), and the
 *   tags of the pages on screen are applied to it after each render that changes them.
 *
 * The kinds of tag a page declares (`MANAGED`) belong to this module in <head>: when another page
 * is shown, the ones there are replaced by its own.
 */
export interface HeadTag {
  tag: "title" | "meta" | "link";
  attributes: Record<string, string>;
  /** The title's text. */
  text?: string;
}

/** Gathers the head tags of one prerendered page (entry.server.tsx). */
export class HeadCollector {
  readonly #byOwner = new Map<object, HeadTag[]>();

  set(owner: object, tags: HeadTag[]): void {
    this.#byOwner.set(owner, tags);
  }

  get tags(): HeadTag[] {
    return [...this.#byOwner.values()].flat();
  }
}

const CollectorContext = createContext<HeadCollector | null>(null);

export function HeadCollectorProvider({ collector, children }: { collector: HeadCollector; children: ReactNode }) {
  return <CollectorContext value={collector}>{children}</CollectorContext>;
}

/** Whether this render writes the document's HTML (the build's prerender), rather than hydrating or updating it. */
export function useWritingHtml(): boolean {
  return useContext(CollectorContext) !== null;
}

/** The tags of <head> that pages declare; the document's own (charset, viewport, theme colour, icon, stylesheet, preloads) are left alone. */
const MANAGED =
  'title, meta[name]:not([name="viewport"]):not([name="theme-color"]), meta[property], link[rel="canonical"], link[rel="alternate"]';

/** The HTML of collected tags, for the prerendered <head>. */
export function headMarkup(tags: HeadTag[]): string {
  return tags
    .map(({ tag, attributes, text }) => {
      const attrs = Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join("");
      return tag === "title" ? `<title${attrs}>${escapeHtml(text ?? "")}</title>` : `<${tag}${attrs}/>`;
    })
    .join("");
}

function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** The head tags of each mounted owner, in mount order (browser only). */
const mounted = new Map<object, HeadTag[]>();
let pending = false;

function elementFor({ tag, attributes, text }: HeadTag): Element {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

function signature(element: Element): string {
  const attributes = [...element.attributes].map((a) => `${a.name}=${a.value}`).sort();
  return `${element.localName}|${attributes.join("|")}|${element.textContent}`;
}

/**
 * Makes <head> hold the tags of the owners on screen. The tags the HTML came with are kept
 * when they are the same (the first render after hydration), so nothing in <head> changes
 * for nothing.
 */
function applyHead(): void {
  pending = false;
  const wanted = [...mounted.values()].flat().map(elementFor);
  const present = [...document.head.querySelectorAll(MANAGED)];
  if (present.length === wanted.length && present.every((el, i) => signature(el) === signature(wanted[i]!))) return;
  for (const element of present) element.remove();
  const stylesheet = document.head.querySelector('link[rel="stylesheet"]');
  for (const element of wanted) document.head.insertBefore(element, stylesheet);
}

/** Applies once the current render's owners have all come and gone (a navigation swaps them). */
function scheduleApply(): void {
  if (pending) return;
  pending = true;
  queueMicrotask(applyHead);
}

/** Declares head tags for as long as the calling component is on screen. */
export function useDocumentHead(tags: HeadTag[]): void {
  const [owner] = useState(() => ({}));
  const collector = useContext(CollectorContext);
  if (collector) collector.set(owner, tags);
  const key = JSON.stringify(tags);
  useLayoutEffect(() => {
    mounted.set(owner, JSON.parse(key) as HeadTag[]);
    scheduleApply();
    return () => {
      mounted.delete(owner);
      scheduleApply();
    };
  }, [owner, key]);
}

/** A title (and robots rule) for pages outside the public site's head (admin, redirects). */
export function DocumentHead({ title, robots }: { title?: string; robots?: string }) {
  const tags: HeadTag[] = [];
  if (title !== undefined) tags.push({ tag: "title", attributes: {}, text: title });
  if (robots) tags.push({ tag: "meta", attributes: { name: "robots", content: robots } });
  useDocumentHead(tags);
  return null;
}
