import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { REPO_ROOT } from "@codcrm/local/server";

/**
 * What each library of the front end weighs in a visitor's download: the parts of it the app
 * imports (its named imports, found in `web/app`), bundled alone and minified, then gzip -9. The
 * libraries each library imports in turn are left out (React Router's React is React's), so the
 * rows add up. React and react-dom are CommonJS, taken whole as the app takes them.
 */
const LIBRARIES = [
  { name: "react", modules: ["react", "react/jsx-runtime"], external: [] },
  { name: "react-dom", modules: ["react-dom", "react-dom/client"], external: ["react", "scheduler"] },
  { name: "scheduler (react-dom's)", modules: ["scheduler"], external: [] },
  { name: "react-router", modules: ["react-router", "react-router/dom"], external: ["react", "react-dom"] },
  { name: "i18next", modules: ["i18next"], external: [] },
  { name: "react-i18next", modules: ["react-i18next"], external: ["react", "i18next"] },
] as const;

/** Every name the app imports from `module` (type-only imports aside); `*` when it imports the whole. */
function importedNames(module: string): Set<string> {
  const names = new Set<string>();
  const source = path.join(REPO_ROOT, "web/app");
  const escaped = module.replace(/[/.]/g, (c) => `\\${c}`);
  const named = new RegExp(`import\\s+(type\\s+)?(?:(\\w+)\\s*,\\s*)?\\{([^}]*)\\}\\s*from\\s*"${escaped}"`, "g");
  const whole = new RegExp(`import\\s+(?:\\*\\s+as\\s+\\w+|\\w+)\\s+from\\s*"${escaped}"`);
  for (const file of readdirSync(source, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const text = readFileSync(path.join(source, file), "utf8");
    if (whole.test(text)) names.add("*");
    for (const match of text.matchAll(named)) {
      if (match[1]) continue;
      if (match[2]) names.add("default");
      for (const part of match[3]!.split(",")) {
        const name = part.trim();
        if (name && !name.startsWith("type ")) names.add(name.split(/\s+as\s+/)[0]!);
      }
    }
  }
  return names;
}

export interface LibraryWeight {
  name: string;
  gzipKb: number;
  minifiedKb: number;
}

export async function libraryWeights(): Promise<LibraryWeight[]> {
  const weights: LibraryWeight[] = [];
  for (const library of LIBRARIES) {
    const lines = library.modules.map((module, index) => {
      const names = importedNames(module);
      // CommonJS (React's packages) or a module imported whole: all of it.
      if (names.has("*") || library.external.length === 0 || names.size === 0)
        return `export * as m${index} from "${module}";`;
      return `export { ${[...names].map((name) => (name === "default" ? `default as d${index}` : name)).join(", ")} } from "${module}";`;
    });
    const result = await build({
      stdin: { contents: lines.join("\n"), resolveDir: path.join(REPO_ROOT, "web"), loader: "js" },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      write: false,
      external: [...library.external],
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "silent",
    });
    const code = result.outputFiles[0]!.contents;
    weights.push({
      name: library.name,
      minifiedKb: Number((code.length / 1024).toFixed(1)),
      gzipKb: Number((gzipSync(code, { level: 9 }).length / 1024).toFixed(1)),
    });
  }
  return weights;
}
