import js from "@eslint/js";
import globals from "globals";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
      "no-restricted-syntax": [
        "error",
        {
          // `import { z }` pulls every zod locale into the bundle (about 370 KB); the namespace import tree-shakes.
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier",
          message: 'Use `import * as z from "zod"`: it tree-shakes, `import { z }` does not.',
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
          paths: [
            {
              name: "react",
              importNames: ["useId"],
              // Preact's useId counts calls: a part rendered late or only in the HTML shifts the
              // ids after it (docs/decisions/0140-preact-on-public-pages.md).
              message: "Use useId from web/app/lib/id-scope.ts: its ids are the same in the HTML and the browser.",
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
        { type: "feature", pattern: "web/app/features/*", capture: ["name"], partialMatch: false },
        { type: "layout", pattern: "web/app/layout", partialMatch: false },
        { type: "ui", pattern: "web/app/ui", partialMatch: false },
        { type: "seo", pattern: "web/app/seo", partialMatch: false },
        { type: "i18n", pattern: "web/app/i18n", partialMatch: false },
        { type: "lib", pattern: "web/app/lib", partialMatch: false },
        { type: "config", pattern: "web/app/config", partialMatch: false },
        // What is left: the files at the top (root, routes, entries, the site layout).
        { type: "app", pattern: "web/app", partialMatch: false },
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
