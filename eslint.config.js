// @ts-check
import tseslint from "typescript-eslint";

/** Import direction of DESIGN.md: routes -> features -> lib; base domains (catalog, access) use no other feature. */
const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });
const BODY =
  "Read a request body with readForm, readBody or readJsonBody (app/lib/http.server.ts): they bound its size and answer 400 for a malformed one.";
/** Decision 0032: an unchecked request.formData() or json() reads any size and throws 500 on a malformed body. */
const BODY_READS = ["formData", "json", "text", "arrayBuffer", "blob"].map((method) => ({
  selector: `CallExpression[callee.object.name='request'][callee.property.name='${method}']`,
  message: BODY,
}));
/** Decision 0044: a route never writes a status number; the code -> status table of app/lib/errors.ts decides. */
const NUMERIC_STATUS = {
  selector: "Property[key.name='status'][value.type='Literal'][value.raw=/^[0-9]/]",
  message:
    "No status numbers in routes: throw an AppError or use a helper that takes a code (errorResponse, badRequest, notFound, created, accepted, seeOther in app/lib/http.server.ts), or STATUS_BY_CODE.",
};
/** Route modules the form pipeline (issue 20 item 5) rewrites; they keep their numbers until it lands. */
const FORM_PIPELINE_ROUTES = [
  "admin.applications.detail.tsx",
  "admin.duplicate-management.tsx",
  "admin.imports.tsx",
  "admin.intros.tsx",
  "admin.listings.edit.tsx",
  "admin.listings.new.tsx",
  "admin.pilot-applications.tsx",
  "admin.reference.list.tsx",
  "admin.tiers.tsx",
  "debug.access-control.tsx",
  "debug.industries-migration.tsx",
  "debug.leads-on-trees.tsx",
  "get-featured.tsx",
  "introductions.respond.tsx",
  "pilot.tsx",
  "verify-email.tsx",
  "api.intro-requests.ts",
  "api.intro-requests.sign-up.ts",
  "api.duplicate-reports.ts",
  "api.billing.choose-plan.ts",
].map((file) => `app/routes/${file}`);
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
    ignores: ["app/routes/**/*.test.ts", "app/routes/**/*.test.tsx"],
    rules: restrict([
      { regex: "^(\\./(?!\\+types/)|~/routes/)", message: "No route imports another route: move shared code into a feature." },
    ]),
  },
  {
    files: ["app/**"],
    ignores: ["app/lib/http.server.ts", "**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...BODY_READS] },
  },
  // Both rules on routes (a later block replaces the rule's list, so it repeats the body reads).
  {
    files: ["app/routes/**"],
    // Until the form pipeline lands: the lead removes FORM_PIPELINE_ROUTES from here on merge.
    ignores: ["**/*.test.ts", "**/*.test.tsx", ...FORM_PIPELINE_ROUTES],
    rules: { "no-restricted-syntax": ["error", ...BODY_READS, NUMERIC_STATUS] },
  },
);
