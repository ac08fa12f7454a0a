// ESLint flat config. Decisions behind it: docs/decisions/001-package-layout-and-layer-import-rules.md
// (the import zones) and docs/decisions/007-tooling.md (why these plugins and no stylistic rules:
// Prettier owns formatting).
import js from "@eslint/js";
import { readdirSync } from "node:fs";
import { defineConfig, globalIgnores } from "eslint/config";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

/** Node.js globals for the few plain `.js` files (TypeScript files get them from `@types/node`). */
const nodeGlobals = Object.fromEntries(
  [
    "AbortController",
    "AbortSignal",
    "Buffer",
    "URL",
    "URLSearchParams",
    "TextDecoder",
    "TextEncoder",
    "clearImmediate",
    "clearInterval",
    "clearTimeout",
    "console",
    "fetch",
    "process",
    "queueMicrotask",
    "setImmediate",
    "setInterval",
    "setTimeout",
    "structuredClone",
  ].map((name) => [name, "readonly"]),
);

/** Unused variables are errors unless their name starts with `_`. */
const unusedVarsOptions = {
  argsIgnorePattern: "^_",
  varsIgnorePattern: "^_",
  caughtErrorsIgnorePattern: "^_",
  destructuredArrayIgnorePattern: "^_",
};

/**
 * Layer rules (ADR 001). Imports flow one way: http → core → data → tools; `shared` is
 * isomorphic and `app` never reaches into the server. Paths are relative to this file.
 */
const layerZones = [
  {
    target: "server/tools",
    from: "server",
    except: ["./tools"],
    message: "server/tools is independent: it imports nothing else from server/ (ADR 001).",
  },
  {
    target: "server/data",
    from: "server/http",
    message: "server/data may not import server/http (ADR 001).",
  },
  {
    target: "server/data",
    from: "server/core",
    except: ["./models"],
    message: "server/data may import only server/core/models from core, for types (ADR 001).",
  },
  {
    target: "server/http",
    from: "server/data",
    message: "server/http reaches the database only through server/core (ADR 001).",
  },
  {
    target: "server/core",
    from: "server/http",
    message: "server/core is framework-free: it may not import server/http (ADR 001).",
  },
  {
    // The records core imports no feature (issue 24, ADR 063): features (revisions, pending
    // edits, search, …) plug into it through its record hooks, from their modules. What it
    // may use: the models, the collections lookup and the errors; the files of file fields
    // (a PocketBase record field); `randomSecret` for auth records' `tokenKey`.
    target: "server/core/records",
    from: "server/core",
    except: [
      "./records",
      "./models",
      "./collections",
      "./errors.ts",
      "./files",
      "./auth/secrets.ts",
    ],
    message:
      "The records core imports no feature: register the feature's record hooks from its module in server/modules/ (ADR 063).",
  },
  {
    target: "shared",
    from: ["server", "app"],
    message: "shared is isomorphic: it may not import server/ or app/ (ADR 001).",
  },
  {
    target: "app",
    from: "server",
    message: "app reaches the server only through the API (ADR 001).",
  },
];

/** The import restriction that keeps tests/ for tests (ADR 008). */
const onlyTestsImportTests = {
  regex: "^#tests/|(^|/)tests/",
  message: "Only app tests may import tests/ (ADR 008).",
};

/** Where the API layer's rule points (ADR 059). */
const API_LAYER_MESSAGE =
  "Only app/api/ calls the pocketbase SDK and writes /api addresses: call (or add) a typed function there (ADR 059).";

/**
 * A string naming an address of the API: `/api` followed by `/`, `?`, `#` or nothing, anywhere
 * in the text (`"/api/files/…"`, `` `${origin}/api/…` ``, `"Allow: /api/"`).
 */
const API_PATH = String.raw`/\/api(?:[\/?#]|$)/`;

/** The module names of imports and exports (a path to `app/api/` names the layer, not the API). */
const MODULE_SOURCES = [
  "ImportDeclaration > Literal",
  "ImportExpression > Literal",
  "ExportNamedDeclaration > Literal",
  "ExportAllDeclaration > Literal",
].join(", ");

/** Every feature folder of the web app (`app/features/<name>/`), read at lint time. */
const appFeatures = readdirSync(`${root}/app/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Feature borders in the web app (ADR 039), Bulletproof React's rule: imports flow
 * shared → features → routes. `app/components/`, `app/lib/` and `app/api/` are shared and
 * import no feature and no route; `app/lib/` and `app/api/` import no component either
 * (ADR 059); a feature imports only itself, the shared folders and `shared/`, never another
 * feature or a route; only `app/routes/` composes features.
 */
const appZones = [
  {
    target: ["app/components", "app/lib", "app/api"],
    from: "app/features",
    message:
      "app/components, app/lib and app/api are shared: they may not import a feature; move the shared piece down or let the route compose (ADR 039).",
  },
  {
    target: ["app/components", "app/lib", "app/api", "app/features"],
    from: "app/routes",
    message:
      "Only the router imports app/routes: components, lib, api and features may not (ADR 039).",
  },
  {
    target: ["app/lib", "app/api"],
    from: "app/components",
    message:
      "app/lib and app/api are non-visual: they may not import a component; a hook or helper that needs one belongs in app/components (ADR 059).",
  },
  ...appFeatures.map((name) => ({
    target: `app/features/${name}`,
    from: "app/features",
    except: [`./${name}`],
    message: `app/features/${name} may not import another feature: move the shared piece to app/components or app/lib, or let the route compose the two (ADR 039).`,
  })),
];

export default defineConfig([
  globalIgnores([
    "node_modules/",
    "data/",
    "test-data/",
    "coverage/",
    ".bench/",
    "docs/",
    "build/",
    ".react-router/",
  ]),

  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: nodeGlobals },
    rules: {
      "no-unused-vars": ["error", unusedVarsOptions],
      // Off in eslint-config-prettier too: Prettier's line breaks can trip it.
      "no-unexpected-multiline": "off",
    },
  },

  {
    files: ["**/*.ts", "**/*.tsx"],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", unusedVarsOptions],
      "@typescript-eslint/restrict-template-expressions": [
        "error",
        {
          allowAny: false,
          allowBoolean: true,
          allowNever: false,
          allowNullish: false,
          allowNumber: true,
          allowRegExp: false,
        },
      ],
      // Stated so no later block can quietly drop it (style.md: never turn it off).
      "@typescript-eslint/no-explicit-any": "error",
    },
  },

  {
    files: ["**/*.{js,ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // Resolves relative `.ts` imports and the `#server/*`-style subpath imports of package.json.
      // An import that does not resolve is skipped by the zone rule, so keep this accurate.
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".node"],
          conditionNames: ["types", "import", "node", "default"],
        }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { basePath: root, zones: [...layerZones, ...appZones] },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },

  {
    // The web app: hooks rules and accessibility checks on JSX (typed linting comes from
    // app/tsconfig.json, which the project service picks for these files).
    files: ["app/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    rules: {
      // Loaders and middleware throw React Router's `redirect()` and `data()` responses.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
      // A region that scrolls sideways takes the focus, so the keyboard can scroll it (axe's
      // scrollable-region-focusable, WCAG 2.1.1); tab panels as the rule's default allows.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["tabpanel", "region"] }],
    },
  },

  {
    // Tests assert on shapes they just built or received as JSON; `!` and `any` flows are the
    // normal cost there. The other no-unsafe-* rules (enum comparison, declaration merging,
    // function type, unary minus) catch real mistakes and stay on.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**/*.ts"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },

  {
    // Test code in tests/ is for tests only. The app's own tests (page tests included, ADR 008)
    // may import its helpers (`#tests/helpers/*`, which drive the real server in-process); the
    // rest of app/ may not. No file in app/ imports server/ directly: the `app` zone above.
    files: ["app/api/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [onlyTestsImportTests] }],
    },
  },

  {
    // The API layer (ADR 059): only app/api/ calls the pocketbase SDK or writes an `/api`
    // address; the rest of the app calls its typed functions. Outside app/api/ the client is an
    // opaque `ApiClient` (no SDK method type-checks on it), the SDK's package cannot be
    // imported, and no string or template literal names an `/api` path. Tests may (they build
    // the SDK's errors and set data up through the API).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}", "app/api/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "pocketbase", message: API_LAYER_MESSAGE }],
          patterns: [onlyTestsImportTests, { group: ["pocketbase/*"], message: API_LAYER_MESSAGE }],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: `Literal[value=${API_PATH}]:not(${MODULE_SOURCES})`,
          message: API_LAYER_MESSAGE,
        },
        { selector: `TemplateElement[value.raw=${API_PATH}]`, message: API_LAYER_MESSAGE },
      ],
    },
  },
]);
