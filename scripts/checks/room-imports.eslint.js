// @ts-check
/**
 * Decision 0112: the rooms of the repository and the one-way arrows between them, as an ESLint rule (eslint.config.js
 * applies it to every file). A room is a top-level folder:
 *
 *   tests/ (support, fakes, suites) -> server/, scripts/, bench/ -> demo/ -> app/ -> db/
 *
 * - db/ (schema, migrations, value lists, migration checks) imports nothing of app/ or demo/: it is the bottom.
 * - demo/ (the deterministic demo data) builds on app/ and db/; app/ never imports it (the server passes the
 *   generator in: app/lib/prepare-database.server.ts).
 * - tests/ (test support, fakes) is imported only by tests: no file of app/, db/, demo/, server/ or scripts/ that
 *   runs outside a test may import it.
 * - In app/, a value import of the schema (#db/schema) or of drizzle-orm only from a *.server.ts(x) module, which the
 *   bundler refuses to ship to a browser; type imports are erased and allowed. Plain value lists are in db/values/.
 * - One logger setup: pino is called only in app/lib/create-logger.server.ts (and pino-http only by the access log,
 *   server/access-log.ts, on a logger made there), so every logger redacts the same secrets.
 */
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ALIASES = { "~/": "app/", "#db/": "db/", "#demo/": "demo/", "#test-support/": "tests/support/" };

/** Repository-relative path of what an import names, or undefined for a package. */
function target(specifier, importer) {
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length);
  }
  if (!specifier.startsWith(".")) return undefined;
  return path
    .relative(ROOT, path.resolve(path.dirname(importer), specifier))
    .split(path.sep)
    .join("/");
}

/** Code that runs only under a test runner: tests, their support and fixtures, the browser suite. */
const isTestCode = (file) =>
  /\.(test|spec)\.tsx?$/.test(file) || /test-support\.ts$/.test(file) || /\.fixture\.ts$/.test(file) || file.startsWith("tests/");

/** An import that brings only types (erased before the code runs). */
function typeOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  if (node.type === "ImportDeclaration" && node.specifiers.length > 0)
    return node.specifiers.every((s) => s.type === "ImportSpecifier" && s.importKind === "type");
  return false;
}

/** The only files that may import pino's functions (types are free). */
const LOGGER_FACTORIES = { pino: "app/lib/create-logger.server.ts", "pino-http": "server/access-log.ts" };

const SCHEMA_MESSAGE =
  "A value import of the schema or of drizzle-orm belongs in a *.server.ts module (decision 0112): name this module " +
  "*.server.ts if only server code uses it, move the query into one, or take a value list from db/values/. Type imports are fine.";

/** @type {import("eslint").Rule.RuleModule} */
export const roomImports = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join("/");
    const room = file.split("/")[0];
    const test = isTestCode(file);
    const serverModule = /\.server\.tsx?$/.test(file);
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      const to = target(source.value, context.filename);
      const report = (message) => context.report({ node: source, message });
      if (to?.startsWith("tests/") && !test && ["app", "db", "demo", "server", "scripts"].includes(room))
        return report("Test support is for tests only (decision 0112): code that runs outside a test may not import tests/.");
      if (room === "db" && (to?.startsWith("app/") || to?.startsWith("demo/")))
        return report("db/ holds the schema, migrations and value lists and imports nothing of app/ or demo/ (decision 0112).");
      // The rooms above the app run it (server/), drive it (scripts/) or measure it (bench/): nothing below reaches up.
      const above = ["server/", "scripts/", "bench/"].find((room) => to?.startsWith(room));
      if (above && !test && ["app", "db", "demo"].includes(room))
        return report(
          `${room}/ may not import ${above} (decision 0112): the arrows run tests -> server, scripts, bench -> demo -> app -> db.`,
        );
      if (room === "app" && !test && to?.startsWith("demo/"))
        return report(
          "app/ never imports the demo data (decision 0112): demo/ builds on the app. The server passes what it needs in (see prepare-database.server.ts).",
        );
      const factory = LOGGER_FACTORIES[source.value];
      if (factory && file !== factory && !test && !typeOnly(node))
        return report(
          `Make loggers with createLogger (app/lib/create-logger.server.ts, decision 0112): it alone calls ${source.value}, so every logger redacts secrets.`,
        );
      if (room !== "app" || test || serverModule || typeOnly(node)) return;
      const schema = to?.startsWith("db/schema/") || source.value === "drizzle-orm" || source.value.startsWith("drizzle-orm/");
      if (schema) report(SCHEMA_MESSAGE);
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
