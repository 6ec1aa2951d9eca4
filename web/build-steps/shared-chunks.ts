import { fileURLToPath } from "node:url";
import type { Rollup } from "vite";

const app = (file: string) => fileURLToPath(new URL(`../app/${file}`, import.meta.url));

/**
 * Our own code that public pages share, in one chunk per group of pages, from the widest
 * group to the narrowest: a module goes to the first group it belongs to, by what the
 * group's entries import statically (directly or not). Left to itself, Rollup makes one chunk per distinct set of
 * importers (admin routes included) and cuts this code into files of a few hundred bytes,
 * each compressed on its own: the article page loaded 20 files, 8 of them under 1 KB.
 *
 * - `site`: what the document and the site layout import, their dependencies included (React,
 *   React Router, i18next): every public page runs it. Left to Rollup, React Router went to a
 *   chunk of the narrower group and imported React from this one, which imported the router from
 *   it: a cycle the start script's one-chunk-per-task evaluation broke.
 * - `articles`: what the landing (its latest articles) and both blog pages import: cards'
 *   image, dates, category names, head tags and the API client.
 * - `blog`: what the article or category page and the blog list share: cards, the hand-over
 *   from the server's copy, the blog's API calls and feed link.
 *
 * Other dependencies keep Rollup's chunking; lazily imported code stays lazy. Measured
 * with `npm run bench -- bundles` (docs/decisions/0099-what-a-page-downloads.md).
 */
const GROUPS: { chunk: string; importedBy: "any" | "every"; entries: string[]; dependencies?: true }[] = [
  { chunk: "site", importedBy: "any", entries: [app("root.tsx"), app("site-layout.tsx")], dependencies: true },
  {
    chunk: "articles",
    importedBy: "every",
    entries: [
      app("features/landing/landing-page.tsx"),
      app("features/blog/blog-segment-page.tsx"),
      app("features/blog/blog-list-page.tsx"),
    ],
  },
  {
    chunk: "blog",
    importedBy: "every",
    entries: [app("features/blog/blog-segment-page.tsx"), app("features/blog/blog-list-page.tsx")],
  },
];

/** The modules an entry imports statically, the entry itself included; dependencies only when asked. */
function staticImports(entry: string, getModuleInfo: Rollup.GetModuleInfo, dependencies = false): Set<string> {
  const modules = new Set<string>();
  const visit = (id: string) => {
    if (modules.has(id) || (!dependencies && id.includes("node_modules")) || id.startsWith("\0")) return;
    const info = getModuleInfo(id);
    if (!info) return;
    modules.add(id);
    info.importedIds.forEach(visit);
  };
  visit(entry);
  return modules;
}

/** Module id → chunk name, per build: the client and prerender builds each have their own module graph. */
const chunksOfBuild = new WeakMap<Rollup.GetModuleInfo, Map<string, string>>();

export const sharedChunks: Rollup.GetManualChunk = (id, { getModuleInfo }) => {
  let chunks = chunksOfBuild.get(getModuleInfo);
  if (!chunks) {
    chunks = new Map();
    for (const { chunk, importedBy, entries, dependencies } of GROUPS) {
      const imports = entries.map((entry) => staticImports(entry, getModuleInfo, dependencies));
      for (const module of new Set(imports.flatMap((set) => [...set]))) {
        if (chunks.has(module)) continue;
        // A page's own module stays its chunk: React Router loads it by name.
        if (importedBy === "every" && entries.includes(module)) continue;
        if (importedBy === "any" || imports.every((set) => set.has(module))) chunks.set(module, chunk);
      }
    }
    chunksOfBuild.set(getModuleInfo, chunks);
  }
  return chunks.get(id);
};
