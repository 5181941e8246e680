// ESLint for every JavaScript file of the project; `make lint` runs it with --max-warnings 0, so
// anything it reports fails the build, and `make format` applies its automatic fixes.
//
// The repository's top level is fixed, so this file lives in build/ and make passes it with
// --config. Every pattern below is anchored to the repository root (basePath), so with
// `--config build/eslint.config.mjs` the result is the same from any directory. Layout is
// Prettier's job (../.prettierrc.json, found by editors too); no rule here is about layout.

import { fileURLToPath } from "node:url";

import js from "@eslint/js";
import globals from "globals";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

// The engine worker and the modules only it imports run in a DedicatedWorkerGlobalScope: no
// window, no document.
const WORKERS = [
  "web/js/worker.js",
  "web/js/engine/worker.js",
  "web/js/engine/boot-failure.js",
  "web/js/engine/boot-python.js",
  "web/js/engine/keep.js",
  "web/js/engine/progress.js",
  "web/js/engine/rehearsal.js",
];

export default [
  {
    basePath: ROOT,
    // boot-config.js is written by build/build_site.py into each build.
    ignores: ["**/node_modules/", "web/js/boot-config.js", "site/", "build/.cache/", ".venv/"],
  },
  {
    basePath: ROOT,
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  { basePath: ROOT, ...js.configs.recommended },
  {
    basePath: ROOT,
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module" },
    rules: {
      // The same ceiling as the Python's: a function that needs more branches is two functions.
      complexity: ["error", 12],
      "max-depth": ["error", 4],
      "max-lines": ["error", { max: 400, skipBlankLines: true, skipComments: true }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      // Bites only in web/sw.js, the one classic script: a module's top level is never global.
      "no-implicit-globals": "error",
      "no-unused-vars": [
        "error",
        {
          args: "after-used",
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrors: "all",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
        },
      ],
    },
  },
  {
    basePath: ROOT,
    files: ["web/js/**/*.js"],
    ignores: WORKERS,
    languageOptions: { globals: globals.browser },
  },
  {
    basePath: ROOT,
    files: WORKERS,
    languageOptions: { globals: globals.worker },
  },
  {
    // A classic (not module) service worker: offline.js registers it with type "classic", and
    // build/build_site.py prepends `const BUILD = ...` to it.
    basePath: ROOT,
    files: ["web/sw.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
    // A service worker's global scope is its own: no other script shares it.
    rules: { "no-implicit-globals": "off" },
  },
  {
    // Classic and ES5, so that a browser too old for the page still runs it (and says so).
    basePath: ROOT,
    files: ["web/js/browser-check.js", "web/js/start-look.js"],
    languageOptions: { ecmaVersion: 5, sourceType: "script" },
    rules: { "no-var": "off", "prefer-const": "off" },
  },
  {
    basePath: ROOT,
    files: ["tests/js/**/*.mjs", "build/**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
];
