// @ts-check
import path from "node:path";
import tseslint from "typescript-eslint";

/**
 * Decision 0046: which feature may import which. Import direction of DESIGN.md: routes -> features -> lib. Every
 * feature may use the base domains (catalog, the listing model; access, the tier rules over it); beyond them, a
 * feature imports only the features listed here. The table is checked for cycles as it loads, so features cannot
 * import each other round in a circle. Tests (*.test.ts, *test-support.ts) may reach across to arrange and observe.
 */
const BASE_DOMAINS = ["catalog", "access"];
const FEATURE_IMPORTS = {
  catalog: [], // the listing model: no other feature
  access: ["catalog"], // the tier rules over the listing model
  accounts: ["introductions", "api-keys", "saved-searches", "follows", "member-data"], // the settings page lists the member's introduction requests, API keys, saved searches and follows, and offers their data and the way out
  applications: ["audit", "duplicates", "media", "verification"], // an approved application becomes a listing, checked for duplicates; the form carries a proof of work
  ai: [], // the AI seam (decision 0065): the provider client, its metering, the profile summary
  audit: [],
  "api-docs": ["ai", "directory", "follows", "matches", "profiles", "saved-searches"], // the list of documented endpoints names their *-api-schema.ts constants
  "api-keys": [],
  "back-office": ["audit", "introductions"], // the dashboard counts introductions by status; the audit log view
  billing: [],
  diagnostics: [],
  digests: ["directory", "saved-searches", "follows"], // the digest e-mails each saved search's new listings and the followed listings' changes
  directory: ["introductions"], // type only: a card's request button names its recipient
  duplicates: ["audit"],
  follows: [], // reads the audit trail's table itself; gates with access
  home: ["applications", "seo"], // the landing pages open the feature and pilot applications; the home page's JSON-LD
  imports: ["audit", "duplicates", "media", "taxonomy"], // an import matches duplicates and maps provider categories
  introductions: ["ai", "audit", "verification"], // a request carries a proof of work; "Generate with AI" asks the AI seam
  "lead-debugger": ["imports"], // runs the import pipeline step by step
  "listing-editor": ["audit", "duplicates"], // a saved listing is checked for duplicates
  matches: ["introductions"], // each suggestion's request-introduction dialog
  media: [],
  members: ["audit", "billing"], // /admin/members (decision 0081): each action is audited; a refund goes through billing's gateway
  "member-data": ["audit", "billing"], // leaving (decision 0077): a deletion ends the plan, and the erasure records what it did to listings
  profiles: ["ai", "introductions", "duplicates", "follows", "matches"], // a profile's request-introduction, report-duplicate, follow and AI summary buttons, its match suggestions
  "reference-editor": ["audit"],
  "saved-searches": ["directory"], // a saved search is a directory state and its matches
  seo: ["directory", "profiles", "media"], // titles, canonical links and the crawler report of directory and profile pages; a stored logo on a social card
  "system-status": ["ai", "billing", "directory", "imports"], // /admin/system reads the index facts and tests the AI, payment and provider clients
  taxonomy: ["audit"],
  verification: [],
};
(function refuseCycles() {
  const visit = (feature, trail) => {
    if (trail.includes(feature)) throw new Error(`eslint.config.js: FEATURE_IMPORTS has a cycle: ${[...trail, feature].join(" -> ")}`);
    const allowed = FEATURE_IMPORTS[feature];
    if (!allowed) throw new Error(`eslint.config.js: FEATURE_IMPORTS names no feature "${feature}"`);
    const below = BASE_DOMAINS.includes(feature) ? [] : BASE_DOMAINS;
    for (const next of new Set([...allowed, ...below])) visit(next, [...trail, feature]);
  };
  for (const feature of Object.keys(FEATURE_IMPORTS)) visit(feature, []);
})();

const APP = path.resolve(import.meta.dirname, "app");
const featureOf = (file) => {
  const rel = path.relative(APP, file).split(path.sep);
  return rel[0] === "features" && rel.length > 2 ? rel[1] : undefined;
};
/** The file an import names, for the aliases of tsconfig.json and relative paths; undefined for packages. */
const target = (specifier, importer) => {
  if (specifier.startsWith("~/")) return path.join(APP, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(importer), specifier);
  return undefined;
};

/** @type {import("eslint").Rule.RuleModule} */
const featureImports = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      const file = target(source.value, context.filename);
      const to = file && featureOf(file);
      if (!to || to === from || (BASE_DOMAINS.includes(to) && !BASE_DOMAINS.includes(from))) return;
      if ((FEATURE_IMPORTS[from] ?? []).includes(to)) return;
      context.report({
        node: source,
        message:
          `Feature "${from}" may not import feature "${to}" (decision 0046). Move what both need into a base domain ` +
          `(catalog, access) or lib, pass it in from the route, or add "${to}" to FEATURE_IMPORTS["${from}"] in ` +
          "eslint.config.js if it truly builds on it.",
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

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
    files: ["app/features/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "**/*test-support.ts"],
    plugins: { introbase: { rules: { "feature-imports": featureImports } } },
    rules: { "introbase/feature-imports": "error" },
  },
  {
    files: ["app/components/**"],
    rules: restrict([
      {
        group: ["~/features/**", "../features/**", "../../features/**"],
        message: "components/ are shared UI: they import no feature. Take what a feature provides as a prop (decision 0046).",
      },
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
  // Decision 0109 (issue 35): a route reaches the database only through a feature function (app/features/*/*.server.ts),
  // so each workflow and its queries live, and are tested, in the feature. This block repeats the route-to-route
  // pattern of the block above, because a later block replaces a rule's options rather than adding to them.
  {
    files: ["app/routes/**"],
    ignores: ["app/routes/**/*.test.ts", "app/routes/**/*.test.tsx"],
    rules: restrict([
      { regex: "^(\\./(?!\\+types/)|~/routes/)", message: "No route imports another route: move shared code into a feature." },
      {
        // A regex: in a gitignore-style group a leading "#" would be a comment.
        regex: "^(drizzle-orm|#db/schema)(/|$)",
        message: "No queries in routes: call a feature function (app/features/<domain>/*.server.ts) that reads or writes the tables.",
      },
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
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-syntax": ["error", ...BODY_READS, NUMERIC_STATUS] },
  },
);
