/**
 * The shape of the code base in numbers (issue 35, decision 0108-0113): the counts a reviewer took against Epic Stack,
 * Bulletproof React and Documenso, measured the same way every time so a later change can be compared with them.
 * Not a check (lint enforces what can be enforced); a measurement to quote.
 *
 * Run: node scripts/checks/code-shape.ts [--long N]   (N: the function length that counts as long, default 120)
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import ts from "typescript";

const longLimit = Number(process.argv[process.argv.indexOf("--long") + 1]) || 120;

const tracked = execFileSync("git", ["ls-files", "app", "server", "scripts", "db", "tests", "bench"], { encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.(ts|tsx)$/.test(file));
/** Tests and what only tests import (test support beside a feature's tests, and tests/). */
const isTest = (file: string) => /\.test\.tsx?$|test-support/.test(file) || file.startsWith("tests/");
// Not this script: it names the patterns it counts.
const source = tracked.filter((file) => !isTest(file) && file !== "scripts/checks/code-shape.ts");
const text = new Map(tracked.map((file) => [file, readFileSync(file, "utf8")]));
/** Code that runs in the browser too: app/ outside *.server.* modules. */
const browserCode = source.filter((file) => file.startsWith("app/") && !/\.server\.tsx?$/.test(file));

function occurrences(files: string[], pattern: RegExp): { count: number; files: string[] } {
  let count = 0;
  const found: string[] = [];
  for (const file of files) {
    const n = text.get(file)!.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))?.length ?? 0;
    if (n > 0) found.push(file);
    count += n;
  }
  return { count, files: found };
}

function exportedFunctions(file: string): string[] {
  const body = text.get(file);
  if (!body) return [];
  return [...body.matchAll(/^export (?:async )?function (\w+)/gm)].map((m) => m[1]!);
}

/** Every function, arrow function and method longer than `limit` lines, longest first. */
function longFunctions(limit: number): string[] {
  const found: Array<{ lines: number; where: string }> = [];
  for (const file of source) {
    const sourceFile = ts.createSourceFile(
      file,
      text.get(file)!,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
        const start = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line;
        const lines = sourceFile.getLineAndCharacterOfPosition(node.getEnd()).line - start + 1;
        if (lines > limit) found.push({ lines, where: `${file}:${start + 1} ${functionName(node)}` });
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return found.sort((a, b) => b.lines - a.lines).map(({ lines, where }) => `${lines} ${where}`);
}

function functionName(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name) return named.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) return parent.name.getText();
  return "(anonymous)";
}

const ERROR_MODULES = [
  "app/lib/errors.ts",
  "app/lib/error-answer.server.ts",
  "app/lib/http.server.ts",
  "app/lib/form-result.server.ts",
  "app/lib/route-error.ts",
  "app/lib/parse.ts",
];
const routes = source.filter((file) => file.startsWith("app/routes/"));
const rows: Array<[string, string | number]> = [];
const row = (label: string, value: string | number) => rows.push([label, value]);

const errorHelpers = ERROR_MODULES.flatMap((file) => exportedFunctions(file).map((name) => `${file.replace("app/lib/", "")}:${name}`));
row(
  "error and response helpers (exported functions)",
  `${errorHelpers.length} in ${ERROR_MODULES.filter((f) => exportedFunctions(f).length).length} modules`,
);
row("re-exports in http.server.ts", occurrences(["app/lib/http.server.ts"], /^export \{[^}]*\} from/m).count);
const firstIssue = occurrences(source, /issues\[0\]/);
row("'first zod issue' copies (issues[0])", `${firstIssue.count} in ${firstIssue.files.length} files`);
row("routes naming STATUS_BY_CODE", occurrences(routes, /STATUS_BY_CODE/).files.length);
row("routes writing a status number", occurrences(routes, /status:\s*\d{3}/).files.length);
const appCode = source.filter((f) => f.startsWith("app/") && f !== "app/lib/errors.ts");
const notFoundStyles = [
  ["notFound(message)", /\bnotFound\(/],
  ['a hand-made AppError("not_found")', /AppError\("not_found"/],
  ["a 404 status written out", /status:\s*(404|STATUS_BY_CODE\.not_found)/],
  ["a page drawing its own not-found view (pageAnswer)", /pageAnswer\([^;]*"not_found"\)/],
] as const;
const notFoundUsed = notFoundStyles
  .map(([name, pattern]) => [name, occurrences(appCode, pattern).files.length] as const)
  .filter(([, files]) => files > 0);
row("ways a 404 is made (files)", notFoundUsed.map(([name, files]) => `${name}: ${files}`).join("; "));
const routeHelpers = new Set(
  routes.flatMap((file) =>
    [
      ...text
        .get(file)!
        .matchAll(
          /import \{([^}]*)\} from "~\/lib\/(errors|error-answer\.server|http\.server|form-result\.server|route-error|parse)\.ts"/g,
        ),
    ].flatMap((m) =>
      m[1]!
        .split(",")
        .map((name) => name.trim().replace(/^type /, ""))
        .filter((name) => name && !/^[A-Z]/.test(name)),
    ),
  ),
);
row("error and response helpers routes import", `${routeHelpers.size} (${[...routeHelpers].sort().join(", ")})`);
const readers = ["app/lib/http.server.ts", "app/lib/form-parse.ts", "app/lib/parse.ts"].flatMap((file) =>
  exportedFunctions(file).filter((name) => /^(read|parse)/.test(name)),
);
row("body and input readers", `${readers.length} (${readers.join(", ")})`);
const routesWithTry = occurrences(routes, /\btry \{/);
row("routes with try/catch", routesWithTry.files.length);
row("routes importing the schema or drizzle", occurrences(routes, /from "(#db\/schema[^"]*|drizzle-orm)"/).files.length);
const rawFetch = occurrences(browserCode, /(?<![\w.])fetch\(/);
row("raw fetch calls in browser code", `${rawFetch.count} in ${rawFetch.files.length} files`);
row("POST-JSON helpers defined", occurrences(browserCode, /function post\w*Json\b|const post\w*Json\s*=/).count);
const polling = browserCode.filter((f) => /\bset(Timeout|Interval)\(/.test(text.get(f)!) && /\bjobs?\b/i.test(text.get(f)!));
row("job polling loops (browser files with a timer and a job)", `${polling.length} (${polling.join(", ")})`);
const dateFormatters = occurrences(
  source,
  /new Intl\.DateTimeFormat\(|\.toLocale(Date|Time)String\(|toLocaleString\("[^"]*", \{[^}]*(timeZone|dateStyle)/,
);
row("date formatters (Intl.DateTimeFormat, toLocale*String)", `${dateFormatters.count} in ${dateFormatters.files.length} files`);
const dateFunctions = occurrences(
  source.filter((f) => f !== "app/lib/format-date.ts"),
  /function format\w*(Date|Time|Month|Day)\w*\(|const format\w*(Date|Time|Month|Day)\w* = /,
);
row("date-formatting functions outside app/lib/format-date.ts", `${dateFunctions.count} in ${dateFunctions.files.length} files`);
row("month-name arrays", occurrences(source, /\["Jan", "Feb"/).count);
row("test support modules in app/lib", source.filter((f) => /^app\/lib\/.*test/.test(f)).length);
row(
  "db/ files importing app/",
  occurrences(
    tracked.filter((f) => f.startsWith("db/")),
    /from "(~\/|(\.\.\/)+app\/)/,
  ).files.length,
);
row(
  "non-.server app modules importing schema values",
  browserCode.filter((f) => /^import (?!type)[^;]*from "#db\/schema/m.test(text.get(f)!)).length,
);
row("modules setting up pino", occurrences(source, /\bpino\(/).files.length);
const long = longFunctions(longLimit);
row(`functions over ${longLimit} lines`, long.length);

const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
if (long.length) console.log(`\nFunctions over ${longLimit} lines:\n${long.map((l) => `  ${l}`).join("\n")}`);
