import js from "@eslint/js";
import globals from "globals";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The repository's packages and the tooling around them, as boundaries elements: a relative
 * import that lands in another package is refused, so every package is reached by its name and
 * through what it exports (`@codcrm/core/...`, `@codcrm/web/server-markup`). Imports by package
 * name are left to the package's `exports` and are never elements, so they always pass
 * (docs/decisions/0113-declared-package-borders.md). `locales/` is data that every side reads.
 */
const PACKAGE_ELEMENTS = [
  { type: "package", pattern: "packages/*", capture: ["name"], partialMatch: false },
  { type: "web-package", pattern: "web", partialMatch: false },
  { type: "tooling", pattern: "(stacks|scripts|bench|e2e)", capture: ["name"], partialMatch: false },
];
/** The configuration files at the top (sst.config.ts, vitest.config.ts, …), which no folder element holds. */
const TOP_FILES = [{ category: "top", pattern: "*.{ts,js}" }];
const PACKAGE_BORDER_MESSAGE =
  "{{ to.element.path }} is another package: import it by its package name (@codcrm/...), through what it exports, not by a relative path (docs/decisions/0113-declared-package-borders.md)";
const PACKAGE_BORDER_POLICIES = [
  {
    from: { element: { type: "package" } },
    disallow: { to: { element: { type: "package", captured: { name: "!{{ from.element.captured.name }}" } } } },
  },
  { from: { element: { type: "!web-package" } }, disallow: { to: { element: { type: "web-package" } } } },
  {
    from: { element: { types: { anyOf: ["tooling", "web-package"] } } },
    disallow: { to: { element: { type: "package" } } },
  },
  {
    from: { file: { categories: "top" } },
    disallow: { to: { element: { types: { anyOf: ["package", "web-package"] } } } },
  },
];

/**
 * Core's folders, lowest first: each may import only itself, the folders before it and the files
 * at the top of src/ (errors, validation, text fields, brand), which import nothing else. The
 * store (db/) comes last: it keeps what the rules define, and the rules name what they need from
 * it as interfaces of their own (docs/decisions/0110-core-depends-one-way.md).
 */
const CORE_LAYERS = ["site", "web", "auth", "staff", "config", "mail", "media", "lead", "article", "analytics", "db"];
const CORE_ELEMENTS = [
  { type: "core-folder", pattern: "packages/core/src/*", capture: ["folder"], partialMatch: false },
  { type: "core-top", pattern: "packages/core/src", partialMatch: false },
];
const CORE_POLICIES = [
  { from: { element: { type: "core-top" } }, allow: { to: { element: { type: "core-top" } } } },
  ...CORE_LAYERS.map((folder, rank) => ({
    from: { element: { type: "core-folder", captured: { folder } } },
    allow: [
      { to: { element: { type: "core-top" } } },
      { to: { element: { type: "core-folder", captured: { folder: CORE_LAYERS.slice(0, rank + 1) } } } },
    ],
  })),
  // Core's own test helpers (packages/core/test).
  {
    from: { element: { type: "core-folder" } },
    allow: { to: { element: { type: "package", captured: { name: "core" } } } },
  },
];

// Imports the web app refuses by name, in its code and its tests alike. (Flat config replaces a
// rule's options per block, so every block that sets no-restricted-imports for web/ lists them.)
const WEB_RESTRICTED_PATHS = [
  {
    name: "i18next",
    importNames: ["default", "t", "changeLanguage"],
    // The global instance is one language for every page a server renders at once: each render,
    // and the browser, has an instance of its own (web/app/i18n/i18n.ts,
    // docs/decisions/0202-i18next-and-plural-rules.md).
    message: "Use the app's i18next instance (web/app/i18n/i18n.ts) or react-i18next's useTranslation.",
  },
];

// `import { z }` pulls every zod locale into the bundle (about 370 KB); the namespace import tree-shakes.
const ZOD_NAMED_IMPORT = {
  selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier",
  message: 'Use `import * as z from "zod"`: it tree-shakes, `import { z }` does not.',
};

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "web/build/**",
      "web/.react-router/**",
      ".sst/**",
      "cdk.out/**",
      ".data/**",
      "bench/results/**",
      "test-results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "no-restricted-syntax": ["error", ZOD_NAMED_IMPORT],
    },
  },
  {
    // The api and web projects' files share one worker's imports (vitest.config.ts): a module mock there
    // would reach every file after it in the same worker, so none is allowed
    // (docs/decisions/0189-api-tests-share-imports.md).
    files: [
      "web/app/**/*.test.{ts,tsx}",
      "web/build-steps/**/*.test.ts",
      "packages/local/**/*.test.ts",
      "scripts/**/*.test.ts",
      "bench/**/*.test.ts",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        ZOD_NAMED_IMPORT,
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock|resetModules|hoisted)$/]",
          message:
            "These tests share their imports (vitest.config.ts, decision 0189): pass a fake in, stub a global (put back before each test and at the file's end), or mock an AWS client (aws-sdk-client-mock) and restore it.",
        },
      ],
    },
  },
  {
    // Each function bundles its own handler file alone (docs/decisions/0176-lean-lambda-bundles.md);
    // the map of every handler is for the runtimes that serve them all in one process
    // (docs/decisions/0321-routes-the-compiler-checks.md).
    files: ["packages/functions/src/**/*.ts"],
    ignores: ["packages/functions/src/handler-modules.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "handler-modules(\\.ts)?$",
              message:
                "A function's code may not import every handler: each Lambda would bundle them all (docs/decisions/0176-lean-lambda-bundles.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "no-restricted-imports": [
        "error",
        {
          paths: WEB_RESTRICTED_PATHS,
        },
      ],
    },
  },
  {
    // Package borders for everything outside the web app (whose own layout block below carries them too).
    files: ["**/*.{ts,tsx,js}"],
    ignores: ["web/app/**", "packages/core/src/**"],
    plugins: { boundaries },
    settings: { "boundaries/elements": PACKAGE_ELEMENTS, "boundaries/files": TOP_FILES },
    rules: {
      "boundaries/dependencies": [
        "error",
        { default: "allow", message: PACKAGE_BORDER_MESSAGE, policies: PACKAGE_BORDER_POLICIES },
      ],
    },
  },
  {
    // Core's one-way folders, and the package borders (nothing outside core is reached by path).
    files: ["packages/core/src/**/*.ts"],
    plugins: { boundaries },
    settings: { "boundaries/elements": [...CORE_ELEMENTS, ...PACKAGE_ELEMENTS] },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message: `{{ from.element.path }} may not import {{ to.element.path }}: core's folders depend one way, ${[...CORE_LAYERS].reverse().join(" → ")} → the files at the top of src/, and other packages by name only (docs/decisions/0110-core-depends-one-way.md)`,
          policies: CORE_POLICIES,
        },
      ],
    },
  },
  {
    // Client code: what the browser may load. A `*.server.ts(x)` module, the server packages and
    // the store never reach it (types are erased, so they may be named); React Router's build
    // refuses a `.server` module in the browser's bundle too, however deep it is imported
    // (docs/decisions/0114-server-only-files.md).
    files: ["web/app/**/*.{ts,tsx}"],
    ignores: ["web/app/**/*.server.{ts,tsx}", "web/app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: WEB_RESTRICTED_PATHS,
          patterns: [
            {
              regex: "\\.server(\\.[cm]?[jt]sx?)?$",
              allowTypeImports: true,
              message:
                "A *.server module never reaches a browser: client code may not import it (docs/decisions/0114-server-only-files.md).",
            },
            {
              regex: "^@codcrm/(functions|local)(/|$)",
              allowTypeImports: true,
              message:
                "Server packages never reach a browser: client code may not import them (docs/decisions/0114-server-only-files.md).",
            },
          ],
        },
      ],
    },
  },
  {
    // The web app's one-way layout (web/README.md, docs/decisions/0030-web-code-layout.md):
    // app → features → ui → lib/i18n/seo/config. A feature never reaches into another one;
    // what two features share moves down into ui/ or lib/.
    files: ["web/app/**/*.{ts,tsx}"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": [
        // The admin feature's groups, by what the administrator does (articles, leads, session,
        // …) and what they share (`shared`): docs/decisions/0121-admin-grouped-by-task.md.
        { type: "admin-group", pattern: "web/app/features/admin/*", capture: ["group"], partialMatch: false },
        { type: "feature", pattern: "web/app/features/*", capture: ["name"], partialMatch: false },
        { type: "layout", pattern: "web/app/layout", partialMatch: false },
        { type: "ui", pattern: "web/app/ui", partialMatch: false },
        { type: "seo", pattern: "web/app/seo", partialMatch: false },
        { type: "i18n", pattern: "web/app/i18n", partialMatch: false },
        { type: "lib", pattern: "web/app/lib", partialMatch: false },
        { type: "config", pattern: "web/app/config", partialMatch: false },
        // What is left: the files at the top (root, routes, entries, the site layout).
        { type: "app", pattern: "web/app", partialMatch: false },
        // Other packages, reached only by package name (no policy allows a relative import into one).
        ...PACKAGE_ELEMENTS.filter((element) => element.type !== "web-package"),
      ],
    },
    rules: {
      "boundaries/no-unknown-files": "error",
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message: "{{ from.element.types.[0] }} may not import {{ to.element.types.[0] }} ({{ to.element.path }})",
          policies: [
            { from: { element: { type: "app" } }, allow: { to: { element: { type: "*" } } } },
            {
              from: { element: { type: "feature" } },
              allow: [
                { to: { element: { type: "feature", captured: { name: "{{ from.element.captured.name }}" } } } },
                { to: { element: { types: { anyOf: ["ui", "seo", "i18n", "lib", "config"] } } } },
              ],
            },
            {
              // The admin's top files (its frame, "page not found") may use what its groups share.
              from: { element: { type: "feature", captured: { name: "admin" } } },
              allow: { to: { element: { type: "admin-group", captured: { group: "shared" } } } },
            },
            {
              // A group imports its own files and the admin's shared ones, never another group's;
              // what two groups need moves into `shared`, which imports no group.
              from: { element: { type: "admin-group" } },
              allow: [
                { to: { element: { type: "admin-group", captured: { group: "{{ from.element.captured.group }}" } } } },
                { to: { element: { type: "admin-group", captured: { group: "shared" } } } },
                { to: { element: { types: { anyOf: ["ui", "seo", "i18n", "lib", "config"] } } } },
              ],
            },
            {
              from: { element: { type: "layout" } },
              allow: { to: { element: { types: { anyOf: ["layout", "ui", "seo", "i18n", "lib", "config"] } } } },
            },
            {
              from: { element: { type: "ui" } },
              allow: { to: { element: { types: { anyOf: ["ui", "seo", "i18n", "lib", "config"] } } } },
            },
            {
              from: { element: { type: "seo" } },
              allow: { to: { element: { types: { anyOf: ["seo", "i18n", "lib", "config"] } } } },
            },
            {
              from: { element: { type: "i18n" } },
              allow: { to: { element: { types: { anyOf: ["i18n", "lib", "config"] } } } },
            },
            { from: { element: { type: "lib" } }, allow: { to: { element: { types: { anyOf: ["lib", "config"] } } } } },
            { from: { element: { type: "config" } }, allow: { to: { element: { type: "config" } } } },
          ],
        },
      ],
    },
  },
);
