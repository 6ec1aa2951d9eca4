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
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
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
