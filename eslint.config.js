// @ts-check
import tseslint from "typescript-eslint";

/** Import direction of DESIGN.md: routes -> features -> lib; base domains (catalog, access) use no other feature. */
const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });
const OUTBOUND = "Server-side HTTP goes through outboundFetch (app/lib/outbound-fetch.server.ts): it refuses private addresses.";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/", "bench/.data/", "playwright-report/", "test-results/"] },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/lib/**"],
    rules: restrict([
      {
        group: ["~/features/**", "~/routes/**", "../features/**", "../routes/**"],
        message: "lib is infrastructure: it imports no feature or route.",
      },
    ]),
  },
  {
    files: ["app/features/**"],
    rules: restrict([{ group: ["~/routes/**", "../../routes/**"], message: "Features never import routes." }]),
  },
  {
    files: ["app/features/catalog/**", "app/features/access/**"],
    rules: restrict([
      {
        group: ["~/features/**", "!~/features/catalog/**", "!~/features/access/**"],
        message: "Base domains (catalog, access) import no other feature.",
      },
      { group: ["../*/**", "!../catalog/**", "!../access/**"], message: "Base domains (catalog, access) import no other feature." },
    ]),
  },
  // DESIGN D16, decision 0033: every server-side HTTP request goes through app/lib/outbound-fetch.server.ts, which
  // refuses private addresses. Browser code fetches our own API and is not concerned.
  {
    files: ["app/**/*.server.ts", "scripts/**/*.ts", "server/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-globals": ["error", { name: "fetch", message: OUTBOUND }],
      "no-restricted-properties": ["error", { object: "globalThis", property: "fetch", message: OUTBOUND }],
    },
  },
  {
    files: ["app/**", "scripts/**"],
    ignores: ["app/lib/outbound-request.server.ts", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ["node:http", "node:https", "http", "https", "undici"].map((name) => ({
            name,
            message: OUTBOUND,
            allowTypeImports: true,
          })),
        },
      ],
    },
  },
  {
    files: ["app/routes/**"],
    ignores: ["app/routes/**/*.test.ts"],
    rules: restrict([
      { regex: "^(\\./(?!\\+types/)|~/routes/)", message: "No route imports another route: move shared code into a feature." },
    ]),
  },
);
