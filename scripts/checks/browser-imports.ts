/**
 * Decision 0046: the database schema and the database drivers never reach the browser. The client bundle of a
 * page is its route module without `loader`, `action`, `middleware` and `headers` (React Router removes those and
 * what only they use), plus every module that part imports, and theirs, up to `*.server.ts` files (which the
 * bundler refuses to ship). This check follows exactly that: from what each route's client part uses, through the
 * value imports of every module reached (type-only imports are erased), and fails on any import of `db/` or of a
 * server-only package. A shared constant belongs in a module without Drizzle (the lists of values of a column
 * live in `db/values/`); a type is imported with `import type`.
 *
 * Run: node scripts/checks/browser-imports.ts (part of `npm run lint`).
 */
import ts from "typescript";
import { loadModuleGraph, where, type ImportEdge, type SourceModule } from "./module-graph.ts";

/** Exports React Router keeps out of the client build. */
const SERVER_ONLY_ROUTE_EXPORTS = new Set(["loader", "action", "middleware", "headers"]);
const SERVER_ONLY_PACKAGES = ["drizzle-orm", "postgres", "@electric-sql/pglite", "pino", "nodemailer", "better-auth/node"];

/** What may not reach the browser; `db/values/` are plain lists of values, written for sharing. */
function isServerOnly(target: string): boolean {
  if (target.startsWith("db/")) return !target.startsWith("db/values/");
  return SERVER_ONLY_PACKAGES.some((name) => target === name || target.startsWith(`${name}/`));
}

const isRouteModule = (file: string) =>
  file === "app/root.tsx" || (file.startsWith("app/routes/") && !/\.test\.tsx?$/.test(file) && !file.includes("/+types/"));

function exportedServerOnlyName(statement: ts.Statement): boolean {
  const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  if (!exported) return false;
  if (ts.isFunctionDeclaration(statement)) return !!statement.name && SERVER_ONLY_ROUTE_EXPORTS.has(statement.name.text);
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.every((d) => ts.isIdentifier(d.name) && SERVER_ONLY_ROUTE_EXPORTS.has(d.name.text));
  return false;
}

function identifiersIn(node: ts.Node, into: Set<string>): void {
  if (ts.isIdentifier(node)) into.add(node.text);
  ts.forEachChild(node, (child) => identifiersIn(child, into));
}

/** The value imports of a route module that its client part uses (directly or through its own declarations). */
function clientImports(module: SourceModule): ImportEdge[] {
  const declarations = new Map<string, ts.Statement[]>();
  const clientStatements: ts.Statement[] = [];
  for (const statement of module.source.statements) {
    if (ts.isImportDeclaration(statement) || exportedServerOnlyName(statement)) continue;
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) continue;
    const names = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []))
      : (statement as ts.Statement & { name?: ts.Identifier }).name?.text;
    for (const name of [names ?? []].flat()) declarations.set(name, [...(declarations.get(name) ?? []), statement]);
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    // Exported client parts (default, meta, ErrorBoundary, …) and statements run for their effect are the roots.
    if (exported || ts.isExportAssignment(statement) || ts.isExpressionStatement(statement)) clientStatements.push(statement);
  }
  const used = new Set<string>();
  const seen = new Set<ts.Statement>();
  const queue = [...clientStatements];
  while (queue.length) {
    const statement = queue.pop()!;
    if (seen.has(statement)) continue;
    seen.add(statement);
    const names = new Set<string>();
    identifiersIn(statement, names);
    for (const name of names) {
      used.add(name);
      for (const declaration of declarations.get(name) ?? []) queue.push(declaration);
    }
  }
  return module.imports.filter(
    (edge) =>
      !edge.typeOnly &&
      (edge.reExport || (edge.names.includes("*") && edge.locals.size === 0) || [...edge.locals.keys()].some((local) => used.has(local))),
  );
}

export function findBrowserSchemaImports(modules: Map<string, SourceModule>): string[] {
  const reachedBy = new Map<string, string>();
  const queue: string[] = [];
  const problems: string[] = [];
  const trail = (file: string) => {
    const chain = [file];
    for (let at = reachedBy.get(file); at; at = reachedBy.get(at)) chain.unshift(at);
    return chain.join(" -> ");
  };
  const follow = (module: SourceModule, edges: ImportEdge[]) => {
    for (const edge of edges) {
      if (edge.typeOnly) continue;
      if (isServerOnly(edge.to)) {
        problems.push(`${where(module, edge.node)}: ${edge.to} reaches the browser (${trail(module.file)})`);
      } else if (modules.has(edge.to) && !/\.server\.tsx?$/.test(edge.to) && !reachedBy.has(edge.to) && !isRouteModule(edge.to)) {
        reachedBy.set(edge.to, module.file);
        queue.push(edge.to);
      }
    }
  };
  for (const module of modules.values()) if (isRouteModule(module.file)) follow(module, clientImports(module));
  while (queue.length) {
    const module = modules.get(queue.shift()!)!;
    follow(module, module.imports);
  }
  return problems;
}

if (import.meta.main) {
  const problems = findBrowserSchemaImports(loadModuleGraph());
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(
      `\n${problems.length} server-only import(s) reach the browser. Import types with \`import type\`; move a shared ` +
        "constant into a module without Drizzle (db/values/), or the code into a *.server.ts module (decision 0046).",
    );
    process.exit(1);
  }
}
