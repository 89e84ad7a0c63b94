// @ts-check
import path from "node:path";
import tseslint from "typescript-eslint";
import { oneDateModule } from "./scripts/checks/one-date-module.eslint.js";
import { roomImports } from "./scripts/checks/room-imports.eslint.js";

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
  "api-docs": ["ai", "directory", "follows", "lists", "matches", "profiles", "saved-searches"], // the list of documented endpoints names their *-api-schema.ts constants
  "api-keys": ["teams"], // issue 37 (decision 0121): a key may be a team's, for one of the member's teams
  "back-office": ["audit", "introductions"], // the dashboard counts introductions by status; the audit log view
  billing: [],
  diagnostics: [],
  digests: ["directory", "saved-searches", "follows"], // the digest e-mails each saved search's new listings and the followed listings' changes
  directory: ["introductions"], // type only: a card's request button names its recipient
  duplicates: ["audit"],
  follows: [], // reads the audit trail's table itself; gates with access
  home: ["applications", "seo"], // the landing pages open the feature and pilot applications; the home page's JSON-LD
  imports: ["audit", "duplicates", "media", "taxonomy"], // an import matches duplicates and maps provider categories
  introductions: ["ai", "audit", "listing-owners", "verification"], // a request carries a proof of work; "Generate with AI" asks the AI seam; a claimed listing's requests go to its owners (decision 0116)
  "lead-debugger": ["imports"], // runs the import pipeline step by step
  teams: ["audit", "billing"], // issue 37 (decision 0118): team membership, roles and invitations are audited; seats are bought and counted through billing's team plan (decision 0119)
  lists: ["teams", "access", "catalog", "directory", "saved-searches"], // issue 37: a team's lists are its members'; every value on them passes the directory card's own gate; a saved search's new results go to a list in one click (decision 0121)
  "listing-owners": ["audit"], // issue 36: claims, owners' edits, inbox and insights are audited
  "owner-insights": ["listing-owners", "introductions"], // issue 36: a visitor's buckets come from the listing they keep; the intro outcomes are the funnel's, for one listing
  "listing-editor": ["audit", "duplicates"], // a saved listing is checked for duplicates
  "owner-edits": ["audit", "listing-editor", "listing-owners"], // issue 36 (decision 0115): owners' proposals use the editor's fields and write path, behind the owners' guard
  matches: ["introductions"], // each suggestion's request-introduction dialog
  media: [],
  members: ["audit", "billing"], // /admin/members (decision 0081): each action is audited; a refund goes through billing's gateway
  "member-data": ["audit", "billing"], // leaving (decision 0077): a deletion ends the plan, and the erasure records what it did to listings
  profiles: ["ai", "introductions", "duplicates", "follows", "listing-owners", "lists", "matches"], // a profile's request-introduction, report-duplicate, follow, add-to-list and AI summary buttons, its match suggestions, "Is this your company?"
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

// Issue 35, decision 0113: inside a large feature, each kind of code has its room. `ui/` holds the React components
// and hooks; `server/` the *.server.ts modules (data access, jobs); the pure rules stay at the top; a sub-domain
// with a life of its own (imports/spreadsheet, imports/provider, directory/search-index, duplicates/matching) has
// a folder holding its rules and its server modules, but never UI. The rules and the UI reach a server module
// only for its types (a value import would pull the database into rules or into the browser), and rules never
// import UI. A feature joins the list when it grows past a flat folder.
const ROOMED_FEATURES = ["imports", "directory", "duplicates"];
const roomOf = (file) => {
  const rel = path.relative(APP, file).split(path.sep);
  if (rel[0] !== "features" || !ROOMED_FEATURES.includes(rel[1]) || rel.length < 3) return undefined;
  const name = rel.at(-1);
  const kind = name.endsWith(".tsx") || name.startsWith("use-") ? "ui" : /\.server\.tsx?$/.test(name) ? "server" : "rules";
  return { kind, folder: rel.length > 3 ? rel[2] : "" };
};
/** @type {import("eslint").Rule.RuleModule} */
const featureRooms = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const here = roomOf(context.filename);
    if (!here) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      if (node.importKind === "type" || node.exportKind === "type") return;
      if (node.specifiers?.length && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type")) return;
      const file = target(source.value, context.filename);
      const there = file && featureOf(file) === featureOf(context.filename) ? roomOf(file) : undefined;
      if (!there) return;
      if (there.kind === "server" && here.kind !== "server")
        context.report({
          node: source,
          message: `${here.kind === "ui" ? "UI" : "A rule"} imports a server module only for its types (import type): the value would bring the database along (decision 0113).`,
        });
      else if (there.kind === "ui" && here.kind === "rules")
        context.report({ node: source, message: "Rules never import UI: move what both need into a rule module (decision 0113)." });
    };
    return {
      Program(node) {
        const misplaced =
          here.kind === "ui" ? here.folder !== "ui" : here.folder === "ui" ? true : here.kind === "server" && here.folder === "";
        if (misplaced)
          context.report({
            node,
            message:
              "In imports, directory and duplicates: components and hooks go in ui/, *.server.ts in server/ (or a sub-domain's folder), pure rules at the top or in a sub-domain's folder (decision 0113).",
          });
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
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
    "No status numbers in routes: throw an AppError (or notFound, or parse's 400), or use a named answer (created, accepted, seeOther, notModified in app/lib/http.server.ts; formRefused, pageAnswer in app/lib/form-result.server.ts).",
};
/** Decision 0108: what the one way to fail refuses in routes (the block at the end of this file). */
const NO_HAND_STATUS =
  "Routes pick no status (no STATUS_BY_CODE, no status in a Response or data()): throw an AppError (notFound, parse from app/lib/parse.ts) or use a named answer (created, accepted, seeOther in http.server.ts; formRefused, pageAnswer in form-result.server.ts).";
const ONE_WAY_TO_FAIL = [
  { selector: "ImportSpecifier[imported.name='STATUS_BY_CODE']", message: NO_HAND_STATUS },
  ...[
    "NewExpression[callee.name='Response']",
    "CallExpression[callee.object.name='Response'][callee.property.name='json']",
    "CallExpression[callee.name='data']",
  ].map((call) => ({ selector: `${call} > ObjectExpression > Property[key.name='status']`, message: NO_HAND_STATUS })),
  {
    selector: "ImportSpecifier[imported.name=/^(errorResponse|jsonError|describeError|badRequest|zodBadRequest|jsonErrorResponse)$/]",
    message:
      "errorResponse, jsonError, describeError, badRequest are not for routes: a route fails by throwing: an AppError (or notFound, or parse's 400) becomes the answer in the error pipeline.",
  },
];
const OUTBOUND = "Server-side HTTP goes through outboundFetch (app/lib/outbound-fetch.server.ts): it refuses private addresses.";
const BROWSER_FETCH =
  "Browser code calls this site's endpoints through getJson/postJson (app/lib/api-client.ts), and follows jobs with useJobProgress.";

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
  // Decision 0113: the rooms inside the large features (tests sit beside their module and are not checked).
  {
    files: ROOMED_FEATURES.map((feature) => `app/features/${feature}/**`),
    ignores: ["**/*.test.ts", "**/*.test.tsx", "**/*test-support.ts"],
    plugins: { structure: { rules: { "feature-rooms": featureRooms } } },
    rules: { "structure/feature-rooms": "error" },
  },
  // Issue 35: a function a reader has to scroll through is split where a reader would name the parts. 120 lines, the
  // bar the issue measured by (node scripts/checks/code-shape.ts counts the same way); tests' describe blocks aside.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts", "db/**/*.ts", "demo/**/*.ts", "bench/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "max-lines-per-function": ["error", { max: 120 }] },
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
  // Issue 35, decision 0110: browser code calls this site's endpoints only through app/lib/api-client.ts (one error
  // shape, network failure as its own answer). Server modules are covered by the outbound rule above.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/api-client.ts", "app/**/*.server.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-globals": ["error", { name: "fetch", message: BROWSER_FETCH }],
      "no-restricted-properties": [
        "error",
        ...["globalThis", "window", "self"].map((object) => ({ object, property: "fetch", message: BROWSER_FETCH })),
      ],
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
  // Rooms (issue 35, decision 0112): db/ imports nothing of app/ or demo/, app/ never imports demo/, only tests
  // import tests/, and a value import of the schema or drizzle-orm in app/ is in a *.server.ts(x) module
  // (scripts/checks/room-imports.eslint.js). A rule of its own, so it stacks with the no-restricted-imports blocks.
  {
    files: ["**/*.ts", "**/*.tsx"],
    plugins: { rooms: { rules: { "room-imports": roomImports } } },
    rules: { "rooms/room-imports": "error" },
  },
  // Decision 0108, one way for a route to fail: a route throws an AppError (notFound, parse's 400) or uses a named
  // answer (created, seeOther, formRefused, pageAnswer...); it never picks a status itself, from the table or by
  // computing one, and never builds an error answer by hand. With the body reads and numeric statuses of the blocks
  // above, since a later block replaces a rule's list.
  {
    files: ["app/routes/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-syntax": ["error", ...BODY_READS, NUMERIC_STATUS, ...ONE_WAY_TO_FAIL] },
  },
  // Decision 0111 (issue 35): one date module. Dates and times for people are printed by app/lib/format-date.ts
  // only (one format per kind of date, by hand in UTC so server and browser agree); anywhere else, Intl's and
  // toLocale*'s date formats, toUTCString, the "2026-11-28T17:01" -> "2026-11-28 17:01" slice-and-replace and a
  // copied array of month names are errors. toLocaleString stays allowed for numbers; with date options it is not.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["app/lib/format-date.ts", "**/*.test.ts", "**/*.test.tsx"],
    plugins: { "introbase-dates": { rules: { "one-date-module": oneDateModule } } },
    rules: { "introbase-dates/one-date-module": "error" },
  },
);
